"""``tawa replay``: step through a recorded game (a line of a ``tawa simulate`` results file, or a game saved by
``tawa play --save``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tawa.core.errors import IllegalAction
from tawa.core.registry import new_game
from tawa.terminal.common import console, fail, players_text, user_errors
from tawa.terminal.standings import standings_text

NOT_A_RECORD = (
    "{path} is not a Tawa record: expected a `tawa simulate` results file (one game per line) or a game "
    "saved by `tawa play --save`"
)


def read_games(path: Path) -> list[dict[str, Any]]:
    """The recorded games of ``path``: the one game of a saved-game document, or each game line of a results file.
    ``ValueError`` in the user's terms when the file holds none."""
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    found: list[Any] = [whole] if whole is not None else []
    if whole is None:
        for line in text.splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a torn last line of an interrupted run, or text that is no record
    games = [
        r
        for r in found
        if isinstance(r, dict) and isinstance(r.get("game"), str) and isinstance(r.get("history"), list)
    ]
    if not games:
        raise ValueError(NOT_A_RECORD.format(path=path))
    return games


def _number(rec: dict[str, Any], line: int) -> int:
    i = rec.get("index")
    return i if isinstance(i, int) and not isinstance(i, bool) else line


def ranges_text(numbers: list[int]) -> str:
    """``0-41, 43, 45-199``."""
    out: list[str] = []
    nums = sorted(set(numbers))
    start = prev = nums[0]
    for x in [*nums[1:], None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if x is not None:
            start = prev = x
    return ", ".join(out)


def pick_game(path: Path, games: list[dict[str, Any]], number: int) -> dict[str, Any]:
    """The game numbered ``number`` (its ``index`` in a results file: game i of a run; else its line)."""
    by_number = {_number(r, i): r for i, r in enumerate(games)}
    if number in by_number:
        return by_number[number]
    held = "one game (number 0)" if len(games) == 1 else f"{len(games)} games, numbered {ranges_text(list(by_number))}"
    fail(f"{path} holds {held}; there is no game {number}")


def replay_cmd(
    file: Path,
    index: Annotated[
        int, typer.Option("--game", help="which game of a results file: its number in the run (0-based)")
    ] = 0,
    seat: Annotated[int | None, typer.Option(help="show what this seat (0-based) saw (default: a spectator)")] = None,
    all_steps: Annotated[bool, typer.Option("--all", help="print every step without waiting")] = False,
) -> None:
    """Step through a recorded game (a `tawa simulate` results line or a game saved by `tawa play --save`)."""
    with user_errors():
        rec = pick_game(file, read_games(file), index)
        game_id, players, seed = rec["game"], rec.get("players"), rec.get("seed", 0)
        options, history = rec.get("options") or {}, rec["history"]
        g = new_game(game_id, players, seed, options)
    if seat is not None and not 0 <= seat < g.players:
        fail(f"--seat must be 0 to {g.players - 1} (or left out: a spectator), got {seat}")
    check = g.clone()
    for i, aid in enumerate(history):  # the whole record is checked before its first step is shown
        try:
            check.apply(aid)
        except (IllegalAction, TypeError) as err:
            fail(
                f"{file}: move {i + 1} ({aid!r}) is not legal there ({err}): the record is damaged or was made "
                "under other rules"
            )
    console.print(
        f"[bold]{g.info.name}[/bold] replay: {players_text(g.players)}, seed {seed}, {len(history)} actions",
        highlight=False,
    )
    interactive = not all_steps and sys.stdin.isatty()
    for i, aid in enumerate(history):
        actor = g.current_player
        events = g.apply(aid)
        who = g.seat_label(actor) if actor is not None else "?"
        console.print(f"[bold]{i + 1:>4}[/bold] {who}: {aid}", highlight=False)
        for e in events:
            if e.visible_to(seat):
                console.print(f"       · {e.text}", highlight=False, markup=False)
        if interactive:
            try:
                cmd = input("[enter] next, b board, q quit: ").strip()
            except (EOFError, KeyboardInterrupt):
                return
            if cmd == "q":
                return
            if cmd == "b":
                console.print(g.render(seat, console.width), highlight=False, markup=False)
    console.print(g.render(seat, console.width), highlight=False, markup=False)
    if g.is_over:
        console.print(standings_text(g, console.width), highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_cmd)
