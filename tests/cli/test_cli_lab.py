"""simulate and bench say how many games the safety cap stopped, never a summary of blanks and None."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from tawa.cli import app
from tawa.terminal.cmd_lab import capped_text

runner = CliRunner()


def test_a_run_where_every_game_was_capped_says_so() -> None:
    r = runner.invoke(app, ["simulate", "toy-capped", "-n", "4", "--seats", "random"])
    assert r.exit_code == 0, r.output
    assert "toy-capped: no game finished by the rules (4 stopped by the safety cap)" in r.output
    assert "None" not in r.output and "win share" not in r.output
    assert '"HAND_SIZE": 1' in r.output  # the run's safety cap, in its options line


def test_a_run_of_finished_games_prints_figures_by_seat_name() -> None:
    r = runner.invoke(app, ["simulate", "toy-parts", "-n", "6", "-p", "2", "--seats", "greedy,random"])
    assert r.exit_code == 0, r.output
    assert "toy-parts: 6 games finished by the rules" in r.output and "stopped by" not in r.output
    assert re.search(r"│ 1 North │ \d+ +│ [\d.]+% ", r.output) and re.search(r"│ 2 East +│", r.output)  # from 1
    assert re.search(r"game length \(actions\): mean \d", r.output) and "None" not in r.output
    assert capped_text(2, 10) == "2 of 10 stopped by the safety cap (left out of the figures)"
    assert capped_text(0, 10) == ""


def test_bench_says_how_many_random_playouts_were_capped() -> None:
    r = runner.invoke(app, ["bench", "toy-capped", "--seconds", "0.1"])
    assert r.exit_code == 0, r.output
    m = re.search(r"random playouts stopped by the safety cap\s*│\s*(\d+) of (\d+)", r.output)
    assert m and m.group(1) == m.group(2) and int(m.group(1)) >= 3, r.output
    assert "capped games included" in r.output
    r = runner.invoke(app, ["bench", "toy-parts", "--seconds", "0.1"])
    assert re.search(r"random playouts stopped by the safety cap\s*│\s*0 of \d+", r.output), r.output
