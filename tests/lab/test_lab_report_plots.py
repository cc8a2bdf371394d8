"""tawa report's readability: category labels never overlap, counts get whole-number ticks, and a section whose
games were all capped says why it has no figures."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import toy_game  # noqa: F401  (registers "toy-cards")

from tawa.lab.report import category_figure, length_histogram, write_report
from tawa.lab.simulate import read_records, run_simulation

CAMAYOS = [
    "alpaca_worker",
    "ayllu_member",
    "barterer",
    "cleaner",
    "cultivator",
    "foreigner",
    "harvest_worker",
    "hatun_runa",
    "herder",
    "irrigator",
    "rantic",
    "saboteur",
    "supervisor",
    "terrace_worker",
    "tocricoc",
    "umu",
    "warehouse_keeper",
    "warrior",
    "weaver",
    "yanacona",
]


def overlapping(fig: Any, labels: list[Any]) -> list[tuple[str, str]]:
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    boxes = [(t.get_text(), t.get_window_extent(r)) for t in labels if t.get_text()]
    return [(a, b) for (a, x), (b, y) in itertools.combinations(boxes, 2) if x.overlaps(y)]


def test_many_category_labels_do_not_overlap() -> None:
    rates = [{"rate": 0.3, "lo": 0.1, "hi": 0.6, "n": 5.0, "wins": 1.5} for _ in CAMAYOS]
    fig = category_figure("Camayo held at the end", CAMAYOS, rates, [300.0] * len(CAMAYOS), "actions", 0.25)
    ax = fig.axes[0]
    assert overlapping(fig, ax.get_yticklabels()) == [] and len(ax.get_yticklabels()) == len(CAMAYOS)
    assert overlapping(fig, ax.get_xticklabels()) == []
    plt.close(fig)
    # the check itself finds the overlap of the old layout (upright bars, labels at 20 degrees)
    fig, old = plt.subplots(figsize=(6, 3.6))
    old.bar(range(len(CAMAYOS)), [0.3] * len(CAMAYOS))
    old.set_xticks(range(len(CAMAYOS)), CAMAYOS, rotation=20, ha="right", fontsize=8)
    assert overlapping(fig, old.get_xticklabels())
    plt.close(fig)


def test_a_few_categories_stay_upright() -> None:
    rates = [{"rate": 0.5, "lo": 0.2, "hi": 0.8, "n": 4.0, "wins": 2.0} for _ in range(3)]
    fig = category_figure("colour", ["red", "blue", "green"], rates, [10.0, 12.0, 9.0], "turns", 0.5)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["red (n=4)", "blue (n=4)", "green (n=4)"]
    plt.close(fig)


def test_the_game_length_histogram_counts_in_whole_numbers() -> None:
    fig, ax = plt.subplots()
    length_histogram(ax, [101, 102, 102, 103, 140])
    fig.canvas.draw()
    ticks = [t for t in ax.get_yticks() if ax.get_ylim()[0] <= t <= ax.get_ylim()[1]]
    assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks), ticks
    plt.close(fig)


def test_a_section_of_capped_games_only_says_why_it_has_no_figures(tmp_path: Path) -> None:
    run_simulation("toy-cards", 3, "random", 1, players=2, out=tmp_path)
    f = tmp_path / "toy-cards.jsonl"
    f.write_text("".join(json.dumps({**r, "capped": True}) + "\n" for r in read_records(f)))
    text = write_report(tmp_path).read_text()
    assert "No figures for this section:</b> every one of its games was stopped by the safety cap" in text
    assert "Capped games" in text and "<img" not in text and "win share" not in text
