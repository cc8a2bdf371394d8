"""The engine's entry points check what they are given, for every registered game (and the toy game):
seats, actions, new-game arguments, option shapes, saved documents; the explanation of an illegal action
agrees with the legal-action generator on every id; the standings agree with the ranking.

Games listed in a ``PENDING_*`` set are being brought to the shape of issue 15 and skip that check until
they are (the set shrinks to empty; a game is removed from it by the change that makes it pass).
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
import toy_game  # noqa: F401  (registers "toy-cards"; tests/core is on sys.path)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tawa
from tawa.core.actions import Action
from tawa.core.game import SEED_LIMIT
from tawa.core.params import Param
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options, random_action

GAMES = sorted({info.id for info in tawa.list_games()})
PENDING_EXPLAIN: set[str] = set()
PENDING_OPTIONS: set[str] = set()
PENDING_LOAD: set[str] = set()


def _new(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> tawa.Game:
    return tawa.new_game(game_id, players, seed, automated_options(game_id, options))


def _positions(game_id: str, seed: int, every: int = 25, limit: int = 12) -> list[tawa.Game]:
    """Clones of a progress-biased game at its start and every ``every`` actions (at most ``limit``)."""
    counts = tawa.game_class(game_id).info.players
    g = _new(game_id, counts[seed % len(counts)], seed)
    rng = Rng(seed)
    out = [g.clone()]
    n = 0
    while not g.is_over and len(out) < limit:
        g.apply(random_action(g, rng, biased=True))
        n += 1
        if n % every == 0:
            out.append(g.clone())
    return out


# --------------------------------------------------------------------------- seats
@pytest.mark.parametrize("game_id", GAMES)
def test_observation_seats(game_id: str) -> None:
    """``observation(None)`` is the spectator's public view; any seat outside 0..players-1 is refused."""
    for g in _positions(game_id, 19, every=40, limit=4):
        before = g.to_json()
        public = g.observation(None)
        assert json.loads(json.dumps(public)) == public
        for seat in range(g.players):
            g.observation(seat)
        assert g.render(None) and g.render_parts(None)
        assert g.events_for(None) == [e for e in g.log if e.to is None]
        for bad in (-1, g.players, g.players + 7, "0", 1.0, True, [0]):
            with pytest.raises(tawa.BadSeat):
                g.observation(bad)  # type: ignore[arg-type]
            with pytest.raises(tawa.BadSeat):
                g.render(bad)  # type: ignore[arg-type]
            with pytest.raises(tawa.BadSeat):
                g.events_for(bad)  # type: ignore[arg-type]
        with pytest.raises(tawa.BadSeat):
            g.determinize(None, 1)  # type: ignore[arg-type]
        with pytest.raises(tawa.BadSeat):
            g.seat_label(g.players)
        assert all(g.seat_label(s) for s in range(g.players))
        assert g.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_spectator_sees_no_more_than_any_seat(game_id: str) -> None:
    """Whatever hidden thing changes, the spectator's view does not move (scramble for every seat)."""
    for g in _positions(game_id, 23, every=30, limit=5):
        public = g.observation(None)
        for seat in range(g.players):
            assert g.scramble_hidden(seat, Rng(seat + 5)).observation(None) == public


# --------------------------------------------------------------------------- actions
@pytest.mark.parametrize("game_id", GAMES)
def test_apply_refuses_what_is_not_an_action(game_id: str) -> None:
    g = _positions(game_id, 5, limit=1)[0]
    before = g.to_json()
    for bad in (None, 0, 3, ["x"], {"id": "x"}, Action(3), Action(None)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="action id"):
            g.apply(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="action id"):
            g.explain_illegal(bad)  # type: ignore[arg-type]
    with pytest.raises(tawa.IllegalAction):
        g.apply("no such action at all")
    assert g.to_json() == before


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - PENDING_EXPLAIN) + sorted(PENDING_EXPLAIN))
def test_explanation_agrees_with_the_generator(game_id: str) -> None:
    """At positions along seeded progress-biased games, for every id of the action space: the game's
    explanation finds nothing against it exactly when it is legal, and a refusal names one of the game's rules
    (so the explanation is the generator's own predicates, not a second copy that can drift)."""
    if game_id in PENDING_EXPLAIN:
        pytest.skip("issue 15: explanations built from the rules' predicates are being written for this game")
    prefix = tawa.game_class(game_id).info.rule_prefix
    for seed in (3, 11):
        for g in _positions(game_id, seed, every=37, limit=8):
            legal = {a.id for a in g.legal_actions()}
            for aid in g.action_space.ids:
                found = g._explain(aid)
                if aid in legal:
                    assert found is None, f"{aid!r} is legal, but explained as {found}"
                else:
                    assert found is not None, f"{aid!r} is not legal, and the explanation finds nothing"
                    assert found.rule and found.rule.startswith(prefix + "-"), f"{aid!r}: {found} names no rule"


# --------------------------------------------------------------------------- new games
@pytest.mark.parametrize("game_id", GAMES)
def test_new_game_arguments(game_id: str) -> None:
    info = tawa.game_class(game_id).info
    n = info.players[0]
    for players in (float(n), True, str(n), None, -1, 0):
        if players is None:
            continue
        with pytest.raises(tawa.BadOption, match="played by"):
            tawa.new_game(game_id, players, 1)  # type: ignore[arg-type]
    for seed in (-1, SEED_LIMIT, 2**70, 1.5, "7", True):
        with pytest.raises(tawa.BadOption, match="seed"):
            tawa.new_game(game_id, n, seed)  # type: ignore[arg-type]
    tawa.new_game(game_id, n, SEED_LIMIT - 1)
    for options in ([("A", 1)], "A=1", 3):
        with pytest.raises(tawa.BadOption, match="mapping"):
            tawa.new_game(game_id, n, 1, options)  # type: ignore[arg-type]


def _bad_values(p: Param) -> list[Any]:
    """Values just outside what a Param's default suggests (a property test's candidates)."""
    d = p.default
    if p.choices is not None or not p.overridable or isinstance(d, bool) or d is None:
        return []
    if isinstance(d, int | float):
        return [-1, 0, -d if d else 1, d * 50 + 7]
    if isinstance(d, str):
        return ["", "zz"]
    if isinstance(d, list | tuple):
        out: list[Any] = [[]]
        if d:
            out += [list(d[:-1]), [*d, d[-1]], list(reversed(d))]
            first = d[0]
            if isinstance(first, int | float) and not isinstance(first, bool):
                out += [[-1, *d[1:]], [first * 50 + 7, *d[1:]]]
        return out
    if isinstance(d, dict):
        return [{k: (-1 if isinstance(v, int | float) and not isinstance(v, bool) else v) for k, v in d.items()}]
    return []


def _option_cases() -> list[Any]:
    out = []
    for gid in GAMES:
        counts = tawa.game_class(gid).info.players
        for i, p in enumerate(tawa.game_class(gid).info.params):
            for k, v in enumerate(_bad_values(p)):
                players = counts[(i + k) % len(counts)]  # each case one player count, all counts over the cases
                out.append(pytest.param(gid, players, p.name, v, id=f"{gid}-{players}p-{p.name}-{k}"))
    return out


@pytest.mark.parametrize(("game_id", "players", "name", "value"), _option_cases())
def test_an_out_of_range_option_is_refused_or_plays(game_id: str, players: int, name: str, value: Any) -> None:
    """Every Param of every game with values outside its usual range: either ``BadOption`` (naming the Param)
    when the game is made, or a game that plays to its end (with the [D] safety caps)."""
    if game_id in PENDING_OPTIONS:
        pytest.skip("issue 15: this game's Params are getting their declared shapes")
    try:
        g = _new(game_id, players, 7, {name: value})
    except tawa.BadOption as e:
        assert name in str(e)
        return
    rng = Rng(7)
    steps = 0
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
        steps += 1
        assert steps < 100_000
    assert len(g.scores()) == players and all(math.isfinite(v) for v in g.scores())


# --------------------------------------------------------------------------- saved documents
@pytest.mark.parametrize("game_id", GAMES)
def test_bad_documents_are_refused_by_name(game_id: str) -> None:
    g = _positions(game_id, 9, limit=2)[-1]
    good = json.loads(g.to_json())
    for text in ("", "not json", "[1, 2]", "null", '{"game": 3}'):
        with pytest.raises(tawa.BadState):
            tawa.from_json(text)
    for key, value, field in (
        ("format", "tawa-game/0", "format"),
        ("game", "no-such-game", "game"),
        ("players", 99, "players"),
        ("players", "2", "players"),
        ("seed", -1, "seed"),
        ("seed", SEED_LIMIT, "seed"),
        ("history", "abc", "history"),
        ("history", [1, 2], "history[0]"),
        ("rng", None, "rng"),
        ("options", {"NO_SUCH": 1}, "options"),
        ("state", [], "state"),
        ("log", [{"kind": 1}], "log[0]"),
    ):
        doc = {**good, key: value}
        with pytest.raises(tawa.BadState) as err:
            tawa.from_json(json.dumps(doc))
        assert err.value.field is not None and field in err.value.field, (key, str(err.value))
    for key in ("players", "seed", "history", "rng", "state"):
        doc = {k: v for k, v in good.items() if k != key}
        with pytest.raises(tawa.BadState, match=key):
            tawa.from_json(json.dumps(doc))


def _mutations(draw: st.DrawFn, doc: Any) -> Any:
    """Change one leaf of a JSON document (or drop one key, or cut one list)."""
    if isinstance(doc, dict) and doc:
        key = draw(st.sampled_from(sorted(doc)))
        if draw(st.integers(0, 9)) == 0:
            return {k: v for k, v in doc.items() if k != key}
        return {**doc, key: _mutations(draw, doc[key])}
    if isinstance(doc, list) and doc:
        i = draw(st.integers(0, len(doc) - 1))
        if draw(st.integers(0, 9)) == 0:
            return doc[:i]
        return [*doc[:i], _mutations(draw, doc[i]), *doc[i + 1 :]]
    return draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-3, 99),
            st.sampled_from(["", "x", "llama0"]),
            st.just([]),
            st.just({}),
        )
    )


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_mutated_documents_are_refused_or_load_into_a_sound_game(game_id: str, data: st.DataObject) -> None:
    """A saved game with one field changed, dropped or cut is either refused with ``BadState`` or loads into
    a game that keeps its invariants and plays on."""
    if game_id in PENDING_LOAD:
        pytest.skip("issue 15: this game's from_dict is getting field-by-field checks")
    positions = _positions(game_id, 13, every=31, limit=6)
    g = positions[data.draw(st.integers(0, len(positions) - 1))]
    doc = json.loads(g.to_json())
    state_only = data.draw(st.booleans())
    mutated = {**doc, "state": _mutations(data.draw, doc["state"])} if state_only else _mutations(data.draw, doc)
    try:
        back = tawa.from_json(json.dumps(mutated))
    except tawa.BadState as e:
        assert str(e)
        return
    back.check_invariants()
    rng = Rng(1)
    for _ in range(30):
        if back.is_over:
            break
        for seat in range(back.players):
            back.observation(seat)
        back.apply(random_action(back, rng, biased=True))


# --------------------------------------------------------------------------- results
@pytest.mark.parametrize("game_id", GAMES)
def test_standings_agree_with_the_ranking(game_id: str) -> None:
    counts = tawa.game_class(game_id).info.players
    for i, players in enumerate(counts):
        g = _new(game_id, players, 50 + i)
        rng = Rng(50 + i)
        while not g.is_over:
            g.apply(random_action(g, rng, biased=True))
        table = g.standings()
        ranking, scores = g.ranking(), g.scores()
        assert [s.seat for s in table] == list(range(players))
        assert [s.place for s in table] == ranking
        assert [s.score for s in table] == [float(v) for v in scores]
        for s in table:
            assert s.shared == (ranking.count(s.place) > 1)
            assert s.decided_by or (s.place == max(ranking) and not s.shared)
            json.dumps(s.to_dict())
