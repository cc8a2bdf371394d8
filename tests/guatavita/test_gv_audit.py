"""Audit additions: entering damp tiles, what scores nothing, the [P] worker counts of Pioneer and
Recruitment, and the render for a human (balsa setup, pending decision, private knowledge)."""

from __future__ import annotations

import pytest

from tawa.games.guatavita.scoring import breakdown
from tawa.games.guatavita.state import Phase
from tawa.games.guatavita.testing import (
    act,
    drain,
    ids,
    pass_all,
    pos,
    put_balsa,
    put_tile,
    scenario,
    set_camp,
    set_stock,
)


def two(**kw: object):  # red NE (seat 0, Pioneer), blue SW (seat 1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, **kw)


@pytest.mark.rule("GV-501", "GV-500")
def test_entering_a_damp_tile_costs_the_source_price() -> None:
    g = two()
    drain(g, "S02", {0: 1}, tile="P1-01")  # not damp
    put_tile(g, "S03", "P1-17")  # 3W, damp with a box: its dampness is on the hidden side
    put_tile(g, "S01", "P1-07")  # 2W, damp
    set_camp(g, 0, workers=6, pipes=3)
    act(g, "explore S03 from S02", "pass", "explore S01 from pump")
    st = g.state
    assert st.pipes[pos("S03")][0] == 1 and st.pipes[pos("S01")][0] == 1
    assert st.players[0].camp_pipes == 1
    # once drained, leaving the damp tile costs 2 pipes
    pass_all(g)
    put_tile(g, "S04", "P1-02")
    set_camp(g, 0, workers=3, pipes=3)
    from tawa.games.guatavita.testing import turn_to

    turn_to(g, 0)
    act(g, "explore S04 from S03")
    assert st.pipes[pos("S04")][0] == 2


@pytest.mark.rule("GV-726")
def test_food_supply_and_balsa_emeralds_score_nothing() -> None:
    g = two(balsa=True)
    put_balsa(g, 0, "S03")
    put_balsa(g, 1, "S10")
    before = breakdown(g.state, g.tables, g.params)[0]
    set_stock(g, 0, food=8)
    g.state.players[0].balsa_protected = True
    g.state.supply -= g.params.PROTECT_EMERALDS  # 2 emeralds lie on red's balsa
    g.check_invariants()
    after = breakdown(g.state, g.tables, g.params)[0]
    assert after == before
    assert after["emeralds"] == 0 and "food" not in after


@pytest.mark.rule("GV-137", "GV-141")
def test_pioneer_and_recruitment_take_one_worker_each() -> None:
    g = two()
    act(g, "pioneer", "pass", "recruit")
    p = g.state.players[0]
    assert p.camp_workers == 1
    pioneer, recruit = g.state.boxes["pioneer"][0], g.state.boxes["recruit"][0]
    assert (pioneer.seat, pioneer.workers) == (0, 1) and (recruit.seat, recruit.workers) == (0, 1)
    # the [P] counts live in data.py and are read by the rules
    g = two(options={"RECRUIT_WORKERS": 2, "PIONEER_WORKERS": 2})
    set_camp(g, 0, workers=4)
    act(g, "recruit")
    assert g.state.players[0].camp_workers == 2 and g.state.boxes["recruit"][0].workers == 2
    set_stock(g, 0, food=2, camp_level=9)
    act(g, "pass", "pioneer")  # red's camp is then empty: the program passes for red and execution runs
    assert g.state.decision[0] == "exchange"
    assert g.state.boxes["pioneer"][0].seat == 0 and g.state.players[0].camp_workers == 2  # 2 back from Pioneer
    act(g, "exchange none")
    assert g.state.players[0].camp_workers == 4 + 1  # one recruiting attempt, all pieces back


def test_render_for_a_human() -> None:
    g = scenario(2, spots=["NE", "SW"], pioneer=0, balsa=True)
    g.state.stage = Phase.BALSA_SETUP
    g.state.players[0].balsa_alive = g.state.players[1].balsa_alive = False
    text = g.render(0)
    assert "balsa not placed yet" in text and "balsa destroyed" not in text
    g = two(balsa=True)
    put_balsa(g, 0, "I0")
    put_tile(g, "M00", "P2-09")
    set_stock(g, 0, emeralds=2)
    act(g, "balsa")
    pass_all(g)
    assert "move the balsa one step, or stop" in g.render(0)
    act(g, "balsa stop")
    assert "inspect a tile, protect the balsa, or nothing" in g.render(0)
    act(g, "inspect M00")
    mine, theirs, spectator = g.render(0), g.render(1), g.render(None)
    assert "P2-09" in mine and "P2-09" not in theirs and "P2-09" not in spectator
    for text in (mine, theirs):
        assert max(len(line) for line in text.splitlines()) <= 82


def test_action_texts_name_their_costs() -> None:
    g = two()
    texts = {a.id: a.text for a in g.legal_actions()}
    assert "2 gold" in texts["pump upgrade"] and "2 food" in texts["recruit"]
    assert "+4 gold, -5 VP" in texts["loan"] and "2 food" in texts["harvest 1"]
    assert ids(g) >= {"commerce machine", "commerce pipe"}
    assert "2 gold" in texts["commerce machine"] and "1 gold" in texts["commerce pipe"]


@pytest.mark.rule("GV-830", "GV-831", "GV-832")
def test_no_hidden_side_in_public_events_texts_or_renders() -> None:
    """Every public event, every offered action text and every render names only drained tiles (plus, for
    a seat, the tiles it inspected itself)."""
    import json
    import random
    import re

    import tawa
    from tawa.games.guatavita.testing import BOARD

    tile_id = re.compile(r"\b(P[123]-\d\d|C-[123])\b")
    for seed in range(6):
        g = tawa.new_game("guatavita", players=2 + seed % 3, seed=seed, options={"balsa": True, "MAX_ROUNDS": 40})
        r = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            assert not any(tile_id.search(a.text) for a in acts)
            evs = g.apply(r.choices(acts, weights=g.progress_weights(acts))[0])
            st = g.state
            public = {BOARD.tiles[st.tile_at[p]].id for p in range(BOARD.npos) if st.drained[p]}
            for e in evs:
                if e.to is None:
                    assert set(tile_id.findall(e.text + json.dumps(e.data))) <= public, e.text
            if r.random() < 0.03:
                assert set(tile_id.findall(g.render(None))) <= public
                for s in range(g.players):
                    known = {BOARD.tiles[st.tile_at[p]].id for p in st.players[s].inspected}
                    assert set(tile_id.findall(g.render(s))) <= public | known


@pytest.mark.rule("GV-203", "GV-204")
def test_rent_to_every_owner_must_be_held() -> None:
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=0)
    drain(g, "S04", {0: 1})
    drain(g, "S03", {1: 1, 2: 1})  # two owners
    set_stock(g, 0, gold=1)
    assert not any(i.startswith("cross S03") or " via S03" in i for i in ids(g))
    set_stock(g, 0, gold=2)
    assert "cross S03 from S04" in ids(g)
    golds = [p.gold for p in g.state.players]
    act(g, "cross S03 from S04")
    assert [p.gold for p in g.state.players] == [golds[0] - 2, golds[1] + 1, golds[2] + 1]


@pytest.mark.rule("GV-796", "GV-795")
def test_destroyed_balsa_returns_its_workers_at_once() -> None:
    g = two(balsa=True)
    put_balsa(g, 1, "S01")
    put_tile(g, "S01", "P1-02")  # 1W
    set_camp(g, 1, workers=2)
    act(g, "harvest 1", "balsa")  # blue activates first ...
    assert g.state.players[1].balsa_workers == 2 and g.state.players[1].camp_workers == 0
    act(g, "explore S01 from pump")  # ... then red explores the balsa's tile
    pass_all(g)
    b = g.state.players[1]
    assert not b.balsa_alive and b.balsa_workers == 0 and b.camp_workers == 2
    assert not any(e.kind == "balsa" and "ends its move" in e.text for e in g.log)
    g.check_invariants()


@pytest.mark.rule("GV-391", "GV-393")
def test_only_the_explorers_own_head_explorer_moves() -> None:
    g = two()
    drain(g, "S02", {0: 1, 1: 1}, he=1)  # co-owned: red crossed it earlier; blue's HE stands there
    put_tile(g, "S03", "P1-02")
    act(g, "explore S03 from S02")
    pass_all(g)
    he = g.state.he
    assert he[pos("S02")] == 1 and he[pos("S03")] == 0
    assert g.state.players[0].camp_workers == 3 - 1
