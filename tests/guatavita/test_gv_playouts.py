"""Whole games: progress-biased playouts reach the deep phases and the end conditions; the engine
contract (invariants, JSON, replay, illegal input, action space) holds; the round cap (GV-860..GV-863)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import tawa
from tawa.games.guatavita.testing import BOARD

NPOS, PHASE_OF_POS = BOARD.npos, BOARD.phase_of_pos


def playout(seed: int, players: int, balsa: bool, check: bool = False) -> tuple[tawa.Game, Counter]:
    g = tawa.new_game(
        "guatavita",
        players=players,
        seed=seed,
        options={"balsa": balsa, **tawa.game_class("guatavita").info.automation_options},
    )
    r = random.Random(seed)
    seen: Counter = Counter()
    space = g.action_space
    while not g.is_over:
        acts = g.legal_actions()
        if check:
            assert all(a.id in space for a in acts)
        a = r.choices(acts, weights=g.progress_weights(acts))[0]
        for e in g.apply(a):
            seen[e.kind] += 1
        if check:
            g.check_invariants()
    return g, seen


def test_progress_playouts_reach_deep_phases_and_every_end() -> None:
    ends: Counter = Counter()
    kinds: Counter = Counter()
    deepest = Counter()
    for seed in range(24):
        g, seen = playout(seed, 2 + seed % 3, balsa=seed % 2 == 0)
        kinds.update(seen)
        st = g.state
        ends.update(st.end_triggers or ["capped"])
        deepest[max((PHASE_OF_POS[p] for p in range(NPOS) if st.drained[p]), default=0)] += 1
        assert any(st.drained[p] and PHASE_OF_POS[p] >= 2 for p in range(NPOS))
    assert ends["centre"] > 0 and ends["pipes"] > 0
    assert deepest[4] > 0 and deepest[3] + deepest[4] >= 12
    for k in (
        "famine",
        "landslide",
        "inspect",
        "protect",
        "balsa_destroyed",
        "sabotage",
        "declare",
        "cross",
        "reexplore",
        "he_return",
        "recruit",
        "camp",
        "pump",
    ):
        assert kinds[k] > 0, k
    assert ends["capped"] <= 4


def test_bankruptcy_end_in_uniform_play() -> None:
    g = tawa.new_game("guatavita", players=2, seed=1, options={"MAX_ROUNDS": 40})
    r = random.Random(1)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    assert "bankruptcy" in g.state.end_triggers


@settings(max_examples=12, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.sampled_from([2, 3, 4]), balsa=hs.booleans())
def test_playout_invariants_and_action_space(seed: int, players: int, balsa: bool) -> None:
    g, _ = playout(seed, players, balsa, check=True)
    assert g.is_over
    assert len(g.ranking()) == players and min(g.ranking()) == 1
    text = g.to_json()
    assert tawa.from_json(text).to_json() == text
    again = tawa.replay("guatavita", players, seed, g.options, g.history)
    assert again.to_json() == text


@settings(max_examples=6, deadline=None)
@given(seed=hs.integers(0, 10_000))
def test_illegal_action_leaves_state_unchanged(seed: int) -> None:
    g = tawa.new_game("guatavita", players=3, seed=seed, options={"balsa": True, "MAX_ROUNDS": 40})
    r = random.Random(seed)
    ids = g.action_space.ids
    for _ in range(150):
        if g.is_over:
            break
        before = g.to_json()
        legal = {a.id for a in g.legal_actions()}
        bad = r.choice([i for i in ids if i not in legal])
        with pytest.raises(tawa.IllegalAction):
            g.apply(bad)
        assert g.to_json() == before
        acts = g.legal_actions()
        g.apply(r.choices(acts, weights=g.progress_weights(acts))[0])
        json.dumps(g.observation(0))


@pytest.mark.rule("GV-860", "GV-861", "GV-863")
def test_round_cap() -> None:
    g = tawa.new_game("guatavita", players=2, seed=3)
    assert g.params.MAX_ROUNDS is None
    assert tawa.game_class("guatavita").info.automation_options == {"MAX_ROUNDS": 40}
    g = tawa.new_game("guatavita", players=2, seed=3, options={"MAX_ROUNDS": 2})
    while not g.is_over:
        g.apply("pass" if "pass" in {a.id for a in g.legal_actions()} else g.legal_actions()[0].id)
    assert g.state.round == 2 and g.capped and not g.state.end_triggers
    assert len(g.scores()) == 2
    with pytest.raises(tawa.BadOption):
        tawa.new_game("guatavita", players=2, options={"MAX_ROUNDS": 0})


def test_render_and_help() -> None:
    g, _ = playout(5, 3, balsa=True)
    text = g.render(0)
    assert "GUATAVITA" in text and "Final scores" in text and "Action board" in text
    g = tawa.new_game("guatavita", players=4, seed=2, options={"balsa": True})
    text = g.render(1)
    for name in ("S00", "M05", "I3", "(SW)", "(NE)", "~32"):
        assert name in text
    assert max(len(line) for line in text.splitlines()[:30]) <= 100
    a = g.legal_actions()[0]
    assert g.help_text(a)
    g.apply(a)
    assert g.render(None)
    g = tawa.new_game("guatavita", players=2, seed=2)
    loan = next(x for x in g.legal_actions() if x.id == "loan")
    assert "[GV-144]" in g.help_text(loan)
