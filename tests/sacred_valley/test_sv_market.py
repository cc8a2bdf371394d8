"""Harvest, Purchase, Seed Tiles, hiring, Technology and refills (SV-220–SV-370)."""

from __future__ import annotations

import pytest

from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T


@pytest.mark.rule("SV-222", "SV-450", "SV-496")
def test_harvest_bonuses() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "harvest_worker")
    before = T.coins(g, 0)
    T.act(g, "harvest")
    assert T.coins(g, 0) == before + 2  # even at 0 HP
    h = T.blank_game(4)
    T.give_camayo(h, 0, "supervisor")
    T.give_camayo(h, 0, "harvest_expert")
    T.give_camayo(h, 0, "harvest_worker")
    T.set_farmers(h, 0, [7, 7])
    before = T.coins(h, 0)
    T.act(h, "harvest")
    assert T.coins(h, 0) == before + 40 + 2 + 4  # the expert bonus only once


@pytest.mark.rule("SV-240", "SV-241", "SV-399", "SV-404")
def test_purchase_several_items_each_seen_by_the_next() -> None:
    g = T.blank_game(4)
    T.set_main_catu(g, ["chili", "corn", "potato", "beans", "quinoa", "chili"])
    T.set_camayo_catu(g, ["seed_rantic", "warehouse_keeper", None, None, None])
    T.set_coins(g, 0, 9)
    T.act(g, "purchase", "hire slot1", "buy slot6")
    assert T.coins(g, 0) == 4  # $4 + $1 instead of $3
    T.act(g, "buy slot5", "hire slot2", "buy slot4")
    assert T.mode(g) == "purchase" and len(g.state.wh[0]) == 4  # the Keeper's capacity already applies
    assert T.coins(g, 0) == 1


@pytest.mark.rule("SV-242")
def test_no_sliding_during_the_turn() -> None:
    g = T.blank_game(4)
    T.set_main_catu(g, ["chili", "corn", "potato", "beans", "quinoa", "chili"])
    T.act(g, "purchase", "buy slot1")
    assert g.state.main[:2] == [-1, D.CORN]
    assert "buy slot2" in T.legal(g) and T.coins(g, 0) == 2
    T.act(g, "buy slot2")
    assert T.coins(g, 0) == 1  # slot 2 still costs $1
    assert g.explain_illegal("buy slot1").rule == "SV-242"


@pytest.mark.rule("SV-260", "SV-261", "SV-262", "SV-263")
def test_seed_prices() -> None:
    for slot, price in zip(range(1, 7), (1, 1, 2, 2, 3, 3), strict=True):
        g = T.blank_game(4)
        T.clear_warehouse(g, 0)
        T.set_main_catu(g, ["chili", "corn", "potato", "beans", "quinoa", "chili"])
        T.set_coins(g, 0, 3)
        crop = D.CROPS[g.state.main[slot - 1]]
        T.act(g, "purchase", f"buy slot{slot}")
        assert T.coins(g, 0) == 3 - price and T.warehouse(g, 0) == [crop]
    g = T.blank_game(4)
    T.set_vine_catu(g, 2)
    T.act(g, "purchase", "buy vine")
    assert T.coins(g, 0) == 1 and g.state.vines == 1 and "vine" in T.warehouse(g, 0)


@pytest.mark.rule("SV-264", "SV-265")
def test_full_warehouse_discards_first() -> None:
    g = T.blank_game(4)
    T.give_tiles(g, 0, ["corn", "vine"])
    T.set_main_catu(g, ["potato", None, None, None, None, None])
    T.act(g, "purchase", "buy slot1")
    assert T.mode(g) == "discard_seed" and sorted(T.legal(g)) == ["discard chili", "discard corn", "discard vine"]
    T.act(g, "discard vine")
    assert T.warehouse(g, 0) == ["chili", "corn", "potato"] and g.state.sdiscard == [D.VINE]


@pytest.mark.rule("SV-267")
def test_tiles_leave_the_warehouse_only_by_the_listed_ways() -> None:
    from tawa import Rng

    for seed in range(4):
        g = T.blank_game(4, seed=seed, options={"TURN_CAP_ROUNDS": 30})
        rng = Rng(seed)
        while not g.is_over:
            acts = g.legal_actions()
            a = acts[rng.below(len(acts))]
            p = g.state.active
            before = len(g.state.wh[p])
            g.apply(a)
            if len(g.state.wh[p]) < before and not g.is_over:
                assert a.id.split()[0] in ("plant", "clean", "discard", "weave", "partner", "exempt"), a.id


@pytest.mark.rule("SV-280", "SV-281")
def test_hire_cost_and_surcharge() -> None:
    g = T.blank_game(4)
    T.set_camayo_catu(g, ["herder", "irrigator", "yanacona", "barterer", "ayllu_member"])
    T.set_coins(g, 0, 20)
    T.act(g, "purchase", "hire slot1", "hire slot4", "hire slot5")
    assert T.coins(g, 0) == 20 - 2 - 3 - 3
    assert T.camayos(g, 0) == ["herder", "barterer", "ayllu_member"]


@pytest.mark.rule("SV-282", "SV-285", "SV-284")
def test_fourth_hire_discards_first() -> None:
    g = T.blank_game(4)
    for k in ("herder", "rantic", "warrior"):
        T.give_camayo(g, 0, k)
    T.set_camayo_catu(g, ["irrigator", None, None, None, None])
    assert not any(a.startswith("dismiss") for a in T.legal(g))
    assert g.explain_illegal("dismiss 1").rule == "SV-284"
    T.act(g, "purchase", "hire slot1")
    assert T.mode(g) == "discard_camayo" and sorted(T.legal(g)) == ["dismiss 1", "dismiss 2"]
    T.act(g, "dismiss 2")
    assert T.camayos(g, 0) == ["herder", "warrior", "irrigator"]
    assert g.state.cdiscard == [D.RANTIC]
    assert g.scores()[0] == T.coins(g, 0) + 3 + 3  # the discarded Rantic scores nothing


@pytest.mark.rule("SV-283", "SV-456", "SV-464", "SV-506")
def test_non_discardable_camayos() -> None:
    g = T.blank_game(4)
    for k in ("warrior", "tocricoc", "supervisor"):
        T.give_camayo(g, 0, k)
    T.set_camayo_catu(g, ["irrigator", None, None, None, None])
    T.set_coins(g, 0, 10)
    T.act(g, "purchase", "tech corn")
    assert "hire slot1" not in T.legal(g)
    assert g.explain_illegal("hire slot1").rule == "SV-283"
    h = T.blank_game(4)
    for k in ("warrior", "tocricoc", "rantic"):
        T.give_camayo(h, 0, k)
    T.set_camayo_catu(h, ["irrigator", None, None, None, None])
    T.act(h, "purchase", "hire slot1")
    assert T.legal(h) == ["dismiss 3"]
    assert h.explain_illegal("dismiss 1").rule == "SV-283"


@pytest.mark.rule("SV-286")
def test_discard_returns_marker_and_keeps_the_gray_alpaca() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "alpaca_worker")
    T.give_camayo(g, 0, "barterer")
    T.give_camayo(g, 0, "rantic")
    T.act(g, "alpaca r6c6")
    T.set_camayo_catu(g, ["irrigator", None, None, None, None])
    T.act(g, "purchase", "hire slot1", "dismiss 1")
    assert g.state.alpaca_at[2] == T.cell(g, "r6c6")
    T.act(g, "end purchase")
    T.set_turn(g, 0)
    T.set_coins(g, 0, 2)
    T.set_camayo_catu(g, ["herder", None, None, None, None])
    T.act(g, "purchase", "hire slot1", "dismiss 1")  # the unused Barterer goes, marker and all
    assert T.camayos(g, 0) == ["rantic", "irrigator", "herder"] and g.state.marker[0] == [False] * 3


@pytest.mark.rule("SV-287")
def test_losing_warehouse_keeper() -> None:
    g = T.blank_game(4)
    for k in ("warehouse_keeper", "rantic", "herder"):
        T.give_camayo(g, 0, k)
    T.give_tiles(g, 0, ["corn", "potato", "beans", "vine"])
    T.set_camayo_catu(g, ["irrigator", None, None, None, None])
    T.act(g, "purchase", "hire slot1", "dismiss 1")
    assert T.mode(g) == "keeper_discard"
    T.act(g, "discard vine")
    assert T.mode(g) == "keeper_discard"
    T.act(g, "discard beans")
    assert T.mode(g) == "purchase" and len(g.state.wh[0]) == 3


@pytest.mark.rule("SV-288", "SV-405", "SV-406")
def test_terrace_worker_free_seed_at_once() -> None:
    g = T.blank_game(4)
    T.set_main_catu(g, ["corn", None, "potato", None, None, None])
    T.set_vine_catu(g, 1)
    T.set_camayo_catu(g, ["terrace_worker", None, None, None, None])
    T.act(g, "purchase", "hire slot1")
    assert T.mode(g) == "free_seed" and sorted(T.legal(g)) == ["take slot1", "take slot3", "take vine"]
    T.act(g, "take slot3")
    assert T.coins(g, 0) == 1 and T.warehouse(g, 0) == ["chili", "potato"]
    h = T.blank_game(4)
    T.set_main_catu(h, [None] * 6)
    T.set_vine_catu(h, 0)
    T.set_camayo_catu(h, ["terrace_worker", None, None, None, None])
    T.act(h, "purchase", "hire slot1")
    assert T.mode(h) == "purchase"  # nothing to take


@pytest.mark.rule("SV-289", "SV-290")
def test_one_shot_marker_used_in_the_hiring_turn() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r1c1", "vine")
    T.give_tiles(g, 0, ["corn"])
    T.give_tech(g, 0, "corn")
    T.set_camayo_catu(g, ["cleaner", None, None, None, None])
    T.act(g, "purchase", "hire slot1")
    assert g.state.marker[0] == [True]
    T.act(g, "clean r1c1 corn")
    assert g.state.marker[0] == [False] and T.camayos(g, 0) == ["cleaner"] and T.tile(g, "r1c1") == "corn"
    assert not any(a.startswith("clean") for a in T.legal(g))
    assert g.explain_illegal("clean r1c1 chili").rule == "SV-289"


@pytest.mark.rule("SV-291", "SV-503")
def test_meeple_supply_never_limits() -> None:
    g = T.blank_game(4)
    for k in ("warrior", "tocricoc"):
        T.give_camayo(g, 0, k)
    T.set_camayo_catu(g, ["supervisor", None, None, None, None])
    T.set_coins(g, 0, 8)
    T.act(g, "purchase", "hire slot1")
    assert T.farmers(g, 0) == [0, 0]


@pytest.mark.rule("SV-292", "SV-293", "SV-498")
def test_duplicates() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "irrigator")
    T.set_camayo_catu(g, ["irrigator", None, None, None, None])
    assert "hire slot1" in T.legal(T.act(g, "purchase") and g)
    h = T.blank_game(4, options={"ALLOW_DUPLICATE_CAMAYOS": False})
    T.give_camayo(h, 0, "irrigator")
    T.set_camayo_catu(h, ["irrigator", "herder", None, None, None])
    T.act(h, "purchase")
    assert "hire slot1" not in T.legal(h) and "hire slot2" in T.legal(h)
    for stack, hp in ((False, 2), (True, 3)):
        k = T.blank_game(4, options={"DUPLICATE_PASSIVES_STACK": stack})
        T.give_camayo(k, 0, "irrigator")
        T.give_camayo(k, 0, "irrigator")
        T.act(k, "plant chili r1c1")
        assert T.farmers(k, 0) == [hp]
    r = T.blank_game(4)
    T.give_camayo(r, 0, "hatun_rantic")
    T.give_camayo(r, 0, "hatun_rantic")
    T.set_coins(r, 0, 0)
    assert r.scores()[0] == 24  # (6 + 6) x 2, not x 4


@pytest.mark.rule("SV-310", "SV-311", "SV-312")
def test_technology_costs_and_limit() -> None:
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"])
    T.set_coins(g, 0, 30)
    T.act(g, "purchase", "tech corn", "tech potato", "tech beans")
    assert T.coins(g, 0) == 30 - 4 - 6 - 8
    assert g.state.techs[0] == [0, 1, 2, 3] and g.state.tech_res[1] == 2
    assert not any(a.startswith("tech") for a in T.legal(g))
    assert g.explain_illegal("tech quinoa").rule == "SV-312"
    assert g.explain_illegal("tech corn").rule == "SV-310"


@pytest.mark.rule("SV-313")
def test_empty_reserve() -> None:
    g = T.blank_game(3, ["chili", "corn", "potato"])
    T.give_tech(g, 1, "chili")  # the only chili cube in the reserve
    T.set_coins(g, 2, 10)
    T.set_turn(g, 2)
    T.act(g, "purchase")
    assert "tech chili" not in T.legal(g) and "tech beans" in T.legal(g)
    assert g.explain_illegal("tech chili").rule == "SV-313"


@pytest.mark.rule("SV-361", "SV-362", "SV-367", "SV-368")
def test_refill_slides_then_fills() -> None:
    g = T.blank_game(4)
    T.set_main_catu(g, [None, "corn", None, "potato", None, None])
    T.set_camayo_catu(g, [None, "herder", None, "rantic", None])
    pile = list(g.state.piles[0])
    T.act(g, "harvest", "end turn")
    s = g.state
    assert s.main[:2] == [D.CORN, D.POTATO] and all(t >= 0 for t in s.main)
    assert s.cat[:2] == [D.HERDER, D.RANTIC]
    assert s.cat[2:] == pile[::-1][:3]  # from the top of the current Age pile, lowest slot first


@pytest.mark.rule("SV-363", "SV-366")
def test_drawn_vines() -> None:
    g = T.blank_game(4)
    s = g.state
    T.set_vine_catu(g, 2)
    T.set_main_catu(g, ["corn", "corn", "corn", "corn", "corn", None])
    # leave only vines and one potato in the bag
    s.sdiscard.extend(t for t in s.bag if t not in (D.VINE,))
    s.bag = [t for t in s.bag if t == D.VINE] + [D.POTATO]
    s.sdiscard.remove(D.POTATO)
    T.act(g, "harvest", "end turn")
    assert s.main[5] == D.POTATO and s.vines == 3
    assert s.sdiscard.count(D.VINE) + s.bag.count(D.VINE) + 3 == 10 - sum(x == D.VINE for x in s.tile)


@pytest.mark.rule("SV-364", "SV-365")
def test_bag_recycles_once() -> None:
    g = T.blank_game(4)
    s = g.state
    T.set_vine_catu(g, 3)
    T.set_main_catu(g, ["corn", "corn", "corn", "corn", None, None])
    s.sdiscard.extend(s.bag)
    s.bag = []
    # the discard holds only vines and one beans: one recycle, then slot 6 stays empty
    keep = [t for t in s.sdiscard if t == D.VINE] + [D.BEANS]
    s.sout.extend(t for t in s.sdiscard if t != D.VINE)
    s.sout.remove(D.BEANS)
    s.sdiscard = keep
    ev = T.act(g, "harvest", "end turn")
    assert T.kinds(ev).count("recycle") == 1
    assert D.BEANS in s.main[4:] and -1 in s.main[4:]


@pytest.mark.rule("SV-370")
def test_no_camayos_left() -> None:
    g = T.blank_game(4)
    s = g.state
    T.set_camayo_catu(g, [None, "herder", None, None, None])
    for pile in s.piles:
        s.cout.extend(pile)
        pile.clear()
    T.act(g, "harvest", "end turn")
    assert s.cat == [D.HERDER, -1, -1, -1, -1]
