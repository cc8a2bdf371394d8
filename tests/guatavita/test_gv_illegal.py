"""Illegal actions (spec section 6): each is refused, the state is unchanged, and ``explain_illegal`` names
the rule that forbids it."""

from __future__ import annotations

import random

import pytest

import tawa
from tawa.games.guatavita.state import Ask, Decision, Phase
from tawa.games.guatavita.testing import (
    act,
    drain,
    ids,
    pass_all,
    put_balsa,
    put_tile,
    scenario,
    set_camp,
    set_stock,
)


def two(**kw: object):  # red NE (seat 0, Pioneer), blue SW (seat 1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, **kw)


def refused(g, action_id: str) -> str | None:
    """Apply an illegal id: it must raise, leave the game unchanged, and name a rule."""
    assert action_id not in ids(g)
    before = g.to_json()
    with pytest.raises(tawa.IllegalAction) as err:
        g.apply(action_id)
    assert g.to_json() == before
    return err.value.rule


@pytest.mark.rule("GV-173", "GV-175", "GV-176", "GV-170", "GV-171", "GV-172")
def test_exploration_reasons() -> None:
    g = two()
    drain(g, "M01", {0: 1})
    put_tile(g, "I1", "P3-01")  # 2W 2M
    put_tile(g, "M02", "P2-04")  # 3W 1M
    set_camp(g, 0, workers=3, machines=0)
    assert refused(g, "explore I1 from M01") == "GV-173"  # level-1 pump
    assert refused(g, "explore S05 from pump") == "GV-175"  # not a tile of red's pump
    assert refused(g, "explore S04 from S03") == "GV-175"  # S03 is not red's tile
    assert refused(g, "explore M01 from S01") == "GV-170"  # drained target
    assert refused(g, "explore M02 from M01") == "GV-172"  # no machine in camp
    act(g, "explore S01 from pump")
    act(g, "pass")
    assert refused(g, "explore S01 from pump") == "GV-171"  # one explorer per tile
    assert refused(g, "explore M00 from S01") == "GV-176"  # no chaining within a round


@pytest.mark.rule("GV-233", "GV-072", "GV-071")
def test_insurance_and_pieces_reasons() -> None:
    g = two()
    drain(g, "S01", {0: 1})
    put_tile(g, "M01", "P2-02")  # 2W 1M
    set_camp(g, 0, workers=3, machines=1)
    assert refused(g, "explore M01 from S01 insure 2") == "GV-233"  # more than the machines placed
    assert refused(g, "explore M01 from S01 insure 1") == "GV-072"  # no emerald held
    set_camp(g, 0, pipes=0)
    assert refused(g, "explore M01 from S01") == "GV-071"  # no pipe in camp


@pytest.mark.rule("GV-200", "GV-204", "GV-206")
def test_crossing_reasons() -> None:
    g = two()
    drain(g, "S02", {0: 1})
    drain(g, "S03", {1: 1})
    assert refused(g, "cross S02 from pump") == "GV-200"  # own pipe on it
    assert refused(g, "cross S04 from S03") == "GV-200"  # undrained
    assert refused(g, "explore M00 via S03 from S02") == "GV-206"  # M00 is not next to S03
    set_stock(g, 0, gold=0)
    g.state.players[0].gold_duty = False
    assert refused(g, "cross S03 from S02") == "GV-204"  # rent not held


@pytest.mark.rule("GV-250", "GV-251")
def test_sabotage_reasons() -> None:
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=0)
    put_tile(g, "S04", "P1-01")
    assert refused(g, "sabotage S04") == "GV-250"  # nothing pending there
    act(g, "explore S04 from pump")  # red
    assert g.current_player == 1
    act(g, "sabotage S04")  # blue
    set_stock(g, 2, emeralds=1)
    assert refused(g, "sabotage S04") == "GV-251"  # a second saboteur
    act(g, "pass")  # yellow
    assert refused(g, "sabotage S04") == "GV-250"  # red's own exploration


@pytest.mark.rule("GV-139", "GV-133", "GV-131", "GV-144", "GV-134", "GV-073")
def test_box_reasons() -> None:
    g = two(options={"MAX_SAME_ACTION": 3})
    set_camp(g, 0, workers=9, machines=2)
    drain(g, "S01", {0: 1}, tile="P1-08")  # damp without a box
    assert refused(g, "reexplore S01") == "GV-134"
    act(g, "commerce machine", "pass", "commerce pipe")
    assert refused(g, "commerce pipe") == "GV-139"  # a third worker in Commerce
    act(g, "pump upgrade")
    assert refused(g, "pump upgrade") == "GV-133"  # twice in one phase
    act(g, "pioneer")
    assert refused(g, "pioneer") == "GV-073"  # its one slot is taken
    g = two()
    set_camp(g, 0, workers=6, machines=2)
    set_stock(g, 0, camp_level=9, pump_level=2, loan=4)
    assert refused(g, "camp upgrade") == "GV-131"
    assert refused(g, "pump upgrade") == "GV-133"
    act(g, "loan", "pass")
    assert refused(g, "loan") == "GV-144"


@pytest.mark.rule("GV-074", "GV-111")
def test_twice_and_duty_reasons() -> None:
    g = two()
    set_camp(g, 0, workers=6)
    act(g, "harvest 1", "pass", "harvest 1")
    set_stock(g, 1, gold=8)
    assert refused(g, "harvest 1") in ("GV-074", "GV-073")
    g = two()
    set_camp(g, 0, workers=6)
    act(g, "recruit", "pass", "recruit")
    assert refused(g, "recruit") == "GV-074"
    g = two()
    set_stock(g, 0, gold=0)
    g.state.stage, g.state.idx = Phase.START, 0
    from tawa.games.guatavita.testing import restart

    restart(g)
    assert refused(g, "pass") == "GV-111" and refused(g, "harvest 1") == "GV-111"


@pytest.mark.rule("GV-770", "GV-775", "GV-798")
def test_balsa_activation_reasons() -> None:
    assert refused(two(), "balsa") == "GV-770"  # La Balsa off
    g = two(balsa=True)
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S10")
    act(g, "balsa", "explore S10 from pump")
    assert refused(g, "balsa") == "GV-775"  # already activated
    g.state.players[0].balsa_alive = False
    assert refused(g, "balsa") == "GV-775"  # destroyed
    g = two(balsa=True)
    put_balsa(g, 1, "S01")
    put_tile(g, "S01", "P1-01")
    act(g, "explore S01 from pump")
    assert refused(g, "balsa") == "GV-798"


@pytest.mark.rule("GV-778", "GV-780", "GV-782", "GV-783", "GV-786", "GV-787", "GV-788", "GV-789")
def test_balsa_choice_reasons() -> None:
    g = two(balsa=True)
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03", protected=True)
    drain(g, "S01", {1: 1})
    act(g, "balsa")
    pass_all(g)
    assert g.state.decision[0] == "balsa_move"
    assert refused(g, "balsa step S01") == "GV-778"  # drained
    assert refused(g, "balsa step S10") == "GV-778"  # not adjacent
    assert refused(g, "balsa step S03") == "GV-780"  # protected balsa
    act(g, "balsa step M02", "balsa step I1")
    set_stock(g, 0, emeralds=1)
    g.state.decision = Decision(Ask.BALSA_ACT, 0)
    g.invalidate_cache()
    assert refused(g, "balsa step C") == "GV-778"  # more than 2 steps
    assert refused(g, "inspect C") == "GV-787"
    assert refused(g, "inspect I0") == "GV-786"  # 1 emerald only
    assert refused(g, "protect") == "GV-788"
    # pushing: the pushed owner picks an undrained, free, adjacent tile
    g = two(balsa=True)
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03")
    drain(g, "S04", {1: 1})
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa step S03")
    assert g.state.decision[0] == "push"
    assert refused(g, "push balsa S04") == "GV-782"  # drained
    assert refused(g, "push balsa S02") == "GV-782"  # the mover's balsa is still there
    assert refused(g, "push balsa S10") == "GV-782"  # not adjacent
    # no destination at all: the step itself is refused
    g = two(balsa=True)
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03")
    for where in ("S04", "M02"):
        drain(g, where, {1: 1})
    act(g, "balsa")
    pass_all(g)
    assert refused(g, "balsa step S03") == "GV-783"
    # the centre cannot be protected
    g = two(balsa=True)
    put_balsa(g, 0, "C")
    set_stock(g, 0, emeralds=4)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop")
    assert refused(g, "protect") == "GV-789"


@pytest.mark.rule("GV-602")
def test_exchange_reason() -> None:
    g = two()
    act(g, "pioneer")
    set_stock(g, 0, emeralds=1)
    pass_all(g)
    assert g.state.decision[0] == "exchange"
    assert refused(g, "exchange emeralds for gold") == "GV-602"


def test_explain_never_fails_on_any_id() -> None:
    for seed in range(3):
        g = tawa.new_game("guatavita", players=3, seed=seed, options={"balsa": True, "MAX_ROUNDS": 40})
        r = random.Random(seed)
        space = g.action_space.ids
        for _ in range(120):
            if g.is_over:
                break
            legal = {a.id for a in g.legal_actions()}
            for bad in r.sample([i for i in space if i not in legal], 40):
                assert isinstance(g.explain_illegal(bad), tawa.IllegalAction)
            acts = g.legal_actions()
            g.apply(r.choices(acts, weights=g.progress_weights(acts))[0])
