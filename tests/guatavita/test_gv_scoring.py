"""End scoring, majorities with the literal tie split, winner and tie-breaks (GV-710..GV-753, GV-916..GV-919)."""

from __future__ import annotations

import pytest

from tawa.games.guatavita.scoring import breakdown, majority_points
from tawa.games.guatavita.testing import drain, pass_all, scenario, set_camp, set_stock

PTS = (9, 7, 4, 0)


@pytest.mark.rule("GV-917", "GV-717")
def test_example_917_three_tie_first() -> None:
    assert majority_points([5, 5, 5, 3], PTS, "literal") == [5, 5, 5, 0]
    assert majority_points([5, 5, 5, 3], PTS, "occupied") == [6, 6, 6, 0]


@pytest.mark.rule("GV-918", "GV-716")
def test_example_918_two_tie_second() -> None:
    assert majority_points([9, 4, 4, 1], PTS, "literal") == [9, 5, 5, 0]


@pytest.mark.rule("GV-919", "GV-715")
def test_example_919_two_tie_third() -> None:
    assert majority_points([9, 8, 2, 2], PTS, "literal") == [9, 7, 2, 2]


@pytest.mark.rule("GV-714", "GV-712", "GV-713")
def test_competition_ranks_include_zero() -> None:
    assert majority_points([0, 3, 0], PTS, "literal") == [(7 + 4) // 2, 9, (7 + 4) // 2]
    assert majority_points([0, 0], PTS, "literal") == [8, 8]
    assert majority_points([2, 1], PTS, "literal") == [9, 7]


@pytest.mark.rule("GV-718")
def test_occupied_mode_switch() -> None:
    g = scenario(4, spots=["NE", "NW", "SW", "SE"], options={"TIE_SPLIT_MODE": "occupied"})
    for s in range(3):
        set_stock(g, s, camp_level=5)
    b = breakdown(g.state, g.tables, g.params)
    assert [x["camp_majority"] for x in b] == [6, 6, 6, 0]
    g = scenario(4, spots=["NE", "NW", "SW", "SE"])
    for s in range(3):
        set_stock(g, s, camp_level=5)
    assert [x["camp_majority"] for x in breakdown(g.state, g.tables, g.params)] == [5, 5, 5, 0]


@pytest.mark.rule("GV-916", "GV-711")
def test_example_916_camp_track() -> None:
    g = scenario(2, spots=["NE", "SW"])
    set_stock(g, 0, camp_level=9)
    assert breakdown(g.state, g.tables, g.params)[0]["camp_track"] == 12
    assert breakdown(g.state, g.tables, g.params)[1]["camp_track"] == 0


@pytest.mark.rule("GV-710", "GV-719", "GV-720", "GV-721", "GV-722", "GV-723", "GV-724", "GV-725", "GV-726")
def test_final_score_items() -> None:
    g = scenario(2, spots=["NE", "SW"])
    set_camp(g, 0, workers=5, machines=2, pipes=1)
    set_stock(g, 0, emeralds=11, gold=6, food=8, vp=20, camp_level=5, pump_level=2)
    drain(g, "S01", {0: 2}, he=0)
    drain(g, "S02", {0: 1}, he=0)
    drain(g, "S10", {1: 1})
    b = breakdown(g.state, g.tables, g.params)[0]
    assert b == {
        "track": 20,
        "camp_track": 2,
        "camp_majority": 9,
        "pipe_majority": 9,
        "machines": 6,
        "workers": 2,
        "pipes": 2,
        "emeralds": 2,
        "gold": 6,
        "head_explorers": 6,
        "balsa": 0,
        "total": 20 + 2 + 9 + 9 + 6 + 2 + 2 + 2 + 6 + 6,
    }
    assert g.scores()[0] == b["total"]


@pytest.mark.rule("GV-750", "GV-751", "GV-752", "GV-753")
def test_winner_and_tie_breaks() -> None:
    def game(vp: tuple[int, int], pipes: tuple[int, int], gold: tuple[int, int]):
        g = scenario(2, spots=["NE", "SW"])
        for s in (0, 1):
            set_stock(g, s, vp=vp[s], gold=gold[s])
            # same pipe majority points whatever the lake pipes (camp pipes compensate score)
        if pipes[0]:
            drain(g, "S01", {0: pipes[0]})
        if pipes[1]:
            drain(g, "S10", {1: pipes[1]})
        return g

    g = game((30, 20), (1, 1), (5, 5))
    assert g.ranking() == [1, 2]
    # equal VP: more pipes in the lake wins (pipe majority rewards it too, so balance with track VP)
    g = game((20, 22), (2, 1), (5, 5))
    s = g.scores()
    assert s[0] == s[1] and g.ranking() == [1, 2]
    g = game((20, 20), (1, 1), (6, 5))
    g.state.players[1].vp += 1  # gold difference balanced on the track
    assert g.scores()[0] == g.scores()[1] and g.ranking() == [1, 2]
    g = game((20, 20), (1, 1), (5, 5))
    assert g.ranking() == [1, 1]
    set_stock(g, 0, loan=4)
    set_stock(g, 1, loan=4)
    g.state.players[0].gold_duty = g.state.players[1].gold_duty = False
    g.invalidate_cache()
    from tawa.games.guatavita.testing import act

    act(g, "loan", "loan")
    pass_all(g)
    assert g.is_over and g.winners() == [0, 1]
