"""Hidden information (AY-700..AY-710)."""

from __future__ import annotations

import json

import pytest

import tawa
from tawa.games.ayar.testing import into_activity, new, play


def _midgame(players=2, seed=4, moves=80):
    g = new(players, seed)
    rng = tawa.Rng(seed)
    for _ in range(moves):
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    return g


@pytest.mark.rule("AY-700", "AY-701", "AY-703", "AY-706")
def test_observation_public_parts_only():
    g = _midgame()
    obs = g.observation(0)
    text = json.dumps(obs)
    assert "rng" not in obs and "stack" not in obs and "rival_deck" not in obs
    assert obs["stack_size"] == len(g.state.stack)
    assert obs["textile_sizes"] == [len(s) for s in g.state.stacks]
    assert obs["textile_tops"] == [s[0] if s else None for s in g.state.stacks]
    assert obs["ayars"]["step"] == g.state.step and obs["market"] == g.state.market
    assert str(g.rng.state) not in text


@pytest.mark.rule("AY-702", "AY-245")
def test_facedown_pots_hidden_from_owner():
    g = new(2)
    top = g.state.stack[0]
    into_activity(g, 0, "P", 3)
    play(g, "pot facedown")
    for seat in (0, 1):
        assert g.observation(seat)["players"][0]["pots"] == [None]
    assert g.state.players[0].pots == [top]
    assert all(str(top) not in e.text for e in g.log)


@pytest.mark.rule("AY-704")
def test_rival_deck_order_hidden():
    g = new(1)
    obs = g.observation(0)
    assert obs["rival"] == {"shown": [], "deck_size": 15, "tambos": 15, "cubes": 12}


@pytest.mark.rule("AY-707", "AY-708", "AY-709")
def test_determinize_resamples_consistently():
    g = _midgame(3, 6, 150)
    st = g.state
    unseen = sorted(st.stack + [pid for p in st.players for pid, d in zip(p.pots, p.pot_down, strict=True) if d])
    changed = False
    for k in range(5):
        d = g.determinize(0, k)
        ds = d.state
        assert d.observation(0) == g.observation(0)
        assert (
            sorted(ds.stack + [pid for p in ds.players for pid, dn in zip(p.pots, p.pot_down, strict=True) if dn])
            == unseen
        )
        for a, b in zip(st.stacks, ds.stacks, strict=True):
            assert a[:1] == b[:1] and sorted(a) == sorted(b)
        assert d.scores() == g.scores()  # sampled identities never change a score
        changed |= ds.stack != st.stack or ds.stacks != st.stacks
    assert changed


@pytest.mark.rule("AY-710", "AY-705")
def test_observation_is_the_same_for_everyone_and_bots_need_nothing_else():
    g = _midgame(4, 2, 120)
    a, b = g.observation(0), g.observation(3)
    a.pop("seat")
    b.pop("seat")
    assert a == b
    # what a bot reads is exactly the observation: it is JSON and free of hidden pot ids
    for p_obs, p in zip(a["players"], g.state.players, strict=True):
        assert [x for x in p_obs["pots"] if x is not None] == [
            x for x, d in zip(p.pots, p.pot_down, strict=True) if not d
        ]


@pytest.mark.rule("AY-701", "AY-702", "AY-703", "AY-704", "AY-706")
@pytest.mark.parametrize("players", [1, 3])
def test_render_and_offered_actions_ignore_hidden_parts(players):
    """Whatever is hidden (stack order, facedown identities, textiles under the tops, Rival deck) is resampled
    by determinize; render(seat), the offered ids, texts and help must not change with it."""
    g = new(players, 17)
    rng = tawa.Rng(17)
    checked = 0
    while not g.is_over:
        if rng.below(6) == 0:
            seat = rng.below(players)
            d = g.determinize(seat, rng.below(10_000))
            assert d.render(seat) == g.render(seat)
            assert [(a.id, a.text, g.help_text(a)) for a in g.legal_actions()] == [
                (a.id, a.text, d.help_text(a)) for a in d.legal_actions()
            ]
            checked += 1
        acts = g.legal_actions()
        down = [a for a in acts if a.id == "pot facedown"]  # hold facedown Pots as often as possible
        g.apply(down[0] if down else acts[rng.below(len(acts))])
    assert checked > 10
    assert any(any(p.pot_down) for p in g.state.players)
    assert all(e.to is None for e in g.log)  # AY-705: no private events at all


@pytest.mark.rule("AY-704", "AY-708")
def test_determinize_shuffles_textiles_under_the_tops_and_the_rival_deck():
    g = new(1, 5)
    st = g.state
    stacks_changed = deck_changed = False
    for k in range(6):
        d = g.determinize(0, k).state
        assert [s[:1] for s in d.stacks] == [s[:1] for s in st.stacks]
        assert [sorted(s) for s in d.stacks] == [sorted(s) for s in st.stacks]
        assert sorted(d.rival_deck) == sorted(st.rival_deck) and d.rival_shown == st.rival_shown
        stacks_changed |= d.stacks != st.stacks
        deck_changed |= d.rival_deck != st.rival_deck
    assert stacks_changed and deck_changed
