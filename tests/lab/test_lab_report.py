"""tawa report: a self-contained HTML file with plots, intervals, ratings; bench's ismcts figure."""

from __future__ import annotations

import json
from pathlib import Path

import toy_game  # noqa: F401  (registers "toy-cards")
from typer.testing import CliRunner

from tawa.cli import app
from tawa.lab.bench import run_bench
from tawa.lab.report import bot_win_rates, openskill_ratings, write_report
from tawa.lab.simulate import read_records, run_simulation
from tawa.lab.stats import wilson

runner = CliRunner()


def test_wilson_interval() -> None:
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert wilson(0, 0) == (0.0, 1.0)
    for k in range(8):  # the interval always holds the observed rate (plots draw error bars from it)
        lo, hi = wilson(k, 7)
        assert lo <= k / 7 <= hi


def test_report_html_is_self_contained_with_plots(tmp_path: Path) -> None:
    run_simulation("toy-cards", 12, "greedy,random,ismcts:iters=15", 1, players=3, out=tmp_path)
    lines = tmp_path / "toy-cards.jsonl"
    recs = read_records(lines)
    # one capped game and per-game extras, to see them shown apart and plotted
    extra = dict(recs[0], index=99, capped=True)
    recs[1]["extras"] = {
        "seat_category": {"colour": ["red", "blue", "green"]},
        "seat_values": {"points by source": [{"gold": 3}, {"gold": 1}, {"gold": 2}]},
        "game_category": {"layout": "A"},
    }
    lines.write_text("".join(json.dumps(r) + "\n" for r in [*recs, extra]))
    r = runner.invoke(app, ["report", str(tmp_path)])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "report.html").read_text()
    assert text.count("<img") >= 6 and "data:image/png;base64," in text
    assert "http://" not in text and "https://" not in text and "<script" not in text
    assert "1</b> stopped by a safety cap" in text and "OpenSkill" in text
    assert "win rate by colour" in text or "by colour" in text
    assert "tawa simulate toy-cards -n 12 -p 3" in text
    rates = bot_win_rates([x for x in recs])
    assert set(rates) == {"greedy", "random", "ismcts:iters=15"}
    assert all(v["n"] == 12 for v in rates.values())
    ratings = openskill_ratings(recs)
    assert {x["bot"] for x in ratings} == set(rates)
    r = runner.invoke(app, ["report", str(tmp_path / "nothing")])
    assert r.exit_code == 2
    assert write_report(lines, tmp_path / "one.html").exists()


def test_bench_reports_ismcts_iterations_per_second() -> None:
    fig = run_bench("toy-cards", seconds=0.2)
    # measured figures, not speed targets (a loaded machine may take seconds): each is there and positive
    assert fig["ismcts"]["iterations_per_s"] > 0 and fig["ismcts"]["default_move_seconds"] > 0
    assert fig["ismcts"]["default_iters"] >= 1
    r = runner.invoke(app, ["bench", "toy-cards", "--seconds", "0.2"])
    assert r.exit_code == 0 and "ismcts iterations/s" in r.output
