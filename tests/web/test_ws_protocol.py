"""The WebSocket gate: full view then versioned updates, and every bad input refused with a clear error
while the table stays exactly as it was."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from harness import Guest, Server, Sock
from sqlalchemy import create_engine
from websockets.exceptions import InvalidStatus

import tawa


@pytest.fixture
def duel(server: Server):
    """An Ayar table of two people (no bots): Ana at seat 0 (creator), Bo at seat 1 (invite link)."""
    ana, bo = Guest(server, "Ana"), Guest(server, "Bo")
    made = ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])
    bo_seat = bo.take(made["invites"][0]["url"])
    socks: list[Sock] = []

    def sock() -> Sock:
        s = Sock(server)
        socks.append(s)
        return s

    yield made["id"], made["me"]["token"], bo_seat["token"], sock, ana
    for s in socks:
        s.close()
    ana.close()
    bo.close()


def table_v(ana: Guest, table: str) -> int:
    return int(ana.http.get(f"/api/tables/{table}").json()["v"])


def test_full_view_then_versioned_updates_for_each_seat_and_spectator(duel) -> None:
    table, tok_a, tok_b, sock, _ = duel
    a, b, spec = sock(), sock(), sock()
    fa, fb, fs = a.join(table, tok_a), b.join(table, tok_b), spec.join(table)
    assert (fa["seat"], fb["seat"], fs["seat"]) == (0, 1, None)
    assert fa["v"] == fb["v"] == fs["v"] == 0
    assert fa["view"]["to_act"] == 0 and fa["view"]["actions"]
    assert fb["view"]["actions"] == [] and fs["view"]["actions"] == []  # only the seat to act gets actions
    assert fs["view"]["targets"] == {}
    action = fa["view"]["actions"][0]["id"]
    a.send({"t": "move", "table": table, "seq": 0, "action": action, "ack": 7})
    mine = a.expect("update", table=table)
    assert (mine["v"], mine["ack"]) == (1, 7)  # the mover's update carries its ack: no ack message of its own
    for s in (b, spec):
        up = s.expect("update", table=table)
        assert up["v"] == 1 and "ack" not in up
    assert not any(m["t"] == "ack" for m in a.drain(0.3))
    presence = spec.expect("presence", table=table)
    assert presence["connected"] == [True, True]


def test_every_bad_input_is_refused_and_changes_nothing(duel) -> None:
    table, tok_a, tok_b, sock, ana = duel
    a, b, spec = sock(), sock(), sock()
    fa = a.join(table, tok_a)
    b.join(table, tok_b)
    spec.join(table)
    game = tawa.new_game("ayar", 2, 0)
    legal = [x["id"] for x in fa["view"]["actions"]]
    illegal = next(i for i in game.action_space.ids if i not in legal)
    foreign = tawa.new_game("sacred-valley", 3, 0).legal_actions()[0].id
    assert foreign not in game.action_space

    def refused(s: Sock, message, code: str, with_full: bool = True) -> dict:
        s.send(message)
        r = s.expect("reject")
        assert r["code"] == code, r
        assert r["reason"]
        if with_full:
            assert s.expect("full", table=table)["v"] == 0
        return r

    refused(a, "{not json", "bad_json", with_full=False)
    refused(a, "[1, 2]", "bad_message", with_full=False)
    refused(a, {"t": "dance", "table": table}, "unknown_type", with_full=False)
    refused(a, {"t": "ping", "pad": "x" * 20_000}, "too_large", with_full=False)
    r = refused(a, {"t": "move", "table": table, "action": legal[0]}, "bad_message")
    assert "seq" in r["reason"]
    refused(a, {"t": "move", "table": table, "seq": 0, "action": legal[0], "extra": 1}, "bad_message")
    refused(a, {"t": "move", "table": "nosuchtable", "seq": 0, "action": legal[0]}, "not_joined", with_full=False)
    refused(a, {"t": "join", "table": "nosuchtable"}, "no_table", with_full=False)
    other = sock()
    refused(other, {"t": "join", "table": table, "token": "not-a-token"}, "bad_token", with_full=False)
    refused(other, {"t": "join", "table": table, "token": ""}, "bad_token", with_full=False)
    refused(other, {"t": "move", "table": table, "seq": 0, "action": legal[0]}, "not_joined", with_full=False)
    refused(spec, {"t": "move", "table": table, "seq": 0, "action": legal[0]}, "spectator")
    refused(b, {"t": "move", "table": table, "seq": 0, "action": legal[0]}, "not_your_turn")
    refused(a, {"t": "move", "table": table, "seq": 0, "action": foreign}, "unknown_action")
    r = refused(a, {"t": "move", "table": table, "seq": 0, "action": illegal}, "illegal")
    assert r["rule"] and r["rule"].startswith("AY-"), r  # the rule that forbids it is named
    assert r["rule"] in r["reason"]
    refused(a, {"t": "move", "table": table, "seq": 5, "action": legal[0]}, "stale")
    assert table_v(ana, table) == 0

    # a legal move still goes through after all that
    a.send({"t": "move", "table": table, "seq": 0, "action": legal[0], "ack": 1})
    assert a.expect("update", ack=1)["v"] == 1
    # ... and replaying it (the same message again) is stale / a duplicate: refused, nothing changes
    a.send({"t": "move", "table": table, "seq": 0, "action": legal[0], "ack": 2})
    assert a.expect("reject", ack=2)["code"] == "duplicate"
    a.send({"t": "move", "table": table, "seq": 0, "action": "marker gold", "ack": 3})
    assert a.expect("reject", ack=3)["code"] == "stale"
    assert table_v(ana, table) == 1


def test_two_connections_of_one_seat_racing_the_same_move(duel) -> None:
    table, tok_a, _tok_b, sock, ana = duel
    a1, a2 = sock(), sock()
    full = a1.join(table, tok_a)
    a2.join(table, tok_a)
    action = full["view"]["actions"][0]["id"]
    barrier = threading.Barrier(2)

    def fire(s: Sock, ack: int) -> None:
        barrier.wait()
        s.send({"t": "move", "table": table, "seq": 0, "action": action, "ack": ack})

    threads = [threading.Thread(target=fire, args=(s, ack)) for s, ack in ((a1, 1), (a2, 2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    answers = []
    for s, ack in ((a1, 1), (a2, 2)):
        msgs = [m for m in s.drain(1.0) if m.get("ack") == ack and m["t"] in ("update", "reject")]
        assert len(msgs) == 1, [(m["t"], m.get("ack"), m.get("code")) for m in s.seen]
        answers.append(msgs[0])
    assert sorted(m["t"] for m in answers) == ["reject", "update"]  # one acknowledged (in its update), one refused
    assert next(m for m in answers if m["t"] == "reject")["code"] == "duplicate"
    assert table_v(ana, table) == 1


def test_cross_site_websocket_is_refused(server: Server) -> None:
    with pytest.raises(InvalidStatus) as err:
        Sock(server, origin="http://evil.example")
    assert err.value.response.status_code == 403
    ok = Sock(server, origin=server.url)  # the server's own pages may connect
    ok.send({"t": "ping", "ack": 1})
    assert ok.expect("pong") == {"t": "pong", "ack": 1}
    ok.close()


def test_help_and_explain(duel) -> None:
    table, tok_a, tok_b, sock, _ = duel
    a, b = sock(), sock()
    fa = a.join(table, tok_a)
    b.join(table, tok_b)
    game = tawa.new_game("ayar", 2, 0)
    first = fa["view"]["actions"][0]["id"]
    a.send({"t": "help", "table": table, "action": first, "ack": 1})
    assert a.expect("help")["text"] == game.help_text(next(x for x in game.legal_actions() if x.id == first))
    illegal = next(i for i in game.action_space.ids if i not in {x.id for x in game.legal_actions()})
    a.send({"t": "explain", "table": table, "action": illegal, "ack": 2})
    ex = a.expect("explain")
    err = game.explain_illegal(illegal)
    assert (ex["legal"], ex["reason"], ex["rule"]) == (False, str(err), err.rule)
    b.send({"t": "explain", "table": table, "action": first})
    assert b.expect("explain")["reason"] == "it is not your turn"
    # an id outside the action space (a board names the action a click would mean): still the game's own reason
    outside = "marker nowhere"
    assert outside not in game.action_space
    a.send({"t": "explain", "table": table, "action": outside, "ack": 3})
    ex = a.expect("explain")
    err = game.explain_illegal(outside)
    assert (ex["legal"], ex["reason"], ex["rule"]) == (False, str(err), "AY-826")
    assert ex["opens"] == err.opens


def test_explain_says_what_opens_a_refusal_and_answers_for_board_parts(duel) -> None:
    """Issue 24: an explanation and a refused move carry what would open the action (``opens``); a board part that
    means no action (``element`` without an action) gets the game's rule of the turn; one of neither is refused."""
    table, tok_a, _tok_b, sock, _ = duel
    a = sock()
    a.join(table, tok_a)
    game = tawa.new_game("ayar", 2, 0)
    a.send({"t": "explain", "table": table, "element": "status", "ack": 1})
    ex = a.expect("explain")
    err = game.explain_place("status")
    assert (ex["legal"], ex["rule"], ex["opens"], ex["element"]) == (False, "AY-080", err.opens, "status")
    assert err.opens and ex["reason"] == str(err)
    a.send({"t": "explain", "table": table, "ack": 2})
    assert a.expect("reject")["code"] == "bad_message"
    illegal = next(i for i in game.action_space.ids if i not in {x.id for x in game.legal_actions()})
    a.send({"t": "move", "table": table, "seq": 0, "action": illegal, "ack": 3})
    rej = a.expect("reject")
    err = game.explain_illegal(illegal)
    assert (rej["code"], rej["rule"], rej["opens"]) == ("illegal", err.rule, err.opens)


def test_board_drawings_for_browsers_the_observation_on_request(duel) -> None:
    """Browsers get the board drawn for their seat; a client that asks for no board gets the seat's observation
    itself. Neither gets anything built from the state (no text rendering)."""
    table, tok_a, _tok_b, sock, _ = duel
    game = tawa.new_game("ayar", 2, 0)
    drawn, plain_sock = sock(), sock()
    full = drawn.join(table, tok_a)
    plain_sock.send({"t": "join", "table": table, "token": tok_a, "board": False})
    plain = plain_sock.expect("full", table=table)
    draw = type(game).board_svg
    assert type(game).board_view is not None  # Ayar draws its board
    assert full["view"]["svg"] == draw(plain["view"]["observation"])  # its parts, joined: the seat's drawing
    assert full["view"]["targets"] and set(full["view"]["targets"]) <= {a["id"] for a in full["view"]["actions"]}
    assert full["view"]["observation"] is None and "text" not in full["view"]
    assert plain["view"]["svg"] is None and plain["view"]["targets"] == {} and "board" not in plain["view"]
    assert plain["view"]["actions"] == full["view"]["actions"] and "text" not in plain["view"]
    obs = plain["view"]["observation"]
    assert obs["seat"] == 0 and set(obs) == set(game.observation(0))  # the observation's own fields
    first = full["view"]["actions"][0]["id"]
    drawn.send({"t": "move", "table": table, "seq": 0, "action": first})
    update = plain_sock.expect("update")["view"]
    assert update["svg"] is None and update["observation"]["seat"] == 0
    assert drawn.expect("update")["view"]["svg"] == draw(update["observation"])


def test_an_update_carries_only_the_board_parts_that_changed(duel) -> None:
    table, tok_a, tok_b, sock, _ = duel
    a, b = sock(), sock()
    fa = a.join(table, tok_a)
    b.join(table, tok_b)
    draw = type(tawa.new_game("ayar", 2, 0)).board_svg
    v = 0
    for v in range(4):
        view = a.expect("update")["view"] if v else fa["view"]
        if view["to_act"] != 0:
            break
        a.send({"t": "move", "table": table, "seq": v, "action": view["actions"][0]["id"]})
    assert v >= 2
    b.drain(0.5)
    a.drain(0.5)
    for s, token in ((a, tok_a), (b, tok_b)):
        kinds = s.board_parts
        assert kinds[0][0] == "full" and kinds[0][1] == kinds[0][2] > 20  # a full view: every part
        assert len(kinds) >= 3 and all(t == "update" and carried < total for t, carried, total in kinds[1:])
        plain = sock()
        plain.send({"t": "join", "table": table, "token": token, "board": False})
        now = plain.expect("full", table=table)
        last = [m for m in s.seen if m["t"] == "update"][-1]
        assert last["v"] == now["v"] and last["view"]["svg"] == draw(now["view"]["observation"])


def test_previews_on_demand_for_the_seat_to_act_only(server: Server) -> None:
    """The chooser pictures are asked for when a chooser opens: the seat to act gets those of its actions about
    that board element; anybody else is refused, and a full view follows."""
    ana, bo = Guest(server, "Ana"), Guest(server, "Bo")
    made = ana.create("pachakuna", 2, [{"kind": "me"}, {"kind": "invite"}])
    table = made["id"]
    bo_seat = bo.take(made["invites"][0]["url"])
    me, other, watcher = Sock(server), Sock(server), Sock(server)
    full = me.join(table, made["me"]["token"])
    full_other = other.join(table, bo_seat["token"])
    watcher.join(table)
    mine, theirs = (me, other) if full["view"]["to_act"] == full["seat"] else (other, me)
    view = full["view"] if mine is me else full_other["view"]
    by_element: dict[str, list[str]] = {}
    for action, element in view["targets"].items():
        by_element.setdefault(element, []).append(action)
    element, about = next((el, acts) for el, acts in by_element.items() if len(acts) > 1)
    mine.send({"t": "previews", "table": table, "target": element, "ack": 7})
    got = mine.expect("previews")
    assert got["ack"] == 7 and got["target"] == element and got["v"] == 0
    assert set(got["previews"]) == set(about) and all(p.lstrip().startswith("<svg") for p in got["previews"].values())
    assert "previews" not in view  # never pushed with the views
    theirs.send({"t": "previews", "table": table, "target": element, "ack": 8})
    assert theirs.expect("reject")["code"] == "not_your_turn"
    watcher.send({"t": "previews", "table": table, "target": element, "ack": 9})
    assert watcher.expect("reject")["code"] == "spectator"
    for s in (me, other, watcher):
        s.close()


def _hold_the_database(db_url: str):
    """A transaction that holds the moves' table against writers (the server's commit waits for it)."""
    if db_url.startswith("sqlite"):
        con = sqlite3.connect(db_url.split("///", 1)[1], isolation_level=None, check_same_thread=False)
        con.execute("BEGIN IMMEDIATE")
        return con.rollback
    engine = create_engine(db_url)
    c = engine.connect()
    c.exec_driver_sql("LOCK TABLE moves IN EXCLUSIVE MODE")

    def release() -> None:
        c.rollback()
        c.close()
        engine.dispose()

    return release


def test_a_move_waiting_for_its_commit_is_seen_by_nobody(duel, server: Server) -> None:
    """Until a move is committed, every view of its table (a client that joins, a sync) shows the position
    before it; the move appears in its update (with its ack), once it is durable."""
    table, tok_a, tok_b, sock, _ = duel
    a = sock()
    fa = a.join(table, tok_a)
    action = fa["view"]["actions"][0]["id"]
    release = _hold_the_database(server.db_url)
    try:
        a.send({"t": "move", "table": table, "seq": 0, "action": action, "ack": 1})
        time.sleep(0.5)  # the server has applied the move and waits for the database
        b, a2 = sock(), sock()
        fb = b.join(table, tok_b)
        assert (fb["v"], fb["view"]["to_act"], fb["view"]["actions"]) == (0, 0, [])
        assert fb["log"] == fa["log"]
        fa2 = a2.join(table, tok_a)  # a second connection of the mover's seat: still its own turn at version 0
        assert (fa2["v"], fa2["view"]["to_act"]) == (0, 0)
        assert [x["id"] for x in fa2["view"]["actions"]] == [x["id"] for x in fa["view"]["actions"]]
        with pytest.raises(TimeoutError):
            a.expect("update", table=table, timeout=0.3)
    finally:
        release()
    assert a.expect("update", table=table, ack=1)["v"] == 1
    for s in (b, a2):
        assert s.expect("update", table=table)["v"] == 1
