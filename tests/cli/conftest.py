"""Make tests/core's toy game (``import toy_game`` registers "toy-cards") and this folder's helpers importable,
and register this folder's test games (``parts_game``) while its tests run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

for folder in (Path(__file__).resolve().parent, Path(__file__).resolve().parents[1] / "core"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from parts_game import CappedGame, PartsGame  # noqa: E402

import tawa.core.registry as registry  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def test_games() -> Iterator[None]:
    registry.list_games()  # load the built-in games first
    for cls in (PartsGame, CappedGame):
        registry.register(cls)
    yield
    for cls in (PartsGame, CappedGame):
        registry._GAMES.pop(cls.info.id, None)
