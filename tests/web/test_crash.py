"""kill -9 of the server in the middle of games (people and bots moving), then a restart on the same
database: every acknowledged move is there, no table is corrupted, the clients reconnect and play on, and
the bots resume by themselves."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
from harness import Guest, Server, Sock, play_until_over

import tawa


def moves_acked(sock: Sock, table: str, token: str, stop: threading.Event, acked: list[int]) -> None:
    """Play the seat as fast as the server answers, recording every acknowledged version, until the socket
    dies with the server."""
    try:
        full = sock.join(table, token)
        view, v, seat = full["view"], full["v"], full["seat"]
        while not stop.is_set() and view["status"] != "finished":
            if view["to_act"] == seat:
                sock.send({"t": "move", "table": table, "seq": v, "action": view["actions"][0]["id"], "ack": v})
            msg = sock.expect("update", timeout=10, table=table)
            if msg.get("ack") == v:  # the update of my move: acknowledged
                acked.append(msg["v"])
            view, v = msg["view"], msg["v"]
    except Exception:  # the server was killed under us: that is the point
        return


def test_kill_9_then_restart_loses_no_acknowledged_move(db_url: str, tmp_path: Path) -> None:
    env = {"TAWA_BOT_DELAY": "0.02", "TAWA_SNAPSHOT_EVERY": "7"}
    server = Server(db_url, tmp_path, **env).start()
    ana, bo = Guest(server, "Ana"), Guest(server, "Bo")
    duel = ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])  # two people
    bo_seat = bo.take(duel["invites"][0]["url"])
    mixed = ana.create(
        "sacred-valley",
        3,
        [{"kind": "me"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        {"TURN_CAP_ROUNDS": 40},
    )
    bots_only = ana.create("ayar", 2, [{"kind": "bot", "bot": "random"}] * 2)
    stop = threading.Event()
    acked: dict[str, list[int]] = {"a": [], "b": [], "m": []}
    players = [
        (Sock(server), duel["id"], duel["me"]["token"], acked["a"]),
        (Sock(server), duel["id"], bo_seat["token"], acked["b"]),
        (Sock(server), mixed["id"], mixed["me"]["token"], acked["m"]),
    ]
    threads = [threading.Thread(target=moves_acked, args=(s, t, tok, stop, a)) for s, t, tok, a in players]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 180  # a count, waited for generously (busy CI)
    while time.monotonic() < deadline and (len(acked["a"]) + len(acked["b"]) < 15 or len(acked["m"]) < 5):
        time.sleep(0.05)
    bots_before = httpx.get(f"{server.url}/api/tables/{bots_only['id']}").json()["v"]
    server.kill9()  # in the middle of it all
    stop.set()
    for t in threads:
        t.join(15)
    assert len(acked["a"]) + len(acked["b"]) >= 15 and len(acked["m"]) >= 5, acked

    again = Server(db_url, tmp_path, **env)
    again.port = server.port  # same address: the clients reconnect to it
    again.start()
    try:
        for table, mine in ((duel["id"], acked["a"] + acked["b"]), (mixed["id"], acked["m"])):
            t = httpx.get(f"{again.url}/api/tables/{table}").json()
            assert t["v"] >= max(mine), (table, t["v"], max(mine))  # every acknowledged move survived
        # the bots of the bot-only table carry on without anybody connected
        deadline = time.monotonic() + 240
        while httpx.get(f"{again.url}/api/tables/{bots_only['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not resume"
            time.sleep(0.2)
        assert httpx.get(f"{again.url}/api/tables/{bots_only['id']}").json()["v"] > bots_before
        # the people reconnect (full view) and finish their games
        results = {}
        for table, token in ((mixed["id"], mixed["me"]["token"]),):
            s = Sock(again)
            full = s.join(table, token)
            results[table] = play_until_over(s, table, full, timeout=120)
            s.close()
        a, b = Sock(again), Sock(again)
        fa, fb = a.join(duel["id"], duel["me"]["token"]), b.join(duel["id"], bo_seat["token"])
        done = threading.Thread(target=play_until_over, args=(b, duel["id"], fb))
        done.start()
        results[duel["id"]] = play_until_over(a, duel["id"], fa)
        done.join(60)
        # nothing is corrupted: each finished table's record replays to the same end in the engine
        for table in (duel["id"], mixed["id"], bots_only["id"]):
            rec = httpx.get(f"{again.url}/api/tables/{table}/record").json()
            g = tawa.replay(rec["game"], rec["players"], rec["seed"], rec["options"], rec["history"])
            assert g.is_over and g.ranking() == rec["ranking"]
        for view in results.values():
            assert view["status"] == "finished"
            assert [st["place"] for st in view["standings"]] == sorted(st["place"] for st in view["standings"])
        for s in (a, b):
            s.close()
    finally:
        again.stop()
        for s, *_ in players:
            s.close()
