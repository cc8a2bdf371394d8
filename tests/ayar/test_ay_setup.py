"""Overview, setup and round structure (AY-001..AY-065) and the component data of C1-C16."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.ayar.data import MARKERS, SPOT_ACTIVITY_DEFAULT, _spot_activity
from tawa.games.ayar.scoring import farm_sun
from tawa.games.ayar.testing import new, random_playout, run_night


@pytest.mark.rule("AY-001", "AY-002")
def test_player_counts():
    g = new(1)
    assert g.info.players == (1, 2, 3, 4)
    assert len(g.state.rival_deck) == 15
    for n in (2, 3, 4):
        assert new(n).state.rival_deck == []
    with pytest.raises(tawa.BadOption):
        tawa.new_game("ayar", players=5)


@pytest.mark.rule("AY-003", "AY-485")
def test_score_is_lower_of_sun_and_moon():
    g = new(2)
    g.state.players[0].sun, g.state.players[0].moon = 30, 12
    g.state.players[1].sun, g.state.players[1].moon = 5, 40
    assert g.scores() == [12.0, 5.0]


@pytest.mark.rule("AY-004", "AY-063", "AY-064", "AY-414", "AY-412")
def test_four_rounds_and_one_ayar_leaves_each_night():
    g = new(3, seed=4)
    active_at_start = {}
    rng = tawa.Rng(4)
    while not g.is_over:
        active_at_start.setdefault(g.state.round, sum(g.state.active))
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    assert active_at_start == {1: 4, 2: 3, 3: 2, 4: 1}
    assert not any(g.state.active)  # the last Ayar founds Cusco at Night 4
    assert sum(e.kind == "night" for e in g.log) == 4


@pytest.mark.rule("AY-005", "AY-006", "AY-007", "AY-008", "AY-009", "AY-030")
def test_lake_board_areas():
    g = new(4)
    st = g.state
    t = g.tables
    assert len(st.stacks) == 4 and all(len(s) == 8 for s in st.stacks)
    for i, s in enumerate(st.stacks):
        assert {t.textiles[x].stack for x in s} == {i + 1}  # numbered with its power
    assert len(st.market) == 5 and len(st.stack) == 25
    assert t.terrace_cells == 24 and st.terrace == []
    assert t.route_len == 18 and sum(1 for m in t.route_moon if m) == 9
    assert len(st.spots) == 4 and len(st.spots[0]) == 41


@pytest.mark.rule("AY-010", "AY-110", "AY-113")
def test_only_the_moved_ayar_moves():
    g = new(4)
    g.apply("marker brown")
    g.apply("slot r4")  # 3 arrows
    assert g.state.step == [0, 3, 0, 0]
    assert all(row == () for row in g.state.temple)


@pytest.mark.rule("AY-011", "AY-137")
def test_retired_ayar_is_inactive():
    g = new(2)
    st = g.state
    st.step = [12, 20, 25, 25]
    run_night(g)
    assert st.active == [False, True, True, True]
    assert "marker teal" in [a.id for a in g.legal_actions()]  # now like gold (AY-112)
    g.apply("marker teal")
    g.apply("slot r1")
    assert "ayar teal" not in [a.id for a in g.legal_actions()]


@pytest.mark.rule(
    "AY-031", "AY-037", "AY-038", "AY-043", "AY-045", "AY-044", "AY-047", "AY-039", "AY-040", "AY-041", "AY-042"
)
@pytest.mark.parametrize(
    "players,start,cells,llamas",
    [(1, 12, 16, (0,)), (2, 12, 16, (0, 0)), (3, 6, 24, (0, 0, 1)), (4, 0, 24, (0, 0, 1, 1))],
)
def test_setup_by_player_count(players, start, cells, llamas):
    g = new(players)
    st = g.state
    t = g.tables
    assert st.step == [start] * 4
    assert t.terrace_cells == cells
    assert tuple(p.llamas for p in st.players) == llamas
    assert st.start == 0 and g.current_player == 0
    for p in st.players:
        assert p.grid == [True] * 16
        assert p.markers == [-1] * 5 and len(MARKERS) == 5 and MARKERS[4] == "gold"
        assert p.boxes == [0, 0, 0, 0] and sum(len(b) for b in t.box_suns) == 14
        assert p.island_at == [] and len(t.island_suns) == 6
        assert p.boat == 0 and p.temples == 4
        assert (p.sun, p.moon, p.inti) == (0, 0, 0) and p.bonus == [0] * 5
        assert farm_sun(p, t) == 0


@pytest.mark.rule("AY-032", "AY-036")
def test_viracocha_supply_at_setup():
    st = new(3).state
    assert st.temple_token == [1, 1, 1, 1]
    assert st.lake == [2, 2, 2, 2]


@pytest.mark.rule("AY-033", "AY-211")
def test_raymi_tiles_dealt():
    seen = set()
    for seed in range(8):
        g = new(2, seed)
        st, t = g.state, g.tables
        assert sorted(st.raymi) == sorted("PPWWFFRR")
        seen.add("".join(st.raymi))
    assert len(seen) > 1
    assert t.raymi_steps == (18, 28)


@pytest.mark.rule("AY-034", "AY-035")
def test_stacks_and_pots_shuffled():
    a, b = new(2, 1).state, new(2, 2).state
    assert a.stacks != b.stacks and a.market + a.stack != b.market + b.stack
    assert sorted(a.market + a.stack) == list(range(30))


@pytest.mark.rule("AY-046")
def test_solo_setup():
    g = new(1)
    st, t = g.state, g.tables
    assert sorted(st.rival_deck) == list(range(15)) and st.rival_tambos == 15 and st.rival_cubes == 12
    assert t.market_slots == 4 and t.terrace_cells == 16 and st.step == [12] * 4


def _step_events(g):
    rounds, rnd = {}, 1
    for e in g.log:
        if e.kind == "step":
            rounds.setdefault(rnd, []).append(int(e.text[1]) - 1)
        if e.kind == "night":
            rnd += 1
    return rounds


@pytest.mark.rule("AY-060", "AY-061", "AY-062", "AY-065", "AY-463")
def test_turn_counts_and_order():
    g = random_playout(new(3, seed=2), seed=2)
    rounds = _step_events(g)
    assert [len(rounds[r]) for r in (1, 2, 3, 4)] == [12, 12, 12, 9]
    assert rounds[1][:6] == [0, 1, 2, 0, 1, 2]
    assert rounds[2][:3] == [1, 2, 0] and rounds[3][:3] == [2, 0, 1] and rounds[4][:3] == [0, 1, 2]
    for r in rounds.values():
        assert all(r.count(s) == len(r) // 3 for s in range(3))


def test_spot_activity_formula_matches_table():
    for p in range(4):
        assert _spot_activity(p) == SPOT_ACTIVITY_DEFAULT[p]
        for m in range(1, 10):  # every block k = 4m..4m+3 shows each activity once
            assert sorted(SPOT_ACTIVITY_DEFAULT[p][4 * m - 1 : 4 * m + 3]) == sorted("PWFR")


def test_component_tables():
    t = new(2).tables
    assert len(t.textiles) == 32 and len({x.id for x in t.textiles}) == 32
    assert [sum(1 for x in t.textiles if x.stack == s and x.viracocha) for s in (1, 2, 3, 4)] == [0, 2, 2, 2]
    assert [len(x.half_suns) for x in t.textiles] == [2] * 8 + [3] * 8 + [4] * 8 + [5] * 8
    assert sum(t.pot_viracocha) == 5 and len(t.pot_colour) == 30
    assert t.slot_moon == tuple(3 - a for a in t.slot_arrows)
    assert t.box_viracocha == (False, True, False, True)
    assert len(t.frame) == 10
