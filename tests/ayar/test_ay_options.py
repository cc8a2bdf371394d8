"""Options are checked when the game is made (issues 15 and 17): each Param's declared shape, and the
constraints between options and player counts, refused with ``BadOption`` naming the Param and its rules."""

from __future__ import annotations

import pytest

import tawa
from tawa.core.rng import Rng
from tawa.games.ayar.data import PARAMS, TAMBOS, lanes_at_least
from tawa.lab.playout import random_action


def _refused(players: int, **options: object) -> str:
    with pytest.raises(tawa.BadOption) as err:
        tawa.new_game("ayar", players, 1, options)
    return str(err.value)


def _plays(players: int, **options: object) -> tawa.Game:
    g = tawa.new_game("ayar", players, 1, options)
    rng = Rng(1)
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
    g.check_invariants()
    return g


@pytest.mark.rule("AY-031", "AY-133")
def test_issue_17_cases_are_refused_by_name():
    assert "START_STEP (AY-031, AY-133)" in _refused(3, START_STEP=[1, 2])  # was an IndexError
    assert "exactly 4 values" in _refused(2, START_STEP=[])
    assert "TEMPLE_MARKERS (AY-043)" in _refused(2, TEMPLE_MARKERS=-1)
    assert "START_STEP" in _refused(2, START_STEP=[12, 40, 6, 0]) and "CUSCO" in _refused(2, START_STEP=[12, 40, 6, 0])


def test_every_param_declares_a_shape():
    shapeless = [
        p.name
        for p in PARAMS
        if p.overridable
        and not isinstance(p.default, bool)
        and p.bounds is None
        and p.length is None
        and p.order is None
        and p.check is None
    ]
    assert shapeless == []
    assert len(list(PARAMS)) == 42


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("MARKET_SLOTS", [4, 4, 5, 31], "only 30 Pots"),
        ("TERRACE_SHAPE", [[4, 4], [4, 4], [4, 6], [4, 6, 1]], "[rows, columns]"),
        ("START_LLAMAS", [[0], [0, 0], [0, 0], [0, 0, 1, 1]], "3-player entry"),
        ("TURNS_PER_ROUND", [3, 4, 4, 4], "AY-193"),
        ("TURNS_PER_ROUND", [6, 4, 4, 1], "from 1 to 5"),
        ("CUSCO", 41, "SPOT_ACTIVITY"),
        ("CUSCO", 12, "START_STEP"),
        ("SPOT_ACTIVITY", ["PWFX" * 10] * 4, "'X'"),
        ("RAYMI_STEPS", [18], "RAYMI_TILES"),
        ("RAYMI_STEPS", [28, 18], "increasing"),
        ("RAYMI_STEPS", [18, 41], "beyond Cusco"),
        ("RAYMI_TILES", "PPWWFFRZ", "'Z'"),
        (
            "STEP_SLOTS",
            [
                "r2 1 2 viracocha 1",
                "r1 2 1 llamas 2",
                "r3 1 2 inti 3",
                "r4 3 0 moon 3",
                "c1 2 1 llamas 2",
                "c2 1 2 inti 3",
                "c3 3 0 moon 3",
                "c4 2 1 viracocha 1",
            ],
            "in this order",
        ),
        (
            "STEP_SLOTS",
            [
                "r1 1 2 gold 1",
                "r2 2 1 llamas 2",
                "r3 1 2 inti 3",
                "r4 3 0 moon 3",
                "c1 2 1 llamas 2",
                "c2 1 2 inti 3",
                "c3 3 0 moon 3",
                "c4 2 1 viracocha 1",
            ],
            "clan bonus",
        ),
        ("POT_VIRACOCHA", [7], "POT_POWERS"),
        ("POTS", ["red", "red", "green"], "distinct"),
        ("WEAVE_SHAPE", [3, 5], "COLUMN_MOON"),
        ("COLUMN_MOON", [4, 7, 10, 13, 20, 16], "nondecreasing"),
        ("FRAME_HALF_SUNS", ["2 2 N"], "not on the frame"),
        ("FRAME_HALF_SUNS", ["1 2 N", "1 2 N"], "listed twice"),
        ("TEXTILES", ["T01 1 aW,bW"], "half-suns"),
        ("TEXTILES", ["T01 1 aW,bE", "T01 2 aN,bN"], "listed twice"),
        ("MAIZE_BOXES", ["b 1,1,1 1 -"], "named a"),
        ("ROUTE", ["1 0 - E"], "Lake section"),
        ("BONUS_SPACES", ["v1 1 gold 2"], "unknown effect"),
        ("RIVAL_CARDS", ["RV01 leader 1 PPWF"], "distinct activity letters"),
        ("SOLO_BANDS", ["0 Wanderer", "0 Curaca"], "increasing"),
    ],
)
def test_bad_values_name_the_param_and_say_why(name, value, words):
    text = _refused(2, **{name: value})
    assert f" {name} (AY-" in text and words in text, text
    assert "(AY-" in text


def test_lanes_bound_behind_the_turns_check():
    """AY-193: n Tambos lie in at least ceil(2 sqrt n) lanes: 4 Tambos of a 2x2 block use 4 lanes."""
    assert [lanes_at_least(n) for n in (1, 2, 3, 4, 5, 9, TAMBOS)] == [2, 3, 4, 4, 5, 6, 8]


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"TURNS_PER_ROUND": [5, 5, 3, 1]}),
        (2, {"START_STEP": [0, 0, 0, 0], "CUSCO": 30}),
        (4, {"WEAVE_SHAPE": [3, 6], "FRAME_HALF_SUNS": [], "POT_VIRACOCHA": []}),
        (1, {"RIVAL_CARDS": ["RV01 leader 3 PWFR"], "BONUS_SPACES": []}),
        (2, {"MAIZE_BOXES": ["a 1,1 1 V"], "ISLAND_SLOTS": [], "TEXTILES": ["T01 1 aW,bE", "T02 2 aN,bN"]}),
    ],
)
def test_unusual_but_valid_options_play_to_the_end(players, options):
    g = _plays(players, **options)
    assert len(g.scores()) == players
