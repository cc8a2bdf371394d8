"""Rematch (issue 26) through the protocol on a real server and both databases: the first player to ask creates the
table (the same game, options, bots and rules, private, the seats rotated by one) and sits there; each other player
takes the seat kept for them; it starts when the last one has; the offer survives a kill -9."""

from __future__ import annotations

import httpx
from harness import Guest, Server, Sock, Table, reply

OPTIONS = {"TURNS_PER_ROUND": [1, 1, 1, 1]}


def table(srv: Server, table_id: str) -> dict:  # type: ignore[type-arg]
    r = httpx.get(f"{srv.url}/api/tables/{table_id}", timeout=30)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_rematch_rotates_the_seats_and_starts_when_every_player_has_taken_theirs(server: Server) -> None:
    t = Table(server, "ayar", 2, OPTIONS, leaver="last", clock="days3", on_timeout="end")
    t.socks[1].send({"t": "resign", "table": t.id, "ack": 9})
    assert reply(t.socks[1], t.id, 9)["t"] == "ack"
    t.fulls(range(2))
    t.socks[0].send({"t": "rematch", "table": t.id, "ack": 10})
    mine = t.socks[0].expect("rematch", table=t.id, ack=10, timeout=60)
    new = mine["rematch"]
    assert mine["seat"] == 1 and mine["token"] and mine["joined"] == [0] and "Player0" in mine["by"]
    offer = t.socks[1].expect("rematch", table=t.id, timeout=60)
    assert offer["rematch"] == new and offer["token"] is None and offer["seat"] is None and offer["joined"] == [0]
    # a player who opens the table afterwards (another tab, a reload) gets the offer with who made it after the view
    late = Sock(server)
    assert late.join(t.id, t.tokens[1])["rematch"] == new
    again = late.expect("rematch", table=t.id, timeout=60)
    assert again["by"] == mine["by"] and again["joined"] == [0] and again["token"] is None
    late.close()
    waiting = table(server, new)
    assert waiting["status"] == "open" and waiting["public"] is False
    assert [s["name"] for s in waiting["seats"]] == [None, "Player0"]
    assert waiting["clock"]["id"] == "days3" and waiting["clock"]["on_timeout"] == "end"
    # somebody else cannot take the kept seat, neither by the lobby (the table is private) nor by asking here
    spy = Sock(server)
    spy.join(t.id)
    spy.send({"t": "rematch", "table": t.id, "ack": 3})
    assert reply(spy, t.id, 3)["code"] == "spectator"
    t.socks[0].send({"t": "rematch", "table": t.id, "ack": 11})
    assert reply(t.socks[0], t.id, 11)["code"] == "seat_taken"  # already sits there
    t.socks[1].send({"t": "rematch", "table": t.id, "ack": 12})
    theirs = t.socks[1].expect("rematch", table=t.id, ack=12, timeout=60)
    assert theirs["rematch"] == new and theirs["seat"] == 0 and theirs["joined"] == [0, 1]
    started = table(server, new)
    assert started["status"] == "running" and [s["name"] for s in started["seats"]] == ["Player1", "Player0"]
    # both seat tokens work at the new table, each for its rotated seat
    for token, seat in ((mine["token"], 1), (theirs["token"], 0)):
        s = Sock(server)
        assert s.join(new, token)["seat"] == seat
        s.close()
    # the link survives a kill -9: the finished table still names its rematch
    server.kill9()
    server.start()
    again = Sock(server)
    assert again.join(t.id)["rematch"] == new
    again.close()
    spy.close()
    t.close()


def test_a_rematch_against_a_bot_starts_at_once_with_the_bot_moved_round(server: Server) -> None:
    ana = Guest(server, "Ana")
    made = ana.create("ayar", 2, [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}], OPTIONS)
    sock = Sock(server)
    sock.join(made["id"], made["me"]["token"])
    sock.send({"t": "resign", "table": made["id"], "ack": 1})
    assert reply(sock, made["id"], 1)["t"] == "ack"
    sock.send({"t": "rematch", "table": made["id"], "ack": 2})
    mine = sock.expect("rematch", table=made["id"], ack=2, timeout=60)
    new = table(server, mine["rematch"])
    assert new["status"] == "running" and mine["seat"] == 1
    assert new["seats"][0]["kind"] == "bot" and new["seats"][0]["bot"] == "greedy" and new["seats"][1]["name"] == "Ana"
    sock.close()
    ana.close()
