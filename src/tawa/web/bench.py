"""``tawa bench-server``: load the server with many concurrent tables and measure move round trips.

It starts ``tawa serve`` on a free loopback port (a fresh SQLite file unless ``--db`` is given), creates N
tables of people only over REST (two seats, or the game's least count), opens one WebSocket per seat and plays
every table at one move every ``interval`` seconds (random legal moves, start times spread over the first
interval). A round trip is the time from sending a move to receiving its acknowledgement (validated, applied,
committed, acknowledged), which comes in the mover's ``update``. It reports p50/p95/p99 of that, and of the time
until the move's ``update`` reaches the table's other seats (what the other players wait for to see the board
change), moves per second, refusals, and the CPU time the server process used, with the machine's load average.
The clients run in ``client_processes`` processes (asyncio in each, the tables dealt round-robin, every seat of a
table in one), so that one client process's own stalls do not hold up every table's figures; they share the
machine's cores with the server, and their CPU time is reported too.

With boards (the default) each client does what a browser does: it applies the board parts of every view to
the parts it holds (a ``sync`` if it cannot), and for a move whose board element several actions share (a
chooser opens) it asks for that element's previews as it takes the decision, before the wait (a person looks at
the chooser, then picks). ``--no-board`` clients get the observation instead. ``client_loop_lag_ms`` is how late
the clients' own event loop runs a 10 ms timer: the clients' share of a round trip. ``--deflate`` clients ask for
permessage-deflate, as browsers do (uvicorn accepts it, and then compresses every frame it sends);
``deflated_sockets`` counts the sockets on which it was agreed.

With ``moves`` the measurement ends once that many moves were acknowledged (``seconds`` is then only the
longest it may take): a check that the server plays, however busy the machine, rather than a figure.
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from tawa.core.registry import game_class
from tawa.web.deploy import Fleet, wait_for
from tawa.web.hostile import run_hostile
from tawa.web.serve import GC_THRESHOLDS, WS_HARD_LIMIT


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    measuring: bool = False
    received: int = 0  # bytes of the server's messages while measuring
    previews: int = 0  # previews asked while measuring
    resyncs: int = 0  # board parts a client could not apply (it then asks for a full view)
    lags: list[float] = field(default_factory=list)  # how late the clients' own loop woke (s), while measuring
    updates: list[float] = field(default_factory=list)  # from sending a move to its update at another seat (s)
    moved: dict[str, tuple[int, float]] = field(default_factory=dict)  # table -> (the version a move makes, sent)
    per_table: dict[str, int] = field(default_factory=dict)  # acknowledged moves by table, while measuring
    deflated: int = 0  # sockets on which the server accepted permessage-deflate


class Parts:
    """A client's board parts of one table (as static/patch.mjs keeps them)."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.parts: dict[str, str] = {}

    def apply(self, board: dict[str, Any]) -> bool:
        order = board.get("order") or self.order
        new = board["parts"]
        if any(name not in new and name not in self.parts for name in order):
            return False
        self.parts = {name: new[name] if name in new else self.parts[name] for name in order}
        self.order = order
        return True


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def source_of(i: int) -> str:
    """The loopback address table ``i``'s clients connect from: one per table (127.1.x.y), so that the server's
    per-address limits see each table as a household of its own, as they would on the internet."""
    return f"127.1.{i // 250}.{i % 250 + 1}"


async def _seat(
    ws_url: str,
    table: str,
    token: str,
    clock: dict[str, float],
    interval: float,
    stats: Stats,
    stop: asyncio.Event,
    rng: random.Random,
    board: bool,
    source: str,
    deflate: bool = False,
) -> None:
    url = f"{ws_url}?table={table}"  # as the browser's socket does: a proxy in front of several workers routes by it
    compression = "deflate" if deflate else None  # permessage-deflate: what a browser asks for, and uvicorn accepts
    async with connect(
        url, max_size=WS_HARD_LIMIT, compression=compression, open_timeout=60, local_addr=(source, 0)
    ) as ws:
        stats.deflated += any(e.name == "permessage-deflate" for e in ws.protocol.extensions)
        await ws.send(json.dumps({"t": "join", "table": table, "token": token, "board": board}))
        seat, v, view = None, 0, None
        held = Parts()
        sent_at: float | None = None
        wait_for = 0  # after an ack, the version whose update must arrive before this seat moves again
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=1.0)
                msg = json.loads(text)
            except TimeoutError:
                msg = None
            if msg is not None:
                if stats.measuring:
                    stats.received += len(text)
                kind = msg["t"]
                if kind == "full":
                    seat, v, view = msg["seat"], msg["v"], msg["view"]
                    held = Parts()
                    if view.get("board"):
                        held.apply(view["board"])
                    sent_at = None
                elif kind == "update":
                    if msg["view"].get("board") and not held.apply(msg["view"]["board"]):
                        stats.resyncs += 1
                        await ws.send(json.dumps({"t": "sync", "table": table}))
                        continue
                    v, view = msg["v"], msg["view"]
                    if "ack" in msg:  # my move's update carries its acknowledgement
                        if sent_at is not None:
                            if stats.measuring:
                                stats.latencies.append(time.perf_counter() - sent_at)
                                stats.per_table[table] = stats.per_table.get(table, 0) + 1
                            sent_at, wait_for = None, v
                    elif stats.measuring and stats.moved.get(table, (0, 0.0))[0] == v:  # another seat's move
                        stats.updates.append(time.perf_counter() - stats.moved[table][1])
                elif kind == "reject":
                    stats.refused[msg["code"]] = stats.refused.get(msg["code"], 0) + 1
                    sent_at = None
            if view is None:
                continue
            if view["status"] == "finished":
                stats.finished += 1
                return
            if view["to_act"] == seat and view["actions"] and sent_at is None and v >= wait_for:
                action = rng.choice(view["actions"])["id"]
                target = view["targets"].get(action)
                if board and target is not None and sum(1 for el in view["targets"].values() if el == target) > 1:
                    # a chooser opens at once (a person looks at its pictures, then picks)
                    await ws.send(json.dumps({"t": "previews", "table": table, "target": target}))
                    if stats.measuring:
                        stats.previews += 1
                wait = clock[table] - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                clock[table] = max(clock[table] + interval, time.perf_counter())
                sent_at = time.perf_counter()
                stats.moved[table] = (v + 1, sent_at)  # the table's other seats time its update
                await ws.send(json.dumps({"t": "move", "table": table, "seq": v, "action": action, "ack": v}))


def _make_tables(base: str, n: int, game: str, options: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """``n`` tables of the game's smallest count of two or more players, every seat a person: each table made by a
    guest of its own, from its own address (``source_of``), its other seats taken by guests shared between tables;
    returns each table's id and seat tokens."""
    players = min(p for p in game_class(game).info.players if p >= 2)
    guests = [httpx.Client(base_url=base, timeout=60) for _ in range(players - 1)]
    for i, g in enumerate(guests):
        g.post("/api/me", json={"name": f"bench {i + 2}"})
    out = []
    for i in range(n):
        with httpx.Client(
            base_url=base, timeout=60, transport=httpx.HTTPTransport(local_address=source_of(i))
        ) as creator:
            creator.post("/api/me", json={"name": f"bench table {i}"})
            r = creator.post(
                "/api/tables",
                json={
                    "game": game,
                    "players": players,
                    "options": options,
                    "seats": [{"kind": "me"}] + [{"kind": "invite"}] * (players - 1),
                },
            )
            if r.status_code != 201:
                raise RuntimeError(f"the server refused table {i}: {r.text}")
            made = r.json()
        tokens = [made["me"]["token"]]
        for g, invite in zip(guests, made["invites"], strict=True):
            code = invite["url"].split("k=", 1)[1]
            tokens.append(
                g.post(f"/api/tables/{made['id']}/seats/{invite['seat']}", json={"invite": code}).json()["token"]
            )
        out.append((made["id"], tokens))
    for g in guests:
        g.close()
    return out


async def _drive(
    ws_url: str,
    tables: list[tuple[str, list[str], str]],
    interval: float,
    start_at: float,
    seconds: float,
    stats: Stats,
    board: bool,
    seed: int,
    moves: int | None = None,
    deflate: bool = False,
) -> float:
    """Play ``tables`` from this process; measure from ``start_at`` (``time.monotonic()``, the same clock in every
    process of the machine) for ``seconds``, or until ``moves`` moves were acknowledged (``seconds`` at most).
    Returns this process's CPU seconds while measuring."""
    stop = asyncio.Event()
    rng = random.Random(seed)
    now = time.perf_counter()
    clock = {t: now + rng.uniform(0, interval) for t, _, _ in tables}
    tasks = []
    for table, tokens, source in tables:
        for tok in tokens:
            seat = _seat(ws_url, table, tok, clock, interval, stats, stop, rng, board, source, deflate)
            tasks.append(asyncio.create_task(seat))

    async def lag() -> None:  # the clients' share of a round trip: how late their loop runs a 10 ms timer
        while not stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            if stats.measuring:
                stats.lags.append(time.perf_counter() - t - 0.01)

    tasks.append(asyncio.create_task(lag()))
    await asyncio.sleep(max(0.0, start_at - 1.0 - time.monotonic()))
    # The clients' own garbage: with the default thresholds this process ran a full collection every few seconds
    # over a thousand sockets' messages, stalling every client for up to 0.4 s (measured), which counted against
    # the server. What the warm-up made (sockets, views) is frozen out of the collector, as the server does; the
    # collection itself is a stall too, so it happens a second before the measurement.
    gc.collect()
    gc.freeze()
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    stats.measuring = True
    mine0 = _own_cpu()
    if moves is None:
        await asyncio.sleep(max(0.0, start_at + seconds - time.monotonic()))
    else:
        while len(stats.latencies) < moves and time.monotonic() < start_at + seconds:
            await asyncio.sleep(0.05)
    stats.measuring = False
    mine1 = _own_cpu()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return mine1 - mine0


def _started(hold: float) -> int:
    """A no-op job that keeps its process busy for ``hold`` seconds, so that each process of the pool takes one."""
    time.sleep(hold)
    return os.getpid()


def _client_process(
    ws_url: str,
    tables: list[tuple[str, list[str], str]],
    interval: float,
    start_at: float,
    seconds: float,
    board: bool,
    seed: int,
    moves: int | None = None,
    deflate: bool = False,
) -> tuple[Stats, float]:
    """One client process: its tables' seats, its figures and its CPU seconds while measuring."""
    gc.set_threshold(*GC_THRESHOLDS)
    stats = Stats()
    return stats, asyncio.run(_drive(ws_url, tables, interval, start_at, seconds, stats, board, seed, moves, deflate))


def _merge(parts: list[Stats]) -> Stats:
    total = Stats()
    for st in parts:
        total.latencies += st.latencies
        total.updates += st.updates
        total.lags += st.lags
        total.received += st.received
        total.previews += st.previews
        total.resyncs += st.resyncs
        total.deflated += st.deflated
        total.finished += st.finished
        total.per_table.update(st.per_table)
        for code, n in st.refused.items():
            total.refused[code] = total.refused.get(code, 0) + n
    return total


def _own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run_bench(
    tables: int = 500,
    interval: float = 2.0,
    seconds: float = 60.0,
    warmup: float = 10.0,
    game: str = "ayar",
    db: str | None = None,
    options: dict[str, Any] | None = None,
    board: bool = True,
    client_processes: int = 2,
    moves: int | None = None,
    hostile: bool = False,
    workers: int = 1,
    deflate: bool = False,
) -> dict[str, Any]:
    """Run the load; returns the figures (see the module docstring). ``moves``: measure until that many moves
    were acknowledged (each client process its share), ``seconds`` at most. ``hostile``: a hostile client
    (``tawa.web.hostile``) harasses the first tables from its own address all along, in a process of its own.
    ``workers`` > 1: that many workers on ``db`` (PostgreSQL) behind nginx, with a Redis (``tawa.web.deploy.Fleet``);
    the server's CPU is then the workers' and nginx's and Redis's together (``server_cpu_by_process`` each).
    ``deflate``: the clients ask for permessage-deflate, as browsers do (the server then compresses every frame)."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="tawa-bench-") as tmp:
        url = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        log = (Path(tmp) / "server.log").open("wb")
        fleet: Fleet | None = None
        if workers > 1:
            if url.startswith("sqlite"):
                raise ValueError("several workers need --db postgresql+psycopg://… (SQLite serves one process only)")
            fleet = Fleet(workers, url, Path(tmp) / "run", port=port, env={"TAWA_LOG_LEVEL": "warning"})
            proc = None
        else:
            proc = subprocess.Popen(
                [sys.executable, "-m", "tawa.cli", "serve", "--port", str(port), "--db", url],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "TAWA_LOG_LEVEL": "warning", "TAWA_SECRET_FILE": str(Path(tmp) / "secret")},
            )
        base = f"http://127.0.0.1:{port}"
        try:
            if fleet is not None:
                fleet.start()
            else:
                assert proc is not None
                wait_for(f"{base}/api/health", proc, "the server", Path(tmp) / "server.log", 60)

            def server_pids() -> dict[str, int]:
                if fleet is None:
                    assert proc is not None
                    return {"server": proc.pid}
                pids = {name: p.pid for name, p in fleet.procs.items()}
                for name, p in (("nginx", fleet.nginx), ("redis", fleet.redis)):
                    if p is not None:
                        pids[name] = p.pid
                if fleet.nginx is not None:  # nginx's own worker process does the proxying
                    pids.update({f"nginx-{i}": c for i, c in enumerate(_children(fleet.nginx.pid))})
                return pids

            made = [
                (t, toks, source_of(i)) for i, (t, toks) in enumerate(_make_tables(base, tables, game, options or {}))
            ]
            ws_url = f"ws://127.0.0.1:{port}/ws/v1"
            slices = [made[i::client_processes] for i in range(client_processes)]
            load_before = os.getloadavg()
            spawn = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=client_processes, mp_context=spawn) as pool:
                # every client process started (on a loaded machine that takes several seconds) before the clock
                for job in [pool.submit(_started, 0.5) for _ in range(client_processes)]:
                    job.result()
                start_at = time.monotonic() + 1.0 + warmup
                share = [None if moves is None else -(-moves * len(part) // len(made)) for part in slices]
                jobs = [
                    pool.submit(
                        _client_process, ws_url, part, interval, start_at, seconds, board, i + 1, share[i], deflate
                    )
                    for i, part in enumerate(slices)
                    if part
                ]
                harasser = None
                if hostile:
                    harasser = spawn.Pool(1)
                    harassed = harasser.apply_async(
                        run_hostile, (base, [t for t, _, _ in made[:5]], warmup + 1.0 + seconds)
                    )
                time.sleep(max(0.0, start_at - time.monotonic()))
                pids = server_pids()
                cpu0, t0 = {n: _cpu_seconds(p) for n, p in pids.items()}, time.monotonic()
                if moves is None:
                    time.sleep(max(0.0, start_at + seconds - time.monotonic()))
                results = [job.result() for job in jobs]
                cpu1, t1 = {n: _cpu_seconds(p) for n, p in pids.items()}, time.monotonic()
                hostile_out = harassed.get(120) if harasser is not None else None
                if harasser is not None:
                    harasser.close()
            stats = _merge([st for st, _ in results])
            used = {n: cpu1[n] - cpu0[n] for n in pids}
            times = {"wall": t1 - t0, "server_cpu": sum(used.values()), "client_cpu": sum(c for _, c in results)}
            load_after = os.getloadavg()
        finally:
            if fleet is not None:
                fleet.stop()
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
            log.close()
    lat = [x * 1000 for x in stats.latencies]
    lags = [x * 1000 for x in stats.lags]
    ups = [x * 1000 for x in stats.updates]
    return {
        "board": board,
        "deflate": deflate,
        "tables": tables,
        "client_processes": client_processes,
        "sockets": sum(len(t) for _, t, _ in made),
        "interval_s": interval,
        "game": game,
        "database": "sqlite (fresh file)" if db is None else "given",
        "measured_s": round(times["wall"], 1),
        "moves": len(lat),
        "moves_per_s": round(len(lat) / times["wall"], 1),
        "target_moves_per_s": round(tables / interval, 1),
        "ms": {
            "p50": round(_percentile(lat, 0.50), 2),
            "p95": round(_percentile(lat, 0.95), 2),
            "p99": round(_percentile(lat, 0.99), 2),
            "max": round(max(lat), 2) if lat else None,
            "mean": round(statistics.fmean(lat), 2) if lat else None,
        },
        "update_ms": {
            "p50": round(_percentile(ups, 0.50), 2),
            "p95": round(_percentile(ups, 0.95), 2),
            "p99": round(_percentile(ups, 0.99), 2),
        },
        "refused": stats.refused,
        "games_finished": stats.finished,
        "tables_that_moved": len(stats.per_table),
        "fewest_moves_of_a_table": min((stats.per_table.get(t, 0) for t, _, _ in made), default=0),
        "received_kb_per_move": round(stats.received / 1024 / max(len(lat), 1), 1),
        "previews_asked": stats.previews,
        "board_resyncs": stats.resyncs,
        "deflated_sockets": stats.deflated,
        "client_loop_lag_ms": {
            "p50": round(_percentile(lags, 0.50), 2),
            "p99": round(_percentile(lags, 0.99), 2),
            "max": round(max(lags), 2) if lags else None,
        },
        "workers": workers,
        "server_cpu_share": round(times["server_cpu"] / times["wall"], 3),
        "server_cpu_by_process": {n: round(u / times["wall"], 3) for n, u in used.items()},
        "client_cpu_share": round(times["client_cpu"] / times["wall"], 3),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "cpus": os.cpu_count(),
        **({"hostile": hostile_out} if hostile else {}),
    }
