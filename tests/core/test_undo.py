"""Taking back decisions (issue 25, ``Game.undoable`` / ``Game.take_back``) in all four games: only the seat that
took the last decisions, never across a chance event or a revelation, and a take-back is the game that never
took those decisions (replay from the seed), from which the same decisions lead back to the same game, byte for
byte."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tawa.core.errors import IllegalAction
from tawa.core.registry import new_game, replay, short_games
from tawa.core.undo import UNDO_RULE

GAMES = short_games()
# games whose hidden parts are fixed at setup, so that a decision can reveal one without drawing (Ayar's pot
# stack and textile stacks, Guatavita's lake tiles)
REVEAL_WITHOUT_DRAW = {"ayar", "guatavita"}


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_undo_over_whole_games(game: str, players: int, options: dict[str, object]) -> None:
    seen: Counter[str] = Counter()
    for seed in (1,):
        g = new_game(game, players, seed, options)
        rnd = random.Random(seed)
        actors: list[int] = []
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            acts = g.legal_actions()
            weights = g.progress_weights(acts)
            action = rnd.choices(acts, weights=weights)[0] if weights else rnd.choice(acts)
            drew_before = g.rng.state
            g.apply(action)
            actors.append(seat)
            if g.is_over:
                assert g.undoable(seat) == 0  # a finished game is final
                break
            n = g.undoable(seat)
            assert all(a == seat for a in actors[len(actors) - n :])  # only the seat's own trailing decisions
            assert all(g.undoable(o) == 0 for o in range(g.players) if o != seat)
            if g.rng.state != drew_before:
                assert n == 0  # a chance event happened: nothing before it can be taken back
                seen["chance"] += 1
            elif n == 0:
                seen["revealed"] += 1  # no draw, and still final: the decision showed someone a hidden thing
            state = g.to_json()
            for k in sorted({1, n}) if n else []:
                back = g.take_back(seat, k)
                assert back.to_json() == replay(game, players, seed, g.options, g.history[:-k]).to_json()
                assert back.current_player == seat
                for aid in g.history[len(g.history) - k :]:
                    back.apply(aid)
                assert back.to_json() == state  # the same decisions again: the same game, byte for byte
                seen["taken back"] += 1
            with pytest.raises(IllegalAction) as refused:
                g.take_back(seat, n + 1)
            assert refused.value.rule == UNDO_RULE and refused.value.opens
            assert f"({n} can)" in str(refused.value)
            assert g.to_json() == state  # asking changed nothing
    assert seen["taken back"] > 0, seen
    assert seen["chance"] + seen["revealed"] > 0, seen
    if game in REVEAL_WITHOUT_DRAW:
        assert seen["revealed"] > 0, seen


def test_a_decision_that_reveals_a_tile_is_final_and_one_that_does_not_can_be_taken_back() -> None:
    """Guatavita: placing a worker in planning reveals nothing (taken back while the next seat has not decided);
    the placement that ends planning starts the execution, which turns lake tiles face up: final."""
    game, players, options = next(x for x in GAMES if x[0] == "guatavita")
    g = new_game(game, players, 3, options)
    rnd = random.Random(1)
    found = {"undoable": False, "final": False}
    while not g.is_over and not all(found.values()):
        seat = g.current_player
        assert seat is not None
        acts = g.legal_actions()
        weights = g.progress_weights(acts)
        action = rnd.choices(acts, weights=weights)[0] if weights else rnd.choice(acts)
        before = g.clone()
        g.apply(action)
        if g.is_over or g.rng.state != before.rng.state:
            continue
        hidden_before = [t for t in before.observation(seat)["lake"] if "tile" not in t]
        turned = [
            t for t in g.observation(seat)["lake"] if "tile" in t and t["pos"] in {h["pos"] for h in hidden_before}
        ]
        if g.undoable(seat):
            assert not turned
            found["undoable"] = True
        elif turned:
            found["final"] = True
    assert all(found.values()), found
