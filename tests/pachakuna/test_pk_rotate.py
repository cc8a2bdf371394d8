"""Step 1 — Rotate (PK-130..PK-144, PK-007, PK-047, PK-325, PK-907..PK-910)."""

from __future__ import annotations

import pytest

from tawa import IllegalAction
from tawa.games.pachakuna.data import INDEX, TILE_CELLS
from tawa.games.pachakuna.state import Phase
from tawa.games.pachakuna.testing import (
    at_step,
    fill_board,
    finish_turn,
    ids,
    make_game,
    put_llama,
    reach_cells,
    set_supply,
    set_tile,
    supply_of,
)

MOVE, ROTATE_PAID = Phase.MOVE, Phase.ROTATE_PAID

X, Y, Z = (3, -3), (-3, 3), (2, 2)  # tiles far from the centre


def rotatable(g):
    return {a.data[1] for a in g.legal_actions() if a.data[0] == "rotate"}


def orient(g, cell):
    return g.state.orient[INDEX[cell]]


@pytest.mark.rule("PK-130", "PK-047", "PK-131", "PK-111")
def test_free_rotation_offers_every_orientation_and_is_optional():
    g = make_game()
    legal = ids(g)
    assert "end rotate" in legal
    rot = [i for i in legal if i.startswith("rotate")]
    assert len(rot) == 54 * 6
    for o in range(6):
        assert f"rotate 3,-3 o{o}" in legal
    g.apply("rotate 3,-3 o4")
    assert orient(g, X) == 4
    assert supply_of(g, "white") == {}  # free of charge


@pytest.mark.rule("PK-131", "PK-908", "PK-140")
def test_pk908_zero_rotation_places_a_rock():
    g = make_game()
    before = orient(g, X)
    g.apply(f"rotate 3,-3 o{before}")
    assert orient(g, X) == before
    assert g.state.rocks == [INDEX[X]]  # White holds nothing: the rotate step ended by itself
    finish_turn(g)
    assert INDEX[X] not in rotatable(g)  # Black cannot rotate X next turn
    # option: the free rotation must change the orientation
    h = make_game(FREE_ZERO_ROTATION=False)
    assert f"rotate 3,-3 o{before}" not in ids(h)
    assert h.explain_illegal(f"rotate 3,-3 o{before}").rule == "PK-131"


@pytest.mark.rule("PK-132", "PK-133", "PK-134", "PK-910", "PK-253", "PK-254", "PK-255")
def test_pk910_paid_rotation():
    g = make_game()
    set_supply(g, "white", {"red": 1, "blue": 2, "brown": 1})
    g.apply("rotate 3,-3 o4")  # the first rotation is the free one: nothing paid
    assert supply_of(g, "white") == {"red": 1, "blue": 2, "brown": 1}
    assert g.state.step == ROTATE_PAID
    g.apply("rotate -3,3 o0")
    assert sorted(ids(g)) == ["pay blue", "pay brown", "pay red"]  # only pieces held
    with pytest.raises(IllegalAction) as err:
        g.apply("pay green")
    assert err.value.rule == "PK-254"
    g.apply("pay blue")
    assert orient(g, Y) != 0 or g.state.paying  # the rotation waits for the second piece
    g.apply("pay brown")
    assert orient(g, Y) == 0
    assert supply_of(g, "white") == {"red": 1, "blue": 1}
    # the last pieces may be spent, even two of one colour
    set_supply(g, "white", {"red": 2})
    g.apply("rotate 2,2 o1")
    g.apply("pay red")
    g.apply("pay red")
    assert supply_of(g, "white") == {}
    assert orient(g, Z) == 1


@pytest.mark.rule("PK-132", "PK-254")
def test_no_paid_rotation_without_two_pieces():
    g = make_game()
    set_supply(g, "white", {"red": 1})
    g.apply("rotate 3,-3 o4")
    assert g.state.step == MOVE  # a paid rotation is impossible: the rotate step is over


@pytest.mark.rule("PK-135", "PK-136", "PK-007")
def test_each_tile_once_and_unlimited_paid_rotations():
    g = make_game()
    set_supply(g, "white", {"red": 20})
    g.apply("rotate 3,-3 o4")
    assert INDEX[X] not in rotatable(g)
    with pytest.raises(IllegalAction) as err:
        g.apply("rotate 3,-3 o5")
    assert err.value.rule == "PK-135"
    cells = [c for c in TILE_CELLS if c != INDEX[X] and c not in g.state.pos][:6]
    for c in cells:  # six paid rotations in one turn: only pieces and tiles limit them
        a = next(a for a in g.legal_actions() if a.data[0] == "rotate" and a.data[1] == c)
        g.apply(a.id)
        g.apply("pay red")
        g.apply("pay red")
    assert len(g.state.rotated) == 7 and supply_of(g, "white") == {"red": 8}
    g.apply("end rotate")
    assert len(g.state.rocks) == 7  # rocks are unlimited
    # the physical-rocks alternative: at most 3 rotations
    h = make_game(MAX_ROTATIONS=3)
    set_supply(h, "white", {"red": 20})
    h.apply("rotate 3,-3 o4")
    h.apply("rotate -3,3 o0")
    h.apply("pay red")
    h.apply("pay red")
    h.apply("rotate 2,2 o0")
    h.apply("pay red")
    h.apply("pay red")
    assert h.state.step == MOVE and len(h.state.rocks) == 3


@pytest.mark.rule("PK-137")
def test_paid_zero_rotation():
    g = make_game()
    set_supply(g, "white", {"red": 4})
    g.apply("rotate 3,-3 o4")
    cur = orient(g, Y)
    assert f"rotate -3,3 o{cur}" in ids(g)
    g.apply(f"rotate -3,3 o{cur}")
    g.apply("pay red")
    g.apply("pay red")
    assert orient(g, Y) == cur and INDEX[Y] in g.state.rotated
    h = make_game(PAID_ZERO_ROTATION=False)
    set_supply(h, "white", {"red": 4})
    h.apply("rotate 3,-3 o4")
    assert f"rotate -3,3 o{cur}" not in ids(h) and f"rotate -3,3 o{(cur + 1) % 6}" in ids(h)


@pytest.mark.rule("PK-138")
def test_tiles_with_llamas_cannot_rotate():
    g = make_game()
    put_llama(g, "black", 1, (2, 0), "red")
    put_llama(g, "white", 1, (3, 0), "red")
    r = rotatable(g)
    assert INDEX[(2, 0)] not in r and INDEX[(3, 0)] not in r and INDEX[(1, 0)] in r
    assert g.explain_illegal("rotate 2,0 o1").rule == "PK-138"


@pytest.mark.rule("PK-139", "PK-140", "PK-141", "PK-142", "PK-907")
def test_pk907_rocks():
    g = make_game()
    set_supply(g, "white", {"red": 2})
    g.apply("rotate 3,-3 o4")  # X free
    g.apply("rotate -3,3 o0")  # Y paid
    g.apply("pay red")
    g.apply("pay red")
    assert g.state.rocks == sorted([INDEX[X], INDEX[Y]])  # rocks on X and Y only
    finish_turn(g)
    assert g.current_player == 1
    r = rotatable(g)
    assert INDEX[X] not in r and INDEX[Y] not in r and INDEX[Z] in r
    assert g.explain_illegal("rotate 3,-3 o1").rule == "PK-139"
    g.apply("rotate 2,2 o3")  # Black rotates only Z (Black's brown alone cannot pay a second rotation)
    assert g.state.rocks == [INDEX[Z]]
    finish_turn(g)
    assert g.current_player == 0
    r = rotatable(g)
    assert INDEX[X] in r and INDEX[Y] in r and INDEX[Z] not in r


@pytest.mark.rule("PK-909", "PK-141")
def test_pk909_declining_removes_all_rocks():
    g = make_game()
    g.apply("rotate 3,-3 o4")
    finish_turn(g)
    assert g.state.rocks == [INDEX[X]]
    g.apply("end rotate")  # Black declines the free rotation
    assert g.state.rocks == []
    finish_turn(g)
    assert INDEX[X] in rotatable(g)


@pytest.mark.rule("PK-144", "PK-112")
def test_rotation_only_in_the_rotate_step():
    g = make_game()
    g.apply("end rotate")
    assert g.state.step == MOVE
    assert not any(i.startswith("rotate") for i in ids(g))
    with pytest.raises(IllegalAction) as err:
        g.apply("rotate 3,-3 o1")
    assert err.value.rule == "PK-144"
    with pytest.raises(IllegalAction) as err:
        g.apply("end rotate")
    assert err.value.rule == "PK-112"


@pytest.mark.rule("PK-325")
def test_pk325_warning_for_a_rotation_that_strands_an_own_llama():
    g = make_game()
    fill_board(g, "M", 0)  # no valley joint between tiles
    set_tile(g, (0, -1), "M", 2)  # its side 5 (facing the centre) becomes mountain
    assert reach_cells(g, "white", (0, 0)) == [(1, -1)]  # the only exit: (1,-1)'s valley side 4
    at_step(g, "rotate")
    legal = {a.id: a for a in g.legal_actions()}
    warning = g.rotation_warning(legal["rotate 1,-1 o1"])  # valley moves to sides 5, 0: the exit closes
    assert warning and "llama0" in warning
    assert "PK-325" in g.help_text(legal["rotate 1,-1 o1"])
    assert g.rotation_warning(legal["rotate 1,-1 o0"]) is None
    assert g.rotation_warning(legal["rotate 3,-3 o1"]) is None
    assert g.rotation_warning("rotate 1,-1 o1") == warning
    g.apply("rotate 1,-1 o1")  # the rotation stays legal
    assert reach_cells(g, "white", (0, 0)) == []
