"""Sacred Valley's rules as functions over the state: ``legal`` lists the choices of the current decision and
``apply`` carries one out, then runs the pending steps up to the next decision (``tasks.settle``).

Topics: ``offers`` (what each decision offers, one predicate per rule), ``terrace`` (anchoring, Farmlands, HP),
``planting`` (SV-090–SV-187), ``market`` (Purchase items, hires, free seeds), ``abilities`` (free-window abilities,
Herder, extra actions), ``turns`` (turns, refills, Harvest, Work, the end), ``start`` (the crop choice and the rest
of the setup), ``tasks`` (the pending steps) and ``actions`` (the action space). ``common`` holds what they share;
``illegal.py`` explains a refusal from the same predicates.
"""
from __future__ import annotations

from collections.abc import Callable

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import Tables
from tawa.games.sacred_valley.rules import abilities, market, planting, turns
from tawa.games.sacred_valley.rules.actions import LIVE, Key, action_table, live_text
from tawa.games.sacred_valley.rules.common import Events
from tawa.games.sacred_valley.rules.offers import OFFERS
from tawa.games.sacred_valley.rules.start import choose_crop
from tawa.games.sacred_valley.rules.tasks import settle
from tawa.games.sacred_valley.state import Exemption, How, Last, Meeple, SVState


def legal(s: SVState, tables: Tables, params: Params) -> list[Action]:
    """The legal actions of the active player, in the fixed order of the offers (spec §6.1)."""
    menu = action_table(tables, params, s.n)
    out: list[Action] = []
    for offer in OFFERS[s.mode]:
        if offer.gate(s, tables, params, menu) is None:
            out += offer.make(s, tables, params, menu)
    for i, a in enumerate(out):
        k: Key = a.data
        if k.verb in LIVE:
            out[i] = Action(a.id, live_text(s, tables, k) or a.text, k)
    return out


Handler = Callable[[SVState, Tables, Params, Rng, Events, Key], bool]
"""Carries out one choice; True when the pending steps run next (``tasks.settle``), False when the choice itself
opened a decision or ended the turn."""


def _crop(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    choose_crop(s, tables, params, rng, ev, k.crop)
    return False


def _plant(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.begin_action(s, Last.PLANT)
    planting.start_planting(s, k.crop, k.cell, How.PLANT)
    return True


def _harvest(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return turns.do_harvest(s, tables, params, ev)


def _purchase(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.begin_purchase(s, ev)
    return True


def _work(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.do_work(s, params, ev)
    return True


def _end_turn(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.end_turn(s, tables, params, rng, ev)
    return False


def _buy(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return market.buy_seed(s, tables, params, ev, k.which)


def _buy_vine(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return market.buy_seed(s, tables, params, ev, -1)


def _hire(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.hire(s, tables, ev, k.which)
    return True


def _tech(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.buy_tech(s, tables, ev, k.crop)
    return True


def _end_purchase(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.end_purchase(s)
    return True


def _extra(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return abilities.use_extra(s, ev, k.which)


def _weave(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.weave(s, params, ev, k.crop)
    return True


def _gray(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.gray_alpaca(s, tables, ev, k.cell)
    return True


def _clean(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.cleaner(s, tables, ev, k.cell, k.crop)
    return True


def _exempt(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    planting.choose_exemption(s, ev, Exemption(k.which))
    return True


def _partner(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    planting.choose_partner(s, tables, params, ev, k.which)
    return True


def _farmer(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    planting.choose_farmer(s, tables, k.which)
    return True


def _take(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.take_free(s, ev, k.which)
    return True


def _take_vine(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.take_free(s, ev, -1)
    return True


def _discard(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.discard_seed(s, ev, k.crop)
    return True


def _sab(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.saboteur_plant(s, ev, k.cell)
    return True


def _keep(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.saboteur_keep(s)
    return True


def _dismiss(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.dismiss(s, ev, k.which)
    return True


def _warrior(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.place_meeple(s, tables, ev, k.cell, Meeple.WARRIOR)
    return True


def _tocricoc(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.place_meeple(s, tables, ev, k.cell, Meeple.TOCRICOC)
    return True


def _herd(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return abilities.herd(s, tables, ev, k.which, k.cell)


def _stop_herd(s: SVState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.stop_herding(s)
    return True


HANDLERS: dict[str, Handler] = {
    "crop": _crop, "plant": _plant, "harvest": _harvest, "purchase": _purchase, "work": _work, "end_turn": _end_turn,
    "buy": _buy, "buy_vine": _buy_vine, "hire": _hire, "tech": _tech, "end_purchase": _end_purchase,
    "extra": _extra, "weave": _weave, "gray": _gray, "clean": _clean, "exempt": _exempt, "partner": _partner,
    "farmer": _farmer, "take": _take, "take_vine": _take_vine, "discard": _discard, "sab": _sab, "keep": _keep,
    "dismiss": _dismiss, "warrior": _warrior, "tocricoc": _tocricoc, "herd": _herd, "stop_herd": _stop_herd,
}


def apply(s: SVState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one ``legal`` offered) and the steps that follow it; return its events."""
    ev: list[Event] = []
    k: Key = action.data
    if HANDLERS[k.verb](s, tables, params, rng, ev, k):
        settle(s, tables, params, ev)
    return ev


__all__ = ["apply", "legal"]
