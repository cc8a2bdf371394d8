"""Generic properties for Ayar: termination, invariants, determinism, JSON round-trip, replay,
observation leaks and determinization (the foundation's contract, run here for this game)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tawa
from tawa.games.ayar.testing import new


def playout(players: int, seed: int, check: bool = False) -> tawa.Game:
    g = new(players, seed)
    rng = tawa.Rng(seed * 7 + players)
    while not g.is_over:
        acts = g.legal_actions()
        assert acts
        space = g.action_space
        for a in acts:
            assert a.id in space
        g.apply(acts[rng.below(len(acts))])
        if check:
            g.check_invariants()
    return g


@pytest.mark.rule("AY-001", "AY-004", "AY-060", "AY-480")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_terminate_with_invariants(players):
    for seed in range(6):
        g = playout(players, seed, check=True)
        assert g.is_over and g.state.round == 4
        assert len(g.ranking()) == players
        for p in g.state.players:
            # AY-060: 15 Day turns each, one Tambo per turn leaves the grid
            assert sum(p.grid) == 1 and p.on_board + p.discarded == 15


@given(seed=st.integers(0, 10_000), players=st.integers(1, 4))
@settings(max_examples=12, deadline=None)
def test_determinism_json_and_replay(seed, players):
    a = playout(players, seed)
    b = playout(players, seed)
    assert a.to_json() == b.to_json()
    assert tawa.from_json(a.to_json()).to_json() == a.to_json()
    r = tawa.replay("ayar", players, seed, None, a.history)
    assert r.to_json() == a.to_json()


@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), cut=st.integers(0, 300))
@settings(max_examples=15, deadline=None)
def test_midgame_roundtrip_illegal_and_leaks(seed, players, cut):
    g = new(players, seed)
    rng = tawa.Rng(seed)
    for _ in range(cut):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    text = g.to_json()
    assert tawa.from_json(text).to_json() == text
    if not g.is_over:
        legal = {a.id for a in g.legal_actions()}
        bad = next(i for i in g.action_space.ids if i not in legal)
        with pytest.raises(tawa.IllegalAction):
            g.apply(bad)
        assert g.to_json() == text
    for seat in range(players):
        obs = g.observation(seat)
        json.dumps(obs)
        d = g.determinize(seat, seed + 1)
        assert d.observation(seat) == obs
        s = g.scramble_hidden(seat, tawa.Rng(seed + 2))
        assert s.observation(seat) == obs
        d.check_invariants()
        # the determinized copy plays on legally
        if not d.is_over:
            acts = d.legal_actions()
            d.apply(acts[0])


@pytest.mark.rule("AY-705")
def test_observations_equal_apart_from_seat():
    g = playout(3, 5)
    g2 = new(3, 5)
    rng = tawa.Rng(1)
    for _ in range(100):
        acts = g2.legal_actions()
        g2.apply(acts[rng.below(len(acts))])
    obs = [g2.observation(s) for s in range(3)]
    for o in obs:
        o.pop("seat")
    assert obs[0] == obs[1] == obs[2]
    assert g.is_over


def test_clone_is_independent():
    """Speed of clone() vs deepcopy is measured by `tawa bench ayar`, not here."""
    g = new(4, 3)
    rng = tawa.Rng(3)
    for _ in range(150):
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    c = g.clone()
    assert c.to_json() == g.to_json()
    c.apply(c.legal_actions()[0])
    assert c.to_json() != g.to_json()
    assert copy.deepcopy(g).to_json() == g.to_json()


def test_action_space_is_fixed_and_small():
    for players in (1, 2, 3, 4):
        g = new(players)
        assert 150 < len(g.action_space) < 1000
