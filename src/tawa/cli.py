"""The ``tawa`` command: list, rules, play, simulate, report, tune, replay, bench, serve, bench-server.

Each subcommand lives in a module of ``tawa.terminal`` (``cmd_*.py``) whose ``register(app)`` adds it to the typer
app below; a new command is one more module in ``COMMANDS`` (or an ``@app.command()`` here). The helpers they
share (the console, one-line errors, ``--option`` parsing) are in ``tawa.terminal.common``.
"""

from __future__ import annotations

import typer

from tawa.terminal import cmd_info, cmd_lab, cmd_play, cmd_replay, cmd_tune, cmd_web
from tawa.terminal.common import console

app = typer.Typer(
    help="Tawa: Sacred Valley, P'achakuna, Ayar and Guatavita — play, simulate, bench.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

COMMANDS = (cmd_info, cmd_play, cmd_lab, cmd_tune, cmd_replay, cmd_web)
for _module in COMMANDS:
    _module.register(app)

__all__ = ["COMMANDS", "app", "console", "main"]


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
