"""Sacred Valley's rules as functions over the state: ``legal`` lists the choices of the current decision and
``apply`` carries one out, then runs the pending steps up to the next decision (``tasks.advance``).

The routing table ``routes.ROUTES`` (``tawa.core.routing``) routes a decision to its offers (``offers``, one
predicate per rule), a verb to its handler (``routes``) and to its check (``checks``); ``illegal.py`` explains a
refusal from the same table. Topics: ``terrace`` (anchoring, Farmlands, HP), ``planting`` (SV-090–SV-187),
``market`` (Purchase items, hires, free seeds), ``abilities`` (free-window abilities, Herder, extra actions),
``turns`` (turns, refills, Harvest, Work, the end), ``start`` (the crop choice and the rest of the setup), ``tasks``
(the pending steps) and ``actions`` (the action space). ``common`` holds what they share.
"""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import Tables
from tawa.games.sacred_valley.rules.actions import LIVE, Key, action_table, live_text
from tawa.games.sacred_valley.rules.routes import ROUTES
from tawa.games.sacred_valley.rules.tasks import advance
from tawa.games.sacred_valley.state import SacredValleyState


def legal(s: SacredValleyState, tables: Tables, params: Params) -> list[Action]:
    """The legal actions of the active player, in the fixed order of the offers (spec §6.1)."""
    menu = action_table(tables, params, s.n)
    out = ROUTES.legal(s.mode, s, tables, params, menu)
    for i, a in enumerate(out):
        k: Key = a.data
        if k.verb in LIVE:
            out[i] = Action(a.id, live_text(s, tables, k) or a.text, k)
    return out


def apply(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one ``legal`` offered) with its verb's handler, then the steps that follow it; return
    its events."""
    ev: list[Event] = []
    k: Key = action.data
    if ROUTES.handlers[k.verb](s, tables, params, rng, ev, k):
        advance(s, tables, params, ev)
    return ev


__all__ = ["apply", "legal"]
