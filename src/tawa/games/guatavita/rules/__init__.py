"""Guatavita's rules as pure functions over the state: ``legal`` lists the choices of the pending decision and
``apply`` carries one out, then runs the automatic steps to the next decision (``rounds.advance``).

Topics: ``planning`` (placements, GV-070..GV-273), ``lake`` (tiles, sabotage, head explorers, famine,
GV-320..GV-477), ``balsa`` (La Balsa, GV-770..GV-798), ``boxes`` (action boxes and the Pioneer exchange,
GV-294..GV-663) and ``rounds`` (the round machine and the start-of-planning duties). ``common`` holds the
helpers they share. ``illegal.py`` explains a refusal from the same predicates.
"""
from __future__ import annotations

from collections.abc import Callable

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules import balsa, boxes, lake, planning, rounds
from tawa.games.guatavita.rules.common import Move
from tawa.games.guatavita.rules.moves import action_moves
from tawa.games.guatavita.state import Ask, Decision, GuatavitaState

__all__ = ["action_moves", "apply", "legal", "start"]

Choices = Callable[[GuatavitaState, Tables, Params, Decision], list[Action]]
Carry = Callable[[GuatavitaState, Tables, Params, Decision, Move, list[Event]], None]


def _plan_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    return planning.plan_choices(st, tb, params, d.seat)


# what each decision offers, and how each choice is carried out
CHOICES: dict[Ask, Choices] = {
    Ask.BALSA_START: balsa.start_choices, Ask.HE_RETURN: rounds.he_return_choices, Ask.PAY: rounds.pay_choices,
    Ask.PLAN: _plan_choices, Ask.DECLARE: lake.declare_choices, Ask.JOIN: lake.join_choices,
    Ask.BALSA_MOVE: balsa.move_choices, Ask.PUSH: balsa.push_actions, Ask.BALSA_ACT: balsa.act_choices,
    Ask.EXCHANGE: boxes.exchange_choices,
}
CARRY: dict[Ask, Carry] = {
    Ask.BALSA_START: balsa.apply_start, Ask.HE_RETURN: rounds.apply_he_return, Ask.PAY: rounds.apply_pay,
    Ask.PLAN: rounds.apply_plan, Ask.DECLARE: lake.apply_declare, Ask.JOIN: lake.apply_join,
    Ask.BALSA_MOVE: balsa.apply_move, Ask.PUSH: balsa.apply_push, Ask.BALSA_ACT: balsa.apply_act,
    Ask.EXCHANGE: boxes.apply_exchange,
}


def legal(state: GuatavitaState, tables: Tables, params: Params) -> list[Action]:
    """The choices of the pending decision, in the fixed order of the menu."""
    d = state.decision
    assert d is not None, "no decision is pending"
    return CHOICES[d.ask](state, tables, params, d)


def apply(state: GuatavitaState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out ``action`` (one that ``legal`` offered), then run the automatic steps to the next decision.
    Guatavita draws no chance after setup: ``rng`` is not used."""
    d = state.decision
    assert d is not None, "no decision is pending"
    events: list[Event] = []
    state.decision = None
    CARRY[d.ask](state, tables, params, d, action.data, events)
    rounds.advance(state, tables, params, events)
    return events


def start(state: GuatavitaState, tables: Tables, params: Params) -> list[Event]:
    """Run the automatic steps of a fresh (or hand-edited) position to its first decision."""
    events: list[Event] = []
    rounds.advance(state, tables, params, events)
    return events
