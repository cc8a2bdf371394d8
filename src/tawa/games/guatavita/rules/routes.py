"""Guatavita's routing table (``tawa.core.routing``), read by ``legal``, ``apply`` and ``illegal.explain`` alike:
each decision (``Ask``) -> its choices, each kind of move -> what carries it out (``HANDLERS``) and why one is
refused (``checks.CHECKS``).
"""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.routing import Offer, Routes, always_open, kinds
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules import balsa, boxes, lake, planning, rounds
from tawa.games.guatavita.rules.checks import CHECKS, PLAN_KINDS
from tawa.games.guatavita.rules.common import Move
from tawa.games.guatavita.state import Ask, Decision, GuatavitaState

Handler = Callable[[GuatavitaState, Tables, Params, Decision, Move, list[Event]], None]


def _plan_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    return planning.plan_choices(st, tb, params, d.seat)


def _return_he(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    """A head explorer home at the start of planning (GV-101) or where two paths joined (GV-395)."""
    (lake.apply_join if d.ask is Ask.JOIN else rounds.apply_he_return)(st, tb, params, d, move, ev)


OFFERS: dict[Ask, tuple[Offer, ...]] = {
    Ask.BALSA_START: (Offer(kinds("balsa_start"), always_open, balsa.start_choices),),
    Ask.HE_RETURN: (Offer(kinds("return_he"), always_open, rounds.he_return_choices),),
    Ask.PAY: (Offer(kinds("pay"), always_open, rounds.pay_choices),),
    Ask.PLAN: (Offer(PLAN_KINDS, always_open, _plan_choices),),
    Ask.DECLARE: (Offer(kinds("declare"), always_open, lake.declare_choices),),
    Ask.JOIN: (Offer(kinds("keep", "return_he"), always_open, lake.join_choices),),
    Ask.BALSA_MOVE: (Offer(kinds("step", "stop"), always_open, balsa.move_choices),),
    Ask.PUSH: (Offer(kinds("push"), always_open, balsa.push_actions),),
    Ask.BALSA_ACT: (Offer(kinds("inspect", "protect", "nothing"), always_open, balsa.act_choices),),
    Ask.EXCHANGE: (Offer(kinds("exchange"), always_open, boxes.exchange_choices),),
}
HANDLERS: dict[str, Handler] = {
    **{kind: rounds.apply_plan for kind in PLAN_KINDS},
    "balsa_start": balsa.apply_start,
    "return_he": _return_he,
    "pay": rounds.apply_pay,
    "keep": lake.apply_join,
    "declare": lake.apply_declare,
    "step": balsa.apply_move,
    "stop": balsa.apply_move,
    "push": balsa.apply_push,
    "inspect": balsa.apply_act,
    "protect": balsa.apply_act,
    "nothing": balsa.apply_act,
    "exchange": boxes.apply_exchange,
}

ROUTES = Routes(OFFERS, HANDLERS, CHECKS)
