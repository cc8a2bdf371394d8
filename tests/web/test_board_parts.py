"""The server's board memo (``tawa.core.svgparts``) never gives a seat a part drawn for what another seat sees.

Over whole games of all four games, one memo is shared by every seat and the spectator (as the server shares it
between all tables and seats): at every position each seat's parts come out of the memo right after the other
seats' (so every part it can reuse was drawn from another seat's observation) and must be, byte for byte, the
part drawn from that seat's own observation without the memo; joined, they are the seat's whole drawing. The
same holds after everything the seat may not see is scrambled, and for the patches a client applies.
"""

from __future__ import annotations

import pytest
from harness import BoardParts

import tawa
from tawa.core.registry import short_games
from tawa.core.rng import Rng
from tawa.core.svgparts import LEN, Memo, Part, UndeclaredRead, document, project
from tawa.lab.playout import random_action

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
    memo = Memo()
    rng = Rng(11)
    held: dict[int | None, tuple[dict, tuple[str, ...] | None, BoardParts]] = {}
    seats: list[int | None] = [*range(players), None]
    steps = 0
    while True:
        for k, seat in enumerate(seats[steps % len(seats) :] + seats[: steps % len(seats)]):  # a new order each time
            obs = game.observation(seat)
            drawing = memo.drawing(view.parts(obs), obs)
            for i, part in enumerate(drawing.parts):
                assert drawing.text(i) == part.text(obs), (steps, seat, part.name)
            assert drawing.svg() == view.svg(obs)
            if k == 0:  # and for a seat whose secrets are scrambled: its drawing, the same as before
                other = game.scramble_hidden(seat, rng) if seat is not None else game
                o2 = other.observation(seat)
                assert memo.drawing(view.parts(o2), o2).svg() == view.svg(obs), (steps, seat)
            sent, order, client = held.get(seat, ({}, None, BoardParts()))  # a client of this seat applies
            patch = drawing.patch(sent, order)  # each patch, as the browser does
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
    assert memo.drawing(a, {"players": [{"name": "b"}]}).patch(sent, names) == {"parts": {"p": "1 players, first b"}}
    b = [a[0], Part("q", "<g/>"), *a[1:]]
    assert memo.drawing(b, {"players": [{"name": "b"}]}).patch(sent, names) == {
        "order": ["head", "q", "p", "end"],
        "parts": {"q": "<g/>"},
    }
