"""tawa simulate on Ray: the same records as serial and ``--jobs``, a real head node joined by ``--address``,
a killed worker's games dropped and played again by ``--resume``.

The tests share one Ray head node started here (``ray start --head`` on loopback, in a process session of its
own; a session fixture, on the one xdist worker of the "ray" group: run with ``--dist loadgroup``, as scripts/test.sh
does). Teardown stops only the processes of that session (never ``ray stop``, which stops every Ray on the host).
A second node cannot join on loopback: ``ray start --address`` refuses to add a node while
``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``, and without it Ray binds every interface (docs/cluster.md).
Ray's workers import tawa themselves, so these tests play a real game (Ayar), not the toy games."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tawa
from tawa.cli import app
from tawa.lab.ray_executor import RayExecutor, import_ray, ray_available
from tawa.lab.simulate import read_records, run_simulation

pytestmark = [
    pytest.mark.skipif(not ray_available(), reason="Ray is not installed (pip install 'tawa[ray]')"),
    pytest.mark.xdist_group("ray"),
]

runner = CliRunner()
TIMING = ("think", "think_max", "seconds")
GAME, SEATS = "ayar", "random"
RAY_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}


def _lines(folder: Path) -> list[str]:
    """The run's records without their timings, in game order, as the bytes of their JSON lines."""
    recs = sorted(read_records(folder / f"{GAME}.jsonl"), key=lambda r: r["index"])
    return [json.dumps({k: v for k, v in r.items() if k not in TIMING}, separators=(",", ":")) for r in recs]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ppid(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2 :].split()[1])


def _processes() -> dict[int, tuple[int, int]]:
    """pid -> (parent pid, process group) of every process we can read."""
    out = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                out[int(d.name)] = (_ppid(int(d.name)), os.getpgid(int(d.name)))
            except (OSError, ValueError):
                continue
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@dataclass
class Head:
    address: str
    group: int  # the process group (session) of `ray start` and of every process it started

    def members(self) -> set[int]:
        """The head's processes and their descendants (Ray's workers have groups of their own)."""
        procs = _processes()
        mine = {p for p, (_, g) in procs.items() if g == self.group}
        grew = True
        while grew:
            more = {p for p, (pp, _) in procs.items() if pp in mine} - mine
            mine |= more
            grew = bool(more)
        return mine

    def raylet(self) -> int:
        return next(p for p in self.members() if "raylet/raylet" in _cmdline(p))


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _stop(pids: set[int]) -> None:
    """SIGTERM these processes, then SIGKILL those still alive after a while."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for p in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(p, sig)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(_alive(p) for p in pids):
            time.sleep(0.2)


@pytest.fixture(scope="session")  # not "module": xdist may run other files between these tests
def head() -> Iterator[Head]:
    port = _free_port()
    temp = tempfile.mkdtemp(prefix="tawa-ray-")  # short: Ray's socket paths must fit in 107 characters
    src = str(Path(tawa.__file__).resolve().parents[1])  # the workers import this tawa, as the test does
    env = {**os.environ, **RAY_ENV, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    ray_cli = str(Path(sys.executable).with_name("ray"))
    proc = subprocess.run(
        [
            ray_cli,
            "start",
            "--head",
            "--port",
            str(port),
            "--node-ip-address",
            "127.0.0.1",
            "--num-cpus",
            "2",
            "--include-dashboard=false",
            "--disable-usage-stats",
            "--temp-dir",
            temp,
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        start_new_session=True,
    )
    h = Head(f"127.0.0.1:{port}", 0)
    # `ray start` led a new session, so its pid is the group of everything it left running
    h.group = next((g for p, (_, g) in _processes().items() if temp in _cmdline(p)), -1)
    try:
        assert proc.returncode == 0, proc.stdout + proc.stderr
        yield h
    finally:
        if h.group > 0:
            _stop(h.members())


def test_same_seeds_give_the_same_records_serial_jobs_and_ray(head: Head, tmp_path: Path) -> None:
    run_simulation(GAME, 6, SEATS, 7, out=tmp_path / "serial")
    run_simulation(GAME, 6, SEATS, 7, out=tmp_path / "jobs", jobs=2)
    ray_run = RayExecutor(head.address)
    run_simulation(GAME, 6, SEATS, 7, out=tmp_path / "ray", executor=ray_run)
    serial = _lines(tmp_path / "serial")
    assert len(serial) == 6 and ray_run.lost == 0
    assert _lines(tmp_path / "jobs") == serial
    assert _lines(tmp_path / "ray") == serial


def test_a_ray_of_its_own_on_loopback(tmp_path: Path) -> None:
    engine = RayExecutor(num_cpus=1, in_flight=2)
    s = run_simulation(GAME, 3, SEATS, 11, out=tmp_path / "ray", executor=engine)
    run_simulation(GAME, 3, SEATS, 11, out=tmp_path / "serial")
    assert s.games == 3 and _lines(tmp_path / "ray") == _lines(tmp_path / "serial")
    assert not import_ray().is_initialized()  # the Ray it started is stopped with the run


def test_cli_joins_a_cluster_by_address(head: Head, tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        [
            "simulate",
            GAME,
            "-n",
            "4",
            "--seed",
            "3",
            "--backend",
            "ray",
            "--address",
            head.address,
            "--out",
            str(tmp_path),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["games"] == 4 and len(_lines(tmp_path)) == 4
    r = runner.invoke(app, ["simulate", GAME, "-n", "2", "--jobs", "2", "--backend", "ray", "--address", head.address])
    assert r.exit_code == 2 and "--num-cpus" in r.output


def _kill_one_busy_worker(head: Head, killed: list[int], stop: threading.Event) -> None:
    """Kill -9 the first worker of the head seen playing a game (its title is ``ray::play_task``)."""
    raylet = head.raylet()
    while not stop.is_set():
        for p, (pp, _) in _processes().items():
            if pp == raylet and "play_task" in _cmdline(p):
                os.kill(p, signal.SIGKILL)
                killed.append(p)
                return
        time.sleep(0.005)


def test_a_killed_worker_loses_only_its_game_and_resume_plays_it(head: Head, tmp_path: Path) -> None:
    n, out = 120, tmp_path / "run"  # a run of a few seconds: long enough for the killer to find a busy worker
    args = [
        "simulate",
        GAME,
        "-n",
        str(n),
        "--seed",
        "21",
        "--backend",
        "ray",
        "--address",
        head.address,
        "--out",
        str(out),
        "--json",
    ]
    killed: list[int] = []
    stop = threading.Event()
    killer = threading.Thread(target=_kill_one_busy_worker, args=(head, killed, stop), daemon=True)
    killer.start()
    try:
        r = runner.invoke(app, args)
    finally:
        stop.set()
        killer.join(30)
    assert r.exit_code == 0, r.output
    assert killed, "no worker was seen playing a game"
    first: dict[str, Any] = json.loads(r.stdout)
    kept = len(_lines(out))
    assert 1 <= first["lost"] <= 4  # only games in flight (at most twice the cluster's 2 CPUs) are lost
    assert first["games"] == kept == n - first["lost"]
    assert "lost to a dead worker: rerun with --resume" in r.stderr
    r = runner.invoke(app, [*args, "--resume"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["games"] == n and "lost" not in json.loads(r.stdout)
    run_simulation(GAME, n, SEATS, 21, out=tmp_path / "serial")
    assert _lines(out) == _lines(tmp_path / "serial")


def test_address_needs_the_ray_backend_and_a_live_head(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", GAME, "-n", "2", "--address", "127.0.0.1:6379"])
    assert r.exit_code == 2 and "--backend ray" in r.output
    r = runner.invoke(app, ["simulate", GAME, "-n", "2", "--backend", "ray", "--address", "no-port"])
    assert r.exit_code == 2 and "HOST:PORT" in r.output
    r = runner.invoke(app, ["simulate", GAME, "-n", "2", "--backend", "ray", "--address", f"127.0.0.1:{_free_port()}"])
    assert r.exit_code == 2 and "no Ray cluster answers" in r.output


def test_tune_runs_its_evaluations_on_the_cluster(head: Head, tmp_path: Path) -> None:
    """``tawa tune --backend ray --address``: every evaluation's games are played on the cluster, with the same
    result as played here."""
    common = [
        "tune",
        GAME,
        "-p",
        "2",
        "--option",
        "TURNS_PER_ROUND=[1,1,1,1]",
        "--param",
        "TEMPLE_SUN_PER_NIGHT=1..3",
        "--budget",
        "2",
        "--games",
        "2",
        "--confirm",
        "2",
        "--finalists",
        "1",
        "--seats",
        SEATS,
        "--json",
    ]
    r = runner.invoke(app, [*common, "--backend", "ray", "--address", head.address, "--out", str(tmp_path / "ray")])
    assert r.exit_code == 0, r.output
    here = runner.invoke(app, [*common, "--out", str(tmp_path / "here")])
    assert here.exit_code == 0, here.output
    on_ray, local = json.loads(r.stdout), json.loads(here.stdout)
    assert on_ray["trials"] == local["trials"] and on_ray["best"] == local["best"]
    r = runner.invoke(app, [*common, "--address", head.address])
    assert r.exit_code == 2 and "--backend ray" in r.output
