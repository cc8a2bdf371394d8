"""Planning phase: turn order, placements, start-of-planning duties, exploration, crossing, insurance,
sabotage, passing (GV-050..GV-273) and the worked examples GV-900..GV-905."""

from __future__ import annotations

import pytest

from tawa.core.errors import IllegalAction
from tawa.games.guatavita.state import Phase, Slot
from tawa.games.guatavita.testing import (
    act,
    drain,
    ids,
    pass_all,
    pos,
    put_tile,
    restart,
    scenario,
    set_camp,
    set_stock,
    turn_to,
)


def two(**kw: object):  # red NE (seat 0, Pioneer), blue SW (seat 1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, **kw)


def three(**kw: object):  # red N, blue SW, yellow SE; red holds the Pioneer marker
    return scenario(3, spots=["N", "SW", "SE"], pioneer=0, **kw)


# ---------------------------------------------------------------- round structure and turn order
@pytest.mark.rule("GV-050", "GV-051", "GV-052", "GV-053", "GV-054", "GV-070")
def test_turn_order_and_rounds() -> None:
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=1)
    assert g.state.order == [1, 2, 0]  # counter-clockwise = next by spot angle, from the Pioneer holder
    assert g.current_player == 1
    act(g, "harvest 1")
    assert g.current_player == 2  # one placement per turn
    act(g, "pioneer")
    assert g.current_player == 0
    assert g.observation(0)["round"] == 1
    act(g, "pass", "pass", "pass")
    assert g.state.decision[0] == "exchange"
    act(g, "exchange none")
    # execution ran; yellow took the Pioneer marker, so round 2 starts with yellow
    assert g.state.round == 2 and g.observation(1)["round"] == 2
    assert g.current_player == 2 and g.state.order == [2, 0, 1]


@pytest.mark.rule("GV-900", "GV-074", "GV-075")
def test_example_900_twice_rule() -> None:
    g = three()
    set_camp(g, 0, workers=9, machines=3)
    act(g, "camp upgrade")
    act(g, "harvest 1")  # blue
    act(g, "pioneer")  # yellow
    assert "camp upgrade" in ids(g)  # second use is legal
    act(g, "recruit")
    act(g, "pass", "pass")
    act(g, "camp upgrade")  # red's second Camp Upgrade
    assert "camp upgrade" not in ids(g)
    err = g.explain_illegal("camp upgrade")
    assert err.rule == "GV-074"
    # pump upgrade and re-exploration count together (GV-075)
    g = two()
    drain(g, "S01", {0: 1}, tile="P1-07")  # damp, box 1
    set_camp(g, 0, workers=6, machines=2)
    act(g, "pump upgrade", "pass")
    assert "reexplore S01" in ids(g)
    act(g, "reexplore S01")
    assert "reexplore S01" not in ids(g) and "pump upgrade" not in ids(g)


@pytest.mark.rule("GV-071", "GV-072")
def test_pieces_and_payments_must_be_in_hand() -> None:
    g = two()
    set_camp(g, 0, workers=1)
    legal = ids(g)
    assert "harvest 1" in legal and "harvest 2" not in legal and "camp upgrade" not in legal
    put_tile(g, "S01", "P1-09")  # 2W
    put_tile(g, "S02", "P1-01")  # 1W
    legal = ids(g)
    assert "explore S01 from pump" not in legal and "explore S02 from pump" in legal
    set_camp(g, 0, pipes=0)
    assert not any(i.startswith("explore") for i in ids(g))
    set_camp(g, 0, pipes=3, workers=5, machines=1)
    drain(g, "S01", {0: 1})
    put_tile(g, "M01", "P2-01")
    assert not any("insure" in i for i in ids(g))  # no emerald, no insurance
    set_stock(g, 0, emeralds=1)
    assert "explore M01 from S01 insure 1" in ids(g)


@pytest.mark.rule("GV-073", "GV-077", "GV-076")
def test_slots_fill_in_order_and_pieces_stay() -> None:
    g = two()
    act(g, "pioneer")
    assert "pioneer" not in ids(g)  # the one Pioneer slot is taken
    act(g, "recruit")
    act(g, "recruit")
    assert [e.seat for e in g.state.boxes["recruit"]] == [1, 0]
    assert g.state.players[0].camp_workers == 1 and g.state.players[1].camp_workers == 2
    with pytest.raises(IllegalAction):
        g.apply("pioneer")


@pytest.mark.rule("GV-078")
def test_no_take_back() -> None:
    g = two()
    space = set(g.action_space.ids)
    assert not any(w in a for a in space for w in ("undo", "take back", "remove"))
    act(g, "harvest 1")
    assert g.state.boxes["harvest"] == [Slot(0, 1, 0, -1, 1)]


# ---------------------------------------------------------------- start of planning
def _to_start(g) -> None:
    g.state.stage = Phase.START
    g.state.idx = 0
    restart(g)


@pytest.mark.rule("GV-100", "GV-101", "GV-102", "GV-396")
def test_he_return_choice_when_camp_empty() -> None:
    g = two()
    set_camp(g, 0, workers=0)
    drain(g, "S01", {0: 1}, he=0)
    drain(g, "S02", {0: 1}, he=0)
    _to_start(g)
    assert g.state.decision[0] == "he_return" and g.current_player == 0
    assert ids(g) == {"return he S01", "return he S02"}
    act(g, "return he S02")
    st = g.state
    assert st.he[pos("S02")] == -1 and st.pipes[pos("S02")][0] == 1  # keeps its pipes
    assert st.players[0].camp_workers == 1 and st.decision[0] == "plan"
    # one HE: automatic
    g = two()
    set_camp(g, 1, workers=0)
    drain(g, "S10", {1: 1}, he=1)
    _to_start(g)
    assert g.state.players[1].camp_workers == 1 and g.state.he[pos("S10")] == -1


@pytest.mark.rule("GV-103", "GV-104", "GV-105", "GV-106")
def test_buy_two_workers() -> None:
    g = two()
    set_camp(g, 0, workers=0)
    set_stock(g, 0, emeralds=4, pump_level=2)  # the pump worker is ignored (GV-104)
    _to_start(g)
    assert g.state.decision[0] == "pay" and ids(g) == {"pay workers gold", "pay workers emeralds"}
    supply = g.state.supply
    act(g, "pay workers emeralds")
    p = g.state.players[0]
    assert p.camp_workers == 2 and p.emeralds == 0 and g.state.supply == supply + 4 and p.gold == 5
    # only gold possible: automatic
    g = two()
    set_camp(g, 0, workers=0)
    _to_start(g)
    assert g.state.players[0].camp_workers == 2 and g.state.players[0].gold == 4
    assert g.state.decision[0] == "plan"


@pytest.mark.rule("GV-107", "GV-112")
def test_automatic_loan_for_workers() -> None:
    for emeralds in (0, 3):
        g = two()
        set_camp(g, 0, workers=0)
        set_stock(g, 0, gold=0, emeralds=emeralds)
        _to_start(g)
        p = g.state.players[0]
        assert p.loan == 1 and p.gold == 4 - 1 and p.vp == 10 - 5 and p.camp_workers == 2
        assert p.emeralds == emeralds


@pytest.mark.rule("GV-108", "GV-682")
def test_automatic_loan_to_bankruptcy_ends_game_after_round() -> None:
    g = two()
    set_camp(g, 0, workers=0)
    set_stock(g, 0, gold=0, loan=4)
    _to_start(g)
    assert g.state.players[0].loan == 5 and "bankruptcy" in g.state.end_triggers
    assert not g.is_over
    pass_all(g)
    assert g.is_over and not g.capped


@pytest.mark.rule("GV-109", "GV-111")
def test_zero_gold_must_open_with_loan() -> None:
    g = two()
    set_stock(g, 0, gold=0)
    _to_start(g)
    assert ids(g) == {"loan"}
    err = g.explain_illegal("pass")
    assert err.rule == "GV-111"
    act(g, "loan")
    act(g, "pass")
    assert "harvest 1" in ids(g) and "pass" in ids(g)  # duty done


@pytest.mark.rule("GV-110")
def test_duty_lapses_without_free_loan_slot() -> None:
    g = three()
    set_stock(g, 2, gold=0)
    _to_start(g)
    act(g, "loan", "loan")  # red and blue fill both Loan slots
    assert g.current_player == 2
    legal = ids(g)
    assert "loan" not in legal and "pass" in legal and "harvest 1" in legal


# ---------------------------------------------------------------- action boxes
@pytest.mark.rule("GV-130", "GV-131")
def test_camp_upgrade_placement() -> None:
    g = two()
    set_camp(g, 0, workers=6, machines=2)
    set_stock(g, 0, camp_level=8)
    act(g, "camp upgrade")
    p = g.state.players[0]
    assert (p.camp_workers, p.camp_machines) == (4, 1)
    act(g, "pass")
    assert "camp upgrade" not in ids(g)  # 8 + 1 placement = 9


@pytest.mark.rule("GV-132", "GV-133")
def test_pump_upgrade_placement() -> None:
    g = two()
    act(g, "pump upgrade")
    assert g.state.boxes["pumpre"] == [Slot(0, 1, 0, -1, 1)]
    act(g, "pass")
    assert "pump upgrade" not in ids(g)  # one pump placement per phase
    g2 = two()
    set_stock(g2, 0, pump_level=2)
    assert "pump upgrade" not in ids(g2)


@pytest.mark.rule("GV-174")
def test_pump_level_counts_from_next_planning() -> None:
    g = two()
    drain(g, "M01", {0: 1})
    put_tile(g, "I1", "P3-01")  # 2W 2M
    set_camp(g, 0, workers=6, machines=2)
    act(g, "pump upgrade", "pass")
    assert not any(i.startswith("explore I1") for i in ids(g))
    pass_all(g)
    assert g.state.players[0].pump_level == 2
    turn_to(g, 0)
    assert "explore I1 from M01" in ids(g)


@pytest.mark.rule("GV-145")
def test_lake_sabotage_and_balsa_placements_sit_beside_the_boxes() -> None:
    from tawa.games.guatavita.testing import put_balsa

    g = scenario(2, spots=["NE", "SW"], pioneer=0, balsa=True)
    put_balsa(g, 0, "S03")
    put_tile(g, "S10", "P1-01")
    put_tile(g, "S01", "P1-02")
    set_camp(g, 0, workers=5)
    act(g, "harvest 1", "explore S10 from pump")
    assert g.current_player == 0
    assert {"sabotage S10", "balsa", "explore S01 from pump", "harvest 1", "pass"} <= ids(g)


@pytest.mark.rule("GV-134", "GV-135", "GV-502")
def test_reexploration_placement() -> None:
    g = two()
    set_camp(g, 0, workers=5, machines=2)
    drain(g, "S01", {0: 1}, tile="P1-07")  # damp box 1
    drain(g, "S02", {0: 1}, tile="P1-08")  # damp, no box
    drain(g, "S00", {1: 1}, tile="P1-17")  # damp box 1 of blue
    legal = ids(g)
    assert "reexplore S01" in legal and "reexplore S02" not in legal and "reexplore S00" not in legal
    act(g, "reexplore S01", "pass", "reexplore S01")  # twice on one tile
    assert [e.target for e in g.state.boxes["pumpre"]] == [pos("S01"), pos("S01")]
    assert g.state.players[0].camp_machines == 0


@pytest.mark.rule("GV-136", "GV-137", "GV-138", "GV-143")
def test_simple_boxes_take_their_workers() -> None:
    g = two()
    set_camp(g, 0, workers=9)
    act(g, "harvest 2", "pass", "pioneer", "commerce machine", "loan")
    p = g.state.players[0]
    assert p.camp_workers == 9 - 2 - 1 - 1 - 1
    assert g.state.boxes["harvest"][0].workers == 2 and g.state.boxes["commerce_machine"][0].seat == 0


@pytest.mark.rule("GV-139", "GV-140", "GV-623")
def test_commerce_limit_and_blocking() -> None:
    g = two(options={"MAX_SAME_ACTION": 3})
    set_camp(g, 0, workers=6)
    set_stock(g, 0, gold=0)
    g.state.players[0].gold_duty = False
    act(g, "commerce machine", "pass", "commerce pipe")
    assert not any(i.startswith("commerce") for i in ids(g))  # at most 2 workers in Commerce
    g = two()
    set_stock(g, 1, gold=0)
    act(g, "commerce machine")
    g.state.players[1].gold_duty = False
    g.invalidate_cache()
    assert "commerce machine" in ids(g)  # legal whatever the gold (blocking)
    act(g, "commerce machine")
    assert "commerce machine" not in ids(g)  # both machine slots filled (closed to others)


@pytest.mark.rule("GV-141", "GV-142")
def test_recruit_legal_without_food() -> None:
    g = two()
    assert g.state.players[0].food == 0
    assert "recruit" in ids(g)
    act(g, "recruit", "pass", "recruit")
    assert len(g.state.boxes["recruit"]) == 2


@pytest.mark.rule("GV-144")
def test_loan_limit() -> None:
    g = two()
    set_stock(g, 0, loan=4)
    act(g, "loan", "pass")
    assert "loan" not in ids(g)
    assert g.explain_illegal("loan").rule == "GV-144"


# ---------------------------------------------------------------- exploration
@pytest.mark.rule("GV-902", "GV-170", "GV-172", "GV-173", "GV-175", "GV-177", "GV-500")
def test_example_902_exploration_costs() -> None:
    g = two()
    drain(g, "S02", {0: 1}, tile="P1-01")
    drain(g, "M01", {0: 1}, tile="P2-08")  # damp
    put_tile(g, "S03", "P1-15")  # 3W 0M
    put_tile(g, "M00", "P2-04")  # 3W 1M
    put_tile(g, "I1", "P3-01")
    set_camp(g, 0, workers=7, machines=1, pipes=3)
    legal = ids(g)
    assert "explore S03 from S02" in legal
    assert "explore M00 from M01" in legal
    assert not any(i.startswith("explore I1") for i in legal)  # level-1 pump
    assert not any(i.startswith("explore S02") for i in legal)  # drained
    act(g, "explore S03 from S02", "pass", "explore M00 from M01")
    p = g.state.players[0]
    assert (p.camp_workers, p.camp_machines, p.camp_pipes) == (1, 0, 0)
    assert g.state.pipes[pos("S03")][0] == 1 and g.state.pipes[pos("M00")][0] == 2  # leaving damp M01 costs 2
    assert p.uses[0] == 2
    recs = [(e.pos, e.workers, e.machines) for e in g.state.explorations]
    assert recs == [(pos("S03"), 3, 0), (pos("M00"), 3, 1)]


@pytest.mark.rule("GV-173", "GV-544")
def test_level_two_pump_reaches_phase_three() -> None:
    g = two()
    drain(g, "M01", {0: 1}, tile="P2-01")
    put_tile(g, "I1", "P3-01")  # 2W 2M
    set_camp(g, 0, workers=3, machines=2)
    assert not any(i.startswith("explore I1") for i in ids(g))
    set_stock(g, 0, pump_level=2)
    assert "explore I1 from M01" in ids(g)


@pytest.mark.rule("GV-171", "GV-176", "GV-178")
def test_one_explorer_per_tile_and_no_chaining() -> None:
    g = two()
    put_tile(g, "S01", "P1-01")
    put_tile(g, "M00", "P2-01")
    set_camp(g, 0, workers=6, machines=1)
    act(g, "explore S01 from pump")
    assert g.state.pipes[pos("S01")][0] == 1  # one pipe from the pump
    act(g, "pass")
    assert not any(i.startswith("explore S01") for i in ids(g))
    assert not any(i.startswith("explore M00") for i in ids(g))  # S01 is pending, not a source


@pytest.mark.rule("GV-179")
def test_choice_of_source() -> None:
    g = two()
    drain(g, "S01", {0: 1})
    put_tile(g, "S02", "P1-01")
    legal = ids(g)
    assert {"explore S02 from pump", "explore S02 from S01"} <= legal


# ---------------------------------------------------------------- crossing
@pytest.mark.rule("GV-904", "GV-200", "GV-203", "GV-205", "GV-206", "GV-210")
def test_example_904_crossing() -> None:
    g = two()
    drain(g, "S02", {0: 1}, tile="P1-06")
    drain(g, "S03", {1: 1}, tile="P1-01")
    put_tile(g, "S04", "P1-09")  # 2W
    before = [(p.gold, p.vp) for p in g.state.players]
    assert not any(i.startswith("cross S02") for i in ids(g))  # own tile
    act(g, "explore S04 via S03 from S02")
    r, b = g.state.players
    assert (r.gold, r.vp) == (before[0][0] - 1, before[0][1] + 1)
    assert b.gold == before[1][0] + 1
    assert g.state.pipes[pos("S03")] == [1, 1] and g.state.pipes[pos("S04")][0] == 1
    rec = g.state.explorations[0]
    assert (rec.pos, rec.owner, rec.workers, rec.machines) == (pos("S04"), 0, 2, 0)
    assert r.camp_workers == 1 and r.emeralds == 0


@pytest.mark.rule("GV-201", "GV-202", "GV-207", "GV-208", "GV-209", "GV-213")
def test_crossing_alone_and_its_costs() -> None:
    g = two()
    drain(g, "S00", {0: 1}, tile="P1-07")  # damp own tile
    drain(g, "S17", {1: 1}, tile="P1-02")
    drain(g, "S16", {1: 1}, tile="P1-03")
    legal = ids(g)
    assert "cross S17 from S00" in legal
    assert not any(i.startswith("cross S16") for i in legal)  # not adjacent to a source
    assert not any(" via S16" in i for i in legal)  # one crossing per placement
    act(g, "cross S17 from S00")
    assert g.state.pipes[pos("S17")][0] == 2  # leaving damp S00
    assert g.state.players[0].uses[0] == 1 and g.state.explorations == []
    act(g, "pass", "pass")
    assert g.state.he[pos("S17")] == -1  # a crossing alone makes no HE


@pytest.mark.rule("GV-204", "GV-212")
def test_rent_must_be_held_and_is_capped() -> None:
    g = two()
    drain(g, "S01", {0: 1})
    drain(g, "S00", {1: 1}, tile="P1-02")
    set_stock(g, 0, gold=0)
    g.state.players[0].gold_duty = False
    g.invalidate_cache()
    assert not any(i.startswith("cross") or " via " in i for i in ids(g))
    set_stock(g, 0, gold=2)
    set_stock(g, 1, gold=8)
    vp = g.state.players[1].vp
    act(g, "cross S00 from S01")
    assert g.state.players[1].gold == 8 and g.state.players[1].vp == vp + 1


@pytest.mark.rule("GV-211", "GV-210")
def test_crossing_deep_tile_without_level_two_pump() -> None:
    g = two()
    drain(g, "M01", {0: 1})
    drain(g, "I1", {1: 1}, tile="P3-01")
    put_tile(g, "C", "C-1")
    set_camp(g, 0, workers=4, machines=2, pipes=3)
    legal = ids(g)
    assert "cross I1 from M01" in legal
    assert not any(i.startswith("explore C via I1") for i in legal)
    act(g, "cross I1 from M01", "pass")
    # I1 is now own: a source for later placements the same round
    put_tile(g, "I2", "P3-05")
    set_stock(g, 0, pump_level=2)
    assert "explore I2 from I1" in ids(g)


# ---------------------------------------------------------------- insurance
@pytest.mark.rule("GV-230", "GV-231", "GV-233")
def test_insurance_options() -> None:
    g = two()
    set_stock(g, 0, emeralds=5, pump_level=2)
    set_camp(g, 0, workers=5, machines=2)
    drain(g, "M01", {0: 1})
    put_tile(g, "I1", "P3-01")  # 2 machines
    put_tile(g, "S02", "P1-01")  # no machine
    legal = ids(g)
    assert {"explore I1 from M01", "explore I1 from M01 insure 1", "explore I1 from M01 insure 2"} <= legal
    assert "explore I1 from M01 insure 3" not in legal
    assert not any(i.startswith("explore S02") and "insure" in i for i in legal)
    act(g, "explore I1 from M01 insure 2")
    assert g.state.players[0].emeralds == 3 and g.state.explorations[0].insured == 2


@pytest.mark.rule("GV-232", "GV-347")
def test_insurance_spent_without_landslide() -> None:
    g = two()
    set_stock(g, 0, emeralds=1)
    set_camp(g, 0, machines=1)
    drain(g, "S01", {0: 1})
    put_tile(g, "M01", "P2-02")  # 2W 1M, 0 emeralds
    act(g, "explore M01 from S01 insure 1")
    supply = g.state.supply
    pass_all(g)
    assert g.state.players[0].emeralds == 0 and g.state.supply == supply + 1
    assert g.state.players[0].camp_machines == 1


# ---------------------------------------------------------------- sabotage
@pytest.mark.rule("GV-901", "GV-250", "GV-251", "GV-252")
def test_example_901_sabotage_placement() -> None:
    g = three()
    put_tile(g, "S10", "P1-01")
    act(g, "pass")  # red
    act(g, "explore S10 from pump")  # blue
    assert "sabotage S10" not in ids(g) or g.current_player != 1
    y = g.state.players[2]
    assert y.emeralds == 0
    assert "sabotage S10" in ids(g)
    act(g, "sabotage S10")
    assert y.camp_workers == 1 and y.emeralds == 0
    assert g.state.explorations[0].saboteur == 2
    # blue cannot sabotage its own tile, nobody can add a second saboteur
    assert not any(i.startswith("sabotage") for i in ids(g))


# ---------------------------------------------------------------- passing
@pytest.mark.rule("GV-270", "GV-271", "GV-272", "GV-273")
def test_passing() -> None:
    g = three()
    act(g, "pass")
    assert g.state.players[0].passed
    act(g, "harvest 1", "harvest 1")
    assert g.current_player == 1  # red is skipped
    # blue has nothing left but passing? give blue no workers: the program passes for blue
    set_camp(g, 1, workers=0)
    turn_to(g, 2)
    act(g, "pass")
    assert g.state.round == 2  # everyone passed: the execution phase ran
    assert any(e.kind == "pass" and e.text == "Blue has no legal placement and passes" for e in g.log)


@pytest.mark.rule("GV-905", "GV-290", "GV-291", "GV-294", "GV-295", "GV-296", "GV-297", "GV-341")
def test_example_905_execution_order() -> None:
    g = three()
    put_tile(g, "S04", "P1-01")  # red from pump N
    put_tile(g, "S10", "P1-06")  # blue from pump SW (2 gold)
    set_camp(g, 0, workers=8, machines=1)
    set_camp(g, 2, workers=3)
    set_stock(g, 2, emeralds=1)
    act(g, "explore S04 from pump")  # red T1
    act(g, "explore S10 from pump")  # blue T2
    act(g, "sabotage S10")  # yellow
    act(g, "camp upgrade")  # red
    act(g, "pioneer")  # blue
    act(g, "commerce pipe")  # yellow
    act(g, "commerce machine")  # red
    act(g, "recruit")  # blue
    g.log.clear()
    pass_all(g)
    assert g.state.decision[0] == "declare" and g.current_player == 2
    act(g, "declare gold")
    assert g.state.decision[0] == "exchange"
    act(g, "exchange none")
    kinds = [
        (e.kind, e.data.get("pos"))
        for e in g.log
        if e.kind in ("rest", "flip", "declare", "camp", "pioneer", "commerce", "recruit", "harvest", "loan")
    ]
    assert kinds[0][0] == "rest"
    seq = [k for k, _ in kinds if k not in ("rest", "declare")]
    assert seq == ["flip", "flip", "camp", "pioneer", "commerce", "commerce", "recruit"]
    flips = [p for k, p in kinds if k == "flip"]
    assert flips == ["S04", "S10"]
    commerce = [e.text for e in g.log if e.kind == "commerce"]
    assert commerce[0].startswith("Yellow") and commerce[1].startswith("Red")
    decl = next(i for i, e in enumerate(g.log) if e.kind == "declare")
    flip2 = max(i for i, e in enumerate(g.log) if e.kind == "flip")
    assert decl < flip2  # the saboteur declares before T2 flips
