"""Why an action id is not legal now, with the rule that forbids it (spec §6.2).

Built from the rules' own gates and predicates (``rules.offers``, ``rules.terrace``, ``rules.market``): the decision
must offer the verb (``OFFERS``), the offer's gate must be open, then the verb's own conditions are checked in rule
order. ``explain`` finds nothing exactly when the id is legal.
"""
from __future__ import annotations

from collections.abc import Callable

from tawa.core.errors import IllegalAction
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
from tawa.games.sacred_valley.rules.actions import ActionTable, Key, action_table
from tawa.games.sacred_valley.rules.offers import (
    ACTIONS,
    OFFERS,
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

Why = Callable[[SacredValleyState, Tables, Params, ActionTable, Key], Refusal | None]

# the rule that says when a verb's decision comes up (a verb asked for in another decision)
DECISION_RULE = {
    "crop": "SV-021", "plant": "SV-062", "harvest": "SV-062", "purchase": "SV-062", "work": "SV-062",
    "end_turn": "SV-070", "buy": "SV-240", "buy_vine": "SV-240", "hire": "SV-240", "tech": "SV-240",
    "end_purchase": "SV-240", "extra": "SV-340", "weave": "SV-068", "gray": "SV-068", "clean": "SV-068",
    "exempt": "SV-494", "partner": "SV-175", "farmer": "SV-504", "take": "SV-406", "take_vine": "SV-406",
    "discard": "SV-265", "sab": "SV-499", "keep": "SV-499", "dismiss": "SV-284", "warrior": "SV-453",
    "tocricoc": "SV-457", "herd": "SV-394", "stop_herd": "SV-394",
}
ONLY_THE_EXTRA = frozenset(("end_turn", "extra", "weave", "gray", "clean"))


def explain(s: SacredValleyState, tables: Tables, params: Params, action_id: str) -> IllegalAction | None:
    """The refusal of ``action_id`` now, naming its rule; None when it is legal (or not an id of this game)."""
    menu = action_table(tables, params, s.n)
    action = menu.by_id.get(action_id)
    if s.mode == Phase.OVER:
        return IllegalAction("the game is over", rule="SV-564", action=action_id, opens=OPENS["SV-564"])
    if action is None:
        return _plant_what(s, tables, params, menu, action_id)
    why = refusal(s, tables, params, menu, action.data)
    return None if why is None else _refused(why, action_id)


def _plant_what(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, action_id: str
                ) -> IllegalAction | None:
    """``plant CROP`` (a Warehouse tile) or ``plant GRID`` (an empty grid), which the board names for a click on
    them (issue 24): why no planting of that tile, or on that grid, is open now; None for any other id."""
    words = action_id.split()
    if len(words) != 2 or words[0] != "plant":
        return None
    p, arg = s.active, words[1]
    if arg in CROPS:
        crop = CROPS.index(arg)
        keys = [a.data for a in menu.by_id.values() if a.data.verb == "plant" and a.data.crop == crop]
        if not keys:
            return None
        gate = _gate(s, tables, params, menu, keys[0])
        if gate is not None:
            return _refused(gate, action_id)
        if crop not in s.wh[p]:
            return _refused(Refusal("SV-090", f"there is no {arg} tile in your Warehouse"), action_id)
        if not tech_ok(s, p, crop):
            return _refused(Refusal("SV-101", f"{arg} needs its Technology (or Yanacona / Foreigner)",
                                       f"buy the {arg} Technology in a Purchase (SV-310), or use a Yanacona or "
                                       "Foreigner"), action_id)
        if any(refusal(s, tables, params, menu, k) is None for k in keys):
            return IllegalAction(f"a {arg} tile is planted by clicking the grid it goes on", rule="SV-064",
                                 action=action_id, opens="click a highlighted grid")
        return IllegalAction(f"no grid can take a {arg} tile now", rule="SV-064", action=action_id,
                             opens="a free grid in the first row or next to a Seed Tile, and coins for any fee")
    keys = [a.data for a in menu.by_id.values() if a.data.verb == "plant" and a.id.endswith(" " + arg)]
    if not keys:
        return None
    gate = _gate(s, tables, params, menu, keys[0])
    if gate is not None:
        return _refused(gate, action_id)
    held = [k for k in keys if k.crop in s.wh[p]]
    if not held:
        return _refused(Refusal("SV-090", "there is no tile in your Warehouse to plant",
                                   "a tile in the Warehouse: buy one in a Purchase (SV-240)"), action_id)
    found = [(k, refusal(s, tables, params, menu, k)) for k in held]
    if any(why is None for _, why in found):
        return IllegalAction(f"{arg} can take a tile now: click it while it is highlighted", rule="SV-064",
                             action=action_id, opens="choosing Plant")
    k, why = found[0]
    assert why is not None
    return _refused(Refusal(why.rule, f"{CROPS[k.crop]} on {arg}: {why.why}", why.opens), action_id)


def _gate(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    """Why the verb of ``k`` is not offered now (its decision or its offer's gate), None when it is."""
    offer = next((o for o in OFFERS[s.mode] if k.verb in o.verbs), None)
    return _not_now(s, k.verb) if offer is None else offer.gate(s, tables, params, menu)


def _refused(why: Refusal, action_id: str) -> IllegalAction:
    """The refusal as raised: what opens it is its own, else the general one of its rule (``OPENS``)."""
    return why.error(action_id, OPENS)


# what opens a refusal, by its rule, where no refusal says more itself (issue 24)
OPENS = {
    "SV-062": "a new turn: each turn offers one regular action (Plant, Harvest, Purchase or Work), then the extras",
    "SV-021": "nothing now: crops are chosen one at a time before the first round",
    "SV-240": "a Purchase: choose Purchase as the turn's regular action",
    "SV-007": "more coins: a Harvest earns them (SV-063)",
    "SV-280": "more coins: a Harvest earns them (SV-063)",
    "SV-311": "more coins: a Harvest earns them (SV-063)",
    "SV-174": "more coins to pay the unlock fee, or a grid on an unlocked level",
    "SV-105": "more coins for the unlock and Tocricoc fees, or another grid",
    "SV-459": "more coins for the Tocricoc fee, or a grid outside that Farmland",
    "SV-090": "a tile of that crop in the Warehouse: buy one in a Purchase (SV-240)",
    "SV-091": "an empty grid: choose another one",
    "SV-092": "a grid without another player's meeple",
    "SV-095": "a grid in the first row or next to a Seed Tile",
    "SV-202": "paying off the debt first (DEBT_BLOCKS_PURCHASE)",
    "SV-340": "taking the extra action just chosen (or another extra action) first",
    "SV-341": "the action that Camayo follows: take it first this turn",
    "SV-289": "an unused marker: hire that Camayo (its marker comes back when it is used, SV-289)",
    "SV-066": "having exactly $0: Work is offered whenever your coins are spent down to $0 (SV-066)",
    "SV-101": "the crop's Technology: buy it in a Purchase (SV-310), or use a Yanacona or Foreigner",
    "SV-564": "never in this game: the game is over (SV-564)",
    "SV-002": "never in this game: each crop has one player; choose a free crop (SV-002)",
    "SV-063": "a farmer above 0 or a Harvest Worker: plant and score farmers first (HARVEST_ALWAYS_LEGAL, SV-063)",
    "SV-065": "an item you can pay for in the Catus: more coins from a Harvest (SV-063), or the end-of-turn "
              "refill (SV-360)",
    "SV-068": "a free window of your own turn: between actions or between two items of a Purchase (SV-068)",
    "SV-070": "the end of your turn, after its regular action (SV-062, SV-070)",
    "SV-099": "a non-isolated Seed Tile next to that grid first (SV-099)",
    "SV-150": "a grid without an alpaca (SV-150)",
    "SV-155": "a grid without a Farmer Meeple: alpacas do not share with meeples in this game "
              "(ALPACA_MAY_SHARE_WITH_MEEPLE, SV-155)",
    "SV-156": "a grid of an unlocked level: alpacas stay off locked levels in this game (ALPACA_ON_LOCKED_LEVELS, "
              "SV-156)",
    "SV-157": "an alpaca that stands on the Terrace (SV-157)",
    "SV-175": "another player as work partner (SV-175)",
    "SV-186": "the end-of-turn refill of the Catus (SV-186, SV-360)",
    "SV-242": "the end-of-turn refill of the Catus (SV-242, SV-360)",
    "SV-262": "the end-of-turn refill of the Vine Catu (SV-360)",
    "SV-265": "a tile of the Warehouse: choose one that is there (SV-265)",
    "SV-282": "a Camayo held in that Work Zone position (SV-282)",
    "SV-283": "a Camayo that can be discarded: Warrior, Tocricoc and Supervisor never are (SV-283)",
    "SV-284": "hiring while holding 3 Camayos: then one is discarded to make room (SV-282, SV-284)",
    "SV-287": "a tile of the Warehouse: choose one that is there (SV-287)",
    "SV-292": "never in this game: duplicate Camayos are switched off (option, SV-292)",
    "SV-310": "another Technology: that one is already yours (SV-310)",
    "SV-312": "never in this game: four Technologies is the most a player holds (SV-312)",
    "SV-313": "never in this game: that Technology's reserve is empty (SV-313)",
    "SV-392": "never in this game: the gray alpacas are all out of the reserve (SV-392)",
    "SV-394": "a Harvest action while you hold Herder: then up to 2 alpacas move (SV-394)",
    "SV-395": "another alpaca: one Herder use moves an alpaca at most once (SV-395)",
    "SV-406": "an occupied slot of the Main Catu or a vine in the Vine Catu (SV-406)",
    "SV-408": "a vine on the Terrace and a tile in your Warehouse, with Cleaner held (SV-408)",
    "SV-412": "a replacement tile that is not a vine (CLEANER_ALLOWS_VINE, SV-412)",
    "SV-452": "the Plant action that Hatun Runa grants (SV-452)",
    "SV-453": "an empty grid for the Warrior meeple (SV-453)",
    "SV-454": "a grid without another player's Warrior meeple: only its holder plants there (SV-454)",
    "SV-457": "a grid holding a Seed Tile for the Tocricoc meeple (SV-457)",
    "SV-465": "Weaver held, unused this turn, and two non-vine Warehouse tiles of one crop (SV-465)",
    "SV-494": "a planting that both Yanacona and Foreigner could exempt (SV-494)",
    "SV-499": "buying a vine while you hold Saboteur: then it may be planted at once (SV-499)",
    "SV-504": "a farmer with room on its track (SV-504)",
}



def refusal(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    offer = next((o for o in OFFERS[s.mode] if k.verb in o.verbs), None)
    if offer is None:
        return _not_now(s, k.verb)
    return offer.gate(s, tables, params, menu) or WHY[k.verb](s, tables, params, menu, k)


def _not_now(s: SacredValleyState, verb: str) -> Refusal:
    if s.mode in (Phase.EXTRA_PLANT, Phase.EXTRA_ANY) and verb in ONLY_THE_EXTRA:
        return Refusal("SV-340", "the extra action just chosen must be taken first")
    if s.mode == Phase.EXTRA_PLANT and verb in ACTIONS:
        return Refusal("SV-452", "Hatun Runa grants a Plant action")
    return Refusal(DECISION_RULE[verb], f"that is not a choice now (the current decision is {s.mode.name.lower()})",
                   NOT_NOW_OPENS.get(s.mode) or VERB_OPENS[verb])


# what opens a verb of another decision, where the current decision says more than the verb's (``VERB_OPENS``)
NOT_NOW_OPENS = {Phase.CROP_CHOICE: "the first round, once every player has chosen a crop (SV-021)"}

# what opens a verb asked for in another decision: the decision that offers it (``DECISION_RULE``)
VERB_OPENS = {
    "crop": "never in this game: crops are chosen once, before the first round (SV-021)",
    "plant": "the regular action of your next turn: choose Plant (SV-062)",
    "harvest": "the regular action of your next turn: choose Harvest (SV-062)",
    "purchase": "the regular action of your next turn: choose Purchase (SV-062)",
    "work": "the regular action of your next turn with exactly $0: choose Work (SV-062, SV-066)",
    "end_turn": "taking the turn's regular action first (SV-062, SV-070)",
    "buy": "a Purchase: choose Purchase as the turn's regular action (SV-240)",
    "buy_vine": "a Purchase: choose Purchase as the turn's regular action (SV-240)",
    "hire": "a Purchase: choose Purchase as the turn's regular action (SV-240)",
    "tech": "a Purchase: choose Purchase as the turn's regular action (SV-240)",
    "end_purchase": "a Purchase with at least one item acquired (SV-240, SV-065)",
    "extra": "the turn's regular action taken: then extra actions follow (SV-340)",
    "weave": "a free window of your turn: between actions or between two items of a Purchase (SV-068)",
    "gray": "a free window of your turn: between actions or between two items of a Purchase (SV-068)",
    "clean": "a free window of your turn: between actions or between two items of a Purchase (SV-068)",
    "exempt": "a planting that both Yanacona and Foreigner could exempt (SV-494)",
    "partner": "a planting that calls for a work partner (SV-175)",
    "farmer": "gaining HP: then the farmer to advance is chosen (SV-504)",
    "take": "a free tile to take from the Catus (SV-406)",
    "take_vine": "a free tile to take from the Catus (SV-406)",
    "discard": "a tile entering a full Warehouse: then one is discarded first (SV-265)",
    "sab": "buying a vine while you hold Saboteur (SV-499)",
    "keep": "buying a vine while you hold Saboteur (SV-499)",
    "dismiss": "hiring while holding 3 Camayos: then one is discarded to make room (SV-282, SV-284)",
    "warrior": "hiring the Warrior: then its meeple is placed (SV-453)",
    "tocricoc": "hiring Tocricoc: then its meeple is placed (SV-457)",
    "herd": "a Harvest action while you hold Herder (SV-394)",
    "stop_herd": "a Harvest action while you hold Herder (SV-394)",
}


# ------------------------------------------------------------------ plantings (SV-090–SV-105, SV-408–SV-412)
def planting_refusal(s: SacredValleyState, tables: Tables, params: Params, crop: int, x: int, how: How
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
        return Refusal("SV-101", f"{CROPS[crop]} needs its Technology (or Yanacona / Foreigner)",
                       f"buy the {CROPS[crop]} Technology in a Purchase (SV-310), or use a Yanacona or Foreigner")
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
    return Refusal("SV-066", f"Work needs exactly $0 (you have ${s.coins[s.active]})",
                   "having exactly $0: Work is offered whenever your coins are spent down to $0")


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
    text = {"SV-150": "two alpacas never share a grid", "SV-155": "no alpaca on a meeple's grid (option)",
            "SV-156": "no alpaca on a locked level (option)"}[rule]
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


WHY: dict[str, Why] = {
    "crop": _crop, "plant": _plant, "harvest": _harvest, "purchase": _purchase, "work": _work, "end_turn": _offered,
    "buy": _buy, "buy_vine": _buy_vine, "hire": _hire, "tech": _tech, "end_purchase": _offered, "extra": _extra,
    "weave": _weave, "gray": _gray, "clean": _clean, "exempt": _offered, "partner": _partner, "farmer": _farmer,
    "take": _take, "take_vine": _take_vine, "discard": _discard, "sab": _sab, "keep": _offered,
    "dismiss": _dismiss, "warrior": _warrior, "tocricoc": _tocricoc, "herd": _herd, "stop_herd": _offered,
}
