"""Numeric encodings of observations, for learning agents (``games/<g>/encode.py``; ``tawa.rl``; OpenSpiel tensors).

A game's encoding is a flat ``float32`` vector of a fixed size for a player count and option set, built from one
seat's ``observation`` alone (so it cannot hold anything the seat may not see). It is declared as a list of named
fields, each a block of the vector:

- a *number* field holds ``count`` raw values, each scaled from its documented raw range ``[low, high]`` to
  ``[0, 1]``; a field marked ``capped`` (a score, which has no bound in the rules) is clipped at ``high``;
- a *one-hot* field holds ``count`` categories, each written as ``classes`` entries with a single 1 (none: all 0).

So every entry lies in ``[0, 1]``. Fields about seats list the seats from the observer's: the observer first, then
the next seats in turn order (a spectator sees them from seat 0). ``Encoder.describe`` lists the fields with their
offsets and ranges (``docs/rl.md`` is generated from it); ``Encoder.split`` cuts a vector back into its fields.

``encode(observation, strict=True)`` raises ``EncodingError`` naming the field when a raw value lies outside its
documented range (the tests play whole games that way); without ``strict`` such a value is clipped, so that a
learner is never handed a value outside its observation space.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
Getter = Callable[[Mapping[str, Any], "Context"], Sequence[Any]]


class EncodingError(ValueError):
    """A value of an observation does not fit the encoding's documented range (a bug of the game or encoder)."""


class Context:
    """What every field of one encoding shares: the observer and the seat order seen from it."""

    __slots__ = ("me", "memo", "order", "players", "rel")

    def __init__(self, observer: int | None, players: int) -> None:
        me = observer if observer is not None else 0
        self.me = me
        self.players = players
        self.order = [(me + k) % players for k in range(players)]  # seats, observer first
        self.rel = {s: (s - me) % players for s in range(players)}  # seat -> position in ``order``
        self.memo: dict[str, Any] = {}  # what several fields derive from the observation, computed once per vector

    def relative(self, seat: int | None) -> int:
        """A seat's position seen from the observer (0 = the observer); -1 for none (``None`` or a negative)."""
        if seat is None or seat < 0:
            return -1
        return self.rel[seat]


@dataclass(frozen=True)
class Field:
    """One named block of the vector."""

    name: str
    count: int
    text: str
    get: Getter
    low: float = 0.0
    high: float = 1.0
    classes: int = 0  # > 0: a one-hot field of ``count`` categories
    capped: bool = False  # a number without a bound in the rules, clipped at ``high``
    offset: int = 0

    @property
    def size(self) -> int:
        return self.count * self.classes if self.classes else self.count

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.count, self.classes) if self.classes else (self.count,)

    @property
    def range_text(self) -> str:
        if self.classes:
            return f"one-hot of {self.classes}"
        lo, hi = _num(self.low), _num(self.high)
        if (self.low, self.high) == (0, 1):
            return "0/1" if self.text.startswith("1 if") else "[0, 1]"
        return f"[{lo}, {hi}]" + (" capped" if self.capped else "")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class Encoder:
    """The encoding of one game for one player count and option set. Build it with ``EncoderBuilder``."""

    def __init__(self, game: str, players: int, fields: Sequence[Field], actions: int) -> None:
        placed: list[Field] = []
        offset = 0
        for f in fields:
            placed.append(Field(f.name, f.count, f.text, f.get, f.low, f.high, f.classes, f.capped, offset))
            offset += f.size
        names = [f.name for f in placed]
        if len(set(names)) != len(names):
            raise ValueError(f"{game}: duplicate encoding field names")
        self.game = game
        self.players = players
        self.fields: tuple[Field, ...] = tuple(placed)
        self.size = offset
        self.actions = actions
        nums = [f for f in placed if not f.classes]
        self._num_index = (
            np.concatenate([np.arange(f.offset, f.offset + f.count) for f in nums]) if nums else np.zeros(0, np.intp)
        )
        self._low = np.concatenate([np.full(f.count, f.low, np.float64) for f in nums]) if nums else np.zeros(0)
        high = np.concatenate([np.full(f.count, f.high, np.float64) for f in nums]) if nums else np.zeros(0)
        self._capped = np.concatenate([np.full(f.count, f.capped) for f in nums]) if nums else np.zeros(0, bool)
        self._scale = 1.0 / np.maximum(high - self._low, 1e-12)
        self._num_fields = nums

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def encode(self, observation: Mapping[str, Any], strict: bool = False) -> Vector:
        """The vector of one seat's observation (``Game.observation(seat)``); see the module's docstring."""
        ctx = Context(observation_seat(observation), self.players)
        nums: list[float] = []
        hot: list[int] = []
        for f in self.fields:
            values = f.get(observation, ctx)
            if len(values) != f.count:
                raise EncodingError(f"{self.game}: field {f.name} has {len(values)} values, not {f.count}")
            if f.classes:
                base, k = f.offset, f.classes
                for i, v in enumerate(values):
                    if v is None or v < 0:
                        continue
                    if v >= k:
                        raise EncodingError(f"{self.game}: field {f.name}[{i}] is category {v}, not below {k}")
                    hot.append(base + i * k + v)
            else:
                nums.extend(values)
        scaled = (np.asarray(nums, np.float64) - self._low) * self._scale
        out = np.zeros(self.size, np.float32)
        if strict:
            bad = ((scaled < 0.0) | ((scaled > 1.0 + 1e-9) & ~self._capped)).nonzero()[0]
            if len(bad):
                raise EncodingError(self._describe_bad(int(bad[0]), nums))
        out[self._num_index] = np.clip(scaled, 0.0, 1.0)
        if hot:
            out[hot] = 1.0
        return out

    def _describe_bad(self, i: int, nums: list[float]) -> str:
        value = nums[i]
        for f in self._num_fields:
            if i < f.count:
                return f"{self.game}: field {f.name}[{i}] = {value} lies outside [{_num(f.low)}, {_num(f.high)}]"
            i -= f.count
        raise AssertionError("index past the number fields")  # pragma: no cover

    def split(self, vector: Vector) -> dict[str, Vector]:
        """The vector cut into its fields, each in its shape (``Field.shape``)."""
        return {f.name: vector[f.offset : f.offset + f.size].reshape(f.shape) for f in self.fields}

    def describe(self) -> list[dict[str, Any]]:
        """One row per field: name, offset, shape, raw range and meaning (the tables of ``docs/rl.md``)."""
        return [
            {"name": f.name, "offset": f.offset, "shape": list(f.shape), "range": f.range_text, "text": f.text}
            for f in self.fields
        ]

    def markdown(self) -> str:
        """``describe`` as a Markdown table."""
        lines = ["| field | offset | shape | raw range | meaning |", "|---|---|---|---|---|"]
        for r in self.describe():
            shape = " x ".join(str(n) for n in r["shape"])
            lines.append(f"| `{r['name']}` | {r['offset']} | {shape} | {r['range']} | {r['text']} |")
        return "\n".join(lines)


class EncoderBuilder:
    """Declares the fields of a game's encoding in order (``games/<g>/encode.py``)."""

    def __init__(self, game: str, players: int) -> None:
        self.game = game
        self.players = players
        self.fields: list[Field] = []

    def number(
        self, name: str, count: int, low: float, high: float, text: str, get: Getter, capped: bool = False
    ) -> None:
        """``count`` raw numbers in ``[low, high]``, scaled to [0, 1] (clipped at ``high`` when ``capped``)."""
        if high <= low:
            raise ValueError(f"{self.game}: field {name}: the range [{low}, {high}] is empty")
        self.fields.append(Field(name, count, text, get, float(low), float(high), 0, capped))

    def flag(self, name: str, count: int, text: str, get: Getter) -> None:
        """``count`` 0/1 values (``text`` starts with "1 if")."""
        self.fields.append(Field(name, count, text, get, 0.0, 1.0))

    def onehot(self, name: str, count: int, classes: int, text: str, get: Getter) -> None:
        """``count`` categories in ``0..classes-1`` (None or -1: none, all 0)."""
        if classes < 1:
            raise ValueError(f"{self.game}: field {name} needs at least one class")
        self.fields.append(Field(name, count, text, get, 0.0, 1.0, classes))

    def build(self, actions: int) -> Encoder:
        return Encoder(self.game, self.players, self.fields, actions)


def observation_seat(observation: Mapping[str, Any]) -> int | None:
    """The seat an observation was made for (``None``: a spectator); games name it ``seat`` or ``observer``."""
    seat = observation.get("seat", observation.get("observer"))
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


class GameLike(Protocol):
    players: int

    @property
    def params(self) -> Any: ...

    @property
    def options(self) -> dict[str, Any]: ...


_ENCODERS: dict[tuple[type, int, str], Encoder] = {}


def encoding_module(cls: type) -> Any:
    """A game class's ``encode`` room (``tawa.games.<g>.encode``), or ``None`` for a game without one."""
    parts = cls.__module__.split(".")
    if len(parts) < 3 or parts[:2] != ["tawa", "games"]:
        return None
    try:
        return importlib.import_module(".".join(parts[:3]) + ".encode")
    except ModuleNotFoundError:
        return None


def encoder_for(game: GameLike) -> Encoder:
    """The encoder of a game's class, player count and options (built once, shared)."""
    cls = type(game)
    key = (cls, game.players, json.dumps(game.options, sort_keys=True, default=str))
    enc = _ENCODERS.get(key)
    if enc is None:
        module = encoding_module(cls)
        if module is None:
            raise NotImplementedError(f"{cls.__name__} has no numeric encoding (no encode.py room)")
        enc = _ENCODERS[key] = module.encoder(game.players, game.params)
    return enc


def encode(game: Any, seat: int | None, strict: bool = False) -> Vector:
    """``seat``'s observation of ``game`` encoded (``encoder_for(game).encode(game.observation(seat))``)."""
    return encoder_for(game).encode(game.observation(seat), strict)
