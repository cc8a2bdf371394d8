"""The four activities (AY-240..AY-363) with their decision points (AY-805..AY-808, AY-821..AY-824),
and Raymi tiles / Inti scoring (AY-210..AY-223)."""

from __future__ import annotations

import pytest

from tawa.games.ayar.rules.activities import (
    OFFSET,
    can_perform,
    placements,
    plant,
    reed_costs,
    reed_destinations,
    slide_and_refill,
    textile_stacks,
)
from tawa.games.ayar.rules.turn import inti_scoring, move_figure
from tawa.games.ayar.scoring import pottery_moon, reed_moon, sun_value, weave_sun
from tawa.games.ayar.state import Phase
from tawa.games.ayar.testing import (
    give_pots,
    ids,
    into_activity,
    new,
    play,
    pot_id,
    put_textile,
    refresh,
    run_night,
    set_market,
    tile_id,
)


# ------------------------------------------------------------------ Pottery
def _market(g):
    return [pot_id(g, "red", 1), pot_id(g, "blue", 4), pot_id(g, "green", 2), pot_id(g, "white", 6)]


@pytest.mark.rule("AY-243", "AY-805")
def test_two_facedown_pots_and_subchoices():
    g = new(2)
    a, b = pot_id(g, "yellow", 2), pot_id(g, "yellow", 3)
    set_market(g, _market(g), [a, b])
    into_activity(g, 0, "P", 6)
    assert "pot done" not in ids(g)
    play(g, "pot facedown")
    assert "pot done" in ids(g) and "pot facedown" in ids(g)
    play(g, "pot facedown")
    assert g.state.players[0].pots == [a, b]
    g2 = new(2, FACEDOWN_MAX=1)
    into_activity(g2, 0, "P", 6)
    play(g2, "pot facedown")
    assert "pot facedown" not in ids(g2)


@pytest.mark.rule("AY-247", "AY-248", "AY-380")
def test_viracocha_from_faceup_pot_only():
    g = new(2)
    wv = pot_id(g, "white", 6)
    set_market(g, _market(g), [pot_id(g, "red", 6)])
    into_activity(g, 0, "P", 7)
    play(g, "pot facedown")
    assert g.state.tok_n == 0
    play(g, "pot m4")
    assert g.state.tok_n == 1 and g.current_player == 0
    play(g, "token v3")
    assert g.state.players[0].bonus == [0, 0, 1, 0, 0]
    assert g.state.players[0].pots[1] == wv


@pytest.mark.rule("AY-251", "AY-255", "AY-263", "AY-256", "AY-264")
def test_refill_after_action_and_row_order():
    g = new(2)
    m = _market(g)
    top = pot_id(g, "yellow", 1)
    set_market(g, m, [top])
    into_activity(g, 0, "P", 4)
    play(g, "pot m3")
    st = g.state
    assert st.market[2] == -1 and top not in st.market  # no refill yet
    assert "pot m3" not in ids(g)
    play(g, "pot m1")
    assert st.players[0].pots == [m[2], m[0]]
    assert st.market == [m[1], m[3], top, st.market[3]]
    into_activity(g, 0, "P", 3)
    play(g, "pot m1")
    assert st.players[0].pots[:2] == [m[2], m[0]]


@pytest.mark.rule("AY-252", "AY-262", "AY-821")
def test_empty_stack_and_performability():
    g = new(2)
    st = g.state
    t = g.tables
    m = _market(g)
    set_market(g, m[:2])
    st.pots_out.extend(st.stack)
    st.stack = []
    slide_and_refill(st, t)
    assert st.market == [m[0], m[1], -1, -1]
    into_activity(g, 0, "P", 5)
    assert ids(g) == ["pot m1", "pot m2"]
    assert g.explain_illegal("pot facedown").rule == "AY-821"
    assert not can_perform(st, g.tables, g.params, 0, "P", 1)
    assert can_perform(st, g.tables, g.params, 0, "P", 2)


@pytest.mark.rule("AY-258")
def test_pot_row_capacity():
    g = new(2)
    st = g.state
    give_pots(g, 0, [(x, True) for x in st.stack[:7]])
    into_activity(g, 0, "P", 6)
    play(g, ids(g)[0])
    assert len(st.players[0].pots) == 8 and st.phase != Phase.POT
    assert not can_perform(st, g.tables, g.params, 0, "P", 6)


@pytest.mark.rule("AY-259")
def test_colour_set_values():
    g = new(2)
    p = g.state.players[0]
    give_pots(g, 0, [(pot_id(g, "red", k), False) for k in range(1, 6)] + [(pot_id(g, "blue", 1), False)])
    assert pottery_moon(p, g.tables, g.params.SET_MOON) == 16 + 1
    g2 = new(2)
    give_pots(
        g2,
        0,
        [
            (pot_id(g2, "red", 1), False),
            (pot_id(g2, "red", 2), False),
            (pot_id(g2, "red", 3), False),
            (pot_id(g2, "green", 1), False),
            (pot_id(g2, "green", 2), False),
        ],
    )
    assert pottery_moon(g2.state.players[0], g2.tables, g2.params.SET_MOON) == 9 + 4


# ------------------------------------------------------------------ Weaving
@pytest.mark.rule("AY-280", "AY-281", "AY-282", "AY-806", "AY-822")
def test_textile_power_and_one_per_stack():
    g = new(2)
    st = g.state
    into_activity(g, 0, "W", 3)
    assert ids(g) == ["textile 1", "textile 2", "textile 3"]
    top2 = st.stacks[1][0]
    play(g, "textile 2")
    assert st.phase == Phase.PLACE
    play(g, "place r1c1 e")
    assert st.players[0].tiles == [top2]
    assert ids(g) == ["textile 1", "weave done"]
    assert g.explain_illegal("textile 2").rule == "AY-822"


@pytest.mark.rule("AY-283")
def test_viracocha_textile():
    g = new(2)
    st = g.state
    v = tile_id(g, "T09")
    st.stacks[1].remove(v)
    st.stacks[1].insert(0, v)
    into_activity(g, 0, "W", 2)
    play(g, "textile 2", "place r2c2 s")
    assert st.tok_n == 1 and st.tok_seat == 0


@pytest.mark.rule("AY-284", "AY-286", "AY-285", "AY-288")
def test_placements_rotations_flips_and_merging():
    g = new(2)
    st = g.state
    t = g.tables
    asym = placements(st, t, 0, tile_id(g, "T07"))
    assert len(asym) == (15 + 12) * 4
    sym = placements(st, t, 0, tile_id(g, "T17"))
    assert len(sym) == 15 + 12
    put_textile(g, 0, "T18", 1, 1, "e")
    cells = st.players[0].weave_tile[:2]
    for r, c, d, _ in placements(st, t, 0, tile_id(g, "T07")):
        dr, dc = OFFSET[d]
        assert (r, c) not in ((1, 1), (1, 2)) and (r + dr, c + dc) not in ((1, 1), (1, 2))
    put_textile(g, 0, "T26", 2, 1, "e")
    assert st.players[0].weave_tile[:2] == cells and st.tok_n == 0
    into_activity(g, 0, "W", 4)
    play(g, "textile 1")
    assert g.explain_illegal("place r1c1 e").rule == "AY-285"


@pytest.mark.rule("AY-287", "AY-290", "AY-289")
def test_no_textile_without_a_legal_placement():
    g = new(2)
    st = g.state
    t = g.tables
    p = st.players[0]
    # checkerboard of covered cells: no two adjacent empty cells remain
    for i in range(18):
        r, c = divmod(i, 6)
        if (r + c) % 2 == 0:
            p.weave[i] = 0
    assert not can_perform(st, g.tables, g.params, 0, "W", 4)
    assert textile_stacks(st, t, 0, 4) == []
    g2 = new(2)
    g2.state.textiles_out.extend(g2.state.stacks[0])
    g2.state.stacks[0] = []
    into_activity(g2, 0, "W", 4)
    assert "textile 1" not in ids(g2)
    assert not can_perform(g2.state, g2.tables, g2.params, 0, "W", 1)


@pytest.mark.rule("AY-291", "AY-223")
def test_weaving_sun_counted_at_inti_scoring():
    g = new(2)
    st = g.state
    t = g.tables
    put_textile(g, 0, "T03", 1, 1, "e")
    st.raymi[0] = "W"
    inti_scoring(st, t, 0, [])
    assert st.players[0].inti == weave_sun(st.players[0], t) == 1


# ------------------------------------------------------------------ Farming
@pytest.mark.rule("AY-310", "AY-318", "AY-807")
def test_planting_fills_next_spaces():
    g = new(2)
    st = g.state
    st.terrace = [1, 1]
    into_activity(g, 0, "F", 2)
    assert ids(g) == ["maize a", "maize b", "maize c", "maize d"]
    play(g, "maize c")
    assert "maize done" in ids(g)
    play(g, "maize d")
    assert st.terrace == [1, 1, 0, 0]
    assert st.players[0].boxes == [0, 0, 1, 1]


@pytest.mark.rule("AY-311", "AY-326", "AY-823")
def test_planting_limits():
    g = new(2)
    st = g.state
    st.terrace = [1] * 15
    into_activity(g, 0, "F", 3)
    play(g, "maize a")
    assert len(st.terrace) == 16 and st.phase != Phase.MAIZE
    assert not can_perform(st, g.tables, g.params, 0, "F", 3)
    g2 = new(2)
    g2.state.players[0].boxes = [3, 3, 4, 2]
    into_activity(g2, 0, "F", 3)
    assert ids(g2) == ["maize d"]
    assert g2.explain_illegal("maize a").rule == "AY-823"
    play(g2, "maize d")
    assert ids(g2) == ["maize d", "maize done"]
    play(g2, "maize d", "token v1")  # the last cube: no cube left, the action ends
    assert g2.state.phase == Phase.MARKER and g2.state.players[0].boxes == [3, 3, 4, 4]


@pytest.mark.rule("AY-315", "AY-314")
def test_viracocha_boxes():
    g = new(2)
    st = g.state
    t = g.tables
    for box, gains in ((0, 0), (1, 1), (2, 0), (3, 1)):
        st.players[0].boxes = [0, 0, 0, 0]
        st.players[0].boxes[box] = len(t.box_suns[box]) - 1
        st.tok_n = 0
        plant(st, t, 0, box)
        assert st.tok_n == gains


@pytest.mark.rule("AY-322", "AY-323", "AY-324", "AY-325", "AY-420", "AY-421")
def test_harvest_nobody_and_clearing():
    g = new(2)
    st = g.state
    st.step = [12, 20, 20, 20]
    run_night(g)
    assert st.temple_token[0] == 0 and st.tok_n == 0  # nobody planted: the token leaves
    p = st.players[0]
    p.boxes = [3, 0, 0, 0]
    st.terrace = [0, 0, 0]
    st.step = [0, 13, 20, 20]
    run_night(g)
    assert st.terrace == [] and p.boxes == [3, 0, 0, 0]
    assert st.temple_token[1] == 0 and st.tok_n == 1


# ------------------------------------------------------------------ Reed
@pytest.mark.rule("AY-341", "AY-342", "AY-343", "AY-344", "AY-808", "AY-824")
def test_route_moves_both_ways():
    g = new(2)
    st = g.state
    t = g.tables
    st.players[0].boat = 5
    into_activity(g, 0, "R", 2)
    assert ids(g) == ["boat 3", "boat 4", "boat 6"]
    play(g, "boat 3")
    assert st.players[0].boat == 3 and st.players[0].island_at == [4]
    st.players[0].boat = 1
    assert reed_destinations(st, t, 0, 5)[0] == 2  # never back onto the dock
    into_activity(g, 0, "R", 1)
    assert g.explain_illegal("boat 0").rule == "AY-824"
    assert "boat 0" not in g.action_space


@pytest.mark.rule("AY-346", "AY-363", "AY-362")
def test_boats_do_not_change_cost_and_share_spaces():
    g = new(3)
    st = g.state
    t = g.tables
    st.players[1].boat = 1
    st.players[2].boat = 3
    assert reed_costs(st, t, 0, 3) == [(1, 1), (2, 2), (3, 3)]
    into_activity(g, 0, "R", 3)
    play(g, "boat 3")
    assert [p.boat for p in st.players] == [3, 1, 3]
    assert st.players[0].island_at == [2]  # an Island dropped on the way


@pytest.mark.rule("AY-347", "AY-349", "AY-360")
def test_cost_at_entry_and_compulsory_islands():
    g = new(2)
    st = g.state
    into_activity(g, 0, "R", 4)
    play(g, "boat 4")  # 1 + 1 + 1 + 1: Islands placed on 2 and 4 on the way (not free)
    p = st.players[0]
    assert p.island_at == [2, 4]
    st.tok_n = 0
    st.tok_seat = -1
    p.island_at = [2, 4, 6, 8, 10, 12]
    p.boat = 12
    into_activity(g, 0, "R", 8)
    play(g, "boat 16")
    assert p.island_at == [2, 4, 6, 8, 10, 12] and st.route[14] == ()


@pytest.mark.rule("AY-351", "AY-350")
def test_yellow_slot_with_island_places_none():
    g = new(2)
    st = g.state
    st.route[4] = (1,)
    into_activity(g, 0, "R", 5)
    play(g, "boat 5")
    assert st.players[0].island_at == [2] and st.route[4] == (1,)


@pytest.mark.rule("AY-356", "AY-354")
def test_empty_lake_section_gives_nothing():
    g = new(2)
    st = g.state
    st.lake[0] = 0
    into_activity(g, 0, "R", 4)
    play(g, "boat 4")
    assert st.players[0].island_at == [2, 4] and st.tok_n == 0


@pytest.mark.rule("AY-359", "AY-358")
def test_reed_moon_is_highest_slot():
    g = new(2)
    p = g.state.players[0]
    assert reed_moon(p, g.tables) == 0
    p.island_at = [10, 2, 6]
    assert reed_moon(p, g.tables) == 10


@pytest.mark.rule("AY-361")
def test_reed_performable():
    g = new(2)
    st = g.state
    t = g.tables
    st.players[0].boat = 16
    st.players[1].boat = 18
    assert reed_costs(st, t, 0, 1) == []  # 17 costs 3, 15 costs 2
    assert not can_perform(st, g.tables, g.params, 0, "R", 1)
    assert can_perform(st, g.tables, g.params, 0, "R", 2)


# ------------------------------------------------------------------ Raymi and Inti
@pytest.mark.rule("AY-210", "AY-217", "AY-216")
def test_inti_scoring_for_every_player():
    g = new(3)
    st = g.state
    t = g.tables
    st.players[0].island_at = [2, 4]
    st.players[2].island_at = [2]
    st.raymi[3] = "R"
    inti_scoring(st, t, 3, [])
    assert [p.inti for p in st.players] == [5, 0, 2]
    assert st.raymi[3] == ""


@pytest.mark.rule("AY-214")
def test_one_raymi_per_move():
    g = new(1)
    t = g.tables
    longest = max(max(t.slot_arrows), max(c[2] for c in t.rival_cards))
    assert longest == 3
    assert min(b - a for a, b in zip(t.raymi_steps, t.raymi_steps[1:], strict=False)) > longest
    st = g.state
    st.step = [17, 12, 12, 12]
    assert move_figure(st, t, 0, 3) == 0 and st.step[0] == 20


@pytest.mark.rule("AY-215")
def test_retired_path_loses_raymi_tiles():
    g = new(2)
    st = g.state
    st.step = [12, 20, 20, 20]
    run_night(g)
    assert st.raymi[0] == st.raymi[1] == ""
    assert all(st.raymi[2:])


@pytest.mark.rule("AY-218", "AY-221")
def test_inti_never_decreases():
    g = new(2)
    st = g.state
    st.players[0].inti = 7
    st.step = [12, 20, 20, 20]
    run_night(g)
    assert st.players[0].inti == 7 and st.players[0].sun == 7


@pytest.mark.rule("AY-223")
def test_each_activity_counted_by_its_rule():
    g = new(2)
    st = g.state
    t = g.tables
    p = st.players[0]
    give_pots(g, 0, [(pot_id(g, "red", 1), False), (pot_id(g, "red", 2), True)])
    p.boxes = [1, 2, 0, 0]
    p.island_at = [2]
    assert [sun_value(p, t, a) for a in "PWFR"] == [2, 0, 1 + 1 + 2, 2]
    refresh(g)


@pytest.mark.rule("AY-348", "AY-353")
def test_no_second_island_on_a_space_holding_yours():
    g = new(2)
    st = g.state
    p = st.players[0]
    into_activity(g, 0, "R", 3)
    play(g, "boat 3")  # Island 1 on space 2
    assert p.island_at == [2]
    into_activity(g, 0, "R", 2)
    play(g, "boat 1")  # back through space 2 (own Island: free, no new Island)
    assert p.island_at == [2] and st.route[2] == (0,)
    st.route[6] = (1,)
    st.players[1].island_at = [6]
    p.boat = 5
    into_activity(g, 0, "R", 1)
    play(g, "boat 6")  # a non-yellow slot is shared with another's Island
    assert st.route[6] == (1, 0) and p.island_at == [2, 6]


@pytest.mark.rule("AY-254", "AY-462")
def test_reshuffle_threshold():
    for left, reshuffled in ((5, False), (4, True)):
        g = new(2)
        st = g.state
        st.pots_out.extend(st.stack[left:])
        st.stack = st.stack[:left]
        market, stack = list(st.market), list(st.stack)
        st.step = [12, 20, 20, 20]
        ev = run_night(g)
        assert any(e.kind == "market" for e in ev) == reshuffled
        if not reshuffled:
            assert st.market == market and len(st.stack) == 5
        else:
            assert len(st.stack) == left and sorted(st.market + st.stack) == sorted(market + stack)
