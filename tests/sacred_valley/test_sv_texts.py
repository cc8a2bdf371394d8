"""What players read (issue 17): one vocabulary in the log, the board and the menu; turn and round separators and a
log line for a market slide; the harvest points a planting would give; the final ranking with its tie-break and
score breakdown; render parts with the seat's private view apart, fitted to 80 columns."""

from __future__ import annotations

import contextlib
import re

import pytest

import tawa
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.data import CAMAYO_NAMES
from tawa.games.sacred_valley.rules.actions import action_table
from tawa.games.sacred_valley.rules.common import LOG_ONLY
from tawa.lab.playout import random_action


def _played(seed: int, players: int = 4) -> tawa.Game:
    """A finished progress-biased game in which every seat holds Camayos from the start."""
    rng = tawa.Rng(seed)
    g = T.blank_game(players, seed=seed, options={"TURN_CAP_ROUNDS": 30})
    for p in range(players):
        for _ in range(3):
            with contextlib.suppress(ValueError):
                T.give_camayo(g, p, CAMAYO_NAMES[rng.below(len(CAMAYO_NAMES))])
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
    return g


@pytest.mark.parametrize("seed", range(3))
def test_the_log_names_camayos_as_the_board_does(seed: int) -> None:
    g = _played(seed)
    snake = [n for n in CAMAYO_NAMES if "_" in n]
    texts = [e.text for e in g.log]
    assert any("(Age" in t for t in texts)  # Camayos are drawn and named
    for t in texts:
        assert not any(n in t for n in snake), t
        assert not re.search(r"(?<!Age )\b1 tiles", t) and "(s)" not in t, t


def test_a_planting_of_one_tile_says_tile() -> None:
    g = T.blank_game(4)
    ev = T.act(g, "plant chili r1c1")
    plant = next(e for e in ev if e.kind == "plant")
    assert plant.text == "P1 plants chili on r1c1: Farmland of 1 tile, 0 alpacas, 1 HP"


def test_turn_and_round_separators_and_the_market_slide() -> None:
    g = T.blank_game(4)
    T.set_main_catu(g, [None, "corn", None, "potato", None, None])
    T.set_camayo_catu(g, [None, "herder", None, "rantic", None])
    ev = T.act(g, "harvest", "end turn")
    texts = [e.text for e in ev]
    assert texts[:4] == [
        "P1 harvests $0",
        "P1 ends the turn",
        "the Main Catu slides down: corn 2->1, potato 4->2",
        texts[3],
    ]
    assert "the Camayo Catu slides down: herder 2->1, rantic 4->2" in texts
    assert texts[-1] == "--- P2's turn ---" and all(e.to is None for e in ev if e.kind in LOG_ONLY)
    for _ in range(3):  # P2, P3, P4
        ev = T.act(g, "harvest", "end turn")
    assert [e.text for e in ev][-2:] == ["=== round 2 ===", "--- P1's turn ---"]
    assert [e.kind for e in ev][-2:] == ["round", "turn"]


def test_no_slide_line_when_nothing_moves() -> None:
    g = T.blank_game(4)
    ev = T.act(g, "harvest", "end turn")
    assert not [e for e in ev if e.kind == "slide"]


def test_help_on_a_plant_gives_its_harvest_points() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c2": "chili", "r1c3": "chili"})
    T.put_alpaca(g, "r1c3", "w1")
    T.set_farmers(g, 0, [5])
    T.give_tiles(g, 0, ["vine"])
    help_of = {a.id: g.help_text(a) for a in g.legal_actions()}
    assert help_of["plant chili r1c1"].endswith(
        "If planted now: Farmland of 3 tiles and 1 alpaca: 4 HP; your farmer goes from 5 to 7, worth $20 at the "
        "next Harvest; 2 HP lost (track full)."
    )
    assert "Farmland of 1 tile: 2 HP (a vine always scores 2, SV-122)" in help_of["plant vine r1c6"]
    T.put_tile(g, "r2c4", "vine")
    assert "unlock fee $1" in {a.id: g.help_text(a) for a in g.legal_actions()}["plant chili r3c4"]


def test_standings_name_the_tie_break_and_the_breakdown() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 3, "rantic")
    for p, c in enumerate((10, 10, 10, 1)):
        T.set_coins(g, p, c)
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 1, ["vine"])  # seat 1: 2 tiles, seat 2: 1 tile, seat 0: none
    table = g.standings()
    assert [s.place for s in table] == g.ranking() == [3, 1, 2, 4]
    assert [s.decided_by for s in table] == [
        "score",
        "SV-584 more Seed Tiles in the Warehouse",
        "SV-584 more Seed Tiles in the Warehouse",
        "",
    ]
    assert table[3].breakdown == {"in hand": 1.0, "Camayo rewards": 6.0} and table[3].score == 7.0
    assert table[3].unit == "coins" and table[3].amount(table[3].score) == "7 coins"
    assert [s.tie_break for s in table] == [False, True, True, False]
    tie = "SV-584 more Seed Tiles in the Warehouse"
    assert [s.decisive for s in table] == ["", tie, tie, ""]  # "decided by" only where the tie-break decided
    T.give_tiles(g, 2, ["vine"])
    table = g.standings()
    assert table[1].shared and table[1].decided_by == "shared: still tied after SV-584 more Seed Tiles in the Warehouse"


def test_seats_are_named_as_on_the_board() -> None:
    g = T.blank_game(3)
    assert [g.seat_label(s) for s in range(3)] == ["P1", "P2", "P3"]  # counted from 1, as people count
    assert action_table(g.tables, g.params, 3).by_id["partner 2"].text.startswith("choose P3 as work partner")
    assert "P1 to act" in g.render(0) or "P3 to act" in g.render(0) or "P2 to act" in g.render(0)
    assert sum(line.startswith(("P1 ", "P2 ", "P3 ")) for line in g.render(0).splitlines()) == 3
    assert "P0" not in g.render(0) and "P0" not in type(g).board_svg(g.observation(0))


@pytest.mark.parametrize("width", [80, 100, None])
def test_render_parts_keep_the_private_view_apart_and_fit(width: int | None) -> None:
    g = _played(1)
    h = T.blank_game(5)
    T.set_coins(h, 3, 17)
    for game in (h, g):
        for seat in (None, *range(game.players)):
            parts = game.render_parts(seat, width)
            names = [n for n, _ in parts]
            private = seat is not None and not game.is_over
            assert names == ["status", "terrace", "market", "players"] + (["you"] if private else [])
            if width is not None:
                assert all(len(line) <= width for _, text in parts for line in text.splitlines())
    you = dict(h.render_parts(3, 80))["you"]
    assert "$17" in you
    assert not any("$17" in text for name, text in h.render_parts(3, 80) if name != "you")
    assert not any(re.search(r"\$17\b", text) for _, text in h.render_parts(2, 80))
