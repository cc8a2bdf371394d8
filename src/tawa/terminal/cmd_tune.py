"""``tawa tune``: search [P] values by simulation (``tawa.lab.tune``) and write the report."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from tawa.core.errors import BadOption
from tawa.terminal.cmd_lab import Backend, check_backend, lab_executor
from tawa.terminal.common import OptionArg, console, fail, game_info, options, start_game, tell, user_errors

ParamArg = Annotated[
    list[str] | None,
    typer.Option(
        "--param",
        help="a Param to tune and its values: KEY=LO..HI (integers, or reals) or KEY=A|B|C (candidates, "
        "each as for --option); repeatable",
    ),
]
TargetArg = Annotated[
    list[str] | None,
    typer.Option(
        "--target",
        help="a target range of a per-player measure for the 'target' objective: NAME=LO..HI (NAME: "
        "score, or a measure of the game such as Ayar's Sun); repeatable; default: the spec's",
    ),
]


def tune(
    game: str,
    param: ParamArg = None,
    objective: Annotated[
        str, typer.Option(help="seat, first, target, length, or a weighted mix (seat=1,target=0.5); lower is better")
    ] = "seat",
    budget: Annotated[int, typer.Option(help="candidates to evaluate in the search")] = 20,
    games: Annotated[
        int, typer.Option(help="games per candidate in the search (rounded up to whole seat rotations)")
    ] = 40,
    confirm: Annotated[
        int | None, typer.Option(help="games per finalist in the confirmation on fresh seeds (default: twice --games)")
    ] = None,
    finalists: Annotated[int, typer.Option(help="best candidates confirmed against the current values")] = 3,
    seats: Annotated[str, typer.Option(help="the bots, as for simulate")] = "ismcts",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option()] = 1,
    option: OptionArg = None,
    target: TargetArg = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", help="games in parallel processes (with --backend ray: the CPUs of the Ray it starts)"
        ),
    ] = None,
    backend: Annotated[Backend, typer.Option(help="where games run: local or ray (docs/cluster.md)")] = Backend.local,
    address: Annotated[
        str | None, typer.Option(help="HOST:PORT of a running Ray cluster's head node (with --backend ray)")
    ] = None,
    out: Annotated[Path, typer.Option(help="folder for tune.json, tune.html and every evaluation's records")] = Path(
        "results/tune"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Tune Params by simulation: Optuna proposes values, bots play them, the best are confirmed on fresh seeds."""
    from tawa.lab.simulate import check_counts, check_seat_specs, expand_seats
    from tawa.lab.tune import parse_objective, parse_space, parse_target, run_tune, values_text
    from tawa.lab.tune_report import write_tune_report

    info = game_info(game)
    fixed = options(option)
    n_players = players or info.players[min(1, len(info.players) - 1)]
    start_game(game, n_players, seed, fixed)
    check_backend(backend, address, jobs)
    with user_errors():
        check_counts(games, 1 if jobs is None else jobs)
        check_seat_specs(expand_seats(seats, n_players))
        if budget < 1:
            raise ValueError(f"--budget must be at least 1 candidate, got {budget}")
        if finalists < 1:
            raise ValueError(f"--finalists must be at least 1, got {finalists}")
        if confirm is not None and confirm < 1:
            raise ValueError(f"--confirm must be at least 1 game, got {confirm}")
        spaces = [parse_space(p, game, n_players, fixed) for p in param or []]
        if not spaces:
            raise ValueError("name at least one --param KEY=SPACE to tune (KEY=LO..HI or KEY=A|B|C)")
        goal = dict(parse_target(t) for t in target or [])
        obj = parse_objective(objective, game, goal)
    stage: dict[str, Any] = {}

    def on_stage(name: str, evaluations: int) -> None:
        stage["name"] = name
        if not as_json:
            what = "search" if name == "search" else "confirmation on fresh seeds"
            tell(f"{what}: {evaluations} evaluations")

    def on_trial(row: dict[str, Any]) -> None:
        if as_json:
            return
        who = "current values" if row["number"] < 0 else f"trial {row['number']}"
        value = row.get("objective")
        shown = row.get("refused") or ("-" if value is None or not math.isfinite(value) else f"{value:.4f}")
        tell(f"  {who}: {json.dumps(row['values'], separators=(',', ':'))} -> {shown}")

    with lab_executor(backend, address, jobs) as engine:
        try:  # the run's own checks (a target measure the records lack is found after the first evaluation)
            result = run_tune(
                game,
                spaces,
                obj,
                budget,
                games,
                seats,
                seed,
                n_players,
                fixed,
                engine,
                out,
                confirm,
                finalists,
                on_trial=on_trial,
                on_stage=on_stage,
            )
        except BadOption as e:
            fail(str(e))
    report = write_tune_report(result, out / "tune.html")
    if as_json:
        print(json.dumps(result.as_dict(), indent=1))
        return
    t = Table(title=f"{game}: confirmation on {result.settings['confirm']} games each (95% intervals)")
    for col in ("candidate", "values", "objective", "difference to current", "verdict"):
        t.add_column(col, overflow="fold")
    b = result.baseline["confirm"]
    t.add_row(
        "current",
        values_text(result.baseline["values"]),
        f"{b['objective']:.4f} [{b['objective_ci'][0]:.4f}, {b['objective_ci'][1]:.4f}]",
        "-",
        "-",
    )
    for i, f in enumerate(result.finalists):
        t.add_row(
            f"finalist {i + 1}",
            values_text(f["values"]),
            f"{f['objective']:.4f} [{f['objective_ci'][0]:.4f}, {f['objective_ci'][1]:.4f}]",
            f"[{f['difference_ci'][0]:.4f}, {f['difference_ci'][1]:.4f}]",
            f["verdict"].split(" (")[0],
        )
    console.print(t)
    if result.best is not None:
        tell(f"best: {result.best['command']}")
    if not result.finalists:
        fail("no candidate besides the current values was evaluated: widen the --param spaces")
    tell(f"wrote {report} and {out / 'tune.json'}")


def register(app: typer.Typer) -> None:
    app.command()(tune)
