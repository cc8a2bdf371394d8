"""Bot seats cannot hold the server (issue 23, item 2), from outside against a served app: specs outside their
declared ranges or over the server's budget are refused, a move past the deadline is abandoned (the worker replaced,
a cheap move played, the log saying so), one guest's tables do not crowd out another's, and a table stored with an
over-budget spec before these limits is resumed within them after a restart."""

from __future__ import annotations

import time
from collections.abc import Callable

from harness import Guest, Server, Sock
from sqlalchemy import create_engine, text

ME = {"kind": "me"}


def bot(spec: str) -> dict[str, str]:
    return {"kind": "bot", "bot": spec}


def version(g: Guest, table: str) -> int:
    return int(g.http.get(f"/api/tables/{table}").json()["v"])


def test_bot_specs_outside_their_ranges_are_refused(sqlite_server_with: Callable[..., Server]) -> None:
    srv = sqlite_server_with(TAWA_BOT_BUDGET="5")
    g = Guest(srv, "Ana")
    for spec, words in (
        ("ismcts:time=100000", "time must be from 0 to 3,600"),
        ("ismcts:time=inf", "time must be a finite number"),
        ("ismcts:time=1e308", "time must be from 0"),
        ("ismcts:time=6", "at most 5 seconds a move"),
        ("ismcts:iters=99999999999999999999", "iters must be from 1 to 1,000,000"),
        ("ismcts:depth=100000000", "depth must be from 0 to 10,000"),
        ("ismcts:c=nan", "c must be a finite number"),
        ("greedy:samples=1000", "samples must be"),
        ("random:time=1", "it takes no settings"),
    ):
        r = g.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": [ME, bot(spec)]})
        assert r.status_code == 422 and words in r.json()["message"], (spec, r.json())
    assert g.http.get("/api/games").json()["bot_budget"] == 5
    g.create("ayar", 2, [ME, bot("ismcts:time=5")])  # the budget itself is allowed


def test_a_bot_move_past_the_deadline_is_abandoned_and_a_cheap_move_played(
    sqlite_server_with: Callable[..., Server],
) -> None:
    srv = sqlite_server_with(TAWA_BOT_BUDGET="0.5", TAWA_BOT_MARGIN="0.5")
    g = Guest(srv, "Ana")
    made = g.create("ayar", 2, [ME, bot("ismcts:iters=1000000")])  # valid, and far slower than 1 s a move
    s = Sock(srv)
    full = s.join(made["id"], made["me"]["token"])
    view, v = full["view"], full["v"]
    bot_moves = 0
    deadline = time.monotonic() + 120
    while bot_moves < 2 and time.monotonic() < deadline:
        if view["to_act"] == 0:
            s.send({"t": "move", "table": made["id"], "seq": v, "action": view["actions"][0]["id"]})
        up = s.expect("update", timeout=60)
        bot_moves += view["to_act"] == 1
        view, v = up["view"], up["v"]
    assert bot_moves == 2
    log = srv.output()
    assert (
        log.count("had no move at version") >= 2 and "its worker was replaced and the seat plays a progress move" in log
    )
    s.close()


def test_one_guests_tables_do_not_crowd_out_anothers(sqlite_server_with: Callable[..., Server]) -> None:
    """One worker; one guest runs five bot tables, another one: the workers are shared round-robin by guest, so the
    lone table gets about half the moves (a queue in order of arrival would give it a sixth)."""
    srv = sqlite_server_with(TAWA_BOT_WORKERS="1")
    many, one = Guest(srv, "Many"), Guest(srv, "One")
    bots = [bot("ismcts:time=0.1"), bot("ismcts:time=0.1")]  # the worker, not the table, is the bottleneck
    theirs = [many.create("ayar", 2, bots)["id"] for _ in range(5)]
    mine = one.create("ayar", 2, bots)["id"]
    # counted from the first moves on (the worker is warm), until 30 moves were made in all: a count, not a window
    deadline = time.monotonic() + 180
    while sum(version(g, t) for g, t in [(one, mine), *((many, t) for t in theirs)]) < 6:
        assert time.monotonic() < deadline, "the bots made no moves"
        time.sleep(0.2)
    start_mine, start_theirs = version(one, mine), sum(version(many, t) for t in theirs)
    moved_mine = moved_theirs = 0
    while moved_mine + moved_theirs < 30:
        assert time.monotonic() < deadline, (moved_mine, moved_theirs)
        time.sleep(0.2)
        moved_mine = version(one, mine) - start_mine
        moved_theirs = sum(version(many, t) for t in theirs) - start_theirs
    assert moved_mine >= 5, (moved_mine, moved_theirs)
    assert moved_mine >= 0.35 * (moved_mine + moved_theirs), (moved_mine, moved_theirs)


def test_a_stored_over_budget_spec_is_resumed_within_the_budget(server: Server) -> None:
    g = Guest(server, "Ana")
    made = g.create("ayar", 2, [bot("ismcts:time=0.2"), bot("ismcts:time=0.2")])
    server.stop()
    engine = create_engine(server.db_url)
    with engine.begin() as c:  # what a server before the ranges would have stored
        c.execute(text("UPDATE seats SET bot = 'ismcts:time=100000:c=nan' WHERE table_id = :t"), {"t": made["id"]})
    engine.dispose()
    server.env["TAWA_BOT_BUDGET"] = "0.3"
    server.start()
    g2 = Guest(server, "Ana again")
    before = version(g2, made["id"])
    deadline = time.monotonic() + 120
    while version(g2, made["id"]) < before + 3:
        assert time.monotonic() < deadline, server.output()[-3000:]
        time.sleep(0.5)
    log = server.output()
    assert (
        "'ismcts:time=100000:c=nan' is outside this server's bot ranges or budget; it plays as 'ismcts:time=0.3'" in log
    )
    assert "had no move" not in log
