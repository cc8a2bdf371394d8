"""What every subcommand shares: the console, one-line errors, option parsing and the game check."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from tawa.core.errors import BadOption, TawaError
from tawa.core.game import Game, GameInfo
from tawa.core.params import parse_option_text
from tawa.core.registry import game_class, new_game

console = Console()
err_console = Console(stderr=True)

OptionArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="KEY=VALUE override of an option or a data value (see `tawa rules GAME`); repeatable"
    ),
]
PlayersArg = Annotated[
    int | None,
    typer.Option(
        "--players", "-p", help="number of players (default: as many as --seats names, else the game's smallest count)"
    ),
]


def tell(text: str) -> None:
    """Print plain text as it is: no markup, no highlighting, and no line breaks added (a path or a command stays
    whole, to copy)."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def fail(msg: str) -> NoReturn:
    """Print ``error: msg`` on one line and leave with status 2 (a usage error)."""
    console.print(f"[red]error:[/red] {msg}", highlight=False, markup=True, soft_wrap=True)
    raise typer.Exit(2)


def file_error(path: Path, err: OSError) -> str:
    """An ``OSError`` in the user's terms: ``cannot read x.json: no such file``."""
    reason = (err.strerror or str(err)).lower() if isinstance(err, OSError) else str(err)
    if isinstance(err, IsADirectoryError):
        reason = "it is a folder, not a file"
    return f"cannot use {path}: {reason}"


@contextmanager
def user_errors(prefix: str = "") -> Iterator[None]:
    """Turn the errors a user's input can cause (bad option, bot, player count, file) into one ``error:`` line.

    Only wrap the steps that read the user's input (parsing, validation, loading), never a whole run: an engine
    bug deep inside a game should still show its traceback."""
    try:
        yield
    except (TawaError, ValueError) as e:
        fail(prefix + str(e))
    except OSError as e:
        fail(prefix + file_error(Path(e.filename or "?"), e))


def options(items: list[str] | None) -> dict[str, Any]:
    """``--option`` texts as a mapping (``BadOption`` becomes a one-line error)."""
    try:
        return parse_option_text(items or [])
    except BadOption as e:
        fail(str(e))


def game_info(game: str) -> GameInfo:
    """The game's metadata, or a one-line error naming the known games."""
    with user_errors():
        return game_class(game).info
    raise AssertionError("unreachable")  # pragma: no cover


def start_game(game_id: str, players: int | None, seed: int, opts: Mapping[str, Any]) -> Game:
    """A new game from the command line's settings, or one ``error:`` line: a bad player count, seed or option
    (``BadOption`` names the Param and its rules). An option value that breaks the game's setup in a way its Param
    does not declare (an ``IndexError`` deep inside) is reported the same way, naming the options given."""
    with user_errors():
        try:
            return new_game(game_id, players, seed, opts)
        except (IndexError, KeyError, TypeError) as e:
            if not opts:
                raise
            given = ", ".join(f"{k}={json.dumps(v)}" for k, v in opts.items())
            see = " or ".join(f"`tawa rules {game_id} {k}`" for k in opts)
            raise BadOption(
                f"the game cannot start with {given} ({type(e).__name__}: {e}); the value breaks a "
                f"shape the option does not declare: {see} shows what it holds"
            ) from None
    raise AssertionError("unreachable")  # pragma: no cover


def players_text(n: int) -> str:
    """``solo``, ``2 players`` …: a player count in words."""
    return "solo" if n == 1 else f"{n} players"
