"""A game left with ``quit`` (or finished) and saved by ``tawa play --save FILE``, resumed by ``--load FILE``.

The file is the game's own document (``Game.to_json``: ``tawa.from_json`` reads it, and ``tawa replay`` too)
with one more field, ``seats``: who played each seat (``human`` or a bot spec), so the game resumes as it was.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from tawa.core.errors import BadState
from tawa.core.game import Game
from tawa.core.registry import from_json
from tawa.lab.simulate import check_seat_specs


class BadSave(ValueError):
    """A file that cannot be resumed, with the reason in the user's terms."""


def save_play(path: Path, game: Game, seats: Sequence[str]) -> None:
    doc = game.to_dict()
    doc["seats"] = list(seats)
    path.write_text(json.dumps(doc, sort_keys=True, separators=(",", ":")), encoding="utf-8")


def load_play(path: Path) -> tuple[Game, list[str] | None]:
    """The saved game and its seats (None when the file names none: a bare ``Game.to_json`` document).
    ``OSError`` when the file cannot be read; ``BadSave`` saying what is wrong with it otherwise."""
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        game = from_json(text)
    except BadState as e:
        raise BadSave(f"{path} is not a saved Tawa game ({e})") from None
    seats = json.loads(text).get("seats")
    if seats is None:
        return game, None
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or len(seats) != game.players:
        raise BadSave(f"{path}: seats: expected {game.players} seat names (human or a bot), got {seats!r}")
    try:
        check_seat_specs(seats, humans=True)
    except ValueError as e:
        raise BadSave(f"{path}: seats: {e}") from None
    return game, seats
