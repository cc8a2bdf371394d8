"""La Balsa: activation, movement and pushing, inspect, protect, destruction, scoring (GV-770..GV-798)."""

from __future__ import annotations

import pytest

from tawa.games.guatavita.scoring import breakdown
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
    turn_to,
)


def two():  # red NE (0, Pioneer), blue SW (1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, balsa=True)


@pytest.mark.rule("GV-774", "GV-775", "GV-794")
def test_activation_and_move() -> None:
    g = two()
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S10")
    act(g, "balsa")
    p = g.state.players[0]
    assert p.balsa_workers == 2 and p.camp_workers == 1
    act(g, "pass")
    assert "balsa" not in ids(g)  # once per round
    pass_all(g)
    assert g.state.decision[0] == "balsa_move" and g.current_player == 0
    assert ids(g) == {"balsa step S03", "balsa step S01", "balsa step M01", "balsa step M02", "balsa stop"}
    act(g, "balsa step M02")
    act(g, "balsa step I1")
    # two steps done: the workers are back before the inspect / protect choice
    assert p.balsa_workers == 0 and p.camp_workers == 3 and p.balsa_pos == pos("I1")
    assert g.state.decision is None or g.state.decision[0] != "balsa_move"


@pytest.mark.rule("GV-777")
def test_balsas_resolve_clockwise_from_pioneer() -> None:
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=0, balsa=True)
    put_balsa(g, 0, "S05")
    put_balsa(g, 1, "S11")
    put_balsa(g, 2, "S16")
    act(g, "balsa", "balsa", "balsa")
    pass_all(g)
    order = []
    while g.state.decision is not None and g.state.decision[0] == "balsa_move":
        order.append(g.current_player)
        act(g, "balsa stop")
    assert order == [0, 2, 1]  # clockwise: red, then yellow (SE), then blue (SW)


@pytest.mark.rule("GV-778", "GV-779", "GV-784")
def test_steps_centre_and_no_move() -> None:
    g = two()
    put_balsa(g, 0, "I0")
    act(g, "balsa")
    pass_all(g)
    assert "balsa step C" in ids(g)
    act(g, "balsa step C")
    assert g.state.players[0].balsa_pos == pos("C")
    # a balsa hemmed in by drained tiles stays put: no move decision
    g = two()
    put_balsa(g, 0, "S00")
    for where in ("S01", "M00", "S17"):
        drain(g, where, {1: 1})
    act(g, "balsa")
    pass_all(g)
    assert g.state.players[0].balsa_pos == pos("S00")
    assert any(e.text == "Red's balsa ends its move on S00" for e in g.log)


@pytest.mark.rule("GV-780", "GV-792", "GV-781", "GV-782", "GV-783")
def test_pushing() -> None:
    g = two()
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03", protected=True)
    act(g, "balsa")
    pass_all(g)
    assert "balsa step S03" not in ids(g)  # protected balsa blocks
    assert g.explain_illegal("balsa step S03").rule == "GV-780"
    g = two()
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03")
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa step S03")
    assert g.state.decision[0] == "push" and g.current_player == 1  # the pushed balsa's owner chooses
    assert ids(g) == {"push balsa S04", "push balsa M02"}
    act(g, "push balsa M02")
    assert g.state.players[1].balsa_pos == pos("M02") and g.state.players[0].balsa_pos == pos("S03")
    # no destination for the pushed balsa: the step is illegal
    g = two()
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03")
    for where in ("S04", "M02"):
        drain(g, where, {1: 1})
    act(g, "balsa")
    pass_all(g)
    assert "balsa step S03" not in ids(g)


@pytest.mark.rule("GV-785", "GV-786", "GV-787", "GV-832", "GV-833")
def test_inspect_is_private() -> None:
    g = two()
    put_balsa(g, 0, "I0")
    put_tile(g, "M00", "P2-09")
    set_stock(g, 0, emeralds=3)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop")
    assert g.state.decision[0] == "balsa_act"
    legal = ids(g)
    assert "inspect M00" in legal and "inspect C" not in legal and "protect" in legal and "balsa nothing" in legal
    supply = g.state.supply
    ev = act(g, "inspect M00")
    assert g.state.players[0].emeralds == 1 and g.state.supply == supply + 2
    private = [e for e in ev if e.kind == "inspect_result"]
    assert private and private[0].to == 0 and "P2-09" in private[0].text
    assert g.observation(0)["known"]["M00"]["tile"] == "P2-09"
    assert g.observation(1)["known"] == {}
    assert "P2-09" not in str(g.observation(1))
    assert g.observation(1)["players"][0]["inspected"] == ["M00"]  # which tile was inspected is public
    assert not any("P2-09" in e.text for e in g.events_for(1))


@pytest.mark.rule("GV-788", "GV-789", "GV-790", "GV-791", "GV-920", "GV-181", "GV-793")
def test_protect_and_extra_machine() -> None:
    g = two()
    put_balsa(g, 0, "M00")
    put_tile(g, "M00", "P2-04")  # 3W 1M
    set_stock(g, 0, emeralds=2)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop", "protect")
    p = g.state.players[0]
    assert p.balsa_protected and p.emeralds == 0
    drain(g, "S01", {0: 1})
    set_camp(g, 0, workers=3, machines=1)
    turn_to(g, 0)
    assert not any(i.startswith("explore M00") for i in ids(g))  # the owner too needs 2 machines
    set_camp(g, 0, machines=2)
    assert "explore M00 from S01" in ids(g)
    # protection lasts until the balsa is activated again
    supply = g.state.supply
    act(g, "balsa")
    assert not p.balsa_protected and g.state.supply == supply + 2
    # on the centre no protection is offered
    g = two()
    put_balsa(g, 0, "C")
    set_stock(g, 0, emeralds=4)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop")
    assert "protect" not in ids(g)


@pytest.mark.rule("GV-776")
def test_activation_releases_protection() -> None:
    g = two()
    put_balsa(g, 0, "S02", protected=True)
    supply = g.state.supply
    act(g, "balsa")
    assert not g.state.players[0].balsa_protected and g.state.supply == supply + 2
    g.check_invariants()


@pytest.mark.rule("GV-795", "GV-796", "GV-343")
def test_destruction() -> None:
    g = two()
    put_balsa(g, 1, "S01", protected=True)
    put_tile(g, "S01", "P1-01")
    set_camp(g, 0, machines=1)  # 1W + 1 extra machine under a protected balsa
    act(g, "explore S01 from pump")
    supply = g.state.supply
    pass_all(g)
    b = g.state.players[1]
    assert not b.balsa_alive and not b.balsa_protected and g.state.supply == supply + 2
    turn_to(g, 1)
    assert "balsa" not in ids(g)
    assert breakdown(g.state, g.tables, g.params)[1]["balsa"] == 0
    g.check_invariants()


@pytest.mark.rule("GV-798")
def test_no_activation_over_pending_exploration() -> None:
    g = two()
    put_balsa(g, 1, "S01")
    put_tile(g, "S01", "P1-01")
    act(g, "explore S01 from pump")
    assert "balsa" not in ids(g)


@pytest.mark.rule("GV-797", "GV-921", "GV-727")
def test_example_921_balsa_scoring() -> None:
    g = scenario(4, spots=["NE", "NW", "SW", "SE"], balsa=True)
    for seat, where in enumerate(("C", "I3", "M05", "S07")):
        put_balsa(g, seat, where)
    assert [b["balsa"] for b in breakdown(g.state, g.tables, g.params)] == [8, 6, 4, 2]


@pytest.mark.rule("GV-473", "GV-293")
def test_balsa_workers_count_in_famine() -> None:
    g = two()
    put_balsa(g, 1, "S11")
    drain(g, "S01", {0: 1})
    put_tile(g, "M00", "P2-07")  # famine
    set_camp(g, 0, workers=3, machines=1)
    set_camp(g, 1, workers=2)
    set_stock(g, 1, food=2)
    act(g, "explore M00 from S01", "balsa")  # blue: 2 workers on the balsa, none in camp
    pass_all(g)
    assert "Famine: Blue pays 2 food, loses 0 worker(s) and 0 VP" in [e.text for e in g.log if e.kind == "famine"]
    # step 3 (famine) comes before step 4 (balsas): blue's balsa is still waiting to move
    assert g.state.decision[0] == "balsa_move" and g.current_player == 1
