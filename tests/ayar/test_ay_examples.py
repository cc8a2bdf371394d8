"""The spec's worked examples AY-600..AY-623 as exact scenarios."""

from __future__ import annotations

import pytest

from tawa.games.ayar.rules import advance
from tawa.games.ayar.rules.night import harvest_winner, retiring_ayar
from tawa.games.ayar.rules.turn import inti_scoring
from tawa.games.ayar.scoring import (
    allocate_llamas,
    best_sets,
    farm_moon,
    farm_sun,
    pottery_moon,
    pottery_sun,
    reed_moon,
    reed_sun,
    weave_moon,
    weave_sun,
)
from tawa.games.ayar.state import Laid, Phase
from tawa.games.ayar.testing import (
    give_pots,
    ids,
    into_activity,
    new,
    play,
    pot_id,
    put_textile,
    run_night,
    set_grid,
    set_market,
    start_turn,
)


@pytest.mark.rule("AY-600", "AY-150", "AY-151", "AY-152")
def test_power_example():
    g = new(4)
    set_grid(g, 0, ["TTTT", "T.T.", "TTTT", "TTTT"])
    g.state.players[0].bonus[1] = 2  # V2 complete
    start_turn(g, 0)
    play(g, "marker purple", "slot r2", "tambo r2c3")
    st = g.state
    assert st.base == 3
    spots = {a.data: a.text for a in g.legal_actions()}
    assert "power 3" in spots[1] and "Reed" in spots[1]  # purple spot 1 = R: no V2 bonus
    assert "power 4" in spots[2] and "Pottery" in spots[2]  # purple spot 2 = P: +1
    play(g, "spot 2")
    assert st.power == 4


@pytest.mark.rule("AY-601", "AY-093")
def test_slot_legality_example():
    g = new(2)
    set_grid(g, 0, ["TTTT", "TTTT", "TTTT", "...."])
    for rnd in (1, 2):
        g.state.round = rnd
        start_turn(g, 0)
        play(g, "marker teal")
        assert "slot r4" not in ids(g)
        err = g.explain_illegal("slot r4")
        assert err.rule == "AY-093"


@pytest.mark.rule("AY-602", "AY-133", "AY-134", "AY-132")
def test_action_spots_example():
    g = new(4)
    st = g.state
    t = g.tables
    st.step[0] = 3
    st.spots[0][1] = (1,)
    st.spots[0][4] = (2,)
    start_turn(g, 0)
    play(g, "marker teal", "slot r2")
    assert st.step[0] == 5
    assert t.spot_activity[0][:5] == "WFRWF"
    play(g, "tambo r2c1")
    assert ids(g) == ["spot 2", "spot 3", "spot 5"]


@pytest.mark.rule("AY-603", "AY-240", "AY-241", "AY-249", "AY-250")
def test_pottery_take_example():
    g = new(2)
    red2, blue3 = pot_id(g, "red", 1), pot_id(g, "blue", 4)
    green2, white4 = pot_id(g, "green", 1), pot_id(g, "white", 6)
    yellow2, red3 = pot_id(g, "yellow", 1), pot_id(g, "red", 4)
    set_market(g, [red2, blue3, green2, white4], [yellow2, red3])
    into_activity(g, 0, "P", 5)
    assert {"pot m1", "pot m2", "pot m3", "pot m4", "pot facedown"} <= set(ids(g))
    play(g, "pot m2", "pot m3")
    st = g.state
    assert st.players[0].pots == [blue3, green2]
    assert st.market == [red2, white4, yellow2, red3]
    assert st.phase != Phase.POT  # a third pot is never offered
    # white 4 + red 2 (total 6) is illegal
    g2 = new(2)
    set_market(g2, [red2, blue3, green2, white4], [yellow2, red3])
    into_activity(g2, 0, "P", 5)
    play(g2, "pot m4", "token v2")  # white 4 shows Viracocha (AY-248)
    assert g2.state.players[0].pots == [white4]  # 1 power left: red 2 was not offered, the action ended
    assert g2.state.phase == Phase.MARKER and g2.state.seat == 1


@pytest.mark.rule("AY-604", "AY-242", "AY-244", "AY-245")
def test_facedown_pot_example():
    g = new(2)
    red2 = pot_id(g, "red", 1)
    top, nxt = pot_id(g, "blue", 6), pot_id(g, "green", 2)
    set_market(g, [red2, pot_id(g, "white", 1), pot_id(g, "white", 2), pot_id(g, "white", 3)], [top, nxt])
    into_activity(g, 0, "P", 5)
    play(g, "pot facedown", "pot m1")
    p = g.state.players[0]
    assert p.pots == [top, red2] and p.pot_down == [True, False]
    assert g.state.market[-1] == nxt  # the refill uses the new stack top
    obs = g.observation(0)
    assert obs["players"][0]["pots"] == [None, red2]
    assert p.bonus == [0] * 5  # the facedown Viracocha pot gives nothing (AY-247)


@pytest.mark.rule("AY-605", "AY-260", "AY-261")
def test_pottery_moon_with_wilds():
    sm = (1, 4, 9, 16)
    assert best_sets([3, 0, 0, 1, 0], 2, sm) == 20
    g = new(2)
    r = [pot_id(g, "red", k) for k in (1, 2, 3)]
    give_pots(
        g,
        0,
        [(x, False) for x in r]
        + [(pot_id(g, "blue", 1), False), (pot_id(g, "green", 1), True), (pot_id(g, "green", 2), True)],
    )
    assert pottery_moon(g.state.players[0], g.tables, sm) == 20


@pytest.mark.rule("AY-606", "AY-246", "AY-260")
def test_wild_forms_one_set_only():
    assert best_sets([1, 1, 1, 0, 0], 1, (1, 4, 9, 16)) == 6


@pytest.mark.rule("AY-607", "AY-257")
def test_pottery_sun():
    g = new(2)
    give_pots(g, 0, [(pot_id(g, "red", k), False) for k in range(1, 7)])
    assert pottery_sun(g.state.players[0], g.tables) == 12


@pytest.mark.rule("AY-608", "AY-609", "AY-610", "AY-292", "AY-293")
def test_weaving_suns_examples():
    g = new(2)
    p = g.state.players[0]
    t = g.tables
    put_textile(g, 0, "T03", 1, 1, "e", False)
    assert weave_sun(p, t) == 1
    put_textile(g, 0, "T04", 2, 1, "e", True)
    assert weave_sun(p, t) == 1
    put_textile(g, 0, "T11", 3, 2, "w", True)
    assert weave_sun(p, t) == 4
    g2 = new(2)
    put_textile(g2, 0, "T03", 1, 1, "e")
    put_textile(g2, 0, "T04", 2, 1, "e", True)
    put_textile(g2, 0, "T11", 3, 2, "w", False)
    assert weave_sun(g2.state.players[0], t) == 3


@pytest.mark.rule("AY-611", "AY-294", "AY-295", "AY-296")
def test_weaving_moon_example():
    g = new(2)
    p = g.state.players[0]
    t = g.tables
    assert weave_moon(p, t) == 0
    put_textile(g, 0, "T03", 1, 1, "e")
    put_textile(g, 0, "T04", 2, 1, "e", True)
    put_textile(g, 0, "T11", 3, 2, "w", True)
    assert weave_moon(p, t) == 7
    put_textile(g, 0, "T01", 1, 4, "s")
    put_textile(g, 0, "T02", 3, 4, "e")  # column 4 complete, column 3 not
    assert weave_moon(p, t) == 7


@pytest.mark.rule("AY-612", "AY-312", "AY-313", "AY-314", "AY-316", "AY-317")
def test_farming_example():
    g = new(2)
    into_activity(g, 0, "F", 3)
    play(g, "maize b", "maize b", "maize a")
    p = g.state.players[0]
    t = g.tables
    assert farm_sun(p, t) == 4 and farm_moon(p, t) == 0
    assert sum(p.bonus) == 0
    into_activity(g, 0, "F", 1)
    play(g, "maize b")
    assert p.boxes[1] == 3 and farm_moon(p, t) == 2
    assert g.current_player == 0 and ids(g)[0] == "token v1"  # the Viracocha is placed at once
    play(g, "token v3")
    assert p.bonus == [0, 0, 1, 0, 0]


@pytest.mark.rule("AY-613", "AY-319", "AY-320", "AY-321")
def test_harvest_tie_example():
    assert harvest_winner([1, 1, 0, 0, 0, 1, 2]) == 1
    assert harvest_winner([0, 1, 0, 1]) == 0 and harvest_winner([1, 0, 1, 0, 2]) == 1  # earliest cube wins
    assert harvest_winner([2, 0, 1, 1]) == 1 and harvest_winner([]) is None
    g = new(3)
    st = g.state
    st.terrace = [1, 1, 0, 0, 0, 1, 2]
    run_night(g)
    assert st.tok_seat == 1 and st.tok_n == 1 and g.current_player == 1
    play(g, "token v4")
    assert st.players[1].bonus == [0, 0, 0, 1, 0] and st.terrace == []
    assert sum(st.players[0].bonus) == 0 and sum(st.players[2].bonus) == 0


@pytest.mark.rule("AY-614", "AY-340", "AY-348", "AY-357", "AY-358")
def test_reed_example():
    g = new(2)
    into_activity(g, 0, "R", 3)
    assert "boat 3" in ids(g) and "boat 4" not in ids(g)
    play(g, "boat 3")
    p = g.state.players[0]
    assert p.boat == 3 and p.island_at == [2]
    assert reed_sun(p, g.tables) == 2 and reed_moon(p, g.tables) == 3


@pytest.mark.rule("AY-615", "AY-345", "AY-354", "AY-355", "AY-353")
def test_reed_with_others_islands_example():
    g = new(2)
    st = g.state
    t = g.tables
    st.route[2] = (1,)
    st.players[1].island_at = [2]
    into_activity(g, 0, "R", 3)
    assert "boat 4" in ids(g) and "boat 5" not in ids(g)
    play(g, "boat 4", "token v1")
    p = st.players[0]
    assert p.island_at == [2, 4]
    assert st.lake[0] == 1 and p.bonus == [1, 0, 0, 0, 0]
    assert reed_moon(p, t) == 4 and reed_sun(p, t) == 5


@pytest.mark.rule("AY-616", "AY-352", "AY-350")
def test_yellow_slot_with_boat_example():
    g = new(2)
    st = g.state
    st.route[2] = (1,)
    st.players[1].island_at = [2]
    st.players[1].boat = 4
    into_activity(g, 0, "R", 3)
    assert ids(g) == ["boat 1", "boat 2", "boat 3"]
    assert g.explain_illegal("boat 4").rule == "AY-824"


@pytest.mark.rule("AY-617", "AY-217", "AY-220", "AY-221", "AY-450")
def test_inti_and_dusk_example():
    g = new(2)
    st = g.state
    t = g.tables
    p = st.players[0]
    p.inti = 3
    give_pots(g, 0, [(pot_id(g, "red", k), False) for k in range(1, 7)])
    st.round = 2
    st.raymi[0] = "P"
    inti_scoring(st, t, 0, [])
    assert p.inti == 15
    sun0 = p.sun
    for _ in range(3):
        run_night(g)
    assert st.round == 4 and g.is_over
    assert p.sun - sun0 == 45


@pytest.mark.rule("AY-618", "AY-482", "AY-483", "AY-485")
def test_llamas_example():
    sun, moon = allocate_llamas(90, 97, 5)
    assert (sun, moon) == (95, 97) and min(sun, moon) == 95
    assert allocate_llamas(90, 97, 9) == (98, 98)


@pytest.mark.rule("AY-619", "AY-441", "AY-442")
def test_step_marker_moon_example():
    g = new(2)
    st = g.state
    p = st.players[0]
    p.laid = [Laid(0, 0, 0), Laid(1, 6, 1), Laid(4, 1, 2), Laid(3, 5, 3)]  # R1 teal, C3 brown, gold R2 purple, C2 black
    st.step = [20, 20, 14, 20]
    run_night(g)
    assert st.retiring == 2
    assert p.moon == 4


@pytest.mark.rule("AY-620", "AY-431", "AY-432", "AY-064")
def test_temple_example():
    g = new(2)
    st = g.state
    p = st.players[0]
    st.temple[0] = (0,)
    st.temple[1] = (0,)
    st.round = 2
    st.active = [True, True, True, False]
    st.step = [30, 20, 25, 12]
    run_night(g)
    assert st.retiring == 1 and p.sun == 4
    st.round = 4
    st.active = [True, False, False, False]
    p.sun = 0
    run_night(g)
    assert st.retiring == 0 and p.sun == 8


@pytest.mark.rule("AY-621", "AY-413")
def test_retire_tie_example():
    g = new(4)
    st = g.state
    st.step = [14, 20, 14, 22]
    st.stamp = [9, 3, 5, 4]
    assert retiring_ayar(st) == 2
    g2 = new(2)
    g2.state.step = [12, 12, 12, 12]
    assert retiring_ayar(g2.state) == 0


@pytest.mark.rule("AY-622", "AY-386", "AY-387")
def test_viracocha_overflow_example():
    g = new(2)
    st = g.state
    p = st.players[0]
    st.tok_seat, st.tok_n = 0, 1
    play(g, "token v1")
    assert p.llamas == 2
    st.tok_seat, st.tok_n = 0, 10
    for v in ("v2", "v2", "v3", "v3", "v4", "v4", "v4"):
        play(g, f"token {v}")
    # with one open space left the last three tokens go to V5 automatically
    assert p.bonus == [1, 2, 2, 3, 3] and sum(p.bonus) == 11 and st.tok_n == 0
    assert p.llamas == 2 and p.inti == 4
    st.tok_seat, st.tok_n = 0, 1
    advance(st, g.tables, g.params, g.rng, [])
    assert p.llamas == 3 and st.tok_n == 0


@pytest.mark.rule("AY-623", "AY-254", "AY-462", "AY-253")
def test_market_reshuffle_example():
    g = new(4)
    st = g.state
    keep = st.stack[:3]
    st.pots_out.extend(st.stack[3:])
    st.stack = keep
    run_night(g)
    assert len([x for x in st.market if x >= 0]) == 5 and len(st.stack) == 3
