"""Why an action id is not legal now, with the rule that forbids it (spec §6.2).

Read from the game's routing table (``rules.routes.ROUTES``), as ``legal`` and ``apply`` are: the decision must offer
the verb (``rules.offers.OFFERS``), the offer's gate must be open, then the verb's check (``rules.checks``) asks its
conditions in rule order. ``explain`` finds nothing exactly when the id is legal.
"""

from __future__ import annotations

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.sacred_valley.data import (
    CROPS,
    Tables,
)
from tawa.games.sacred_valley.rules.actions import ActionTable, Key, action_table
from tawa.games.sacred_valley.rules.offers import (
    ACTIONS,
)
from tawa.games.sacred_valley.rules.routes import ROUTES
from tawa.games.sacred_valley.rules.terrace import (
    tech_ok,
)
from tawa.games.sacred_valley.state import Phase, SacredValleyState

# the rule that says when a verb's decision comes up (a verb asked for in another decision)
DECISION_RULE = {
    "crop": "SV-021",
    "plant": "SV-062",
    "harvest": "SV-062",
    "purchase": "SV-062",
    "work": "SV-062",
    "end_turn": "SV-070",
    "buy": "SV-240",
    "buy_vine": "SV-240",
    "hire": "SV-240",
    "tech": "SV-240",
    "end_purchase": "SV-240",
    "extra": "SV-340",
    "weave": "SV-068",
    "gray": "SV-068",
    "clean": "SV-068",
    "exempt": "SV-494",
    "partner": "SV-175",
    "farmer": "SV-504",
    "take": "SV-406",
    "take_vine": "SV-406",
    "discard": "SV-265",
    "sab": "SV-499",
    "keep": "SV-499",
    "dismiss": "SV-284",
    "warrior": "SV-453",
    "tocricoc": "SV-457",
    "herd": "SV-394",
    "stop_herd": "SV-394",
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


def _plant_what(
    s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, action_id: str
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
            return _refused(
                Refusal(
                    "SV-101",
                    f"{arg} needs its Technology (or Yanacona / Foreigner)",
                    f"buy the {arg} Technology in a Purchase (SV-310), or use a Yanacona or Foreigner",
                ),
                action_id,
            )
        if any(refusal(s, tables, params, menu, k) is None for k in keys):
            return IllegalAction(
                f"a {arg} tile is planted by clicking the grid it goes on",
                rule="SV-064",
                action=action_id,
                opens="click a highlighted grid",
            )
        return IllegalAction(
            f"no grid can take a {arg} tile now",
            rule="SV-064",
            action=action_id,
            opens="a free grid in the first row or next to a Seed Tile, and coins for any fee",
        )
    keys = [a.data for a in menu.by_id.values() if a.data.verb == "plant" and a.id.endswith(" " + arg)]
    if not keys:
        return None
    gate = _gate(s, tables, params, menu, keys[0])
    if gate is not None:
        return _refused(gate, action_id)
    held = [k for k in keys if k.crop in s.wh[p]]
    if not held:
        return _refused(
            Refusal(
                "SV-090",
                "there is no tile in your Warehouse to plant",
                "a tile in the Warehouse: buy one in a Purchase (SV-240)",
            ),
            action_id,
        )
    found = [(k, refusal(s, tables, params, menu, k)) for k in held]
    if any(why is None for _, why in found):
        return IllegalAction(
            f"{arg} can take a tile now: click it while it is highlighted",
            rule="SV-064",
            action=action_id,
            opens="choosing Plant",
        )
    k, why = found[0]
    assert why is not None
    return _refused(Refusal(why.rule, f"{CROPS[k.crop]} on {arg}: {why.why}", why.opens), action_id)


def _gate(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, k: Key) -> Refusal | None:
    """Why the verb of ``k`` is not offered now (its decision or its offer's gate), None when it is."""
    offer = ROUTES.offer_of(s.mode, k.verb)
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
    """The routing table's refusal of ``k`` now: not offered by the decision, its offer's gate, its verb's check."""
    return ROUTES.refusal(
        s.mode, k.verb, (s, tables, params, menu), (s, tables, params, menu, k), lambda: _not_now(s, k.verb)
    )


def _not_now(s: SacredValleyState, verb: str) -> Refusal:
    if s.mode in (Phase.EXTRA_PLANT, Phase.EXTRA_ANY) and verb in ONLY_THE_EXTRA:
        return Refusal("SV-340", "the extra action just chosen must be taken first")
    if s.mode == Phase.EXTRA_PLANT and verb in ACTIONS:
        return Refusal("SV-452", "Hatun Runa grants a Plant action")
    return Refusal(
        DECISION_RULE[verb],
        f"that is not a choice now (the current decision is {s.mode.name.lower()})",
        NOT_NOW_OPENS.get(s.mode) or VERB_OPENS[verb],
    )


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
