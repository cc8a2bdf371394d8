"""Reading a saved game document safely: every field is checked for type and bounds as it is read.

A game's ``State.from_dict`` reads its part of a ``tawa.from_json`` document through a ``Doc``, so that a
missing key, a wrong type or an index outside its component's range raises one ``BadState`` that names
the field (``state.players[1].coins: expected an integer from 0 to 99, got -3``) instead of a bare
``KeyError`` or ``IndexError`` from deep inside, and never yields a corrupt state::

    doc = Doc(data, "state")
    turn = doc.integer("turn", 0, 200)
    pos = doc.integers("pos", length=6, low=-1, high=len(CELLS) - 1)
    players = [PlayerState.from_doc(p) for p in doc.docs("players", length=n)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, NoReturn

from tawa.core.errors import BadState


def _range_text(low: int | float | None, high: int | float | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    if high is not None:
        return f" of at most {high}"
    return ""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Doc:
    """One mapping of a document, with the path that names it in errors."""

    __slots__ = ("data", "path")

    def __init__(self, data: object, path: str = "state") -> None:
        if not isinstance(data, Mapping):
            raise BadState(f"expected a mapping, got {_kind(data)}", path)
        self.data: Mapping[str, Any] = data
        self.path = path

    # ---------------------------------------------------------------- errors
    def field(self, key: str | int) -> str:
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    def fail(self, key: str | int | None, message: str) -> NoReturn:
        """Raise ``BadState`` for ``key`` of this mapping (``None``: the mapping itself)."""
        raise BadState(message, self.path if key is None else self.field(key))

    def check(self, ok: bool, key: str | int | None, message: str) -> None:
        """A rule between fields: raise ``BadState`` with ``message`` unless ``ok``."""
        if not ok:
            self.fail(key, message)

    # ---------------------------------------------------------------- scalars
    def raw(self, key: str) -> Any:
        try:
            return self.data[key]
        except KeyError:
            self.fail(key, "missing")

    def has(self, key: str) -> bool:
        return key in self.data

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int:
        return check_int(self.raw(key), self.field(key), low, high)

    def opt_integer(self, key: str, low: int | None = None, high: int | None = None) -> int | None:
        """An integer or null (None)."""
        value = self.raw(key)
        return None if value is None else check_int(value, self.field(key), low, high)

    def number(self, key: str, low: float | None = None, high: float | None = None) -> float:
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(key, f"expected a number{_range_text(low, high)}, got {_kind(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(key, f"expected a number{_range_text(low, high)}, got {value!r}")
        return float(value) if isinstance(value, float) else value

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, got {_kind(value)}")
        return value

    def text(self, key: str, choices: Collection[str] | None = None) -> str:
        return check_str(self.raw(key), self.field(key), choices)

    def opt_text(self, key: str, choices: Collection[str] | None = None) -> str | None:
        value = self.raw(key)
        return None if value is None else check_str(value, self.field(key), choices)

    # ---------------------------------------------------------------- collections
    def items(self, key: str, length: int | None = None, least: int = 0, most: int | None = None) -> list[Any]:
        """A list (its items unchecked), with an exact ``length`` or within ``least..most``."""
        return check_list(self.raw(key), self.field(key), length, least, most)

    def integers(
        self,
        key: str,
        length: int | None = None,
        low: int | None = None,
        high: int | None = None,
        least: int = 0,
        most: int | None = None,
    ) -> list[int]:
        """A list of integers, each within ``low..high``."""
        path = self.field(key)
        items = check_list(self.raw(key), path, length, least, most)
        return [check_int(v, f"{path}[{i}]", low, high) for i, v in enumerate(items)]

    def integer_rows(
        self,
        key: str,
        rows: int | None = None,
        length: int | None = None,
        low: int | None = None,
        high: int | None = None,
        most: int | None = None,
    ) -> list[list[int]]:
        """A list of lists of integers (one row per seat, say)."""
        path = self.field(key)
        outer = check_list(self.raw(key), path, rows)
        out = []
        for i, row in enumerate(outer):
            items = check_list(row, f"{path}[{i}]", length, 0, most)
            out.append([check_int(v, f"{path}[{i}][{j}]", low, high) for j, v in enumerate(items)])
        return out

    def texts(
        self,
        key: str,
        length: int | None = None,
        choices: Collection[str] | None = None,
        least: int = 0,
        most: int | None = None,
    ) -> list[str]:
        path = self.field(key)
        items = check_list(self.raw(key), path, length, least, most)
        return [check_str(v, f"{path}[{i}]", choices) for i, v in enumerate(items)]

    def doc(self, key: str) -> Doc:
        """A nested mapping."""
        return Doc(self.raw(key), self.field(key))

    def opt_doc(self, key: str) -> Doc | None:
        value = self.raw(key)
        return None if value is None else Doc(value, self.field(key))

    def docs(self, key: str, length: int | None = None, least: int = 0, most: int | None = None) -> list[Doc]:
        """A list of nested mappings."""
        path = self.field(key)
        items = check_list(self.raw(key), path, length, least, most)
        return [Doc(v, f"{path}[{i}]") for i, v in enumerate(items)]


def check_int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if not _is_int(value):
        raise BadState(f"expected an integer{_range_text(low, high)}, got {_kind(value)}", path)
    assert isinstance(value, int)
    if (low is not None and value < low) or (high is not None and value > high):
        raise BadState(f"expected an integer{_range_text(low, high)}, got {value}", path)
    return value


def check_str(value: object, path: str, choices: Collection[str] | None = None) -> str:
    if not isinstance(value, str):
        raise BadState(f"expected text, got {_kind(value)}", path)
    if choices is not None and value not in choices:
        shown = ", ".join(sorted(map(repr, choices))[:12])
        raise BadState(f"{value!r} is not one of {shown}", path)
    return value


def check_list(
    value: object, path: str, length: int | None = None, least: int = 0, most: int | None = None
) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise BadState(f"expected a list, got {_kind(value)}", path)
    n = len(value)
    if length is not None and n != length:
        raise BadState(f"expected {length} items, got {n}", path)
    if n < least or (most is not None and n > most):
        raise BadState(f"expected {least} to {most if most is not None else 'any number of'} items, got {n}", path)
    return list(value)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__
