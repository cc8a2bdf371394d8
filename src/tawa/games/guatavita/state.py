"""Guatavita state: plain data with a hand-written clone and JSON form."""
from __future__ import annotations

from typing import Any

from tawa.games.guatavita.data import NPOS

# stages of the round machine
BALSA_SETUP = "balsa_setup"
START = "start"
PLAN = "plan"
LAKE = "lake"
BALSA = "balsa"
BOXES = "boxes"
OVER = "over"

_PLAYER_FIELDS = (
    "colour", "spot", "gold", "food", "emeralds", "vp", "camp_workers", "camp_machines", "camp_pipes",
    "sup_workers", "sup_machines", "sup_pipes", "camp_level", "pump_level", "pump_worker", "loan", "passed",
    "gold_duty", "placed", "balsa_pos", "balsa_alive", "balsa_protected", "balsa_workers",
)


class Player:
    """One expedition. ``uses`` counts uses of each action (data.ACTIONS) this planning phase;
    ``inspected`` lists positions whose drained side this player has seen through La Balsa (GV-832)."""

    __slots__ = (*_PLAYER_FIELDS, "uses", "inspected")

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
        d: dict[str, Any] = {f: getattr(self, f) for f in _PLAYER_FIELDS}
        d["uses"] = list(self.uses)
        d["inspected"] = list(self.inspected)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Player:
        p = Player()
        for f in _PLAYER_FIELDS:
            setattr(p, f, d[f])
        p.uses = list(d["uses"])
        p.inspected = list(d["inspected"])
        return p


class State:
    """Whole game state.

    Lake: ``tile_at[pos]`` (index into data.TILES; hidden while undrained), ``drained[pos]``,
    ``pipes[pos][seat]``, ``he[pos]`` (seat of the head explorer there, or -1).
    ``explorations``: pending explorations in placement order, each
    ``[pos, owner, workers, machines, insured, source, saboteur, declared]`` (source -1 = pump,
    saboteur -1 = none, declared "" until the saboteur declares).
    ``boxes[name]``: filled slots in order, each ``[seat, workers, machines, arg, seq]`` (arg: target
    position for sabotage / re-exploration, -1 otherwise).
    """

    __slots__ = (
        "balsa_steps", "boxes", "capped", "decision", "drained", "end_triggers", "explorations", "famine_due",
        "harvest_bonus_given", "he", "idx", "order", "pioneer", "pipes", "players", "queue", "round", "seq",
        "stage", "sub", "supply", "tile_at", "turn", "unused_centre",
    )

    def __init__(self) -> None:
        self.players: list[Player] = []
        self.tile_at: list[int] = [0] * NPOS
        self.unused_centre: list[int] = []
        self.drained: list[bool] = [False] * NPOS
        self.pipes: list[list[int]] = []
        self.he: list[int] = [-1] * NPOS
        self.explorations: list[list[Any]] = []
        self.boxes: dict[str, list[list[int]]] = {}
        self.supply = 0
        self.pioneer = 0
        self.round = 1
        self.stage = PLAN
        self.idx = 0          # cursor inside the stage (player in turn order, exploration, balsa, box queue)
        self.sub = 0          # sub-step inside the cursor item
        self.turn = 0         # planning: index into ``order`` of the player to act
        self.seq = 0          # placement counter (GV-296)
        self.order: list[int] = []   # turn order of this round (GV-053), or balsa order in the balsa stage
        self.queue: list[list[Any]] = []  # box resolution queue [box, slot index]
        self.decision: list[Any] | None = None  # [kind, seat, *context]
        self.famine_due = False
        self.end_triggers: list[str] = []
        self.capped = False
        self.balsa_steps = 0
        self.harvest_bonus_given = False

    def clone(self) -> State:
        s = State.__new__(State)
        s.players = [p.clone() for p in self.players]
        s.tile_at = self.tile_at.copy()
        s.unused_centre = self.unused_centre.copy()
        s.drained = self.drained.copy()
        s.pipes = [row.copy() for row in self.pipes]
        s.he = self.he.copy()
        s.explorations = [e.copy() for e in self.explorations]
        s.boxes = {k: [e.copy() for e in v] for k, v in self.boxes.items()}
        s.supply = self.supply
        s.pioneer = self.pioneer
        s.round = self.round
        s.stage = self.stage
        s.idx = self.idx
        s.sub = self.sub
        s.turn = self.turn
        s.seq = self.seq
        s.order = self.order.copy()
        s.queue = [q.copy() for q in self.queue]
        s.decision = None if self.decision is None else self.decision.copy()
        s.famine_due = self.famine_due
        s.end_triggers = self.end_triggers.copy()
        s.capped = self.capped
        s.balsa_steps = self.balsa_steps
        s.harvest_bonus_given = self.harvest_bonus_given
        return s

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "tile_at": list(self.tile_at), "unused_centre": list(self.unused_centre),
            "drained": list(self.drained), "pipes": [list(r) for r in self.pipes], "he": list(self.he),
            "explorations": [list(e) for e in self.explorations],
            "boxes": {k: [list(e) for e in v] for k, v in self.boxes.items()},
            "supply": self.supply, "pioneer": self.pioneer, "round": self.round, "stage": self.stage,
            "idx": self.idx, "sub": self.sub, "turn": self.turn, "seq": self.seq, "order": list(self.order),
            "queue": [list(q) for q in self.queue],
            "decision": None if self.decision is None else list(self.decision),
            "famine_due": self.famine_due, "end_triggers": list(self.end_triggers), "capped": self.capped,
            "balsa_steps": self.balsa_steps,
            "harvest_bonus_given": self.harvest_bonus_given,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> State:
        s = State()
        s.players = [Player.from_dict(p) for p in d["players"]]
        s.tile_at = list(d["tile_at"])
        s.unused_centre = list(d["unused_centre"])
        s.drained = list(d["drained"])
        s.pipes = [list(r) for r in d["pipes"]]
        s.he = list(d["he"])
        s.explorations = [list(e) for e in d["explorations"]]
        s.boxes = {k: [list(e) for e in v] for k, v in d["boxes"].items()}
        for k in ("supply", "pioneer", "round", "stage", "idx", "sub", "turn", "seq", "famine_due", "capped",
                  "balsa_steps", "harvest_bonus_given"):
            setattr(s, k, d[k])
        s.order = list(d["order"])
        s.queue = [list(q) for q in d["queue"]]
        s.decision = None if d["decision"] is None else list(d["decision"])
        s.end_triggers = list(d["end_triggers"])
        return s
