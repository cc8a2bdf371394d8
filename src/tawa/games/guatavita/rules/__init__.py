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
from tawa.games.guatavita.data import COMMERCE_GOODS, DECLARATIONS, HARVEST_SIZES, Tables
from tawa.games.guatavita.rules import balsa, boxes, lake, planning, rounds
from tawa.games.guatavita.rules.common import PUMP, Move, pos_name
from tawa.games.guatavita.state import Ask, Decision, State

Choices = Callable[[State, Tables, Params, Decision], list[Action]]
Carry = Callable[[State, Tables, Params, Decision, Move, list[Event]], None]


def _plan_choices(st: State, tb: Tables, params: Params, d: Decision) -> list[Action]:
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


def legal(state: State, tables: Tables, params: Params) -> list[Action]:
    """The choices of the pending decision, in the fixed order of the menu."""
    d = state.decision
    assert d is not None, "no decision is pending"
    return CHOICES[d.ask](state, tables, params, d)


def apply(state: State, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out ``action`` (one that ``legal`` offered), then run the automatic steps to the next decision.
    Guatavita draws no chance after setup: ``rng`` is not used."""
    d = state.decision
    assert d is not None, "no decision is pending"
    events: list[Event] = []
    state.decision = None
    CARRY[d.ask](state, tables, params, d, action.data, events)
    rounds.advance(state, tables, params, events)
    return events


def start(state: State, tables: Tables, params: Params) -> list[Event]:
    """Run the automatic steps of a fresh (or hand-edited) position to its first decision."""
    events: list[Event] = []
    rounds.advance(state, tables, params, events)
    return events


def action_moves(tables: Tables, params: Params) -> dict[str, Move]:
    """Every id the game can offer, in a fixed order independent of the setup deal, with the ``Move`` its
    ``Action`` carries (built once per option set)."""
    return params.derived("guatavita/moves", lambda p: _action_moves(tables, p))  # type: ignore[no-any-return]


def _action_moves(tb: Tables, params: Params) -> dict[str, Move]:
    names = tb.names
    out: dict[str, Move] = {}
    insure = range(tb.max_insure + 1)

    def srcs(x: int) -> list[int]:
        return ([PUMP] if x in tb.pump_shore else []) + list(tb.neighbours[x])

    for t in range(tb.npos):
        for s in srcs(t):
            out.update((planning.explore_id(tb, t, -1, s, n), Move("explore", t, -1, s, n)) for n in insure)
    for r in range(tb.npos):
        for s in srcs(r):
            out[f"cross {names[r]} from {pos_name(tb, s)}"] = Move("cross", r, source=s)
            for t in tb.neighbours[r]:
                out.update((planning.explore_id(tb, t, r, s, n), Move("explore", t, r, s, n)) for n in insure)
    out["pass"] = Move("pass")
    out.update((f"sabotage {names[t]}", Move("sabotage", t)) for t in range(tb.npos))
    out.update({"camp upgrade": Move("camp"), "pump upgrade": Move("pump")})
    out.update((f"reexplore {names[t]}", Move("reexplore", t)) for t in range(tb.npos))
    out.update((f"harvest {n}", Move("harvest", amount=n)) for n in HARVEST_SIZES)
    out["pioneer"] = Move("pioneer")
    out.update((f"commerce {good}", Move("commerce", choice=good)) for good in COMMERCE_GOODS)
    out.update({"recruit": Move("recruit"), "loan": Move("loan"), "balsa": Move("balsa")})
    out.update((f"balsa start {names[t]}", Move("balsa_start", t)) for t in tb.shore)
    out.update((f"return he {names[t]}", Move("return_he", t)) for t in range(tb.npos))
    out.update((f"pay workers {how}", Move("pay", choice=how)) for how in (rounds.GOLD, rounds.EMERALDS))
    out["keep all"] = Move("keep")
    out.update((f"declare {k}", Move("declare", choice=k)) for k in DECLARATIONS)
    out.update((f"balsa step {names[t]}", Move("step", t)) for t in range(tb.npos))
    out["balsa stop"] = Move("stop")
    out.update((f"push balsa {names[t]}", Move("push", t)) for t in range(tb.npos))
    out.update((f"inspect {names[t]}", Move("inspect", t)) for t in range(tb.npos) if t != tb.centre)
    out.update({"protect": Move("protect"), "balsa nothing": Move("nothing")})
    out.update((f"exchange {c}", Move("exchange", choice=c))
               for c in (boxes.NO_EXCHANGE, boxes.GOLD_FOR_EMERALDS, boxes.EMERALDS_FOR_GOLD))
    return out
