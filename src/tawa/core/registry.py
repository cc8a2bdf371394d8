"""The game registry: ``list_games``, ``new_game``, ``from_json``, ``replay``."""
from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from tawa.core.errors import UnknownGame
from tawa.core.game import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}
# Built-in games, imported on first use so `import tawa` stays light.
_BUILTIN = {
    "sacred-valley": "tawa.games.sacred_valley",
    "pachakuna": "tawa.games.pachakuna",
    "guatavita": "tawa.games.guatavita",
    "ayar": "tawa.games.ayar",
}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a ``Game`` subclass available under ``cls.info.id``."""
    _GAMES[cls.info.id] = cls
    return cls


def _load_builtins() -> None:
    for gid, module in _BUILTIN.items():
        if gid in _GAMES:
            continue
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:  # a game package not installed in this build
            if e.name != module:
                raise


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


def new_game(game_id: str, players: int | None = None, seed: int = 0,
             options: Mapping[str, Any] | None = None) -> Game:
    """Start a game. ``players`` defaults to the smallest count the game allows.
    Unknown or invalid options raise ``tawa.BadOption``."""
    cls = game_class(game_id)
    return cls(players if players is not None else cls.info.min_players, seed, options)


def from_json(text: str | dict[str, Any]) -> Game:
    """Rebuild a game from ``Game.to_json()`` (exact round-trip, RNG included)."""
    data = json.loads(text) if isinstance(text, str) else text
    return game_class(data["game"]).from_dict(data)


def replay(game_id: str, players: int, seed: int, options: Mapping[str, Any] | None,
           history: Iterable[str]) -> Game:
    """Play ``history`` (action ids) again from the start; gives the same state exactly."""
    g = new_game(game_id, players, seed, options)
    for aid in history:
        g.apply(aid)
    return g
