"""Viracocha bonus spaces (AY-380..AY-392, AY-809), the Night (AY-410..AY-464, AY-811) and game end
(AY-480..AY-491)."""

from __future__ import annotations

import pytest

from tawa.games.ayar.rules import advance
from tawa.games.ayar.rules.activities import power_bonus
from tawa.games.ayar.rules.turn import clan_bonus, temple_rows
from tawa.games.ayar.state import Laid, Phase
from tawa.games.ayar.testing import finished, give_pots, ids, into_activity, new, play, pot_id, put_textile, run_night


def _tokens(g, seat, n):
    st = g.state
    st.tok_seat, st.tok_n = seat, n
    ev = []
    advance(st, g.tables, g.params, g.rng, ev)
    g._legal_cache = None
    return ev


@pytest.mark.rule("AY-381", "AY-382", "AY-383", "AY-384", "AY-809", "AY-825")
def test_token_placement_choices():
    g = new(2)
    p = g.state.players[0]
    _tokens(g, 0, 1)
    assert ids(g) == ["token v1", "token v2", "token v3", "token v4", "token v5"]
    play(g, "token v1")  # V1 closes with 1 token, pays at once
    assert p.bonus[0] == 1 and p.llamas == 2
    _tokens(g, 0, 1)
    assert "token v1" not in ids(g)
    assert g.explain_illegal("token v1").rule == "AY-825"
    play(g, "token v4")
    assert p.bonus == [1, 0, 0, 1, 0]  # earlier tokens stay where they are


@pytest.mark.rule("AY-385", "AY-390")
def test_several_tokens_one_at_a_time():
    g = new(2)
    p = g.state.players[0]
    _tokens(g, 0, 3)
    play(g, "token v4", "token v4")
    assert g.state.tok_n == 1 and p.inti == 0
    play(g, "token v4")
    assert p.inti == 4 and g.state.tok_n == 0


@pytest.mark.rule("AY-388", "AY-389")
def test_power_bonuses_by_activity():
    g = new(2)
    p = g.state.players[0]
    t = g.tables
    p.bonus[1] = 2
    assert [power_bonus(p, t, a) for a in "PWFR"] == [1, 1, 0, 0]
    p.bonus[2] = 2
    assert [power_bonus(p, t, a) for a in "PWFR"] == [1, 1, 1, 1]
    p.bonus[1] = 1
    assert [power_bonus(p, t, a) for a in "PWFR"] == [0, 0, 1, 1]


@pytest.mark.rule("AY-391", "AY-444")
def test_v5_moon_every_night_even_if_completed_at_harvest():
    g = new(2)
    st = g.state
    p = st.players[0]
    p.bonus = [1, 2, 2, 3, 2]  # only V5 open: the harvest token completes it automatically
    st.terrace = [0]
    st.step = [12, 20, 20, 20]
    run_night(g)
    assert p.bonus[4] == 3
    # Moon: marker 0, activities 0 (one pot? none), +3 V5
    assert p.moon == 3
    st.step = [0, 12, 20, 20]
    run_night(g)
    assert p.moon == 6


@pytest.mark.rule("AY-392", "AY-176")
def test_general_supply_never_runs_out():
    g = new(2)
    st = g.state
    t = g.tables
    st.lake = [0, 0, 0, 0]
    st.temple_token = [0, 0, 0, 0]
    st.cell = 0
    st.seat = 0
    clan_bonus(st, t, 0, 0, [])  # R1: 1 Viracocha from the general supply
    assert st.tok_n == 1


@pytest.mark.rule("AY-410", "AY-411", "AY-811", "AY-460", "AY-461")
def test_night_order_and_preparation():
    g = new(2)
    st = g.state
    p = st.players[0]
    p.slots[0], p.markers[0], p.laid = 0, 0, [Laid(0, 0, 0)]
    st.step = [20, 14, 20, 20]
    st.temple[1] = (0,)
    st.pots_out.extend(st.stack[4:])
    st.stack = st.stack[:4]  # below RESHUFFLE_BELOW: preparation reshuffles
    ev = run_night(g)
    kinds = [e.kind for e in ev]
    order = [kinds.index(k) for k in ("night", "harvest", "temple", "moon", "dusk", "market")]
    assert order == sorted(order) and len(order) == 6
    assert st.retiring == 1 and not st.active[1]
    assert p.slots == [-1] * 8 and p.markers == [-1] * 5 and p.laid == []
    assert st.round == 2 and st.phase == Phase.MARKER and st.seat == 1
    g.check_invariants()


@pytest.mark.rule("AY-430", "AY-433")
def test_temple_markers_leave_and_row_closes():
    g = new(3)
    st = g.state
    st.temple[1] = (0, 2)
    st.step = [20, 8, 20, 20]
    run_night(g)
    assert st.players[0].sun == 2 and st.players[2].sun == 2 and st.players[1].sun == 0
    assert st.temple[1] == () and st.temple_closed[1]
    assert 1 not in temple_rows(st, 0)


@pytest.mark.rule("AY-440", "AY-443", "AY-445")
def test_moon_scoring_all_activities():
    g = new(2)
    st = g.state
    p = st.players[0]
    p.laid = [Laid(0, 0, 0), Laid(1, 5, 0)]  # R1 (2) and C2 (2) moving teal
    give_pots(g, 0, [(pot_id(g, "red", 1), False), (pot_id(g, "red", 2), False)])
    put_textile(g, 0, "T01", 1, 1, "s")
    put_textile(g, 0, "T02", 3, 1, "e")
    p.boxes = [3, 0, 0, 0]
    p.island_at = [2, 6]
    st.step = [20, 14, 20, 20]
    run_night(g)
    assert p.moon == 4 + 4 + 4 + 1 + 6


@pytest.mark.rule("AY-484")
def test_llamas_have_no_use_during_play():
    g = new(2)
    before = [a.id for a in g.legal_actions()]
    g.state.players[0].llamas = 30
    g._legal_cache = None
    assert [a.id for a in g.legal_actions()] == before
    g.state.players[0].sun, g.state.players[0].moon = 10, 20
    assert g.scores()[0] == 10.0


@pytest.mark.rule("AY-464", "AY-480", "AY-481")
def test_game_ends_after_night_4_dusk():
    g = new(2)
    st = g.state
    st.round = 4
    st.active = [False, False, True, False]
    p = st.players[0]
    p.inti, p.llamas, p.moon = 5, 3, 20
    run_night(g)
    assert g.is_over and st.phase == Phase.OVER
    assert st.final[0][4:] == [5 + 3, 20]  # Llamas spent on Sun (the lower score)
    assert st.round == 4 and g.current_player is None


@pytest.mark.rule("AY-486", "AY-487", "AY-488", "AY-489", "AY-490", "AY-491")
def test_ranking_and_tie_breaks():
    assert finished([(50, 60, 0, 0), (55, 52, 0, 0)]).ranking() == [2, 1]  # AY-486
    assert finished([(50, 60, 0, 0), (50, 55, 0, 0)]).ranking() == [1, 2]  # AY-487
    assert finished([(50, 60, 1, 0), (50, 60, 3, 0)]).ranking() == [2, 1]  # AY-488
    # AY-489 Llamas before allocation: 60/58 + 2 Llamas = 60/60 vs 59/61 + 0 = 59... use equal finals
    g = finished([(58, 60, 2, 2), (60, 60, 2, 0)])
    assert g.scores() == [60.0, 60.0] and g.ranking() == [1, 2]
    g = finished([(50, 60, 2, 1), (50, 60, 2, 1)])
    assert g.ranking() == [1, 1] and g.winners() == [0, 1]  # AY-490


@pytest.mark.rule("AY-442")
def test_retiring_ayar_markers_score_at_night_4():
    g = new(2)
    st = g.state
    p = st.players[0]
    st.round = 4
    st.active = [True, False, False, False]
    p.laid = [Laid(0, 0, 0), Laid(4, 5, 0)]
    run_night(g)
    assert p.moon == 4


def test_into_activity_helper_runs_to_next_player():
    g = new(2)
    into_activity(g, 0, "F", 1)
    play(g, "maize a")
    assert g.state.seat == 1
