"""tawa tune (issue 29): the spaces and objectives as a designer writes them, the objective's figures on known
games, a small real search through Optuna that is deterministic and writes its report, and the CLI's errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tawa.cli import app
from tawa.core.errors import BadOption
from tawa.lab.tune import (
    Objective,
    bootstrap,
    first_share,
    option_line,
    parse_objective,
    parse_space,
    parse_target,
    run_tune,
    seat_measure,
    seat_shares,
    verdict,
)

pytest.importorskip("optuna")
runner = CliRunner()
SHORT = {"TURNS_PER_ROUND": [1, 1, 1, 1]}  # Ayar in few decisions (GameInfo.short_game)


def rec(
    winners: list[int], scores: list[float], length: int = 10, capped: bool = False, sun: list[int] | None = None
) -> dict[str, object]:
    out: dict[str, object] = {
        "game": "ayar",
        "players": len(scores),
        "winners": winners,
        "scores": scores,
        "length": length,
        "capped": capped,
        "index": 0,
    }
    if sun is not None:
        out["extras"] = {"seat_values": {"Sun by source": [{"temple": s - 1, "raymi": 1} for s in sun]}}
    return out


def test_spaces_are_ranges_or_candidates_checked_against_the_param() -> None:
    s = parse_space("TEMPLE_SUN_PER_NIGHT=1..4", "ayar", 2)
    assert (s.kind, s.low, s.high, s.size, s.grid()) == ("int", 1, 4, 4, [1, 2, 3, 4])
    with pytest.raises(BadOption, match=r"expected an integer, got 1\.5"):  # a real range of a whole-number Param
        parse_space("TEMPLE_SUN_PER_NIGHT=1.5..2.5", "ayar", 2)
    c = parse_space("ISLAND_SLOTS=[2,3,3,4,4,5]|[3,4,4,5,5,6]", "ayar", 2)
    assert c.kind == "choice" and c.choices == ([2, 3, 3, 4, 4, 5], [3, 4, 4, 5, 5, 6]) and c.size == 2
    with pytest.raises(BadOption, match="no option or data value 'NOPE'"):
        parse_space("NOPE=1..2", "ayar", 2)
    with pytest.raises(BadOption, match=r"TEMPLE_SUN_PER_NIGHT \(AY-432\): 99 is out of range"):
        parse_space("TEMPLE_SUN_PER_NIGHT=1..99", "ayar", 2)
    with pytest.raises(BadOption, match="LO must be below HI"):
        parse_space("TEMPLE_SUN_PER_NIGHT=3..3", "ayar", 2)
    with pytest.raises(BadOption, match="at least two different candidates"):
        parse_space("ISLAND_SLOTS=[1]|[1]", "ayar", 2)
    with pytest.raises(BadOption, match="fixed by the rulebook"):
        parse_space("POTS_PER_ACTION=1..3", "ayar", 2)
    with pytest.raises(BadOption, match="KEY=SPACE"):
        parse_space("TEMPLE_SUN_PER_NIGHT", "ayar", 2)
    assert parse_target("Sun=80..120") == ("Sun", (80.0, 120.0))
    with pytest.raises(BadOption, match=r"NAME=LO\.\.HI"):
        parse_target("Sun=120..80")


def test_objectives_parse_and_take_the_spec_targets() -> None:
    o = parse_objective("seat=1,target=0.5", "ayar")
    assert o.weights == {"seat": 1.0, "target": 0.5} and o.targets == {"Sun": (80.0, 120.0), "Moon": (80.0, 120.0)}
    assert parse_objective("seat", "guatavita").targets == {}
    assert parse_objective("target", "guatavita", {"score": (50, 70)}).targets == {"score": (50, 70)}
    for bad, said in (
        ("fun", "not one of seat, first, target, length"),
        ("seat=x", "must be a number"),
        ("seat=0", "above 0"),
        ("", "names no part"),
        ("target", "gives no target scores"),
    ):
        with pytest.raises(BadOption, match=said):
            parse_objective(bad, "guatavita")


def test_the_objective_figures_of_known_games() -> None:
    games = [
        rec([0], [10, 5], 10, sun=[70, 90]),
        rec([0], [9, 8], 20, sun=[70, 90]),
        rec([0, 1], [7, 7], 30, sun=[70, 90]),
    ]
    assert seat_shares(games) == [pytest.approx(2.5 / 3), pytest.approx(0.5 / 3)]
    assert seat_measure(games[0], "score") == [10, 5] and seat_measure(games[0], "Sun") == [70, 90]
    with pytest.raises(BadOption, match="no measure 'Moon'"):
        seat_measure(games[0], "Moon")
    games[1]["first_player"] = 1  # seat 1 started game 1 (and lost it); seat 0 started the others
    assert first_share(games) == pytest.approx(1.5 / 3)
    o = Objective({"seat": 1.0, "first": 1.0, "target": 2.0, "length": 1.0}, {"Sun": (85.0, 125.0)})
    parts = o.parts(games, base_length=40)
    # seat: 2.5/3 - 0.5/3; first: 0.5 - 1/2; target: mean Sun 80 is 5 below 85, a range 40 wide; length: 20 of 40
    assert parts == {
        "capped": 0.0,
        "seat": pytest.approx(2 / 3),
        "first": pytest.approx(0.0),
        "target": pytest.approx(5 / 40),
        "length": 0.5,
    }
    assert o.value(games, 40) == pytest.approx(2 / 3 + 2 * 5 / 40 + 0.5)
    # a capped game counts against the candidate and is left out of the other parts
    with_cap = [*games, rec([], [0, 0], 99, capped=True)]
    assert o.parts(with_cap, 40)["capped"] == 0.25 and o.parts(with_cap, 40)["length"] == 0.5
    assert math.isinf(o.value([rec([], [0, 0], capped=True)], 40))
    # a paired bootstrap of identical games is exactly 0; a candidate's interval holds its value
    lo, hi = bootstrap(o, games, 40, games)
    assert (lo, hi) == (0.0, 0.0)
    lo, hi = bootstrap(o, games, 40)
    assert lo <= o.value(games, 40) + 1e-9 and hi >= lo
    assert verdict((-0.2, -0.1), 40).startswith("clearly better") and verdict((-0.2, -0.1), 10).startswith("too few")
    assert verdict((-0.1, 0.1), 40).startswith("not clearly") and verdict((0.1, 0.2), 40).startswith("clearly worse")


def test_a_small_search_is_deterministic_confirms_its_finalists_and_writes_the_report(tmp_path: Path) -> None:
    spaces = [
        parse_space("TEMPLE_SUN_PER_NIGHT=1..3", "ayar", 2, SHORT),
        parse_space("START_LLAMAS=[[0],[0,0],[0,0,1],[0,0,1,1]]|[[0],[0,1],[0,0,1],[0,0,1,1]]", "ayar", 2, SHORT),
    ]
    obj = parse_objective("seat=1,target=1", "ayar")
    seen: list[dict[str, object]] = []
    runs = [
        run_tune(
            "ayar",
            spaces,
            obj,
            budget=3,
            games=3,
            seats="random",
            seed=5,
            players=2,
            options=SHORT,
            out=tmp_path / name,
            confirm=2,
            finalists=2,
            on_trial=seen.append,
        )
        for name in ("a", "b")
    ]
    a, b = (r.as_dict() for r in runs)
    assert a == b  # the same seeds, bots and sampler seed: the same search, byte for byte
    s = a["settings"]
    assert (s["games"], s["confirm"], s["sampler"], s["budget"]) == (4, 2, "tpe", 3)  # whole seat rotations
    assert len(a["trials"]) == 3 and 1 <= len(a["finalists"]) <= 2
    assert all(f["values"] != a["baseline"]["values"] for f in a["finalists"])
    assert a["baseline"]["values"] == {
        "TEMPLE_SUN_PER_NIGHT": 2,
        "START_LLAMAS": [[0], [0, 0], [0, 0, 1], [0, 0, 1, 1]],
    }
    # every evaluation's games are simulate records on disk, on the search seeds or the confirmation seeds
    base = [json.loads(x) for x in (tmp_path / "a" / "baseline" / "ayar.jsonl").read_text().splitlines()]
    assert sorted(r["seed"] for r in base) == [5, 6, 7, 8]
    conf = [json.loads(x) for x in (tmp_path / "a" / "confirm" / "1" / "ayar.jsonl").read_text().splitlines()]
    assert sorted(r["seed"] for r in conf) == [s["confirm_seed"], s["confirm_seed"] + 1]
    assert json.loads((tmp_path / "a" / "tune.json").read_text()) == json.loads(json.dumps(a))
    best = a["best"]
    assert best is not None and best["command"] == option_line("ayar", 2, ["random", "random"], best["values"])
    assert "too few confirmation games" in best["verdict"] and not best["clearly_better"]
    assert any(row["number"] == -1 for row in seen) and sum(row.get("stage") == "confirm" for row in seen) >= 2


def test_a_space_that_fits_the_budget_is_searched_as_a_grid(tmp_path: Path) -> None:
    spaces = [parse_space("TEMPLE_SUN_PER_NIGHT=1..3", "ayar", 2, SHORT)]
    r = run_tune(
        "ayar",
        spaces,
        parse_objective("seat", "ayar"),
        budget=10,
        games=2,
        seats="random",
        seed=1,
        players=2,
        options=SHORT,
        confirm=2,
        finalists=1,
    )
    assert r.settings["sampler"] == "grid"
    assert sorted(t["values"]["TEMPLE_SUN_PER_NIGHT"] for t in r.trials) == [1, 2, 3]  # each value once
    assert r.settings["evaluations"] == 2  # the current value (2) was not played twice


def test_cli_tune_runs_reports_and_refuses_in_the_users_terms(tmp_path: Path) -> None:
    out = tmp_path / "t"
    r = runner.invoke(
        app,
        [
            "tune",
            "ayar",
            "-p",
            "2",
            "--option",
            "TURNS_PER_ROUND=[1,1,1,1]",
            "--param",
            "TEMPLE_SUN_PER_NIGHT=1..3",
            "--objective",
            "seat=1,target=1",
            "--budget",
            "2",
            "--games",
            "2",
            "--confirm",
            "2",
            "--finalists",
            "1",
            "--seats",
            "random",
            "--out",
            str(out),
        ],
    )
    assert r.exit_code == 0, r.output
    assert "search: 3 evaluations" in r.output and "current values:" in r.output
    assert "best: tawa simulate ayar -p 2 --seats random --option TEMPLE_SUN_PER_NIGHT=" in r.output
    page = (out / "tune.html").read_text()
    assert page.count("<img") == 1 and "objective against TEMPLE_SUN_PER_NIGHT" in page
    assert "Reproduce: <code>tawa simulate ayar" in page and "Confirmation" in page
    for args, said in (
        (["--param", "FOO=1..2"], "ayar has no option or data value 'FOO'"),
        (["--param", "TEMPLE_SUN_PER_NIGHT=0..99"], "99 is out of range"),
        ([], "name at least one --param"),
        (["--param", "TEMPLE_SUN_PER_NIGHT=1..2", "--budget", "0"], "--budget must be at least 1"),
        (["--param", "TEMPLE_SUN_PER_NIGHT=1..2", "--objective", "speed"], "'speed' is not one of"),
        (["--param", "TEMPLE_SUN_PER_NIGHT=1..2", "--seats", "wizard"], "wizard"),
        (["--param", "TEMPLE_SUN_PER_NIGHT=1..2", "--option", "TEMPLE_SUN_PER_NIGHT=3"], "both tuned"),
    ):
        r = runner.invoke(app, ["tune", "ayar", "--games", "2", "--out", str(tmp_path / "x"), *args])
        assert r.exit_code == 2 and said in r.output and "Traceback" not in r.output, r.output
    r = runner.invoke(app, ["tune", "guatavita", "--param", "MAX_ROUNDS=1..2", "--objective", "target"])
    assert r.exit_code == 2 and "gives no target scores" in r.output
