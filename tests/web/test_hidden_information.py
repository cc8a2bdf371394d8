"""Hidden information over whole games of all four games: what a seat (or a spectator) receives depends only
on what it may see, and the server sends exactly what the one choke point (``tawa.web.views``) builds.

1. The builders: at every step of a whole game, each seat's view, log, chooser previews and explanations
   (``explain``) are unchanged when everything that seat may not see is scrambled (``scramble_hidden``:
   another's Sacred Valley coins, the Guatavita face-down tiles, Ayar's pot stack order, the bag, the seed, the
   history's action ids ...); a spectator's view is unchanged whichever seat's secrets are scrambled.
2. The wire: over a real server, every update a seat and a spectator got equals what the builders make from
   the game replayed from the record, and no message before the end carries the seed.
"""

from __future__ import annotations

import json
import re

import pytest
from harness import Guest, Server, Sock, play_until_over

import tawa
from tawa.core.registry import short_games
from tawa.core.rng import Rng
from tawa.lab.playout import random_action
from tawa.web.views import events_out, explain_of, previews_of, view_of

# (game, players, options): short but whole games of every registered game, ended by its own end or its [D] cap
GAMES = short_games()


def seen_by(game: tawa.Game, seat: int | None, names: list[str | None]) -> str:
    """The view, the log and, for the seat to act, the chooser pictures of every board element it may use."""
    status = "finished" if game.is_over else "running"
    view = view_of(game, seat, status, names)
    previews = (
        {el: previews_of(game, seat, el) for el in sorted(set(view["targets"].values()))} if seat is not None else {}
    )
    # why an action is not legal: the ids a board click can ask about, and a sample of the whole action space
    asked = sorted(set(re.findall(r'data-action="([^"]*)"', view["svg"] or "")) | set(game.action_space.ids[::7]))
    explained = {aid: explain_of(game, seat, status, aid) for aid in asked}
    return json.dumps([view, events_out(game.log, seat), previews, explained], sort_keys=True)


@pytest.mark.parametrize("game_id,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_what_a_seat_receives_depends_only_on_what_it_may_see(game_id: str, players: int, options: dict) -> None:
    game = tawa.new_game(game_id, players, 4242, options)
    rng = Rng(7)
    names: list[str | None] = [f"p{s}" for s in range(players)]
    steps = 0
    while True:
        for seat in range(players):
            other = game.scramble_hidden(seat, rng)
            assert seen_by(other, seat, names) == seen_by(game, seat, names), (steps, seat)
            assert seen_by(other, None, names) == seen_by(game, None, names), (steps, seat)
        if game.is_over:
            break
        game.apply(random_action(game, rng, biased=True))
        steps += 1
    assert steps > 3


@pytest.mark.parametrize("game_id,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_the_wire_carries_exactly_the_views_and_never_the_seed(
    server: Server, game_id: str, players: int, options: dict
) -> None:
    ana = Guest(server, "Ana")
    made = ana.create(game_id, players, [{"kind": "me"}] + [{"kind": "bot", "bot": "random"}] * (players - 1), options)
    table = made["id"]
    spectator, person = Sock(server), Sock(server)
    spectator.join(table)
    full = person.join(table, made["me"]["token"])
    rng = Rng(3)
    play_until_over(person, table, full, pick=lambda view: rng.choice(view["actions"])["id"])
    record = json.loads(ana.http.get(f"/api/tables/{table}/record").text)
    seed, history = record["seed"], record["history"]
    names = [s["name"] for s in full["seats"]]
    replayed = tawa.new_game(game_id, players, seed, record["options"])
    # every version in order: the game after move v, as seen by the seat and by a spectator
    expected: dict[tuple[int | None, int], str] = {}
    movers: dict[int, int | None] = {}  # the seat that made version v
    for v in range(len(history) + 1):
        if v:
            movers[v] = replayed.current_player
            before = len(replayed.log)
            replayed.apply(history[v - 1])
            new = replayed.log[before:]
        for seat in (0, None):
            status = "finished" if replayed.is_over else "running"
            view = view_of(replayed, seat, status, names)
            if v:
                expected[(seat, v)] = json.dumps(
                    {"t": "update", "table": table, "v": v, "events": events_out(new, seat), "view": view},
                    sort_keys=True,
                )
    spectator.drain(0.5)
    for sock, seat in ((person, 0), (spectator, None)):
        updates = [m for m in sock.seen if m["t"] == "update"]
        assert [m["v"] for m in updates] == list(range(full["v"] + 1, len(history) + 1))
        for m in updates:
            assert ("ack" in m) == (seat == 0 and movers[m["v"]] == 0)  # the update of my own move acknowledges it
            view = {k: x for k, x in m.items() if k != "ack"}
            assert json.dumps(view, sort_keys=True) == expected[(seat, m["v"])]
        wire = json.dumps([m for m in sock.seen])
        assert str(seed) not in wire
    for m in spectator.seen:
        if m["t"] in ("full", "update"):
            assert m["view"]["actions"] == [] and m["view"]["targets"] == {}
    spectator.close()
    person.close()
