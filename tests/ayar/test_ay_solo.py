"""Solo mode against the Rival (AY-500..AY-515, AY-222, AY-813)."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.ayar.data import NEUTRAL, solo_title
from tawa.games.ayar.rules.solo import rival_effect, rival_turn, select_ayar
from tawa.games.ayar.testing import new, random_playout, run_night


def _card(g, cid):
    return next(i for i, c in enumerate(g.tables.rival_cards) if c[0] == cid)


@pytest.mark.rule("AY-500", "AY-501", "AY-502", "AY-503", "AY-813")
def test_rival_turn_after_each_player_turn():
    g = new(1, seed=3)
    rng = tawa.Rng(3)
    per_round: dict[int, int] = {}
    rnd = 1
    while not g.is_over:
        assert g.current_player == 0
        acts = g.legal_actions()
        for e in g.apply(acts[rng.below(len(acts))]):
            if e.kind == "rival" and e.text.startswith("Rival RV"):
                per_round[rnd] = per_round.get(rnd, 0) + 1
            if e.kind == "night":
                rnd += 1
        assert len(g.observation(0)["rival"]["shown"]) == sum(per_round.values())
    assert per_round == {1: 4, 2: 4, 3: 4, 4: 3}
    assert g.state.rival_deck == [] and len(g.scores()) == 1 and len(g.state.final) == 1


@pytest.mark.rule("AY-504")
def test_ayar_selector():
    g = new(1)
    st = g.state
    st.step = [20, 25, 20, 14]
    assert select_ayar(st, "leader") == 1
    assert select_ayar(st, "second") == 0  # tie 20/20: lower path first
    assert select_ayar(st, "laggard") == 3
    assert select_ayar(st, "purple") == 2
    st.active = [False, True, False, False]
    assert select_ayar(st, "second") == 1 and select_ayar(st, "teal") == 1


@pytest.mark.rule("AY-505", "AY-506", "AY-508")
def test_rival_move_spot_and_pottery_effect():
    g = new(1)
    st = g.state
    t = g.tables
    st.rival_deck = [_card(g, "RV04")]  # leader, 3 steps, R P W F
    last = st.market[3]
    rival_turn(st, g.tables, g.params, [])
    assert st.step[0] == 15 and st.stamp[0] == st.moves
    assert t.spot_activity[0][12:15] == "PWF"
    assert st.spots[0][13] == (NEUTRAL,) and st.rival_tambos == 14
    assert st.pots_out == [last] and st.market[3] >= 0


@pytest.mark.rule("AY-507")
def test_rival_without_free_spot():
    g = new(1)
    st = g.state
    for k in (13, 14):
        st.spots[0][k] = (0,)
    st.rival_deck = [_card(g, "RV02")]  # leader 2
    before = list(st.market)
    rival_turn(st, g.tables, g.params, [])
    assert st.step[0] == 14 and st.rival_tambos == 15 and st.market == before


@pytest.mark.rule("AY-509", "AY-510", "AY-511", "AY-514")
def test_rival_effects():
    g = new(1)
    st = g.state
    top4 = st.stacks[3][0]
    rival_effect(st, g.tables, g.params, "W", [])
    assert st.textiles_out == [top4]
    rival_effect(st, g.tables, g.params, "F", [])
    assert st.terrace == [NEUTRAL, NEUTRAL] and st.rival_cubes == 10
    st.route[4] = (0,)
    rival_effect(st, g.tables, g.params, "R", [])
    assert st.route[8] == (NEUTRAL,)
    hard = new(1, RIVAL_HARD=True)
    rival_effect(hard.state, hard.tables, hard.params, "F", [])
    assert len(hard.state.terrace) == 3


@pytest.mark.rule("AY-512", "AY-222")
def test_rival_raymi_scores_for_the_player():
    g = new(1)
    st = g.state
    st.step = [17, 12, 12, 12]
    st.raymi[0] = "R"
    st.players[0].island_at = [2]
    st.rival_deck = [_card(g, "RV01")]  # leader 1 step: 17 -> 18
    ev = []
    rival_turn(st, g.tables, g.params, ev)
    assert st.players[0].inti == 2 and st.raymi[0] == ""
    assert [e.kind for e in ev][-1] == "inti"


@pytest.mark.rule("AY-513")
def test_neutral_cubes_in_harvest():
    g = new(1)
    st = g.state
    st.terrace = [NEUTRAL, NEUTRAL, 0]
    st.rival_cubes -= 2
    st.step = [12, 20, 20, 20]
    run_night(g)
    assert st.tok_n == 0 and st.temple_token[0] == 0 and sum(st.players[0].bonus) == 0
    assert st.rival_cubes == 12


@pytest.mark.rule("AY-515")
def test_solo_bands():
    g = random_playout(new(1, seed=1), 1)
    assert g.solo_title() == solo_title(g.params, int(g.scores()[0]))
    assert [solo_title(g.params, s) for s in (0, 79, 80, 99, 100, 119, 120)] == [
        "Wanderer",
        "Wanderer",
        "Curaca",
        "Curaca",
        "Ayar",
        "Ayar",
        "Sapa Inca",
    ]


@pytest.mark.rule("AY-511", "AY-046")
def test_rival_islands_are_limited():
    g = new(1)
    st = g.state
    for _ in range(5):
        rival_effect(st, g.tables, g.params, "R", [])
    assert [s for s in range(1, 19) if st.route[s] == (NEUTRAL,)] == [4, 8, 12, 16]  # yellow slots, then none left
    g1 = new(1, RIVAL_ISLANDS=1)
    for _ in range(2):
        rival_effect(g1.state, g1.tables, g1.params, "R", [])
    assert sum(1 for isl in g1.state.route if NEUTRAL in isl) == 1


@pytest.mark.rule("AY-506")
def test_rival_takes_the_highest_numbered_spot_of_its_activity():
    g = new(1)
    st = g.state
    t = g.tables
    st.step = [12, 12, 12, 20]
    assert t.spot_activity[3][12:22] == "RPWRPWFPWF"  # black spots 13..22 (C3): W on 15, 18, 21
    st.rival_deck = [_card(g, "RV15")]  # black, 2 steps, priority W P F R
    rival_turn(st, g.tables, g.params, [])
    assert st.step[3] == 22
    assert st.spots[3][21] == (NEUTRAL,) and st.spots[3][15] == st.spots[3][18] == ()
