"""Guatavita state: plain data with a hand-written clone and JSON form.

The records that the rules keep in lists are named (``Exploration``, ``Slot``, ``Queued``, ``Decision``) and
immutable: an update replaces the record (``st.boxes[box][i] = slot._replace(workers=0)``), so a clone copies the
lists and shares the records. Their JSON form is the plain list of their fields, as it always was.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any, NamedTuple

from tawa.core.errors import BadState
from tawa.core.load import Doc, check_int, check_list, check_str
from tawa.core.params import Params
from tawa.games.guatavita.data import (
    ACTIONS,
    BALSA_QUEUE,
    BOXES,
    DECLARATIONS,
    END_TRIGGERS,
    HARVEST_SIZES,
    LAST_PHASE,
    MACHINES_PER_COLOUR,
    WORKERS_PER_COLOUR,
    Tables,
)


class Phase(IntEnum):
    """Where the round machine stands (GV-050, GV-100, GV-290..GV-300); saved as its lower-case name."""

    BALSA_SETUP = 0  # GV-772, GV-773: balsas are put on the lake
    START = 1  # GV-100..GV-112: start-of-planning obligations
    PLAN = 2  # GV-070..GV-273: planning turns
    LAKE = 3  # GV-291, GV-292: lake tiles, then the famine
    BALSA = 4  # GV-293, GV-777: activated balsas
    BOXES = 5  # GV-294..GV-299: action boxes, then the end-of-round check (GV-300)
    OVER = 6

    @property
    def key(self) -> str:
        return self.name.lower()


STAGE_BY_KEY: dict[str, Phase] = {s.key: s for s in Phase}


class BalsaStep(IntEnum):
    """``GuatavitaState.sub``: where the balsa at the cursor stands in its resolution (GV-778, GV-785); MOVING in
    every other stage."""

    MOVING = 0
    AFTER_MOVE = 1


class Ask(StrEnum):
    """The decision a seat is asked (spec section 6, in the order the decisions arise)."""

    BALSA_START = "balsa_start"  # 1: the balsa's start tile
    HE_RETURN = "he_return"  # 2a: which head explorer comes back to camp
    PAY = "pay"  # 2b: gold or emeralds for 2 workers
    PLAN = "plan"  # 3: one placement, or pass
    DECLARE = "declare"  # 4a: the saboteur's declaration
    JOIN = "join"  # 4b: joined paths, keep every HE or send one to camp
    BALSA_MOVE = "balsa_move"  # 4c: one more balsa step, or stop
    PUSH = "push"  # 4c: where a pushed balsa goes (its owner decides)
    BALSA_ACT = "balsa_act"  # 4c: inspect, protect or nothing
    EXCHANGE = "exchange"  # 4d: the Pioneer exchange


ASKS_WITH_POS = (Ask.DECLARE, Ask.JOIN, Ask.PUSH)


class Decision(NamedTuple):
    """The pending decision: what is asked of which seat, about which position (the declaring saboteur's tile,
    the tile whose paths joined, the pushed balsa's tile) and, for a push, the seat whose balsa moves in."""

    ask: Ask
    seat: int
    pos: int = -1
    mover: int = -1

    def to_list(self) -> list[Any]:
        out: list[Any] = [self.ask.value, self.seat]
        if self.ask in ASKS_WITH_POS:
            out.append(self.pos)
        if self.ask is Ask.PUSH:
            out.append(self.mover)
        return out


class Exploration(NamedTuple):
    """A pending exploration (GV-170..GV-252), in placement order. ``source`` -1 is the pump; ``saboteur`` -1 is
    none; ``declared`` is "" until the saboteur declares, "none" for a void sabotage (GV-421). Once the tile has
    resolved its workers, machines and insurance are 0 (they went back or were lost)."""

    pos: int
    owner: int
    workers: int
    machines: int
    insured: int
    source: int
    saboteur: int = -1
    declared: str = ""


class Slot(NamedTuple):
    """One filled action-box slot (GV-073), in placement order: its pieces (0 once they went back to camp or onto
    the pump), the target position of a sabotage or re-exploration (-1 otherwise) and the placement number that
    orders the resolution of a box (GV-296)."""

    seat: int
    workers: int
    machines: int
    target: int
    seq: int


class Queued(NamedTuple):
    """One entry of the execution queue: a box slot (``box``, the slot's index) or an activated balsa
    (``"balsa"``, its seat)."""

    box: str
    item: int  # the slot's index in its box, or the balsa's seat


PLAYER_FIELDS = (
    "colour",
    "spot",
    "gold",
    "food",
    "emeralds",
    "vp",
    "camp_workers",
    "camp_machines",
    "camp_pipes",
    "sup_workers",
    "sup_machines",
    "sup_pipes",
    "camp_level",
    "pump_level",
    "pump_worker",
    "loan",
    "passed",
    "gold_duty",
    "placed",
    "balsa_pos",
    "balsa_alive",
    "balsa_protected",
    "balsa_workers",
)


class Player:
    """One expedition. ``uses`` counts uses of each action (data.ACTIONS) this planning phase;
    ``inspected`` lists positions whose drained side this player has seen through La Balsa (GV-832)."""

    __slots__ = (*PLAYER_FIELDS, "inspected", "uses")

    def __init__(self) -> None:
        self.colour = ""
        self.spot = ""
        self.gold = self.food = self.emeralds = self.vp = 0
        self.camp_workers = self.camp_machines = self.camp_pipes = 0
        self.sup_workers = self.sup_machines = self.sup_pipes = 0
        self.camp_level = 3
        self.pump_level = 1
        self.pump_worker = 0
        self.loan = 0
        self.passed = False
        self.gold_duty = False
        self.placed = False
        self.balsa_pos = -1
        self.balsa_alive = False
        self.balsa_protected = False
        self.balsa_workers = 0
        self.uses: list[int] = []
        self.inspected: list[int] = []

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.colour, p.spot, p.gold = self.colour, self.spot, self.gold
        p.food, p.emeralds, p.vp = self.food, self.emeralds, self.vp
        p.camp_workers, p.camp_machines, p.camp_pipes = self.camp_workers, self.camp_machines, self.camp_pipes
        p.sup_workers, p.sup_machines, p.sup_pipes = self.sup_workers, self.sup_machines, self.sup_pipes
        p.camp_level, p.pump_level, p.pump_worker = self.camp_level, self.pump_level, self.pump_worker
        p.loan, p.passed, p.gold_duty = self.loan, self.passed, self.gold_duty
        p.placed, p.balsa_pos, p.balsa_alive = self.placed, self.balsa_pos, self.balsa_alive
        p.balsa_protected, p.balsa_workers = self.balsa_protected, self.balsa_workers
        p.uses = self.uses.copy()
        p.inspected = self.inspected.copy()
        return p

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {f: getattr(self, f) for f in PLAYER_FIELDS}
        d["uses"] = list(self.uses)
        d["inspected"] = list(self.inspected)
        return d


class GuatavitaState:
    """Whole game state.

    Lake: ``tile_at[pos]`` (index into the tiles; hidden while undrained), ``unused_centre`` (the centre tiles
    not drawn, GV-018), ``drained[pos]``, ``pipes[pos][seat]``, ``he[pos]`` (seat of the head explorer there, or
    -1). ``explorations``: pending explorations in placement order. ``boxes[name]``: filled slots in order.
    The round machine: ``stage``; ``idx`` its cursor (player in turn order, exploration, queue entry); ``sub``
    the step inside a balsa's resolution (``BalsaStep``); ``turn`` the planning turn (an index into
    ``order``); ``seq`` the placement counter (GV-296); ``order`` the turn order of the round (GV-053);
    ``queue`` the execution queue of the balsa and box stages; ``decision`` the pending decision (None once
    the game is over).
    """

    __slots__ = (
        "balsa_steps",
        "boxes",
        "capped",
        "decision",
        "drained",
        "end_triggers",
        "explorations",
        "famine_due",
        "harvest_bonus_given",
        "he",
        "idx",
        "order",
        "pioneer",
        "pipes",
        "players",
        "queue",
        "round",
        "seq",
        "stage",
        "sub",
        "supply",
        "tile_at",
        "turn",
        "unused_centre",
    )

    def __init__(self, players: int, npos: int) -> None:
        self.players: list[Player] = [Player() for _ in range(players)]
        self.tile_at: list[int] = [0] * npos
        self.unused_centre: list[int] = []
        self.drained: list[bool] = [False] * npos
        self.pipes: list[list[int]] = [[0] * players for _ in range(npos)]
        self.he: list[int] = [-1] * npos
        self.explorations: list[Exploration] = []
        self.boxes: dict[str, list[Slot]] = {}
        self.supply = 0
        self.pioneer = 0
        self.round = 1
        self.stage = Phase.PLAN
        self.idx = 0
        self.sub = BalsaStep.MOVING
        self.turn = 0
        self.seq = 0
        self.order: list[int] = []
        self.queue: list[Queued] = []
        self.decision: Decision | None = None
        self.famine_due = False
        self.end_triggers: list[str] = []
        self.capped = False
        self.balsa_steps = 0
        self.harvest_bonus_given = False

    def clone(self) -> GuatavitaState:
        s = GuatavitaState.__new__(GuatavitaState)
        s.players = [p.clone() for p in self.players]
        s.tile_at = self.tile_at.copy()
        s.unused_centre = self.unused_centre.copy()
        s.drained = self.drained.copy()
        s.pipes = [row.copy() for row in self.pipes]
        s.he = self.he.copy()
        s.explorations = self.explorations.copy()
        s.boxes = {k: v.copy() for k, v in self.boxes.items()}
        s.supply = self.supply
        s.pioneer = self.pioneer
        s.round = self.round
        s.stage = self.stage
        s.idx = self.idx
        s.sub = self.sub
        s.turn = self.turn
        s.seq = self.seq
        s.order = self.order.copy()
        s.queue = self.queue.copy()
        s.decision = self.decision
        s.famine_due = self.famine_due
        s.end_triggers = self.end_triggers.copy()
        s.capped = self.capped
        s.balsa_steps = self.balsa_steps
        s.harvest_bonus_given = self.harvest_bonus_given
        return s

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "tile_at": list(self.tile_at),
            "unused_centre": list(self.unused_centre),
            "drained": list(self.drained),
            "pipes": [list(r) for r in self.pipes],
            "he": list(self.he),
            "explorations": [list(e) for e in self.explorations],
            "boxes": {k: [list(e) for e in v] for k, v in self.boxes.items()},
            "supply": self.supply,
            "pioneer": self.pioneer,
            "round": self.round,
            "stage": self.stage.key,
            "idx": self.idx,
            "sub": int(self.sub),
            "turn": self.turn,
            "seq": self.seq,
            "order": list(self.order),
            "queue": [list(q) for q in self.queue],
            "decision": None if self.decision is None else self.decision.to_list(),
            "famine_due": self.famine_due,
            "end_triggers": list(self.end_triggers),
            "capped": self.capped,
            "balsa_steps": self.balsa_steps,
            "harvest_bonus_given": self.harvest_bonus_given,
        }


# =========================================================================== loading a saved state
def from_dict(data: object, tb: Tables, params: Params, players: int) -> GuatavitaState:
    """Rebuild a state from ``GuatavitaState.to_dict()``, every field checked against its component (positions, tiles,
    seats, piece counts, slot counts, tracks) and the round machine's cursors against the stage they belong to,
    so that a bad document raises ``BadState`` naming the field. The component totals are checked after this by
    ``check_invariants``."""
    doc = Doc(data, "state")
    npos, seats = tb.npos, players - 1
    st = GuatavitaState.__new__(GuatavitaState)
    st.players = [_player(p, tb, params, players) for p in doc.docs("players", length=players)]
    for key in ("colour", "spot"):
        values = [getattr(p, key) for p in st.players]
        doc.check(len(set(values)) == players, "players", f"two seats have the same {key}")
    st.tile_at = doc.integers("tile_at", length=npos, low=0, high=len(tb.tiles) - 1)
    st.unused_centre = doc.integers("unused_centre", length=_centre_tiles(tb) - 1, low=0, high=len(tb.tiles) - 1)
    doc.check(
        sorted(st.tile_at + st.unused_centre) == list(range(len(tb.tiles))),
        "tile_at",
        "the lake and the unused centre tiles must hold every tile once",
    )
    for pos, t in enumerate(st.tile_at):
        doc.check(
            tb.tiles[t].phase == tb.phase_of_pos[pos],
            "tile_at",
            f"{tb.names[pos]} holds {tb.tiles[t].id}, a tile of another phase (GV-013..GV-017)",
        )
    st.drained = _flags(doc, "drained", npos)
    for s, p in enumerate(st.players):
        doc.check(
            not any(st.drained[x] for x in p.inspected),
            "players",
            f"seat {s} inspected a drained tile (an inspection ends when the tile drains)",
        )
    st.pipes = doc.integer_rows("pipes", rows=npos, length=players, low=0, high=params.PIPES_PER_COLOUR)
    st.he = doc.integers("he", length=npos, low=-1, high=seats)
    st.explorations = [
        _exploration(e, f"state.explorations[{i}]", tb, params, players)
        for i, e in enumerate(doc.items("explorations", most=npos))
    ]
    doc.check(
        len({e.pos for e in st.explorations}) == len(st.explorations),
        "explorations",
        "two explorations of one tile (GV-171)",
    )
    boxes = doc.doc("boxes")
    doc.check(set(boxes.data) == set(params.SLOTS), "boxes", f"expected the boxes {', '.join(params.SLOTS)}")
    st.boxes = {
        k: [
            _slot(e, f"{boxes.field(k)}[{i}]", k, tb, players)
            for i, e in enumerate(boxes.items(k, most=params.SLOTS[k]))
        ]
        for k in params.SLOTS
    }
    st.supply = doc.integer("supply", 0, params.EMERALD_SUPPLY)
    st.pioneer = doc.integer("pioneer", 0, seats)
    st.round = doc.integer("round", 1, params.MAX_ROUNDS)
    st.stage = STAGE_BY_KEY[doc.text("stage", STAGE_BY_KEY)]
    doc.check(st.stage != Phase.BALSA_SETUP or bool(params.balsa), "stage", "La Balsa is not in play")
    st.idx = doc.integer("idx", 0, max(npos, 2 * len(BOXES) * MAX_SLOTS))
    st.sub = BalsaStep(doc.integer("sub", 0, len(BalsaStep) - 1))
    st.turn = doc.integer("turn", 0, seats)
    st.seq = doc.integer("seq", 0)
    st.order = doc.integers("order", length=players, low=0, high=seats)
    doc.check(sorted(st.order) == list(range(players)), "order", "the turn order must name every seat once")
    st.queue = [_queued(q, f"state.queue[{i}]", st) for i, q in enumerate(doc.items("queue", most=MAX_QUEUE))]
    st.decision = _decision(doc, tb, players)
    st.famine_due = doc.flag("famine_due")
    st.end_triggers = doc.texts("end_triggers", choices=END_TRIGGERS, most=len(END_TRIGGERS))
    doc.check(len(set(st.end_triggers)) == len(st.end_triggers), "end_triggers", "a trigger is named twice")
    st.capped = doc.flag("capped")
    st.balsa_steps = doc.integer("balsa_steps", 0, params.BALSA_MAX_STEPS)
    st.harvest_bonus_given = doc.flag("harvest_bonus_given")
    _check_machine(doc, st, tb, params)
    return st


MAX_SLOTS = 99  # the bound of the SLOTS Param
MAX_QUEUE = len(BOXES) * MAX_SLOTS


def _centre_tiles(tb: Tables) -> int:
    return sum(1 for t in tb.tiles if t.phase == LAST_PHASE)


def _flags(doc: Doc, key: str, length: int) -> list[bool]:
    values = doc.items(key, length=length)
    for i, v in enumerate(values):
        doc.check(isinstance(v, bool), key, f"item {i}: expected true or false")
    return values


def _player(doc: Doc, tb: Tables, params: Params, players: int) -> Player:
    """One seat, each count within its component (GV-029), each track within its range."""
    p = Player.__new__(Player)
    p.colour = doc.text("colour", params.COLOURS)
    p.spot = doc.text("spot", tb.spots_by_count[players])
    p.gold = doc.integer("gold", 0, params.GOLD_CAP)
    p.food = doc.integer("food", 0, params.FOOD_CAP)
    p.emeralds = doc.integer("emeralds", 0, params.EMERALD_SUPPLY)
    p.vp = doc.integer("vp")
    p.camp_workers = doc.integer("camp_workers", 0, params.WORKERS_PER_COLOUR)
    p.camp_machines = doc.integer("camp_machines", 0, params.MACHINES_PER_COLOUR)
    p.camp_pipes = doc.integer("camp_pipes", 0, params.PIPES_PER_COLOUR)
    p.sup_workers = doc.integer("sup_workers", 0, params.WORKERS_PER_COLOUR)
    p.sup_machines = doc.integer("sup_machines", 0, params.MACHINES_PER_COLOUR)
    p.sup_pipes = doc.integer("sup_pipes", 0, params.PIPES_PER_COLOUR)
    p.camp_level = doc.integer("camp_level", params.CAMP_LEVEL_MIN, params.CAMP_LEVEL_MAX)
    p.pump_level = doc.integer("pump_level", 1, 2)
    p.pump_worker = doc.integer("pump_worker", 0, 1)
    p.loan = doc.integer("loan", 0, params.LOAN_END)
    p.passed, p.gold_duty, p.placed = doc.flag("passed"), doc.flag("gold_duty"), doc.flag("placed")
    p.balsa_pos = doc.integer("balsa_pos", -1, tb.npos - 1)
    p.balsa_alive, p.balsa_protected = doc.flag("balsa_alive"), doc.flag("balsa_protected")
    p.balsa_workers = doc.integer("balsa_workers", 0, params.BALSA_WORKERS)
    doc.check(p.balsa_alive == (p.balsa_pos >= 0), "balsa_pos", "a balsa on the lake is alive, and only then")
    doc.check(
        p.balsa_alive or not (p.balsa_protected or p.balsa_workers),
        "balsa_alive",
        "a balsa off the lake is neither protected nor activated",
    )
    doc.check(bool(params.balsa) or not p.balsa_alive, "balsa_alive", "La Balsa is not in play")
    p.uses = doc.integers("uses", length=len(ACTIONS), low=0, high=params.MAX_SAME_ACTION)
    p.inspected = doc.integers("inspected", low=0, high=tb.npos - 1, most=tb.npos)
    doc.check(
        len(set(p.inspected)) == len(p.inspected) and tb.centre not in p.inspected,
        "inspected",
        "each tile once, never the centre (GV-787)",
    )
    return p


def _exploration(value: object, path: str, tb: Tables, params: Params, players: int) -> Exploration:
    items = check_list(value, path, length=len(Exploration._fields))
    pos = check_int(items[0], path + ".pos", 0, tb.npos - 1)
    owner = check_int(items[1], path + ".owner", 0, players - 1)
    workers = check_int(items[2], path + ".workers", 0, params.WORKERS_PER_COLOUR)
    machines = check_int(items[3], path + ".machines", 0, params.MACHINES_PER_COLOUR)
    insured = check_int(items[4], path + ".insured", 0, machines)
    source = check_int(items[5], path + ".source", -1, tb.npos - 1)
    saboteur = check_int(items[6], path + ".saboteur", -1, players - 1)
    declared = check_str(items[7], path + ".declared", ("", "none", *DECLARATIONS))
    if saboteur == owner:
        raise BadState("a player never sabotages their own exploration (GV-250)", path + ".saboteur")
    return Exploration(pos, owner, workers, machines, insured, source, saboteur, declared)


def _slot(value: object, path: str, box: str, tb: Tables, players: int) -> Slot:
    items = check_list(value, path, length=len(Slot._fields))
    most = max(HARVEST_SIZES) if box == "harvest" else WORKERS_PER_COLOUR  # GV-136: 1 or 2 workers
    return Slot(
        check_int(items[0], path + ".seat", 0, players - 1),
        check_int(items[1], path + ".workers", 0, most),
        check_int(items[2], path + ".machines", 0, MACHINES_PER_COLOUR),
        check_int(items[3], path + ".target", -1, tb.npos - 1),
        check_int(items[4], path + ".seq", 0),
    )


def _queued(value: object, path: str, st: GuatavitaState) -> Queued:
    items = check_list(value, path, length=len(Queued._fields))
    box = check_str(items[0], path + ".box", (BALSA_QUEUE, *st.boxes))
    if box == BALSA_QUEUE:
        item = check_int(items[1], path + ".item", 0, len(st.players) - 1)
        if not st.players[item].balsa_alive:
            raise BadState("only a balsa on the lake resolves", path)
    else:
        item = check_int(items[1], path + ".item", 0, len(st.boxes[box]) - 1)
    return Queued(box, item)


def _decision(doc: Doc, tb: Tables, players: int) -> Decision | None:
    items = doc.items("decision") if doc.raw("decision") is not None else None
    if items is None:
        return None
    path = doc.field("decision")
    if not items:
        raise BadState("expected the decision's kind and seat", path)
    ask = Ask(check_str(items[0], path + "[0]", [a.value for a in Ask]))
    length = 2 + (ask in ASKS_WITH_POS) + (ask is Ask.PUSH)
    check_list(items, path, length=length)
    seat = check_int(items[1], path + "[1]", 0, players - 1)
    pos = check_int(items[2], path + "[2]", 0, tb.npos - 1) if length > 2 else -1
    mover = check_int(items[3], path + "[3]", 0, players - 1) if length > 3 else -1
    return Decision(ask, seat, pos, mover)


# the decisions each stage asks, and where its cursor points
STAGE_ASKS: dict[Phase, tuple[Ask, ...]] = {
    Phase.BALSA_SETUP: (Ask.BALSA_START,),
    Phase.START: (Ask.HE_RETURN, Ask.PAY),
    Phase.PLAN: (Ask.PLAN,),
    Phase.LAKE: (Ask.DECLARE, Ask.JOIN),
    Phase.BALSA: (Ask.BALSA_MOVE, Ask.PUSH, Ask.BALSA_ACT),
    Phase.BOXES: (Ask.EXCHANGE,),
    Phase.OVER: (),
}


def _check_machine(doc: Doc, st: GuatavitaState, tb: Tables, params: Params) -> None:
    """The round machine's cursors agree with its stage and its pending decision."""
    d, stage = st.decision, st.stage
    doc.check((d is None) == (stage == Phase.OVER), "decision", "a decision is pending exactly until the game is over")
    if d is None:
        return
    doc.check(
        d.ask in STAGE_ASKS[stage], "decision", f"a {d.ask.value} decision does not belong to the {stage.key} stage"
    )
    if stage in (Phase.BALSA_SETUP, Phase.START):
        doc.check(st.idx < len(st.order) and st.order[st.idx] == d.seat, "idx", "the seat asked is the one in turn")
        doc.check(not st.explorations, "explorations", "no exploration before the planning turns")
    elif stage == Phase.PLAN:
        doc.check(
            st.order[st.turn] == d.seat and not st.players[d.seat].passed,
            "turn",
            "the seat asked is the planning turn's, and it has not passed",
        )
        doc.check(
            all(not st.drained[e.pos] and e.declared == "" for e in st.explorations),
            "explorations",
            "pending explorations are of undrained tiles, not resolved yet",
        )
    elif stage == Phase.LAKE:
        doc.check(st.idx < len(st.explorations), "idx", "the lake cursor points at an exploration")
        rec = st.explorations[st.idx]
        asked = rec.saboteur if d.ask == Ask.DECLARE else rec.owner
        doc.check(asked == d.seat and d.pos == rec.pos, "decision", "the decision is about the tile at the cursor")
        doc.check(
            st.drained[rec.pos] == (d.ask == Ask.JOIN),
            "drained",
            "the tile at the cursor is drained only once its saboteur has declared",
        )
        for i, e in enumerate(st.explorations):
            doc.check(
                st.drained[e.pos] == (i < st.idx or (i == st.idx and d.ask == Ask.JOIN)),
                "explorations",
                "the tiles before the cursor are resolved, the others not",
            )
    else:
        doc.check(all(st.drained[e.pos] for e in st.explorations), "explorations", "every lake tile has resolved")
        doc.check(st.idx < len(st.queue), "idx", "the cursor points at an entry of the queue")
        entry = st.queue[st.idx]
        if stage == Phase.BALSA:
            doc.check(all(q.box == BALSA_QUEUE for q in st.queue), "queue", "the balsa stage queues balsas")
            mover = d.mover if d.ask == Ask.PUSH else d.seat
            doc.check(entry.item == mover, "decision", "the balsa asked is the one at the cursor")
            doc.check(
                st.sub == (BalsaStep.AFTER_MOVE if d.ask == Ask.BALSA_ACT else BalsaStep.MOVING),
                "sub",
                "a balsa acts after its move",
            )
            if d.ask == Ask.PUSH:
                pushed = st.players[d.seat]
                doc.check(
                    pushed.balsa_alive and pushed.balsa_pos == d.pos and d.seat != d.mover,
                    "decision",
                    "the pushed balsa stands on the tile the mover enters",
                )
        else:
            doc.check(all(q.box != BALSA_QUEUE for q in st.queue), "queue", "the box stage queues box slots")
            doc.check(
                entry.box == "pioneer" and st.boxes["pioneer"][entry.item].seat == d.seat,
                "decision",
                "the exchange is asked of the Pioneer slot at the cursor",
            )
