"""La Balsa (GV-770..GV-798): the balsas' start tiles at setup and execution step 4, where each activated balsa
moves, may push another, and then inspects, protects or does nothing."""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.guatavita.data import BALSA_QUEUE, Tables
from tawa.games.guatavita.rules.common import Move, balsa_at, clockwise_order, name
from tawa.games.guatavita.state import Ask, BalsaStep, Decision, GuatavitaState, Phase, Queued


# =========================================================================== predicates, one per rule
def start_tiles(st: GuatavitaState, tb: Tables, seat: int) -> tuple[int, ...]:
    """GV-772 (T-BALSA): the shore tiles within BALSA_START_MAX_DIST of the seat's pump spot."""
    return tb.balsa_starts[st.players[seat].spot]


def start_free(st: GuatavitaState, pos: int) -> bool:
    """GV-773: a tile holds at most one balsa."""
    return all(not (p.balsa_alive and p.balsa_pos == pos) for p in st.players)


def adjacent(tb: Tables, a: int, b: int) -> bool:
    """GV-778, GV-782, GV-786: ``b`` is next to ``a``."""
    return b in tb.neighbours[a]


def push_choices(st: GuatavitaState, tb: Tables, pos: int) -> list[int]:
    """GV-782: undrained tiles adjacent to ``pos`` with no balsa."""
    return [z for z in tb.neighbours[pos] if not st.drained[z] and balsa_at(st, z) < 0]


def step_blocker(st: GuatavitaState, tb: Tables, pos: int) -> str:
    """What stops a balsa entering the undrained tile ``pos``: "" (nothing), "protected" (GV-780) or "stuck" (an
    unprotected balsa there that cannot be pushed anywhere, GV-783)."""
    q = balsa_at(st, pos)
    if q < 0:
        return ""
    if st.players[q].balsa_protected:
        return "protected"
    return "" if push_choices(st, tb, pos) else "stuck"


def balsa_steps(st: GuatavitaState, tb: Tables, seat: int) -> list[int]:
    """GV-778..GV-783: adjacent undrained tiles the balsa may step onto."""
    return [y for y in tb.neighbours[st.players[seat].balsa_pos] if not st.drained[y] and not step_blocker(st, tb, y)]


def can_inspect(st: GuatavitaState, tb: Tables, params: Params, seat: int, pos: int) -> bool:
    """GV-786, GV-787: an undrained tile next to the balsa, never the centre, for INSPECT_COST emeralds."""
    pl = st.players[seat]
    return (
        pl.emeralds >= params.INSPECT_COST
        and pos != tb.centre
        and not st.drained[pos]
        and adjacent(tb, pl.balsa_pos, pos)
    )


def inspect_choices(st: GuatavitaState, tb: Tables, params: Params, seat: int) -> list[int]:
    """GV-786, GV-787: the tiles the balsa's owner may inspect."""
    return [z for z in tb.neighbours[st.players[seat].balsa_pos] if can_inspect(st, tb, params, seat, z)]


def can_protect(st: GuatavitaState, tb: Tables, params: Params, seat: int) -> bool:
    """GV-788, GV-789: PROTECT_EMERALDS emeralds held, and the balsa not on the centre."""
    pl = st.players[seat]
    return pl.emeralds >= params.PROTECT_EMERALDS and pl.balsa_pos != tb.centre


# =========================================================================== setup (GV-772, GV-773)
def setup_step(st: GuatavitaState) -> bool:
    """Ask the next seat in turn order for its start tile; True once every balsa is placed."""
    if st.idx >= len(st.order):
        return True
    st.decision = Decision(Ask.BALSA_START, st.order[st.idx])
    return False


def start_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    return [
        Action(f"balsa start {tb.names[t]}", f"Put your balsa on {tb.names[t]}", Move("balsa_start", t))
        for t in start_tiles(st, tb, d.seat)
        if start_free(st, t)
    ]


def apply_start(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    pl = st.players[d.seat]
    pl.balsa_pos = move.pos
    pl.balsa_alive = True
    ev.append(Event("balsa", f"{name(st, d.seat)} puts their balsa on {tb.names[move.pos]}"))
    st.idx += 1


# =========================================================================== execution step 4 (GV-777..GV-794)
def enter(st: GuatavitaState, tb: Tables) -> None:
    """GV-777: the activated balsas, clockwise from the Pioneer holder."""
    st.stage, st.idx, st.sub, st.balsa_steps = Phase.BALSA, 0, BalsaStep.MOVING, 0
    st.queue = [
        Queued(BALSA_QUEUE, s)
        for s in clockwise_order(st, tb)
        if st.players[s].balsa_alive and st.players[s].balsa_workers > 0
    ]


def step(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> bool:
    """Ask the balsa at the cursor to move or act, or finish it. True when every balsa is done."""
    if st.idx >= len(st.queue):
        return True
    seat = st.queue[st.idx].item
    if st.sub == BalsaStep.MOVING:
        if st.balsa_steps < params.BALSA_MAX_STEPS and balsa_steps(st, tb, seat):
            st.decision = Decision(Ask.BALSA_MOVE, seat)
            return False
        end_move(st, tb, seat, ev)  # GV-784: no step left, the balsa stays
        return False
    if inspect_choices(st, tb, params, seat) or can_protect(st, tb, params, seat):  # GV-785
        st.decision = Decision(Ask.BALSA_ACT, seat)
        return False
    next_balsa(st)
    return False


def end_move(st: GuatavitaState, tb: Tables, seat: int, ev: list[Event]) -> None:
    """GV-794: the balsa's workers go back to camp after the move."""
    pl = st.players[seat]
    pl.camp_workers += pl.balsa_workers
    pl.balsa_workers = 0
    st.sub = BalsaStep.AFTER_MOVE
    ev.append(Event("balsa", f"{name(st, seat)}'s balsa ends its move on {tb.names[pl.balsa_pos]}"))


def next_balsa(st: GuatavitaState) -> None:
    st.idx += 1
    st.sub = BalsaStep.MOVING
    st.balsa_steps = 0


def step_balsa(st: GuatavitaState, tb: Tables, params: Params, seat: int, y: int, ev: list[Event]) -> None:
    pl = st.players[seat]
    here, pl.balsa_pos = pl.balsa_pos, y
    st.balsa_steps += 1
    ev.append(
        Event(
            "balsa",
            f"{name(st, seat)}'s balsa moves from {tb.names[here]} to {tb.names[y]} "
            f"(step {st.balsa_steps} of {params.BALSA_MAX_STEPS})",
            data={"seat": seat, "pos": tb.names[y]},
        )
    )


# =========================================================================== the decisions of this step
def move_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    acts = [
        Action(f"balsa step {tb.names[y]}", f"Move your balsa to {tb.names[y]}", Move("step", y))
        for y in balsa_steps(st, tb, d.seat)
    ]
    acts.append(Action("balsa stop", "Stop moving the balsa", Move("stop")))
    return acts


def push_actions(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    return [
        Action(f"push balsa {tb.names[z]}", f"Your pushed balsa goes to {tb.names[z]}", Move("push", z))
        for z in push_choices(st, tb, d.pos)
    ]


def act_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    acts = [
        Action(
            f"inspect {tb.names[z]}", f"Pay {params.INSPECT_COST} emeralds to look at {tb.names[z]}", Move("inspect", z)
        )
        for z in inspect_choices(st, tb, params, d.seat)
    ]
    if can_protect(st, tb, params, d.seat):
        acts.append(Action("protect", f"Put {params.PROTECT_EMERALDS} emeralds on your balsa", Move("protect")))
    acts.append(Action("balsa nothing", "Do nothing more with the balsa", Move("nothing")))
    return acts


def apply_move(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    if move.kind == "stop":
        end_move(st, tb, d.seat, ev)
        return
    q = balsa_at(st, move.pos)
    if q >= 0:  # GV-781: the owner of the pushed balsa chooses where it goes
        st.decision = Decision(Ask.PUSH, q, move.pos, d.seat)
        return
    step_balsa(st, tb, params, d.seat, move.pos, ev)


def apply_push(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    st.players[d.seat].balsa_pos = move.pos
    ev.append(
        Event(
            "balsa",
            f"{name(st, d.mover)}'s balsa pushes {name(st, d.seat)}'s balsa from {tb.names[d.pos]} "
            f"to {tb.names[move.pos]} ({name(st, d.seat)}'s choice)",
            data={"seat": d.seat, "pos": tb.names[move.pos]},
        )
    )
    step_balsa(st, tb, params, d.mover, d.pos, ev)


def apply_act(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    pl = st.players[d.seat]
    if move.kind == "inspect":  # GV-786, GV-832, GV-833
        z = move.pos
        pl.emeralds -= params.INSPECT_COST
        st.supply += params.INSPECT_COST
        if z not in pl.inspected:
            pl.inspected.append(z)
        tile = tb.tiles[st.tile_at[z]]
        ev.append(
            Event(
                "inspect",
                f"{name(st, d.seat)} pays {params.INSPECT_COST} emeralds and inspects {tb.names[z]} "
                f"(only {name(st, d.seat)} sees what lies under it)",
                data={"pos": tb.names[z]},
            )
        )
        ev.append(
            Event(
                "inspect_result",
                f"Under {tb.names[z]} lies {tile.id}: {tile.emeralds} emerald(s), "
                f"{tile.gold} gold, {tile.prestige} VP" + (f", {tile.special}" if tile.special else ""),
                to=d.seat,
                data={"pos": tb.names[z], "tile": tile.id},
            )
        )
    elif move.kind == "protect":  # GV-788
        pl.emeralds -= params.PROTECT_EMERALDS
        pl.balsa_protected = True
        where = tb.names[pl.balsa_pos]
        ev.append(
            Event(
                "protect",
                f"{name(st, d.seat)} puts {params.PROTECT_EMERALDS} emeralds on their balsa on "
                f"{where}: exploring {where} needs {params.PROTECT_EXTRA_MACHINES} more machine(s) "
                "until it is activated again",
            )
        )
    else:
        ev.append(Event("balsa", f"{name(st, d.seat)} does nothing more with the balsa on {tb.names[pl.balsa_pos]}"))
    next_balsa(st)
