"""What a player reads (issue 17): named render parts fitted to the width, the legend (goal, side directions,
labelled supply slots), White/Black as the seats' names everywhere, the log in the action menu's words with turn
separators, the help on a sale, and the final standings (PK-307, PK-320)."""

from __future__ import annotations

import pytest

import tawa
from tawa import Rng
from tawa.games.pachakuna import view
from tawa.games.pachakuna.data import INDEX
from tawa.games.pachakuna.render import FULL_WIDTH
from tawa.games.pachakuna.testing import (
    at_step,
    finish_turn,
    make_game,
    one_sale_from_winning,
    put_llama,
    set_demand,
    set_supply,
    side_index,
)
from tawa.lab.playout import random_playout
from tawa.terminal.standings import standings_text

BLUE_V = (0, -4)


def played(seed: int = 4, steps: int = 150, **options) -> tawa.Game:
    g = make_game(seed=seed, **options)
    random_playout(g, Rng(seed), biased=True, stop_after=steps)
    return g


def test_parts_are_named_and_each_seat_has_its_own():
    g = played()
    names = [name for name, _ in g.render_parts(0)]
    assert names == ["board", "legend", "villages", "white", "black", "status"]
    parts = dict(g.render_parts(side_index(g, "black")))
    assert "Black (you)" in parts["black"] and "(you)" not in parts["white"]
    assert "(you)" not in g.render(None)
    assert g.render(0) == "\n".join(text for _, text in g.render_parts(0))


@pytest.mark.parametrize("width", [80, 100])
def test_below_the_full_width_everything_fits(width):
    """issue 17: the full board is 108 columns and wrapped into garbage at 80; below that a compact board."""
    for g in (make_game(), played(), played(seed=9, steps=400, layout="random")):
        for seat in (None, 0, 1):
            lines = g.render(seat, width).splitlines()
            assert max(len(line) for line in lines) <= width
    full = make_game().render(0)
    assert max(len(line) for line in full.splitlines()) == FULL_WIDTH == 108
    assert make_game().render(0, FULL_WIDTH) == full


def test_the_compact_board_keeps_every_cell():
    g = make_game()
    put_llama(g, "white", 1, (1, 0), "red")
    compact = dict(g.render_parts(0, 80))["board"]
    assert len(compact.splitlines()) == 27  # 9 rows of 3 lines, as the full board
    for name in ("-4,1", "4,-3", "1,0", "-1,-3"):  # tile cells show their names
        assert name in compact
    assert "+WHI+" in compact and "w0b0" in compact and "w1" in compact


def test_the_legend_says_the_goal_the_sides_and_the_llamas():
    legend = dict(make_game().render_parts(0))["legend"]
    assert "Goal:" in legend and "each of the 7 colours" in legend
    assert "0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE" in legend
    assert "w01 = White llamas 0 and 1" in legend and "^ mountain" in legend and ". valley" in legend


@pytest.mark.rule("PK-251")
def test_the_seven_supply_slots_are_labelled():
    g = make_game()
    set_supply(g, "white", {"red": 3, "blue": 1})
    white = dict(g.render_parts(0))["white"].splitlines()
    header = next(line for line in white if "colour slots" in line)
    slots = next(line for line in white if "[" in line)
    assert header.index("W R O Y G B P") == slots.index("[") + 1  # each letter above its slot
    assert "[_ R _ _ _ B _]" in slots and "red 3, blue 1" in slots
    assert "2 of the 7 colours held" in white[0]


@pytest.mark.rule("PK-093", "PK-001")
def test_seats_are_white_and_black_everywhere():
    g = make_game(WHITE_SEAT=1)
    assert [g.seat_label(0), g.seat_label(1)] == ["Black", "White"]
    status = dict(g.render_parts(None))["status"]
    assert "White to play" in status
    with pytest.raises(tawa.BadSeat):
        g.seat_label(2)
    assert [name for name, _ in g.render_parts(None)][3:5] == ["white", "black"]


def test_the_log_speaks_the_menu_s_words_and_separates_turns():
    g = make_game()
    menu = {a.id: a.text for a in g.legal_actions()}["rotate 0,1 o5"]
    assert "F2 -> F5" in menu
    events = g.apply("rotate 0,1 o5")
    assert "rotates tile 0,1 F2 -> F5 (free)" in events[0].text and " o5" not in events[0].text
    finish_turn(g)
    turns = [e.text for e in g.log if e.kind == "turn"]
    assert turns == ["── Turn 1: White to play ──", "── Turn 2: Black to play ──"]
    keep = make_game()
    events = keep.apply(f"rotate 3,-3 o{keep.state.orient[INDEX[(3, -3)]]}")
    assert "0-degree rotation" in events[0].text and "rock" in events[0].text


@pytest.mark.rule("PK-202", "PK-203", "PK-204", "PK-902")
def test_the_help_on_a_sale_says_what_it_pays():
    """PK-902: a Black llama carrying yellow at the blue village showing Y/R: the sale pays 2 yellow."""

    def at_blue(load: str) -> tawa.Game:
        g = make_game()
        put_llama(g, "black", 0, BLUE_V, load)
        set_demand(g, "blue", "Y/R")
        at_step(g, "trade", "black")
        return g

    for load, says in (
        ("yellow", "pays 2 yellow: a new colour, 1 of 7"),
        ("red", "pays 1 red"),
        ("green", "pays nothing"),
    ):
        g = at_blue(load)
        sale = next(a for a in g.legal_actions() if a.id == "sell llama0")
        text = g.help_text(sale)
        assert says in text and "loaded with blue" in text, text
    g = make_game()
    put_llama(g, "white", 0, (-1, 0), "red")  # a move onto a village says what the load would pay there
    set_demand(g, "green", "Y/R")
    at_step(g, "move")
    move = next(a for a in g.legal_actions() if a.id == "move llama0 -4,0")
    assert "Selling red at the green village (D19 Y/R, red on the lower flag) pays 1 red" in g.help_text(move)


@pytest.mark.rule("PK-300", "PK-307", "PK-922")
def test_standings_of_a_win():
    g = make_game()
    one_sale_from_winning(g)
    g.apply("sell llama0")
    assert g.is_over
    white, black = side_index(g, "white"), side_index(g, "black")
    table = g.standings()
    assert (table[white].place, table[black].place) == (1, 2)
    assert "PK-300" in table[white].decided_by and not table[white].shared
    assert table[white].breakdown["colours held"] == 7
    winner_line = next(ln for ln in standings_text(g).splitlines() if ln.strip().startswith("1 "))
    assert "PK-300" in winner_line and "tie-break" not in winner_line  # a win, not a tie-break
    assert "White holds all 7 colours and wins" in dict(g.render_parts(None))["status"]
    assert g.log[-1].text == "White holds all 7 colours and wins (PK-300)"


@pytest.mark.rule("PK-320", "PK-307")
def test_standings_of_a_draw_by_the_cap():
    g = make_game(TURN_CAP=2)
    finish_turn(g)
    finish_turn(g)
    assert g.is_over and g.capped
    assert [(s.place, s.shared) for s in g.standings()] == [(1, True), (1, True)]
    assert all("PK-320" in s.decided_by for s in g.standings())
    assert "turn cap" in dict(g.render_parts(None))["status"]
    assert "PK-320" in g.log[-1].text


def test_the_browser_board_is_wired_to_the_view():
    g = played()
    obs = g.observation(None)
    legal = [a.id for a in g.legal_actions()]
    assert type(g).board_svg(obs) == view.svg(obs) and type(g).board_svg(obs).startswith("<svg")
    assert type(g).board_targets(obs, legal) == view.targets(obs, legal)
    assert type(g).board_previews(obs, legal) == view.previews(obs, legal)
