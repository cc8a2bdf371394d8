"""The ``tawa`` command: list, rules, play, simulate, report, replay, bench."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tawa.core.errors import BadOption, TawaError
from tawa.core.params import TAGS, parse_option_text
from tawa.core.registry import game_class, list_games, new_game, replay
from tawa.play import Quit, final_ranking_text, play_game

app = typer.Typer(help="Tawa: Sacred Valley, P'achakuna, Ayar and Guatavita — play, simulate, bench.",
                  no_args_is_help=True, add_completion=False)
console = Console()

OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE override of an option "
                                                      "or a data value (see `tawa rules GAME`); repeatable")]


def _fail(msg: str) -> None:
    console.print(f"[red]error:[/red] {msg}", highlight=False)
    raise typer.Exit(2)


def _options(items: list[str] | None) -> dict[str, Any]:
    try:
        return parse_option_text(items or [])
    except BadOption as e:
        _fail(str(e))
        raise


def _check_game(game: str) -> None:
    try:
        game_class(game)
    except TawaError as e:
        _fail(str(e))


@app.command("list")
def list_cmd() -> None:
    """The games."""
    t = Table(title="Tawa games")
    for col in ("id", "name", "players", "spec"):
        t.add_column(col)
    for info in list_games():
        t.add_row(info.id, info.name, ", ".join(map(str, info.players)), info.spec)
    console.print(t)


@app.command()
def rules(game: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Options and data constants with their values, provenance tag and rule IDs."""
    _check_game(game)
    info = game_class(game).info
    rows = info.params.table()
    if as_json:
        print(json.dumps({"game": game, "params": rows}, indent=1))
        return
    t = Table(title=f"{info.name}: options and data (override with --option KEY=VALUE)")
    for col in ("key", "value", "tag", "rules", "meaning"):
        t.add_column(col, overflow="fold")
    for r in rows:
        tag = r["tag"]
        style = "yellow" if "P" in tag else ("cyan" if "D" in tag else "")
        value = json.dumps(r["value"])
        if r["choices"]:
            value += "  (" + " | ".join(map(str, r["choices"])) + ")"
        t.add_row(r["name"], value, f"[{style}][{tag}][/{style}]" if style else f"[{tag}]",
                  " ".join(r["rules"]), r["doc"] + ("" if r["overridable"] else " (fixed)"))
    console.print(t)
    console.print("Tags: " + ", ".join(f"[{k}] {v}" for k, v in TAGS.items())
                  + ". [P] values are our proposals where no source has the fact.", highlight=False)


@app.command()
def play(game: str,
         players: Annotated[int | None, typer.Option("--players", "-p")] = None,
         seats: Annotated[str | None, typer.Option(help="comma-separated, one per seat: human or a bot "
                                                   "(random, progress…); default: you against random bots")]
         = None,
         seed: Annotated[int, typer.Option()] = 0,
         option: OptionArg = None,
         save: Annotated[Path | None, typer.Option(help="write the finished game's JSON here")] = None) -> None:
    """Play in the terminal against bots (or hot-seat)."""
    from tawa.lab.simulate import expand_seats

    _check_game(game)
    info = game_class(game).info
    n = players or info.min_players
    try:
        seat_list = ["human"] + ["random"] * (n - 1) if seats is None else expand_seats(seats, n)
        g = new_game(game, n, seed, _options(option))
    except (ValueError, TawaError) as e:
        _fail(str(e))
        return
    console.print(f"[bold]{info.name}[/bold] — {n} players, seed {seed}, seats: {', '.join(seat_list)}")

    def ask(prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            raise Quit from None

    try:
        play_game(g, seat_list, seed, ask, lambda text: console.print(text, highlight=False, markup=False))
    except Quit:
        console.print("Left the game. Its moves so far: " + " | ".join(g.history[-5:]), highlight=False)
        if save:
            save.write_text(g.to_json(), encoding="utf-8")
        raise typer.Exit(0) from None
    if save:
        save.write_text(g.to_json(), encoding="utf-8")


class _RateColumn(ProgressColumn):
    """Games per second since the bar started."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} games/s" if speed else "- games/s", style="progress.data.speed")


@app.command()
def simulate(game: str,
             n: Annotated[int, typer.Option("-n", help="number of games")] = 100,
             seats: Annotated[str, typer.Option(help="one bot for all seats, or one per seat (comma-separated; "
                                                "bot arguments after colons: ismcts:iters=2000:c=0.7)")] = "random",
             players: Annotated[int | None, typer.Option("--players", "-p")] = None,
             seed: Annotated[int, typer.Option()] = 1,
             out: Annotated[Path | None, typer.Option(help="folder for GAME.jsonl, GAME.run.json and the summary")]
             = None,
             option: OptionArg = None,
             jobs: Annotated[int, typer.Option("--jobs", "-j", help="games in parallel processes")] = 1,
             resume: Annotated[bool, typer.Option(help="keep the finished games in --out and play the rest")]
             = False,
             rotate: Annotated[bool, typer.Option(help="rotate the seat list so each bot plays each seat "
                                                  "equally")] = True,
             duplicate: Annotated[bool, typer.Option(help="play every deal once per seat rotation (seed + i // "
                                                     "players), so deal luck cancels between bots")] = False,
             as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False) -> None:
    """Play many bot games (seat-rotated); progress bar, summary, one JSON line per game."""
    from tawa.lab.simulate import run_simulation

    _check_game(game)
    opts = _options(option)
    if resume and out is None:
        _fail("--resume needs --out (the folder of the run to continue)")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _RateColumn(),
                  TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), console=Console(stderr=True),
                  disable=as_json) as bar:
        task = bar.add_task(f"{game}", total=n)

        def started(done: int, total: int) -> None:
            bar.update(task, total=total)
            if done:
                bar.update(task, description=f"{game} (resumed, {done} kept)")
            bar.reset(task, total=total - done)

        try:
            summary = run_simulation(game, n, seats, seed, players, opts, out,
                                     on_game=lambda rec: bar.advance(task), jobs=jobs, resume=resume,
                                     rotate_seats=rotate, on_start=started, duplicate=duplicate)
        except (ValueError, TawaError) as e:
            _fail(str(e))
            return
    s = summary.as_dict()
    if as_json:
        print(json.dumps(s, indent=1))
        return
    console.print("options: " + (json.dumps(s["options"], sort_keys=True) if s["options"] else "(defaults)"),
                  highlight=False)
    t = Table(title=f"{game}: {s['games']} games ({s['capped']} stopped by the safety cap, shown apart)")
    for col in ("seat", "wins", "win share", "95% CI", "mean score", "sd", "min", "max"):
        t.add_column(col)
    played = max(1, s["games"] - s["capped"])
    for i, (w, sc, ci) in enumerate(zip(s["wins_per_seat"], s["score_per_seat"], s["win_rate_per_seat"],
                                         strict=True)):
        t.add_row(str(i), f"{w:g}", f"{w / played:.1%}", f"{ci['lo']:.1%}-{ci['hi']:.1%}",
                  *(str(sc.get(k, "")) for k in ("mean", "sd", "min", "max")))
    console.print(t)
    if len(s["bots"]) > 1 or rotate:
        b = Table(title="per bot (seat-rotated)")
        for col in ("bot", "seats played", "win share", "95% CI", "s per move"):
            b.add_column(col)
        for spec, r in s["bots"].items():
            b.add_row(spec, f"{r['seats_played']:g}", f"{r['rate']:.1%}", f"{r['lo']:.1%}-{r['hi']:.1%}",
                      f"{s['seconds_per_move'].get(spec, 0):.4f}")
        console.print(b)
    ln = s["length"]
    fp = s["first_player"]
    console.print(f"game length (actions): mean {ln.get('mean')} sd {ln.get('sd')} min {ln.get('min')} "
                  f"max {ln.get('max')}; mean branching factor {s['mean_branching']}; first player wins "
                  f"{fp['rate']:.1%} ({fp['lo']:.1%}-{fp['hi']:.1%})", highlight=False)
    if out:
        console.print(f"wrote {out / (game + '.jsonl')}", highlight=False)


@app.command()
def report(results: Annotated[Path, typer.Argument(help="a folder of simulate results (or one .jsonl file)")],
           out: Annotated[Path | None, typer.Option(help="HTML file to write (default: RESULTS/report.html)")]
           = None) -> None:
    """Self-contained HTML report with plots of simulate results."""
    from tawa.lab.report import write_report

    try:
        path = write_report(results, out)
    except (OSError, ValueError) as e:
        _fail(str(e))
        return
    console.print(f"wrote {path}", highlight=False)


@app.command("replay")
def replay_cmd(file: Path,
               index: Annotated[int, typer.Option("--game", help="which line of a .jsonl file (0-based)")] = 0,
               seat: Annotated[int | None, typer.Option(help="show what this seat saw (default: spectator)")] = None,
               all_steps: Annotated[bool, typer.Option("--all", help="print every step without waiting")] = False,
               ) -> None:
    """Step through a recorded game (a simulate .jsonl line or a saved game JSON)."""
    try:
        text = file.read_text(encoding="utf-8")
        rec = json.loads(text.splitlines()[index]) if file.suffix == ".jsonl" else json.loads(text)
        game_id, players, seed = rec["game"], rec["players"], rec["seed"]
        options, history = rec.get("options") or {}, rec["history"]
        g = new_game(game_id, players, seed, options)
    except (OSError, IndexError, KeyError, ValueError, TawaError) as e:
        _fail(f"cannot read a game from {file}: {e}")
        return
    console.print(f"[bold]{g.info.name}[/bold] replay: {players} players, seed {seed}, {len(history)} actions",
                  highlight=False)
    interactive = not all_steps and sys.stdin.isatty()
    for i, aid in enumerate(history):
        actor = g.current_player
        events = g.apply(aid)
        console.print(f"[bold]{i + 1:>4}[/bold] seat {actor}: {aid}", highlight=False)
        for e in events:
            if e.visible_to(seat):
                console.print(f"       · {e.text}", highlight=False, markup=False)
        if interactive:
            cmd = input("[enter] next, b board, q quit: ").strip()
            if cmd == "q":
                return
            if cmd == "b":
                console.print(g.render(seat), highlight=False, markup=False)
    check = replay(game_id, players, seed, options, history)
    assert check.to_json() == g.to_json()
    console.print(g.render(seat), highlight=False, markup=False)
    if g.is_over:
        console.print(final_ranking_text(g), highlight=False)


@app.command()
def bench(game: str,
          players: Annotated[int | None, typer.Option("--players", "-p")] = None,
          seconds: Annotated[float, typer.Option(help="time per measurement block")] = 3.0,
          seed: Annotated[int, typer.Option()] = 1,
          option: OptionArg = None,
          as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Random-playout speed, clone vs deepcopy, ismcts iterations/s, memory per state (one core)."""
    from tawa.lab.bench import run_bench

    _check_game(game)
    try:
        r = run_bench(game, players, _options(option), seconds, seed)
    except TawaError as e:
        _fail(str(e))
        return
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
        ("mean game length (actions)", f"{p['mean_length']}"),
        ("clone()/s", f"{r['clone_per_s']:,}"),
        ("copy.deepcopy/s (same states)", f"{r['deepcopy_per_s']:,}"),
        ("clone vs deepcopy", f"{r['clone_vs_deepcopy']}x"),
        ("legal_actions()/s", f"{r['legal_actions_per_s']:,}"),
        ("determinize()/s", f"{r['determinize_per_s']:,}"),
        ("ismcts iterations/s", f"{r['ismcts']['iterations_per_s']:,}"),
        (f"ismcts move at default ({r['ismcts']['default_iters']} iters), s",
         f"{r['ismcts']['default_move_seconds']}"),
        ("peak memory per state (bytes)", f"{r['bytes_per_state']:,}"),
        ("JSON size per state (bytes)", f"{r['json_bytes_per_state']:,}"),
    ]
    for k, v in rows:
        t.add_row(k, v)
    console.print(t)


@app.command()
def serve(host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
          db: Annotated[str | None, typer.Option(help="database URL (default $TAWA_DATABASE_URL, else "
                                                 "sqlite:///./tawa.db)")] = None) -> None:
    """Run the game server (lobby, tables for people and bots, replays); open the printed address."""
    from tawa.web.serve import serve as run_server

    run_server(host, port, db)


@app.command("bench-server")
def bench_server(tables: Annotated[int, typer.Option(help="concurrent two-person tables")] = 500,
                 interval: Annotated[float, typer.Option(help="seconds between moves at each table")] = 2.0,
                 seconds: Annotated[float, typer.Option(help="measured time")] = 60.0,
                 warmup: Annotated[float, typer.Option(help="unmeasured time first")] = 10.0,
                 game: Annotated[str, typer.Option()] = "ayar",
                 db: Annotated[str | None, typer.Option(help="database URL (default: a fresh SQLite file)")] = None,
                 board: Annotated[bool, typer.Option(help="clients ask for the SVG board (as browsers do)")] = True,
                 ) -> None:
    """Load a local server with many tables; print move round trips (p50/p95/p99) and moves/s as JSON."""
    from tawa.web.bench import run_bench

    print(json.dumps(run_bench(tables, interval, seconds, warmup, game=game, db=db, board=board), indent=1))


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
