"""Movement reachability on hand-made boards and the layout examples (PK-048..PK-066, PK-914..PK-921, PK-926)."""

from __future__ import annotations

import pytest

from tawa.games.pachakuna.data import INDEX, TILE_CELLS
from tawa.games.pachakuna.testing import (
    at_step,
    fill_board,
    ids,
    llama_cell,
    make_game,
    put_llama,
    reach_cells,
    set_tile,
)

ROW_MINUS_2 = [(q, -2) for q in range(-2, 5)]  # 7 tiles, no village next to the row


def corridor_board(kind: str = "F", orientation: int = 1):
    """Every tile F1 (valley on sides 3,4,5,0): each row is a valley corridor running east-west, no valley joint
    between rows. M0 gives the same corridors in mountain for Black."""
    g = make_game()
    fill_board(g, kind, orientation)
    return g


@pytest.mark.rule("PK-063", "PK-060", "PK-061")
def test_paths_have_unlimited_length():
    g = corridor_board("F", 1)
    got = reach_cells(g, "white", (-2, -2))
    assert got == ROW_MINUS_2[1:]
    # the same corridors in mountain for Black
    g = corridor_board("M", 0)
    assert reach_cells(g, "black", (-2, -2)) == got
    # and White gets nothing on the mountain corridors (valley sides only meet mountain sides)
    assert reach_cells(g, "white", (-2, -2)) == []


@pytest.mark.rule("PK-064", "PK-165", "PK-062")
def test_a_village_ends_the_path():
    g = corridor_board("F", 1)
    # row 0 runs through the White village: a llama from the west stops there
    assert reach_cells(g, "white", (-3, 0)) == [(-4, 0), (-2, 0), (-1, 0), (0, 0)]
    assert reach_cells(g, "white", (3, 0)) == [(0, 0), (1, 0), (2, 0), (4, 0)]


@pytest.mark.rule("PK-065", "PK-062", "PK-037")
def test_the_start_village_does_not_stop_the_llama():
    row0 = [(q, 0) for q in (-3, -2, -1, 1, 2, 3)]
    g = corridor_board("F", 1)
    # from the centre: both halves of row 0, and row -1 through (0,-1) and (1,-1) whose valley sides 5 and 4
    # face the centre; each corridor ends at the green and red villages
    row = [(q, -1) for q in range(-3, 5)]
    assert reach_cells(g, "white", (0, 0)) == sorted(row0 + row + [(-4, 0), (4, 0)])
    g = corridor_board("M", 0)  # Black on mountain corridors: row 0 and row 1 (mountain sides 1 and 2)
    row = [(q, 1) for q in range(-4, 4)]
    assert reach_cells(g, "black", (0, 0)) == sorted(row0 + row + [(-4, 0), (4, 0)])


@pytest.mark.rule("PK-061", "PK-062", "PK-143")
def test_rotations_open_and_close_paths():
    g = make_game()
    fill_board(g, "M", 0)  # no valley joint between tiles; M0 valley sides 4, 5
    for cell in [(1, 0), (2, 0), (3, 0)]:
        set_tile(g, cell, "F", 1)  # valley on 3,4,5,0: a corridor from the centre to the red village
    # (1,-1) and (0,-1) face the centre with valley sides 4 and 5
    assert reach_cells(g, "white", (0, 0)) == [(0, -1), (1, -1), (1, 0), (2, 0), (3, 0), (4, 0)]
    set_tile(g, (2, 0), "F", 0)  # valley 2,3,4,5: the east side closes, the north-west side opens
    assert reach_cells(g, "white", (0, 0)) == [(0, -1), (1, -1), (1, 0), (2, -1), (2, 0)]
    set_tile(g, (1, 0), "F", 2)  # mountain on 2,3: the tile facing the centre closes
    assert reach_cells(g, "white", (0, 0)) == [(0, -1), (1, -1)]


@pytest.mark.rule("PK-065", "PK-064")
def test_leaving_a_frame_village():
    g = make_game()
    fill_board(g, "M", 0)
    for cell in [(1, 0), (2, 0), (3, 0)]:
        set_tile(g, cell, "F", 1)
    # from the red village: west along the corridor to the centre (which ends the path), and (4,-1)
    assert reach_cells(g, "white", (4, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0), (4, -1)]


@pytest.mark.rule("PK-066", "PK-166")
def test_llamas_never_block():
    g = corridor_board("F", 1)
    before = reach_cells(g, "white", (-2, -2))
    put_llama(g, "black", 0, (0, -2), "red")
    put_llama(g, "white", 1, (1, -2), "red")
    assert reach_cells(g, "white", (-2, -2)) == before == ROW_MINUS_2[1:]
    # a llama may end on a cell other llamas share
    put_llama(g, "white", 0, (-2, -2), "red")
    at_step(g, "move")
    assert "move llama0 0,-2" in ids(g) and "move llama0 1,-2" in ids(g)


@pytest.mark.rule("PK-048", "PK-050", "PK-049")
def test_regions_of_one_terrain_are_separate():
    # a loaded tile set: F has two valley regions {0} and {3} and two mountain regions
    split = {"F": [["V", [0]], ["M", [1, 2]], ["V", [3]], ["M", [4, 5]]]}
    g = make_game(TILE_TYPES=split)
    fill_board(g, "M", 0)
    set_tile(g, (1, 0), "F", 0)
    set_tile(g, (2, 0), "F", 0)
    # from the centre White enters (1,0) through side 3 (region 2); side 0 is another region: no way on
    assert reach_cells(g, "white", (0, 0)) == [(0, -1), (1, -1), (1, 0)]
    # a llama in region 0 of (1,0) goes east instead
    k = put_llama(g, "white", 0, (1, 0), "red")
    g.state.region[k] = 0
    from tawa.games.pachakuna.rules.reach import reachable

    t = g.tables
    got = reachable(t, g.state.types, g.state.orient, INDEX[(1, 0)], 0, 0)
    assert got == [(INDEX[(2, 0)], 2)]
    # moves name the region when a tile has two regions of one terrain
    put_llama(g, "white", 0, (0, 0), "red")
    at_step(g, "move")
    assert "move llama0 1,0 r2" in ids(g)
    g.apply("move llama0 1,0 r2")
    assert llama_cell(g, "white", 0) == (1, 0) and g.state.region[k] == 2
    # with the default tile set a position is just the cell (PK-049): ids carry no region
    d = make_game()
    assert all(" r" not in i for i in d.action_space.ids if i.startswith("move"))
    assert not d.tables.multi


# ------------------------------------------------------------------ the spec's layout examples
@pytest.mark.rule("PK-914")
def test_pk914_layout_a_centre():
    g = make_game("A")
    assert reach_cells(g, "white", (0, 0)) == [(-1, 1), (0, -1), (1, 0)]
    assert reach_cells(g, "black", (0, 0)) == [(-1, 0), (0, 1), (1, -1)]


@pytest.mark.rule("PK-915", "PK-143")
def test_pk915_rotation_opens_a_tile():
    g = make_game("A")
    assert (g.state.types[INDEX[(0, 1)]], g.state.orient[INDEX[(0, 1)]]) == ("F", 2)
    g.apply("rotate 0,1 o5")  # White holds nothing, so no paid rotation: the rotate step ends by itself
    moves = sorted(a.data[2] for a in g.legal_actions() if a.data[0] == "move")
    assert moves == sorted(INDEX[c] for c in [(-1, 1), (0, -1), (0, 1), (1, 0)])


@pytest.mark.rule("PK-916", "PK-064")
def test_pk916_no_passing_through_the_village():
    g = make_game("A")
    assert reach_cells(g, "black", (0, 1)) == [(0, 0)]


@pytest.mark.rule("PK-917")
def test_pk917():
    g = make_game("A")
    got = reach_cells(g, "white", (-1, 0))
    assert got == [(-4, 0), (-4, 2), (-3, -1), (-3, 0), (-3, 1), (-2, -1), (-2, 0)]
    assert (-4, 1) not in got


@pytest.mark.rule("PK-918", "PK-163")
def test_pk918_stuck_llama_stays():
    g = make_game("A")
    assert reach_cells(g, "white", (-2, -2)) == []
    put_llama(g, "white", 1, (-2, -2), "red")
    at_step(g, "move")
    # llama0 on the centre moves; llama1 is stuck: no question, it stays and the turn goes on
    g.apply("move llama0 1,0")
    assert llama_cell(g, "white", 1) == (-2, -2)
    assert g.state.step != 2  # the move step is over


@pytest.mark.rule("PK-919")
def test_pk919_red_village():
    g = make_game("A")
    assert reach_cells(g, "black", (4, 0)) == [(2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (4, -1)]
    assert reach_cells(g, "white", (4, 0)) == [(3, 1)]


@pytest.mark.rule("PK-920")
def test_pk920_purple_village_layout_b():
    g = make_game("B")
    assert reach_cells(g, "black", (4, -4)) == [(3, -3), (3, -2), (4, -3)]
    assert reach_cells(g, "white", (4, -4)) == [(3, -4), (3, -3)]


@pytest.mark.rule("PK-921")
def test_pk921():
    g = make_game("B")
    assert reach_cells(g, "white", (1, 0)) == [(0, 0), (2, -1), (3, -1)]


@pytest.mark.rule("PK-926")
def test_pk926_layout_b_centre():
    g = make_game("B")
    assert reach_cells(g, "white", (0, 0)) == [
        (-2, 3),
        (-1, -2),
        (-1, -1),
        (-1, 1),
        (-1, 2),
        (0, -1),
        (1, 0),
        (2, -1),
        (3, -1),
    ]
    assert reach_cells(g, "black", (0, 0)) == [
        (-2, 0),
        (-1, -1),
        (-1, 0),
        (-1, 2),
        (0, 1),
        (0, 2),
        (1, -1),
        (2, -2),
        (2, -1),
    ]


FRAME = [(4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)]


def _one_rotation_openers(g, side):
    out = []
    for c in TILE_CELLS:
        old = g.state.orient[c]
        for o in range(6):
            if o == old:
                continue
            g.state.orient[c] = o
            if any(v in FRAME for v in reach_cells(g, side, (0, 0))):
                out.append((c, o))
        g.state.orient[c] = old
    return out


@pytest.mark.rule("PK-082", "PK-083")
def test_measured_properties_of_the_layouts():
    """The spec's measured properties (not rules) check the layout data."""
    a, b = make_game("A"), make_game("B")
    for g in (a, b):
        assert not any(v in FRAME for side in ("white", "black") for v in reach_cells(g, side, (0, 0)))
    assert len(_one_rotation_openers(a, "white")) == 12 and not _one_rotation_openers(a, "black")
    assert (INDEX[(-1, 0)], 1) in _one_rotation_openers(a, "white")
    assert len(_one_rotation_openers(b, "black")) == 6 and not _one_rotation_openers(b, "white")
    assert (INDEX[(2, -1)], 3) in _one_rotation_openers(b, "black")
