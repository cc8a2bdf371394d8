"""Ratings and profiles (issue 26) end to end on a real server and both databases: rated tables (a person against a
bot, two people) finished by resigning; the stored ratings equal openskill's own PlackettLuce for the same results,
game after game; the leaderboard and the profile show them; unrated tables change nothing; what may be rated; a
table that ended without its ratings (a stop in between) is rated at the next start."""

from __future__ import annotations

import time
from typing import Any

import httpx
from harness import INVITE, ME, Guest, Server, Sock, reply
from openskill.models import PlackettLuce
from sqlalchemy import create_engine, text

GAME = "ayar"
EASY = {"kind": "bot", "bot": "easy"}


def resign(srv: Server, table: str, token: str) -> None:
    s = Sock(srv)
    s.join(table, token)
    s.send({"t": "resign", "table": table, "ack": 7})
    assert reply(s, table, 7)["t"] == "ack"
    s.close()


def board(srv: Server) -> list[dict[str, Any]]:
    r = httpx.get(f"{srv.url}/api/ratings/{GAME}", timeout=30)
    assert r.status_code == 200, r.text
    return r.json()["rows"]  # type: ignore[no-any-return]


def rated_games(srv: Server, total: int) -> list[dict[str, Any]]:
    """The leaderboard once its players' games add up to ``total`` (the ratings are written after the result)."""
    deadline = time.monotonic() + 30
    while True:
        rows = board(srv)
        if sum(r["games"] for r in rows) >= total or time.monotonic() > deadline:
            assert sum(r["games"] for r in rows) == total, rows
            return rows
        time.sleep(0.05)


def test_rated_tables_update_the_ratings_as_openskill_does(server: Server) -> None:
    alice, bob = Guest(server, "Alice"), Guest(server, "Bob")
    alice.register()
    bob.register()
    model = PlackettLuce()
    expected: dict[str, Any] = {}

    def played(keys: list[str], ranks: list[int]) -> None:
        for k in keys:
            expected.setdefault(k, model.rating(name=k))
        new = model.rate([[expected[k]] for k in keys], ranks=ranks)
        for k, team in zip(keys, new, strict=True):
            expected[k] = team[0]

    # 1: Alice against the easy bot, Alice resigns (last)
    t1 = alice.create(GAME, 2, [ME, EASY], rated=True)
    resign(server, t1["id"], t1["me"]["token"])
    played(["alice", "bot:easy"], [2, 1])
    rows = rated_games(server, 2)
    ids = {r["name"]: r["guest"] for r in rows}
    a_id = ids["Alice"]
    # 2: Alice against Bob, Bob resigns: Alice first
    t2 = alice.create(GAME, 2, [ME, INVITE], rated=True)
    b2 = bob.take(t2["invites"][0]["url"])
    resign(server, t2["id"], b2["token"])
    played(["alice", "bob"], [1, 2])
    rated_games(server, 4)
    # 3: the bot first, Bob second (Bob resigns)
    t3 = bob.create(GAME, 2, [EASY, ME], rated=True)
    resign(server, t3["id"], t3["me"]["token"])
    played(["bot:easy", "bob"], [1, 2])
    # an unrated table changes nothing
    t4 = alice.create(GAME, 2, [ME, EASY])
    resign(server, t4["id"], t4["me"]["token"])
    rows = rated_games(server, 6)
    b_id = next(r["guest"] for r in rows if r["name"] == "Bob")
    keys = {"g:" + a_id: "alice", "g:" + b_id: "bob", "bot:easy": "bot:easy"}
    assert {keys[r["player"]] for r in rows} == {"alice", "bob", "bot:easy"}
    for r in rows:
        want = expected[keys[r["player"]]]
        assert abs(r["mu"] - want.mu) < 1e-9 and abs(r["sigma"] - want.sigma) < 1e-9, (r, want)
        assert abs(r["rating"] - want.ordinal()) < 1e-3
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    by = {keys[r["player"]]: r for r in rows}
    assert by["bot:easy"]["kind"] == "bot" and by["bot:easy"]["name"] == "easy bot" and by["bot:easy"]["wins"] == 2
    assert by["alice"]["games"] == 2 and by["alice"]["wins"] == 1 and by["alice"]["kind"] == "person"
    # the table says it is rated; a rematch of a rated table is rated too
    assert httpx.get(f"{server.url}/api/tables/{t2['id']}", timeout=30).json()["rated"] is True
    assert httpx.get(f"{server.url}/api/tables/{t4['id']}", timeout=30).json()["rated"] is False
    s = Sock(server)
    s.join(t2["id"], t2["me"]["token"])
    s.send({"t": "rematch", "table": t2["id"], "ack": 8})
    again = s.expect("rematch", table=t2["id"], ack=8, timeout=60)["rematch"]
    assert httpx.get(f"{server.url}/api/tables/{again}", timeout=30).json()["rated"] is True
    s.close()

    # Alice's profile: 3 games of Ayar played (one unrated), 1 won, her rating and its history, the replays
    r = httpx.get(f"{server.url}/api/players/{a_id}", timeout=30)
    assert r.status_code == 200, r.text
    prof = r.json()
    assert prof["name"] == "Alice"
    (ayar,) = prof["games"]
    assert ayar["game"] == GAME and ayar["played"] == 3 and ayar["won"] == 1 and ayar["rated_games"] == 2
    assert abs(ayar["rating"]["mu"] - expected["alice"].mu) < 1e-9
    assert [p["table"] for p in ayar["history"]] == [t1["id"], t2["id"]]
    assert [p["place"] for p in ayar["history"]] == [2, 1]
    assert [g["table"] for g in prof["recent"]] == [t4["id"], t2["id"], t1["id"]]
    assert prof["recent"][0]["replay_url"].endswith(f"/replay/{t4['id']}") and prof["recent"][0]["rated"] is False
    assert httpx.get(f"{server.url}/api/players/nobody", timeout=30).json()["code"] == "no_player"
    assert httpx.get(f"{server.url}/api/ratings/nogame", timeout=30).status_code == 422
    alice.close()
    bob.close()


def test_what_may_be_rated(server: Server) -> None:
    """Bots of a named strength only, at least one person, and every person a registered player: a guest can neither
    create a rated table nor sit at one (``no_account``)."""
    alice, guest = Guest(server, "Alice"), Guest(server, "Gus")
    r = alice.http.post("/api/tables", json={"game": GAME, "players": 2, "seats": [ME, EASY], "rated": True})
    assert r.status_code == 401 and r.json()["code"] == "no_account", r.text
    alice.register()
    for seats in ([ME, {"kind": "bot", "bot": "ismcts:iters=50"}], [EASY, EASY]):
        r = alice.http.post("/api/tables", json={"game": GAME, "players": 2, "seats": seats, "rated": True})
        assert r.status_code == 422 and r.json()["code"] == "bad_request", r.text
    made = alice.create(GAME, 2, [ME, INVITE], rated=True)
    invite = made["invites"][0]["url"]
    path, _, code = invite.split("/join/", 1)[1].partition("?k=")
    r = guest.http.post(f"/api/tables/{path.split('/')[0]}/seats/1", json={"invite": code})
    assert r.status_code == 401 and r.json()["code"] == "no_account", r.text
    guest.register()
    assert guest.take(invite)["seat"] == 1
    alice.close()
    guest.close()


def test_a_rated_table_left_unrated_by_a_stop_is_rated_at_the_start(server: Server) -> None:
    alice = Guest(server, "Alice")
    alice.register()
    t = alice.create(GAME, 2, [ME, EASY], rated=True)
    resign(server, t["id"], t["me"]["token"])
    rows = rated_games(server, 2)
    alice.close()
    server.kill9()
    engine = create_engine(server.db_url)
    with engine.begin() as c:  # as if the server had stopped after the result, before the ratings
        c.execute(text("DELETE FROM rating_events"))
        c.execute(text("DELETE FROM ratings"))
    engine.dispose()
    server.start()
    assert board(server) == rows
    history = httpx.get(f"{server.url}/api/players/{rows[0]['guest'] or rows[1]['guest']}", timeout=30).json()
    assert [p["table"] for p in history["games"][0]["history"]] == [t["id"]]


def test_the_places_put_a_resignation_or_a_time_out_last_and_one_strength_in_two_seats_is_rated_as_the_lab_does() -> (
    None
):
    from tawa.lab.report import openskill_ratings
    from tawa.lab.stats import openskill_game
    from tawa.web.ratings import places

    # the game's ranking with the seats out last, the first to leave (first in `out`) lowest
    assert places({"ranking": [1, 2, 3], "out": {"0": "timed out"}}) == [3, 1, 2]
    assert places({"ranking": [2, 1, 1, 3], "out": {"2": "resigned", "1": "timed out"}}) == [1, 3, 4, 2]
    assert places({"ranking": [2, 1, 1]}) == [2, 1, 1]
    # two easy bots and a person, twice: the bots' seats averaged as tawa report's openskill_ratings does
    games = [(["bot:easy", "g:a", "bot:easy"], [1, 2, 3]), (["g:a", "bot:easy", "bot:easy"], [1, 3, 2])]
    now: dict[str, tuple[float, float]] = {}
    for keys, ranks in games:
        now.update(openskill_game(now, keys, ranks))
    lab = openskill_ratings([{"index": i, "seats": k, "ranking": r} for i, (k, r) in enumerate(games)])
    assert {row["bot"]: (row["mu"], row["sigma"]) for row in lab} == now
