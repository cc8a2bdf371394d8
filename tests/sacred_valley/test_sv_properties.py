"""Property tests on random hand-made terraces: planting targets and Harvest Points against a brute-force
reading of the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tawa.games.sacred_valley import testing as T

GRIDS_L1 = [f"r{r}c{c}" for r in (1, 2) for c in range(1, 7)]
CROPS = ["chili", "corn", "vine"]
ALL = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7)]


def _rc(grid: str) -> tuple[int, int]:
    return int(grid[1]), int(grid[3])


def _nbrs(grid: str) -> list[str]:
    r, c = _rc(grid)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 1 <= rr <= 6 and 1 <= cc <= 6:
            out.append(f"r{rr}c{cc}")
    return out


boards = st.dictionaries(st.sampled_from(GRIDS_L1), st.sampled_from(CROPS), max_size=9)
alpacas = st.lists(st.sampled_from(GRIDS_L1), max_size=2, unique=True)


@pytest.mark.rule("SV-094", "SV-095", "SV-097", "SV-121", "SV-122", "SV-120")
@settings(max_examples=40, deadline=None)
@given(board=boards, alp=alpacas)
def test_targets_and_hp_match_brute_force(board: dict[str, str], alp: list[str]) -> None:
    g = T.blank_game(4)
    T.put_tiles(g, board)
    for grid, name in zip(alp, ("w1", "w2"), strict=False):
        T.put_alpaca(g, grid, name)
    T.give_tiles(g, 0, ["chili", "vine"])
    legal = {a for a in T.legal(g) if a.startswith("plant")}
    expected = set()
    for crop in ("chili", "vine"):
        for grid in ALL:
            if grid in board:
                continue
            if grid.startswith("r1") or any(n in board for n in _nbrs(grid)):
                expected.add(f"plant {crop} {grid}")
    assert legal == expected
    for aid in sorted(legal, key=lambda a: a[::-1])[:8]:
        c = g.clone()
        ev = T.act(c, aid)
        if T.mode(c) == "partner":  # a level-2 target (SV-171)
            ev += T.act(c, "partner 1")
        crop, grid = aid.split()[1:]
        seen, stack = {grid}, [grid]
        while stack:
            for n in _nbrs(stack.pop()):
                if n not in seen and board.get(n) == crop:
                    seen.add(n)
                    stack.append(n)
        hp = 2 if crop == "vine" else len(seen) + sum(1 for a in alp if a in seen)
        assert [e.data["hp"] for e in ev if e.kind == "plant"] == [hp]
        assert T.farmers(c, 0) == [min(hp, 7)]
        c.check_invariants()
