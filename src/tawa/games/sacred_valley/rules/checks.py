"""Why one action of a verb is refused once its decision offers the verb and its offer's gate is open: one check
per verb (``CHECKS``), each asking the rules' predicates in rule order and returning the ``Refusal`` of the first
that fails. The checks part of the routing table (``rules/routes.py``), read by ``illegal.py``."""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.sacred_valley.data import (
    ALPACA_WORKER,
    BARTERER,
    CAMAYO_DISCARDABLE,
    CAMAYO_LABELS,
    CLEANER,
    CROPS,
    HATUN_RUNA,
    VINE,
    WEAVER,
    Tables,
)
from tawa.games.sacred_valley.rules import market
from tawa.games.sacred_valley.rules.actions import ActionTable, Key
from tawa.games.sacred_valley.rules.offers import (
    action_choices,
    can_work,
    extra_has_action,
    extra_triggered,
    farmer_has_room,
    gray_in_reserve,
    harvest_allowed,
    herd_move_allowed,
    purchase_items,
    tocricoc_target,
    weaver_pair,
    weaver_ready,
)
from tawa.games.sacred_valley.rules.terrace import (
    alpaca_refusal_rule,
    anchored,
    free_target,
    next_to_isolated,
    tech_ok,
    tocricoc_fees,
    unlock_fee_for,
)
from tawa.games.sacred_valley.state import How, Meeple, Phase, SacredValleyState

Check = Callable[[SacredValleyState, Tables, Params, ActionTable, Key], Refusal | None]


# ------------------------------------------------------------------ plantings (SV-090–SV-105, SV-408–SV-412)
def planting_refusal(
    s: SacredValleyState, tables: Tables, params: Params, crop: int, x: int, how: How
) -> Refusal | None:
    """Why the active player may not plant ``crop`` on ``x`` (the tile itself is there), in rule order."""
    p = s.active
    if how == How.CLEANER:
        if s.tile[x] != VINE:
            return Refusal("SV-408", "Cleaner replaces a vine on the Terrace")
    elif not free_target(s, p, x):
        if s.tile[x] >= 0:
            return Refusal("SV-091", "the grid already holds a Seed Tile")
        rule = "SV-454" if s.mee_kind[x] == Meeple.WARRIOR else "SV-092"
        return Refusal(rule, "another player's meeple is on that grid")
    if not anchored(s, tables, x):
        if next_to_isolated(s, tables, x):
            return Refusal("SV-099", "an isolated setup tile does not anchor a planting")
        return Refusal("SV-095", "the grid is not in the first row and touches no Seed Tile")
    if not tech_ok(s, p, crop):
        return Refusal(
            "SV-101",
            f"{CROPS[crop]} needs its Technology (or Yanacona / Foreigner)",
            f"buy the {CROPS[crop]} Technology in a Purchase (SV-310), or use a Yanacona or Foreigner",
        )
    fee = unlock_fee_for(s, tables, p, x) if how != How.CLEANER else 0
    coins = s.coins[p]
    if fee > coins:
        return Refusal("SV-174", "the unlock fee cannot be paid")
    if fee + tocricoc_fees(s, tables, params, p, crop, x) > coins:
        return Refusal("SV-105" if fee else "SV-459", "the unlock and Tocricoc fees cannot be paid")
    return None


def _plant(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if k.crop not in s.wh[s.active]:
        return Refusal("SV-090", f"there is no {CROPS[k.crop]} tile in the Warehouse")
    return planting_refusal(s, tables, params, k.crop, k.cell, How.PLANT)


def _sab(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return planting_refusal(s, tables, params, VINE, k.cell, How.SABOTEUR)


def _clean(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    p = s.active
    if s.unused_marker(p, CLEANER) < 0:
        return Refusal("SV-289", "no unused Cleaner")
    if k.crop not in s.wh[p]:
        return Refusal("SV-408", f"there is no {CROPS[k.crop]} tile in the Warehouse")
    if k.crop == VINE and not params.CLEANER_ALLOWS_VINE:
        return Refusal("SV-412", "Cleaner's replacement may not be a vine")
    return planting_refusal(s, tables, params, k.crop, k.cell, How.CLEANER)


# ------------------------------------------------------------------ the actions (SV-062–SV-066)
def _harvest(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if harvest_allowed(s, params, s.active) or not action_choices(s, tables, params, menu, s.active):
        return None  # SV-063 (and Harvest when nothing else is legal)
    return Refusal("SV-063", "with HARVEST_ALWAYS_LEGAL off, Harvest needs a farmer above 0 or Harvest Worker")


def _purchase(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if market.debt_blocks_purchase(s, params, s.active):
        return Refusal("SV-202", "a debtor may not Purchase (DEBT_BLOCKS_PURCHASE)")
    if not purchase_items(s, tables, params, menu, s.active):
        return Refusal("SV-065", "no item can be acquired")
    return None


def _work(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if can_work(s, s.active):
        return None
    return Refusal(
        "SV-066",
        f"Work needs exactly $0 (you have ${s.coins[s.active]})",
        "having exactly $0: Work is offered whenever your coins are spent down to $0",
    )


def _offered(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return None  # always offered once the decision and its gate allow it


# ------------------------------------------------------------------ Purchase items (SV-240–SV-313)
def _buy(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if s.main[k.which] < 0:
        return Refusal("SV-242", "that Main Catu slot is empty")
    return _affordable(s, market.seed_price(s, tables, s.active, k.which))


def _buy_vine(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if s.vines == 0:
        return Refusal("SV-262", "the Vine Catu is empty")
    return _affordable(s, market.seed_price(s, tables, s.active, -1))


def _affordable(s: SacredValleyState, price: int) -> Refusal | None:
    return None if price <= s.coins[s.active] else Refusal("SV-007", "the price is more than your coins")


def _hire(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    p = s.active
    kind = s.cat[k.which]
    if kind < 0:
        return Refusal("SV-186", "that Camayo Catu slot is empty")
    if not market.camayo_room(s, tables, p):
        return Refusal("SV-283", "three Camayos that cannot be discarded are held")
    if not market.copy_allowed(s, tables, p, kind):
        return Refusal("SV-292", "duplicate Camayos are not allowed (option)")
    price = market.camayo_price(s, tables, k.which)
    return None if price <= s.coins[p] else Refusal("SV-280", f"the price (${price}) is more than your coins")


def _tech(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    p = s.active
    if k.crop in s.techs[p]:
        return Refusal("SV-310", "that Technology is already owned")
    if not market.tech_slot_open(s, tables, p):
        return Refusal("SV-312", "four Technologies is the maximum")
    if not market.tech_in_reserve(s, k.crop):
        return Refusal("SV-313", "that Technology's reserve is empty")
    if market.tech_price(s, tables, p) > s.coins[p]:
        return Refusal("SV-311", "the Technology costs more than your coins")
    return None


# ------------------------------------------------------------------ extras and free-window abilities
def _extra(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    kind = k.which
    if s.unused_marker(s.active, kind) < 0:
        return Refusal("SV-289", f"no unused {CAMAYO_LABELS[kind]}")
    if not extra_triggered(s, kind):
        if kind == HATUN_RUNA:
            return Refusal("SV-341", "Hatun Runa follows a Plant action only")
        if kind == BARTERER:
            return Refusal("SV-341", "Barterer follows a Plant or Harvest action only")
        return Refusal("SV-341", "Chasqui follows an action")
    if not extra_has_action(s, tables, params, menu, kind):
        return Refusal("SV-340", "the extra action would have no legal action to take")
    return None


def _weave(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    p = s.active
    if not weaver_ready(s, p):
        held = WEAVER in s.cam[p]
        return Refusal("SV-465", "Weaver is used at most once per turn" if held else "no Weaver held")
    if not weaver_pair(s, p, k.crop):
        return Refusal("SV-465", "Weaver needs two non-vine tiles of the same crop")
    return None


def _gray(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if s.unused_marker(s.active, ALPACA_WORKER) < 0:
        return Refusal("SV-289", "no unused Alpaca Worker")
    if not gray_in_reserve(s):
        return Refusal("SV-392", "no gray alpaca is left in the reserve")
    return _alpaca_grid(s, tables, params, k.cell)


def _alpaca_grid(s: SacredValleyState, tables: Tables, params: Params, x: int) -> Refusal | None:
    rule = alpaca_refusal_rule(s, tables, params, x)
    if rule is None:
        return None
    text = {
        "SV-150": "two alpacas never share a grid",
        "SV-155": "no alpaca on a meeple's grid (option)",
        "SV-156": "no alpaca on a locked level (option)",
    }[rule]
    return Refusal(rule, text)


def _herd(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if s.alpaca_at[k.which] < 0:
        return Refusal("SV-157", "that alpaca is not on the Terrace")
    if not herd_move_allowed(s, params, k.which):
        return Refusal("SV-395", "one Herder use moves an alpaca at most once")
    if s.herd_left <= 0:
        return Refusal("SV-394", f"Herder moves up to {params.HERDER_MOVES} alpacas")
    return _alpaca_grid(s, tables, params, k.cell)


# ------------------------------------------------------------------ the other decisions
def _crop(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return Refusal("SV-002", "that crop is already taken") if k.crop in s.crop else None


def _partner(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return Refusal("SV-175", "the work partner must be another player") if k.which == s.active else None


def _farmer(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return None if farmer_has_room(s, tables, k.which) else Refusal("SV-504", "that farmer cannot take HP")


def _take(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return Refusal("SV-406", "that Main Catu slot is empty") if s.main[k.which] < 0 else None


def _take_vine(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return Refusal("SV-406", "the Vine Catu is empty") if s.vines == 0 else None


def _discard(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if k.crop in s.wh[s.active]:
        return None
    return Refusal("SV-287" if s.mode == Phase.KEEPER_DISCARD else "SV-265", "there is no such tile in the Warehouse")


def _dismiss(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    cam = s.cam[s.active]
    if k.which >= len(cam):
        return Refusal("SV-282", "no Camayo in that Work Zone position")
    if not CAMAYO_DISCARDABLE[cam[k.which]]:
        return Refusal("SV-283", f"{CAMAYO_LABELS[cam[k.which]]} can never be discarded")
    return None


def _warrior(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    return Refusal("SV-453", "the Warrior meeple goes on an empty grid") if s.occupied(k.cell) else None


def _tocricoc(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    if tocricoc_target(s, k.cell):
        return None
    if s.tile[k.cell] < 0:
        return Refusal("SV-457", "the Tocricoc meeple goes on a grid holding a Seed Tile")
    return Refusal("SV-155", "that grid already holds a meeple")


CHECKS: dict[str, Check] = {
    "crop": _crop,
    "plant": _plant,
    "harvest": _harvest,
    "purchase": _purchase,
    "work": _work,
    "end_turn": _offered,
    "buy": _buy,
    "buy_vine": _buy_vine,
    "hire": _hire,
    "tech": _tech,
    "end_purchase": _offered,
    "extra": _extra,
    "weave": _weave,
    "gray": _gray,
    "clean": _clean,
    "exempt": _offered,
    "partner": _partner,
    "farmer": _farmer,
    "take": _take,
    "take_vine": _take_vine,
    "discard": _discard,
    "sab": _sab,
    "keep": _offered,
    "dismiss": _dismiss,
    "warrior": _warrior,
    "tocricoc": _tocricoc,
    "herd": _herd,
    "stop_herd": _offered,
}
