"""The engine contract, checked for every registered game (and the toy game).

Each game gets, for free: seeded random games terminate (uniform and progress-biased),
invariants hold along the way, scores and ranking agree, every legal id is in the fixed
action space, JSON round-trips exactly, replay from history is identical, clones are
independent, an illegal action leaves the state unchanged, observations leak nothing
(scramble_hidden), determinize agrees with the observation and an observation is not changed by later moves.
"""

from __future__ import annotations

import json
import marshal
import os

import pytest
import toy_game  # noqa: F401  (registers "toy-cards"; tests/core is on sys.path)
from hypothesis import given, settings
from hypothesis import strategies as st

import tawa
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options, random_action

GAMES = sorted({info.id for info in tawa.list_games()})  # built-in games + toy-cards
RANDOM_GAMES = int(os.environ.get("TAWA_CONTRACT_GAMES", "200"))
MAX_STEPS = 100_000


def _new(game_id: str, players: int, seed: int) -> tawa.Game:
    return tawa.new_game(game_id, players, seed, automated_options(game_id, None))


def _check_scores(g: tawa.Game) -> None:
    scores, ranking = g.scores(), g.ranking()
    assert len(scores) == len(ranking) == g.players
    assert all(1 <= p <= g.players for p in ranking)
    assert min(ranking) == 1
    best = max(scores)
    for s, pos in enumerate(ranking):
        if pos == 1:
            assert scores[s] == best, "a winner must have the top score"
    for a in range(g.players):
        for b in range(g.players):
            if scores[a] > scores[b]:
                assert ranking[a] < ranking[b], "a higher score must rank ahead"
    assert g.winners() == [s for s in range(g.players) if ranking[s] == 1]


def _play(game_id: str, players: int, seed: int, biased: bool, check_every: int = 0) -> tawa.Game:
    g = _new(game_id, players, seed)
    rng = Rng(seed * 7919 + (1 if biased else 0))
    space = g.action_space
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "no legal action while the game is not over"
        assert g.current_player is not None
        if check_every and steps % check_every == 0:
            g.check_invariants()
            for a in legal:
                assert a.id in space, f"legal id {a.id!r} missing from the action space"
        g.apply(random_action(g, rng, biased))
        steps += 1
        assert steps < MAX_STEPS, "game does not end"
    assert g.current_player is None
    assert g.legal_actions() == []
    g.check_invariants()
    return g


def _cases(n_games: int) -> list[tuple[str, int, int, bool]]:
    cases = []
    for gid in GAMES:
        counts = tawa.game_class(gid).info.players
        for i in range(n_games):
            cases.append((gid, counts[i % len(counts)], 1000 + i, i % 2 == 1))
    return cases


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_random_games_terminate(game_id: str) -> None:
    """RANDOM_GAMES seeded games per game (alternating uniform / progress-biased,
    cycling through the player counts) end, with invariants and consistent scores."""
    counts = tawa.game_class(game_id).info.players
    capped = 0
    for i in range(RANDOM_GAMES):
        g = _play(game_id, counts[i % len(counts)], 1000 + i, biased=i % 2 == 1, check_every=97)
        _check_scores(g)
        capped += g.capped
    assert capped < RANDOM_GAMES, "every game ended on the safety cap: the rules never end a game"


def _snapshot_points(g: tawa.Game, seed: int) -> list[tawa.Game]:
    """Play a game and keep clones at a few points along it."""
    rng = Rng(seed)
    points = []
    n = 0
    while not g.is_over:
        if n in (0, 3, 17) or rng.below(40) == 0:
            points.append(g.clone())
        g.apply(random_action(g, rng, biased=seed % 2 == 1))
        n += 1
    points.append(g.clone())
    return points


def _player_counts(game_id: str) -> st.SearchStrategy[int]:
    return st.sampled_from(tawa.game_class(game_id).info.players)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_state_properties_along_a_game(game_id: str, data: st.DataObject, seed: int) -> None:
    players = data.draw(_player_counts(game_id))
    g = _new(game_id, players, seed)
    for p in _snapshot_points(g, seed):
        # JSON round-trip is exact, RNG included
        text = p.to_json()
        back = tawa.from_json(text)
        assert back.to_json() == text
        json.loads(text)
        # replay from history reproduces the state exactly
        again = tawa.replay(game_id, players, seed, p.options, p.history)
        assert again.to_json() == text
        # the same action on the round-tripped game gives the same result
        if not p.is_over:
            a = p.legal_actions()[0]
            c1, c2 = p.clone(), back
            c1.apply(a)
            c2.apply(a.id)
            assert c1.to_json() == c2.to_json()
            assert p.to_json() == text, "applying to a clone changed the original"
        # every seat's observation is JSON-able, leaks nothing and agrees with determinize
        for seat in range(players):
            obs = p.observation(seat)
            assert json.loads(json.dumps(obs)) == obs
            for k in range(2):
                scrambled = p.scramble_hidden(seat, Rng(seed + 31 * k + seat))
                assert scrambled.observation(seat) == obs, "observation depends on something hidden"
                det = p.determinize(seat, seed + k)
                assert det.observation(seat) == obs, "determinize disagrees with the observation"
                det.check_invariants()
                if not p.is_over and p.current_player == seat:
                    assert [a.id for a in det.legal_actions()] == [a.id for a in p.legal_actions()]
                assert all(e.visible_to(seat) for e in det.log)
            assert p.to_json() == text, "observing or determinizing changed the game"


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=5)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_illegal_action_leaves_state_unchanged(game_id: str, data: st.DataObject, seed: int) -> None:
    players = data.draw(_player_counts(game_id))
    g = _new(game_id, players, seed)
    for p in _snapshot_points(g, seed):
        before = p.to_json()
        legal = {a.id for a in p.legal_actions()}
        illegal = [a for a in p.action_space.ids if a not in legal]
        candidates = [*(illegal[:: max(1, len(illegal) // 5)][:5]), "no such action"]
        for aid in candidates:
            with pytest.raises(tawa.IllegalAction) as err:
                p.apply(aid)
            assert str(err.value)
            assert p.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_actions_same_game(game_id: str) -> None:
    counts = tawa.game_class(game_id).info.players
    for players in counts:
        a = _play(game_id, players, 4242, biased=True)
        b = tawa.replay(game_id, players, 4242, a.options, a.history)
        assert a.to_json() == b.to_json()
        c = _play(game_id, players, 4242, biased=True)
        assert c.history == a.history and c.to_json() == a.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_independent(game_id: str) -> None:
    g = _new(game_id, tawa.game_class(game_id).info.players[-1], 99)
    rng = Rng(5)
    for _ in range(5):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    if g.is_over:
        pytest.skip("game ended too early to test")
    before = g.to_json()
    c = g.clone()
    while not c.is_over:
        c.apply(rng.choice(c.legal_actions()))
    assert g.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_is_not_changed_by_the_moves_after_it(game_id: str) -> None:
    """An observation shares nothing that the game changes later: a server keeps each seat's latest one (its
    top-level values as marshal bytes, those the game shares by identity) to find what the next one changed
    (``tawa.core.svgparts.Drawing``), so one that moved with the game, even for a while, would hide the change.
    Played as the server plays (each move on a clone), every kept observation checked after every move."""
    g = _new(game_id, tawa.game_class(game_id).info.players[-1], 17)
    rng = Rng(3)
    kept: list[tuple[dict, bytes]] = []
    for step in range(300):
        if g.is_over:
            break
        if step % 5 == 0:
            for seat in [*range(g.players), None]:
                obs = g.observation(seat)
                kept.append((obs, marshal.dumps(obs)))
        g = g.clone()
        g.apply(random_action(g, rng, True))
        for obs, data in kept:
            assert marshal.dumps(obs) == data, step
    assert len(kept) > 3


@pytest.mark.parametrize("game_id", GAMES)
def test_game_metadata_and_options(game_id: str) -> None:
    info = tawa.game_class(game_id).info
    assert info.name and info.players
    for p in info.params:
        assert p.tag and all(t in "RSPD/" for t in p.tag.replace(" ", "")), p
    with pytest.raises(tawa.BadOption):
        tawa.new_game(game_id, info.players[0], 1, {"NO_SUCH_OPTION": 1})
    with pytest.raises(tawa.BadOption):
        tawa.new_game(game_id, max(info.players) + 1, 1)
