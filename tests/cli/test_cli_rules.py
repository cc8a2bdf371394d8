"""`tawa rules` at 80 columns: long values folded between items (a key is never broken), declared shapes shown."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tawa.cli import app
from tawa.terminal.rules_text import fold_value

runner = CliRunner()


def rules(*args: str, width: int = 80) -> list[str]:
    r = runner.invoke(app, ["rules", *args], env={"COLUMNS": str(width)})
    assert r.exit_code == 0, r.output
    return r.output.splitlines()


def block(lines: list[str], key: str) -> list[str]:
    start = next(i for i, x in enumerate(lines) if x.split("  ")[0] == key)
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith(" ")), len(lines))
    return lines[start:end]


def test_long_values_fold_at_80_columns_and_keys_stay_whole() -> None:
    lines = rules("toy-parts")
    assert all(len(x) <= 80 for x in lines), max(lines, key=len)
    b = block(lines, "A_RATHER_LONG_TABLE_OF_POSITIONS")  # the key whole, on its block's first line
    assert b[0].startswith("A_RATHER_LONG_TABLE_OF_POSITIONS  [P]  TP-010  (fixed)")
    values = [x for x in b if x.startswith(("    = ", "       "))]
    assert len(values) == 3 and b[4:6] == [
        "      … 22 more; all of it:",
        "      tawa rules toy-parts A_RATHER_LONG_TABLE_OF_POSITIONS",
    ]
    items = [i for x in values for i in x.strip(" =[],").split("], [")]
    assert all(i.count(",") == 2 and i.startswith('"S') for i in items), items  # no item cut across lines
    track = block(lines, "TRACK")
    assert "    shape: exactly 5 values; at least 0; nondecreasing" in track and "    = [0, 1, 3, 6, 10]" in track
    assert "    shape: from 1 to 4" in block(lines, "HAND_SIZE")


def test_a_real_table_fits_and_one_key_shows_it_whole() -> None:
    lines = rules("guatavita")
    assert all(len(x) <= 80 for x in lines)
    assert len(block(lines, "LAKE_POSITIONS")) <= 7  # was 40 lines with keys broken
    whole = "\n".join(rules("guatavita", "LAKE_POSITIONS"))
    assert whole.count('["S') == 18 and '["C",0,0]' in whole
    rows = json.loads(runner.invoke(app, ["rules", "toy-parts", "TRACK", "--json"]).output)["params"]
    assert [r["name"] for r in rows] == ["TRACK"] and rows[0]["shape"].startswith("exactly 5 values")


def test_fold_value_breaks_only_between_items() -> None:
    lines, left = fold_value({"alpha": [1, 2, 3], "beta": "b" * 10, "gamma": 3}, 30)
    assert lines == ['{"alpha": [1,2,3],', ' "beta": "bbbbbbbbbb",', ' "gamma": 3}'] and left == 0
    lines, left = fold_value(list(range(100)), 20, max_lines=2)
    assert lines == ["[0, 1, 2, 3, 4, 5,", " 6, 7, 8, 9, 10, 11,"] and left == 88
    assert fold_value("x" * 50, 20) == (['"' + "x" * 18 + "…"], 0)  # one item wider than a line is cut, and says so
