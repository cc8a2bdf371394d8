"""Sacred Valley evaluator: a *planning* estimate of what each seat will be worth in coins at the end.

The winner has the most coins plus Camayo end rewards (SV-580/SV-581). A seat's worth is that score plus what
the assets it holds will turn into, so that one-ply greedy sees an investment (buying a seed, a Technology, a
Camayo) as the exchange it is and not as a loss of coins:

* **coins** (the first ``LIQUID_CAP`` worth ``LIQUID`` more early on: a broke seat can only pass or Work) and
  **Camayo end rewards** (doubled with Hatun Rantic, SV-497), debts subtracted (SV-204);
* **farmers on the Harvest Track**: ``HARVEST_TRACK`` cash (SV-220) blended (weight ``LAM``) with the linear
  rate ``TRACK[7] / 7`` per HP, so that cashing a low farmer early looks slightly wasteful; a farmer on 7
  that still has tiles to plant loses ``FULL`` (its next HP would be lost, SV-128);
* **Warehouse tiles** by the HP of their planting now (SV-094–SV-105, SV-120–SV-127: Farmland size + alpacas,
  vines 2, Yanacona's cap, Irrigator, Ayllu Member; the k-th tile of a crop gets the k-th best grid, capped at
  what the farmers can hold), converted with the track value from the seat's freest farmer, best tiles first,
  times ``DISCOUNT`` less ``ACTION`` (the action its planting takes). HP beyond 7 count at ``OVERFLOW`` per
  extra Harvest cycle. A tile without its Technology (and no exemption) is worth only ``TECHLESS``. Only the
  best ``capacity`` tiles count (SV-264/SV-265), so a forced discard of a full Warehouse is never a gain;
* **Technologies**: ``TECH`` each for the plantings they enable later (scaled by the empty part of the Terrace);
* **Camayo abilities**: a per-kind estimate (``PERM`` for permanent abilities, scaled by the time left, and
  ``SHOT`` for unused one-shot markers), counted once per kind (SV-293);
* ``-PASS`` when the seat's latest turn had a Harvest that paid nothing from the track (SV-063/SV-221: a
  wasted action; with Harvest Worker it would otherwise look like +$2 a turn), read from the public log.

Time: the game ends when every grid is occupied (SV-560), so the action cost, the discount and the track
premium fade over the last ``HORIZON`` empty grids, where worth becomes the final score (final harvest,
SV-565). Decisions the engine collects in steps are valued as done: a planting waiting for its work partner or
exemption counts as planted, HP waiting for a farmer choice as added, a bought tile waiting for a discard as
the best ``capacity`` tiles, a hired Camayo waiting for a dismissal as the best kept set, a due free seed as
the best Catu tile; in the active seat's Purchase window its best next item (or Technology + tile of that crop)
is added, a loss if the Purchase has no item yet (SV-065) and at least 0 after.

Value = lead over the best other seat, squashed with a scale that shrinks from ``SCALE`` to ``END_SCALE`` of
it as the Terrace fills (a late lead is more decisive, so a leader likes to fill the Terrace and a trailer
does not); near the end a leader's plantable tiles also count ``FILL_TILE`` of a filled grid each. Reads only
the determinized view: the Terrace, Catus, Warehouses, Technologies and their reserve, Camayos, farmers, debts,
the public log, the seats' coins as the view holds them (the engine keeps them: SV-603 public payments), the
pending tile / Camayo / planting of the active seat, and ``params``; never the bag or the Camayo piles.
Terrace tables are memoised per Terrace, and the seats' worths for the last view.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.strategy import outcome_value, squash
from tawa.games.sacred_valley.data import (
    ALPACA_WORKER,
    AYLLU_MEMBER,
    BARTERER,
    CAMAYO_COST,
    CAMAYO_DISCARDABLE,
    CAMAYO_NAMES,
    CAMAYO_ONE_SHOT,
    CAMAYO_REWARD,
    CHASQUI,
    CLEANER,
    CULTIVATOR,
    FOREIGNER,
    HARVEST_EXPERT,
    HARVEST_WORKER,
    HATUN_RANTIC,
    HATUN_RUNA,
    HERDER,
    IRRIGATOR,
    PLAYER_CROPS,
    SABOTEUR,
    SEED_RANTIC,
    SUPERVISOR,
    TERRACE_WORKER,
    TOCRICOC,
    UMU,
    VINE,
    WAREHOUSE_KEEPER,
    WARRIOR,
    WEAVER,
    YANACONA,
    Tables,
    tables_for,
)
from tawa.games.sacred_valley.rules.actions import Key
from tawa.games.sacred_valley.rules.common import LOG_ONLY
from tawa.games.sacred_valley.rules.terrace import anchored, flood, planting_hp
from tawa.games.sacred_valley.state import Cover, Last, Phase, SacredValleyState

SCALE = 12.0
DISCOUNT = 0.85  # a held tile is worth this share of the HP value its planting would add ...
ACTION = 1.0  # ... less this, the value of the action its planting will take
OVERFLOW = 0.7  # share of a fresh track's value for HP that fit only after a Harvest
LAM = 0.25  # weight of the linear per-HP rate in the value of HP on the track
FULL = 0.5  # a farmer on 7 with tiles to plant: the next planting would lose HP (SV-128)
PASS = 3.0  # a Harvest with every farmer on 0 (a wasted action; Harvest Worker would make it look like +2)
SCAN = 150  # log events searched back for a seat's latest Harvest (separators and slides not counted)
TECHLESS = 0.1  # a tile whose Technology the seat lacks, while one is still buyable
TECHLESS_DEAD = 0.0  # ... and when none can be bought (SV-312/SV-313)
TECH = 5.0  # a Technology, for the plantings it enables over a whole game
TOP = 3  # grids kept per crop (a Warehouse holds at most 3 tiles of a crop without Warehouse Keeper)
HORIZON = 8  # empty grids over which the planning terms fade out
END_SCALE = 0.1  # share of SCALE left when the Terrace is full
FILL_TILE = 0.5  # near the end, a leader's plantable Warehouse tile counts as this much of a filled grid
LIQUID, LIQUID_CAP = 1.0, 3  # extra value of each of the first coins: spending the last ones stalls a seat
# Camayo ability values in coins (end rewards are in the score): permanent abilities over a whole game
PERM = {
    ALPACA_WORKER: 1.0,
    HERDER: 1.0,
    YANACONA: 1.5,
    SEED_RANTIC: 3.0,
    IRRIGATOR: 1.0,
    AYLLU_MEMBER: 1.0,
    WAREHOUSE_KEEPER: 0.5,
    TERRACE_WORKER: 0.5,
    HARVEST_WORKER: 6.0,
    TOCRICOC: 2.0,
    WEAVER: 1.5,
    CULTIVATOR: 3.0,
    HARVEST_EXPERT: 6.0,
    SABOTEUR: 0.5,
    SUPERVISOR: 4.0,
    UMU: 1.0,
    WARRIOR: 0.5,
}
# unused one-shot markers (SV-289)
SHOT = {ALPACA_WORKER: 2.0, BARTERER: 1.5, CLEANER: 0.5, HATUN_RUNA: 2.0, CHASQUI: 2.5, FOREIGNER: 1.0}


# ------------------------------------------------------------------ terrace: best planting per crop
Tops = list[list[int]]  # per crop: the best base values of distinct grids, best first (at most TOP)
_TERRACE_CACHE: dict[tuple[Any, ...], tuple[Tops, list[tuple[int, Tops]], int]] = {}


def _terrace(s: SacredValleyState, tables: Tables) -> tuple[Tops, list[tuple[int, Tops]], int]:
    """(best base values per crop on open grids, the same per locked level, empty grids).

    Base value = Farmland size + alpacas after planting that crop there (SV-121), over every empty, anchored
    grid without a meeple (SV-091–SV-099). Several grids are kept because two tiles of one crop cannot both
    use the best one. Memoised on the Terrace."""
    key = (id(tables), tuple(s.tile), tuple(s.alp), tuple(s.iso), tuple(s.cover), tuple(s.mee_owner))
    hit = _TERRACE_CACHE.get(key)
    if hit is not None:
        return hit
    tile, alp = s.tile, s.alp
    n = tables.ncells
    comp = [-1] * n
    weight: list[int] = []  # tiles + alpacas per Farmland
    for x in range(n):
        if tile[x] >= 0 and comp[x] < 0:
            cells = flood(s, tables, tile[x], x)
            for y in cells:
                comp[y] = len(weight)
            weight.append(len(cells) + sum(1 for y in cells if alp[y] >= 0))
    best: Tops = [[] for _ in range(6)]
    locked: dict[int, Tops] = {}
    empty = 0
    for x in range(n):
        if tile[x] >= 0:
            continue
        if alp[x] < 0 and s.mee_owner[x] < 0:
            empty += 1
        if s.mee_owner[x] >= 0 or not anchored(s, tables, x):
            continue
        own = 1 + (alp[x] >= 0)
        vals = [own] * 6
        seen: list[int] = []
        for z in tables.fnb[x]:
            cz = comp[z]
            if cz >= 0 and cz not in seen:
                seen.append(cz)
                vals[tile[z]] += weight[cz]
        lv = tables.level[x]
        if lv in tables.unlock_fee and s.cover[lv] == Cover.ON_TERRACE:
            row = locked.setdefault(lv, [[] for _ in range(6)])
        else:
            row = best
        for c in range(6):
            top = row[c]
            top.append(vals[c])
            if len(top) > TOP:
                top.sort(reverse=True)
                top.pop()
    for row in [best, *locked.values()]:
        for top in row:
            top.sort(reverse=True)
    out = (best, list(locked.items()), empty)
    if len(_TERRACE_CACHE) > 4096:
        _TERRACE_CACHE.clear()
    _TERRACE_CACHE[key] = out
    return out


# ------------------------------------------------------------------ per seat
class _Ctx:
    """What every seat's worth needs from one view."""

    __slots__ = ("best", "empty", "frac", "locked", "params", "pv", "s", "tab", "tf", "view", "w")

    def __init__(self, view: Game) -> None:
        self.view = view
        self.s: SacredValleyState = view.state
        self.params = view.params
        self.tab = tables_for(view.params)
        self.best, self.locked, self.empty = _terrace(self.s, self.tab)
        plant = self.s.plant
        if plant is not None and plant.stage < 3 and not self.s.occupied(plant.cell):
            self.empty -= 1  # a planting waiting for its partner or exemption is valued as done
        self.tf = min(1.0, self.empty / HORIZON)  # planning terms fade out near the end (SV-560)
        self.frac = self.empty / self.tab.ncells  # share of the game left
        tab = self.tab
        rate = tab.track[tab.hp_max] / tab.hp_max  # the track's linear rate; its premium over cash fades out
        self.pv = [tab.track[f] + LAM * self.tf * (rate * f - tab.track[f]) for f in range(tab.hp_max + 1)]
        self.w: dict[int, float] = {}


class _Seat:
    """The assets of one seat, as lists that a hypothetical acquisition may extend."""

    __slots__ = ("bonus", "cams", "farmers", "markers", "p", "techs", "tiles")

    def __init__(self, s: SacredValleyState, p: int, bonus: float = 0.0) -> None:
        self.p = p
        self.bonus = bonus  # value of each plantable tile as a grid the seat can fill (leaders only)
        self.tiles = list(s.wh[p])
        self.cams = list(s.cam[p])
        self.markers = list(s.marker[p])
        self.techs = list(s.techs[p])
        self.farmers = list(s.farmers[p])

    def copy(self) -> _Seat:
        c = _Seat.__new__(_Seat)
        c.p, c.bonus = self.p, self.bonus
        c.tiles, c.cams, c.markers = list(self.tiles), list(self.cams), list(self.markers)
        c.techs, c.farmers = list(self.techs), list(self.farmers)
        return c


def _base(ctx: _Ctx, p: int, crop: int, k: int, tw: bool) -> int:
    """Base value of the ``k``-th best grid (0 = best) for ``crop`` and ``p``: open grids, or locked ones whose
    unlock fee p can pay (SV-174); 1 (a lone tile, later) past the last grid; -1 if no grid at all."""
    top = ctx.best[crop]
    for lv, row in ctx.locked:
        if row[crop] and (tw or ctx.s.coins[p] >= ctx.tab.unlock_fee[lv]):
            top = sorted(top + row[crop], reverse=True)
    if not top:
        return -1
    return top[k] if k < len(top) else 1


def _tile_hp(ctx: _Ctx, a: _Seat, crop: int, foreigner: bool, k: int = 0) -> int:
    """HP of planting the ``k``-th tile of ``crop`` held by the seat (SV-120–SV-127); -1: no Technology nor
    exemption."""
    cam = a.cams
    base = _base(ctx, a.p, crop, k, TERRACE_WORKER in cam)
    if base < 0:
        return 0
    if crop == VINE:
        return ctx.tab.vine_hp  # SV-122
    if crop in a.techs or foreigner:
        hp = base
    elif YANACONA in cam:
        hp = min(base, ctx.tab.yanacona_cap)  # SV-124/SV-397
    else:
        return -1  # SV-101
    if base == 1 and IRRIGATOR in cam:
        hp += 1  # SV-125
    if crop == ctx.s.crop[a.p] and AYLLU_MEMBER in cam:
        hp += 1  # SV-126
    return hp


def _w(ctx: _Ctx, t: int) -> float:
    """Value of ``t`` HP from 0: up to 7 on the track; each further 7 after one more Harvest, at ``OVERFLOW``."""
    hit = ctx.w.get(t)
    if hit is not None:
        return hit
    top = ctx.tab.hp_max
    value = 0.0
    share = 1.0
    left = t
    while left > 0:
        value += share * ctx.pv[min(top, left)]
        left -= top
        share *= OVERFLOW
    ctx.w[t] = value
    return value


def _warehouse(ctx: _Ctx, a: _Seat) -> float:
    """Value of the Warehouse tiles: the HP value each adds from the seat's freest farmer, best tiles first,
    discounted and less the action its planting takes; only the best ``capacity`` tiles count."""
    tab = ctx.tab
    cap = tab.warehouse_keeper if WAREHOUSE_KEEPER in a.cams else tab.warehouse_base
    foreigner = FOREIGNER in a.cams and any(k == FOREIGNER and m for k, m in zip(a.cams, a.markers, strict=True))
    hps: list[int] = []
    techless = 0
    nth = [0] * 6
    for c in a.tiles:
        h = _tile_hp(ctx, a, c, False, nth[c])
        if h < 0 and foreigner:  # SV-493 one tile without its Technology
            foreigner = False
            h = _tile_hp(ctx, a, c, True, nth[c])
        nth[c] += 1
        if h < 0:
            techless += 1
        else:
            hps.append(h)
    most = ctx.tab.hp_max * len(a.farmers)  # SV-128/SV-504 HP beyond every farmer's 7 are lost
    hps = sorted((min(h, most) for h in hps), reverse=True)[:cap]  # SV-264/SV-265 only what fits is kept
    techless = min(techless, cap - len(hps))
    value = 0.0
    tf = ctx.tf
    if hps:
        pos = min(a.farmers)
        prev = _w(ctx, pos)
        share = 1.0 - (1.0 - DISCOUNT) * tf  # at the very end a tile is worth the cash its HP bring
        for h in hps:
            pos += h
            cur = _w(ctx, pos)
            value += max(0.0, share * (cur - prev) - ACTION * tf)
            prev = cur
        if min(a.farmers) >= ctx.tab.hp_max:
            value -= FULL * tf  # SV-128 the next planting would lose its HP
        if a.bonus:
            value += a.bonus * min(ctx.empty, sum(1 for h in hps if h > 0))
    if techless:
        buyable = len(a.techs) < tab.max_tech
        value += techless * (TECHLESS if buyable else TECHLESS_DEAD) * tf
    return value


def _camayos(ctx: _Ctx, cams: list[int], markers: list[bool]) -> float:
    """End rewards (SV-580/SV-581/SV-497) plus ability estimates of a Work Zone."""
    rewards = sum(CAMAYO_REWARD[k] for k in cams)
    if HATUN_RANTIC in cams:
        rewards *= ctx.tab.rantic_multiplier
    perm = sum(PERM.get(k, 0.0) for k in set(cams)) * ctx.frac  # SV-293 no stacking
    shots = sum(SHOT.get(k, 0.0) for k, m in zip(cams, markers, strict=True) if m) * ctx.tf
    return rewards + perm + shots


def _assets(ctx: _Ctx, a: _Seat) -> float:
    """Everything but coins and debts: Camayos, farmers, Warehouse, Technologies."""
    value = _camayos(ctx, a.cams, a.markers)
    value += sum(ctx.pv[f] for f in a.farmers)  # SV-220 track cash + a fading premium
    value += _warehouse(ctx, a)
    value += TECH * ctx.frac * len(a.techs)
    if HARVEST_WORKER in a.cams:
        value += ctx.tab.harvest_worker_bonus  # SV-450 the final harvest pays it at least once
    if HARVEST_EXPERT in a.cams and max(a.farmers) >= ctx.tab.hp_max:
        value += ctx.tab.harvest_expert_bonus  # SV-495
    return value


def _with_camayo(ctx: _Ctx, a: _Seat, k: int) -> float:
    """Assets after hiring ``k``: with 3 held, the best set after dismissing a discardable one (SV-282/SV-283)."""
    b = a.copy()
    b.cams.append(k)
    b.markers.append(CAMAYO_ONE_SHOT[k])
    if len(a.cams) < ctx.tab.max_camayos:
        return _assets(ctx, b)
    best = float("-inf")
    for i in range(len(a.cams)):
        if CAMAYO_DISCARDABLE[a.cams[i]]:
            c = b.copy()
            del c.cams[i], c.markers[i]
            best = max(best, _assets(ctx, c))
    return best


def _with_tile(ctx: _Ctx, a: _Seat, crop: int) -> float:
    """Warehouse value with one more tile of ``crop`` (only the Warehouse term changes)."""
    b = a.copy()
    b.tiles.append(crop)
    return _warehouse(ctx, b)


def _purchase_option(ctx: _Ctx, a: _Seat, base: float, must: bool) -> float:
    """The Purchase window's option value: the best net gain among the items acquirable now (SV-240–SV-313),
    or a Technology followed by a Main Catu tile of its crop (a two-step plan one-ply greedy would not see).
    A Purchase must acquire an item (SV-065/SV-243), so before the first one the best may be a loss; after
    it, at least 0. Each crop and Camayo kind is tried once, at its cheapest slot."""
    s, tab = ctx.s, ctx.tab
    p = a.p
    coins = s.coins[p]
    rantic = SEED_RANTIC in a.cams  # SV-399
    tiles: dict[int, int] = {}  # crop -> cheapest price
    for i, t in enumerate(s.main):
        if t >= 0:
            price = tab.seed_rantic_price if rantic else tab.main_prices[i]  # SV-260
            if price <= coins and price < tiles.get(t, 99):
                tiles[t] = price
    if s.vines > 0:
        price = tab.seed_rantic_price if rantic else tab.vine_price  # SV-262
        if price <= coins:
            tiles[VINE] = price
    wh = _warehouse(ctx, a)
    best = float("-inf")
    for crop, price in tiles.items():
        best = max(best, _with_tile(ctx, a, crop) - wh - price)
    if len(a.techs) < tab.max_tech:  # SV-310–SV-313
        price = tab.tech_costs[len(a.techs) - 1]
        if price <= coins:
            for c in PLAYER_CROPS:
                if c not in a.techs and s.tech_res[c] > 0:
                    b = a.copy()
                    b.techs.append(c)
                    gain = TECH * ctx.frac - price
                    best = max(best, gain + _warehouse(ctx, b) - wh)
                    if c in tiles and price + tiles[c] <= coins:
                        best = max(best, gain + _with_tile(ctx, b, c) - wh - tiles[c])
    if len(a.cams) < tab.max_camayos or any(CAMAYO_DISCARDABLE[k] for k in a.cams):  # SV-283
        kinds: dict[int, int] = {}
        for i, k in enumerate(s.cat):
            if k >= 0:
                price = CAMAYO_COST[k] + tab.surcharge[i]  # SV-280
                if price <= coins and price < kinds.get(k, 99) and (tab.allow_duplicates or k not in a.cams):
                    kinds[k] = price
        for k, price in kinds.items():
            best = max(best, _with_camayo(ctx, a, k) - base - price)
    if best == float("-inf"):
        return 0.0
    return best if must else max(0.0, best)


def _free_seed(ctx: _Ctx, a: _Seat) -> float:
    """A due free seed (SV-405/SV-491/SV-406): the best tile of the Main or Vine Catu."""
    s = ctx.s
    crops = {t for t in s.main if t >= 0} | ({VINE} if s.vines > 0 else set())
    wh = _warehouse(ctx, a)
    return max((_with_tile(ctx, a, c) - wh for c in crops), default=0.0)


def worth(ctx: _Ctx, p: int, active: int, bonus: float = 0.0) -> float:
    """Estimated final score of seat ``p`` (plus ``bonus`` per plantable tile, see ``evaluate``)."""
    s = ctx.s
    a = _Seat(s, p, bonus)
    value = s.coins[p] + LIQUID * ctx.tf * min(s.coins[p], LIQUID_CAP)
    for lv in s.debts[p]:
        value -= ctx.tab.unlock_fee[lv]  # SV-204
    if _idle_harvest(ctx.view, p, active):
        value -= PASS  # SV-063/SV-221 a Harvest of an empty track only passed the turn
    if p != active:
        return value + _assets(ctx, a)
    if s.pending >= 0:
        a.tiles.append(s.pending)  # a bought / free tile on its way in (SV-263/SV-265)
    plant = s.plant
    if plant is not None:
        if plant.stage < 3:  # exemption or work partner pending: value the planting as done
            cells = flood(s, ctx.tab, plant.crop, plant.cell)
            hp = planting_hp(s, ctx.tab, ctx.params, p, plant.crop, cells, plant.exempt)[0]
            if plant.crop in a.tiles:
                a.tiles.remove(plant.crop)
        else:
            hp = plant.hp
        _add_hp(a.farmers, hp, ctx.tab.hp_max)
    if s.pending_cam >= 0 and s.mode == Phase.DISCARD_CAMAYO:
        k = s.pending_cam
        return value + _with_camayo(ctx, a, k)
    base = _assets(ctx, a)
    if s.mode == Phase.FREE_SEED:
        base += _free_seed(ctx, a)
    elif s.window == Phase.PURCHASE and s.mode in (Phase.PURCHASE, Phase.DISCARD_SEED):  # a discard goes back to it
        base += _purchase_option(ctx, a, base, s.items == 0)
    return value + base


def _idle_harvest(view: Game, p: int, active: int) -> bool:
    """Whether ``p``'s latest turn (the current one if ``p`` is active and has taken an action in it) had a
    Harvest that paid nothing from the track, read from the public log (SV-603: Harvest payouts and turn ends are
    public events). At the start of ``p``'s own turn the previous one still counts, so the mark does not vanish
    when the turn comes back round (searches that score leaves there would otherwise see an idle Harvest as free)."""
    events = islice((e for e in reversed(view.log) if e.kind not in LOG_ONLY), SCAN)  # latest first
    if p != active or view.state.last == Last.NONE:  # skip back to the end of p's latest turn
        for e in events:
            if e.kind == "end_turn" and e.data.get("seat") == p:
                break
    for e in events:
        if e.kind == "end_turn":
            return False
        if e.kind == "harvest" and e.data.get("seat") == p:
            return bool(e.data.get("amount", 0) == e.data.get("bonus", 0))
    return False


def _add_hp(farmers: list[int], hp: int, top: int) -> None:
    """SV-128/SV-504: HP go to the freest farmer first, then spill; the rest is lost."""
    for i in sorted(range(len(farmers)), key=lambda j: farmers[j]):
        add = min(hp, top - farmers[i])
        farmers[i] += add
        hp -= add


def worths(view: Game) -> list[float]:
    ctx = _Ctx(view)
    active = ctx.s.active if ctx.s.mode != Phase.OVER else -1
    return [worth(ctx, p, active) for p in range(view.players)]


_LAST: list[Any] = [None, None, None]  # [key, view (kept alive so its id stays unique), (ctx, worths)]


def _worths(view: Game) -> tuple[_Ctx, list[float]]:
    """Every seat's worth, memoised for the last view: search scores one leaf for every seat in a row."""
    s: SacredValleyState = view.state
    key = (id(view), len(view.history), s.mode, s.active, s.items, tuple(s.coins))
    if _LAST[0] == key and _LAST[1] is view:
        return _LAST[2]  # type: ignore[no-any-return]
    ctx = _Ctx(view)
    active = s.active if s.mode != Phase.OVER else -1
    out = (ctx, [worth(ctx, p, active) for p in range(view.players)])
    _LAST[0], _LAST[1], _LAST[2] = key, view, out
    return out


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    ctx, w = _worths(view)
    lead = w[seat] - max(w[q] for q in range(len(w)) if q != seat)
    n = ctx.tab.ncells
    step = SCALE * (1.0 - END_SCALE) / n  # the squash scale shrinks by this per filled grid (SV-560) ...
    scale = SCALE * END_SCALE + step * ctx.empty  # ... so a lead is more decisive as the Terrace fills
    if lead > 0:  # a leader's plantable tiles are also grids it can fill soon, worth what a filled grid is
        cell = lead / scale * step  # in coins: d(squash)/d(scale) * step / d(squash)/d(lead)
        active = ctx.s.active if ctx.s.mode != Phase.OVER else -1
        lead += worth(ctx, seat, active, FILL_TILE * (1.0 - ctx.tf) * cell) - w[seat]
    return squash(lead, scale)


# ismcts defaults: leaf evaluation without rollouts (random sub-steps only add noise to this evaluator) and a
# small exploration constant (value gaps between sub-steps are a few hundredths); 600 iterations, ~0.2 s a move
# on one core: 41.4% of 201 games against two greedy seats where 300 had 38.0% (the same seeds), confirmed at
# 48.4% on fresh seeds (docs/studies/sacred-valley-ismcts.md). (backup=max: 39.4% on the first seeds, not the default.)
SEARCH_DEFAULTS: dict[str, float | str] = {"iters": 600, "depth": 0, "c": 0.02}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""


def report_extras(g: Game) -> dict[str, Any]:
    """For ``tawa report``: the Camayos each seat holds at the end (win rate by Camayo)."""
    held = [[CAMAYO_NAMES[k] for k in cams] for cams in g.state.cam]
    return {"seat_category": {"Camayo held at the end": held}}


# ------------------------------------------------------------------ progress-biased playouts (tests, --seats progress)
_WEIGHTS = {
    "end_purchase": 2.0,
    "end_turn": 2.0,
    "hire": 0.5,
    "tech": 3.0,
    "gray": 0.3,
    "stop_herd": 3.0,
    "herd": 0.2,
    "extra": 2.0,
    "work": 3.0,
    "weave": 1.0,
}


def progress_weights(s: SacredValleyState, actions: Sequence[Action]) -> list[float]:
    """Favour planting and buying plantable tiles so random games fill the Terrace and end."""
    p = s.active
    techs = s.techs[p] if s.crop[p] >= 0 else []

    def plantable(c: int) -> bool:
        return c == VINE or c in techs

    wh_ok = sum(1 for c in s.wh[p] if plantable(c))
    w = []
    for a in actions:
        k: Key = a.data
        v = k.verb
        if v in ("plant", "sab", "clean"):
            x = 30.0
        elif v == "purchase":
            x = 6.0 if wh_ok < 2 else 0.5
        elif v == "buy":
            x = 8.0 if plantable(s.main[k.which]) else 0.2
        elif v in ("buy_vine", "take_vine"):
            x = 6.0
        elif v == "take":
            x = 5.0 if plantable(s.main[k.which]) else 0.5
        elif v == "discard":
            x = 0.3 if plantable(k.crop) else 5.0
        elif v == "harvest":
            x = 1.0 + 2 * sum(s.farmers[p])
        else:
            x = _WEIGHTS.get(v, 1.0)
        w.append(x)
    return w
