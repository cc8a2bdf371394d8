"""Why one Guatavita choice is refused once its decision asks its kind (spec section 6): one check per kind of move
(``CHECKS``; every placement of a planning turn by ``_plan``), each from the rules' own predicates, returning the
``Refusal`` of the first rule that forbids it. The checks part of the routing table (``rules/routes.py``), read by
``illegal.py``."""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.guatavita.data import COMMERCE_BOXES, COMMERCE_GOODS, REEXPLORE_PIECES, SABOTAGE_WORKERS, Tables
from tawa.games.guatavita.rules import balsa, boxes, lake
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
from tawa.games.guatavita.state import Ask, Decision, GuatavitaState

PLAN_KINDS = frozenset(("pass", *COUNTED_AS))  # the choices of a planning turn (GV-070)


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
        return Refusal(
            "GV-176",
            f"{tb.names[src]} is not drained yet (tiles explored this round are not sources: "
            "explorations do not chain)",
        )
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
            return Refusal(
                "GV-200", f"you already have a pipe on {tb.names[r]}; only tiles owned by others are crossed"
            )
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
            extra = (
                " (1 more machine for the protected balsa there, GV-181)"
                if mn > tb.tiles[st.tile_at[t]].machines
                else ""
            )
            return Refusal(
                "GV-172",
                f"{tb.names[t]} needs {wn} workers and {mn} machines{extra}; your camp holds "
                f"{pl.camp_workers} and {pl.camp_machines} (GV-071)",
            )
        if move.amount > mn:
            return Refusal("GV-233", f"only the {mn} machine(s) placed on {tb.names[t]} can be insured")
        if move.amount > most_insured(pl, mn):
            return Refusal(
                "GV-072", f"insuring {move.amount} machine(s) needs {move.amount} emeralds; you hold {pl.emeralds}"
            )
    return _pieces(pipes, pl.camp_pipes, "pipe(s)")


def sabotage_refusal(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-250, GV-251."""
    t = move.pos
    rec = lake.exploration_at(st, t)
    if rec is None:
        return Refusal("GV-250", f"nobody is exploring {tb.names[t]} this round")
    if rec.owner == seat:
        return Refusal("GV-250", "you cannot sabotage your own exploration")
    if rec.saboteur >= 0:
        return Refusal("GV-251", f"{tb.names[t]} already has a saboteur")
    return _slot(st, params, "sabotage", "Sabotage") or _pieces(
        SABOTAGE_WORKERS, st.players[seat].camp_workers, "workers (one in the slot, one on the tile)"
    )


def _camp(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-130, GV-131."""
    pl = st.players[seat]
    if not camp_room(pl, params):
        return Refusal("GV-131", f"your camp would pass level {params.CAMP_LEVEL_MAX}")
    cw, cm, _ = params.CAMP_UPGRADE
    return (
        _slot(st, params, "camp", "Camp Upgrade")
        or _pieces(cw, pl.camp_workers, "workers", "GV-130")
        or _pieces(cm, pl.camp_machines, "machine(s)", "GV-130")
    )


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
    return _slot(st, params, "pumpre", "Pump Upgrade / Re-exploration") or _pieces(
        REEXPLORE_PIECES[1], st.players[seat].camp_machines, "machine", "GV-134"
    )


def _harvest(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-136."""
    return _slot(st, params, "harvest", "Harvest") or _pieces(
        move.amount, st.players[seat].camp_workers, "worker(s)", "GV-136"
    )


def _pioneer(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-137."""
    return _slot(st, params, "pioneer", "Pioneer") or _pieces(
        params.PIONEER_WORKERS, st.players[seat].camp_workers, "worker(s)", "GV-137"
    )


def _commerce(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-138, GV-139, GV-623."""
    if not commerce_room(st, params, seat):
        return Refusal("GV-139", f"you already have {commerce_workers(st, seat)} workers in the Commerce box")
    box = COMMERCE_BOXES[COMMERCE_GOODS.index(move.choice)]
    return _slot(st, params, box, f"Commerce {move.choice}", "GV-623")


def _recruit(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move) -> Refusal | None:
    """GV-141."""
    return _slot(st, params, "recruit", "Recruitment") or _pieces(
        params.RECRUIT_WORKERS, st.players[seat].camp_workers, "worker(s)", "GV-141"
    )


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
    "explore": _lake,
    "cross": _lake,
    "sabotage": sabotage_refusal,
    "camp": _camp,
    "pump": _pump,
    "reexplore": _reexplore,
    "harvest": _harvest,
    "pioneer": _pioneer,
    "commerce": _commerce,
    "recruit": _recruit,
    "loan": _loan,
    "balsa": _balsa,
}


# =========================================================================== the other decisions
def _balsa_start(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """GV-772, GV-773."""
    if move.pos not in balsa.start_tiles(st, tb, d.seat):
        return Refusal(
            "GV-772", f"{tb.names[move.pos]} is not a shore tile within {params.BALSA_START_MAX_DIST} of your pump"
        )
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
        return Refusal(
            "GV-395",
            f"only one of your head explorers on {tb.names[d.pos]} or on your tiles next to it "
            f"may go home, not one on {tb.names[move.pos]}",
        )
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
    return Refusal(
        "GV-602",
        f"the exchange must be covered by you ({gold} gold or {emer} emeralds) and, for emeralds, by the shared supply",
    )


def _return_he(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move) -> Refusal | None:
    """A head explorer home at the start of planning (GV-101, GV-102) or where two paths joined (GV-395)."""
    return (_join if d.ask is Ask.JOIN else _he_return)(st, tb, params, d, move)


Check = Callable[[GuatavitaState, Tables, Params, Decision, Move], Refusal | None]
CHECKS: dict[str, Check] = {
    **{kind: _plan for kind in PLAN_KINDS},
    "balsa_start": _balsa_start,
    "return_he": _return_he,
    "pay": _always,
    "keep": _join,
    "declare": _always,
    "step": _balsa_move,
    "stop": _balsa_move,
    "push": _push,
    "inspect": _balsa_act,
    "protect": _balsa_act,
    "nothing": _balsa_act,
    "exchange": _exchange,
}
