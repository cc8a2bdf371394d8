"""The round machine (GV-050, GV-100..GV-112, GV-270..GV-273, GV-290..GV-300, GV-680..GV-686, GV-861):
``advance`` runs the automatic steps, stage by stage, until a seat must decide or the game is over."""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.guatavita.data import ACTIONS, Tables
from tawa.games.guatavita.rules import balsa, boxes, lake, planning
from tawa.games.guatavita.rules.common import (
    Move,
    he_positions,
    name,
    pipes_in_lake,
    take_loan,
    turn_order,
)
from tawa.games.guatavita.rules.moves import EMERALDS, GOLD
from tawa.games.guatavita.state import Ask, BalsaStep, Decision, GuatavitaState, Phase


def advance(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    """Run automatic steps until a decision is pending or the game is over."""
    while st.decision is None:
        step = _STEPS.get(st.stage)
        if step is None:  # the game is over
            return
        step(st, tb, params, ev)


def _balsa_setup(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    if balsa.setup_step(st):
        st.stage, st.idx, st.sub = Phase.START, 0, BalsaStep.MOVING


def _lake(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    if lake.step(st, tb, params, ev):
        if st.famine_due:  # GV-292, GV-470
            lake.famine(st, params, ev)
        balsa.enter(st, tb)


def _balsa(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    if balsa.step(st, tb, params, ev):
        boxes.enter(st)


def _boxes(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    if boxes.step(st, tb, params, ev):
        _end_of_round(st, tb, params, ev)


# --------------------------------------------------------------------------- start of planning (GV-100..GV-112)
def _start(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    if st.idx >= len(st.order):
        st.stage, st.turn, st.idx, st.sub = Phase.PLAN, 0, 0, BalsaStep.MOVING
        return
    if st.idx == 0:  # the round opens (GV-050, GV-051)
        ev.append(
            Event(
                "round",
                f"=== Round {st.round}: planning phase. {name(st, st.pioneer)} holds the Pioneer marker ===",
                data={"round": st.round},
            )
        )
    seat = st.order[st.idx]
    pl = st.players[seat]
    if pl.camp_workers == 0:  # GV-101/GV-103 (the pump worker is never in camp: GV-104)
        hes = he_positions(st, seat)
        if len(hes) >= 2:  # GV-102
            st.decision = Decision(Ask.HE_RETURN, seat)
            return
        if len(hes) == 1:
            lake.return_he(st, tb, seat, hes[0], ev)
        else:
            _, gold, emer = params.WORKER_PURCHASE
            can_g, can_e = pl.gold >= gold, pl.emeralds >= emer
            if can_g and can_e:  # GV-106
                st.decision = Decision(Ask.PAY, seat)
                return
            if not can_g and not can_e:  # GV-107, GV-112
                take_loan(st, params, seat, ev, automatic=True)
            _buy_workers(st, params, seat, GOLD if pl.gold >= gold else EMERALDS, ev)
    _finish_start(st, seat)


def _finish_start(st: GuatavitaState, seat: int) -> None:
    st.players[seat].gold_duty = st.players[seat].gold == 0  # GV-109
    st.idx += 1


def _buy_workers(st: GuatavitaState, params: Params, seat: int, how: str, ev: list[Event]) -> None:
    """GV-103/GV-105: 2 workers from the personal supply for 1 gold or 4 emeralds (GV-029 limits them)."""
    pl = st.players[seat]
    nw, gold, emer = params.WORKER_PURCHASE
    if how == GOLD:
        pl.gold -= gold
    else:
        pl.emeralds -= emer
        st.supply += emer
    got = min(nw, pl.sup_workers)
    pl.sup_workers -= got
    pl.camp_workers += got
    price = f"{gold} gold" if how == GOLD else f"{emer} emeralds"
    ev.append(Event("buy_workers", f"{name(st, seat)} has no worker in camp and buys {got} for {price}"))


def he_return_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    """GV-101, GV-102: which of the seat's head explorers comes back."""
    return [
        Action(
            f"return he {tb.names[p]}", f"Bring the head explorer on {tb.names[p]} back to camp", Move("return_he", p)
        )
        for p in he_positions(st, d.seat)
    ]


def pay_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    """GV-105, GV-106: gold or emeralds, when both can be paid."""
    nw, gold, emer = params.WORKER_PURCHASE
    return [
        Action("pay workers gold", f"Pay {gold} gold for {nw} workers", Move("pay", choice=GOLD)),
        Action("pay workers emeralds", f"Pay {emer} emeralds for {nw} workers", Move("pay", choice=EMERALDS)),
    ]


def apply_he_return(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    lake.return_he(st, tb, d.seat, move.pos, ev)
    _finish_start(st, d.seat)


def apply_pay(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    _buy_workers(st, params, d.seat, move.choice, ev)
    _finish_start(st, d.seat)


# --------------------------------------------------------------------------- planning turns (GV-070..GV-273)
def _plan(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    n = len(st.order)
    for k in range(n):
        i = (st.turn + k) % n
        seat = st.order[i]
        if st.players[seat].passed:
            continue
        st.turn = i
        if not planning.has_placement(st, tb, params, seat):  # GV-272: nothing to place, the program passes
            st.players[seat].passed = True
            ev.append(Event("pass", f"{name(st, seat)} has no legal placement and passes"))
            st.turn = (i + 1) % n
            return
        st.decision = Decision(_ASK_PLAN, seat)
        return
    _begin_execution(st, params, ev)  # GV-273


def _begin_execution(st: GuatavitaState, params: Params, ev: list[Event]) -> None:
    """GV-290: the execution phase opens with the resting workers, then the lake tiles."""
    lake.resting_workers(st, params, ev)
    st.stage, st.idx, st.sub = Phase.LAKE, 0, BalsaStep.MOVING
    st.famine_due = False


def apply_plan(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    planning.apply_placement(st, tb, params, d.seat, move, ev)


# --------------------------------------------------------------------------- end of round (GV-680..GV-686, GV-861)
def _end_of_round(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    for seat in range(len(st.players)):
        if pipes_in_lake(st, seat) >= params.PIPES_PER_COLOUR and "pipes" not in st.end_triggers:
            st.end_triggers.append("pipes")
    if st.end_triggers:
        st.stage = Phase.OVER
        why = "; ".join(END_TEXT[t] for t in st.end_triggers)
        ev.append(
            Event(
                "game_over",
                f"=== The game ends after round {st.round}: {why} ===",
                data={"round": st.round, "triggers": list(st.end_triggers)},
            )
        )
        return
    if params.MAX_ROUNDS is not None and st.round >= params.MAX_ROUNDS:
        st.stage = Phase.OVER
        st.capped = True
        ev.append(
            Event(
                "game_over",
                f"=== The game ends at the round cap ({params.MAX_ROUNDS} rounds, GV-861) ===",
                data={"round": st.round, "triggers": []},
            )
        )
        return
    new_round(st, tb)


END_TEXT = {
    "centre": "the centre was drained (GV-681)",
    "bankruptcy": "a player went bankrupt (GV-682)",
    "pipes": "a player has all their pipes in the lake (GV-683)",
}


# the automatic step of each stage (none once the game is over); a dict also keeps the hot loop clear of enum
# attribute lookups, which are slow in Python 3.11
_STEPS: dict[Phase, Callable[[GuatavitaState, Tables, Params, list[Event]], None]] = {
    Phase.BALSA_SETUP: _balsa_setup,
    Phase.START: _start,
    Phase.PLAN: _plan,
    Phase.LAKE: _lake,
    Phase.BALSA: _balsa,
    Phase.BOXES: _boxes,
}
_ASK_PLAN = Ask.PLAN


def new_round(st: GuatavitaState, tb: Tables) -> None:
    """GV-050, GV-686: a new planning phase; the turn order starts from the Pioneer holder (GV-051)."""
    st.round += 1
    st.explorations = []
    st.boxes = {k: [] for k in st.boxes}
    st.queue = []
    for pl in st.players:
        pl.uses = [0] * len(ACTIONS)
        pl.passed = False
        pl.placed = False
        pl.gold_duty = False
    st.order = turn_order(st, tb)
    st.stage, st.idx, st.sub, st.turn = Phase.START, 0, BalsaStep.MOVING, 0
