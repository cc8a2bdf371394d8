"""Sacred Valley's routing table (``tawa.core.routing``): what each decision offers (``offers.OFFERS``), what
carries out each verb (``HANDLERS``, here) and why one action of a verb is refused (``checks.CHECKS``), read by
``legal``, ``apply`` and ``illegal.explain`` alike.

A handler carries out one choice and answers True when the pending steps run next (``tasks.advance``), False when
it opened a decision or ended the turn.
"""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.core.routing import Routes
from tawa.games.sacred_valley.data import Tables
from tawa.games.sacred_valley.rules import abilities, market, planting, turns
from tawa.games.sacred_valley.rules.actions import Key
from tawa.games.sacred_valley.rules.checks import CHECKS
from tawa.games.sacred_valley.rules.common import Events
from tawa.games.sacred_valley.rules.offers import OFFERS
from tawa.games.sacred_valley.rules.start import choose_crop
from tawa.games.sacred_valley.state import Exemption, How, Last, Meeple, SacredValleyState

Handler = Callable[[SacredValleyState, Tables, Params, Rng, Events, Key], bool]


def _crop(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    choose_crop(s, tables, params, rng, ev, k.crop)
    return False


def _end_turn(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.end_turn(s, tables, params, rng, ev)
    return False


def _harvest(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return turns.do_harvest(s, tables, params, ev)


def _buy(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return market.buy_seed(s, tables, params, ev, k.which)


def _buy_vine(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return market.buy_seed(s, tables, params, ev, -1)


def _extra(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return abilities.use_extra(s, ev, k.which)


def _herd(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    return abilities.herd(s, tables, ev, k.which, k.cell)


def _plant(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.begin_action(s, Last.PLANT)
    planting.start_planting(s, k.crop, k.cell, How.PLANT)
    return True


def _purchase(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.begin_purchase(s, ev)
    return True


def _work(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.do_work(s, params, ev)
    return True


def _hire(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.hire(s, tables, ev, k.which)
    return True


def _tech(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.buy_tech(s, tables, ev, k.crop)
    return True


def _end_purchase(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    turns.end_purchase(s)
    return True


def _weave(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.weave(s, params, ev, k.crop)
    return True


def _gray(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.gray_alpaca(s, tables, ev, k.cell)
    return True


def _clean(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.cleaner(s, tables, ev, k.cell, k.crop)
    return True


def _exempt(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    planting.choose_exemption(s, ev, Exemption(k.which))
    return True


def _partner(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    planting.choose_partner(s, tables, params, ev, k.which)
    return True


def _farmer(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    planting.choose_farmer(s, tables, k.which)
    return True


def _take(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.take_free(s, ev, k.which)
    return True


def _take_vine(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.take_free(s, ev, -1)
    return True


def _discard(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.discard_seed(s, ev, k.crop)
    return True


def _sab(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.saboteur_plant(s, ev, k.cell)
    return True


def _keep(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.saboteur_keep(s)
    return True


def _dismiss(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.dismiss(s, ev, k.which)
    return True


def _warrior(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.place_meeple(s, tables, ev, k.cell, Meeple.WARRIOR)
    return True


def _tocricoc(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    market.place_meeple(s, tables, ev, k.cell, Meeple.TOCRICOC)
    return True


def _stop_herd(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    abilities.stop_herding(s)
    return True


HANDLERS: dict[str, Handler] = {
    "crop": _crop,
    "end_turn": _end_turn,
    "harvest": _harvest,
    "buy": _buy,
    "buy_vine": _buy_vine,
    "extra": _extra,
    "herd": _herd,
    "plant": _plant,
    "purchase": _purchase,
    "work": _work,
    "hire": _hire,
    "tech": _tech,
    "end_purchase": _end_purchase,
    "weave": _weave,
    "gray": _gray,
    "clean": _clean,
    "exempt": _exempt,
    "partner": _partner,
    "farmer": _farmer,
    "take": _take,
    "take_vine": _take_vine,
    "discard": _discard,
    "sab": _sab,
    "keep": _keep,
    "dismiss": _dismiss,
    "warrior": _warrior,
    "tocricoc": _tocricoc,
    "stop_herd": _stop_herd,
}

ROUTES = Routes(OFFERS, HANDLERS, CHECKS)
