"""Every option a person can set is bounded (issue 23): declared upper bounds on numbers, texts and lengths,
checked by ``new_game`` with an error naming the option and its range, and a drawing of any position at the
extreme allowed options stays within a fixed size. (How long such a drawing takes is a benchmark figure, not a
test: docs/performance.md § Hostile clients.)"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tawa
from tawa.core.errors import BadOption
from tawa.core.extremes import ayar_largest, extreme_options, largest_drawings
from tawa.core.params import Param
from tawa.core.registry import game_class, new_game

GAMES = ("ayar", "guatavita", "pachakuna", "sacred-valley")
BOARD_BYTES_MOST = 640_000  # the largest board at default options is Ayar's for 4 players, about 285 kB
PREVIEWS_BYTES_MOST = 640_000


def _settable(game: str) -> list[Param]:
    return [p for p in game_class(game).info.params if p.overridable]


@pytest.mark.parametrize("game", GAMES)
def test_every_person_settable_option_declares_its_upper_bounds(game: str) -> None:
    open_ends = {p.name: p.open_ends() for p in _settable(game) if p.open_ends()}
    assert open_ends == {}
    for p in _settable(game):
        assert p.most_items >= 16
        for row in game_class(game).info.params.table():
            if row["name"] == p.name and p.bounds is not None:
                assert row["bounds"] == list(p.bounds) and p.describe() in row["shape"]


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("guatavita", {"GOLD_CAP": 100_000}, "GOLD_CAP (GV-370): 100000 is out of range: from 0 to 40"),
        ("guatavita", {"GOLD_CAP": 10**18}, "GOLD_CAP (GV-370): 1000000000000000000 is out of range"),
        ("guatavita", {"GOLD_CAP": 10**5000}, "a number of about 5000 digits is out of range: from 0 to 40"),
        ("guatavita", {"FOOD_CAP": 41}, "FOOD_CAP (GV-372): 41 is out of range: from 0 to 40"),
        ("guatavita", {"CAMP_UPGRADE": [100_000, 1, 2]}, "CAMP_UPGRADE (GV-130, GV-520): 100000 is out of range"),
        ("guatavita", {"RECRUIT_WORKERS": 100_000}, "RECRUIT_WORKERS (GV-141): 100000 is out of range: from 1 to 9"),
        ("guatavita", {"PIONEER_WORKERS": 10}, "from 1 to 9"),
        ("guatavita", {"MAX_ROUNDS": 10**9}, "MAX_ROUNDS (GV-860, GV-861, GV-863): 1000000000 is out of range"),
        ("guatavita", {"COLOURS": ["r" + "x" * 30, "blue"]}, "is longer than 20 characters"),
        ("guatavita", {"COLOURS": ["r\ue000x", "blue"]}, "holds the character U+E000: an option's text may not"),
        ("guatavita", {"COLOURS": ["red\x07", "blue"]}, "holds the character U+0007"),
        ("ayar", {"TEXTILES": ["T\ue001 1 aN,aS"]}, "TEXTILES (AY-034, AY-282, AY-283): 'T\\ue001 1 aN,aS' holds the"),
        ("ayar", {"TEMPLE_MARKERS": 100_000}, "TEMPLE_MARKERS (AY-043): 100000 is out of range: from 0 to 12"),
        ("ayar", {"TEMPLE_TOKENS": 7}, "TEMPLE_TOKENS (AY-032): 7 is out of range: from 0 to 6"),
        ("ayar", {"LAKE_TOKENS": 100_000}, "LAKE_TOKENS (AY-036): 100000 is out of range: from 0 to 8"),
        ("ayar", {"TERRACE_SHAPE": [[4, 4], [4, 4], [4, 6], [100_000, 6]]}, "TERRACE_SHAPE (AY-038): 100000 is out"),
        ("ayar", {"CUSCO": 81}, "CUSCO (AY-115): 81 is out of range: from 1 to 80"),
        ("ayar", {"ROUTE": ["1 0 - A"] * 37}, "ROUTE (AY-341, AY-355): expected 1 to 36 values, got 37"),
        ("ayar", {"ROUTE": ["100000 0 - A"]}, "cost must be from 0 to 99, not 100000"),
        ("ayar", {"ROUTE": ["1" * 5000 + " 0 - A"]}, "is longer than 40 characters"),
        ("ayar", {"RAYMI_STEPS": [float("nan")]}, "RAYMI_STEPS (AY-211): expected an integer, got nan"),
        ("ayar", {"POT_ROW": [[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}, "POT_ROW (AY-257, AY-258): expected an integer"),
        ("pachakuna", {"TURN_CAP": 10**6}, "TURN_CAP (PK-320): 1000000 is out of range: from 1 to 2000"),
        ("pachakuna", {"MAX_ROTATIONS": 10**6}, "MAX_ROTATIONS (PK-007, PK-136): 1000000 is out of range"),
        ("sacred-valley", {"TURN_CAP_ROUNDS": 10**6}, "TURN_CAP_ROUNDS (SV-630, SV-631): 1000000 is out of range"),
        ("sacred-valley", {"HARVEST_TRACK": [0, 1, 3, 6, 9, 12, 16, 10**9]}, "1000000000 is out of range"),
    ],
)
def test_out_of_range_options_are_refused_naming_the_option_and_its_range(
    game: str, options: dict[str, Any], words: str
) -> None:
    with pytest.raises(BadOption) as err:
        new_game(game, None, 0, options)
    assert words in str(err.value)


def test_a_value_nested_thousands_deep_is_refused_not_overflowing() -> None:
    deep: Any = 1
    for _ in range(50_000):
        deep = [deep]
    with pytest.raises(BadOption, match="more than"):
        new_game("ayar", 2, 0, {"POT_ROW": deep})
    huge = [1.5] * 100_000
    with pytest.raises(BadOption, match="more than"):
        new_game("sacred-valley", 3, 0, {"HARVEST_TRACK": huge})


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_board_at_every_option_at_its_far_end_stays_within_a_fixed_size(game: str) -> None:
    for players in game_class(game).info.players:
        options = extreme_options(game, players)
        assert len(options) >= 8, options  # most of the game's options are at an end together
        d = largest_drawings(game, players, options, seed=players, moves=400)
        assert d.board <= BOARD_BYTES_MOST and d.previews <= PREVIEWS_BYTES_MOST, (players, d)
    if game == "ayar":
        for players in (1, 4):
            d = largest_drawings(game, players, ayar_largest(), seed=1, moves=400)
            board, previews = d.board, d.previews
            assert board <= BOARD_BYTES_MOST and previews <= PREVIEWS_BYTES_MOST, (players, board)
            assert players == 1 or board > 400_000  # the largest board is found


@pytest.mark.slow
@settings(max_examples=24, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_any_position_at_extreme_allowed_options_draws_within_a_fixed_size(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES), label="game")
    players = data.draw(st.sampled_from(game_class(game).info.players), label="players")
    picks = data.draw(
        st.lists(st.tuples(st.integers(0, 200), st.integers(0, 3)), min_size=1, max_size=30), label="picks"
    )
    options = extreme_options(game, players, picks)
    seed = data.draw(st.integers(0, 2**32), label="seed")
    moves = data.draw(st.integers(0, 500), label="moves")
    d = largest_drawings(game, players, options, seed, moves, every=max(1, moves // 6 or 1))
    assert d.board <= BOARD_BYTES_MOST, (game, players, options, d)
    assert d.previews <= PREVIEWS_BYTES_MOST, (game, players, options, d)


def test_extremes_are_at_the_declared_ends() -> None:
    p = game_class("guatavita").info.params.params["GOLD_CAP"]
    assert p.extremes() == [40, 0]
    route = game_class("ayar").info.params.params["ROUTE"]
    assert all(len(v) <= 36 for v in route.extremes()) and any(len(v) == 36 for v in route.extremes())
    assert all(
        math.isfinite(x)
        for p in _settable("sacred-valley")
        for v in p.extremes()
        for x in ([v] if isinstance(v, int | float) and not isinstance(v, bool) else [])
    )
    assert tawa.new_game("guatavita", 2, 0, {"GOLD_CAP": 40, "FOOD_CAP": 40}).params.GOLD_CAP == 40


def test_tawa_rules_shows_each_options_bounds() -> None:
    from typer.testing import CliRunner

    from tawa.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["rules", "guatavita"], env={"COLUMNS": "100"}).output
    gold = out[out.index("\nGOLD_CAP ") :].splitlines()[1:5]
    assert "    shape: from 0 to 40" in gold, gold
    out = runner.invoke(app, ["rules", "ayar", "ROUTE"], env={"COLUMNS": "100"}).output
    assert "1 to 36 values; texts of at most 40 characters" in out
    out = runner.invoke(app, ["rules", "guatavita", "MAX_ROUNDS"], env={"COLUMNS": "100"}).output
    assert "from 1 to 100" in out
