"""Board geometry, tiles and layouts (PK-010..PK-050, PK-081..PK-084)."""

from __future__ import annotations

from collections import Counter

import pytest

from tawa.games.pachakuna.data import (
    CELLS,
    CENTRE,
    COLOURS,
    CORNERS,
    INDEX,
    LAYOUT_A,
    LAYOUT_B,
    NEIGH,
    PARAMS,
    TILE_CELLS,
    parse_layout,
    tables,
)
from tawa.games.pachakuna.testing import make_game, reach_cells

VILLAGE_TABLE = {  # spec "Village neighbours": village -> {tile: facing side}
    (0, 0): {(1, 0): 3, (1, -1): 4, (0, -1): 5, (-1, 0): 0, (-1, 1): 1, (0, 1): 2},
    (4, 0): {(4, -1): 5, (3, 0): 0, (3, 1): 1},
    (0, 4): {(1, 3): 4, (0, 3): 5, (-1, 4): 0},
    (-4, 4): {(-3, 4): 3, (-3, 3): 4, (-4, 3): 5},
    (-4, 0): {(-3, 0): 3, (-3, -1): 4, (-4, 1): 2},
    (0, -4): {(1, -4): 3, (-1, -3): 1, (0, -3): 2},
    (4, -4): {(3, -4): 0, (3, -3): 1, (4, -3): 2},
}


@pytest.mark.rule("PK-030", "PK-031", "PK-032", "PK-033")
def test_board_cells():
    assert len(CELLS) == 61
    assert all(max(abs(q), abs(r), abs(q + r)) <= 4 for q, r in CELLS)
    assert CELLS[CENTRE] == (0, 0)
    assert {CELLS[c] for c in CORNERS} == {(4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)}
    assert len(TILE_CELLS) == 54
    g = make_game()
    assert all(g.state.types[c] in "FNM" and g.state.types[c] for c in TILE_CELLS)
    assert all(g.state.types[c] == "" for c in (CENTRE, *CORNERS))


@pytest.mark.rule("PK-034", "PK-035", "PK-036")
def test_neighbours_and_village_sides():
    for i in range(len(CELLS)):
        for d, n in enumerate(NEIGH[i]):
            if n >= 0:
                assert NEIGH[n][(d + 3) % 6] == i
    for v, sides in VILLAGE_TABLE.items():
        i = INDEX[v]
        found = {CELLS[n]: (d + 3) % 6 for d, n in enumerate(NEIGH[i]) if n >= 0}
        assert found == sides
    assert sum(1 for n in NEIGH[CENTRE] if n >= 0) == 6
    assert all(sum(1 for n in NEIGH[c] if n >= 0) == 3 for c in CORNERS)


@pytest.mark.rule("PK-039", "PK-038")
def test_frame_sides_are_impassable():
    frame = {  # spec: sides facing the frame of the ring-4 tiles
        (-4, 1): {3, 4},
        (-4, 2): {3, 4},
        (-4, 3): {3, 4},
        (-3, -1): {2, 3},
        (-2, -2): {2, 3},
        (-1, -3): {2, 3},
        (1, -4): {1, 2},
        (2, -4): {1, 2},
        (3, -4): {1, 2},
        (4, -3): {0, 1},
        (4, -2): {0, 1},
        (4, -1): {0, 1},
        (3, 1): {0, 5},
        (2, 2): {0, 5},
        (1, 3): {0, 5},
        (-1, 4): {4, 5},
        (-2, 4): {4, 5},
        (-3, 4): {4, 5},
    }
    for cell, sides in frame.items():
        assert {d for d, n in enumerate(NEIGH[INDEX[cell]]) if n < 0} == sides
    # a llama on a border tile whose only matching sides face the frame goes nowhere
    g = make_game()
    from tawa.games.pachakuna.testing import fill_board, set_tile

    fill_board(g, "M", 0)  # mountain on sides 0-3 of every tile
    set_tile(g, (4, -2), "F", 0)  # its only mountain sides {0,1} face the frame
    assert reach_cells(g, "black", (4, -2)) == []
    set_tile(g, (4, -2), "F", 3)  # mountain {3,4}: side 3 meets side 0 (mountain) of (3,-2)
    assert (3, -2) in reach_cells(g, "black", (4, -2))


@pytest.mark.rule("PK-010", "PK-011", "PK-037")
def test_village_colours():
    t = tables(make_game().params)
    expected = {
        "white": (0, 0),
        "red": (4, 0),
        "orange": (0, 4),
        "yellow": (-4, 4),
        "green": (-4, 0),
        "blue": (0, -4),
        "purple": (4, -4),
    }
    assert {COLOURS[v]: CELLS[t.village_cell[v]] for v in range(7)} == expected
    g = make_game()  # both players' llamas start together on the White village (open to both)
    assert g.state.pos[0] == g.state.pos[3] == CENTRE


@pytest.mark.rule("PK-041", "PK-042", "PK-043", "PK-044", "PK-046")
def test_tile_types_by_orientation():
    t = tables(make_game().params)
    expected = {
        "F": [{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}],
        "N": [{0, 1, 2}, {1, 2, 3}, {2, 3, 4}, {3, 4, 5}, {4, 5, 0}, {5, 0, 1}],
        "M": [{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 0}, {4, 5, 0, 1}, {5, 0, 1, 2}],
    }
    for name, rows in expected.items():
        for o, mountains in enumerate(rows):
            assert set(t.tile_types[name].mountain_sides(o)) == mountains
            # every side has exactly one terrain
            assert len(t.tile_types[name].side_terrain[o]) == 6


@pytest.mark.rule("PK-012", "PK-045", "PK-082", "PK-083", "PK-081")
@pytest.mark.parametrize("layout,text", [("A", LAYOUT_A), ("B", LAYOUT_B)])
def test_fixed_layouts(layout, text):
    plan = parse_layout(text)
    g = make_game(layout)
    assert len(plan) == 54
    for cell, (kind, o) in plan.items():
        assert (g.state.types[INDEX[cell]], g.state.orient[INDEX[cell]]) == (kind, o)
    assert Counter(g.state.types[c] for c in TILE_CELLS) == {"N": 24, "F": 15, "M": 15}
    # 3-fold symmetry: (q, r) -> (-q-r, q) holds the same type with orientation - 2
    for (q, r), (kind, o) in plan.items():
        assert plan[(-q - r, q)] == (kind, (o - 2) % 6)


@pytest.mark.rule("PK-084", "PK-012", "PK-045")
def test_random_layout_is_seeded():
    a, b, c = make_game("random", seed=5), make_game("random", seed=5), make_game("random", seed=6)
    assert a.state.types == b.state.types and a.state.orient == b.state.orient
    assert (a.state.types, a.state.orient) != (c.state.types, c.state.orient)
    assert Counter(a.state.types[t] for t in TILE_CELLS) == {"N": 24, "F": 15, "M": 15}
    # the algorithm: shuffle of 15 F, 24 N, 15 M, then one orientation per cell in (q, r) order
    from tawa import Rng

    rng = Rng(5)
    kinds = ["F"] * 15 + ["N"] * 24 + ["M"] * 15
    rng.shuffle(kinds)
    orients = []
    for _ in TILE_CELLS:
        orients.append(rng.below(6))
    assert [a.state.types[t] for t in TILE_CELLS] == kinds
    assert [a.state.orient[t] for t in TILE_CELLS] == orients


@pytest.mark.rule("PK-040")
def test_villages_never_rotate():
    g = make_game()
    ids = [a.id for a in g.legal_actions()]
    assert not any(i.startswith(("rotate 0,0 ", "rotate 4,0 ", "rotate -4,4 ")) for i in ids)
    err = g.explain_illegal("rotate 4,0 o1")
    assert err.rule == "PK-040"


@pytest.mark.rule("PK-360", "PK-361")
def test_rulebook_flavour_is_display_only():
    g = make_game()
    text = g.render(0)
    assert "Puka" in text and "Yuraq Millma" in text  # Quechua names as display names only
    assert PARAMS.params["LAYOUTS"].overridable is False  # assembly plan = layout data only
