"""Step 2 — Move (PK-160..PK-168, PK-238, PK-323)."""

from __future__ import annotations

import pytest

from tawa import IllegalAction
from tawa.games.pachakuna.data import INDEX
from tawa.games.pachakuna.rules.move import destinations
from tawa.games.pachakuna.state import Moved, Phase
from tawa.games.pachakuna.testing import (
    at_step,
    fill_board,
    finish_turn,
    ids,
    llama_cell,
    make_game,
    put_llama,
    reach_cells,
    set_supply,
    set_tile,
    side_index,
)

MOVE, TRADE, STAYED = Phase.MOVE, Phase.TRADE, Moved.STAYED


def moves_of(g):
    return sorted(i for i in ids(g) if i.startswith(("move", "stay")))


@pytest.mark.rule("PK-160", "PK-323", "PK-161")
def test_each_llama_moves_once_in_slot_order():
    g = make_game()
    put_llama(g, "white", 1, (1, 0), "red")  # layout A M4
    at_step(g, "move")
    assert all(i.split()[1] == "llama0" for i in moves_of(g))
    assert moves_of(g) == ["move llama0 -1,1", "move llama0 0,-1", "move llama0 1,0", "stay llama0"]
    g.apply("move llama0 -1,1")
    assert all(i.split()[1] == "llama1" for i in moves_of(g))
    with pytest.raises(IllegalAction) as err:
        g.apply("move llama0 1,0")  # llama0 already moved
    assert err.value.rule == "PK-160"
    dest = [a.data[2] for a in g.legal_actions()]
    assert INDEX[(1, 0)] not in dest  # never its own cell
    g.apply(ids(g)[0])
    assert g.state.step != MOVE


@pytest.mark.rule("PK-161", "PK-162")
def test_a_llama_on_a_tile_must_move():
    g = make_game()
    put_llama(g, "white", 0, (-1, 0), "red")  # PK-917 position
    at_step(g, "move")
    got = moves_of(g)
    assert "stay llama0" not in got
    assert got == sorted(f"move llama0 {q},{r}" for q, r in reach_cells(g, "white", (-1, 0)))
    assert g.explain_illegal("stay llama0").rule == "PK-162"
    assert g.explain_illegal("move llama0 3,3").rule == "PK-161"
    with pytest.raises(IllegalAction):
        g.apply("move llama0 -1,0")  # its own cell


@pytest.mark.rule("PK-164")
def test_a_llama_on_a_village_may_stay():
    g = make_game()
    at_step(g, "move")
    assert "stay llama0" in ids(g)
    events = g.apply("stay llama0")
    assert events[0].kind == "stay"
    assert llama_cell(g, "white", 0) == (0, 0)


@pytest.mark.rule("PK-323", "PK-163")
def test_village_llama_with_nowhere_to_go_stays_without_a_question():
    g = make_game()
    fill_board(g, "M", 0)  # no valley joint between tiles
    set_tile(g, (1, -1), "M", 1)  # close both valley exits of the centre
    set_tile(g, (0, -1), "M", 2)
    set_tile(g, (2, -2), "F", 1)  # a short valley corridor (2,-2) - (3,-2)
    set_tile(g, (3, -2), "F", 1)
    put_llama(g, "white", 1, (2, -2), "red")
    assert reach_cells(g, "white", (0, 0)) == []
    at_step(g, "move")
    assert moves_of(g) == ["move llama1 3,-2"]  # llama0 was resolved without a question
    assert g.state.moved[side_index(g, "white") * 3] == STAYED
    assert llama_cell(g, "white", 0) == (0, 0)


@pytest.mark.rule("PK-166", "PK-113", "PK-185")
def test_opponent_llamas_never_move_or_trade():
    g = make_game()
    black = side_index(g, "black") * 3
    before = (g.state.pos[black], g.state.load[black])
    supply_before = list(g.state.supply[1])
    finish_turn(g)  # White's whole turn
    assert (g.state.pos[black], g.state.load[black]) == before
    assert g.state.supply[1] == supply_before


@pytest.mark.rule("PK-167")
def test_move_order_does_not_matter():
    g = make_game()
    put_llama(g, "white", 1, (1, 0), "red")
    at_step(g, "move")
    k1 = side_index(g, "white") * 3 + 1
    before = destinations(g.state, g.tables, k1)
    g.apply("move llama0 1,0")  # llama0 joins llama1's tile: no blocking, no change
    assert destinations(g.state, g.tables, k1) == before


@pytest.mark.rule("PK-168", "PK-238", "PK-236")
def test_a_bought_llama_moves_from_the_next_turn():
    g = make_game()
    set_supply(g, "white", {"red": 4})
    at_step(g, "move")
    g.apply("stay llama0")
    assert g.state.step == TRADE
    g.apply("buy at white")
    for _ in range(3):
        g.apply("pay red")
    events = g.apply("pay red")
    k = side_index(g, "white") * 3 + 1
    kinds = [e.kind for e in events]
    assert kinds.index("buy") < kinds.index("reload")  # bought empty, loaded at the refill
    assert "move" not in kinds and "stay" not in kinds  # the move step was over: it did not move
    assert g.state.pos[k] == INDEX[(0, 0)] and g.state.load[k] == 0
    finish_turn(g)  # Black
    g.apply("end rotate")
    assert all("llama0" in i for i in moves_of(g))
    g.apply("move llama0 1,0")
    assert all("llama1" in i for i in moves_of(g))  # the new llama moves on its own
    g.apply("move llama1 0,-1")
    assert llama_cell(g, "white", 0) == (1, 0) and llama_cell(g, "white", 1) == (0, -1)
