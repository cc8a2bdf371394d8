"""Finished games: the download is the JSON line `tawa simulate --out` writes (read by `tawa replay` and
`tawa report`), published with its seed only once the game is over; the replay page's steps show the public
view, or a seat's view to that seat's holder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from harness import Guest, Server, Sock, play_until_over

import tawa
from tawa.lab.simulate import play_one
from tawa.web.views import events_out, view_of


def test_download_replay_and_report(server: Server, tmp_path: Path) -> None:
    ana, bo = Guest(server, "Ana"), Guest(server, "Bo")
    made = ana.create(
        "ayar",
        3,
        [{"kind": "me"}, {"kind": "bot", "bot": "easy"}, {"kind": "invite"}],
        {"TURNS_PER_ROUND": [1, 1, 1, 1]},
    )
    table = made["id"]
    bo_seat = bo.take(made["invites"][0]["url"])
    r = ana.http.get(f"/api/tables/{table}/record")
    assert r.status_code == 409 and "seed" in r.json()["message"]  # not while it runs
    assert ana.http.get(f"/api/tables/{table}/replay").status_code == 409
    a, b = Sock(server), Sock(server)
    fa, fb = a.join(table, made["me"]["token"]), b.join(table, bo_seat["token"])
    other = threading.Thread(target=play_until_over, args=(b, table, fb))
    other.start()
    end = play_until_over(a, table, fa)
    other.join(60)
    r = ana.http.get(f"/api/tables/{table}/record")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    rec = json.loads(r.text)
    same = play_one("ayar", 3, 1, ["random"] * 3, {"TURNS_PER_ROUND": [1, 1, 1, 1]})
    assert set(same) - {"extras"} <= set(rec)  # every field simulate writes
    assert rec["seats"] == ["human", "greedy", "human"] and rec["length"] == len(rec["history"])
    g = tawa.replay("ayar", 3, rec["seed"], rec["options"], rec["history"])
    assert rec["ranking"] == g.ranking() and rec["scores"] == g.scores()
    assert [s["place"] for s in end["standings"]] == sorted(st.place for st in g.standings())
    assert sum(rec["moves"]) == rec["length"] and len(rec["branching"]) == rec["length"]
    folder = tmp_path / "results"
    folder.mkdir()
    path = folder / "ayar.jsonl"
    path.write_text(r.text)
    env = {**os.environ, "COLUMNS": "200"}
    out = subprocess.run(
        [sys.executable, "-m", "tawa.cli", "replay", str(path), "--all"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert f"{len(rec['history'])} actions" in out.stdout and "Final ranking" in out.stdout
    out = subprocess.run(
        [sys.executable, "-m", "tawa.cli", "report", str(folder)], capture_output=True, text=True, timeout=300, env=env
    )
    assert out.returncode == 0, out.stderr + out.stdout
    assert (folder / "report.html").exists()

    # replay steps: public, or a seat's own view for its holder only
    names = [s["name"] for s in fa["seats"]]
    game = tawa.new_game("ayar", 3, rec["seed"], rec["options"])
    for step in range(len(rec["history"]) + 1):
        if step:
            before = len(game.log)
            actor = game.current_player
            game.apply(rec["history"][step - 1])
        if step in (0, 1, 33, len(rec["history"])):
            for seat, who in ((None, ana), (0, ana), (2, bo)):
                q = {"step": step} if seat is None else {"step": step, "seat": seat}
                got = who.http.get(f"/api/tables/{table}/replay", params=q).json()
                status = "finished" if game.is_over else "running"
                assert got["view"] == view_of(game, seat, status, names, with_actions=False)
                assert got["events"] == events_out(game.log[before:] if step else game.log, seat)
                assert got["actor"] == (actor if step else None) and got["total"] == len(rec["history"])
    assert ana.http.get(f"/api/tables/{table}/replay", params={"seat": 2}).status_code == 403  # Bo's seat
    assert ana.http.get(f"/api/tables/{table}/replay", params={"seat": 1}).status_code == 403  # a bot's
    tok = bo_seat["token"]
    anyone = Guest(server, "Cy")
    got = anyone.http.get(f"/api/tables/{table}/replay", params={"seat": 2}, headers={"X-Seat-Token": tok})
    assert got.status_code == 200 and got.json()["seat"] == 2  # the seat token opens it anywhere
    a.close()
    b.close()
