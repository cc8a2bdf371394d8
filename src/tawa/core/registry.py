"""The game registry: ``list_games``, ``new_game``, ``from_json``, ``replay``."""

from __future__ import annotations

import importlib
import json
import pkgutil
import threading
from collections.abc import Iterable, Mapping
from typing import Any

import tawa.games
from tawa.core.errors import BadState, UnknownGame
from tawa.core.game import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}
_loaded = False
_loading = threading.RLock()  # a server asks from several threads at once: each waits for the whole list


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a ``Game`` subclass available under ``cls.info.id``."""
    _GAMES[cls.info.id] = cls
    return cls


def _load_builtins() -> None:
    """Import every package under ``tawa.games`` once (each registers its Game class), on first use so that
    ``import tawa`` stays light. A new game is found by being there: no list to edit."""
    global _loaded
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        for info in pkgutil.iter_modules(tawa.games.__path__, "tawa.games."):
            if info.ispkg:
                importlib.import_module(info.name)
        _loaded = True


def game_class(game_id: str) -> type[Game]:
    _load_builtins()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"no game {game_id!r}; known games: {known}") from None


def list_games() -> list[GameInfo]:
    """Metadata of every registered game (id, name, player counts, params)."""
    _load_builtins()
    return [cls.info for _, cls in sorted(_GAMES.items())]


def short_games() -> list[tuple[str, int, dict[str, Any]]]:
    """(id, players, options) of a short whole game of every game of the ``tawa.games`` package
    (``GameInfo.short_game``): what the tests that walk every game play, so that a new game is walked without a
    test naming it. Games registered from elsewhere (a test's toy game) are not among them."""
    _load_builtins()
    out = []
    for _, cls in sorted(_GAMES.items()):
        if not cls.__module__.startswith("tawa.games."):
            continue
        info = cls.info
        players, options = info.short_game
        out.append((info.id, players or info.min_players, dict(options)))
    return out


def new_game(game_id: str, players: int | None = None, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """Start a game. ``players`` defaults to the smallest count the game allows.
    Unknown or invalid options raise ``tawa.BadOption``."""
    cls = game_class(game_id)
    return cls(players if players is not None else cls.info.min_players, seed, options)


def from_json(text: str | dict[str, Any]) -> Game:
    """Rebuild a game from ``Game.to_json()`` (exact round-trip, RNG included). A document that is not a
    valid saved game raises ``tawa.BadState`` naming what is wrong."""
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise BadState(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})", "document") from None
    else:
        data = text
    if not isinstance(data, dict):
        raise BadState("expected a JSON object (a saved Tawa game)", "document")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise BadState("missing: which game the document is", "game")
    try:
        cls = game_class(game_id)
    except UnknownGame as e:
        raise BadState(str(e), "game") from None
    return cls.from_dict(data)


def replay(game_id: str, players: int, seed: int, options: Mapping[str, Any] | None, history: Iterable[str]) -> Game:
    """Play ``history`` (action ids) again from the start; gives the same state exactly."""
    g = new_game(game_id, players, seed, options)
    for aid in history:
        g.apply(aid)
    return g
