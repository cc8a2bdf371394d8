"""``tawa list`` and ``tawa rules``."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from tawa.core.registry import list_games
from tawa.terminal.common import console, fail, game_info
from tawa.terminal.rules_text import rules_texts, value_text


def list_cmd() -> None:
    """The games."""
    t = Table(title="Tawa games")
    for col in ("id", "name", "players", "spec"):
        t.add_column(col)
    for info in list_games():
        t.add_row(info.id, info.name, ", ".join(map(str, info.players)), info.spec)
    console.print(t)


def rules(
    game: str,
    key: Annotated[str | None, typer.Argument(help="one option or data value, shown whole")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Options and data constants with their values, declared shape, provenance tag and rule IDs."""
    info = game_info(game)
    rows = info.params.table()
    if key is not None:
        rows = [r for r in rows if r["name"] == key] or [r for r in rows if r["name"].lower() == key.lower()]
        if not rows:
            fail(f"{info.name} has no option or data value {key!r}; `tawa rules {game}` lists them")
    if as_json:
        print(json.dumps({"game": game, "params": rows}, indent=1))
        return
    if key is not None:
        r = rows[0]
        console.print(
            Text.assemble((r["name"], "bold"), f" [{r['tag']}] {' '.join(r['rules'])}: {r['doc']}"), highlight=False
        )
        if r["shape"]:
            console.print(f"shape: {r['shape']}", highlight=False, markup=False)
        console.print(value_text(r["value"]), highlight=False, markup=False, soft_wrap=True)
        return
    for text in rules_texts(info, console.width):
        console.print(text, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("list")(list_cmd)
    app.command()(rules)
