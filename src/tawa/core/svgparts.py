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

Each key gets a number, never given to another key. A server keeps, per client, the number of every part it last
sent, and after a move sends only the parts whose number changed (``Drawing.changes``, ``Drawing.patch_json``: each
text JSON-encoded once). It makes each seat's drawing from the ``Sight`` of the seat's previous one: only the parts
whose read values changed get a key again (``Drawing``), which needs the observations to be type-stable.
"""

from __future__ import annotations

import functools
import json
import marshal
import sys
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


PRIVATE_USE = ("\ue000", "\uf8ff")
"""The private-use characters (U+E000..U+F8FF): the marks of ``ObserverWords``, which no game text holds (an option's
text may not hold one either, ``tawa.core.params``)."""


class Marked:
    """The observer of a ``ForObserver`` part's template: where the text says something of the observer, the view
    writes a mark (a private-use character of its own) and the part's ``fill`` writes each observer's words in."""

    def __repr__(self) -> str:
        return "<marked observer>"


MARKED = Marked()


def fill_in(text: str, words: Sequence[tuple[str, str]]) -> str:
    """``text`` with each mark of ``words`` (mark, words) replaced: a few ``str.replace`` (``str.translate`` looks
    every character of a text beyond ASCII up in its table: 0.27 ms for 5 kB, a hundred times slower)."""
    for mark, said in words:
        if mark in text:
            text = text.replace(mark, said)
    return text


class ObserverWords:
    """What a view says of seat ``s`` that depends on whether ``s`` is the observer: ``mine`` when it is, ``others``
    (a text, or a function of the seat) when it is not; for ``MARKED``, a mark (the private-use character ``base +
    s``: no game text holds one) that a ``ForObserver`` part's fill replaces with the observer's words (``words``)."""

    def __init__(self, base: int, seats: int, mine: str, others: str | Callable[[int], str]) -> None:
        if not (chr(base) >= PRIVATE_USE[0] and chr(base + seats - 1) <= PRIVATE_USE[1]):
            raise ValueError("marks are private-use characters (U+E000..U+F8FF)")
        self.base, self.seats, self.mine, self.others = base, seats, mine, others
        self._words: dict[Any, tuple[tuple[str, str], ...]] = {}

    def of(self, s: int, me: Any) -> str:
        """The words for seat ``s`` as observer ``me`` reads them (a mark for ``MARKED``)."""
        if me is MARKED:
            if not 0 <= s < self.seats:  # a mark no fill would replace
                raise ValueError(f"seat {s} has no mark: these words have marks for seats 0 to {self.seats - 1}")
            return chr(self.base + s)
        if s == me:
            return self.mine
        return self.others if isinstance(self.others, str) else self.others(s)

    def words(self, me: Any) -> tuple[tuple[str, str], ...]:
        """Every seat's (mark, words) for observer ``me`` (``fill_in``'s second argument)."""
        found = self._words.get(me)
        if found is None:
            found = self._words[me] = tuple((chr(self.base + s), self.of(s, me)) for s in range(self.seats))
        return found

    def fill(self, text: str, me: Any) -> str:
        """``text``, drawn for ``MARKED``, as observer ``me`` reads it."""
        return fill_in(text, self.words(me))


class ForObserver:
    """A part's drawing that depends on the observer only through words a mark stands for (" (you)", "your turn"):
    a part whose ``draw`` is one of these has the observer as its *last* argument, and ``draw(obs, *args, me)`` is
    ``fill(draw(obs, *args, MARKED), me)``, where ``fill`` writes the words of the ``ObserverWords`` the drawing uses
    (``words``). The memo draws the part once for ``MARKED`` (a *template*, kept under
    the key without the observer: every observer whose projection is the same shares it) and fills each observer's
    words in (``fill``: a few ``str.replace``, a hundredth of a drawing): two seats see the
    same status line in one drawing where they were two. ``tests/web/test_board_parts.py`` checks, over whole games
    with one memo for every seat, that the filled text is the text drawn for the observer. It pays only where the
    observers' projections are equal: a part that reads what only its observer sees gets a template per observer and
    the fill on top (Sacred Valley's status line read every seat's whole entry, where only the observer's holds its
    coins, SV-600: 4% slower a move, until it read of each seat only what it shows). Make one per drawing function,
    at module level (its identity is part of the memo key)."""

    __slots__ = ("__name__", "_filled", "draw", "words")

    def __init__(self, draw: Callable[..., str], *words: ObserverWords) -> None:
        self.draw, self.words = draw, words
        self.__name__ = getattr(draw, "__name__", "part")
        self._filled: dict[Any, tuple[tuple[str, str], ...]] = {}  # by observer: every (mark, words) of ``words``

    def fill(self, text: str, me: Any) -> str:
        """A template as observer ``me`` reads it (one pass over the marks of every ``ObserverWords``)."""
        found = self._filled.get(me)
        if found is None:
            found = self._filled[me] = tuple(pair for w in self.words for pair in w.words(me))
        return fill_in(text, found)

    def __call__(self, obs: Obs, *args: Any) -> str:
        """The part drawn for its observer (``args[-1]``) directly, as without a memo."""
        return self.draw(obs, *args)

    def template(self, obs: Obs, *args: Any) -> str:
        """The part drawn for no observer (``args``: without the observer), marks where the observer's words go."""
        return self.draw(obs, *args, MARKED)

    def __repr__(self) -> str:
        return f"ForObserver({self.__name__})"


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


@functools.lru_cache(maxsize=4096)
def _tree(reads: tuple[Path, ...]) -> dict[Any, Any]:
    """The read paths as a tree: a key maps to ``True`` (the whole value) or to the subtree of what is read (one
    tree for every projection with these reads: ``_take`` never changes it)."""
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
        n = len(value)
        out: list[Any] = [HIDDEN] * n  # the elements read, each projected; the others refuse every use
        for i, sub in node.items():
            if isinstance(i, int) and 0 <= i < n:
                out[i] = _take(value[i], sub)
        return out
    raise UndeclaredRead(f"a read path goes into {type(value).__name__}")


def project(obs: Obs, reads: Sequence[Path]) -> Obs:
    """The observation as a part whose ``reads`` are given sees it (see the module docstring)."""
    taken = _take(obs, _tree(reads if type(reads) is tuple else tuple(reads)))
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
"""A part's memo key: (the number of its drawing function, args and reads, the number of the value at each read)
or, for a fixed text, the text."""

_ascii_json = json.encoder.encode_basestring_ascii  # a str as JSON text, as json.dumps writes it (ensure_ascii)


Changes = tuple[tuple[int, ...], bool]
"""What a client lacks of a drawing (``Drawing.changes``): the indices of the parts it lacks, whether the order
changed."""


class _Node:
    """A node of the tree of read paths: the paths that end here and the keys (or indices) read below."""

    __slots__ = ("below", "ends")

    def __init__(self) -> None:
        self.ends: list[Path] = []
        self.below: dict[Any, _Node] = {}

    def every(self) -> Iterator[Path]:
        """Every path that ends here or below."""
        yield from self.ends
        for node in self.below.values():
            yield from node.every()


def _moved(new: Any, old: Any, node: _Node, out: list[Path]) -> None:
    """The read paths below ``node`` whose values differ between ``new`` and ``old``, two unequal values at
    ``node``, added to ``out``; each node is compared once, at C speed, and only below unequal ones."""
    mapping = isinstance(new, Mapping) and isinstance(old, Mapping)
    if not mapping and not (type(new) is type(old) and isinstance(new, list | tuple) and len(new) == len(old)):
        out.extend(node.every())  # not comparable below: a list whose length changed (it is read with it), a type
        return
    for k, sub in node.below.items():
        if k == LEN:
            if len(new) == len(old):
                continue
        else:
            a, b = (new.get(k, _MISSING), old.get(k, _MISSING)) if mapping else (new[k], old[k])
            if a == b:
                continue
            if sub.below:
                _moved(a, b, sub, out)
        out.extend(sub.ends)


class _Readers:
    """Which parts read what (the same for every drawing of parts with the same reads): the read paths as a tree
    under the observation's top-level keys, and the parts that read each path."""

    __slots__ = ("parts", "tree")

    def __init__(self, parts: Sequence[Part]) -> None:
        self.tree = _Node()
        self.parts: dict[Path, list[int]] = {}
        for i, p in enumerate(parts):
            for path in p.reads:
                found = self.parts.get(path)
                if found is None:
                    self.parts[path] = [i]
                    node = self.tree
                    for k in path:
                        node = node.below.setdefault(k, _Node())
                    node.ends.append(path)
                elif found[-1] != i:
                    found.append(i)


def _bytes(value: Any) -> bytes | str:
    """A value as the memo tells values apart: its marshal bytes (equal bytes: equal values of the same types), or
    its repr where it is not plain data (a miss at worst, never a false hit)."""
    try:
        return marshal.dumps(value, 2)  # version 2: no back-references, so the bytes depend on the value
    except ValueError:
        return f"{type(value).__qualname__}:{value!r}"


def _fresh_refs() -> int:
    """The references ``_tops`` counts to a value only its observation holds (the observation, the loop's name, the
    count's own argument: 3 on CPython 3.11), worked out the same way rather than assumed."""
    obs: dict[str, list[int]] = {"x": []}
    for k in obs:
        v = obs[k]
        return sys.getrefcount(v)
    raise AssertionError


FRESH_REFS = _fresh_refs()
"""A top-level value of an observation referred to from more places than a fresh one (``_fresh_refs``) is an object
the game shares between observations (Ayar's components, built once per option set): a ``Sight`` keeps it, and the
seat's next observation that holds the very same object has it unchanged, without its bytes being made again. Either
way round a misjudged value costs time, never a wrong key: an observation never holds an object that the game
changes later (``tests/core/test_game_contract.py``), and a kept object is compared by identity."""


def _tops(obs: Obs, since: Sight | None) -> tuple[dict[Any, bytes | str], dict[Any, Any]]:
    """An observation's top-level values as bytes (``_bytes``), and those of them the game shares (``FRESH_REFS``)."""
    tops: dict[Any, bytes | str] = {}
    shared: dict[Any, Any] = {}
    kept = since.shared if since is not None else {}
    for k in obs:
        v = obs[k]
        if sys.getrefcount(v) > FRESH_REFS:
            shared[k] = v
            if since is not None and kept.get(k, _MISSING) is v:
                tops[k] = since.tops[k]
                continue
        tops[k] = _bytes(v)
    return tops, shared


class Sight:
    """What a seat's next drawing needs of its latest one (a server keeps one per table and seat): its parts, their
    numbers and read-value numbers, and each top-level value of the observation as bytes (``_bytes``), or itself where
    the game shares it (``FRESH_REFS``). It holds no observation of its own: a thousand seats' observations kept
    alive would be hundreds of thousands of objects for the garbage collector to walk again and again (measured:
    pauses of 0.1-0.3 s)."""

    __slots__ = ("keys", "names", "parts", "readers", "shared", "tops", "values")

    def __init__(
        self,
        parts: list[Part],
        names: tuple[str, ...],
        keys: list[int],
        values: dict[Path, Hashable],
        tops: dict[Any, bytes | str],
        shared: dict[Any, Any],
        readers: _Readers,
    ) -> None:
        self.parts, self.names, self.keys, self.values, self.readers = parts, names, keys, values, readers
        self.tops, self.shared = tops, shared


class Drawing:
    """One observation's parts with their memo numbers (``keys``: one int per part, the number the memo gave the
    part's key, so that two parts with the same number have the same text); ``text(i)`` draws part ``i`` (through
    the memo).

    ``since``: the ``Sight`` of the same seat's previous drawing. A part drawn the same way as there (the same
    function, arguments and reads) whose read values did not change keeps its number without a key being made: one
    seat's observation changes in a few places from one move to the next. The top-level values that changed are
    found by their bytes; below them, the read paths whose values changed by comparing (``==``, at C speed) the
    value with the previous one (unmarshalled). This needs read values to be *type-stable*: two observations of one
    seat whose values at a path are ``==`` have them of the same types and in the same order (never ``1`` then
    ``True``, ``1`` then ``1.0``, or one dict's keys in another order), so that equal values draw equal texts;
    ``tests/web/test_board_parts.py`` checks it of every game over whole games. The value numbers of the paths that
    did not change are kept too (``values``), so that a part that must be keyed again does not number the components
    it reads again."""

    __slots__ = ("keys", "memo", "names", "obs", "parts", "readers", "shared", "tops", "values")

    def __init__(self, memo: Memo, parts: Sequence[Part], obs: Obs, since: Sight | None = None) -> None:
        self.memo, self.obs, self.parts = memo, obs, list(parts)
        self.names = tuple(p.name for p in self.parts)
        self.values: dict[Path, Hashable] = {}  # the value number at each path read, as far as known
        self.tops, self.shared = _tops(obs, since)
        if (since is None or since.names != self.names) and len(set(self.names)) != len(self.names):
            raise ValueError(f"a board's part names must be unique: {self.names}")
        if since is None:
            self.readers = memo.readers(self.parts)
            self.keys = memo.keys(self.parts, obs, self.values)
        else:
            self.keys = self._since(since)

    def sight(self) -> Sight:
        """What the seat's next drawing needs of this one."""
        return Sight(self.parts, self.names, self.keys, self.values, self.tops, self.shared, self.readers)

    def _since(self, since: Sight) -> list[int]:
        """The keys' numbers, from ``since`` where a part (by name) and its read values did not change."""
        obs, parts, tops = self.obs, self.parts, self.tops
        if since.names == self.names:  # nearly always: the same parts in the same order
            olds = since.parts
            keys = list(since.keys)
            same = [a == b for a, b in zip(parts, olds, strict=True)]  # drawn the same way (C-speed compares)
            kept_reads = all(same) or all(a.reads == b.reads for a, b in zip(parts, olds, strict=True))
            for i, kept in enumerate(same):
                if kept:
                    parts[i] = olds[i]  # the part kept is the old object: the new one, a moment's, is freed at once
        else:  # a part came or went (a chooser's layer, a seat's piece)
            at = {name: i for i, name in enumerate(since.names)}
            where = [at.get(name, -1) for name in self.names]
            keys = [since.keys[j] if j >= 0 else -1 for j in where]
            same = [j >= 0 and p == since.parts[j] for p, j in zip(parts, where, strict=True)]
            kept_reads = False
        readers = self.readers = since.readers if kept_reads else self.memo.readers(parts)
        moved: list[Path] = []
        old_tops = since.tops
        for top, node in readers.tree.below.items():
            old = old_tops.get(top)
            if old == tops.get(top):
                continue
            moved.extend(node.ends)  # the whole top-level value is read: it changed
            if node.below:
                if isinstance(old, bytes) and top in obs:
                    _moved(obs[top], marshal.loads(old), node, moved)
                else:  # one of them is missing (or no plain data): everything read under it changed
                    moved.extend(p for n in node.below.values() for p in n.every())
        for path in moved:
            for i in readers.parts[path]:
                same[i] = False
        # the value numbers of the paths read that did not move (only those: a path no part reads any more is not
        # checked, so its number is not kept)
        if kept_reads:
            values = dict(since.values)
        else:
            values = {path: n for path, n in since.values.items() if path in readers.parts}
        for path in moved:
            values.pop(path, None)
        self.values = values
        fresh = [i for i, kept in enumerate(same) if not kept]
        if fresh:
            for i, number in zip(fresh, self.memo.keys([parts[i] for i in fresh], obs, values), strict=True):
                keys[i] = number
        return keys

    def text(self, i: int) -> str:
        return self.memo.text(self.parts[i], self.keys[i], self.obs, self.values)

    def svg(self) -> str:
        return "".join(self.text(i) for i in range(len(self.parts)))

    def changes(self, sent: dict[str, int], order: tuple[str, ...] | None) -> Changes:
        """What a client that holds the parts ``sent`` (name -> number, in ``order``) lacks of this drawing: the
        indices of the parts whose number changed, and whether the order changed. ``sent`` is updated to this
        drawing."""
        changed = []
        keys = self.keys
        for i, name in enumerate(self.names):
            key = keys[i]
            if sent.get(name) != key:
                changed.append(i)
                sent[name] = key
        if len(sent) > len(self.names):
            for name in set(sent) - set(self.names):
                del sent[name]
        return tuple(changed), order != self.names

    def patch(self, sent: dict[str, int], order: tuple[str, ...] | None) -> dict[str, Any]:
        """What a client that holds the parts ``sent`` (name -> number, in ``order``) needs to hold this drawing:
        ``{"order": [names] (only when it changed), "parts": {name: text} (only those whose number changed)}``.
        ``sent`` is updated to this drawing."""
        return self.patch_of(self.changes(sent, order))

    def patch_of(self, changes: Changes) -> dict[str, Any]:
        """The patch of ``changes`` (``changes``): the order when it changed, the texts of the parts listed."""
        changed, reordered = changes
        out: dict[str, Any] = {"order": list(self.names)} if reordered else {}
        out["parts"] = {self.names[i]: self.text(i) for i in changed}
        return out

    def patch_json(self, changes: Changes) -> str:
        """The patch of ``changes`` as compact JSON text written with the memo's encoder (``Memo.encode``), from
        its encoded texts (each text encoded once, whichever seats and tables it goes to)."""
        changed, reordered = changes
        memo, names, parts, keys, obs, values = self.memo, self.names, self.parts, self.keys, self.obs, self.values
        enc = memo.encode
        texts = ",".join(f"{enc(names[i])}:{memo.encoded(parts[i], keys[i], obs, values)}" for i in changed)
        if not reordered:
            return f'{{"parts":{{{texts}}}}}'
        listed = ",".join(map(enc, names))
        return f'{{"order":[{listed}],"parts":{{{texts}}}}}'


class Memo:
    """Texts of parts by key, the least recently used dropped beyond ``max_chars`` characters in all. Each key gets
    a number (``keys``), never given to another key, which is what a drawing holds and a client's ``sent``
    compares. Not thread-safe: one per event loop."""

    def __init__(
        self, max_chars: int = 32 << 20, max_values: int = 200_000, encode: Callable[[str], str] = _ascii_json
    ) -> None:
        self.max_chars = max_chars
        self.max_values = max_values
        self.encode = encode  # a str as JSON text (the server's wire encoder; the standard library's by default)
        self._texts: OrderedDict[int, str] = OrderedDict()  # by key number
        self._json: dict[int, str] = {}  # the texts as JSON text, for the numbers whose text is kept
        self._fixed_json: dict[int, str] = {}  # the fixed texts' (not counted in ``max_chars``)
        self._chars = 0
        # a read value's bytes (marshal: equal bytes are equal values, of the same types) -> a number never given
        # to another value; two generations, so that the values in use keep their numbers and the others are
        # forgotten (a forgotten value gets a new number: only a miss). Keys are numbered the same way.
        self._value_ids: dict[bytes | str | None, int] = {}
        self._older: dict[bytes | str | None, int] = {}
        self._key_ids: dict[Key, int] = {}
        self._older_keys: dict[Key, int] = {}
        # the views' drawing functions by number, and the parts' shapes (``_shape``)
        self._draws: dict[Callable[..., str] | str, int] = {}
        self._shapes: dict[tuple[int, tuple[Hashable, ...], tuple[Path, ...]], int] = {}  # ``_shape``
        self._next_id = 0
        self._readers: dict[tuple[tuple[Path, ...], ...], _Readers] = {}
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._texts)

    def __iter__(self) -> Iterator[int]:
        return iter(self._texts)

    def readers(self, parts: Sequence[Part]) -> _Readers:
        """Which of ``parts`` read what, kept by their reads (a board has a few layouts: a chooser's layer comes and
        goes, a seat's pieces)."""
        reads = tuple(p.reads for p in parts)
        found = self._readers.get(reads)
        if found is None:
            if len(self._readers) >= 1024:
                self._readers.clear()
            found = self._readers[reads] = _Readers(parts)
        return found

    def _value_id(self, value: Any) -> int:
        text = None if value is _MISSING else _bytes(value)
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

    def _shape(self, part: Part) -> int:
        """The number of how ``part`` is drawn: its drawing function, arguments and reads (a key is then this number
        and the value numbers: plain data, which the garbage collector stops walking after it has seen it once, and
        which holds none of the objects a view makes anew for every drawing)."""
        return self._shape_of(part.draw, part.args, part.reads)

    def _shape_of(self, how: Callable[..., str] | str, args: tuple[Hashable, ...], reads: tuple[Path, ...]) -> int:
        draw = self._draws.get(how)
        if draw is None:
            if len(self._draws) >= 4096:  # drawing functions are module-level: never so many but by a bug
                self._draws.clear()
            draw = self._draws[how] = self._next_id  # a number never given to anything else
            self._next_id += 1
        shape = (draw, args, reads)
        found = self._shapes.get(shape)
        if found is None:
            if len(self._shapes) >= self.max_values:
                self._shapes.clear()
            found = self._shapes[shape] = self._next_id
            self._next_id += 1
        return found

    def _key_id(self, key: Key) -> int:
        found = self._key_ids.get(key)
        if found is None:
            found = self._older_keys.get(key)
            if found is None:
                found = self._next_id
                self._next_id += 1
            if len(self._key_ids) >= self.max_values // 2:
                self._older_keys, self._key_ids = self._key_ids, {}
            self._key_ids[key] = found
        return found

    def keys(self, parts: Sequence[Part], obs: Obs, values: dict[Path, Hashable] | None = None) -> list[int]:
        """The number of each part's key for this observation: (the number of its drawing function, args and reads,
        the number of the value at each read, with the lengths of the lists on its way); a fixed text is its own key.
        Each path is read once; ``values``: the numbers of the paths known already (filled in here)."""
        ids: dict[Path, Hashable] = {} if values is None else values
        out = []
        for p in parts:
            if isinstance(p.draw, str):
                out.append(self._key_id(p.draw))
                continue
            out.append(self._key_id((self._shape(p), self._numbers(p.reads, obs, ids))))
        return out

    def _numbers(self, reads: tuple[Path, ...], obs: Obs, ids: dict[Path, Hashable]) -> tuple[Hashable, ...]:
        """The numbers of the values at ``reads`` in ``obs``: from ``ids`` where known, else read and numbered (and
        added to ``ids``)."""
        numbers = []
        for path in reads:
            found = ids.get(path)
            if found is None:
                value, lengths = read_value(obs, path)
                found = ids[path] = (self._value_id(value), lengths) if lengths else self._value_id(value)
            numbers.append(found)
        return tuple(numbers)

    def text(self, part: Part, key: int, obs: Obs, values: dict[Path, Hashable] | None = None) -> str:
        """The part's text for ``obs`` (whose key's number is ``key``), drawn from its projection when not kept;
        ``values``: the numbers of the values at paths read, as far as known (``keys``)."""
        if isinstance(part.draw, str):
            return part.draw
        found = self._texts.get(key)
        if found is not None:
            self.hits += 1
            self._texts.move_to_end(key)
            return found
        self.misses += 1
        draw = part.draw
        if type(draw) is ForObserver:
            text = draw.fill(self._template(draw, part, obs, values), part.args[-1])
        else:
            text = draw(project(obs, part.reads), *part.args)
        self._keep(key, text)
        return text

    def _template(self, draw: ForObserver, part: Part, obs: Obs, values: dict[Path, Hashable] | None) -> str:
        """A ``ForObserver`` part's template for ``obs``: kept like a text, under the key of the part without its
        observer (the template's own drawing function, the other arguments, the reads and their values)."""
        args = part.args[:-1]
        numbers = self._numbers(part.reads, obs, {} if values is None else values)
        # the template's shape: the part's drawing and reads with its arguments but the observer, which no part of
        # this drawing has (they all end with one)
        key = self._key_id((self._shape_of(draw, args, part.reads), numbers))
        found = self._texts.get(key)
        if found is not None:
            self._texts.move_to_end(key)
            return found
        text = draw.template(project(obs, part.reads), *args)
        self._keep(key, text)
        return text

    def _keep(self, key: int, text: str) -> None:
        self._texts[key] = text
        self._chars += len(text)
        while self._chars > self.max_chars and self._texts:
            old, dropped = self._texts.popitem(last=False)
            self._chars -= len(dropped)
            self._json.pop(old, None)

    def encoded(self, part: Part, key: int, obs: Obs, values: dict[Path, Hashable] | None = None) -> str:
        """``text`` as JSON text (a string literal, as ``encode`` writes it), encoded once per kept text."""
        fixed = isinstance(part.draw, str)
        found = (self._fixed_json if fixed else self._json).get(key)
        if found is not None:
            if not fixed:
                self.hits += 1
                self._texts.move_to_end(key)
            return found
        text = self.text(part, key, obs, values)
        found = self.encode(text)
        if fixed:  # a fixed text (a few per view): kept apart from the drawn ones
            if len(self._fixed_json) > 4096:
                self._fixed_json.clear()
            self._fixed_json[key] = found
        elif key in self._texts:  # (a text longer than ``max_chars`` is not kept, nor its JSON)
            self._json[key] = found
        return found

    def drawing(self, parts: Sequence[Part], obs: Obs, since: Sight | None = None) -> Drawing:
        return Drawing(self, parts, obs, since)
