"""Guatavita's rules as pure functions over the state: ``legal`` lists the choices of the pending decision and
``apply`` carries one out, then runs the automatic steps to the next decision (``rounds.advance``).

Topics: ``planning`` (placements, GV-070..GV-273), ``lake`` (tiles, sabotage, head explorers, famine,
GV-320..GV-477), ``balsa`` (La Balsa, GV-770..GV-798), ``boxes`` (action boxes and the Pioneer exchange,
GV-294..GV-663) and ``rounds`` (the round machine and the start-of-planning duties). ``common`` holds the
helpers they share. The routing table ``routes.ROUTES`` (``tawa.core.routing``) routes a decision to its choices and
a kind of move to its handler and its check (``checks``); ``illegal.py`` explains a refusal from the same table.
"""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules import rounds
from tawa.games.guatavita.rules.moves import action_moves
from tawa.games.guatavita.rules.routes import ROUTES
from tawa.games.guatavita.state import GuatavitaState

__all__ = ["action_moves", "apply", "legal", "start"]


def legal(state: GuatavitaState, tables: Tables, params: Params) -> list[Action]:
    """The choices of the pending decision, in the fixed order of the menu."""
    d = state.decision
    assert d is not None, "no decision is pending"
    return ROUTES.legal(d.ask, state, tables, params, d)


def apply(state: GuatavitaState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out ``action`` (one that ``legal`` offered) with the handler of its kind, then run the automatic steps to
    the next decision.
    Guatavita draws no chance after setup: ``rng`` is not used."""
    d = state.decision
    assert d is not None, "no decision is pending"
    events: list[Event] = []
    state.decision = None
    ROUTES.handlers[action.data.kind](state, tables, params, d, action.data, events)
    rounds.advance(state, tables, params, events)
    return events


def start(state: GuatavitaState, tables: Tables, params: Params) -> list[Event]:
    """Run the automatic steps of a fresh (or hand-edited) position to its first decision."""
    events: list[Event] = []
    rounds.advance(state, tables, params, events)
    return events
