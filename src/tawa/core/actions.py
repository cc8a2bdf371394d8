"""Actions: a stable text id, a human text, and a fixed integer enumeration per game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One decision a player can take.

    ``id`` is stable text (``"plant potato r1c3"``) used in histories, replays and
    the CLI; ``text`` is for humans; ``data`` is the game's structured form of the
    action and never takes part in equality.
    """

    id: str
    text: str = ""
    data: Any = field(default=None, compare=False, hash=False)

    def __str__(self) -> str:
        return self.text or self.id


class ActionSpace:
    """A fixed enumeration of every action id a game can ever offer (for a player count
    and option set): id <-> integer index, and legal-action masks for RL and search."""

    __slots__ = ("_index", "ids")

    def __init__(self, ids: Sequence[str]) -> None:
        self.ids: tuple[str, ...] = tuple(ids)
        self._index = {a: i for i, a in enumerate(self.ids)}
        if len(self._index) != len(self.ids):
            raise ValueError("action space has duplicate ids")

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, action_id: object) -> bool:
        return action_id in self._index

    def index(self, action: Action | str) -> int:
        aid = action if isinstance(action, str) else action.id
        try:
            return self._index[aid]
        except KeyError:
            raise KeyError(f"action {aid!r} is not in this game's action space") from None

    def id_of(self, index: int) -> str:
        return self.ids[index]

    def mask(self, legal: Iterable[Action | str]) -> list[bool]:
        m = [False] * len(self.ids)
        for a in legal:
            m[self.index(a)] = True
        return m
