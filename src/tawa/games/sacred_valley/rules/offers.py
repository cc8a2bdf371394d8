"""What each decision offers (spec §6.1): the legal actions, from one predicate per rule.

A decision (``state.mode``) offers a few groups of actions (``tawa.core.routing.Offer``): each group has its verbs,
a gate (the rule that opens or closes the whole group now) and a maker that lists the group's legal actions.
``OFFERS`` is the offers part of the game's routing table (``rules/routes.py``): ``legal`` lists the open groups in
order; ``illegal.py`` explains a refused id with the same gates and the verbs' checks (``rules/checks.py``).
"""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.core.routing import Offer, always_open, kinds
from tawa.games.sacred_valley.data import (
    ALPACA_WORKER,
    ALPACAS,
    BARTERER,
    CAMAYO_DISCARDABLE,
    CLEANER,
    GRAY_ALPACAS,
    HARVEST_WORKER,
    HATUN_RUNA,
    PLAYER_CROPS,
    VINE,
    WEAVER,
    Tables,
)
from tawa.games.sacred_valley.rules.actions import EXTRAS, ActionTable
from tawa.games.sacred_valley.rules.market import (
    camayo_price,
    camayo_room,
    copy_allowed,
    debt_blocks_purchase,
    seed_price,
    tech_in_reserve,
    tech_price,
    tech_slot_open,
)
from tawa.games.sacred_valley.rules.terrace import alpaca_destinations, cleaner_targets, plant_targets
from tawa.games.sacred_valley.state import Exemption, Last, Phase, SacredValleyState


# ------------------------------------------------------------------ predicates (one per rule)
def harvest_allowed(s: SacredValleyState, params: Params, p: int) -> bool:
    """SV-063 Harvest is always legal (HARVEST_ALWAYS_LEGAL), or needs a farmer above 0 or Harvest Worker."""
    return bool(params.HARVEST_ALWAYS_LEGAL) or any(s.farmers[p]) or HARVEST_WORKER in s.cam[p]


def can_work(s: SacredValleyState, p: int) -> bool:
    """SV-066 Work only with exactly $0."""
    return s.coins[p] == 0


def weaver_ready(s: SacredValleyState, p: int) -> bool:
    """SV-465 a Weaver held and not used this turn."""
    return WEAVER in s.cam[p] and not s.weaver_used


def weaver_pair(s: SacredValleyState, p: int, crop: int) -> bool:
    """SV-465 two Warehouse tiles of that (non-vine) crop."""
    return s.wh[p].count(crop) >= 2


def gray_in_reserve(s: SacredValleyState) -> bool:
    """SV-392 a gray alpaca is left in the reserve."""
    return any(s.alpaca_at[a] < 0 for a in GRAY_ALPACAS)


def extra_triggered(s: SacredValleyState, kind: int) -> bool:
    """SV-341 an extra directly follows an action meeting its trigger (SV-400, SV-452, SV-490)."""
    if kind == HATUN_RUNA:
        return s.last == Last.PLANT
    if kind == BARTERER:
        return s.last in (Last.PLANT, Last.HARVEST)
    return s.last != Last.NONE


def herd_move_allowed(s: SacredValleyState, params: Params, a: int) -> bool:
    """SV-157/SV-395 an alpaca on the Terrace, moved at most once per use (HERDER_SAME_ALPACA_TWICE)."""
    return s.alpaca_at[a] >= 0 and (bool(params.HERDER_SAME_ALPACA_TWICE) or a not in s.herd_moved)


# ------------------------------------------------------------------ action lists
def purchase_items(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, p: int) -> list[Action]:
    """Items ``p`` can acquire now (SV-240, SV-260–SV-313)."""
    coins = s.coins[p]
    out: list[Action] = []
    for i, t in enumerate(s.main):
        if t >= 0 and seed_price(s, tables, p, i) <= coins:  # SV-242 / SV-260 / SV-007
            out.append(menu.buy[i])
    if s.vines > 0 and seed_price(s, tables, p, -1) <= coins:  # SV-262
        out.append(menu.buy_vine)
    if camayo_room(s, tables, p):  # SV-283
        for i, k in enumerate(s.cat):
            if k >= 0 and camayo_price(s, tables, i) <= coins and copy_allowed(s, tables, p, k):  # SV-280, SV-292
                out.append(menu.hire[i])
    if tech_slot_open(s, tables, p) and tech_price(s, tables, p) <= coins:  # SV-312, SV-311
        for c in PLAYER_CROPS:
            if c not in s.techs[p] and tech_in_reserve(s, c):  # SV-310/SV-313
                out.append(menu.tech[c])
    return out


def can_purchase(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, p: int) -> bool:
    """SV-065 a Purchase must be able to acquire an item (and SV-202 with DEBT_BLOCKS_PURCHASE)."""
    return not debt_blocks_purchase(s, params, p) and bool(purchase_items(s, tables, params, menu, p))


def plant_actions(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, p: int) -> list[Action]:
    """SV-064 the Plant actions: a Warehouse tile on a legal grid."""
    crops = sorted(set(s.wh[p]))
    return [menu.plant[c][x] for c, x in plant_targets(s, tables, params, p, crops)]


def action_choices(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, p: int) -> list[Action]:
    """The actions of SV-062 (and of Chasqui, SV-490), each with its own legality (SV-340)."""
    out = plant_actions(s, tables, params, menu, p)
    if harvest_allowed(s, params, p):
        out.append(menu.harvest)
    if can_purchase(s, tables, params, menu, p):
        out.append(menu.purchase)
    if can_work(s, p):
        out.append(menu.work)
    return out


def actions_or_harvest(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    """The regular action (or Chasqui's); Harvest when nothing else is legal, so that no turn deadlocks."""
    return action_choices(s, tables, params, menu, s.active) or [menu.harvest]


def extra_has_action(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable, kind: int) -> bool:
    """SV-340 an extra is offered only when an action of its kind is legal."""
    p = s.active
    if kind == HATUN_RUNA:
        return bool(plant_actions(s, tables, params, menu, p))  # SV-452
    if kind == BARTERER:
        return can_purchase(s, tables, params, menu, p)  # SV-400
    return bool(action_choices(s, tables, params, menu, p))  # SV-490


def extra_actions(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    p = s.active
    return [
        menu.extra[k]
        for k in EXTRAS
        if extra_triggered(s, k) and s.unused_marker(p, k) >= 0 and extra_has_action(s, tables, params, menu, k)
    ]


def window_actions(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    """Free-window abilities (SV-068): Weaver, the gray alpaca, Cleaner."""
    p = s.active
    out: list[Action] = []
    if weaver_ready(s, p):  # SV-465
        out += [menu.weave[c] for c in PLAYER_CROPS if weaver_pair(s, p, c)]
    if s.unused_marker(p, ALPACA_WORKER) >= 0 and gray_in_reserve(s):  # SV-390–SV-392
        out += [menu.gray[x] for x in alpaca_destinations(s, tables, params)]
    if s.unused_marker(p, CLEANER) >= 0:  # SV-408–SV-410
        out += [menu.clean[x][c] for x, c in cleaner_targets(s, tables, params, p)]
    return out


def _items(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return purchase_items(s, tables, params, menu, s.active)


def _plants(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return plant_actions(s, tables, params, menu, s.active)


def _crops(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.crop[c] for c in PLAYER_CROPS if c not in s.crop]  # SV-002


def _exemptions(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.exempt[Exemption.YANACONA], menu.exempt[Exemption.FOREIGNER]]  # SV-494


def _partners(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.partner[q] for q in range(s.n) if q != s.active]  # SV-175


def farmer_has_room(s: SacredValleyState, tables: Tables, i: int) -> bool:
    """SV-128/SV-504 a farmer below HP_MAX."""
    fs = s.farmers[s.active]
    return i < len(fs) and fs[i] < tables.hp_max


def _farmers(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.farmer[i] for i in range(len(s.farmers[s.active])) if farmer_has_room(s, tables, i)]


def _free_seeds(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    out = [menu.take[i] for i, t in enumerate(s.main) if t >= 0]  # SV-406
    if s.vines > 0:
        out.append(menu.take_vine)
    return out


def _discards(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.discard[c] for c in sorted(set(s.wh[s.active]))]  # SV-265 / SV-287


def _saboteur(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.sab[x] for _, x in plant_targets(s, tables, params, s.active, [VINE])] + [menu.keep]  # SV-499


def _dismissals(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.dismiss[i] for i, k in enumerate(s.cam[s.active]) if CAMAYO_DISCARDABLE[k]]  # SV-283


def _warrior(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.warrior[x] for x in range(tables.ncells) if not s.occupied(x)]  # SV-453


def tocricoc_target(s: SacredValleyState, x: int) -> bool:
    """SV-457 a grid with a Seed Tile, SV-155 and no meeple yet."""
    return s.tile[x] >= 0 and s.mee_owner[x] < 0


def _tocricoc(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.tocricoc[x] for x in range(tables.ncells) if tocricoc_target(s, x)]


def _herder(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    out: list[Action] = []
    if s.herd_left > 0:  # SV-394 up to HERDER_MOVES moves
        dests = alpaca_destinations(s, tables, params)
        for a in range(ALPACAS):
            if herd_move_allowed(s, params, a):
                out += [menu.herd[a][x] for x in dests]
    out.append(menu.stop_herd)
    return out


# ------------------------------------------------------------------ gates
def _before_the_action(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> Refusal | None:
    return Refusal("SV-062", "the regular action was already taken this turn") if s.regular_done else None


def _after_the_action(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> Refusal | None:
    return None if s.regular_done else Refusal("SV-340", "extra actions come after the regular action")


def _turn_may_end(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> Refusal | None:
    return None if s.regular_done else Refusal("SV-062", "the regular action has not been taken yet")


def _purchase_may_end(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> Refusal | None:
    """SV-065/SV-243 after PURCHASE_MIN_ITEMS items, or when no further item can be acquired."""
    if s.items >= params.PURCHASE_MIN_ITEMS:
        return None
    if not purchase_items(s, tables, params, menu, s.active):
        return None
    return Refusal("SV-065", "a Purchase must acquire at least one item")


def _between_items(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> Refusal | None:
    return None if s.items else Refusal("SV-068", "no free window before the first item of a Purchase")


def _end_turn(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.end_turn]


def _end_purchase(s: SacredValleyState, tables: Tables, params: Params, menu: ActionTable) -> list[Action]:
    return [menu.end_purchase]


ACTIONS = kinds("plant", "harvest", "purchase", "work")
WINDOW = Offer(kinds("weave", "gray", "clean"), always_open, window_actions)
OFFERS: dict[Phase, tuple[Offer, ...]] = {
    Phase.CROP_CHOICE: (Offer(kinds("crop"), always_open, _crops),),
    Phase.MAIN: (
        WINDOW,
        Offer(ACTIONS, _before_the_action, actions_or_harvest),
        Offer(kinds("extra"), _after_the_action, extra_actions),
        Offer(kinds("end_turn"), _turn_may_end, _end_turn),
    ),
    Phase.PURCHASE: (
        Offer(kinds("buy", "buy_vine", "hire", "tech"), always_open, _items),
        Offer(kinds("end_purchase"), _purchase_may_end, _end_purchase),
        WINDOW._replace(gate=_between_items),
    ),
    Phase.EXTRA_PLANT: (Offer(kinds("plant"), always_open, _plants),),
    Phase.EXTRA_ANY: (Offer(ACTIONS, always_open, actions_or_harvest),),
    Phase.EXEMPTION: (Offer(kinds("exempt"), always_open, _exemptions),),
    Phase.PARTNER: (Offer(kinds("partner"), always_open, _partners),),
    Phase.FARMER: (Offer(kinds("farmer"), always_open, _farmers),),
    Phase.FREE_SEED: (Offer(kinds("take", "take_vine"), always_open, _free_seeds),),
    Phase.DISCARD_SEED: (Offer(kinds("discard"), always_open, _discards),),
    Phase.KEEPER_DISCARD: (Offer(kinds("discard"), always_open, _discards),),
    Phase.SABOTEUR: (Offer(kinds("sab", "keep"), always_open, _saboteur),),
    Phase.DISCARD_CAMAYO: (Offer(kinds("dismiss"), always_open, _dismissals),),
    Phase.WARRIOR: (Offer(kinds("warrior"), always_open, _warrior),),
    Phase.TOCRICOC: (Offer(kinds("tocricoc"), always_open, _tocricoc),),
    Phase.HERDER: (Offer(kinds("herd", "stop_herd"), always_open, _herder),),
    Phase.OVER: (),
}
