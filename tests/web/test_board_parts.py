"""The server's board memo (``tawa.core.svgparts``) never gives a seat a part drawn for what another seat sees.

Over whole games of all four games, one memo is shared by every seat and the spectator (as the server shares it
between all tables and seats): at every position each seat's parts come out of the memo right after the other
seats' (so every part it can reuse was drawn from another seat's observation) and must be, byte for byte, the
part drawn from that seat's own observation without the memo; joined, they are the seat's whole drawing. The
same holds after everything the seat may not see is scrambled, and for the patches a client applies. Each seat's
drawing is made from its previous one (as a server's room does): the numbers it keeps are those the memo gives
the parts' keys from scratch, and the observations are type-stable, which that reuse relies on.
"""

from __future__ import annotations

import json
import marshal
from typing import Any

import pytest
from harness import BoardParts

import tawa
from tawa.core.registry import short_games
from tawa.core.rng import Rng
from tawa.core.svgparts import (
    LEN,
    MARKED,
    ForObserver,
    Memo,
    ObserverWords,
    Part,
    Sight,
    UndeclaredRead,
    document,
    fill_in,
    project,
    read_value,
)
from tawa.games.guatavita.view.layout import Seats
from tawa.lab.playout import random_action
from tawa.web.protocol import encode_text

# (game, players, options): a short but whole game of every registered game (its own end or its [D] cap), and
# the variants whose boards draw other parts (Ayar's solo Rival, Guatavita's balsas)
GAMES = [
    *short_games(),
    ("ayar", 1, {"TURNS_PER_ROUND": [1, 1, 1, 1]}),
    ("guatavita", 3, {"MAX_ROUNDS": 2, "balsa": True}),
]


@pytest.mark.parametrize("game_id,players,options", GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_a_memo_shared_by_every_seat_gives_each_exactly_its_own_drawing(
    game_id: str, players: int, options: dict
) -> None:
    game = tawa.new_game(game_id, players, 2024, options)
    view = type(game).board_view
    assert view is not None
    memo = Memo(encode=encode_text)
    rng = Rng(11)
    held: dict[int | None, tuple[dict, tuple[str, ...] | None, BoardParts]] = {}
    last: dict[int | None, Sight] = {}
    seats: list[int | None] = [*range(players), None]
    steps = 0
    while True:
        for k, seat in enumerate(seats[steps % len(seats) :] + seats[: steps % len(seats)]):  # a new order each time
            obs = game.observation(seat)
            drawing = memo.drawing(view.parts(obs), obs, last.get(seat))
            last[seat] = drawing.sight()
            assert drawing.keys == memo.keys(drawing.parts, obs), (steps, seat)  # what it kept is what it is
            for i, part in enumerate(drawing.parts):
                assert drawing.text(i) == part.text(obs), (steps, seat, part.name)
            assert drawing.svg() == view.svg(obs)
            if k == 0:  # and for a seat whose secrets are scrambled: its drawing, the same as before
                other = game.scramble_hidden(seat, rng) if seat is not None else game
                o2 = other.observation(seat)
                assert memo.drawing(view.parts(o2), o2).svg() == view.svg(obs), (steps, seat)
            sent, order, client = held.get(seat, ({}, None, BoardParts()))  # a client of this seat applies
            before = dict(sent)
            patch = drawing.patch(sent, order)  # each patch, as the browser does
            wired = drawing.patch_json(drawing.changes(before, order))  # as the server sends it (its encoder)
            assert wired == json.dumps(patch, separators=(",", ":"), ensure_ascii=False)
            assert client.apply(patch) == view.svg(obs), (steps, seat)
            held[seat] = (sent, drawing.names, client)
        if game.is_over:
            break
        game.apply(random_action(game, rng, biased=True))
        steps += 1
    assert steps > 3 and memo.hits > memo.misses  # the seats and the moves shared most parts


def _players(obs: dict) -> str:
    return f"{len(obs['players'])} players, first {obs['players'][0]['name']}"


def test_a_projection_holds_only_what_the_part_declares() -> None:
    obs = {"seat": 1, "players": [{"name": "a", "coins": 3}, {"name": "b", "coins": 5}], "hidden": {"x": 1}}
    sub = project(obs, (("players", 0, "name"), ("players", LEN), ("seat",), ("absent",)))
    assert sub["seat"] == 1 and sub["players"][0]["name"] == "a" and len(sub["players"]) == 2
    assert sub.get("absent") is None and "absent" not in sub  # declared but not in the observation
    for read in (
        lambda: sub["hidden"],
        lambda: sub.get("hidden"),
        lambda: "hidden" in sub,
        lambda: list(sub),
        lambda: sub["players"][0]["coins"],
        lambda: sub["players"][1]["name"],
        lambda: sub["players"][1] == obs["players"][1],
        lambda: str(sub["players"][1]),
    ):
        with pytest.raises(UndeclaredRead):
            read()
    memo = Memo()
    part = Part("p", _players, (("players", 0, "name"), ("players", LEN)))
    assert memo.text(part, memo.keys([part], obs)[0], obs) == "2 players, first a" == document([part], obs)
    coins = {**obs, "players": [{"name": "a", "coins": 9}, {"name": "b", "coins": 0}, {"name": "c", "coins": 0}]}
    key = memo.keys([part], coins)[0]
    assert key != memo.keys([part], obs)[0] and memo.text(part, key, coins) == "3 players, first a"
    one = Part("p", _players, (("players", 0, "name"),))  # counting a list it reads into: its length is in the key
    assert memo.keys([one], obs)[0] != memo.keys([one], coins)[0]
    wrong = Part("p", _players, (("players", LEN),))  # forgets that it names the first player
    with pytest.raises(UndeclaredRead):
        memo.text(wrong, memo.keys([wrong], obs)[0], obs)


def test_a_patch_carries_the_changed_parts_and_the_order_when_it_changed() -> None:
    memo = Memo()
    a = [Part("head", "<svg>"), Part("p", _players, (("players", 0, "name"), ("players", LEN))), Part("end", "</svg>")]
    obs = {"players": [{"name": "a"}]}
    sent: dict = {}
    first = memo.drawing(a, obs).patch(sent, None)
    assert first == {
        "order": ["head", "p", "end"],
        "parts": {"head": "<svg>", "p": "1 players, first a", "end": "</svg>"},
    }
    names = ("head", "p", "end")
    assert memo.drawing(a, obs).patch(sent, names) == {"parts": {}}
    accented = {"players": [{"name": "Ñusta · 1"}]}  # the default encoder writes json.dumps's text, escapes and all
    drawing = memo.drawing(a, accented)
    wired = drawing.patch_json(drawing.changes(dict(sent), names))
    assert wired == json.dumps(drawing.patch(dict(sent), names), separators=(",", ":")) and "\\u00d1" in wired
    assert memo.drawing(a, {"players": [{"name": "b"}]}).patch(sent, names) == {"parts": {"p": "1 players, first b"}}
    b = [a[0], Part("q", "<g/>"), *a[1:]]
    assert memo.drawing(b, {"players": [{"name": "b"}]}).patch(sent, names) == {
        "order": ["head", "q", "p", "end"],
        "parts": {"q": "<g/>"},
    }


def _strict(value: Any) -> bytes | str:
    """A value's bytes as the memo numbers it: equal bytes are equal values of the same types, in the same order."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return repr(value)


@pytest.mark.parametrize("game_id,players,options", GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_observations_are_type_stable_where_the_parts_read_them(game_id: str, players: int, options: dict) -> None:
    """What ``Drawing``'s reuse relies on: from one position to the next, every value a part reads (and every
    top-level value of the observation) that is ``==`` to the seat's previous one is the same value of the same
    types in the same order (never ``1`` then ``True`` or ``1.0``, never a dict's keys in another order)."""
    game = tawa.new_game(game_id, players, 77, options)
    view = type(game).board_view
    assert view is not None
    rng = Rng(5)
    before: dict[int | None, dict] = {}
    compared = 0
    for _ in range(400):
        for seat in [*range(players), None]:
            obs = game.observation(seat)
            old = before.get(seat)
            if old is not None:
                paths = {path for part in view.parts(obs) for path in part.reads} | {(k,) for k in {*obs, *old}}
                for path in paths:
                    try:
                        new_value, old_value = read_value(obs, path), read_value(old, path)
                    except (IndexError, KeyError):  # a list element that one of them does not have: not equal
                        continue
                    if new_value == old_value:
                        compared += 1
                        assert _strict(new_value) == _strict(old_value), (game_id, seat, path, new_value, old_value)
            before[seat] = obs
        if game.is_over:
            break
        game.apply(random_action(game, rng, biased=True))
    assert compared > 1000


def test_a_part_whose_reads_are_equal_keeps_its_number_and_one_that_moved_gets_a_new_one() -> None:
    """The reuse, by hand: a list whose length changes moves every part that reads into it (its length is read
    with it) or its length; a part drawn with other arguments is keyed again."""
    memo = Memo()
    parts = [
        Part("first", _players, (("players", 0, "name"), ("players", LEN))),
        Part("count", lambda o: str(len(o["seen"])), (("seen", LEN),)),
        Part("other", lambda o, x: f"{o['turn']}{x}", (("turn",),), (1,)),
    ]
    obs = {"players": [{"name": "a"}, {"name": "b"}], "seen": [1], "turn": 3}
    d1 = memo.drawing(parts, obs)
    same = {"players": [{"name": "a"}, {"name": "b", "coins": 2}], "seen": [2], "turn": 3}
    d2 = memo.drawing(parts, same, d1.sight())
    assert d2.keys == d1.keys  # only values no part reads changed
    grown = {"players": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "seen": [2, 3], "turn": 3}
    d3 = memo.drawing([*parts[:2], parts[2]._replace(args=(2,))], grown, d2.sight())
    assert all(a != b for a, b in zip(d3.keys, d2.keys, strict=True))
    assert [d3.text(i) for i in range(3)] == ["3 players, first a", "2", "32"]
    assert d3.keys == memo.keys(d3.parts, grown)


_drawn: list[Any] = []
YOU = ObserverWords(0xE000, 2, " (you)", "")


def _greeting(obs: dict, me: Any) -> str:
    _drawn.append(me)
    return f"{obs['players'][0]['name']}{YOU.of(0, me)} has {obs['players'][0]['coins']}"


GREETING = ForObserver(_greeting, YOU)


def test_a_part_for_every_observer_is_drawn_once_and_each_observer_gets_its_own_words() -> None:
    """``ForObserver``: the memo draws the template once for every observer whose projection is the same and fills
    each observer's words in; the texts are what each observer's own drawing says; a value it reads that changes is
    drawn again, and a different projection is never filled from another's template."""
    _drawn.clear()
    memo = Memo()
    obs = {"players": [{"name": "a", "coins": 3}]}
    texts = {}
    for me in (0, 1, None):
        part = Part("g", GREETING, (("players", 0),), (me,))  # the observer is the last argument
        drawing = memo.drawing([part], obs)
        texts[me] = drawing.text(0)
        assert texts[me] == part.text(obs) == document([part], obs)  # as drawn for it without the memo
    assert texts == {0: "a (you) has 3", 1: "a has 3", None: "a has 3"}
    assert _drawn.count(MARKED) == 1  # one template for the three observers
    richer = {"players": [{"name": "a", "coins": 4}]}
    part = Part("g", GREETING, (("players", 0),), (1,))
    assert memo.drawing([part], richer).text(0) == "a has 4" and _drawn.count(MARKED) == 2
    assert memo.keys([part], richer) != memo.keys([part._replace(args=(0,))], richer)  # each observer its own key


def test_a_guatavita_part_that_shows_what_its_observer_sees_is_never_drawn_for_a_marked_observer() -> None:
    """The lake's tiles and the pump spots draw the observer's own inspections and clickable pump: they are not
    ``ForObserver`` parts, and drawing one for the marked observer raises rather than drawing a wrong template."""
    seats = Seats.known(("red", "blue"), MARKED)
    assert seats.who(0) != seats.who(1) and "(you)" not in seats.who(0)  # marks, filled in per observer
    with pytest.raises(UndeclaredRead):
        _ = seats.observer
    assert Seats.known(("red", "blue"), 1).observer == 1


def test_observer_words_give_each_observer_its_own_and_a_template_marks_that_fill_in_replaces() -> None:
    who = ObserverWords(0xE100, 3, "you", lambda s: f"P{s + 1}")
    assert [who.of(s, 1) for s in range(3)] == ["P1", "you", "P3"]
    assert [who.of(s, None) for s in range(3)] == ["P1", "P2", "P3"]  # a spectator
    template = " · ".join(who.of(s, MARKED) for s in range(3))
    assert all(0xE100 <= ord(c) < 0xE103 for c in template.replace(" · ", ""))
    assert fill_in(template, who.words(2)) == "P1 · P2 · you"
    assert fill_in(template, who.words(None)) == "P1 · P2 · P3"
    with pytest.raises(ValueError):
        who.of(3, MARKED)  # a seat beyond the marks: it would stay in the text unfilled
    with pytest.raises(ValueError):
        ObserverWords(0x41, 2, "you", "them")  # "A": a letter a text may hold, not a private-use mark
