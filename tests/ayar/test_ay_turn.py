"""The Day turn: steps 1-5 (AY-080..AY-193) and its decision points (AY-800..AY-804, AY-810, AY-812, AY-820)."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.ayar.rules.turn import Planner, free_spots, lane_tambos, move_figure, temple_rows
from tawa.games.ayar.state import Phase
from tawa.games.ayar.testing import ids, new, play, random_playout, refresh, run_night, set_grid, start_turn


@pytest.mark.rule("AY-080", "AY-800", "AY-801", "AY-802", "AY-090", "AY-111")
def test_turn_decision_order_with_gold_marker():
    g = new(4)
    assert ids(g) == [f"marker {m}" for m in ("teal", "brown", "purple", "black", "gold")]
    play(g, "marker gold")
    assert g.state.phase == Phase.SLOT and len(ids(g)) == 8
    play(g, "slot c2")  # 1 arrow, power 1
    assert g.state.phase == Phase.AYAR
    # black's spot 1 is Pottery, impossible with power 1 (AY-095)
    assert ids(g) == ["ayar teal", "ayar brown", "ayar purple"]
    play(g, "ayar purple")
    assert g.state.step == [0, 0, 1, 0] and g.state.phase == Phase.TAMBO
    play(g, "tambo r3c2")
    assert g.state.phase == Phase.SPOT and ids(g) == ["spot 1"]
    play(g, "spot 1")
    assert g.state.phase == Phase.BOAT and g.state.power == 1


@pytest.mark.rule("AY-095", "AY-812", "AY-135")
def test_markers_offered_only_if_turn_can_complete():
    g = new(2)
    st = g.state
    for k in (13, 14, 15):  # teal's reachable spots are all taken
        st.spots[0][k] = (1,)
    refresh(g)
    legal = ids(g)
    assert "marker teal" not in legal and "marker gold" in legal
    assert g.explain_illegal("marker teal").rule == "AY-095"
    play(g, "marker gold", "slot r4")
    assert "ayar teal" not in ids(g)


@pytest.mark.rule("AY-092", "AY-094", "AY-091")
def test_used_slot_and_marker_are_not_offered():
    g = new(2)
    p = g.state.players[0]
    p.slots[0], p.markers[0] = 0, 0  # teal on R1 earlier this round
    start_turn(g, 0)
    assert "marker teal" not in ids(g)
    assert g.explain_illegal("marker teal").rule == "AY-094"
    play(g, "marker brown")
    assert "slot r1" not in ids(g) and len(ids(g)) == 7
    assert g.explain_illegal("slot r1").rule == "AY-092"


@pytest.mark.rule("AY-112")
def test_retired_colour_marker_acts_as_gold():
    g = new(2)
    g.state.active[2] = False
    start_turn(g, 0)
    play(g, "marker purple", "slot r2")
    assert ids(g) == ["ayar teal", "ayar brown", "ayar black"]


@pytest.mark.rule("AY-114", "AY-113", "AY-117")
def test_move_exact_arrows_and_stamp():
    g = new(4)
    play(g, "marker black", "slot c3")  # 3 arrows
    st = g.state
    assert st.step[3] == 3 and st.moves == 1 and st.stamp == [0, 0, 0, 1]


@pytest.mark.rule("AY-115", "AY-116")
def test_cusco_stop_and_sharing():
    g = new(4)
    st = g.state
    t = g.tables
    st.step = [39, 40, 39, 5]
    assert move_figure(st, t, 0, 3) == -1 and st.step[0] == 40
    assert move_figure(st, t, 1, 2) == -1 and st.step[1] == 40  # moves 0 steps
    assert st.stamp[1] == 2
    move_figure(st, t, 2, 1)
    assert st.step[:3] == [40, 40, 40]


@pytest.mark.rule("AY-130", "AY-131", "AY-803")
def test_take_tambo_choice_and_automatic_single():
    g = new(4)
    play(g, "marker teal", "slot r1")
    assert ids(g) == ["tambo r1c1", "tambo r1c2", "tambo r1c3", "tambo r1c4"]
    g2 = new(4)
    set_grid(g2, 0, ["...T", "TTTT", "TTTT", "TTTT"])
    start_turn(g2, 0)
    play(g2, "marker teal", "slot r1")
    assert g2.state.phase == Phase.SPOT and not g2.state.players[0].grid[3]


@pytest.mark.rule("AY-132", "AY-133", "AY-134", "AY-804", "AY-820")
def test_spots_behind_the_ayar():
    g = new(2)
    st = g.state
    t = g.tables
    st.spots[0][14] = (1,)
    refresh(g)
    play(g, "marker teal", "slot r4", "tambo r4c1")  # teal 12 -> 15; power 1
    assert st.step[0] == 15
    legal = g.legal_actions()
    # spot 13 (Pottery) cannot be performed with power 1, 14 is taken, 15 (Farming) is free
    assert t.spot_activity[0][12:15] == "PWF"
    assert [a.id for a in legal] == ["spot 15"]
    assert "Farming with power 1" in legal[0].text
    assert g.explain_illegal("spot 14").rule == "AY-134"  # occupied
    assert g.explain_illegal("spot 13").rule == "AY-135"  # Pottery needs power 2
    assert g.explain_illegal("spot 16").rule == "AY-133"  # ahead of the Ayar
    assert g.explain_illegal("spot 12").rule == "AY-133"  # before the start step


@pytest.mark.rule("AY-136", "AY-137")
def test_tambos_stay_and_retired_path_closes():
    g = new(2)
    st = g.state
    t = g.tables
    st.spots[1][13] = (0,)
    st.step = [20, 15, 20, 20]
    run_night(g)
    assert st.spots[1][13] == (0,)
    assert free_spots(st, t, 1, 40) == []


@pytest.mark.rule("AY-150", "AY-151", "AY-155")
def test_power_counts_empty_spaces_after_the_take():
    g = new(4)
    set_grid(g, 0, ["TTTT", "TTTT", "TTTT", "T..T"])
    start_turn(g, 0)
    play(g, "marker brown", "slot r4", "tambo r4c4")  # brown 0 -> 3
    assert g.state.base == 3
    play(g, "spot 3")  # brown spot 3 = Pottery
    assert g.state.act == "P" and g.state.phase == Phase.POT and g.state.power == 3


@pytest.mark.rule("AY-153", "AY-152")
def test_power_fixed_when_step_4_begins():
    from tawa.games.ayar.testing import into_activity, pot_id, set_market

    g = new(2)
    p = g.state.players[0]
    p.bonus[1] = 1
    set_market(g, [pot_id(g, "white", 6), pot_id(g, "red", 1), pot_id(g, "blue", 4), pot_id(g, "red", 3)])
    into_activity(g, 0, "P", 6)
    play(g, "pot m1", "token v2")  # V2 completes during the action
    assert p.bonus[1] == 2
    assert g.state.phase == Phase.POT and g.state.power == 2  # not raised to 3
    assert "pot m2" in ids(g) and "pot m3" not in ids(g)


@pytest.mark.rule("AY-154", "AY-157", "AY-156")
def test_partial_power_and_unused_power_lost():
    from tawa.games.ayar.testing import into_activity

    g = new(2)
    into_activity(g, 0, "F", 3)
    play(g, "maize a")
    assert "maize done" in ids(g)
    play(g, "maize done")
    assert g.state.players[0].boxes == [1, 0, 0, 0]
    assert g.state.seat == 1 and g.state.power == 0 and g.state.taken == 0
    # no unit possible -> not performable
    g.state.players[1].boxes = [3, 3, 4, 4]
    assert not Planner(g.state, g.tables, g.params, 1).ok("F", 4)


def _quadrant_setup():
    g = new(4)
    set_grid(g, 0, ["T.TT", "..TT", "TTTT", "TTTT"])
    start_turn(g, 0)
    play(g, "marker teal", "slot r1", "tambo r1c1", "spot 1", "textile 1")
    return g


@pytest.mark.rule("AY-170", "AY-172", "AY-173", "AY-810")
def test_quadrant_gives_temple_choice():
    g = _quadrant_setup()
    st = g.state
    acts = g.legal_actions()
    play(g, acts[0].id)  # place the textile
    if st.phase == Phase.TEXTILE:
        play(g, "weave done")
    assert st.phase == Phase.TEMPLE
    assert ids(g) == ["temple teal", "temple brown", "temple purple", "temple black"]
    play(g, "temple purple")
    assert st.temple[2] == (0,) and st.players[0].temples == 3
    assert st.seat == 1


@pytest.mark.rule("AY-174", "AY-825")
def test_quadrant_without_legal_row_gives_sun():
    g = new(4)
    st = g.state
    st.temple = [(0,), (0,), (0,), ()]
    st.active[3] = False
    set_grid(g, 0, ["T.TT", "..TT", "TTTT", "TTTT"])
    start_turn(g, 0)
    play(g, "marker teal", "slot r1", "tambo r1c1", "spot 1", "textile 1")
    play(g, g.legal_actions()[0].id)
    if st.phase == Phase.TEXTILE:
        play(g, "weave done")
    assert st.players[0].sun == 2 and st.players[0].temples == 4
    assert temple_rows(st, 0) == []


@pytest.mark.rule("AY-175", "AY-176", "AY-177", "AY-171", "AY-219")
def test_lanes_bonuses_row_first():
    g = new(4)
    st = g.state
    p = st.players[0]
    # (3,2) is the last Tambo of row R3 (+3 Inti) and column C2 (+3 Inti)
    set_grid(g, 0, ["T.TT", "T.TT", ".T..", "T.TT"])
    start_turn(g, 0)
    ev = play(g, "marker teal", "slot r3", "spot 1", "textile 1")
    ev += play(g, g.legal_actions()[0].id)
    while st.seat == 0 and st.phase in (Phase.TEXTILE, Phase.PLACE):
        ev += play(g, g.legal_actions()[-1].id)
    clan = [e.text for e in ev if e.kind == "clan"]
    assert clan == ["P1 empties R3: +3 inti", "P1 empties C2: +3 inti"]
    assert p.inti == 6


@pytest.mark.rule("AY-178", "AY-601")
def test_lane_bonus_paid_once():
    g = new(4)
    st = g.state
    st.players[0].moon = 0
    set_grid(g, 0, ["TTTT", "TTTT", "TTTT", "...T"])
    start_turn(g, 0)
    play(g, "marker teal", "slot r4")  # 3 arrows, single Tambo taken automatically
    assert st.phase == Phase.SPOT
    play(g, ids(g)[0])
    while st.seat == 0:
        play(g, g.legal_actions()[0].id)
    assert st.players[0].moon == 3  # R4 clan bonus
    start_turn(g, 0)
    g.state.players[0].slots = [-1] * 8
    g.state.players[0].markers = [-1] * 5
    refresh(g)
    play(g, "marker brown")
    assert "slot r4" not in ids(g)


@pytest.mark.rule("AY-179", "AY-212", "AY-213", "AY-171")
def test_raymi_reached_scores_after_activity():
    g = new(2)
    st = g.state
    st.step[0] = 16
    st.raymi[0] = "F"
    st.players[1].boxes = [1, 0, 0, 0]
    refresh(g)
    start_turn(g, 0)
    ev = play(g, "marker teal", "slot r4", "tambo r4c1")  # 16 -> 19 passes 18
    assert st.raymi_hit == 0
    spot = next(a.id for a in g.legal_actions() if "Farming" in a.text)
    ev += play(g, spot, "maize a")
    kinds = [e.kind for e in ev]
    assert kinds.index("maize") < kinds.index("inti")
    assert st.players[0].inti == 1 and st.players[1].inti == 1
    assert st.raymi[0] == ""


def _block_all(g):
    st = g.state
    for q in range(4):
        for k in range(1, 41):
            st.spots[q][k] = (1,)
    refresh(g)


@pytest.mark.rule("AY-190", "AY-191", "AY-192")
def test_fallback_turn():
    g = new(2)
    _block_all(g)
    set_grid(g, 0, ["TTTT", "TTTT", "TTTT", "...T"])
    start_turn(g, 0)
    st = g.state
    assert st.fallback
    play(g, "marker black", "slot r4")  # single Tambo: taken and discarded
    p = st.players[0]
    assert p.discarded == 1 and p.on_board == 3 and p.moon == 3  # no spot; R4 clan bonus still paid
    assert st.step[3] == 15 and st.seat == 1


@pytest.mark.rule("AY-193")
def test_a_step_slot_always_exists():
    for players in (1, 2, 3, 4):
        g = new(players, seed=players)
        rng = tawa.Rng(players)
        while not g.is_over:
            if g.state.phase == Phase.MARKER and g.state.tok_n == 0:
                seat = g.state.seat
                p = g.state.players[seat]
                free = [s for s in range(8) if p.slots[s] < 0 and lane_tambos(p, s) > 0]
                assert free
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])


@pytest.mark.rule("AY-820", "AY-826")
def test_illegal_actions_name_rules_and_leave_state():
    g = new(4)
    before = g.to_json()
    for bad, rule in (("slot r1", "AY-080"), ("nonsense", "AY-826")):
        with pytest.raises(tawa.IllegalAction) as e:
            g.apply(bad)
        assert e.value.rule == rule
    assert g.to_json() == before
    play(g, "marker teal", "slot r1")
    with pytest.raises(tawa.IllegalAction) as e:
        g.apply("tambo r2c1")
    assert e.value.rule == "AY-130"
    assert g.explain_illegal("ayar brown").rule == "AY-080"


def test_random_games_finish_quickly():
    g = random_playout(new(4, 9), 9)
    assert g.is_over
