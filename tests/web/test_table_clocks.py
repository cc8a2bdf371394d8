"""Clocks on a real server and both databases (issue 25): Fischer and turn-based controls, who is charged, time-outs
(a bot takes over and the person takes the seat back, or the game ends), the lobby ordered by time left, the clocks
after a kill -9, a time that ran out while the server was down, and tables that end by themselves.

Time is moved forward through the server's clock offset file (``TAWA_CLOCK_OFFSET_FILE``, ``tawa.web.clock.now``):
no test sleeps through a time control. Each wait is for a message or a state, with a generous timeout."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import ME, Clock, Guest, Server, Sock, Table

from tawa.core.registry import short_games

BOT = {"kind": "bot", "bot": "random"}
GAME, OPTIONS = "pachakuna", {"TURN_CAP": 24}


@pytest.fixture
def timed(server_with: Callable[..., Server], tmp_path: Path) -> tuple[Server, Clock]:
    clock = Clock(tmp_path)
    return server_with(TAWA_CLOCK_OFFSET_FILE=str(clock.path), TAWA_BOT_DELAY="4"), clock


def until(what: Callable[[], Any], timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = what()
        if got:
            return got
        assert time.monotonic() < deadline, "the state did not come"
        time.sleep(0.1)


def table(srv: Server, table_id: str) -> dict[str, Any]:
    r = httpx.get(f"{srv.url}/api/tables/{table_id}", timeout=30)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


@pytest.mark.rule("clocks")
def test_fischer_clocks_charge_the_person_to_act_show_every_seat_and_come_back_the_same_after_a_kill_9(
    timed: tuple[Server, Clock],
) -> None:
    """A person against a bot on the "fast" control (5 min + 5 s a turn): every full view and every move's ``clock``
    message shows both seats, the person's time runs only while it is to act, the bot's thinking and the bot delay
    (4 s here, while the server's time jumps 100 s) cost nobody anything; after a kill -9 the reloaded clocks
    are the same to the hundredth of a second."""
    srv, clock = timed
    ana = Guest(srv, "Ana")
    made = ana.create(GAME, 2, [ME, BOT], OPTIONS, clock="fast")
    sock = Sock(srv)
    full = sock.join(made["id"], made["me"]["token"])
    assert full["clock"]["control"] == {
        "id": "fast",
        "kind": "fischer",
        "label": "5 min + 5 s a turn",
        "base": 300.0,
        "inc": 5.0,
        "on_timeout": "bot",
    }
    assert full["clock"]["left"][1] is None  # a bot seat has no clock
    v = full["v"]
    if full["view"]["to_act"] != 0:  # the bot began: no time of anyone's ran meanwhile
        up = sock.expect("update", table=made["id"], timeout=60)
        v = up["v"]
        while up["view"]["to_act"] != 0:
            up = sock.expect("update", table=made["id"], v=v + 1, timeout=60)
            v = up["v"]
        view = up["view"]
        assert up["clock"]["left"][0] == 300.0  # every update of a timed table carries the clocks
    else:
        view = full["view"]
    clock.forward(40)  # Ana thinks for 40 s (and a little real time)
    ack = 0
    for turn in range(4):  # until the server's time jumps while the bot is to act (it waits 4 s before moving)
        handed = False
        while not handed:  # Ana's turn, to its end: the increment comes once, when the bot is to act
            ack += 1
            sock.send({"t": "move", "table": made["id"], "seq": v, "action": view["actions"][0]["id"], "ack": ack})
            up = sock.expect("update", table=made["id"], v=v + 1, timeout=60)
            assert up["ack"] == ack  # the update of my move carries its ack
            v, view, c = up["v"], up["view"], up["clock"]
            handed = view["to_act"] != 0
        clock.forward(100)
        assert c["running"] is None  # the bot is to act: nobody's time runs
        ana_left, handed_at = c["left"][0], c["at"]
        if turn == 0:
            assert 300 - 40 + 5 - 30 < ana_left <= 300 - 40 + 5
        while view["to_act"] != 0:
            up = sock.expect("update", table=made["id"], v=v + 1, timeout=60)
            v, view = up["v"], up["view"]
        after_bot = up["clock"]
        assert after_bot["running"] == 0
        if after_bot["at"] - handed_at >= 100:  # the bot moved after the jump: its 100 s were not Ana's
            assert ana_left - 1 < after_bot["left"][0] <= ana_left  # (sent just after)
            break
        # a busy machine let the bot move before the jump: those 100 s are Ana's turn now; try her next turn
    else:
        raise AssertionError("the server's time never jumped while the bot was to act")
    sock.close()
    srv.kill9()
    srv.start()
    sock = Sock(srv)
    again = sock.join(made["id"], made["me"]["token"])["clock"]
    assert again["running"] == 0 and again["control"]["id"] == "fast"
    # the running seat's deadline (left + at) is the same: the log gave back the very same clocks
    assert abs((again["left"][0] + again["at"]) - (after_bot["left"][0] + after_bot["at"])) < 0.02
    sock.close()
    ana.close()


@pytest.mark.rule("clocks", "time-out")
def test_a_seat_whose_time_runs_out_is_played_by_a_bot_until_its_person_takes_it_back(
    timed: tuple[Server, Clock],
) -> None:
    """Two people on "fast" with ``on_timeout`` ``bot``: the seat to act runs out of time, both get a full view
    saying so (the seat "timed out"), a bot plays its turn; its person takes the seat back (``return``) with a minute
    and an increment on its clock; the record lists the time-out, the return and the bot's moves."""
    srv, clock = timed
    t = Table(srv, GAME, 2, OPTIONS, clock="fast", on_timeout="bot")
    late = t.acting()
    other = 1 - late
    assert t.joined[late]["clock"]["running"] == late
    clock.forward(301)
    fulls = [t.socks[s].expect("full", table=t.id, timeout=60) for s in (0, 1)]
    for f in fulls:
        assert "ran out of time; a bot plays the seat" in f["notice"]
        assert f["seats"][late]["out"] == "timed out" and f["view"]["status"] == "running"
        assert f["clock"]["left"][late] <= 0
    assert fulls[late]["view"]["actions"] == []  # a bot plays it: the person is offered nothing
    # the bot plays the seat's turn (its moves come as updates), until the other seat is to act
    v = fulls[0]["v"]
    view = fulls[0]["view"]
    while view["to_act"] != other:
        up = t.socks[other].expect("update", table=t.id, v=v + 1, timeout=60)
        v, view = up["v"], up["view"]
    t.socks[late].send({"t": "return", "table": t.id, "ack": 5})
    assert t.socks[late].expect("ack", ack=5, timeout=60)["v"] == v + 1
    back = [t.socks[s].expect("full", table=t.id, v=v + 1, timeout=60) for s in (0, 1)]
    for f in back:
        assert "is back" in f["notice"] and f["seats"][late]["out"] is None
        assert f["clock"]["left"][late] == 65.0  # grace: a minute and one increment (the other seat is to act)
    t.socks[late].send({"t": "return", "table": t.id, "ack": 6})
    assert t.socks[late].expect("reject", ack=6, timeout=60)["code"] == "not_out"
    t.socks[other].send({"t": "resign", "table": t.id, "ack": 7})
    resigned = t.socks[other].expect("ack", ack=7, timeout=60)["v"]
    done = t.socks[late].expect("full", table=t.id, v=resigned, timeout=60)
    assert done["view"]["status"] == "finished"
    rec = httpx.get(f"{srv.url}/api/tables/{t.id}/record", timeout=30).json()
    events = [(e["seat"], e["event"]) for e in rec["table_events"]]
    assert events == [(late, "timeout"), (late, "return"), (other, "resign")]
    timeout_v = next(e["v"] for e in rec["table_events"] if e["event"] == "timeout")
    assert rec["bot_moves"] and all(timeout_v < b < v + 1 for b in rec["bot_moves"])
    t.close()


@pytest.mark.rule("time-out")
def test_with_on_timeout_end_a_two_player_game_ends_at_the_time_out_and_the_other_wins(
    timed: tuple[Server, Clock],
) -> None:
    srv, clock = timed
    t = Table(srv, GAME, 2, OPTIONS, clock="normal", on_timeout="end")
    late = t.acting()
    clock.forward(15 * 60 + 1)
    f = t.socks[1 - late].expect("full", table=t.id, timeout=60)
    assert f["view"]["status"] == "finished" and "ran out of time" in f["notice"]
    assert f["seats"][late]["out"] == "timed out"
    places = {s["seat"]: s for s in f["view"]["standings"]}
    assert places[late]["place"] == 2 and places[late]["decided_by"] == "timed out"
    assert places[1 - late]["place"] == 1 and places[1 - late]["decided_by"] == "the other player ran out of time"
    assert table(srv, t.id)["result"]["out"] == {str(late): "timed out"}
    t.close()


@pytest.mark.rule("turn-based", "time-out")
def test_turn_based_tables_order_my_tables_by_time_left_and_a_disconnected_person_keeps_the_seat_until_it_runs_out(
    timed: tuple[Server, Clock],
) -> None:
    """Ana (never connected) has three tables against a bot: 1 and 3 days a move, and a fast one. The lobby lists
    them by the time left. After 23 hours a bot plays her seat at the fast table (it is no longer her turn there),
    while the 1-day table still waits for her with an hour left; two hours later a bot plays that seat too, and the
    3-day one waits on with its time left."""
    srv, clock = timed
    ana = Guest(srv, "Ana")
    ids = {c: ana.create(GAME, 2, [ME, BOT], OPTIONS, clock=c)["id"] for c in ("days3", "days1", "fast")}

    def mine() -> list[dict[str, Any]]:
        return ana.http.get("/api/lobby").json()["mine"]  # type: ignore[no-any-return]

    def out(table_id: str) -> str | None:
        return table(srv, table_id)["seats"][0]["out"]  # type: ignore[no-any-return]

    until(lambda: all(t["my_turn"] for t in mine()))  # where the bot began, it has moved
    assert [t["id"] for t in mine()] == [ids["fast"], ids["days1"], ids["days3"]]
    assert {t["clock"]["id"] for t in mine()} == {"fast", "days1", "days3"}
    clock.forward(23 * 3600)
    until(lambda: out(ids["fast"]) == "timed out")  # the tick came round after the jump
    one = table(srv, ids["days1"])
    assert one["status"] == "running" and one["seats"][0]["out"] is None and one["to_act"] == 0  # still hers
    assert 3600 - 120 < one["time_left"] <= 3600
    rows = mine()
    assert [t["id"] for t in rows] == [ids["days1"], ids["days3"], ids["fast"]]  # a bot plays the last one
    assert not rows[2]["my_turn"] and rows[2]["time_left"] is None
    assert 2 * 86400 + 3600 - 120 < rows[1]["time_left"] <= 2 * 86400 + 3600
    clock.forward(2 * 3600)
    until(lambda: out(ids["days1"]) == "timed out")
    three = table(srv, ids["days3"])
    assert three["status"] == "running" and three["seats"][0]["out"] is None
    assert 2 * 86400 - 3600 - 120 < three["time_left"] <= 2 * 86400 - 3600
    ana.close()


@pytest.mark.rule("time-out", "clocks")
def test_a_time_that_ran_out_while_the_server_was_down_is_logged_when_it_starts(timed: tuple[Server, Clock]) -> None:
    srv, clock = timed
    t = Table(srv, GAME, 2, OPTIONS, clock="fast", on_timeout="end")
    late = t.acting()
    t.close()
    srv.kill9()
    clock.forward(3600)
    srv.start()
    until(lambda: table(srv, t.id)["status"] == "finished")
    result = table(srv, t.id)["result"]
    assert result["out"] == {str(late): "timed out"} and result["ranking"][late] == 2


@pytest.mark.rule("game over for everyone")
def test_an_untimed_table_left_alone_for_idle_days_ends_by_itself(
    server_with: Callable[..., Server], tmp_path: Path
) -> None:
    """An untimed table has no clock to show, but its seat to act has ``idle_days`` (here 1): Ana, alone with a bot,
    walks away; two days later a bot plays her seat, and the bots play the game to its end by themselves."""
    clock = Clock(tmp_path)
    srv = server_with(TAWA_CLOCK_OFFSET_FILE=str(clock.path), TAWA_IDLE_DAYS="1")
    ana = Guest(srv, "Ana")
    made = ana.create(GAME, 2, [ME, BOT], OPTIONS)
    sock = Sock(srv)
    assert sock.join(made["id"], made["me"]["token"])["clock"] is None
    until(lambda: table(srv, made["id"])["to_act"] == 0)
    clock.forward(2 * 86400)
    f = sock.expect("full", table=made["id"], timeout=60)
    assert "ran out of time; a bot plays the seat" in f["notice"] and f["seats"][0]["out"] == "timed out"
    until(lambda: table(srv, made["id"])["status"] == "finished", timeout=300)
    result = table(srv, made["id"])["result"]
    assert result["out"] == {"0": "timed out"} and "abandoned" not in result
    sock.close()
    ana.close()


@pytest.mark.rule("game over for everyone")
def test_when_the_last_person_resigns_the_table_ends_at_once(server: Server) -> None:
    """Ana with two bots at a short Guatavita resigns: nobody is left to play for, so the bots do not play on; the
    table ends there, Ana last."""
    _id, players, options = next(g for g in short_games() if g[0] == "guatavita")
    ana = Guest(server, "Ana")
    made = ana.create("guatavita", players, [ME] + [BOT] * (players - 1), options)
    sock = Sock(server)
    sock.join(made["id"], made["me"]["token"])
    sock.send({"t": "resign", "table": made["id"], "ack": 1})
    assert sock.expect("ack", ack=1, timeout=60)
    done = table(server, made["id"])
    assert done["status"] == "finished" and done["result"]["abandoned"] is True
    assert done["result"]["ranking"][0] == players and done["result"]["out"] == {"0": "resigned"}
    sock.close()
    ana.close()
