"""End of game, turn structure and the turn cap (PK-110..PK-113, PK-300..PK-307, PK-320, PK-922..PK-924)."""

from __future__ import annotations

import pytest

from tawa import IllegalAction
from tawa.games.pachakuna.data import COLOURS
from tawa.games.pachakuna.rules.end import has_all_colours
from tawa.games.pachakuna.testing import (
    at_step,
    finish_turn,
    ids,
    llama_load,
    make_game,
    put_llama,
    set_demand,
    set_supply,
    side_index,
    supply_of,
)

SIX = {"white": 1, "red": 1, "orange": 2, "yellow": 1, "green": 1, "blue": 1}


def pk922(**options):
    g = make_game(**options)
    set_supply(g, "white", SIX)
    put_llama(g, "white", 0, (4, 0), "purple")  # red village
    put_llama(g, "white", 1, (0, 4), "green")  # orange village, could sell too
    set_demand(g, "red", "Y/P")
    set_demand(g, "orange", "G/B")
    return g


@pytest.mark.rule("PK-922", "PK-300", "PK-303", "PK-304", "PK-305", "PK-306")
def test_pk922_win_at_once():
    g = pk922()
    at_step(g, "trade")
    events = g.apply("sell llama0")
    assert supply_of(g, "white")["purple"] == 1
    assert g.is_over and g.winners() == [side_index(g, "white")]
    assert [e.kind for e in events][-1] == "win"
    assert "demand" not in [e.kind for e in events] and "reload" not in [e.kind for e in events]
    assert g.state.demand[COLOURS.index("red")] == -1  # the refill was not played
    assert llama_load(g, "white", 0) is None
    assert llama_load(g, "white", 1) == "green"  # no further trade
    assert g.current_player is None and g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply("end trade")


@pytest.mark.rule("PK-303", "PK-304")
def test_end_of_turn_win_check_option():
    g = pk922(WIN_CHECK="end_of_turn")
    at_step(g, "trade")
    g.apply("sell llama0")
    assert not g.is_over and "sell llama1" in ids(g)  # the turn goes on
    g.apply("sell llama1")
    g.apply("end trade")
    assert g.is_over and g.winners() == [side_index(g, "white")]
    # spending the completing piece before the end of the turn loses the win
    h = pk922(WIN_CHECK="end_of_turn")
    set_supply(h, "white", {**SIX, "orange": 5})
    at_step(h, "trade")
    h.apply("sell llama0")
    h.apply("buy at red")
    for p in ("purple", "orange", "orange", "orange"):
        h.apply(f"pay {p}")
    if not h.is_over and h.current_player == side_index(h, "white"):
        h.apply("end trade")
    assert not h.is_over


@pytest.mark.rule("PK-923", "PK-301")
def test_pk923_brown_does_not_count():
    sup = [1, 1, 1, 1, 1, 1, 0, 1]  # six colours and brown, no purple
    assert not has_all_colours(sup)
    g = make_game()
    set_supply(g, "black", {"white": 1, "red": 1, "orange": 1, "yellow": 1, "green": 1, "blue": 1, "brown": 1})
    put_llama(g, "black", 0, (0, 4), "red")
    set_demand(g, "orange", "R/Y")
    at_step(g, "trade", "black")
    g.apply("sell llama0")
    assert not g.is_over


@pytest.mark.rule("PK-924", "PK-302", "PK-252")
def test_pk924_carried_piece_does_not_count():
    g = make_game()
    set_supply(g, "white", {"white": 1, "red": 1, "orange": 1, "yellow": 1, "green": 1, "blue": 1})
    put_llama(g, "white", 0, (4, 0), "purple")
    set_demand(g, "red", "Y/B")  # purple on neither flag
    at_step(g, "trade")
    assert not g.is_over
    g.apply("sell llama0")  # sold for nothing: still no purple
    assert not g.is_over
    g2 = make_game()
    set_supply(g2, "white", {"white": 1, "red": 1, "orange": 1, "yellow": 1, "green": 1, "blue": 1})
    put_llama(g2, "white", 0, (4, 0), "purple")
    set_demand(g2, "red", "P/B")
    at_step(g2, "trade")
    g2.apply("sell llama0")
    assert g2.is_over


@pytest.mark.rule("PK-307", "PK-320")
def test_results_and_the_turn_cap():
    g = pk922()
    at_step(g, "trade")
    g.apply("sell llama0")
    w = side_index(g, "white")
    assert g.scores()[w] == 1.0 and g.scores()[1 - w] == 0.0
    assert g.ranking()[w] == 1 and g.ranking()[1 - w] == 2
    assert not g.capped
    h = make_game(TURN_CAP=4)
    for _ in range(4):
        assert not h.is_over
        finish_turn(h)
    assert h.is_over and h.capped and h.state.turn == 4
    assert h.scores() == [0.5, 0.5] and h.ranking() == [1, 1] and h.winners() == [0, 1]
    assert h.info.automation_options["TURN_CAP"] >= 100


@pytest.mark.rule("PK-110", "PK-111", "PK-112", "PK-113")
def test_turn_order_and_steps():
    g = make_game()
    set_supply(g, "white", {"red": 2})
    order = []
    g.apply("rotate 3,-3 o1")
    order.append(g.state.step)
    g.apply("end rotate")
    order.append(g.state.step)
    assert order == [1, 2]  # rotate (paid part) -> move
    with pytest.raises(IllegalAction) as err:
        g.apply("rotate 2,2 o1")
    assert err.value.rule == "PK-144"
    before_black = list(g.state.supply[side_index(g, "black")])
    finish_turn(g)
    assert g.current_player == side_index(g, "black")
    assert g.state.supply[side_index(g, "black")] == before_black
    finish_turn(g)
    assert g.current_player == side_index(g, "white") and g.state.turn == 2
    with pytest.raises(IllegalAction) as err:
        g.apply("end trade")
    assert err.value.rule == "PK-112"
