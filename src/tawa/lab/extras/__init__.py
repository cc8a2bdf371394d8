"""Per-game extra measures of a finished game, stored in each result record's ``extras``
and plotted by ``tawa report`` (e.g. Guatavita: points by source).

An extractor is ``fn(game) -> dict`` of JSON-able values, run by the lab (a trusted
harness) on the finished game. Per-game modules live beside this file and register
themselves; games without one have no extras.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tawa.core.game import Game

Extractor = Callable[[Game], dict[str, Any]]

_EXTRACTORS: dict[str, Extractor] = {}
_MODULES = {
    "sacred-valley": "tawa.lab.extras.sacred_valley",
    "pachakuna": "tawa.lab.extras.pachakuna",
    "guatavita": "tawa.lab.extras.guatavita",
    "ayar": "tawa.lab.extras.ayar",
}
_tried: set[str] = set()


def register_extras(game_id: str, fn: Extractor) -> Extractor:
    _EXTRACTORS[game_id] = fn
    return fn


def extras_for(game_id: str) -> Extractor | None:
    if game_id not in _EXTRACTORS and game_id not in _tried and game_id in _MODULES:
        _tried.add(game_id)
        try:
            importlib.import_module(_MODULES[game_id])
        except ModuleNotFoundError as e:
            if e.name is None or not e.name.startswith("tawa."):
                raise
    return _EXTRACTORS.get(game_id)
