"""Board geometry (PK-030..PK-039) and the per-params lookup tables the rules use.

Cells are indexed 0..60 in (q, r) order. ``Tables`` holds everything derived from the params once (village cells,
tile-type side tables, demand flags), shared by a game and its clones.
"""
from __future__ import annotations

from typing import Any

from tawa.games.pachakuna.data import COLOURS, PARAMS, TERRAIN_CODE

# PK-030 / PK-034: read from the registry (both are overridable=False: the layouts depend on them, so the
# geometry is built once at import from their values)
RADIUS: int = PARAMS.params["BOARD_RADIUS"].default
DIRS: tuple[tuple[int, int], ...] = tuple(tuple(d) for d in PARAMS.params["DIRECTIONS"].default)
CELLS: tuple[tuple[int, int], ...] = tuple(sorted(
    (q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1)
    if max(abs(q), abs(r), abs(q + r)) <= RADIUS))  # PK-030: 61 cells
INDEX = {c: i for i, c in enumerate(CELLS)}
# PK-034: NEIGH[i][d] = the cell in direction d, or -1 off the board (PK-039: that side faces the frame)
NEIGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((q + dq, r + dr), -1) for dq, dr in DIRS) for q, r in CELLS)
CENTRE = INDEX[(0, 0)]  # PK-031
CORNERS = tuple(INDEX[c] for c in ((4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)))  # PK-032
TILE_CELLS = tuple(i for i in range(len(CELLS)) if i != CENTRE and i not in CORNERS)  # PK-033: 54 tile cells


CELL_NAMES = tuple(f"{q},{r}" for q, r in CELLS)


def cell_name(i: int) -> str:
    return CELL_NAMES[i]


def parse_cell(text: str) -> int | None:
    try:
        q, r = (int(x) for x in text.split(","))
    except ValueError:
        return None
    return INDEX.get((q, r))


class TileType:
    """One tile type: its regions and, per orientation, the region of each board side (PK-046)."""

    __slots__ = ("multi", "name", "region_dirs", "region_sides", "region_terrain", "side_region", "side_terrain")

    def __init__(self, name: str, regions: Any) -> None:
        self.name = name
        self.region_terrain = tuple(TERRAIN_CODE[t] for t, _ in regions)
        self.region_sides = tuple(tuple(s) for _, s in regions)
        base = [0] * 6
        for k, (_, sides) in enumerate(regions):
            for s in sides:
                base[s] = k
        # PK-046: board side d belongs to the region holding base side (d - o) mod 6
        self.side_region = tuple(tuple(base[(d - o) % 6] for d in range(6)) for o in range(6))
        self.side_terrain = tuple(tuple(self.region_terrain[r] for r in sr) for sr in self.side_region)
        # region_dirs[o][region] = the board sides of that region at orientation o
        self.region_dirs = tuple(tuple(tuple(d for d in range(6) if sr[d] == k) for k in range(len(regions)))
                                 for sr in self.side_region)
        # PK-050: two regions of one terrain -> a llama's position is (cell, region)
        self.multi = len(set(self.region_terrain)) != len(self.region_terrain)

    def mountain_sides(self, o: int) -> tuple[int, ...]:
        return tuple(d for d in range(6) if self.side_terrain[o][d])


class Tables:
    """Lookup tables derived from one resolved params object."""

    __slots__ = ("demands", "multi", "refill_order", "tile_types", "village_at", "village_cell")

    def __init__(self, params: Any) -> None:
        self.village_cell = [CENTRE] * 7  # PK-010/011: village colour index -> cell
        for name, cell in params.VILLAGE_COLOURS.items():
            self.village_cell[COLOURS.index(name)] = INDEX[tuple(cell)]
        self.village_at = [-1] * len(CELLS)  # cell -> village colour, -1 for a tile
        for c, cell in enumerate(self.village_cell):
            self.village_at[cell] = c
        self.tile_types = {name: TileType(name, regs) for name, regs in params.TILE_TYPES.items()}
        self.multi = any(t.multi for t in self.tile_types.values())
        self.demands = tuple((COLOURS.index(u), COLOURS.index(lo)) for u, lo in params.DEMANDS)
        self.refill_order = tuple(self.village_at[INDEX[tuple(c)]] for c in params.REFILL_ORDER)  # PK-275


def tables(params: Any) -> Tables:
    return params.derived("pachakuna/tables", Tables)
