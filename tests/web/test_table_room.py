"""The table room's rules through the protocol (issue 25): take-backs, resignations and the chat, on a real server
and both databases, and across a kill -9."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from harness import Guest, Server, Sock, Table, reply
from websockets.sync.client import connect

from tawa.core.registry import new_game, short_games
from tawa.web.ledger import ranking_with_out


def record(srv: Server, table: str) -> dict[str, Any]:
    r = httpx.get(f"{srv.url}/api/tables/{table}/record", timeout=30)
    assert r.status_code == 200, r.text
    return json.loads(r.text)  # type: ignore[no-any-return]


@pytest.mark.rule("undo")
@pytest.mark.parametrize("game_id", [gid for gid, _players, _options in short_games()])
def test_a_take_back_is_granted_exactly_where_the_engine_allows_it_and_everyone_sees_the_board_go_back(
    server: Server, game_id: str
) -> None:
    """Two or three people play a short game; after some of their own moves they ask to take it back. Each answer
    (granted, or refused naming rule "undo") must be what ``Game.undoable`` says of that position, worked out after
    the game from the published seed; a granted one gives every seat a full view of the position before the move."""
    _id, players, options = next(g for g in short_games() if g[0] == game_id)
    t = Table(server, game_id, players, options)
    rng = random.Random(5)
    asked: list[tuple[int, int, bool]] = []  # (decisions played out, seat, granted)
    played = 0  # decisions in the game as played out (take-backs removed)
    retake: str | None = None
    deadline = time.monotonic() + 300
    while t.status != "finished":
        assert time.monotonic() < deadline, "the game did not end"
        seat = t.acting()
        view = t.views[seat]
        actions = [a["id"] for a in view["actions"]]
        assert actions, view
        action = retake if retake in actions else rng.choice(actions)
        before_svg = view["svg"]
        t.move(seat, action)
        played += 1
        if retake is not None:  # the move taken back, played again: not asked about twice
            retake = None
            continue
        if t.status == "finished" or len(asked) >= 8 or rng.random() > 0.4:
            continue
        t.socks[seat].send({"t": "undo", "table": t.id, "seq": t.v, "ack": 7})
        answer = reply(t.socks[seat], t.id, 7)
        granted = answer["t"] == "ack"
        asked.append((played, seat, granted))
        if granted:
            played -= 1
            fulls = t.fulls(range(players))
            assert fulls[seat]["view"]["svg"] == before_svg  # the board went back for the mover
            assert all("took back a decision" in (f["notice"] or "") for f in fulls)
            retake = action
        else:
            assert answer["code"] == "illegal" and answer["rule"] == "undo" and answer["opens"], answer
            t.fulls([seat])  # the refusal's full view: nothing changed
    rec = record(server, t.id)
    undos = [e for e in rec.get("table_events", []) if e["event"] == "undo"]
    assert len(undos) == sum(1 for *_x, g in asked if g)
    history = rec["history"]
    for done, seat, granted in asked:
        g = new_game(game_id, players, rec["seed"], options)
        for a in history[:done]:
            g.apply(a)
        assert (g.undoable(seat) >= 1) == granted, (game_id, done, seat, granted)
    assert asked, "no take-back was asked"
    t.close()


def test_a_take_back_after_another_seat_decided_is_refused_naming_the_rule_and_changes_nothing(server: Server) -> None:
    t = Table(server, "pachakuna", 2, {"TURN_CAP": 24})
    first = t.acting()
    while t.acting() == first:
        t.move(first, t.views[first]["actions"][0]["id"])
    other = t.acting()
    t.move(other, t.views[other]["actions"][0]["id"])
    v = t.v
    t.socks[first].send({"t": "undo", "table": t.id, "seq": v, "ack": 3})
    no = reply(t.socks[first], t.id, 3)
    assert no["t"] == "reject" and no["code"] == "illegal" and no["rule"] == "undo" and no["opens"], no
    assert t.fulls([first])[0]["v"] == v  # nothing changed
    t.socks[first].send({"t": "undo", "table": t.id, "seq": v - 1, "ack": 4})
    assert reply(t.socks[first], t.id, 4)["code"] == "stale"
    t.close()


def test_a_resignation_ends_a_two_player_game_with_the_other_first_and_the_record_says_so(server: Server) -> None:
    t = Table(server, "ayar", 2, {"TURNS_PER_ROUND": [1, 1, 1, 1]})
    t.socks[1].send({"t": "resign", "table": t.id, "ack": 9})
    assert reply(t.socks[1], t.id, 9)["t"] == "ack"
    fulls = t.fulls(range(2))
    for f in fulls:
        assert f["view"]["status"] == "finished"
        assert "resigned" in f["notice"]
        places = {st["seat"]: st for st in f["view"]["standings"]}
        assert places[0]["place"] == 1 and places[1]["place"] == 2
        assert places[1]["decided_by"] == "resigned"
        assert f["seats"][1]["out"] == "resigned"
    t.socks[0].send({"t": "move", "table": t.id, "seq": t.v, "action": "x", "ack": 2})
    assert reply(t.socks[0], t.id, 2)["code"] == "game_over"
    rec = record(server, t.id)
    assert rec["winners"] == [0] and rec["ranking"] == [1, 2] and rec["out"] == {"1": "resigned"}
    assert rec["table_events"] == [{"v": 1, "seat": 1, "event": "resign"}]
    t.close()


@pytest.mark.parametrize("leaver", ["last", "bot"])
def test_with_more_players_a_bot_plays_a_resigned_seat_to_the_end(server: Server, leaver: str) -> None:
    """Three people at a short Guatavita; one resigns: a bot plays that seat from then on (its moves come without
    it), the other two play to the end, and with ``leaver: last`` the table ranks it last."""
    _id, players, options = next(g for g in short_games() if g[0] == "guatavita")
    assert players == 3
    t = Table(server, "guatavita", 3, options, leaver=leaver)
    gone = 2
    t.socks[gone].send({"t": "resign", "table": t.id, "ack": 4})
    assert reply(t.socks[gone], t.id, 4)["t"] == "ack"
    fulls = t.fulls(range(3))
    assert all(f["seats"][gone]["out"] == "resigned" and f["view"]["status"] == "running" for f in fulls)
    assert all(f["leaver"] == leaver for f in fulls)
    gone_moves = 0
    rng = random.Random(3)
    deadline = time.monotonic() + 240
    while t.status != "finished":
        assert time.monotonic() < deadline
        seat = t.acting()
        if seat == gone:  # nobody sends it: the bot's move comes as an update
            assert t.views[gone]["actions"] == []
            gone_moves += 1
            for s in range(3):
                up = t.latest(s)
                t.views[s], t.v = up["view"], up["v"]
        else:
            t.move(seat, rng.choice(t.views[seat]["actions"])["id"])
    assert gone_moves > 0
    views = t.views
    rec = record(server, t.id)
    g = new_game("guatavita", 3, rec["seed"], options)
    for a in rec["history"]:
        g.apply(a)
    expected = ranking_with_out(g.ranking(), {gone: "resigned"}, leaver)
    assert rec["ranking"] == expected
    if leaver == "last":
        assert rec["ranking"][gone] == 3
    standings = {st["seat"]: st for st in views[0]["standings"]}
    assert standings[gone]["place"] == expected[gone]
    t.close()


def test_the_chat_goes_to_who_may_read_it_as_text_bounded_and_survives_a_kill_9(
    server_with: Callable[..., Server],
) -> None:
    srv = server_with(TAWA_CHAT_RATE_MAX="3", TAWA_CHAT_MAX_CHARS="40")
    stack = contextlib.ExitStack()
    t = Table(srv, "pachakuna", 2, {"TURN_CAP": 24})
    watcher = Guest(srv, "Kibitz")
    # a spectator with a name (the guest cookie goes with the handshake, as a browser sends it)
    cookie = "; ".join(f"{k}={v}" for k, v in watcher.http.cookies.items())
    spec = stack.enter_context(connect(srv.ws_url, additional_headers={"Cookie": cookie}, open_timeout=10))
    spec.send(json.dumps({"t": "join", "table": t.id}))

    def spec_next(kind: str) -> dict[str, Any]:
        while True:
            msg = json.loads(spec.recv(timeout=30))
            if msg["t"] == kind:
                return msg

    spec_next("full")
    markup = "<b>hi</b> <img src=x onerror=alert(1)>"
    t.socks[0].send({"t": "say", "table": t.id, "text": markup[:40], "ack": 1})
    line = t.latest(1, "chat")
    assert line["text"] == markup[:40] and line["seat"] == 0 and line["name"] == "Player0"
    assert spec_next("chat")["n"] == line["n"]
    spec.send(json.dumps({"t": "say", "table": t.id, "text": "spectators only", "ack": 2}))
    mine = spec_next("chat")
    assert mine["seat"] is None and mine["name"] == "Kibitz"
    t.socks[0].send({"t": "say", "table": t.id, "text": "x" * 41, "ack": 3})
    assert reply(t.socks[0], t.id, 3)["code"] == "too_large"
    for i in range(3):
        t.socks[1].send({"t": "say", "table": t.id, "text": f"line {i}", "ack": 10 + i})
    codes = [reply(t.socks[1], t.id, 10 + i)["t"] for i in range(3)]
    assert codes == ["ack", "ack", "ack"]
    t.socks[1].send({"t": "say", "table": t.id, "text": "one too many", "ack": 20})
    assert reply(t.socks[1], t.id, 20)["code"] == "rate_limited"
    # the players never got the spectator's line: each got the lines sent after it (in order), not that one
    for s in t.socks:
        s.expect("chat", table=t.id, text="line 2")
        assert all(m.get("text") != "spectators only" for m in s.seen if m["t"] == "chat")
    srv.kill9()
    srv.start()
    t.socks = [Sock(srv) for _ in range(2)]
    again = [s.join(t.id, tok) for s, tok in zip(t.socks, t.tokens, strict=True)]
    texts = [c["text"] for c in again[0]["chat"]]
    assert texts == [markup[:40], "line 0", "line 1", "line 2"]
    stack.close()
    t.close()


def test_a_table_can_turn_its_spectators_chat_off(server: Server) -> None:
    t = Table(server, "pachakuna", 2, {"TURN_CAP": 24}, spectator_chat="off")
    s = Sock(server)
    full = s.join(t.id)
    assert full["spectator_chat"] == "off"
    s.send({"t": "say", "table": t.id, "text": "hello", "ack": 1})
    no = reply(s, t.id, 1)
    assert no["code"] in ("chat_off", "no_name")
    s.close()
    t.close()


def test_take_backs_and_resignations_survive_a_kill_9(server: Server) -> None:
    """The ledger is the log: after a kill -9 the table loads with the take-back and the resignation in place."""
    t = Table(server, "pachakuna", 2, {"TURN_CAP": 24})
    seat = t.acting()
    t.move(seat, t.views[seat]["actions"][0]["id"])
    v_moved = t.v
    t.socks[seat].send({"t": "undo", "table": t.id, "seq": t.v, "ack": 1})
    granted = reply(t.socks[seat], t.id, 1)["t"] == "ack"
    after = t.fulls([seat])[0]
    server.kill9()
    server.start()
    s = Sock(server)
    full = s.join(t.id, t.tokens[seat])
    assert full["v"] == after["v"] == v_moved + (1 if granted else 0)
    assert full["view"]["svg"] == after["view"]["svg"]
    s.send({"t": "resign", "table": t.id, "ack": 2})
    assert reply(s, t.id, 2)["t"] == "ack"
    server.kill9()
    server.start()
    s2 = Sock(server)
    done = s2.join(t.id)
    assert done["view"]["status"] == "finished" and done["seats"][seat]["out"] == "resigned"
    s.close()
    s2.close()
    t.close()


def test_a_finished_tables_chat_shows_spectators_lines_only_to_those_who_held_no_seat(server: Server) -> None:
    t = Table(server, "ayar", 2, {"TURNS_PER_ROUND": [1, 1, 1, 1]})
    t.socks[0].send({"t": "say", "table": t.id, "text": "good luck", "ack": 1})
    reply(t.socks[0], t.id, 1)
    watcher = Guest(server, "Kibitz")
    cookie = "; ".join(f"{k}={v}" for k, v in watcher.http.cookies.items())
    with connect(server.ws_url, additional_headers={"Cookie": cookie}, open_timeout=10) as spec:
        spec.send(json.dumps({"t": "join", "table": t.id}))
        spec.send(json.dumps({"t": "say", "table": t.id, "text": "nice move", "ack": 2}))
        while json.loads(spec.recv(timeout=30))["t"] != "ack":
            pass
    r = t.guests[0].http.get(f"/api/tables/{t.id}/chat")
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    t.socks[1].send({"t": "resign", "table": t.id, "ack": 3})
    reply(t.socks[1], t.id, 3)
    seat_view = t.guests[0].http.get(f"/api/tables/{t.id}/chat").json()["lines"]
    public = watcher.http.get(f"/api/tables/{t.id}/chat").json()["lines"]
    assert [x["text"] for x in seat_view] == ["good luck"]
    assert [x["text"] for x in public] == ["good luck", "nice move"]
    watcher.close()
    t.close()
