"""Game options and data constants with their provenance, in one registry per game.

Every [P] (proposal) value of a spec, every [D] digital option and every option a
user may set is a ``Param``. ``new_game(options=...)`` and ``--option KEY=VALUE``
override them by name; the value is validated against the declared default.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tawa.core.errors import BadOption
from tawa.core.svgparts import PRIVATE_USE  # no option's text may hold a mark: a seat's name would be filled in

TAGS = {"R": "rulebook", "S": "public source", "P": "our proposal", "D": "digital-only"}


@dataclass(frozen=True)
class Param:
    """One named value of a game: an option or a data constant.

    name      upper-case key, as in the spec (``HARVEST_TRACK``) or an option (``layout``)
    default   the value used unless overridden
    tag       provenance: "R", "S", "P" or "D" (several allowed, e.g. "R/P")
    rules     spec rule IDs that read it
    doc       one line for ``tawa rules``
    choices   allowed values, when the value is one of a few
    nullable  whether None is allowed besides values of the default's type
    check     extra validation, returns an error text or None
    overridable  False for values fixed by the rulebook that only document the data
    bounds    (low, high), either None for no limit: every number of the value (a number, or every number
              inside its lists and mappings) lies within them
    length    a list's length: exact (``4``) or ``(least, most)`` with ``most`` None for no limit
    order     a flat list of numbers that must be "increasing", "nondecreasing", "decreasing" or
              "nonincreasing" (a scoring track, a table of thresholds)
    chars     the longest text allowed: the value's own text, or every text inside its lists and mappings

    A value that a person can set is bounded on every side (the server takes options from strangers, and a
    game draws and enumerates what they set): its numbers lie under ``bounds``' upper end, a list of varying
    length has a most, texts have ``chars``; ``open_ends`` names what a declaration leaves open (a test
    holds every game's registry to it). Besides, a value never holds more than ``MOST_ITEMS_FACTOR`` times
    the items (numbers, texts, lists) of its default, or ``MOST_ITEMS_FLOOR``: nested lists that no check
    bounds stay bounded.
    """

    name: str
    default: Any
    tag: str
    rules: tuple[str, ...] = ()
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    nullable: bool = False
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)
    overridable: bool = True
    bounds: tuple[float | None, float | None] | None = None
    length: int | tuple[int, int | None] | None = None
    order: str | None = None
    chars: int | None = None

    def __post_init__(self) -> None:
        if self.order is not None and self.order not in _ORDERS:
            raise ValueError(f"param {self.name}: order must be one of {sorted(_ORDERS)}")
        if self.overridable and self.default is not None and self.choices is None:
            err = self.shape_error(self.default)
            if err:
                raise ValueError(f"param {self.name}: the default breaks its own shape: {err}")

    @property
    def label(self) -> str:
        """The name with the rules that read it, as error messages show it."""
        return f"{self.name} ({', '.join(self.rules)})" if self.rules else self.name

    def describe(self) -> str:
        """The declared shape in words (``tawa rules``, the lobby's option form), '' when there is none."""
        parts = []
        if self.choices is not None:
            parts.append("one of " + ", ".join(json.dumps(_jsonable(c)) for c in self.choices))
        if self.length is not None:
            parts.append(_length_text(self.length))
        if self.bounds is not None:
            parts.append(_bounds_text(self.bounds))
        if self.order is not None:
            parts.append(self.order)
        if self.chars is not None:
            parts.append(f"texts of at most {self.chars} characters")
        if (
            self.overridable
            and isinstance(self.default, list | tuple)
            and not isinstance(self.length, int)
            and (self.length is None or self.length[1] is None)
        ):
            parts.append(f"at most {self.most_items} values in all")
        return "; ".join(parts)

    @property
    def most_items(self) -> int:
        """The most items (numbers, texts, truth values and lists, nested ones included) a value may hold:
        ``MOST_ITEMS_FACTOR`` times those of the default or of a list of the declared most length."""
        most = self.length if isinstance(self.length, int) else self.length[1] if self.length is not None else None
        return MOST_ITEMS_FACTOR * max(MOST_ITEMS_FLOOR // MOST_ITEMS_FACTOR, _items(self.default), most or 0)

    def open_ends(self) -> list[str]:
        """What this declaration leaves unbounded, in words (empty when a stranger cannot make the value as
        large as they like): an overridable value without choices needs an upper bound on its numbers and
        ``chars`` when it holds texts (a list's length is bounded by ``length`` or else by ``most_items``)."""
        if not self.overridable or self.choices is not None or isinstance(self.default, bool):
            return []
        out = []
        numbers = self.default is None or any(True for _ in _numbers(self.default))
        if numbers and (self.bounds is None or self.bounds[1] is None):
            out.append("no upper bound on its numbers")
        if any(True for _ in _texts(self.default)) and self.chars is None:
            out.append("no most length of its texts (chars)")
        return out

    def extremes(self) -> list[Any]:
        """Values at the far ends of this declaration, for tests and benchmarks of what a stranger can set (each
        may still be refused by the param's check or by the game's own cross-checks): every number at its upper
        bound, then at its lower bound; a list of varying length at its most length (its default's last entry
        repeated, at the upper bound); texts repeated to ``chars``."""
        if not self.overridable or isinstance(self.default, bool):
            return []
        if self.choices is not None:
            return [c for c in self.choices if c != self.default]
        lo, hi = self.bounds if self.bounds is not None else (None, None)
        out = []
        if self.default is None:
            return [x for x in (hi, lo) if x is not None]
        for end in (hi, lo):
            out.append(_at_end(self.default, end, self.chars))
        most = self.length[1] if isinstance(self.length, tuple) else None
        if isinstance(self.default, list | tuple) and self.default and most is not None and most > len(self.default):
            out.append([_at_end(self.default[-1], hi, self.chars)] * most)
            out.append(list(self.default) + [self.default[-1]] * (most - len(self.default)))
        seen, unique = set(), []
        for v in out:
            key = json.dumps(_jsonable(v), sort_keys=True)
            if key not in seen and v != _jsonable(self.default):
                seen.add(key)
                unique.append(v)
        return unique

    def shape_error(self, value: Any) -> str | None:
        """What is wrong with an already coerced ``value`` against length, bounds and order, or None."""
        if self.length is not None and isinstance(value, list | tuple):
            lo, hi = (self.length, self.length) if isinstance(self.length, int) else self.length
            if len(value) < lo or (hi is not None and len(value) > hi):
                return f"expected {_length_text(self.length)}, got {len(value)}"
        if self.bounds is not None:
            lo_b, hi_b = self.bounds
            for x in _numbers(value):
                if isinstance(x, float) and not math.isfinite(x):
                    return f"{x!r} is not a finite number"
                if (lo_b is not None and x < lo_b) or (hi_b is not None and x > hi_b):
                    return f"{_shown(x)} is out of range: {_bounds_text(self.bounds)}"
        for text in _texts(value):
            shown = text if len(text) <= 40 else text[:37] + "..."
            if self.chars is not None and len(text) > self.chars:
                return f"{shown!r} is longer than {self.chars} characters"
            odd = next((c for c in text if not c.isprintable() or PRIVATE_USE[0] <= c <= PRIVATE_USE[1]), None)
            if odd is not None:
                return (
                    f"{shown!r} holds the character U+{ord(odd):04X}: an option's text may not hold control or "
                    "private-use characters"
                )
        if self.order is not None and isinstance(value, list | tuple):
            nums = list(value)
            ok = _ORDERS[self.order]
            for i in range(1, len(nums)):
                if not ok(nums[i - 1], nums[i]):
                    return f"must be {self.order}: {nums[i - 1]!r} then {nums[i]!r} at positions {i - 1} and {i}"
        return None

    def validate(self, value: Any) -> Any:
        """Return ``value`` normalised to the default's shape, or raise ``BadOption``."""
        if value is None:
            if self.nullable or self.default is None:
                return None
            raise BadOption(f"option {self.label}: None is not allowed")
        if self.choices is not None:
            if value not in self.choices:
                raise BadOption(f"option {self.label}: {value!r} is not one of {list(self.choices)}")
            return value
        if _items(value, self.most_items) > self.most_items:
            raise BadOption(f"option {self.label}: more than {self.most_items} values in all")
        try:
            out = _coerce(self.name, self.default, value)
        except BadOption as e:
            raise BadOption(f"option {self.label}: {str(e).split(': ', 1)[-1]}") from None
        err = self.shape_error(out)
        if err is None and self.check is not None:
            err = self.check(out)
        if err:
            raise BadOption(f"option {self.label}: {err}")
        return out


_ORDERS: dict[str, Callable[[Any, Any], bool]] = {
    "increasing": lambda a, b: a < b,
    "nondecreasing": lambda a, b: a <= b,
    "decreasing": lambda a, b: a > b,
    "nonincreasing": lambda a, b: a >= b,
}


def _numbers(value: Any) -> Iterable[int | float]:
    """Every number in a value, looking inside lists, tuples and mappings (booleans are not numbers)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield value
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _numbers(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _numbers(v)


def _shown(x: int | float) -> str:
    """A number as an error message shows it (a huge integer by its size: Python will not print one of more
    than 4,300 digits)."""
    if isinstance(x, int) and x.bit_length() > 100:
        return f"a number of about {int(x.bit_length() * 0.30103)} digits"
    return repr(x)


def _at_end(value: Any, end: float | None, chars: int | None) -> Any:
    """``value`` with every number set to ``end`` (kept when None) and every text repeated up to ``chars``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value if end is None else type(value)(end)
    if isinstance(value, str):
        return (value * (chars // len(value)))[:chars] if chars and value else value
    if isinstance(value, list | tuple):
        return [_at_end(v, end, chars) for v in value]
    if isinstance(value, dict):
        return {k: _at_end(v, end, chars) for k, v in value.items()}
    return value


def _texts(value: Any) -> Iterable[str]:
    """Every text in a value, looking inside lists, tuples and mappings (not a mapping's keys: a value's keys are
    those of its default)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _texts(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)


MOST_ITEMS_FACTOR = 4
MOST_ITEMS_FLOOR = 16


def _items(value: Any, stop: int | None = None) -> int:
    """How many items a value holds: itself plus, for lists and mappings, everything inside, counted without
    recursion (a value nested thousands deep is counted, not overflowing the stack); counting stops past ``stop``."""
    count, todo = 0, [value]
    while todo:
        v = todo.pop()
        count += 1
        if stop is not None and count > stop:
            break
        if isinstance(v, list | tuple):
            todo.extend(v)
        elif isinstance(v, dict):
            todo.extend(v.values())
    return count


def _length_text(length: int | tuple[int, int | None]) -> str:
    if isinstance(length, int):
        return f"exactly {length} values"
    lo, hi = length
    if hi is None:
        return f"at least {lo} values"
    return f"{lo} to {hi} values" if lo != hi else f"exactly {lo} values"


def _bounds_text(bounds: tuple[float | None, float | None]) -> str:
    lo, hi = bounds
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


def _coerce(name: str, default: Any, value: Any) -> Any:
    if default is None:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise BadOption(f"option {name}: expected a number or text, got {value!r}")
        return value
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise BadOption(f"option {name}: expected true or false, got {value!r}")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise BadOption(f"option {name}: expected an integer, got {value!r}")
    if isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise BadOption(f"option {name}: expected a number, got {value!r}")
    if isinstance(default, str):
        if isinstance(value, str):
            return value
        raise BadOption(f"option {name}: expected text, got {value!r}")
    if isinstance(default, list | tuple):
        if not isinstance(value, list | tuple):
            raise BadOption(f"option {name}: expected a list like {json.dumps(_jsonable(default))}")
        if default and all(not isinstance(d, list | tuple | dict) for d in default):
            proto = default[0]
            items = [_coerce(name, proto, v) for v in value]
        else:
            items = [_coerce_like(name, default, i, v) for i, v in enumerate(value)]
        return tuple(_freeze(v) for v in items) if isinstance(default, tuple) else [_freeze(v) for v in items]
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise BadOption(f"option {name}: expected a mapping like {json.dumps(_jsonable(default))}")
        out = dict(default)
        for k, v in value.items():
            if k not in default:
                raise BadOption(f"option {name}: unknown key {k!r} (known: {sorted(default)})")
            out[k] = _coerce(f"{name}.{k}", default[k], v)
        return out
    raise BadOption(f"option {name}: cannot be overridden")


def _coerce_like(name: str, default: Any, i: int, v: Any) -> Any:
    proto = default[min(i, len(default) - 1)] if default else v
    return _coerce(f"{name}[{i}]", proto, v)


def _freeze(v: Any) -> Any:
    return tuple(_freeze(x) for x in v) if isinstance(v, list) else v


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, set | frozenset):
        return sorted(_jsonable(x) for x in v)
    return v


class Params:
    """Resolved values of a game's registry, read as attributes (``params.HARVEST_TRACK``).

    Shared, read-only, between a game and its clones.
    """

    __slots__ = ("_memo", "_overrides", "_values")

    def __init__(self, values: dict[str, Any], overrides: dict[str, Any]) -> None:
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_overrides", overrides)
        object.__setattr__(self, "_memo", {})

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Params are read-only; pass options to new_game instead")

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __copy__(self) -> Params:
        return self  # read-only: copies share it, as clones do

    def __deepcopy__(self, memo: dict[int, Any]) -> Params:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Params, (self._values, self._overrides))

    @property
    def overrides(self) -> dict[str, Any]:
        """Only the values that differ from the registry defaults, as given (JSON-able)."""
        return dict(self._overrides)

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)

    def derived(self, name: str, build: Callable[[Params], Any]) -> Any:
        """Tables a game computes from its params (geometry, parsed data), built once per
        distinct option set and shared by every game and clone that uses it. A repeated
        call on the same ``Params`` is one dict lookup, so rules may call it on hot paths."""
        value = self._memo.get(name)
        if value is None:
            # the builder's module and name are part of the key: two games' "tables" never meet
            key = (
                name,
                f"{build.__module__}.{build.__qualname__}",
                json.dumps(self._overrides, sort_keys=True, default=str),
            )
            value = _DERIVED.get(key)
            if value is None:
                value = _DERIVED[key] = build(self)
            self._memo[name] = value
        return value


_DERIVED: dict[tuple[str, str, str], Any] = {}


class ParamRegistry:
    """All params of one game, in declaration order."""

    def __init__(self, params: Iterable[Param]) -> None:
        self.params: dict[str, Param] = {}
        for p in params:
            if p.name in self.params:
                raise ValueError(f"param {p.name} declared twice")
            self.params[p.name] = p

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.params.values())

    def resolve(self, options: Mapping[str, Any] | None) -> Params:
        values = {name: p.default for name, p in self.params.items()}
        given: dict[str, Any] = {}
        for key, raw in self.check_mapping(options).items():
            p = self.params.get(key)
            if p is None:
                close = [n for n in self.params if n.lower() == str(key).lower()]
                hint = f" (did you mean {close[0]}?)" if close else ""
                raise BadOption(f"unknown option {key!r}{hint}; `tawa rules GAME` lists them")
            if not p.overridable:
                raise BadOption(f"option {key} is fixed by the rulebook and cannot be overridden")
            values[key] = p.validate(raw)
            given[key] = _jsonable(raw)
        return Params(values, given)

    def check_mapping(self, options: object) -> Mapping[str, Any]:
        """``options`` as a mapping with text keys, or ``BadOption`` saying what it is instead."""
        if options is None:
            return {}
        if not isinstance(options, Mapping):
            raise BadOption(f"options must be a mapping of option names to values, got {type(options).__name__}")
        for key in options:
            if not isinstance(key, str):
                raise BadOption(f"option names are text, got {key!r}")
        return options

    def table(self) -> list[dict[str, Any]]:
        """Rows for ``tawa rules``: name, default, tag, rules, doc."""
        return [
            {
                "name": p.name,
                "value": _jsonable(p.default),
                "tag": p.tag,
                "rules": list(p.rules),
                "doc": p.doc,
                "choices": _jsonable(list(p.choices)) if p.choices else None,
                "overridable": p.overridable,
                "shape": p.describe(),
                "bounds": list(p.bounds) if p.bounds is not None else None,
                "length": ([p.length, p.length] if isinstance(p.length, int) else list(p.length))
                if p.length is not None
                else None,
                "chars": p.chars,
            }
            for p in self.params.values()
        ]


def parse_option_text(items: Iterable[str]) -> dict[str, Any]:
    """Parse ``KEY=VALUE`` strings from the command line; VALUE is JSON when it parses."""
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise BadOption(f"--option needs KEY=VALUE, got {item!r}")
        key, text = item.split("=", 1)
        key = key.strip()
        text = text.strip()
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError:
            low = text.lower()
            value = {"true": True, "false": False, "none": None, "null": None}.get(low, text)
        out[key] = value
    return out


jsonable = _jsonable
