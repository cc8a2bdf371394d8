"""tawa simulate: seat rotation, parallel jobs, resume, option echo, capped games apart."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import toy_game  # noqa: F401  (registers "toy-cards")
from typer.testing import CliRunner

from tawa.cli import app
from tawa.lab.executors import ProcessExecutor, SerialExecutor, make_executor
from tawa.lab.simulate import Summary, plan, read_records, run_simulation

T = TypeVar("T")
R = TypeVar("R")
runner = CliRunner()
TIMING = ("think", "think_max", "seconds")


def _strip(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rec.items() if k not in TIMING}


def test_rotation_gives_every_bot_every_seat_equally() -> None:
    tasks = plan("toy-cards", 6, ["ismcts", "greedy", "random"], 10, 3, {})
    per_seat = Counter((t.seats[s], s) for t in tasks for s in range(3))
    assert set(per_seat.values()) == {2} and len(per_seat) == 9
    assert [t.seed for t in tasks] == list(range(10, 16))
    fixed = plan("toy-cards", 4, ["greedy", "random"], 1, 2, {}, rotate_seats=False)
    assert all(t.seats == ("greedy", "random") for t in fixed)


def test_duplicate_deals_play_each_seed_once_per_rotation(tmp_path: Path) -> None:
    tasks = plan("toy-cards", 7, ["ismcts", "greedy", "random"], 10, 3, {}, duplicate=True)
    assert [t.seed for t in tasks] == [10, 10, 10, 11, 11, 11, 12]
    block = tasks[3:6]  # one deal: every bot sits in every seat of it once
    assert {(t.seats[s], s) for t in block for s in range(3)} == {
        (b, s) for b in ("ismcts", "greedy", "random") for s in range(3)
    }
    with pytest.raises(ValueError, match="rotation"):
        plan("toy-cards", 4, ["greedy", "random"], 1, 2, {}, rotate_seats=False, duplicate=True)
    run_simulation("toy-cards", 4, "greedy,random", 5, players=2, out=tmp_path, duplicate=True)
    recs = sorted(read_records(tmp_path / "toy-cards.jsonl"), key=lambda r: r["index"])
    assert [(r["seed"], r["seats"]) for r in recs] == [
        (5, ["greedy", "random"]),
        (5, ["random", "greedy"]),
        (6, ["greedy", "random"]),
        (6, ["random", "greedy"]),
    ]
    assert json.loads((tmp_path / "toy-cards.run.json").read_text())["duplicate"] is True
    with pytest.raises(ValueError, match=r"differs.*duplicate"):  # a plain run cannot resume a duplicate one
        run_simulation("toy-cards", 6, "greedy,random", 5, players=2, out=tmp_path, resume=True)
    result = runner.invoke(
        app, ["simulate", "toy-cards", "-n", "2", "--seats", "greedy,random", "-p", "2", "--duplicate", "--no-rotate"]
    )
    assert result.exit_code != 0 and "rotation" in result.output


def test_parallel_jobs_give_the_same_games(tmp_path: Path) -> None:
    assert isinstance(make_executor(1), SerialExecutor) and isinstance(make_executor(2), ProcessExecutor)
    run_simulation("toy-cards", 6, "greedy,random", 5, players=2, out=tmp_path / "a")
    run_simulation("toy-cards", 6, "greedy,random", 5, players=2, out=tmp_path / "b", jobs=2)
    a = sorted((_strip(r) for r in read_records(tmp_path / "a" / "toy-cards.jsonl")), key=lambda r: r["index"])
    b = sorted((_strip(r) for r in read_records(tmp_path / "b" / "toy-cards.jsonl")), key=lambda r: r["index"])
    assert a == b and len(a) == 6


class _Interrupted(Exception):
    pass


class _StopAfter:
    """An executor (the plug-in interface) that dies after ``k`` games, like Ctrl-C."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.used = 0

    def map_unordered(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        for i, t in enumerate(tasks):
            if i == self.k:
                raise _Interrupted
            self.used += 1
            yield fn(t)


def test_an_interrupted_run_keeps_its_games_and_resume_finishes_it(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    run_simulation("toy-cards", 8, "ismcts:iters=20,random", 3, players=2, out=whole)
    part = tmp_path / "part"
    stop = _StopAfter(3)
    with pytest.raises(_Interrupted):
        run_simulation("toy-cards", 8, "ismcts:iters=20,random", 3, players=2, out=part, executor=stop)
    lines = part / "toy-cards.jsonl"
    assert len(read_records(lines)) == 3 and stop.used == 3
    with lines.open("a") as f:
        f.write('{"index": 5, "game": "toy-c')  # a torn last line
    seen: list[tuple[int, int]] = []
    summary = run_simulation(
        "toy-cards",
        8,
        "ismcts:iters=20,random",
        3,
        players=2,
        out=part,
        resume=True,
        on_start=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(3, 8)] and summary.games == 8
    got = sorted((_strip(r) for r in read_records(lines)), key=lambda r: r["index"])
    want = sorted((_strip(r) for r in read_records(whole / "toy-cards.jsonl")), key=lambda r: r["index"])
    assert got == want
    with pytest.raises(ValueError, match="differs"):
        run_simulation("toy-cards", 8, "greedy,random", 3, players=2, out=part, resume=True)


def test_options_are_echoed_and_capped_games_are_kept_apart(tmp_path: Path) -> None:
    s = run_simulation("toy-cards", 4, "random", 1, options={"HAND_SIZE": 3}, out=tmp_path)
    d = s.as_dict()
    assert d["options"] == {"HAND_SIZE": 3}
    assert json.loads((tmp_path / "toy-cards.run.json").read_text())["options"] == {"HAND_SIZE": 3}
    assert all(r["options"] == {"HAND_SIZE": 3} for r in read_records(tmp_path / "toy-cards.jsonl"))
    summary = Summary()
    base = {
        "players": 2,
        "seats": ["a", "b"],
        "scores": [1, 2],
        "ranking": [2, 1],
        "winners": [1],
        "length": 10,
        "mean_branching": 2.0,
        "first_player": 0,
        "think": [0.1, 0.1],
        "moves": [5, 5],
    }
    summary.add({**base, "capped": False})
    summary.add({**base, "capped": True, "winners": [0]})
    d = summary.as_dict()
    assert d["games"] == 2 and d["capped"] == 1 and d["wins_per_seat"] == [0, 1]
    assert d["bots"]["b"]["wins"] == 1 and d["bots"]["a"]["seats_played"] == 1


def test_cli_simulate_jobs_resume_and_echo(tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        [
            "simulate",
            "toy-cards",
            "-n",
            "6",
            "-p",
            "2",
            "--seats",
            "greedy,ismcts:iters=10",
            "--jobs",
            "2",
            "--out",
            str(tmp_path),
            "--option",
            "HAND_SIZE=3",
        ],
    )
    assert r.exit_code == 0, r.output
    assert '"HAND_SIZE": 3' in r.output and "per bot" in r.output and "ismcts:iters=10" in r.output
    r = runner.invoke(
        app,
        [
            "simulate",
            "toy-cards",
            "-n",
            "8",
            "-p",
            "2",
            "--seats",
            "greedy,ismcts:iters=10",
            "--out",
            str(tmp_path),
            "--option",
            "HAND_SIZE=3",
            "--resume",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 8
    assert len(read_records(tmp_path / "toy-cards.jsonl")) == 8
    r = runner.invoke(app, ["simulate", "toy-cards", "-n", "2", "--resume"])
    assert r.exit_code == 2 and "--out" in r.output
    r = runner.invoke(app, ["simulate", "toy-cards", "-n", "2", "--seats", "ismcts:bogus=1"])
    assert r.exit_code == 2 and "bogus" in r.output
