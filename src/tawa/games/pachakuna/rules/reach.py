"""Movement reachability (PK-060..PK-066, PK-161): a graph search over edge terrains.

Nodes are (cell, region) on tiles and plain cells on villages. A llama of terrain T crosses from tile A to its
neighbour B in direction d iff side d of A lies in the llama's region and side d+3 of B has terrain T (PK-061);
village sides count as both terrains (PK-062); entering a village ends the path there (PK-064, PK-165); the start
village does not stop the llama (PK-065); llamas never block (PK-066).
"""

from __future__ import annotations

from tawa.games.pachakuna.data import N_SIDES, NEIGH, OPPOSITE, Tables

ALL_SIDES = tuple(range(N_SIDES))
_VILLAGE_KEY = 7  # node key cell * 8 + region; regions are 0..5 (at most one per side), 7 marks a village


def reachable(
    tables: Tables, types: list[str], orient: list[int], cell: int, region: int, terrain: int
) -> list[tuple[int, int]]:
    """Destinations ``(cell, region)`` (region -1 for a village) of a llama of ``terrain`` standing at ``cell``
    (in ``region`` if on a tile), in ascending order; never the start cell (PK-161)."""
    village_at = tables.village_at
    ttypes = tables.tile_types
    seen: set[int] = set()
    out: list[tuple[int, int]] = []
    if village_at[cell] >= 0:  # PK-065 the start village does not stop the llama: leave through any side
        stack: list[tuple[int, tuple[int, ...]]] = [(cell, ALL_SIDES)]
    else:
        tt = ttypes[types[cell]]
        seen.add(cell * 8 + region)
        stack = [(cell, tt.region_dirs[orient[cell]][region])]  # PK-048 only the llama's region connects
    while stack:
        c, dirs = stack.pop()
        nb = NEIGH[c]
        for d in dirs:
            n = nb[d]
            if n < 0:  # PK-039 a side facing the frame is impassable
                continue
            if village_at[n] >= 0:  # PK-062 village sides are both terrains; PK-064 the path ends there
                key = n * 8 + _VILLAGE_KEY
                if n != cell and key not in seen:  # PK-161 never back onto the start village
                    seen.add(key)
                    out.append((n, -1))
                continue
            tt = ttypes[types[n]]
            o = orient[n]
            far = OPPOSITE[d]
            if tt.side_terrain[o][far] != terrain:  # PK-060/061 both touching sides have the llama's terrain
                continue
            rg = tt.side_region[o][far]
            key = n * 8 + rg
            if key in seen:
                continue
            seen.add(key)
            if n != cell:  # PK-161 the start cell is never a destination
                out.append((n, rg))
            stack.append((n, tt.region_dirs[o][rg]))
    out.sort()
    return out
