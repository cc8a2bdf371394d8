"""Execution phase: resting, lake tiles, head explorers, sabotage, landslide, famine and the action boxes
(GV-290..GV-686) with the worked examples GV-903 and GV-906..GV-915."""

from __future__ import annotations

import pytest

from tawa.games.guatavita.state import Ask, Decision, Phase
from tawa.games.guatavita.testing import (
    act,
    drain,
    ids,
    pass_all,
    pos,
    put_tile,
    scenario,
    set_camp,
    set_stock,
    turn_to,
)


def two(**kw: object):  # red NE (seat 0, Pioneer), blue SW (seat 1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, **kw)


def three(**kw: object):  # red N (0), blue SW (1), yellow SE (2); red holds the Pioneer marker
    return scenario(3, spots=["N", "SW", "SE"], pioneer=0, **kw)


def events(g, kind: str) -> list[str]:
    return [e.text for e in g.log if e.kind == kind]


# ---------------------------------------------------------------- resting workers
@pytest.mark.rule("GV-320", "GV-321")
def test_resting_workers() -> None:
    g = two()
    set_camp(g, 0, workers=5)
    set_stock(g, 0, pump_level=2)
    drain(g, "S01", {0: 1}, he=0)
    set_camp(g, 1, workers=7)
    vp = [p.vp for p in g.state.players]
    pass_all(g)
    assert g.state.players[0].vp == vp[0] + 1  # 5 in camp; pump worker and HE do not count
    assert g.state.players[1].vp == vp[1] + 2


# ---------------------------------------------------------------- tile rewards and limits
@pytest.mark.rule("GV-906", "GV-342", "GV-344")
def test_example_906_tile_rewards() -> None:
    g = two()
    drain(g, "S01", {0: 1})
    put_tile(g, "M01", "P2-04")  # 1E 2G 3VP
    set_camp(g, 0, workers=3, machines=1)
    act(g, "explore M01 from S01")
    vp, supply = g.state.players[0].vp, g.state.supply
    pass_all(g)
    p = g.state.players[0]
    assert g.state.drained[pos("M01")]
    assert (p.emeralds, p.gold, p.vp) == (1, 7, vp + 3)
    assert g.state.supply == supply - 1
    assert g.observation(1)["lake"][pos("M01")]["tile"] == "P2-04"  # the drained side is public


@pytest.mark.rule("GV-907", "GV-370", "GV-371")
def test_example_907_gold_cap() -> None:
    g = two()
    put_tile(g, "S01", "P1-01")  # 2 gold, 1 VP
    set_stock(g, 0, gold=7)
    act(g, "explore S01 from pump")
    vp = g.state.players[0].vp
    pass_all(g)
    assert g.state.players[0].gold == 8 and g.state.players[0].vp == vp + 1 + 1
    # loans and the Pioneer exchange are capped too
    g = two()
    set_stock(g, 0, gold=7)
    act(g, "loan")
    vp = g.state.players[0].vp
    pass_all(g)
    assert g.state.players[0].gold == 8 and g.state.players[0].vp == vp - 5 + 3


@pytest.mark.rule("GV-345", "GV-373")
def test_emeralds_only_from_supply_and_uncapped() -> None:
    g = two()
    put_tile(g, "S01", "P1-05")  # 2 emeralds
    set_stock(g, 0, emeralds=24)
    assert g.state.supply == 1
    act(g, "explore S01 from pump")
    pass_all(g)
    assert g.state.players[0].emeralds == 25 and g.state.supply == 0
    g.check_invariants()


@pytest.mark.rule("GV-372", "GV-583", "GV-580")
def test_food_cap_and_harvest_amounts() -> None:
    g = scenario(2, spots=["NE", "SW"], pioneer=1)
    set_stock(g, 0, food=7)
    act(g, "harvest 1")  # blue, Pioneer holder: 2 + 2
    act(g, "harvest 2")  # red: 3 food, capped at 8
    pass_all(g)
    assert g.state.players[0].food == 8 and g.state.players[1].food == 4


@pytest.mark.rule("GV-374", "GV-915", "GV-660", "GV-661", "GV-662")
def test_example_915_loan_and_negative_vp() -> None:
    g = three()
    turn_to(g, 2)
    set_stock(g, 2, vp=2, gold=0)
    g.state.players[2].gold_duty = False
    act(g, "loan")
    pass_all(g)
    y = g.state.players[2]
    assert y.loan == 1 and y.gold == 4 and y.vp == 2 - 5


# ---------------------------------------------------------------- head explorers
@pytest.mark.rule("GV-908", "GV-390", "GV-391", "GV-393")
def test_example_908_head_explorers() -> None:
    g = scenario(3, spots=["N", "SE", "SW"], pioneer=0)  # yellow (seat 2) on SW
    put_tile(g, "S10", "P1-01")
    put_tile(g, "S09", "P1-02")
    put_tile(g, "S11", "P1-04")
    he = g.state.he
    turn_to(g, 2)
    act(g, "explore S10 from pump")
    pass_all(g)
    assert he[pos("S10")] == 2
    turn_to(g, 2)
    act(g, "explore S09 from S10")
    pass_all(g)
    assert he[pos("S09")] == 2 and he[pos("S10")] == -1
    turn_to(g, 2)
    act(g, "explore S11 from S10")
    pass_all(g)
    assert he[pos("S11")] == 2 and he[pos("S09")] == 2
    assert g.state.decision[0] == "plan"  # not adjacent: no joined-paths choice
    assert g.state.players[2].camp_workers == 3 - 2


@pytest.mark.rule("GV-395", "GV-396")
def test_joined_paths_send_one_he_home() -> None:
    g = scenario(3, spots=["N", "SE", "SW"], pioneer=0)
    drain(g, "S09", {2: 1}, he=2)
    drain(g, "S11", {2: 1}, he=2)
    put_tile(g, "S10", "P1-01")
    turn_to(g, 2)
    act(g, "explore S10 from pump")
    pass_all(g)
    assert g.state.decision[0] == "join" and g.current_player == 2
    assert ids(g) == {"keep all", "return he S09", "return he S10", "return he S11"}
    camp = g.state.players[2].camp_workers
    act(g, "return he S09")
    assert g.state.he[pos("S09")] == -1 and g.state.pipes[pos("S09")][2] == 1
    assert g.state.players[2].camp_workers == camp + 1


@pytest.mark.rule("GV-392")
def test_he_source_of_crossing_is_the_chain_start() -> None:
    g = two()
    drain(g, "S02", {0: 1}, he=0)
    drain(g, "S03", {1: 1})
    put_tile(g, "S04", "P1-01")
    act(g, "explore S04 via S03 from S02")
    pass_all(g)
    assert g.state.he[pos("S04")] == 0 and g.state.he[pos("S02")] == -1


# ---------------------------------------------------------------- landslide and insurance
@pytest.mark.rule("GV-903", "GV-346", "GV-450", "GV-452", "GV-453", "GV-394", "GV-230")
def test_example_903_insured_landslide() -> None:
    g = two()
    drain(g, "S01", {0: 1})
    put_tile(g, "M00", "P2-09")  # 3W 1M landslide, 0E 0G 4VP
    set_camp(g, 0, workers=4, machines=1)
    set_stock(g, 0, emeralds=1)
    act(g, "explore M00 from S01 insure 1")
    assert g.state.players[0].emeralds == 0
    r = g.state.players[0]
    vp, gold, sup_w, supply = r.vp, r.gold, r.sup_workers, g.state.supply
    pass_all(g)
    assert r.sup_workers == sup_w + 3 and r.camp_machines == 1 and r.gold == gold
    assert r.vp == vp + 4 and g.state.supply == supply + 1
    # a camp worker became the HE (and, the camp then being empty, it came home at the next planning phase)
    assert "Red sends a camp worker as head explorer to M00" in events(g, "he")
    assert events(g, "he_return") == ["Red's head explorer on M00 returns to camp"]


@pytest.mark.rule("GV-451", "GV-454", "GV-455", "GV-180")
def test_uninsured_landslide() -> None:
    g = two()
    drain(g, "S01", {0: 1}, he=0)
    put_tile(g, "M00", "P2-09")
    set_camp(g, 0, workers=4, machines=1)
    act(g, "explore M00 from S01")
    r = g.state.players[0]
    gold, sup_m = r.gold, r.sup_machines
    pass_all(g)
    assert r.sup_machines == sup_m + 1 and r.camp_machines == 0 and r.gold == gold + 1
    assert g.state.he[pos("M00")] == 0 and g.state.he[pos("S01")] == -1  # the HE moved in
    assert g.state.pipes[pos("M00")][0] == 1 and g.state.drained[pos("M00")]
    put_tile(g, "I0", "P3-01")
    set_stock(g, 0, pump_level=2)
    set_camp(g, 0, workers=3, machines=2)
    turn_to(g, 0)
    assert "explore I0 from M00" in ids(g)  # a landslide tile is a source next round


@pytest.mark.rule("GV-456", "GV-351", "GV-681")
def test_centre_drained_even_as_landslide_ends_game() -> None:
    g = two()
    put_tile(g, "C", "P3-03")  # test-only: a landslide tile on the centre
    drain(g, "I0", {0: 1})
    set_stock(g, 0, pump_level=2)
    set_camp(g, 0, workers=3, machines=2)
    act(g, "explore C from I0")
    pass_all(g)
    assert "centre" in g.state.end_triggers and g.is_over


# ---------------------------------------------------------------- sabotage
def _sabotage_game(tile: str, emeralds: int = 1):
    g = three()
    put_tile(g, "S10", tile)
    act(g, "pass")
    act(g, "explore S10 from pump")  # blue
    set_stock(g, 2, emeralds=emeralds)
    act(g, "sabotage S10")  # yellow
    pass_all(g)
    return g


@pytest.mark.rule("GV-911", "GV-420", "GV-423", "GV-428", "GV-429")
def test_example_911_sabotage_gold_found() -> None:
    g = _sabotage_game("P1-06")  # 2 gold
    y, b = g.state.players[2], g.state.players[1]
    assert g.state.decision == Decision(Ask.DECLARE, 2, pos("S10")) and y.emeralds == 0
    gy, gb = y.gold, b.gold
    act(g, "declare gold")
    assert y.gold == gy + 1 and b.gold == gb + 1
    assert y.camp_workers == 3  # saboteur and slot worker back


@pytest.mark.rule("GV-912", "GV-425")
def test_example_912_sabotage_gold_missing() -> None:
    g = _sabotage_game("P1-04")  # 0 gold, 3 VP
    y, b = g.state.players[2], g.state.players[1]
    vp_b, sup = b.vp, y.sup_workers
    act(g, "declare gold")
    assert y.emeralds == 0 and y.sup_workers == sup + 1 and y.camp_workers == 2
    assert b.vp == vp_b + 3


@pytest.mark.rule("GV-422", "GV-424", "GV-430")
def test_sabotage_emeralds_and_prestige() -> None:
    g = _sabotage_game("P1-05")  # 2 emeralds
    act(g, "declare emeralds")
    assert g.state.players[2].emeralds == 2 and g.state.players[1].emeralds == 0
    g = _sabotage_game("P1-04")  # 3 VP
    vy, vb = g.state.players[2].vp, g.state.players[1].vp
    act(g, "declare prestige")
    assert g.state.players[2].vp == vy + 3 and g.state.players[1].vp == vb + 3
    # emeralds limited by the supply
    g = _sabotage_game("P1-05")
    g.state.players[0].emeralds += g.state.supply - 1
    g.state.supply = 1
    act(g, "declare emeralds")
    assert g.state.players[2].emeralds == 1


@pytest.mark.rule("GV-421")
def test_sabotage_without_emerald_has_no_effect() -> None:
    g = _sabotage_game("P1-06", emeralds=0)
    y, b = g.state.players[2], g.state.players[1]
    assert y.camp_workers == 3 and b.gold == 5 - 0 + 2
    assert any("without effect" in t for t in events(g, "sabotage_void"))


@pytest.mark.rule("GV-426", "GV-427")
def test_sabotage_on_landslide() -> None:
    g = three()
    drain(g, "S10", {1: 1})
    put_tile(g, "M06", "P2-03")  # 2W 1M landslide, 3 VP
    set_camp(g, 1, workers=3, machines=1)
    act(g, "pass", "explore M06 from S10")
    set_stock(g, 2, emeralds=1)
    act(g, "sabotage M06")
    pass_all(g)
    y = g.state.players[2]
    vp, sup = y.vp, y.sup_workers
    act(g, "declare prestige")
    assert y.vp == vp + 3 and y.sup_workers == sup + 1 and y.camp_workers == 2


# ---------------------------------------------------------------- famine
def _famine_game():
    g = three()
    drain(g, "S10", {1: 1})
    put_tile(g, "M06", "P2-07")  # famine
    set_camp(g, 1, workers=2, machines=1)
    return g


@pytest.mark.rule("GV-909", "GV-470", "GV-472", "GV-474", "GV-475", "GV-476", "GV-477", "GV-350", "GV-292")
def test_example_909_famine_blue() -> None:
    g = three()
    drain(g, "S04", {0: 1})
    put_tile(g, "M03", "P2-07")  # famine tile, explored by red
    set_camp(g, 0, workers=2, machines=1)
    set_camp(g, 1, workers=5)
    set_stock(g, 1, food=2)
    act(g, "explore M03 from S04")
    act(g, "harvest 2")  # blue
    act(g, "pass")  # yellow; red has no worker left and is passed by the program
    act(g, "commerce pipe")  # blue: 3 on boxes, 2 in camp
    b = g.state.players[1]
    vp, sup = b.vp, b.sup_workers
    pass_all(g)
    text = next(t for t in events(g, "famine") if t.startswith("Famine: Blue"))
    assert text == "Famine: Blue pays 2 food, loses 2 worker(s) and 1 VP"
    assert b.vp == vp - 1 and b.sup_workers == sup + 2 and b.camp_workers == 3
    famine_at = next(i for i, e in enumerate(g.log) if e.kind == "famine")
    assert famine_at > max(i for i, e in enumerate(g.log) if e.kind == "flip")


@pytest.mark.rule("GV-910", "GV-473", "GV-471")
def test_example_910_famine_red_and_once_per_phase() -> None:
    g = three()
    drain(g, "S10", {1: 1})
    drain(g, "S11", {1: 1})
    put_tile(g, "M06", "P2-07")
    put_tile(g, "M07", "P2-11")  # two famine icons
    set_camp(g, 1, workers=5, machines=2)
    set_camp(g, 0, workers=5)
    set_stock(g, 0, food=6, pump_level=2)  # the pump worker is not counted
    drain(g, "S04", {0: 1}, he=0)  # nor the HE
    act(g, "commerce pipe")  # red: 1 on a box, 4 in camp
    act(g, "explore M06 from S10", "pass", "pass", "explore M07 from S11")
    pass_all(g)
    assert g.state.decision[0] == "join"
    act(g, "keep all")
    assert len([t for t in events(g, "famine") if t.startswith("Famine: Red")]) == 1
    assert "Famine: Red pays 5 food, loses 0 worker(s) and 0 VP" in events(g, "famine")
    assert g.state.players[0].food == 1


# ---------------------------------------------------------------- action boxes
@pytest.mark.rule("GV-913", "GV-520", "GV-521", "GV-523", "GV-298")
def test_example_913_camp_upgrade() -> None:
    g = three()
    turn_to(g, 2)
    set_camp(g, 2, workers=3, machines=1)
    set_stock(g, 2, camp_level=8)
    act(g, "camp upgrade")
    pass_all(g)
    y = g.state.players[2]
    assert y.camp_level == 9 and y.gold == 3 and y.camp_workers == 3 and y.camp_machines == 1
    turn_to(g, 2)
    assert "camp upgrade" not in ids(g)


@pytest.mark.rule("GV-522", "GV-299")
def test_two_camp_upgrades_and_unpaid_costs() -> None:
    g = two()
    set_camp(g, 0, workers=5, machines=2)
    act(g, "camp upgrade", "pass", "camp upgrade")
    pass_all(g)
    assert g.state.players[0].camp_level == 5 and g.state.players[0].gold == 1
    g = two()
    set_camp(g, 0, workers=5, machines=2)
    set_stock(g, 0, gold=3)
    act(g, "camp upgrade", "pass", "camp upgrade")
    pass_all(g)
    p = g.state.players[0]
    assert p.camp_level == 4 and p.gold == 1 and p.camp_workers == 5 and p.camp_machines == 2
    assert any("cannot pay" in t for t in events(g, "camp"))


@pytest.mark.rule("GV-540", "GV-541", "GV-543", "GV-542")
def test_pump_upgrade() -> None:
    g = two()
    act(g, "pump upgrade")
    pass_all(g)
    p = g.state.players[0]
    assert p.pump_level == 2 and p.pump_worker == 1 and p.gold == 3 and p.camp_workers == 2
    turn_to(g, 0)
    assert "pump upgrade" not in ids(g)
    # the pump worker counts toward capacity: 2 in camp + 1 on the box + pump = 4 of 4 after one recruit
    set_stock(g, 0, food=8, camp_level=4)
    act(g, "recruit", "pass", "recruit")
    pass_all(g)
    assert p.camp_workers == 3 and p.food == 6


@pytest.mark.rule("GV-914", "GV-560", "GV-561", "GV-562")
def test_example_914_reexploration() -> None:
    g = three()
    turn_to(g, 2)
    drain(g, "M10", {2: 1}, tile="P2-08")  # damp, box 2
    set_camp(g, 2, workers=3, machines=1)
    set_stock(g, 2, emeralds=2)
    act(g, "reexplore M10")
    y = g.state.players[2]
    vp = y.vp
    pass_all(g)
    assert y.vp == vp + 2 and y.emeralds == 1 and y.camp_workers == 3 and y.camp_machines == 1  # +1 rest
    turn_to(g, 2)
    assert "reexplore M10" in ids(g)  # again in a later round


@pytest.mark.rule("GV-563")
def test_crosser_may_reexplore() -> None:
    g = two()
    drain(g, "S01", {0: 1})
    drain(g, "S00", {1: 1}, tile="P1-07")  # blue's damp tile with a box
    set_camp(g, 0, workers=3, machines=1)
    assert "reexplore S00" not in ids(g)
    act(g, "cross S00 from S01", "pass")
    assert "reexplore S00" in ids(g)


@pytest.mark.rule("GV-581", "GV-582")
def test_pioneer_harvest_bonus_once() -> None:
    g = two()
    set_camp(g, 0, workers=5)
    act(g, "harvest 1", "pass", "harvest 2")
    pass_all(g)
    assert g.state.players[0].food == 2 + 2 + 3 and g.state.players[1].food == 0


@pytest.mark.rule("GV-600", "GV-601", "GV-602", "GV-603", "GV-604")
def test_pioneer_box_and_exchange() -> None:
    g = two()
    act(g, "pioneer")  # red already holds the marker (GV-604)
    set_stock(g, 0, emeralds=4)
    pass_all(g)
    assert g.state.decision[0] == "exchange"
    assert ids(g) == {"exchange none", "exchange gold for emeralds", "exchange emeralds for gold"}
    act(g, "exchange emeralds for gold")
    p = g.state.players[0]
    assert p.emeralds == 0 and p.gold == 6 and g.state.pioneer == 0
    g = two()
    act(g, "pass", "pioneer")  # blue takes it
    g.state.players[0].emeralds, g.state.supply = 22, 3
    pass_all(g)
    assert events(g, "exchange") == [] and g.state.players[1].emeralds == 0  # 3 in supply: no swap offered
    assert g.state.pioneer == 1 and g.state.order[0] == 1  # the marker changed hands only through the box


@pytest.mark.rule("GV-620", "GV-621", "GV-622")
def test_commerce_purchases() -> None:
    g = two()
    set_camp(g, 0, workers=4)
    act(g, "commerce machine", "pass", "commerce pipe")
    pass_all(g)
    p = g.state.players[0]
    assert p.camp_machines == 1 and p.camp_pipes == 4 and p.gold == 2
    g = two()
    set_stock(g, 0, gold=1)
    act(g, "commerce machine")
    pass_all(g)
    assert g.state.players[0].camp_machines == 0 and g.state.players[0].gold == 1


@pytest.mark.rule("GV-640", "GV-641", "GV-643", "GV-644")
def test_recruitment() -> None:
    g = two()
    set_stock(g, 0, food=4, camp_level=4)
    act(g, "recruit", "pass", "recruit")
    pass_all(g)
    p = g.state.players[0]
    assert p.camp_workers == 4 and p.food == 2  # the second attempt found the camp full
    g = two()
    set_stock(g, 0, food=1)
    act(g, "recruit")
    pass_all(g)
    assert g.state.players[0].camp_workers == 3 and g.state.players[0].food == 1
    # HEs coming home may exceed capacity; recruiting is then blocked
    g = two()
    set_camp(g, 0, workers=0)
    for where in ("S00", "S01", "S02", "S03"):
        drain(g, where, {0: 1}, he=0)
    g.state.stage, g.state.idx = Phase.START, 0
    from tawa.games.guatavita.testing import restart

    restart(g)
    act(g, "return he S00")
    assert g.state.players[0].camp_workers == 1


@pytest.mark.rule("GV-663", "GV-680", "GV-685")
def test_bankruptcy_by_loan_placement() -> None:
    g = two()
    set_stock(g, 0, loan=4)
    act(g, "loan", "harvest 1")
    pass_all(g)
    assert g.is_over and g.state.players[0].loan == 5 and "bankruptcy" in g.state.end_triggers
    # the whole execution phase was finished: blue's harvest resolved after the loan
    assert g.state.players[1].food == 2


@pytest.mark.rule("GV-683", "GV-684", "GV-686", "GV-300")
def test_twelve_pipes_trigger() -> None:
    g = two()
    for where in ("S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09", "S10", "S11", "S12"):
        drain(g, where, {0: 1})
    set_camp(g, 0, workers=5, pipes=1, machines=1)
    put_tile(g, "S01", "P1-01")
    act(g, "explore S01 from pump")
    assert "pipes" in g.state.end_triggers and not g.is_over  # found during planning
    act(g, "pass", "camp upgrade")
    pass_all(g)
    assert g.is_over
    p = g.state.players[0]
    assert p.camp_workers == 5 - 1 and p.camp_machines == 1  # all but the HE back in camp
    assert p.camp_level == 4


@pytest.mark.rule("GV-340")
def test_lake_resolves_in_placement_order() -> None:
    g = three()
    put_tile(g, "S05", "P1-01")
    put_tile(g, "S11", "P1-02")
    act(g, "explore S05 from pump", "explore S11 from pump")
    pass_all(g)
    flips = [e.data["pos"] for e in g.log if e.kind == "flip"]
    assert flips == ["S05", "S11"]
    assert g.params.LAKE_RESOLUTION_ORDER == "placement"


@pytest.mark.rule("GV-348", "GV-349")
def test_he_settled_then_other_workers_home() -> None:
    g = two()
    put_tile(g, "S01", "P1-15")  # 3 workers
    set_camp(g, 0, workers=4)
    act(g, "explore S01 from pump")
    pass_all(g)
    assert g.state.he[pos("S01")] == 0
    assert g.state.players[0].camp_workers == 1 + 2


@pytest.mark.rule("GV-642")
def test_housed_workers_for_capacity() -> None:
    # camp 2 + 1 on Recruitment + 2 on the balsa = 5 housed of 5: no recruit
    g = scenario(2, spots=["NE", "SW"], pioneer=0, balsa=True)
    from tawa.games.guatavita.testing import put_balsa

    put_balsa(g, 0, "S02")
    set_camp(g, 0, workers=5)
    set_stock(g, 0, food=4, camp_level=5)
    act(g, "balsa", "pass", "recruit")
    pass_all(g)
    act(g, "balsa stop")
    assert g.state.players[0].food == 4 and g.state.players[0].camp_workers == 5
    assert any(e.text == "Red cannot recruit (GV-643)" for e in g.log)
    # head explorers are not housed: camp 2 + 1 on Recruitment with 3 HEs, capacity 4
    g = two()
    for where in ("S03", "S04", "S05"):
        drain(g, where, {0: 1}, he=0)
    set_stock(g, 0, food=4, camp_level=4)
    act(g, "recruit")
    pass_all(g)
    assert any(e.text == "Red recruits a worker" for e in g.log)
