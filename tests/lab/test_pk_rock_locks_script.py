"""scripts/pk_rock_locks.py (docs/balance.md, P'achakuna): it finds 0-degree free rotations and replays a
game's prefix under the FREE_ZERO_ROTATION=false variant."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from tawa.core.registry import new_game

_SPEC = importlib.util.spec_from_file_location(
    "pk_rock_locks", Path(__file__).resolve().parents[2] / "scripts" / "pk_rock_locks.py"
)
assert _SPEC and _SPEC.loader
pk_rock_locks: Any = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(pk_rock_locks)


def _record_with_a_zero_rotation() -> dict[str, Any]:
    """A free rotation that changes the tile, the turn passes, then a 0-degree free rotation."""
    options = {"TURN_CAP": 6}
    game = new_game("pachakuna", 2, 5, options)
    history = []

    def rotate(zero: bool) -> None:
        for a in game.legal_actions():
            if not a.id.startswith("rotate"):
                continue
            trial = game.clone()
            before = list(trial.state.orient)
            trial.apply(a.id)
            if (trial.state.orient == before) == zero:
                game.apply(a.id)
                history.append(a.id)
                return
        raise AssertionError("no such rotation")

    rotate(zero=False)
    while game.state.active == 0:  # finish White's turn with the first legal action
        a = game.legal_actions()[0]
        game.apply(a.id)
        history.append(a.id)
    rotate(zero=True)
    return {"index": 0, "players": 2, "seed": 5, "options": options, "history": history, "capped": True}


def test_counts_free_rotations_and_finds_the_first_zero_one() -> None:
    record = _record_with_a_zero_rotation()
    free, zero, first = pk_rock_locks.replay_counting(record)
    assert (free, zero, first) == (2, 1, len(record["history"]) - 1)


def test_what_if_replays_the_prefix_without_zero_rotations_and_plays_on() -> None:
    record = _record_with_a_zero_rotation()
    cut = len(record["history"]) - 1
    game = pk_rock_locks.play_on_without_zero(record, cut, "random")
    assert game.is_over and game.history[:cut] == record["history"][:cut]
    assert game.params.FREE_ZERO_ROTATION is False  # the variant is on for the rest of the game
