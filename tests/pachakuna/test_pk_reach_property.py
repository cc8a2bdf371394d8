"""Property tests: the graph search agrees with a plain fixed-point reference on random boards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tawa.games.pachakuna.data import CELLS, NEIGH, TILE_CELLS
from tawa.games.pachakuna.rules.reach import reachable
from tawa.games.pachakuna.testing import make_game

boards = st.lists(st.tuples(st.sampled_from("FNM"), st.integers(0, 5)), min_size=54, max_size=54)


def reference(g, start: int, terrain: int) -> set[int]:
    """Cells reachable by repeated relaxation: a llama on tile c can step to neighbour n through side d when
    both touching sides have its terrain (villages: both terrains, and nothing continues from a village that
    is not the start)."""
    t, s = g.tables, g.state

    def side_ok(c: int, d: int) -> bool:
        if t.village_at[c] >= 0:
            return True
        return t.tile_types[s.types[c]].side_terrain[s.orient[c]][d] == terrain

    reached = {start}
    changed = True
    while changed:
        changed = False
        for c in list(reached):
            if t.village_at[c] >= 0 and c != start:
                continue  # a village ends the path
            for d in range(6):
                n = NEIGH[c][d]
                if n < 0 or n in reached or not side_ok(c, d) or not side_ok(n, (d + 3) % 6):
                    continue
                reached.add(n)
                changed = True
    reached.discard(start)
    return reached


@pytest.mark.rule("PK-061", "PK-063", "PK-064", "PK-065", "PK-161")
@settings(max_examples=60, deadline=None)
@given(board=boards, start=st.integers(0, 60), terrain=st.integers(0, 1))
def test_search_matches_the_reference(board, start, terrain):
    g = make_game()
    types = list(g.state.types)
    for c, (kind, o) in zip(TILE_CELLS, board, strict=True):
        types[c] = kind
        g.state.orient[c] = o
    g.state.types = types
    t = g.tables
    region = -1
    if t.village_at[start] < 0:
        region = t.tile_types[types[start]].region_terrain.index(terrain)
    got = {c for c, _ in reachable(t, types, g.state.orient, start, region, terrain)}
    assert got == reference(g, start, terrain)
    # crossings are symmetric: every tile reached from a tile reaches it back (when no village lies between)
    if t.village_at[start] < 0:
        for c in got:
            if t.village_at[c] < 0:
                rg = t.tile_types[types[c]].region_terrain.index(terrain)
                back = {x for x, _ in reachable(t, types, g.state.orient, c, rg, terrain)}
                assert start in back
    assert len(CELLS) == 61
