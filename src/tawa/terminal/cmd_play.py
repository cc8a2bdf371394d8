"""``tawa play``: a game in the terminal, against bots, hot-seat, or bots alone (an automated run); ``--save`` and
``--load`` keep a game to finish later."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from tawa.core.game import Game
from tawa.lab.playout import automated_options
from tawa.lab.simulate import check_seat_specs, expand_seats
from tawa.terminal.common import (
    OptionArg,
    PlayersArg,
    console,
    fail,
    file_error,
    game_info,
    options,
    players_text,
    start_game,
    tell,
    user_errors,
)
from tawa.terminal.loop import Quit, play_game, quit_text
from tawa.terminal.saves import load_play, save_play

SeatsArg = Annotated[
    str | None,
    typer.Option(
        help="comma-separated, one per seat: human or a bot (random, progress, "
        "greedy, ismcts…); default: you against random bots"
    ),
]


def play(
    game: Annotated[str | None, typer.Argument(help="the game (`tawa list`); left out with --load")] = None,
    players: PlayersArg = None,
    seats: SeatsArg = None,
    seed: Annotated[int | None, typer.Option(help="the deal (default 0)")] = None,
    option: OptionArg = None,
    save: Annotated[
        Path | None, typer.Option(help="write the game here when it ends or when you leave it (resume it with --load)")
    ] = None,
    load: Annotated[Path | None, typer.Option(help="resume a game written by --save (its seats and options)")] = None,
) -> None:
    """Play in the terminal against bots (or hot-seat); with no human seat, watch an automated run."""
    if load is not None:
        if players is not None or seed is not None or option:
            fail(
                "--load resumes the saved game with its own players, seed and options: leave out --players, "
                "--seed and --option"
            )
        g, seat_list = _load(load, game, seats)
    else:
        if game is None:
            fail("name a game (`tawa list` shows them), or resume a saved one with --load FILE")
        g, seat_list = _new(game, players, seats, seed or 0, options(option))
    labels = ", ".join(f"{g.seat_label(i)} {s}" for i, s in enumerate(seat_list))
    console.print(
        f"[bold]{g.info.name}[/bold] — {players_text(g.players)}, seed {g.seed}, seats: {labels}",
        highlight=False,
        soft_wrap=True,
    )
    if "human" not in seat_list:
        _automated(g, seat_list, save)
        return
    if load is not None:
        _recap(g, seat_list)
    try:
        play_game(g, seat_list, g.seed, input, tell, clear=console.clear, width=lambda: console.width)
    except Quit as q:
        tell(quit_text(g, q.seat))
        _keep(g, seat_list, save, ask=not q.ended)
        raise typer.Exit(0) from None
    except KeyboardInterrupt:  # Ctrl-C while a bot thinks: leave as at the end of the input
        tell("\n" + quit_text(g, g.current_player))
        _keep(g, seat_list, save, ask=False)
        raise typer.Exit(130) from None
    if save is not None:
        _write(save, g, seat_list)
        tell(f"Saved the finished game to {save} (`tawa replay {save}` steps through it).")


def _new(
    game: str, players: int | None, seats: str | None, seed: int, opts: dict[str, object]
) -> tuple[Game, list[str]]:
    info = game_info(game)
    named = len([p for p in (seats or "").split(",") if p.strip()])
    n = players if players is not None else named if named > 1 else info.min_players  # --seats a,b,c: 3 players
    g = start_game(game, n, seed, opts)  # the player count and the options, as given
    with user_errors():
        seat_list = ["human"] + ["random"] * (n - 1) if seats is None else expand_seats(seats, n)
        check_seat_specs(seat_list, humans=True)
    if "human" not in seat_list:  # an automated run: the spec's [D] safety caps, unless set otherwise
        g = start_game(game, n, seed, automated_options(game, opts))
    return g, seat_list


def _load(path: Path, game: str | None, seats: str | None) -> tuple[Game, list[str]]:
    with user_errors():
        g, saved = load_play(path)
    if game is not None and game != g.info.id:
        fail(f"{path} holds a {g.info.name} game ({g.info.id}), not {game}")
    if seats is not None:
        with user_errors():
            seat_list = expand_seats(seats, g.players)
            check_seat_specs(seat_list, humans=True)
        return g, seat_list
    if saved is None:
        tell(
            f"{path} does not say who played which seat: you play {g.seat_label(0)}, random bots the rest "
            "(--seats sets them)."
        )
        saved = ["human"] + ["random"] * (g.players - 1)
    return g, saved


def _recap(g: Game, seats: list[str]) -> None:
    humans = [i for i, s in enumerate(seats) if s == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    lines = [e.text for e in g.events_for(viewer)][-5:]
    tell(f"Resumed after {len(g.history)} moves." + ("" if not lines else " The last moves:"))
    if lines:
        tell("\n".join(f"  · {t}" for t in lines))


def _automated(g: Game, seats: list[str], save: Path | None) -> None:
    """No human seat: play it out with the safety caps on, counting turns, then show the end."""
    caps = g.info.automation_options
    if caps:
        said = "; ".join(f"{k} = {g.params[k]} ({g.info.params.params[k].doc})" for k in caps)
        tell(f"No human seat: an automated run, with the spec's safety cap on: {said}.")
    else:
        tell(f"No human seat: an automated run ({g.info.name} has no safety cap).")
    last = [0.0]
    counts = [0, 0]
    with console.status("turn 0") as status:

        def progress(turns: int, actions: int) -> None:
            counts[:] = [turns, actions]
            now = time.monotonic()
            if now - last[0] > 0.1:
                last[0] = now
                status.update(f"turn {turns}, {actions} actions")

        try:
            play_game(g, seats, g.seed, input, tell, width=lambda: console.width, on_progress=progress)
        except KeyboardInterrupt:
            status.stop()
            tell(f"Stopped at turn {counts[0]} ({counts[1]} actions).")
            if save is not None and _write(save, g, seats):
                _saved(save)
            raise typer.Exit(130) from None
    end = "stopped by the safety cap" if g.capped else "over by the rules"
    tell(f"Game {end} after {counts[0]} turns ({len(g.history)} actions).")
    if save is not None:
        _write(save, g, seats)
        tell(f"Saved the game to {save} (`tawa replay {save}` steps through it).")


def _write(path: Path, g: Game, seats: list[str]) -> bool:
    try:
        save_play(path, g, seats)
    except OSError as e:
        console.print(f"[red]error:[/red] {file_error(path, e)}", highlight=False, soft_wrap=True)
        return False
    return True


def _keep(g: Game, seats: list[str], save: Path | None, ask: bool) -> None:
    """After a quit: write the game to --save, or offer to save it (unless the input has ended)."""
    while save is None and ask:
        try:
            answer = input("Save the game to finish it later? A file name (Enter: leave without saving): ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        if not answer:
            return
        if _write(Path(answer), g, seats):
            _saved(Path(answer))
            return
    if save is not None and _write(save, g, seats):
        _saved(save)


def _saved(path: Path) -> None:
    tell(f"Saved to {path}; resume it with: tawa play --load {path}")


def register(app: typer.Typer) -> None:
    app.command()(play)
