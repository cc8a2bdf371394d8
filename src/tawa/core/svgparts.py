"""A board drawing in named parts, so that a server draws and sends only what changed (issues 16 and 18).

A view (``games/<g>/view/``) lists its SVG document as ``parts(obs)``: ``Part``s whose texts, joined in order,
are the document, byte for byte. A part's text is ``draw(obs, *args)``, where

- ``draw`` is a module-level function (its identity is part of the memo key: never a lambda made per call), or a
  fixed string;
- ``args`` are plain hashable values the view derived from the observation (a seat number, whether that seat is
  to act …; keep each argument's type the same from call to call: ``True`` and ``1`` are one key);
- ``reads`` are the paths of the observation that ``draw`` reads: ``("spots", 2)`` is ``obs["spots"][2]``,
  ``("ayars", "step")`` is ``obs["ayars"]["step"]``, ``("players", LEN)`` only the number of players.

``Memo`` draws a part from a *projection* of the observation that holds only the part's reads: reading anything
else raises ``UndeclaredRead`` (an element of a list that was not read is a placeholder that refuses every use).
It keeps each text under the key (draw, args, reads, the value at each read path), so equal keys mean equal
projections: a text drawn for one seat is reused only where another seat's (or another table's) projection is
equal to it, which is exactly what that seat's own drawing would be. Hidden information cannot cross: a part
sees nothing its key does not hold.

A server keeps, per client, the key of every part it last sent; after a move it sends only the parts whose key
changed (``Drawing.patch``).
"""

from __future__ import annotations

import marshal
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

Obs = Mapping[str, Any]
Path = tuple[Any, ...]
LEN = "#len"
"""A read path's last element meaning "only the length of the list here" (``("players", LEN)``)."""


class UndeclaredRead(KeyError):
    """A part's drawing read a piece of the observation its ``reads`` do not declare (a bug in the view)."""


class Part(NamedTuple):
    """One piece of a board's SVG text (see the module docstring). A named tuple: a view makes dozens per
    observation."""

    name: str
    draw: Callable[..., str] | str
    reads: tuple[Path, ...] = ()
    args: tuple[Hashable, ...] = ()

    def text(self, obs: Obs) -> str:
        """The part drawn from the whole observation (no memo)."""
        return self.draw if isinstance(self.draw, str) else self.draw(obs, *self.args)


def document(parts: Sequence[Part], obs: Obs) -> str:
    """The SVG document: every part drawn from the whole observation, joined."""
    return "".join(p.text(obs) for p in parts)


# ----------------------------------------------------------------------------- projections
class _Hidden:
    """A list element that was not read: every use of it raises ``UndeclaredRead``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<not read>"

    def _refuse(self, *_args: Any, **_kw: Any) -> Any:
        raise UndeclaredRead("an element of the observation that this part does not declare in its reads")


for _op in (
    "__getitem__",
    "__iter__",
    "__len__",
    "__bool__",
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__hash__",
    "__str__",
    "__format__",
    "__int__",
    "__float__",
    "__index__",
    "__contains__",
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__getattr__",
    "get",
    "items",
    "keys",
    "values",
):
    setattr(_Hidden, _op, _Hidden._refuse)
HIDDEN = _Hidden()


class _Only(dict[Any, Any]):
    """A mapping holding only some keys of the observation's mapping: the declared ones (present or not);
    any other key, and iterating (which would silently skip the others), raise ``UndeclaredRead``."""

    __slots__ = ("_declared",)

    def __init__(self, items: dict[Any, Any], declared: frozenset[Any]) -> None:
        super().__init__(items)
        self._declared = declared

    def _check(self, key: Any) -> None:
        if key not in self._declared:
            raise UndeclaredRead(f"observation key {key!r} is not among this part's reads")

    def __missing__(self, key: Any) -> Any:
        self._check(key)
        raise KeyError(key)

    def get(self, key: Any, default: Any = None) -> Any:
        self._check(key)
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._check(key)
        return dict.__contains__(self, key)

    def _whole(self, *_args: Any) -> Any:
        raise UndeclaredRead(
            f"a part may not go through every key here; it reads only {sorted(map(str, self._declared))}"
        )

    __iter__ = keys = values = items = __len__ = _whole


def _tree(reads: Sequence[Path]) -> dict[Any, Any]:
    """The read paths as a tree: a key maps to ``True`` (the whole value) or to the subtree of what is read."""
    root: dict[Any, Any] = {}
    for path in reads:
        node = root
        for i, k in enumerate(path):
            if i == len(path) - 1:
                node[k] = True
            else:
                sub = node.get(k)
                if sub is True:
                    break
                node = node.setdefault(k, {})
    return root


def _take(value: Any, node: dict[Any, Any] | bool) -> Any:
    if node is True:
        return value
    assert isinstance(node, dict)
    if isinstance(value, Mapping):
        return _Only({k: _take(value[k], sub) for k, sub in node.items() if k in value}, frozenset(node))
    if isinstance(value, list | tuple):
        return [_take(value[i], node[i]) if i in node else HIDDEN for i in range(len(value))]
    raise UndeclaredRead(f"a read path goes into {type(value).__name__}")


def project(obs: Obs, reads: Sequence[Path]) -> Obs:
    """The observation as a part whose ``reads`` are given sees it (see the module docstring)."""
    taken = _take(obs, _tree(reads))
    assert isinstance(taken, Mapping)
    return taken


_MISSING = object()


def read_value(obs: Obs, path: Path) -> tuple[Any, tuple[int, ...]]:
    """The value at ``path`` (its length for a path ending in ``LEN``; a marker where a key is missing) and the
    lengths of the lists the path goes through (a projection keeps them: ``len`` works on them)."""
    value: Any = obs
    lengths: tuple[int, ...] = ()
    for k in path:
        if k == LEN:
            return len(value), lengths
        if type(value) is list or type(value) is tuple:
            lengths += (len(value),)
        elif (type(value) is dict or isinstance(value, Mapping)) and k not in value:
            return _MISSING, lengths
        value = value[k]
    return value, lengths


# ----------------------------------------------------------------------------- the memo
Key = Hashable


class Drawing:
    """One observation's parts with their memo keys; ``text(i)`` draws part ``i`` (through the memo)."""

    __slots__ = ("keys", "memo", "names", "obs", "parts")

    def __init__(self, memo: Memo, parts: Sequence[Part], obs: Obs) -> None:
        self.memo, self.obs, self.parts = memo, obs, list(parts)
        self.names = tuple(p.name for p in self.parts)
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"a board's part names must be unique: {self.names}")
        self.keys: list[Key] = memo.keys(self.parts, obs)

    def text(self, i: int) -> str:
        return self.memo.text(self.parts[i], self.keys[i], self.obs)

    def svg(self) -> str:
        return "".join(self.text(i) for i in range(len(self.parts)))

    def patch(self, sent: dict[str, Key], order: tuple[str, ...] | None) -> dict[str, Any]:
        """What a client that holds the parts ``sent`` (name -> key, in ``order``) needs to hold this drawing:
        ``{"order": [names] (only when it changed), "parts": {name: text} (only those whose key changed)}``.
        ``sent`` is updated to this drawing."""
        out: dict[str, Any] = {}
        if order != self.names:
            out["order"] = list(self.names)
        changed = {}
        for i, name in enumerate(self.names):
            key = self.keys[i]
            if sent.get(name) != key:
                changed[name] = self.text(i)
                sent[name] = key
        if len(sent) > len(self.names):
            for name in set(sent) - set(self.names):
                del sent[name]
        out["parts"] = changed
        return out


class Memo:
    """Texts of parts by key, the least recently used dropped beyond ``max_chars`` characters in all. Not
    thread-safe: one per event loop."""

    def __init__(self, max_chars: int = 32 << 20, max_values: int = 200_000) -> None:
        self.max_chars = max_chars
        self.max_values = max_values
        self._texts: OrderedDict[Key, str] = OrderedDict()
        self._chars = 0
        # a read value's bytes (marshal: equal bytes are equal values, of the same types) -> a number never given
        # to another value; two generations, so that the values in use keep their numbers and the others are
        # forgotten (a forgotten value gets a new number: only a miss)
        self._value_ids: dict[bytes | str | None, int] = {}
        self._older: dict[bytes | str | None, int] = {}
        self._next_id = 0
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._texts)

    def __iter__(self) -> Iterator[Key]:
        return iter(self._texts)

    def _value_id(self, value: Any) -> int:
        text: bytes | str | None
        if value is _MISSING:
            text = None
        else:
            try:
                text = marshal.dumps(value, 2)  # version 2: no back-references, so the bytes depend on the value
            except ValueError:  # not plain data: its repr (a miss at worst, never a false hit)
                text = f"{type(value).__qualname__}:{value!r}"
        found = self._value_ids.get(text)
        if found is None:
            found = self._older.get(text)
            if found is None:
                found = self._next_id
                self._next_id += 1
            if len(self._value_ids) >= self.max_values // 2:
                self._older, self._value_ids = self._value_ids, {}
            self._value_ids[text] = found
        return found

    def keys(self, parts: Sequence[Part], obs: Obs) -> list[Key]:
        """Each part's memo key for this observation: (draw, args, reads, the number of the value at each read,
        with the lengths of the lists on its way); a fixed text is its own key. Each path is read once."""
        ids: dict[Path, Hashable] = {}
        for part in parts:
            for path in part.reads:
                if path not in ids:
                    value, lengths = read_value(obs, path)
                    ids[path] = (self._value_id(value), lengths) if lengths else self._value_id(value)
        number = ids.__getitem__
        return [
            p.draw if isinstance(p.draw, str) else (p.draw, p.args, p.reads, tuple(map(number, p.reads))) for p in parts
        ]

    def text(self, part: Part, key: Key, obs: Obs) -> str:
        """The part's text for ``obs`` (whose key is ``key``), drawn from its projection when not kept."""
        if isinstance(part.draw, str):
            return part.draw
        found = self._texts.get(key)
        if found is not None:
            self.hits += 1
            self._texts.move_to_end(key)
            return found
        self.misses += 1
        text = part.draw(project(obs, part.reads), *part.args)
        self._texts[key] = text
        self._chars += len(text)
        while self._chars > self.max_chars and self._texts:
            _, old = self._texts.popitem(last=False)
            self._chars -= len(old)
        return text

    def drawing(self, parts: Sequence[Part], obs: Obs) -> Drawing:
        return Drawing(self, parts, obs)
