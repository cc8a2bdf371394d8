"""Property checks of the scoring helpers against brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tawa.games.ayar.data import best_sets, set_value
from tawa.games.ayar.rules.activities import has_adjacent_pair, place_textile, placements
from tawa.games.ayar.scoring import allocate_llamas, weave_sun
from tawa.games.ayar.testing import new

SET_MOON = (1, 4, 9, 16)


def brute_sets(counts, wild):
    best = 0
    for assign in itertools.product(range(len(counts) + 1), repeat=wild):  # last index = wasted
        c = list(counts)
        for a in assign:
            if a < len(counts):
                c[a] += 1
        best = max(best, sum(set_value(x, SET_MOON) for x in c))
    return best


@pytest.mark.rule("AY-259", "AY-260", "AY-261")
@given(counts=st.lists(st.integers(0, 4), min_size=5, max_size=5), wild=st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_best_sets_matches_brute_force(counts, wild):
    assert best_sets(counts, wild, SET_MOON) == brute_sets(counts, wild)


@pytest.mark.rule("AY-482", "AY-483")
@given(sun=st.integers(0, 150), moon=st.integers(0, 150), llamas=st.integers(0, 20))
@settings(max_examples=80, deadline=None)
def test_llama_split_is_optimal(sun, moon, llamas):
    s, m = allocate_llamas(sun, moon, llamas)
    assert s + m == sun + moon + llamas and s >= sun and m >= moon
    best = max((min(sun + k, moon + llamas - k), max(sun + k, moon + llamas - k)) for k in range(llamas + 1))
    assert (min(s, m), max(s, m)) == best


@pytest.mark.rule("AY-292", "AY-293")
@given(seed=st.integers(0, 1000), n=st.integers(1, 9))
@settings(max_examples=40, deadline=None)
def test_weave_sun_counts_each_matched_edge_once(seed, n):
    g = new(2, seed)
    stt = g.state
    p = stt.players[0]
    t = g.tables
    rng = __import__("random").Random(seed)
    for _ in range(n):
        stacks = [i for i, s in enumerate(stt.stacks) if s]
        if not stacks or not has_adjacent_pair(p, t):
            break
        k = rng.choice(stacks)
        r, c, d, fl = rng.choice(placements(stt, t, 0, stt.stacks[k][0]))
        place_textile(stt, t, 0, k, r, c, d, fl)
    rows, cols = t.weave_rows, t.weave_cols
    bit = {"N": 1, "E": 2, "S": 4, "W": 8}

    def half(r, c, side):  # is there a half-sun on this side of cell (r, c) (1-based), frame included?
        if 1 <= r <= rows and 1 <= c <= cols:
            m = p.weave[(r - 1) * cols + c - 1]
            return m > 0 and bool(m & bit[side])
        return False

    count = 0
    for r in range(1, rows + 1):  # horizontal edges: above each cell, plus the bottom frame
        for c in range(1, cols + 1):
            above = half(r - 1, c, "S") if r > 1 else (1, c, "N") in t.frame
            count += above and half(r, c, "N")
            if r == rows:
                count += half(r, c, "S") and (rows, c, "S") in t.frame
    for r in range(1, rows + 1):  # vertical edges
        for c in range(1, cols + 1):
            left = half(r, c - 1, "E") if c > 1 else (r, 1, "W") in t.frame
            count += left and half(r, c, "W")
            if c == cols:
                count += half(r, c, "E") and (r, cols, "E") in t.frame
    assert weave_sun(p, t) == count
