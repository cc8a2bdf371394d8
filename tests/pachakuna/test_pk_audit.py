"""Audit additions: layout data against the spec text, the spec's measured layout properties, a whole turn's step
order, illegal-action explanations, action texts, and that wins are reachable from the start position."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tawa import IllegalAction, Rng
from tawa.games.pachakuna.data import COLOURS, INDEX, LETTER, NEIGH, TILE_CELLS, parse_layout
from tawa.games.pachakuna.rules.demands import fill_missing
from tawa.games.pachakuna.testing import (
    at_step,
    demand_id,
    finish_turn,
    ids,
    llama_cell,
    llama_load,
    make_game,
    put_llama,
    set_demand,
    set_supply,
    side_index,
    supply_of,
)
from tawa.lab.playout import random_playout

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules" / "pachakuna.md"
FRAME_VILLAGES = [(4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)]


@pytest.mark.rule("PK-082", "PK-083")
@pytest.mark.parametrize("layout", ["A", "B"])
def test_layouts_equal_the_spec_tables(layout):
    """The game's board equals the spec's "Variant A/B" block, read from the spec file itself."""
    if not SPEC.exists():
        pytest.skip("spec file not available")
    m = re.search(r"Variant " + layout + r" \[P\]:\n```\n(.*?)```", SPEC.read_text(), re.S)
    assert m, "the spec's layout block"
    plan = parse_layout(m.group(1))
    g = make_game(layout)
    assert len(plan) == 54
    got = {cell: (g.state.types[INDEX[cell]], g.state.orient[INDEX[cell]]) for cell in plan}
    assert got == plan
    assert {INDEX[c] for c in plan} == set(TILE_CELLS)


def _side(g, cell: int, d: int) -> int:
    return g.tables.tile_types[g.state.types[cell]].side_terrain[g.state.orient[cell]][d]


@pytest.mark.rule("PK-082", "PK-083")
@pytest.mark.parametrize("layout,joints", [("A", 27), ("B", 24)])
def test_measured_village_faces_and_joints(layout, joints):
    """Spec "Measured properties": the centre faces 3 valley and 3 mountain sides; each frame village faces at
    least one of each (9 and 9 over the 18); valley-valley joints equal mountain-mountain joints (A 27, B 24)."""
    g = make_game(layout)
    centre = [_side(g, n, (d + 3) % 6) for d, n in enumerate(NEIGH[INDEX[(0, 0)]])]
    assert sorted(centre) == [0, 0, 0, 1, 1, 1]
    total = []
    for v in FRAME_VILLAGES:
        faces = [_side(g, n, (d + 3) % 6) for d, n in enumerate(NEIGH[INDEX[v]]) if n >= 0]
        assert len(faces) == 3 and 0 in faces and 1 in faces
        total += faces
    assert total.count(0) == total.count(1) == 9
    vv = mm = 0
    for c in TILE_CELLS:
        for d in range(3):  # each joint once
            n = NEIGH[c][d]
            if n < 0 or n not in TILE_CELLS:
                continue
            a, b = _side(g, c, d), _side(g, n, (d + 3) % 6)
            vv += a == b == 0
            mm += a == b == 1
    assert vv == mm == joints


@pytest.mark.rule("PK-111", "PK-140", "PK-270", "PK-277", "PK-110")
def test_a_whole_turn_runs_rotate_move_trade_refill():
    """Layout A, PK-917 position: White rotates a far tile, moves to the green village, sells, and the refill
    follows the trade; the events come in the steps' order and Black is then to play."""
    g = make_game("A")
    put_llama(g, "white", 0, (-1, 0), "red")
    set_demand(g, "green", "R/Y")
    at_step(g, "rotate")
    events = []
    events += g.apply("rotate 3,-3 o4")  # White holds nothing: no paid rotation, the rotate step ends
    events += g.apply("move llama0 -4,0")
    events += g.apply("sell llama0")  # nothing left to do: the trade step ends, refill follows
    kinds = [e.kind for e in events]
    order = [kinds.index(k) for k in ("rotate", "rocks", "move", "sell", "demand", "reload", "turn")]
    assert order == sorted(order)
    assert supply_of(g, "white") == {"red": 2}
    assert llama_cell(g, "white", 0) == (-4, 0) and llama_load(g, "white", 0) == "green"
    assert g.state.demand[COLOURS.index("green")] not in (-1, demand_id(g, "R/Y"))
    assert g.current_player == side_index(g, "black") and g.state.rocks == [INDEX[(3, -3)]]


@pytest.mark.rule("PK-168", "PK-237")
def test_explain_moving_a_llama_bought_this_turn():
    g = make_game()
    set_supply(g, "white", {"red": 8})
    at_step(g, "move")
    g.apply("stay llama0")
    g.apply("buy at white")
    for _ in range(4):
        g.apply("pay red")
    assert llama_cell(g, "white", 1) == (0, 0)
    assert "sell llama1" not in ids(g) and "buy at white" in ids(g)  # still trading, but llama1 cannot sell
    assert g.explain_illegal("sell llama1").rule == "PK-237"
    with pytest.raises(IllegalAction) as err:
        g.apply("move llama1 1,0")
    assert err.value.rule == "PK-168"
    assert g.explain_illegal("move llama0 1,0").rule == "PK-112"  # not bought: just the wrong step


@pytest.mark.rule("PK-132", "PK-230")
def test_explain_other_actions_while_paying():
    g = make_game()
    set_supply(g, "white", {"red": 8})
    g.apply("rotate 3,-3 o4")
    g.apply("rotate -3,3 o0")
    g.apply("pay red")  # one of the 2 pieces paid
    with pytest.raises(IllegalAction) as err:
        g.apply("end rotate")
    assert err.value.rule == "PK-132"
    h = make_game()
    put_llama(h, "white", 0, (-4, 0), "green")
    set_supply(h, "white", {"red": 8})
    at_step(h, "trade")
    h.apply("buy at green")
    h.apply("pay red")
    with pytest.raises(IllegalAction) as err:
        h.apply("end trade")
    assert err.value.rule == "PK-230"


@pytest.mark.rule("PK-306", "PK-095")
def test_explain_after_the_end_and_off_board_llamas():
    g = make_game()
    put_llama(g, "white", 0, (-4, 0), "red")
    set_supply(g, "white", {"red": 1, "orange": 1, "yellow": 1, "green": 1, "blue": 1, "purple": 1})
    set_demand(g, "green", "W/R")
    at_step(g, "trade")
    assert g.explain_illegal("sell llama1").rule == "PK-095"  # llama1 waits off the board
    set_supply(g, "white", {"white": 1, "orange": 1, "yellow": 1, "green": 1, "blue": 1, "purple": 1})
    g.apply("sell llama0")  # red on the lower flag: the 7th colour
    assert g.is_over
    assert g.explain_illegal("end trade").rule == "PK-306"
    assert g.explain_illegal("rotate 1,0 o1").rule == "PK-306"


def test_action_texts_describe_the_choice():
    g = make_game("A")
    legal = {a.id: a.text for a in g.legal_actions()}
    assert legal["rotate 0,1 o5"] == "Rotate tile 0,1 F2 -> F5 (mountain sides 0,5) (free)"
    assert "0-degree rotation" in legal["rotate 0,1 o2"] and "rock" in legal["rotate 0,1 o2"]
    g.apply("rotate 0,1 o5")
    legal = {a.id: a.text for a in g.legal_actions()}
    assert legal["move llama0 0,1"] == "Move White llama0 (carrying white) to 0,1 (tile F5)"
    assert legal["stay llama0"].startswith("White llama0 (carrying white) stays on 0,0 (white village, demand ")
    h = make_game("A")
    set_supply(h, "white", {"red": 2})
    h.apply("rotate 0,1 o5")
    assert next(a.text for a in h.legal_actions() if a.id == "rotate 3,-3 o0").endswith("(pay 2)")


@pytest.mark.rule("PK-300", "PK-060")
def test_both_colours_can_win_from_the_start():
    """Guards against a rule that would make wins impossible: progress playouts from the standard start reach a
    win for White and one for Black (uniform random play rarely opens a path, so it mostly hits the cap)."""
    winners = set()
    for seed in range(12):
        g = make_game("A", seed=seed, TURN_CAP=300)
        rng = Rng(seed)
        random_playout(g, rng, biased=True)
        if g.state.winner >= 0:
            winners.add(g.state.colour_of(g.state.winner))
            assert all(g.state.supply[g.state.winner][c] >= 1 for c in range(7))
        if winners == {0, 1}:
            break
    assert winners == {0, 1}


def test_turns_alternate_through_finish_turn():
    g = make_game("B")
    for turn in range(6):
        assert g.current_player == (0 if turn % 2 == 0 else 1)
        finish_turn(g)
    assert ids(g)[-1] == "end rotate"


@pytest.mark.rule("PK-006", "PK-091")
def test_the_general_supply_never_runs_out():
    """Every colour can be paid out, even to a player already holding more than the 8 printed pieces of it."""
    villages = {
        "white": (0, 0),
        "red": (4, 0),
        "orange": (0, 4),
        "yellow": (-4, 4),
        "green": (-4, 0),
        "blue": (0, -4),
        "purple": (4, -4),
    }
    for colour in COLOURS:
        village = next(v for v in villages if v != colour)
        other = next(c for c in COLOURS if c not in (colour, village))
        g = make_game()
        put_llama(g, "white", 0, villages[village], colour)
        set_demand(g, village, f"{LETTER[colour]}/{LETTER[other]}")
        set_supply(g, "white", {colour: 9})
        at_step(g, "trade")
        g.apply("sell llama0")
        assert supply_of(g, "white")[colour] == 11


@pytest.mark.rule("PK-275", "PK-090")
def test_refill_follows_the_refill_order_param():
    """The default REFILL_ORDER equals the colour order, so a reversed order shows the rules read the param."""
    order = [(4, -4), (0, -4), (-4, 0), (-4, 4), (0, 4), (4, 0), (0, 0)]
    g = make_game(REFILL_ORDER=order)
    setup_order = [e.data["village"] for e in g.log if e.kind == "demand"]
    assert setup_order == list(reversed(COLOURS))
    for village in ("white", "green", "purple"):
        set_demand(g, village, None)
    events = fill_missing(g.state, g.tables, g.params, g.rng, setup=False)
    assert [e.data["village"] for e in events if e.kind == "demand"] == ["purple", "green", "white"]
