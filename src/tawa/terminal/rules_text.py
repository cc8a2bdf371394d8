"""``tawa rules GAME``: every option and data value as a block that fits the terminal's width.

One block per Param: its key (never broken), tag and rules on the first line, then its value folded at
item boundaries (an item is never cut in the middle; a long value shows its first lines and says how many
items it holds), its declared shape (``Param.describe``) and its meaning. ``tawa rules GAME KEY`` prints one
value whole.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from rich.text import Text

from tawa.core.game import GameInfo
from tawa.core.params import TAGS

VALUE_LINES = 3  # a value longer than this many lines is cut there (`tawa rules GAME KEY` shows it whole)
INDENT = "    "


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def _items(value: Any) -> tuple[str, list[str], str]:
    """A value as (opening bracket, items, closing bracket); an item is one list element or mapping entry,
    written without spaces inside so a line may only break between items."""
    tight = (",", ":")
    if isinstance(value, list) and value:
        return "[", [json.dumps(v, separators=tight, ensure_ascii=False) for v in value], "]"
    if isinstance(value, dict) and value:
        return (
            "{",
            [
                f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, separators=tight, ensure_ascii=False)}"
                for k, v in value.items()
            ],
            "}",
        )
    return "", [_compact(value)], ""


def fold_value(value: Any, width: int, max_lines: int = VALUE_LINES) -> tuple[list[str], int]:
    """The value in lines of at most ``width`` columns, broken only between items; (lines, items left out).
    An item wider than a line is cut at the line's end (it cannot be shown otherwise)."""
    opening, items, closing = _items(value)
    width = max(20, width)
    lines: list[str] = []
    cur, filled, left_out = opening, False, 0
    for i, item in enumerate(items):
        piece = item + (", " if i < len(items) - 1 else closing)
        if filled and len(cur) + len(piece.rstrip()) > width:
            lines.append(cur.rstrip())
            if len(lines) == max_lines:
                left_out = len(items) - i
                break
            cur, filled = " " * len(opening), False
        cur += piece
        filled = True
    else:
        lines.append(cur.rstrip())
    out = []
    for line in lines:
        out.append(line if len(line) <= width else line[: width - 1] + "…")
    return out, left_out


def param_block(row: dict[str, Any], game_id: str, width: int) -> Text:
    """One Param as lines that fit ``width`` columns."""
    tag = row["tag"]
    style = "yellow" if "P" in tag else ("cyan" if "D" in tag else "")
    out = Text()
    out.append(row["name"], style="bold")
    out.append("  ")
    out.append(f"[{tag}]", style=style)
    rules = " ".join(row["rules"])
    if rules:
        out.append("  " + rules, style="dim")
    if not row["overridable"]:
        out.append("  (fixed)", style="dim")
    inner = width - len(INDENT) - len("= ")
    lines, left_out = fold_value(row["value"], inner)
    for i, line in enumerate(lines):
        out.append("\n" + INDENT + ("= " if i == 0 else "  ") + line)
    if left_out:
        hint = f"… {left_out} more; `tawa rules {game_id} {row['name']}` shows it whole"
        if len(INDENT) + 2 + len(hint) > width:
            hint = f"… {left_out} more; all of it:\n{INDENT}  tawa rules {game_id} {row['name']}"
        out.append(f"\n{INDENT}  {hint}", style="dim")
    for label, text in (("shape: ", row.get("shape") or ""), ("", row["doc"])):
        if text:
            for line in textwrap.wrap(
                label + text, width - len(INDENT), break_long_words=False, break_on_hyphens=False
            ):
                out.append("\n" + INDENT + line)
    return out


def rules_texts(info: GameInfo, width: int) -> list[Text]:
    """The whole listing: a title, one block per Param, and the legend of the tags."""
    head = Text(f"{info.name}: options and data (override with --option KEY=VALUE)", style="bold")
    blocks = [param_block(r, info.id, width) for r in info.params.table()]
    legend = (
        ", ".join(f"[{k}] {v}" for k, v in TAGS.items()) + ". [P] values are our proposals where no source has "
        "the fact."
    )
    return [head, *blocks, Text("\n".join(textwrap.wrap("Tags: " + legend, width)))]


def value_text(value: Any) -> str:
    """One value whole, one item a line (``tawa rules GAME KEY``)."""
    opening, items, closing = _items(value)
    if not opening:
        return items[0]
    return opening + "\n" + ",\n".join(" " + i for i in items) + "\n" + closing
