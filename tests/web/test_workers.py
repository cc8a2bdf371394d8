"""Several workers on one PostgreSQL (issue 30), as an operator runs them: real processes on loopback — PostgreSQL
(CI's), a Redis and an nginx started here (Debian's binaries), three ``tawa serve`` workers (``tawa.web.deploy.Fleet``,
what ``tawa serve --workers 3`` runs). Two people whose requests reach different workers play a table; each worker's
lobby shows the tables made on another, with their live part (who is connected) from Redis; kill -9 of the worker
that owns the tables: within the lease the next worker loads them from the log, every acknowledged move is there, the
people play on and the bots resume by themselves; when the worker is back it gets its tables back. SQLite is refused
for several workers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import INVITE, ME, PG_ENV, Guest, Sock, fresh_database
from sqlalchemy import create_engine, text

from tawa.web.deploy import Fleet

pytestmark = [
    pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set (CI sets it; see .ci/run)"),
    pytest.mark.skipif(
        not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()) or not shutil.which("redis-server"),
        reason="nginx and redis-server are needed (.ci/run installs them)",
    ),
]
LEASE = 3.0  # seconds: a dead worker's tables move within this (and a sweep)
PACE = {"s": 0.05}  # seconds a person thinks (slower once the worker is killed: the duel must outlast the way home)


@dataclass
class Via:
    """An address the harness's clients talk to: nginx in front, or one worker directly."""

    url: str
    table: str | None = None

    @property
    def ws_url(self) -> str:
        base = self.url.replace("http://", "ws://") + "/ws/v1"
        return base + (f"?table={self.table}" if self.table else "")

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[Fleet]:
    with fresh_database("postgresql", tmp_path) as url:
        env = {"TAWA_BOT_DELAY": "0.05", "TAWA_BOT_WORKERS": "1", "TAWA_SNAPSHOT_EVERY": "5"}
        f = Fleet(3, url, tmp_path / "run", port=_free(), env=env, lease_seconds=LEASE)
        try:
            f.start()
            yield f
        finally:
            f.stop()


def _free() -> int:
    from tawa.web.deploy import free_port

    return free_port()


def owner(fleet: Fleet, table: str) -> str | None:
    engine = create_engine(fleet.db)
    try:
        with engine.connect() as c:
            row = c.execute(
                text("SELECT owner FROM leases WHERE table_id = :t AND expires >= extract(epoch from now())"),
                {"t": table},
            ).first()
    finally:
        engine.dispose()
    return None if row is None else str(row.owner)


def until(what: str, check: Any, timeout: float = 120) -> Any:
    """Wait (generously: CI is busy) for ``check()`` to be truthy; returns it."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.1)


def joined(via: Via, table: str, token: str | None, timeout: float = 120) -> tuple[Sock, dict[str, Any]]:
    """A socket through ``via`` joined to ``table``, trying again while the table moves between workers."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock = Sock(Via(via.url, table))  # type: ignore[arg-type]
            return sock, sock.join(table, token)
        except Exception:
            assert time.monotonic() < deadline, f"could not join {table} through {via.url}"
            time.sleep(0.2)


def test_two_people_on_different_workers_play_and_every_lobby_shows_the_table(fleet: Fleet) -> None:
    proxy, w2, w3 = Via(fleet.url), Via(fleet.worker_url("w2")), Via(fleet.worker_url("w3"))
    ana = Guest(Via(fleet.worker_url("w1")), "Ana")  # type: ignore[arg-type]
    bea = Guest(w2, "Bea")  # type: ignore[arg-type]  # another worker: the cookies of one are good on every other
    made = ana.create("ayar", 2, [ME, INVITE])
    table = made["id"]
    assert table.startswith("w1-") and owner(fleet, table) == "w1"
    # w2's lobby lists the table made on w1 (the database); taking its seat on w2 directly is "moved" (503) …
    assert table in {t["id"] for t in bea.http.get("/api/lobby").json()["open"]}
    path, code = made["invites"][0]["url"].split("/join/", 1)[1].split("?k=")
    path = path.replace("/", "/seats/")
    r = bea.http.post(f"/api/tables/{path}", json={"invite": code})
    assert r.status_code == 503 and r.json()["code"] == "moved" and r.headers["retry-after"] == "1"
    # … and through nginx it reaches w1 (nginx routes by the table's id)
    via_proxy = httpx.Client(base_url=fleet.url, cookies=bea.http.cookies, timeout=30)
    bea_seat = via_proxy.post(f"/api/tables/{path}", json={"invite": code}).json()
    a, a_full = joined(proxy, table, made["me"]["token"])
    b, b_full = joined(proxy, table, bea_seat["token"])
    # who is connected, as w1 publishes it through Redis, shows on w3 (which holds no room of it)
    until(
        "w3 shows both people connected",
        lambda: all(s["connected"] for s in httpx.get(f"{w3.url}/api/tables/{table}").json()["seats"]),
    )
    socks, views, v = {0: a, 1: b}, {0: a_full["view"], 1: b_full["view"]}, a_full["v"]
    for n in range(12):
        seat = views[0]["to_act"]
        socks[seat].send({"t": "move", "table": table, "seq": v, "action": views[seat]["actions"][0]["id"], "ack": n})
        for s in (0, 1):
            up = socks[s].expect("update", timeout=60, table=table)
            assert up["v"] == v + 1 and up.get("ack", "none") == (n if s == seat else "none")  # the mover's: acked
            views[s] = up["view"]
        v += 1
    # my turn, on a worker that is not the table's: from the database, with the live part from Redis
    to_act = views[0]["to_act"]
    waiting = (ana if to_act == 0 else bea).http
    assert table in httpx.get(f"{w3.url}/api/my-turns", cookies=waiting.cookies).json()["tables"]
    row = next(t for t in httpx.get(f"{w2.url}/api/lobby", cookies=bea.http.cookies).json()["mine"] if t["id"] == table)
    assert row["v"] == v and row["my_seat"] == 1
    for s in (a, b):
        s.close()


def test_a_rematch_offered_on_one_worker_reaches_a_player_whose_socket_is_on_another(fleet: Fleet) -> None:
    w1, w2, proxy = Via(fleet.worker_url("w1")), Via(fleet.worker_url("w2")), Via(fleet.url)
    ana = Guest(w1, "Ana")  # type: ignore[arg-type]
    made = ana.create("ayar", 2, [ME, INVITE])
    bea_seat = Guest(proxy, "Bea").take(made["invites"][0]["url"])  # type: ignore[arg-type]
    a, _ = joined(w1, made["id"], made["me"]["token"])
    a.send({"t": "resign", "table": made["id"], "ack": 5})  # two players: the game is over
    assert a.expect("ack", table=made["id"], ack=5, timeout=60)
    until("the game is over", lambda: httpx.get(f"{w1.url}/api/tables/{made['id']}").json()["status"] == "finished")
    b, full = joined(w2, made["id"], bea_seat["token"])  # a finished table: any worker shows it
    assert full["view"]["status"] == "finished"
    a.send({"t": "rematch", "table": made["id"], "ack": 6})
    new = a.expect("rematch", table=made["id"], ack=6, timeout=60)["rematch"]
    offer = b.expect("rematch", table=made["id"], timeout=60)  # through Redis, from w1 to w2
    assert offer["rematch"] == new and offer["joined"] == [0] and offer["seat"] is None
    # she takes it through nginx (the rematch is w1's)
    c, _ = joined(proxy, made["id"], bea_seat["token"])
    c.send({"t": "rematch", "table": made["id"], "ack": 7})
    assert c.expect("rematch", table=made["id"], ack=7, timeout=60)["seat"] == 0
    assert httpx.get(f"{fleet.url}/api/tables/{new}").json()["status"] == "running"
    for s in (a, b, c):
        s.close()


def play(via: Via, table: str, token: str, stop: threading.Event, acked: list[int], errors: list[str]) -> None:
    """Play the seat whenever it is to act, recording each acknowledged version; when the socket dies (its worker
    was killed) join again through nginx and play on."""
    while not stop.is_set():
        sock, full = joined(via, table, token)
        view, v, seat = full["view"], full["v"], full["seat"]
        try:
            while not stop.is_set() and view["status"] != "finished":
                if view["to_act"] == seat and view["actions"]:
                    time.sleep(PACE["s"])
                    sock.send({"t": "move", "table": table, "seq": v, "action": view["actions"][0]["id"], "ack": v})
                msg = sock.expect("update", timeout=10, table=table)
                if msg.get("ack") == v:  # the update of my move: acknowledged
                    acked.append(msg["v"])
                view, v = msg["view"], msg["v"]
            if view["status"] == "finished":
                return
        except Exception as e:  # the worker died under us (or the table moved): join again
            errors.append(type(e).__name__)
        finally:
            sock.close()


def test_kill_9_of_the_owning_worker_moves_its_tables_to_the_next_and_back(fleet: Fleet) -> None:
    PACE["s"] = 0.05
    proxy = Via(fleet.url)
    ana, bo = Guest(proxy, "Ana"), Guest(proxy, "Bo")  # type: ignore[arg-type]
    on_w1 = Guest(Via(fleet.worker_url("w1")), "Ana")  # type: ignore[arg-type]  # made on w1: its home
    on_w1.http.cookies = ana.http.cookies
    duel = on_w1.create("ayar", 2, [ME, INVITE])
    bo_seat = bo.take(duel["invites"][0]["url"])
    bots = on_w1.create("sacred-valley", 3, [{"kind": "bot", "bot": "random"}] * 3, {"TURN_CAP_ROUNDS": 60})
    assert duel["id"].startswith("w1-") and bots["id"].startswith("w1-")
    stop = threading.Event()
    acked: dict[int, list[int]] = {0: [], 1: []}
    errors: list[str] = []
    threads = [
        threading.Thread(target=play, args=(proxy, duel["id"], tok, stop, acked[i], errors))
        for i, tok in enumerate((duel["me"]["token"], bo_seat["token"]))
    ]
    for t in threads:
        t.start()
    until("15 acknowledged moves", lambda: len(acked[0]) + len(acked[1]) >= 15)
    before = max(acked[0] + acked[1])
    bots_before = httpx.get(f"{fleet.url}/api/tables/{bots['id']}").json()["v"]
    PACE["s"] = 0.5
    fleet.kill9("w1")  # the owner of both tables, in the middle of it all
    # within the lease and a sweep, w2 (next round the ring) owns them and the game goes on
    until("w2 owns the duel", lambda: owner(fleet, duel["id"]) == "w2", timeout=60)
    until("the bots' table moves on w2", lambda: owner(fleet, bots["id"]) == "w2", timeout=60)
    until("the duel plays on", lambda: len(acked[0]) + len(acked[1]) >= 30)
    engine = create_engine(fleet.db)
    with engine.connect() as c:
        logged = c.execute(text("SELECT seq FROM moves WHERE table_id = :t ORDER BY seq"), {"t": duel["id"]}).all()
    engine.dispose()
    seqs = [r.seq for r in logged]
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no double
    assert set(acked[0] + acked[1]) <= set(seqs) and max(seqs) >= before  # every acknowledged move is in the log
    until(
        "the bots resume on w2",
        lambda: httpx.get(f"{fleet.url}/api/tables/{bots['id']}").json()["v"] > bots_before + 3,
    )
    # w1 comes back: its tables go home (w2 hands them back, the clients follow through nginx)
    fleet.start_worker("w1")
    until("w1 owns the duel again", lambda: owner(fleet, duel["id"]) == "w1", timeout=90)
    count = len(acked[0]) + len(acked[1])
    until("the duel plays on at home", lambda: len(acked[0]) + len(acked[1]) >= count + 10)
    assert httpx.get(f"{fleet.url}/api/tables/{duel['id']}").json()["status"] == "running"  # it was the same game
    stop.set()
    for t in threads:
        t.join(30)
    assert errors, "the sockets should have seen their worker die"


def test_several_workers_refuse_sqlite(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "tawa.cli", "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.db'}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode != 0
    assert "SQLite serves one process only" in r.stderr + r.stdout
    env = {**os.environ, "TAWA_WORKER": "w1", "TAWA_WORKERS": "w1=127.0.0.1:1", "TAWA_DATABASE_URL": "sqlite:///x"}
    r = subprocess.run([sys.executable, "-m", "tawa.cli", "serve"], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode != 0 and "SQLite serves one process only" in r.stderr + r.stdout


def unit_command(name: str) -> list[str]:
    """The shipped systemd unit's ExecStart for worker ``name``, with this checkout's ``tawa``."""
    unit = (Path(__file__).parents[2] / "deploy" / "systemd" / "tawa-worker@.service").read_text()
    line = next(x for x in unit.splitlines() if x.startswith("ExecStart="))
    argv = line.removeprefix("ExecStart=").replace("%i", name).split()
    assert argv[0] == "/opt/tawa/bin/tawa"
    return [sys.executable, "-m", "tawa.cli", *argv[1:]]


def test_the_shipped_unit_and_nginx_file_run_a_worker_behind_nginx(tmp_path: Path) -> None:
    """docs/deploy.md's pieces on loopback: the systemd unit's command (``tawa serve --worker w1``, its address from
    TAWA_WORKERS) with the example environment file's names, and ``tawa nginx-conf``'s file in a stock nginx."""
    from tawa.web.deploy import free_port, nginx_binary, wait_for, wait_port

    example = (Path(__file__).parents[2] / "deploy" / "tawa.env.example").read_text()
    names = {x.split("=", 1)[0] for x in example.splitlines() if x and not x.startswith("#")}
    assert {"TAWA_DATABASE_URL", "TAWA_REDIS_URL", "TAWA_WORKERS", "TAWA_SECRET"} <= names
    redis_port, front = free_port(), free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )
    with fresh_database("postgresql", tmp_path) as url:
        wait_port("127.0.0.1", redis_port, redis, "redis", 120)
        # The worker's port is free when chosen, not reserved: on a busy machine another process may take it before the
        # worker binds it; then the worker says so and exits, and the test chooses again (a lost race, not a failure).
        for attempt in range(3):
            port = free_port()
            env = {
                **os.environ,
                "TAWA_DATABASE_URL": url,
                "TAWA_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
                "TAWA_WORKERS": f"w1=127.0.0.1:{port},w2=127.0.0.1:{free_port()}",
                "TAWA_SECRET": "a test signing key that is long enough",
                "TAWA_BOT_WORKERS": "1",
            }
            log = tmp_path / f"w1-{attempt}.log"
            worker = subprocess.Popen(unit_command("w1"), env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
            try:  # the worker answers on its TAWA_WORKERS address (or exits with its log shown)
                wait_for(f"http://127.0.0.1:{port}/api/health", worker, "worker w1", log, 120)
                break
            except RuntimeError:
                worker.terminate()
                worker.wait(20)
                if attempt == 2 or "address already in use" not in log.read_text(errors="replace"):
                    redis.terminate()
                    raise
        conf = subprocess.run(
            [sys.executable, "-m", "tawa.cli", "nginx-conf", "--listen", f"127.0.0.1:{front}"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (tmp_path / sub).mkdir()
        (tmp_path / "tawa.conf").write_text(conf)  # as /etc/nginx/conf.d/tawa.conf, in an nginx.conf of its own
        (tmp_path / "nginx.conf").write_text(
            f"{'user root;' if os.geteuid() == 0 else ''} daemon off; pid {tmp_path}/nginx.pid;"
            f" error_log {tmp_path}/error.log; events {{}} http {{ client_body_temp_path {tmp_path}/body;"
            f" proxy_temp_path {tmp_path}/proxy; fastcgi_temp_path {tmp_path}/fastcgi;"
            f" uwsgi_temp_path {tmp_path}/uwsgi; scgi_temp_path {tmp_path}/scgi; include {tmp_path}/tawa.conf; }}\n"
        )
        nginx = subprocess.Popen(
            [nginx_binary(), "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log")]
        )
        try:
            until("nginx answers in front", lambda: _ok(f"http://127.0.0.1:{front}/api/health"))
            ana = Guest(Via(f"http://127.0.0.1:{front}"), "Ana")  # type: ignore[arg-type]
            made = ana.create("ayar", 2, [ME, {"kind": "bot", "bot": "random"}])
            assert made["id"].startswith("w1-")
            sock, full = joined(Via(f"http://127.0.0.1:{front}"), made["id"], made["me"]["token"])
            assert full["seat"] == 0
            sock.close()
        finally:
            for proc in (nginx, worker, redis):
                proc.terminate()
                proc.wait(20)


def _ok(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
