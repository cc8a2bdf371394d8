"""What the bots and the playouts know of P'achakuna: the progress weights of biased random playouts, the
evaluator, the search defaults and the report's extras. None of it is a rule.

The evaluator is a *planning* estimate of how close each seat is to holding all 7 colours.

A seat wins the moment its supply holds one piece of each of the 7 colours (PK-300). A missing colour c is
gained by a llama that carries c selling it at a village whose demand shows c (PK-202/203); a llama gets c by
selling anything (even for nothing, PK-209) at the c village, or by being bought there (PK-236/277). So the
value of a position is, per seat:

* 1 per goal colour held (PK-300/301);
* for each missing colour, the best *plan* of one llama (each llama and each colour used once, a greedy
  assignment): "deliver" (the llama carries c: reach a village showing c, 0.72 for the upper flag, 0.68 for the
  lower) or "fetch" (reach the c village, be loaded with c there, then deliver from that village: 0.9 times the
  delivery value from the c village, so that selling there is always a gain), each times a discount
  ``REACH[level]`` per leg: level 0 = the llama stands there, 1 = reachable now, 1 + r = r rotations away. A
  village whose demand is unknown (sold this turn) counts ``UNKNOWN_DEMAND`` of a lower-flag delivery, one that
  does not show c half that (demands are redrawn after each sale, PK-270);
* 0.04 per spare piece (pieces beyond the first of each colour, brown included, PK-134/231: the currency of paid
  rotations and llamas), up to 6, so that a hoard is spent on llamas and rotations;
* 2 per llama of the seat on the board (``LLAMA``, PK-230/239): what it will deliver over the rest of the game,
  which the one-llama plans above do not see; a llama is then worth buying even with colours held.

Routes: per terrain, the tiles joined by touching sides that both have that terrain form components (one move
crosses a component, PK-060/061/063); a search over components, villages and one "rotated" node per rotatable
tile (level by level, over bit masks of the nodes: one big-integer OR per node and edge cost) gives each
llama's (and each village's) cost to every village: entering a rotated tile costs 1 (it is taken to connect any
of its sides: an optimistic reading of PK-047/048), 2 under a rock for the seat to move (PK-139); tiles with a
llama never rotate (PK-138); villages end a move (PK-064), so going on from one costs a turn (1). Searching
stops at ``MAX_COST``.
Pending choices the engine collects piece by piece are valued as done: a paid rotation being paid for is taken
as applied, a llama being paid for as standing on its village loaded with that colour, and the pieces still
owed as spent; a llama that sold (or was bought) this turn counts as loaded with its village colour (PK-277).

Value = own progress minus the opponent's, squashed with a scale of 2.5. Reads only public fields of the
determinized view (``types``, ``orient``, ``rocks``, ``pos``, ``load``, ``reload``, ``supply``, ``demand``,
``active``, ``step``, ``paying`` and its pending cell/orientation/village; PK-340). Route searches are memoised
per (terrain, board, llamas, rocks) since greedy and ismcts evaluate many positions with one board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.params import Params
from tawa.core.strategy import outcome_value, squash
from tawa.games.pachakuna.data import (
    BROWN,
    N_CELLS,
    N_COLOURS,
    N_LLAMAS,
    N_ORIENTATIONS,
    N_SIDES,
    NEIGH,
    OPPOSITE,
    Tables,
    Terrain,
    llamas_of,
    tables,
)
from tawa.games.pachakuna.rules.move import Move, destinations, llama_terrain, mover
from tawa.games.pachakuna.rules.pay import Pay
from tawa.games.pachakuna.rules.reach import reachable
from tawa.games.pachakuna.rules.rotate import Rotate, is_rotatable
from tawa.games.pachakuna.rules.trade import Buy, Sell, sale_gain
from tawa.games.pachakuna.state import PachakunaState, Payment, Phase

SCALE = 2.5
COLOURS = N_COLOURS
DELIVER_UPPER, DELIVER_LOWER = 0.72, 0.68  # PK-202 / PK-203: the upper flag pays 2 pieces
FETCH = 0.9  # times the delivery value from the fetched village: selling there must be a gain
UNKNOWN_DEMAND = 0.3  # chance-ish that a village's next demand shows the colour (12 of ~30 valid, PK-271)
SPARE, SPARE_CAP = 0.04, 6
# each of the seat's llamas on the board (PK-230..239), in colours: a llama delivers over the rest of the game, and
# greedy, buying two a game even when the 4 pieces include colours it holds, beat every search that scored lines
# at the end of the turn without this term (docs/studies/pachakuna-ismcts.md, round 5)
LLAMA = 2.0
# discount by route level: 0 = on the village, 1 = reachable now, 1 + r = r rotations (or turns) away
REACH = (1.0, 0.8, 0.55, 0.38, 0.26, 0.18, 0.12)
MAX_COST = len(REACH) - 3  # costs searched: 0..MAX_COST rotations
FAR = MAX_COST + 1  # a route cost beyond the search; level 1 + FAR is the last entry of REACH
ALL = (1 << N_SIDES) - 1  # a mask of the 6 sides
TERRAINS = tuple(Terrain)


class _Static:
    """Per-params tables: terrain side masks per tile type and orientation, village cells, cell links."""

    def __init__(self, params: Params) -> None:
        t = tables(params)
        self.village_at = t.village_at
        self.village_cell = t.village_cell
        self.demands = t.demands
        # masks[terrain][type][o] = 6-bit mask of the board sides of that terrain (PK-046)
        self.masks: tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]] = ({}, {})
        for name, tt in t.tile_types.items():
            for terrain in TERRAINS:
                self.masks[terrain][name] = tuple(
                    sum(1 << d for d in range(N_SIDES) if tt.side_terrain[o][d] == terrain)
                    for o in range(N_ORIENTATIONS)
                )
        for terrain in TERRAINS:
            self.masks[terrain][""] = (ALL,) * N_ORIENTATIONS  # PK-062 village sides are both terrains
        self.tile_cells = [c for c in range(N_CELLS) if self.village_at[c] < 0]
        # tile_links[c] = ((side bit, neighbouring tile, its touching side bit), ...);
        # village_links[c] = ((side bit, the neighbouring village's colour), ...)
        self.tile_links = [
            tuple(
                (1 << d, NEIGH[c][d], 1 << OPPOSITE[d])
                for d in range(N_SIDES)
                if NEIGH[c][d] >= 0 and self.village_at[NEIGH[c][d]] < 0
            )
            for c in range(N_CELLS)
        ]
        self.village_links = [
            tuple(
                (1 << d, self.village_at[NEIGH[c][d]])
                for d in range(N_SIDES)
                if NEIGH[c][d] >= 0 and self.village_at[NEIGH[c][d]] >= 0
            )
            for c in range(N_CELLS)
        ]


def _static(view: Game) -> _Static:
    built: _Static = view.params.derived("pachakuna/heuristic", _Static)
    return built


class _Graph:
    """The board seen by one terrain: components of tiles joined by matching sides (cost 0, PK-061), the 7
    villages (PK-062/064) and one "rotated" node per rotatable tile (cost 1 to enter, 2 under a rock).

    Edges are kept as bit masks per node and cost (``adj[w][node]``: the nodes one edge of cost ``w`` away), so
    that a route search is a level-by-level sweep of big-integer ORs rather than one step per edge."""

    __slots__ = ("adj", "comp", "dist", "n_comp")

    def __init__(self, st: _Static, mask: list[int], rot_cost: list[int]) -> None:
        comp = [-1] * N_CELLS
        n = 0
        tile_links, village_links = st.tile_links, st.village_links
        for c in st.tile_cells:  # flood fill of the fixed tiles
            if comp[c] >= 0:
                continue
            comp[c] = n
            stack = [c]
            while stack:
                a = stack.pop()
                m = mask[a]
                for bit, b, far in tile_links[a]:
                    if m & bit and comp[b] < 0 and mask[b] & far:
                        comp[b] = n
                        stack.append(b)
            n += 1
        self.comp = comp
        self.n_comp = n
        vbase, rbase = n, n + COLOURS
        size = rbase + N_CELLS
        adj = ([0] * size, [0] * size, [0] * size)  # by edge cost 0, 1, 2
        a0 = adj[0]
        for c in st.tile_cells:
            rc = rot_cost[c]
            m = mask[c]
            mine = comp[c]
            for bit, v in village_links[c]:
                vn = vbase + v
                if m & bit:  # the tile's own component touches the village
                    a0[mine] |= 1 << vn
                    a0[vn] |= 1 << mine
            if not rc:
                continue
            here = rbase + c
            here_bit = 1 << here
            ac = adj[rc]
            for _, v in village_links[c]:  # rotated, the tile can face the village with any side
                a0[here] |= 1 << (vbase + v)
                ac[vbase + v] |= here_bit
            for _, b, far in tile_links[c]:
                if mask[b] & far:  # rotated c joins b's component
                    cb = comp[b]
                    a0[here] |= 1 << cb
                    ac[cb] |= here_bit
                rb = rot_cost[b]
                if rb:  # two rotated tiles in a row
                    adj[rb][here] |= 1 << (rbase + b)
        self.adj = adj
        self.dist: dict[int, list[int]] = {}

    def costs(self, source: int) -> list[int]:
        """Cost (rotations, or a turn to go on from a village) from node ``source`` to each village colour;
        ``FAR`` beyond ``MAX_COST``."""
        hit = self.dist.get(source)
        if hit is not None:
            return hit
        vbase = self.n_comp
        a0, a1, a2 = self.adj
        villages = ((1 << COLOURS) - 1) << vbase
        stops = villages & ~(1 << source)  # PK-064 a village ends the move: going on from it costs a turn
        pending = [0] * (MAX_COST + 4)
        pending[0] = 1 << source
        reached = 0
        out = [FAR] * COLOURS
        for d in range(MAX_COST + 1):
            frontier = pending[d] & ~reached
            while frontier:
                reached |= frontier
                near = 0
                f = frontier & ~stops
                while f:
                    low = f & -f
                    node = low.bit_length() - 1
                    f ^= low
                    near |= a0[node]
                    pending[d + 1] |= a1[node]
                    pending[d + 2] |= a2[node]
                f = frontier & stops  # the same sweep, one level later (kept apart: this is the hot loop)
                while f:
                    low = f & -f
                    node = low.bit_length() - 1
                    f ^= low
                    pending[d + 1] |= a0[node]
                    pending[d + 2] |= a1[node]
                    pending[d + 3] |= a2[node]
                frontier = near & ~reached
            got = (reached & villages) >> vbase
            for v in range(COLOURS):
                if got >> v & 1 and out[v] == FAR:
                    out[v] = d
        self.dist[source] = out
        return out

    def llama_levels(self, cell: int, village: int) -> list[int]:
        """Route level per village colour for a llama on ``cell``: 0 standing there, else 1 + cost."""
        if village >= 0:
            lv = [1 + x for x in self.costs(self.n_comp + village)]
            lv[village] = 0
            return lv
        return [1 + x for x in self.costs(self.comp[cell])]


_CACHE: dict[tuple[Any, ...], _Graph] = {}
_CACHE_MAX = 20_000
_TYPES_KEEP: dict[int, list[str]] = {}


def _graph(view: Game, st: _Static, terrain: int, orient: list[int], pos: list[int], seat: int) -> _Graph:
    s: PachakunaState = view.state
    types = s.types
    rocks = tuple(s.rocks) if s.active == seat and s.step <= Phase.ROTATE_PAID else ()
    key = (id(types), terrain, tuple(orient), tuple(pos), rocks)
    g = _CACHE.get(key)
    if g is None:
        masks = st.masks[terrain]
        mask = [masks[types[c]][orient[c]] for c in range(N_CELLS)]
        occupied = set(pos)
        rot_cost = [0 if (types[c] == "" or c in occupied) else 1 for c in range(N_CELLS)]  # PK-040, PK-138
        for c in rocks:
            if rot_cost[c]:
                rot_cost[c] = 2  # PK-139 not this turn
        g = _Graph(st, mask, rot_cost)
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
            _TYPES_KEEP.clear()
        _TYPES_KEEP[id(types)] = types  # keeps the id unique while the cache holds keys made from it
        _CACHE[key] = g
    return g


def _deliver_weight(flags: tuple[int, int] | None, c: int) -> float:
    if flags is None:  # sold this turn: the next demand is unknown
        return DELIVER_LOWER * UNKNOWN_DEMAND
    if flags[0] == c:
        return DELIVER_UPPER
    if flags[1] == c:
        return DELIVER_LOWER
    return DELIVER_LOWER * UNKNOWN_DEMAND * 0.5  # it may change when someone sells there


def _deliver(levels: list[int], c: int, flags: list[tuple[int, int] | None]) -> float:
    """Best value of carrying missing colour ``c`` with route ``levels`` to the villages (PK-202/203)."""
    best = 0.0
    for v in range(COLOURS):
        if v != c:
            val = _deliver_weight(flags[v], c) * REACH[levels[v]]
            if val > best:
                best = val
    return best


def _plans(
    view: Game, st: _Static, seat: int, orient: list[int], loads: list[int], pos: list[int], held: list[bool]
) -> float:
    """Sum of the best one-llama plans for the missing colours (greedy assignment)."""
    s: PachakunaState = view.state
    g = _graph(view, st, s.colour_of(seat), orient, pos, seat)
    flags = [st.demands[d] if d >= 0 else None for d in s.demand]
    village_at = st.village_at
    after_fetch: dict[int, float] = {}
    options: list[tuple[float, int, int]] = []
    for k in llamas_of(seat):
        if pos[k] < 0:
            continue
        lv = g.llama_levels(pos[k], village_at[pos[k]])
        load = loads[k]
        if 0 <= load < COLOURS and not held[load]:  # deliver what it carries
            options.append((_deliver(lv, load, flags), k, load))
        for c in range(COLOURS):  # fetch: be loaded with c at the c village (PK-209, PK-277), then deliver
            if held[c] or c == load or lv[c] > FAR:
                continue
            d = after_fetch.get(c)
            if d is None:
                d = after_fetch[c] = _deliver(g.llama_levels(st.village_cell[c], c), c, flags)
            options.append((FETCH * REACH[lv[c]] * d, k, c))
    options.sort(reverse=True)
    used_k: set[int] = set()
    used_c: set[int] = set()
    total = 0.0
    for val, k, c in options:
        if k in used_k or c in used_c:
            continue
        used_k.add(k)
        used_c.add(c)
        total += val
    return total


def progress(view: Game, seat: int) -> float:
    s: PachakunaState = view.state
    st = _static(view)
    supply = list(s.supply[seat])
    orient = s.orient
    pos = s.pos
    loads = list(s.load)
    for k in range(N_LLAMAS):  # PK-277 a llama that sold / was bought is loaded with the village colour
        if s.reload[k] and pos[k] >= 0:
            loads[k] = st.village_at[pos[k]]
    owed = 0
    if s.paying and s.active == seat:  # value a pending payment as done
        owed = s.pay_need
        if s.paying == Payment.ROTATION:
            orient = list(orient)
            orient[s.pay_cell] = s.pay_orient
        elif s.paying == Payment.LLAMA:
            k = next((k for k in llamas_of(seat) if pos[k] < 0), -1)
            if k >= 0:
                pos = list(pos)
                pos[k] = st.village_cell[s.pay_village]
                loads[k] = s.pay_village
    held = [supply[c] > 0 for c in range(COLOURS)]
    n_held = sum(held)
    spare = max(0, sum(supply) - n_held - owed)
    llamas = sum(1 for k in llamas_of(seat) if pos[k] >= 0)
    return n_held + _plans(view, st, seat, orient, loads, pos, held) + SPARE * min(spare, SPARE_CAP) + LLAMA * llamas


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    return squash(progress(view, seat) - progress(view, 1 - seat), SCALE)


# ismcts defaults: a rotate step offers ~320 actions, most of them equal under this evaluator. The search keeps
# greedy's 8 best first sub-steps (prior=8, ties by the progress weights as greedy's), plays each on to the end of
# the turn with greedy (tree=1, finish=greedy) and keeps the best: a turn-level lookahead over greedy's candidates.
# The finish scores only the 25 actions the progress weights favour (width=25: a paid-rotation step offers ~300,
# nearly all of them idle), so a rotation's 8 candidates cost about what 3 with full finishes did; c=1 gives every
# candidate its finish (8 iterations for 8 candidates). A search that scores lines inside a turn is misled (a
# pending payment counts as paid from spare pieces), and one that goes deeper than the turn adds the opponent's ~320
# replies as noise (docs/studies/pachakuna-ismcts.md, rounds 5-6: 71.3% [64.6%, 77.2%] against greedy, 200 games).
SEARCH_DEFAULTS: dict[str, float | str] = {
    "iters": 8,
    "depth": 0,
    "c": 1.0,
    "rollout": "random",
    "samples": 1,
    "prior": 8,
    "tree": 1,
    "finish": "greedy",
    "ties": "progress",
    "width": 25,
}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""


def report_extras(g: Game) -> dict[str, Any]:
    """For ``tawa report``: each seat's colour (white/black), the layout, and turns played (win rate and turns
    to win by colour and by layout)."""
    s = g.state
    colours = ["white" if seat == s.white_seat else "black" for seat in range(g.players)]
    return {"seat_category": {"colour": colours}, "game_category": {"layout": g.params.layout}, "turns": s.turn}


# ---------------------------------------------------------------------------- progress weights
# Biased random playouts (``--seats progress``, tests, the bots' ties): a cheap look-ahead so that random games reach
# sales and end. Only the relative weights of the legal actions; not rules.
Payout = tuple[int, int, int]  # the PAYOUT Param, read once per call (PK-202..PK-204)


def sale_value(s: PachakunaState, tables: Tables, payout: Payout, load: int, village: int) -> int:
    """What selling ``load`` at ``village`` would pay now (0 when it cannot sell or pays nothing)."""
    d = s.demand[village]
    if load < 0 or load == village or d < 0:
        return 0
    return sale_gain(tables, payout, load, d)


def visit_value(s: PachakunaState, tables: Tables, payout: Payout, load: int, v: int) -> int:
    """Value of selling ``load`` at village ``v``: the payout, more for a colour still missing, plus the
    village colour the llama is loaded with afterwards when that colour is missing."""
    if load < 0 or load == v or s.demand[v] < 0:
        return 0
    sup = s.supply[s.active]
    val = sale_value(s, tables, payout, load, v)
    if val and sup[load] == 0:
        val += 6
    if sup[v] == 0:
        val += 2
    return val


def _targets(s: PachakunaState, tables: Tables, payout: Payout, k: int) -> dict[int, int]:
    """Village cells where llama ``k`` would make a useful sale -> value."""
    out = {}
    for v in range(N_COLOURS):
        val = visit_value(s, tables, payout, s.load[k], v)
        if val:
            out[tables.village_cell[v]] = val
    return out


def _side_ok(s: PachakunaState, tables: Tables, cell: int, side: int, terrain: int) -> bool:
    if tables.village_at[cell] >= 0:
        return True
    return tables.tile_types[s.types[cell]].side_terrain[s.orient[cell]][side] == terrain


def _value_after(s: PachakunaState, tables: Tables, k: int, cell: int, o: int, targets: dict[int, int]) -> int:
    """Best target value llama ``k`` reaches once ``cell`` is turned to ``o`` (exact search)."""
    old = s.orient[cell]
    s.orient[cell] = o
    r = destinations(s, tables, k)
    s.orient[cell] = old
    return max((targets.get(c, 0) for c, _ in r), default=0)


def rotation_gains(s: PachakunaState, tables: Tables, payout: Payout) -> dict[tuple[int, int], float]:
    """(tile, orientation) -> value of the best useful sale that this rotation seems to open for one of the
    llamas (a heuristic, not a rule).

    Crossings are symmetric, so the cells from which a llama reaches a village are those reachable from that
    village. A rotated tile is taken to join the llama's area to a target's area when one region of the llama's
    terrain touches both through matching sides.
    """
    gains: dict[tuple[int, int], float] = {}
    seat = s.active
    terrain = llama_terrain(s, seat)
    village_at = tables.village_at
    for k in llamas_of(seat):
        if s.pos[k] < 0:
            continue
        targets = _targets(s, tables, payout, k)
        if not targets:
            continue
        reach = destinations(s, tables, k)
        if any(c in targets for c, _ in reach):
            continue
        mine = {s.pos[k]} | {c for c, _ in reach if village_at[c] < 0}
        theirs: dict[int, int] = {}
        for t, val in targets.items():
            for c in [t] + [c for c, _ in reachable(tables, s.types, s.orient, t, -1, terrain) if village_at[c] < 0]:
                if theirs.get(c, 0) < val:
                    theirs[c] = val
        near_mine = {n for c in mine for n in NEIGH[c] if n >= 0}
        near_theirs = {n for c in theirs for n in NEIGH[c] if n >= 0}
        for c in near_mine & near_theirs:
            if not is_rotatable(s, c):
                continue
            tt = tables.tile_types[s.types[c]]
            nb = NEIGH[c]
            for o in range(N_ORIENTATIONS):
                if o == s.orient[c]:
                    continue
                for rg, dirs in enumerate(tt.region_dirs[o]):
                    if tt.region_terrain[rg] != terrain:
                        continue
                    joins_mine = any(
                        nb[d] in mine and _side_ok(s, tables, nb[d], OPPOSITE[d], terrain) for d in dirs if nb[d] >= 0
                    )
                    if not joins_mine:
                        continue
                    joins_theirs = any(
                        nb[d] in theirs and _side_ok(s, tables, nb[d], OPPOSITE[d], terrain) for d in dirs if nb[d] >= 0
                    )
                    if joins_theirs:
                        best = _value_after(s, tables, k, c, o, targets)
                        if best > gains.get((c, o), 0):
                            gains[(c, o)] = best
                        break
    return gains


def progress_weights(s: PachakunaState, tables: Tables, params: Params, actions: Sequence[Action]) -> list[float]:
    """Favour rotations that open a path to a paying sale, moves onto villages where the load sells, paying sales
    and purchases; other rotations stay rare."""
    payout = params.PAYOUT
    kinds = [type(a.data) for a in actions]
    rotations = kinds.count(Rotate)
    gains = rotation_gains(s, tables, payout) if rotations and not s.paying else {}
    idle_rotation = (1.0 if s.step == Phase.ROTATE_FREE else 0.05) / max(1, rotations)
    targets = _targets(s, tables, payout, mover(s)) if s.step == Phase.MOVE else {}
    out = []
    for a, kind in zip(actions, kinds, strict=True):
        data = a.data
        if kind is Rotate:
            g = gains.get((data.cell, data.orientation), 0.0)
            w = 10.0 * g if g else idle_rotation
        elif kind is Move:
            cell = data.cell
            w = 20.0 * targets[cell] if cell in targets else 3.0 if tables.village_at[cell] >= 0 else 1.0
        elif kind is Sell:
            k = data.llama
            val = visit_value(s, tables, payout, s.load[k], tables.village_at[s.pos[k]])
            w = 20.0 * val if val else 0.3
        elif kind is Buy:
            w = 6.0
        elif kind is Pay:  # spend spare pieces and brown, keep the last piece of a colour
            c = data.piece
            w = 50.0 if c == BROWN else float(s.supply[s.active][c] - 1) ** 2 + 0.01
        else:
            w = 1.0
        out.append(w)
    return out
