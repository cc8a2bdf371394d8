"""``tawa simulate``, ``tawa report`` and ``tawa bench``: the lab's commands."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tawa.core.errors import TawaError
from tawa.core.game import Game
from tawa.core.registry import new_game
from tawa.lab.executors import Executor, make_executor
from tawa.lab.playout import automated_options
from tawa.terminal.common import (
    OptionArg,
    console,
    err_console,
    fail,
    game_info,
    options,
    start_game,
    user_errors,
)


class _RateColumn(ProgressColumn):
    """Games per second since the bar started."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} games/s" if speed else "- games/s", style="progress.data.speed")


def capped_text(capped: int, games: int) -> str:
    """How many games the safety cap stopped, in words (``""`` when none)."""
    if not capped:
        return ""
    if capped == games:
        return f"no game finished by the rules ({capped} stopped by the safety cap)"
    return f"{capped} of {games} stopped by the safety cap (left out of the figures)"


class Backend(StrEnum):
    local = "local"
    ray = "ray"


def lost_text(lost: int) -> str:
    """The games a cluster lost with a dead worker, in words, with what to do."""
    games = "1 game" if lost == 1 else f"{lost} games"
    return f"{games} lost to a dead worker: rerun with --resume (same --out) to play them"


def check_backend(backend: Backend, address: str | None, jobs: int | None) -> None:
    """Refuse ``--address`` without ``--backend ray``, and ``--jobs`` with ``--address`` (one ``error:`` line)."""
    if address is not None and backend is not Backend.ray:
        fail("--address is the head node of a Ray cluster: use it with --backend ray")
    if address is not None and jobs is not None:
        fail("--jobs cannot be used with --address: a Ray cluster's CPUs are set on its nodes (ray start --num-cpus)")


@contextlib.contextmanager
def lab_executor(backend: Backend, address: str | None, jobs: int | None) -> Iterator[Executor]:
    """The executor of a lab command's ``--backend``/``--address``/``--jobs``: ``--jobs`` local processes, or a
    started ``RayExecutor`` (a missing extra, a malformed or dead address fail here, before the first game), left
    again at the end. Ray prints its workers' deaths on stdout from a thread of its own: they go to stderr, off
    the ``--json`` output."""
    if backend is not Backend.ray:
        yield make_executor(jobs or 1)
        return
    from tawa.lab.ray_executor import RayExecutor, RayMissingError

    with contextlib.redirect_stdout(sys.stderr):
        try:
            engine = RayExecutor(address, num_cpus=jobs).start()
        except (RayMissingError, ValueError) as e:
            fail(str(e))
        try:
            yield engine
        finally:
            engine.close()


def simulate(
    game: str,
    n: Annotated[int, typer.Option("-n", help="number of games (at least 1)")] = 100,
    seats: Annotated[
        str,
        typer.Option(
            help="one bot for all seats, or one per seat (comma-separated; "
            "bot arguments after colons: ismcts:iters=2000:c=0.7)"
        ),
    ] = "random",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option()] = 1,
    out: Annotated[Path | None, typer.Option(help="folder for GAME.jsonl, GAME.run.json and the summary")] = None,
    option: OptionArg = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="games in parallel processes (at least 1; with --backend ray: the CPUs of the Ray it starts)",
        ),
    ] = None,
    backend: Annotated[
        Backend,
        typer.Option(
            help="where games run: local (this process, or --jobs processes) or ray (a Ray cluster; docs/cluster.md)"
        ),
    ] = Backend.local,
    address: Annotated[
        str | None,
        typer.Option(
            help="HOST:PORT of a running Ray cluster's head node (with --backend ray; default: start a Ray here)"
        ),
    ] = None,
    resume: Annotated[bool, typer.Option(help="keep the finished games in --out and play the rest")] = False,
    rotate: Annotated[bool, typer.Option(help="rotate the seat list so each bot plays each seat equally")] = True,
    duplicate: Annotated[
        bool,
        typer.Option(
            help="play every deal once per seat rotation (seed + i // players), so deal luck cancels between bots"
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play many bot games (seat-rotated); progress bar, summary, one JSON line per game."""
    from tawa.lab.simulate import check_counts, run_simulation

    info = game_info(game)
    opts = options(option)
    with user_errors():
        check_counts(n, 1 if jobs is None else jobs)
    check_backend(backend, address, jobs)
    start_game(game, players or info.players[min(1, len(info.players) - 1)], seed, automated_options(game, opts))
    if resume and out is None:
        fail("--resume needs --out (the folder of the run to continue)")
    # the bar starts with the first game, once everything is checked: an error leaves no empty bar behind
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err_console,
        disable=as_json,
    )
    task: list[TaskID] = []

    def started(done: int, total: int) -> None:
        label = f"{game} (resumed, {done} kept)" if done else game
        task.append(bar.add_task(label, total=total - done))
        bar.start()

    with lab_executor(backend, address, jobs) as engine:
        try:
            summary = run_simulation(
                game,
                n,
                seats,
                seed,
                players,
                opts,
                out,
                on_game=lambda rec: bar.advance(task[0]),
                resume=resume,
                rotate_seats=rotate,
                on_start=started,
                duplicate=duplicate,
                executor=engine,
            )
        except (ValueError, TawaError) as e:
            if task:  # raised by a game, not by the settings: not the user's mistake
                raise
            fail(str(e))
        finally:
            bar.stop()
    if summary.lost:
        err_console.print(f"[yellow]{lost_text(summary.lost)}[/yellow]", highlight=False)
    s = summary.as_dict()
    if as_json:
        print(json.dumps(s, indent=1))
        return
    _print_summary(game, s, rotate, opts)
    if out:
        console.print(f"wrote {out / (game + '.jsonl')}", highlight=False)


def _print_summary(game: str, s: dict[str, Any], rotate: bool, opts: dict[str, Any]) -> None:
    console.print(
        "options: " + (json.dumps(s["options"], sort_keys=True) if s["options"] else "(defaults)"), highlight=False
    )
    finished = s["games"] - s["capped"]
    if finished == 0:
        console.print(
            f"{game}: {capped_text(s['capped'], s['games'])}. Bots whose games end by the rules "
            "(progress, greedy) give figures.",
            highlight=False,
        )
        return
    labels = _seat_labels(game, len(s["wins_per_seat"]), opts)
    capped = capped_text(s["capped"], s["games"])
    t = Table(title=f"{game}: {finished} games finished by the rules" + (f"; {capped}" if capped else ""))
    for col in ("seat", "wins", "win share", "95% CI", "mean score", "sd", "min", "max"):
        t.add_column(col)
    for i, (w, sc, ci) in enumerate(zip(s["wins_per_seat"], s["score_per_seat"], s["win_rate_per_seat"], strict=True)):
        t.add_row(
            labels[i],
            f"{w:g}",
            f"{w / finished:.1%}",
            f"{ci['lo']:.1%}-{ci['hi']:.1%}",
            *(f"{sc[k]:g}" for k in ("mean", "sd", "min", "max")),
        )
    console.print(t)
    if len(s["bots"]) > 1 or rotate:
        b = Table(title="per bot (seat-rotated)")
        for col in ("bot", "seats played", "win share", "95% CI", "s per move"):
            b.add_column(col)
        for spec, r in s["bots"].items():
            b.add_row(
                spec,
                f"{r['seats_played']:g}",
                f"{r['rate']:.1%}",
                f"{r['lo']:.1%}-{r['hi']:.1%}",
                f"{s['seconds_per_move'].get(spec, 0):.4f}",
            )
        console.print(b)
    ln, fp = s["length"], s["first_player"]
    console.print(
        f"game length (actions): mean {ln['mean']:g} sd {ln['sd']:g} min {ln['min']:g} max {ln['max']:g}; "
        f"mean branching factor {s['mean_branching']:g}; first player wins {fp['rate']:.1%} "
        f"({fp['lo']:.1%}-{fp['hi']:.1%})",
        highlight=False,
    )


def _seat_labels(game: str, players: int, opts: dict[str, Any]) -> list[str]:
    g: Game = new_game(game, players, 0, automated_options(game, opts))
    return [f"{i + 1} {g.seat_label(i)}" for i in range(players)]  # seats counted from 1, as people count


def report(
    results: Annotated[Path, typer.Argument(help="a folder of simulate results (or one .jsonl file)")],
    out: Annotated[Path | None, typer.Option(help="HTML file to write (default: RESULTS/report.html)")] = None,
) -> None:
    """Self-contained HTML report with plots of simulate results."""
    from tawa.lab.report import write_report

    with user_errors():
        path = write_report(results, out)
    console.print(f"wrote {path}", highlight=False)


def bench(
    game: str,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seconds: Annotated[float, typer.Option(help="time per measurement block")] = 3.0,
    seed: Annotated[int, typer.Option()] = 1,
    option: OptionArg = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Random-playout speed, clone vs deepcopy, ismcts iterations/s, memory per state (one core)."""
    from tawa.lab.bench import run_bench

    game_info(game)
    opts = options(option)
    if seconds <= 0:
        fail(f"--seconds must be more than 0, got {seconds:g}")
    start_game(game, players, seed, automated_options(game, opts))  # the player count and options, as given
    r = run_bench(game, players, opts, seconds, seed)
    if as_json:
        print(json.dumps(r, indent=1))
        return
    m, p = r["machine"], r["random_playout"]
    t = Table(title=f"tawa bench {game} ({r['players']} players) on {m['cpu']}, Python {m['python']}, one core")
    t.add_column("figure")
    t.add_column("value", justify="right")
    rows = [
        ("random playouts: games/s", f"{p['games_per_s']:,}"),
        ("random playouts: actions/s", f"{p['actions_per_s']:,}"),
        ("random playouts stopped by the safety cap", f"{p['capped_games']} of {p['games']}"),
        (
            "mean game length (actions)" + (", capped games included" if p["capped_games"] else ""),
            f"{p['mean_length']}",
        ),
        ("clone()/s", f"{r['clone_per_s']:,}"),
        ("copy.deepcopy/s (same states)", f"{r['deepcopy_per_s']:,}"),
        ("clone vs deepcopy", f"{r['clone_vs_deepcopy']}x"),
        ("legal_actions()/s", f"{r['legal_actions_per_s']:,}"),
        ("determinize()/s", f"{r['determinize_per_s']:,}"),
        ("ismcts iterations/s", f"{r['ismcts']['iterations_per_s']:,}"),
        (f"ismcts move at default ({r['ismcts']['default_iters']} iters), s", f"{r['ismcts']['default_move_seconds']}"),
        ("peak memory per state (bytes)", f"{r['bytes_per_state']:,}"),
        ("JSON size per state (bytes)", f"{r['json_bytes_per_state']:,}"),
    ]
    env = r.get("env")
    if env:
        rows += [
            ("RL encoding: size, actions", f"{env['encoding_size']:,}, {env['actions']:,}"),
            ("observation() of one seat, µs", f"{env['observation_us']:,}"),
            ("its encoding, µs", f"{env['encode_us']:,}"),
            (
                "env steps/s (PettingZoo AEC step + observe)",
                f"{env['env_steps_per_s']:,}" if env["env_steps_per_s"] else env.get("note", "-"),
            ),
            (
                "engine actions/s, measured in turns with the env",
                f"{env['engine_actions_per_s']:,}" if env["engine_actions_per_s"] else "-",
            ),
            ("env steps / engine actions", f"{env['ratio']}" if env["ratio"] else "-"),
        ]
    for k, v in rows:
        t.add_row(k, v)
    console.print(t)


def register(app: typer.Typer) -> None:
    app.command()(simulate)
    app.command()(report)
    app.command()(bench)
