"""Hidden information: observations and determinisation (GV-830..GV-837, section 5)."""

from __future__ import annotations

import json
import random

import pytest

import tawa
from tawa.games.guatavita.testing import BOARD, act, pass_all, put_balsa, put_tile, scenario, set_stock

CENTRE, NPOS, PHASE_OF_POS, POS_NAMES, TILES = BOARD.centre, BOARD.npos, BOARD.phase_of_pos, BOARD.names, BOARD.tiles


def _played(seed: int, players: int = 3, balsa: bool = True, moves: int = 200) -> tawa.Game:
    g = tawa.new_game("guatavita", players=players, seed=seed, options={"balsa": balsa, "MAX_ROUNDS": 40})
    r = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(r.choices(acts, weights=g.progress_weights(acts))[0])
    return g


@pytest.mark.rule("GV-830", "GV-831", "GV-834", "GV-836")
def test_observation_hides_undrained_tiles() -> None:
    for seed in range(4):
        g = _played(seed)
        st = g.state
        for seat in range(g.players):
            obs = g.observation(seat)
            text = json.dumps(obs)
            known = set(obs["known"])
            for p in range(NPOS):
                cell = obs["lake"][p]
                t = TILES[st.tile_at[p]]
                assert (cell["W"], cell["M"]) == (t.workers, t.machines)  # water side public
                if not st.drained[p]:
                    assert "tile" not in cell and "E" not in cell
                    if POS_NAMES[p] not in known:
                        assert f'"{t.id}"' not in text
            for u in st.unused_centre:
                assert f'"{TILES[u].id}"' not in text
            assert "rng" not in text


@pytest.mark.rule("GV-835")
def test_public_information_is_shared() -> None:
    g = _played(3)
    a, b = g.observation(0), g.observation(1)
    for key in ("players", "boxes", "explorations", "supply", "pioneer", "round", "turn_order", "end_triggers"):
        assert a[key] == b[key]
    assert [c for c in a["lake"]] == [c for c in b["lake"]]


@pytest.mark.rule("GV-837", "GV-832")
def test_determinize_consistent_with_observation() -> None:
    changed = 0
    for seed in range(6):
        g = _played(seed, moves=120)
        for seat in range(g.players):
            d = g.determinize(seat, seed * 7 + seat)
            assert d.observation(seat) == g.observation(seat)
            d.check_invariants()
            for p in range(NPOS):
                a, b = TILES[g.state.tile_at[p]], TILES[d.state.tile_at[p]]
                assert (a.phase, a.workers, a.machines) == (b.phase, b.workers, b.machines)
                assert PHASE_OF_POS[p] == b.phase
                if g.state.drained[p] or p in g.state.players[seat].inspected:
                    assert a == b
            if d.state.tile_at != g.state.tile_at:
                changed += 1
            assert sorted(d.state.tile_at + d.state.unused_centre) == list(range(39))
            # the determinised game plays on
            r = random.Random(seed)
            for _ in range(30):
                if d.is_over:
                    break
                d.apply(r.choice(d.legal_actions()))
    assert changed > 0


def test_determinize_keeps_own_inspection_and_resamples_others() -> None:
    g = scenario(2, spots=["NE", "SW"], balsa=True)
    put_balsa(g, 0, "I0")
    put_tile(g, "M00", "P2-09")
    set_stock(g, 0, emeralds=2)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop", "inspect M00")
    m00 = 18
    for k in range(10):
        d = g.determinize(0, k)
        assert d.state.tile_at[m00] == g.state.tile_at[m00]
    moved = {g.determinize(1, k).state.tile_at[m00] for k in range(30)}
    assert len(moved) > 1  # blue does not know what red saw
    centre = {g.determinize(1, k).state.tile_at[CENTRE] for k in range(30)}
    assert len(centre) == 3
