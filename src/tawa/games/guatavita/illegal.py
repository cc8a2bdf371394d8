"""Why an action is not legal now (spec section 6), from the rules' own predicates: ``explain`` finds nothing
against an id exactly when the legal-action generator offers it, and otherwise names the first rule that
forbids it."""
from __future__ import annotations

from collections.abc import Callable

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.guatavita.data import COMMERCE_BOXES, COMMERCE_GOODS, REEXPLORE_PIECES, SABOTAGE_WORKERS, Tables
from tawa.games.guatavita.rules import action_moves, balsa, boxes, lake
from tawa.games.guatavita.rules.common import PUMP, Move, exit_pipes
from tawa.games.guatavita.rules.planning import (
    COUNTED_AS,
    balsa_ready,
    camp_room,
    commerce_room,
    commerce_workers,
    crossable,
    deep_enough,
    duty_binds,
    has_worker,
    loan_room,
    most_insured,
    pending_targets,
    pump_upgradable,
    reexplorable,
    rent,
    required,
    slot_free,
    sources,
    under_limit,
)
from tawa.games.guatavita.state import Ask, Decision, GuatavitaState, Phase

PLAN_KINDS = frozenset(("pass", *COUNTED_AS))
# the decision(s) each kind of choice answers, and the rule that says when it is asked
ASKED_IN: dict[str, tuple[frozenset[Ask], str, str]] = {
    **{k: (frozenset((Ask.PLAN,)), "GV-070", "placements and passing happen on your planning turn")
       for k in PLAN_KINDS},
    "balsa_start": (frozenset((Ask.BALSA_START,)), "GV-772", "balsas are put on the lake during setup"),
    "return_he": (frozenset((Ask.HE_RETURN, Ask.JOIN)), "GV-396",
                  "a head explorer leaves the lake only when its camp is empty at the start of planning (GV-101) "
                  "or when two of its paths join (GV-395)"),
    "pay": (frozenset((Ask.PAY,)), "GV-103", "workers are bought only at the start of planning, by a player with no "
                                            "worker in camp and no head explorer"),
    "keep": (frozenset((Ask.JOIN,)), "GV-395", "that choice is asked only when two paths of head explorers join"),
    "declare": (frozenset((Ask.DECLARE,)), "GV-420", "a saboteur declares just before its tile flips"),
    "step": (frozenset((Ask.BALSA_MOVE,)), "GV-778", "a balsa moves only while it resolves, at most its steps"),
    "stop": (frozenset((Ask.BALSA_MOVE,)), "GV-778", "a balsa moves only while it resolves, at most its steps"),
    "push": (frozenset((Ask.PUSH,)), "GV-782", "only the owner of a pushed balsa chooses where it goes, then"),
    "inspect": (frozenset((Ask.BALSA_ACT,)), "GV-785", "a balsa inspects, protects or does nothing after its move"),
    "protect": (frozenset((Ask.BALSA_ACT,)), "GV-785", "a balsa inspects, protects or does nothing after its move"),
    "nothing": (frozenset((Ask.BALSA_ACT,)), "GV-785", "a balsa inspects, protects or does nothing after its move"),
    "exchange": (frozenset((Ask.EXCHANGE,)), "GV-601", "the Pioneer exchange is made when the Pioneer box resolves"),
}


def explain(state: GuatavitaState, tables: Tables, params: Params, action_id: str) -> IllegalAction | None:
    """Why ``action_id`` is not legal now, naming the rule; ``None`` exactly when it is legal."""
    st, tb = state, tables
    if st.stage == Phase.OVER or st.decision is None:
        return IllegalAction(f"{action_id!r}: the game is over", rule="GV-680", action=action_id, opens=OPENS["GV-680"])
    if action_id == "sabotage":   # the Sabotage box: a sabotage is placed on the tile (issue 24)
        return _sabotage_box(st, tb, params, action_id)
    move = parse(tb, params, action_id)
    if move is None:
        return IllegalAction(f"{action_id!r} is not an action of Guatavita", action=action_id)
    d = st.decision
    asks, rule, when = ASKED_IN[move.kind]
    if d.ask not in asks:
        return IllegalAction(f"{action_id!r} is not legal now: {when}", rule=rule, action=action_id,
                             opens=ASKED_OPENS.get(move.kind, OPENS[rule]))
    found = WHY[d.ask](st, tb, params, d, move)
    if found is None:
        return None
    return found.error(action_id, OPENS, lead=f"{action_id!r} is not legal now: ")


SABOTAGE_HOW = "click the lake hex of another player's exploration this round that has no saboteur yet"
# what opens a refusal, by the rule that closes it (issue 24): every rule a refusal names has its entry
OPENS: dict[str, str] = {
    "GV-680": "never in this game: the game is over (GV-680)",
    # planning turn and pieces
    "GV-070": "your next planning turn (GV-070)",
    "GV-071": "workers, machines or pipes back in your camp (they come back at the end of the round, GV-071)",
    "GV-072": "more emeralds in your stock, or fewer machines insured (GV-072, GV-233)",
    "GV-073": "a box with a free slot (slots free again next round, GV-073)",
    "GV-074": "the next planning phase: each action may be chosen twice per phase (GV-074)",
    "GV-111": "a Loan placement first: with 0 gold it must be your first placement (GV-109, GV-111)",
    # lake placements
    "GV-170": "an undrained lake tile to explore (GV-170)",
    "GV-171": "a tile nobody explores this round, or the next round (GV-171)",
    "GV-172": "the workers and machines the tile requires in your camp (GV-172, GV-071)",
    "GV-173": "a Pump Upgrade to level 2 (GV-132, GV-173)",
    "GV-175": "a source next to the tile: one of your pump's two shore tiles, or a drained tile of yours adjacent "
              "to it (GV-175)",
    "GV-176": "the next round: a tile explored this round is a source once it has drained (GV-176)",
    "GV-200": "a drained tile owned only by other players to cross (GV-200)",
    "GV-201": "a source next to the crossed tile: your pump's shore tile or a drained tile of yours (GV-201)",
    "GV-204": "gold enough for the rent of every owner of the crossed tile (GV-204)",
    "GV-206": "a target tile adjacent to the crossed tile (GV-206)",
    "GV-233": "insuring at most the machines placed on the tile (GV-233)",
    "GV-250": SABOTAGE_HOW,
    "GV-251": "another player's exploration without a saboteur (GV-251)",
    # action boxes
    "GV-130": "2 workers and 1 machine in your camp (GV-130)",
    "GV-131": "never in this game: with the upgrades placed your camp reaches its highest level (GV-131)",
    "GV-133": "a pump below level 2 and no Pump Upgrade placed this phase: the next planning phase (GV-133)",
    "GV-134": "a damp tile of yours with a re-exploration box, and a machine in your camp (GV-134)",
    "GV-136": "the workers of the Harvest in your camp (GV-136)",
    "GV-137": "the Pioneer's worker in your camp (GV-137)",
    "GV-139": "fewer than 2 of your workers in the Commerce box: they leave it when the box resolves (GV-139)",
    "GV-141": "a worker in your camp (GV-141)",
    "GV-144": "never in this game: with the Loans placed your loan track reaches its end (GV-144)",
    "GV-623": "a free slot of that Commerce good (slots free again next round, GV-623)",
    # La Balsa
    "GV-770": "never in this game: La Balsa is not in play (option LA_BALSA, GV-770)",
    "GV-772": "a phase-1 shore tile within reach of your pump, during setup (GV-772)",
    "GV-773": "a shore tile that holds no balsa (GV-773)",
    "GV-774": "2 workers in your camp (GV-774)",
    "GV-775": "the next round, while your balsa is not destroyed (GV-775)",
    "GV-778": "an adjacent undrained tile, while your activated balsa moves (GV-778)",
    "GV-780": "another way round the protected balsa (GV-780)",
    "GV-782": "an undrained adjacent tile without a balsa, when your balsa is pushed (GV-782)",
    "GV-783": "a step onto a balsa that has somewhere to be pushed (GV-783)",
    "GV-785": "your activated balsa's move, then its act (GV-785)",
    "GV-786": "2 emeralds and an undrained tile next to your balsa (GV-786)",
    "GV-787": "never in this game: the centre tile is never inspected (GV-787)",
    "GV-788": "2 emeralds in your stock (GV-788)",
    "GV-789": "your balsa off the centre tile (GV-789)",
    "GV-798": "a round in which your balsa's tile is not being explored (GV-798)",
    # the other decisions
    "GV-102": "a head explorer of yours on that tile (GV-102)",
    "GV-103": "the start of planning with no worker in camp and no head explorer (GV-103)",
    "GV-395": "one of your head explorers on the joined tile or your tiles next to it (GV-395)",
    "GV-396": "an empty camp at the start of planning (GV-101), or two of your paths joining (GV-395)",
    "GV-420": "a saboteur of yours on a tile about to flip (GV-420)",
    "GV-601": "the Pioneer box resolving with your worker on it (GV-601)",
    "GV-602": "4 emeralds (or 1 gold) of yours and, for emeralds, 4 in the shared supply (GV-602)",
}
# what opens a choice of another decision than the one asked now, by its kind (else its rule's ``OPENS``)
ASKED_OPENS: dict[str, str] = {
    "keep": "two of your head explorers' paths joining (GV-395)",
    "step": "your balsa's activation (GV-774), then its move in the execution phase (GV-778)",
    "stop": "your balsa's activation (GV-774), then its move in the execution phase (GV-778)",
    "push": "another player's balsa pushing yours (GV-782)",
}


def _sabotage_box(st: GuatavitaState, tb: Tables, params: Params, action_id: str) -> IllegalAction:
    """GV-250: the Sabotage box is not where a sabotage is chosen; the hex of the exploration is. Why none is
    possible now, where none is."""
    seat = st.decision.seat if st.decision is not None else 0
    found = [_sabotage(st, tb, params, seat, Move("sabotage", t))
             for t in range(len(tb.names)) if lake.exploration_at(st, t) is not None]
    if not found:
        why = "; nobody is exploring a tile this round"
    elif any(f is None for f in found):
        why = "; a sabotage is open now: its hex is highlighted"
    else:
        why = f"; none is open now: {next(f for f in found if f is not None).why}"
    return IllegalAction("a sabotage is placed on the tile of the exploration it sabotages, not on this box" + why,
                         rule="GV-250", action=action_id, opens=SABOTAGE_HOW)


# words of the ids that name one position, and the kind of their move
ONE_POSITION: dict[tuple[str, ...], str] = {
    ("sabotage",): "sabotage", ("reexplore",): "reexplore", ("inspect",): "inspect", ("balsa", "step"): "step",
    ("push", "balsa"): "push", ("return", "he"): "return_he", ("balsa", "start"): "balsa_start"}


def parse(tb: Tables, params: Params, action_id: str) -> Move | None:
    """The move an id asks for: an id of the action space, or one of the same form that the game never offers
    (``inspect C``, ``explore M00 via S03 from S02``), so that its refusal can name the rule; None for text that is
    no Guatavita action at all."""
    move = action_moves(tb, params).get(action_id)
    if move is not None:
        return move
    words = action_id.split()
    if not words or " ".join(words) != action_id:
        return None
    place = tb.index.get(words[-1])
    if place is not None and tuple(words[:-1]) in ONE_POSITION:
        return Move(ONE_POSITION[tuple(words[:-1])], place)
    return _lake_move(tb, words)


NOWHERE = -2  # a word that names no position


def _lake_move(tb: Tables, words: list[str]) -> Move | None:
    """``explore T [via R] from S [insure n]`` or ``cross R from S``: positions of the lake (S may be the pump),
    n of 1 or more written as the ids write it."""
    kind, rest = words[0], words[1:]
    if kind not in ("explore", "cross") or len(rest) < 3:
        return None
    first, rest = tb.index.get(rest[0], NOWHERE), rest[1:]
    via = -1
    if kind == "explore" and rest[0] == "via" and len(rest) >= 4:
        via, rest = tb.index.get(rest[1], NOWHERE), rest[2:]
    if rest[0] != "from":
        return None
    source, rest = (PUMP if rest[1] == "pump" else tb.index.get(rest[1], NOWHERE)), rest[2:]
    insure = 0
    if kind == "explore" and len(rest) == 2 and rest[0] == "insure" and rest[1].isdigit() and rest[1][0] != "0":
        insure, rest = int(rest[1]), []
    if rest or NOWHERE in (first, via, source):
        return None
    return Move(kind, first, via, source, insure) if kind == "explore" else Move(kind, first, source=source)


# =========================================================================== planning (GV-070..GV-273)
def _plan(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    seat = d.seat
    pl = st.players[seat]
    if duty_binds(st, params, seat):
        return None if move.kind == "loan" else Refusal("GV-111", "with 0 gold your first placement must be a Loan")
    if move.kind == "pass":
        return None
    if not has_worker(pl):
        return Refusal("GV-071", "you have no worker in camp, so no placement at all (only passing)")
    if not under_limit(pl, params.MAX_SAME_ACTION, COUNTED_AS[move.kind]):
        return Refusal("GV-074", f"that action was already chosen {params.MAX_SAME_ACTION} times this planning phase")
    return PLACEMENT_WHY[move.kind](st, tb, params, seat, move)


def _pieces(need: int, have: int, what: str, rule: str = "GV-071") -> Refusal | None:
    return None if have >= need else Refusal(rule, f"it needs {need} {what} in your camp; you have {have}")


def _slot(st: GuatavitaState, params: Params, box: str, title: str, rule: str = "GV-073") -> Refusal | None:
    return None if slot_free(st, params.SLOTS, box) else Refusal(rule, f"every {title} slot is taken")


def _source(st: GuatavitaState, tb: Tables, seat: int, target: int, src: int, rule: str) -> Refusal | None:
    """GV-175/GV-176/GV-201: ``src`` (the pump or an own tile) must reach ``target``."""
    if src in sources(st, tb, seat).get(target, ()):
        return None
    if src == PUMP:
        return Refusal(rule, f"{tb.names[target]} is not one of the two shore tiles connected to your pump")
    if not st.drained[src] and src in pending_targets(st):
        return Refusal("GV-176", f"{tb.names[src]} is not drained yet (tiles explored this round are not sources: "
                                 "explorations do not chain)")
    if not st.drained[src] or not st.pipes[src][seat]:
        return Refusal(rule, f"{tb.names[src]} is not one of your tiles (drained, with a pipe of yours)")
    return Refusal(rule, f"{tb.names[target]} is not adjacent to {tb.names[src]}")


def _lake(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-170..GV-213, GV-230..GV-233."""
    pl = st.players[seat]
    crossing = move.kind == "cross" or move.via >= 0
    r = move.pos if move.kind == "cross" else move.via
    pipes = 0
    if crossing:  # GV-200..GV-209
        if not st.drained[r]:
            return Refusal("GV-200", f"only a drained tile can be crossed; {tb.names[r]} is still under water")
        if not crossable(st, seat, r):
            return Refusal("GV-200",
                           f"you already have a pipe on {tb.names[r]}; only tiles owned by others are crossed")
        why = _source(st, tb, seat, r, move.source, "GV-201")
        if why:
            return why
        cost = rent(st, params, r)
        if pl.gold < cost:
            return Refusal("GV-204", f"crossing {tb.names[r]} costs {cost} gold in rent; you hold {pl.gold}")
        pipes += exit_pipes(st, tb, params, move.source)
    if move.kind == "explore":
        t = move.pos
        if st.drained[t]:
            return Refusal("GV-170", f"{tb.names[t]} is already drained")
        if t in pending_targets(st):
            return Refusal("GV-171", f"{tb.names[t]} already has an explorer this round")
        if not deep_enough(tb, pl, t):
            return Refusal("GV-173", f"{tb.names[t]} is a phase-{tb.phase_of_pos[t]} tile: it needs a level-2 pump")
        if crossing:
            if t not in tb.neighbours[r]:
                return Refusal("GV-206", f"{tb.names[t]} is not adjacent to the crossed tile {tb.names[r]}")
            pipes += exit_pipes(st, tb, params, r)
        else:
            why = _source(st, tb, seat, t, move.source, "GV-175")
            if why:
                return why
            pipes += exit_pipes(st, tb, params, move.source)
        wn, mn = required(st, tb, params, t)
        if pl.camp_workers < wn or pl.camp_machines < mn:
            extra = (" (1 more machine for the protected balsa there, GV-181)"
                     if mn > tb.tiles[st.tile_at[t]].machines else "")
            return Refusal("GV-172", f"{tb.names[t]} needs {wn} workers and {mn} machines{extra}; your camp holds "
                                     f"{pl.camp_workers} and {pl.camp_machines} (GV-071)")
        if move.amount > mn:
            return Refusal("GV-233", f"only the {mn} machine(s) placed on {tb.names[t]} can be insured")
        if move.amount > most_insured(pl, mn):
            return Refusal("GV-072",
                           f"insuring {move.amount} machine(s) needs {move.amount} emeralds; you hold {pl.emeralds}")
    return _pieces(pipes, pl.camp_pipes, "pipe(s)")


def _sabotage(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-250, GV-251."""
    t = move.pos
    rec = lake.exploration_at(st, t)
    if rec is None:
        return Refusal("GV-250", f"nobody is exploring {tb.names[t]} this round")
    if rec.owner == seat:
        return Refusal("GV-250", "you cannot sabotage your own exploration")
    if rec.saboteur >= 0:
        return Refusal("GV-251", f"{tb.names[t]} already has a saboteur")
    return (_slot(st, params, "sabotage", "Sabotage")
            or _pieces(SABOTAGE_WORKERS, st.players[seat].camp_workers, "workers (one in the slot, one on the tile)"))


def _camp(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-130, GV-131."""
    pl = st.players[seat]
    if not camp_room(pl, params):
        return Refusal("GV-131", f"your camp would pass level {params.CAMP_LEVEL_MAX}")
    cw, cm, _ = params.CAMP_UPGRADE
    return (_slot(st, params, "camp", "Camp Upgrade") or _pieces(cw, pl.camp_workers, "workers", "GV-130")
            or _pieces(cm, pl.camp_machines, "machine(s)", "GV-130"))


def _pump(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-132, GV-133."""
    if not pump_upgradable(st, seat):
        if st.players[seat].pump_level >= 2:
            return Refusal("GV-133", "your pump is already level 2")
        return Refusal("GV-133", "you already placed a Pump Upgrade this planning phase")
    return _slot(st, params, "pumpre", "Pump Upgrade / Re-exploration")


def _reexplore(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-134, GV-502."""
    d = move.pos
    if not reexplorable(st, tb, seat, d):
        if not st.drained[d] or not st.pipes[d][seat]:
            return Refusal("GV-134", f"{tb.names[d]} is not one of your drained tiles")
        return Refusal("GV-134", f"{tb.names[d]} is not a damp tile with a re-exploration box")
    return (_slot(st, params, "pumpre", "Pump Upgrade / Re-exploration")
            or _pieces(REEXPLORE_PIECES[1], st.players[seat].camp_machines, "machine", "GV-134"))


def _harvest(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-136."""
    return (_slot(st, params, "harvest", "Harvest")
            or _pieces(move.amount, st.players[seat].camp_workers, "worker(s)", "GV-136"))


def _pioneer(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-137."""
    return (_slot(st, params, "pioneer", "Pioneer")
            or _pieces(params.PIONEER_WORKERS, st.players[seat].camp_workers, "worker(s)", "GV-137"))


def _commerce(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-138, GV-139, GV-623."""
    if not commerce_room(st, params, seat):
        return Refusal("GV-139", f"you already have {commerce_workers(st, seat)} workers in the Commerce box")
    box = COMMERCE_BOXES[COMMERCE_GOODS.index(move.choice)]
    return _slot(st, params, box, f"Commerce {move.choice}", "GV-623")


def _recruit(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-141."""
    return (_slot(st, params, "recruit", "Recruitment")
            or _pieces(params.RECRUIT_WORKERS, st.players[seat].camp_workers, "worker(s)", "GV-141"))


def _loan(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-143, GV-144."""
    if not loan_room(st.players[seat], params):
        return Refusal("GV-144", "the loan track would pass its end")
    return _slot(st, params, "loan", "Loan")


def _balsa(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-770, GV-774, GV-775, GV-798."""
    pl = st.players[seat]
    if not balsa_ready(st, params, seat):
        if not params.balsa:
            return Refusal("GV-770", "La Balsa is not in play")
        if not pl.balsa_alive:
            return Refusal("GV-775", "your balsa was destroyed")
        return Refusal("GV-775", "your balsa is already activated this round")
    if pl.balsa_pos in pending_targets(st):
        return Refusal("GV-798", "your balsa's tile is being explored this round")
    return _pieces(params.BALSA_WORKERS, pl.camp_workers, "workers", "GV-774")


PLACEMENT_WHY: dict[str, Callable[[GuatavitaState, Tables, Params, int, Move], Refusal | None]] = {
    "explore": _lake, "cross": _lake, "sabotage": _sabotage, "camp": _camp, "pump": _pump, "reexplore": _reexplore,
    "harvest": _harvest, "pioneer": _pioneer, "commerce": _commerce, "recruit": _recruit, "loan": _loan,
    "balsa": _balsa,
}


# =========================================================================== the other decisions
def _balsa_start(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-772, GV-773."""
    if move.pos not in balsa.start_tiles(st, tb, d.seat):
        return Refusal("GV-772",
                       f"{tb.names[move.pos]} is not a shore tile within {params.BALSA_START_MAX_DIST} of your pump")
    if not balsa.start_free(st, move.pos):
        return Refusal("GV-773", f"{tb.names[move.pos]} already holds a balsa")
    return None


def _he_return(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-101, GV-102."""
    if st.he[move.pos] != d.seat:
        return Refusal("GV-102", f"you have no head explorer on {tb.names[move.pos]}")
    return None


def _always(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """Every choice of this decision is open (GV-106 payment, GV-420 declaration)."""
    return None


def _join(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-395."""
    if move.kind == "return_he" and move.pos not in lake.joined_hes(st, tb, d.seat, d.pos):
        return Refusal("GV-395", f"only one of your head explorers on {tb.names[d.pos]} or on your tiles next to it "
                                 f"may go home, not one on {tb.names[move.pos]}")
    return None


def _balsa_move(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-778..GV-783."""
    if move.kind == "stop":
        return None
    y, here = move.pos, st.players[d.seat].balsa_pos
    if not balsa.adjacent(tb, here, y):
        return Refusal("GV-778", f"{tb.names[y]} is not adjacent to your balsa")
    if st.drained[y]:
        return Refusal("GV-778", f"{tb.names[y]} is drained; a balsa moves only over water")
    blocker = balsa.step_blocker(st, tb, y)
    if blocker == "protected":
        return Refusal("GV-780", f"a protected balsa on {tb.names[y]} blocks the way")
    if blocker:
        return Refusal("GV-783", f"the balsa on {tb.names[y]} has nowhere to be pushed")
    return None


def _push(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-782."""
    z = move.pos
    if z in balsa.push_choices(st, tb, d.pos):
        return None
    if not balsa.adjacent(tb, d.pos, z):
        return Refusal("GV-782", f"{tb.names[z]} is not adjacent to {tb.names[d.pos]}")
    if st.drained[z]:
        return Refusal("GV-782", f"{tb.names[z]} is drained")
    return Refusal("GV-782", f"{tb.names[z]} already holds a balsa")


def _balsa_act(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-785..GV-789."""
    pl = st.players[d.seat]
    if move.kind == "inspect":
        z = move.pos
        if balsa.can_inspect(st, tb, params, d.seat, z):
            return None
        if z == tb.centre:
            return Refusal("GV-787", "the centre tile can never be inspected")
        if pl.emeralds < params.INSPECT_COST:
            return Refusal("GV-786", f"inspecting costs {params.INSPECT_COST} emeralds; you hold {pl.emeralds}")
        return Refusal("GV-786", f"only an undrained tile next to your balsa can be inspected, not {tb.names[z]}")
    if move.kind == "protect" and not balsa.can_protect(st, tb, params, d.seat):
        if pl.balsa_pos == tb.centre:
            return Refusal("GV-789", "a balsa on the centre tile cannot be protected")
        return Refusal("GV-788", f"protecting needs {params.PROTECT_EMERALDS} emeralds; you hold {pl.emeralds}")
    return None


def _exchange(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-601, GV-602."""
    if move.choice in boxes.exchange_options(st, params, d.seat):
        return None
    gold, emer = params.PIONEER_SWAP
    return Refusal("GV-602", f"the exchange must be covered by you ({gold} gold or {emer} emeralds) and, for "
                             "emeralds, by the shared supply")


WHY: dict[Ask, Callable[[GuatavitaState, Tables, Params, Decision, Move], Refusal | None]] = {
    Ask.PLAN: _plan, Ask.BALSA_START: _balsa_start, Ask.HE_RETURN: _he_return, Ask.PAY: _always,
    Ask.DECLARE: _always, Ask.JOIN: _join, Ask.BALSA_MOVE: _balsa_move, Ask.PUSH: _push, Ask.BALSA_ACT: _balsa_act,
    Ask.EXCHANGE: _exchange,
}
