"""Camayo abilities of Ages I-III (SV-390–SV-507)."""

from __future__ import annotations

import pytest

from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T


def _hp(ev):
    return [e.data["hp"] for e in ev if e.kind == "plant"]


@pytest.mark.rule("SV-398")
def test_yanacona_cap_only_when_exempt() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili"})
    T.give_camayo(g, 0, "yanacona")
    assert _hp(T.act(g, "plant chili r1c3")) == [3]  # own Technology: not capped
    h = T.blank_game(4, options={"YANACONA_CAP_ONLY_WHEN_EXEMPT": False})
    T.put_tiles(h, {"r1c1": "chili", "r1c2": "chili"})
    T.give_camayo(h, 0, "yanacona")
    assert _hp(T.act(h, "plant chili r1c3")) == [2]


@pytest.mark.rule("SV-402", "SV-401")
def test_irrigator_not_on_vines_and_only_base_one() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "irrigator")
    T.give_tiles(g, 0, ["vine"])
    h = g.clone()
    assert _hp(T.act(g, "plant vine r1c1")) == [2]
    T.put_tile(h, "r1c1", "chili")
    assert _hp(T.act(h, "plant chili r1c2")) == [2]  # base 2: no bonus


@pytest.mark.rule("SV-408", "SV-409", "SV-410", "SV-412")
def test_cleaner() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "vine", "r1c2": "chili"})
    T.put_alpaca(g, "r1c1", "w1")
    T.put_meeple(g, "r1c1", 2, "tocricoc")
    T.give_camayo(g, 0, "cleaner")
    T.give_tiles(g, 0, ["vine", "potato"])
    T.set_coins(g, 0, 2)
    ids = T.legal(g)
    # free window, before the regular action; any Warehouse tile with its Technology, a vine included
    assert "clean r1c1 chili" in ids and "clean r1c1 vine" in ids and "clean r1c1 potato" not in ids
    assert "clean r1c2 chili" not in ids  # only a vine is replaced
    assert g.explain_illegal("clean r1c2 chili").rule == "SV-408"
    T.act(g, "clean r1c1 chili")
    s = g.state
    x = T.cell(g, "r1c1")
    assert s.tile[x] == D.CHILI and s.alp[x] == 0 and s.mee_owner[x] == 2  # alpaca and meeple stay
    assert s.sdiscard == [D.VINE] and T.coins(g, 0) == 0 and T.coins(g, 2) >= 2  # Tocricoc fee
    assert not s.regular_done  # not a Plant action
    h = T.blank_game(4, options={"CLEANER_ALLOWS_VINE": False})
    T.put_tile(h, "r1c1", "vine")
    T.give_camayo(h, 0, "cleaner")
    T.give_tiles(h, 0, ["vine"])
    assert "clean r1c1 vine" not in T.legal(h)


@pytest.mark.rule("SV-410")
def test_cleaner_needs_a_legal_replacement() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r1c1", "vine")
    T.give_camayo(g, 0, "cleaner")
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["potato"])
    assert not any(a.startswith("clean") for a in T.legal(g))
    assert T.tile(g, "r1c1") == "vine"


@pytest.mark.rule("SV-450", "SV-565")
def test_harvest_worker_in_final_harvest() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2)
    T.unlock(g, 3)
    T.fill_terrace(g, ["corn", "potato", "beans", "quinoa", "vine"], skip=["r1c1"])
    T.give_camayo(g, 2, "harvest_worker")
    before = T.coins(g, 2)
    T.act(g, "plant chili r1c1")
    assert g.is_over and T.coins(g, 2) == before + 2


@pytest.mark.rule("SV-451")
def test_rantic_reward_only() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "rantic")
    T.set_coins(g, 0, 0)
    assert g.scores()[0] == 6
    h = T.blank_game(4)
    T.set_coins(h, 0, 0)
    assert T.legal(g) == T.legal(h)  # no ability


@pytest.mark.rule("SV-452")
def test_hatun_runa_extra_plant() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "hatun_runa")
    T.give_tiles(g, 0, ["chili"])
    T.act(g, "plant chili r1c1", "use hatun_runa", "plant chili r1c2")
    assert T.farmers(g, 0) == [3] and T.legal(g) == ["end turn"]


@pytest.mark.rule("SV-455", "SV-454")
def test_warrior_meeple_returns() -> None:
    g = T.blank_game(4)
    T.put_meeple(g, "r1c3", 0, "warrior")
    T.act(g, "plant chili r1c3")
    assert g.state.mee_owner[T.cell(g, "r1c3")] == -1 and T.tile(g, "r1c3") == "chili"


@pytest.mark.rule("SV-453")
def test_warrior_on_empty_grids_only() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r1c1", "corn")
    T.put_alpaca(g, "r1c2", "w1")
    T.set_camayo_catu(g, ["warrior", None, None, None, None])
    T.set_coins(g, 0, 4)
    T.act(g, "purchase", "hire slot1")
    ids = T.legal(g)
    assert "warrior r1c1" not in ids and "warrior r1c2" not in ids and "warrior r6c6" in ids
    assert g.explain_illegal("warrior r1c1").rule == "SV-453"


@pytest.mark.rule("SV-457", "SV-458", "SV-462")
def test_tocricoc_placement_and_growth() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "vine", "r1c5": "corn"})
    T.put_meeple(g, "r1c5", 1, "warrior")
    T.set_camayo_catu(g, ["tocricoc", None, None, None, None])
    T.set_coins(g, 0, 6)
    T.act(g, "purchase", "hire slot1")
    ids = T.legal(g)
    assert ids == ["tocricoc r1c1"]  # a vine Farmland qualifies; not an empty grid
    assert g.explain_illegal("tocricoc r1c2").rule == "SV-457"
    T.act(g, "tocricoc r1c1", "end purchase", "end turn")
    T.give_tiles(g, 1, ["vine"])
    T.set_coins(g, 1, 2)
    T.act(g, "plant vine r1c2")
    assert T.coins(g, 1) == 0 and T.coins(g, 0) == 2
    T.act(g, "end turn")
    T.give_tiles(g, 2, ["vine"])
    T.set_coins(g, 2, 2)
    T.act(g, "plant vine r2c2")  # touches the grown Farmland only through r1c2
    assert T.coins(g, 2) == 0 and T.coins(g, 0) == 4


@pytest.mark.rule("SV-463")
def test_tocricoc_without_target_is_lost() -> None:
    g = T.blank_game(4)
    T.set_camayo_catu(g, ["tocricoc", None, None, None, None])
    T.set_coins(g, 0, 6)
    ev = T.act(g, "purchase", "hire slot1")
    assert "tocricoc_lost" in T.kinds(ev) and T.mode(g) == "purchase"


@pytest.mark.rule("SV-460")
def test_fee_per_meeple_option() -> None:
    for per_meeple, paid in ((True, 4), (False, 2)):
        g = T.blank_game(4, options={"TOCRICOC_FEE_PER_MEEPLE": per_meeple})
        T.put_tiles(g, {"r1c1": "chili", "r1c3": "chili"})
        T.put_meeple(g, "r1c1", 1)
        T.put_meeple(g, "r1c3", 1)
        T.set_coins(g, 0, 5)
        T.act(g, "plant chili r1c2")
        assert T.coins(g, 0) == 5 - paid


@pytest.mark.rule("SV-465")
def test_weaver() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "weaver")
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["vine", "vine", "corn"])
    assert not any(a.startswith("weave") for a in T.legal(g))  # no vines, no mixed pair
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["corn", "corn", "potato"])
    before = T.coins(g, 0)
    T.act(g, "weave corn")
    assert T.coins(g, 0) == before + 4 and T.warehouse(g, 0) == ["potato"]
    assert g.state.sdiscard == [D.CORN, D.CORN]
    T.give_tiles(g, 0, ["potato"])
    assert "weave potato" not in T.legal(g)
    assert g.explain_illegal("weave potato").rule == "SV-465"


@pytest.mark.rule("SV-491", "SV-492")
def test_cultivator_with_supervisor_farmer() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "cultivator")
    T.give_camayo(g, 0, "supervisor")
    T.set_farmers(g, 0, [0, 5])
    T.set_main_catu(g, ["corn", None, None, None, None, None])
    T.set_vine_catu(g, 0)
    T.act(g, "plant chili r1c1", "farmer 1")
    assert T.mode(g) == "free_seed" and T.legal(g) == ["take slot1"]
    T.act(g, "take slot1")
    assert "corn" in T.warehouse(g, 0) and T.coins(g, 0) == 3
    h = T.blank_game(4, options={"CULTIVATOR_ANY_FARMER": False})
    T.give_camayo(h, 0, "cultivator")
    T.give_camayo(h, 0, "supervisor")
    T.set_farmers(h, 0, [0, 5])
    T.act(h, "plant chili r1c1", "farmer 1")
    assert T.mode(h) == "main"


@pytest.mark.rule("SV-493", "SV-494")
def test_foreigner_and_exemption_choice() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "potato", "r1c2": "potato"})
    T.give_camayo(g, 0, "foreigner")
    T.give_tiles(g, 0, ["potato"])
    h = g.clone()
    T.act(g, "plant potato r1c3")
    assert T.farmers(g, 0) == [3] and g.state.marker[0] == [False]  # not capped; marker used
    T.give_camayo(h, 0, "yanacona")
    T.act(h, "plant potato r1c3")
    assert sorted(T.legal(h)) == ["exempt foreigner", "exempt yanacona"]
    k = h.clone()
    T.act(h, "exempt yanacona")
    assert T.farmers(h, 0) == [2] and h.state.marker[0] == [True, False]
    T.act(k, "exempt foreigner")
    assert T.farmers(k, 0) == [3] and k.state.marker[0] == [False, False]


@pytest.mark.rule("SV-499", "SV-500")
def test_saboteur_plants_a_bought_vine_once_per_turn() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "saboteur")
    T.give_tiles(g, 0, ["corn", "beans"])  # Warehouse full: the Saboteur vine never enters it
    T.set_vine_catu(g, 3)
    T.set_coins(g, 0, 6)
    T.act(g, "purchase", "buy vine")
    assert T.mode(g) == "saboteur" and "keep vine" in T.legal(g)
    T.act(g, "sabotage r1c1")
    assert T.tile(g, "r1c1") == "vine" and T.farmers(g, 0) == [2] and len(g.state.wh[0]) == 3
    T.act(g, "buy vine")
    assert T.mode(g) == "discard_seed"  # no second Saboteur planting this turn; a kept vine enters as usual


@pytest.mark.rule("SV-502")
def test_saboteur_not_for_free_tiles() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "saboteur")
    T.set_vine_catu(g, 1)
    T.set_main_catu(g, [None] * 6)
    T.set_camayo_catu(g, ["terrace_worker", None, None, None, None])
    T.act(g, "purchase", "hire slot1", "take vine")
    assert T.mode(g) == "purchase" and "vine" in T.warehouse(g, 0)


@pytest.mark.rule("SV-504")
def test_supervisor_spill_and_no_choice_when_one_has_room() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "supervisor")
    T.set_farmers(g, 0, [7, 2])
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili"})
    T.act(g, "plant chili r1c3")
    assert T.mode(g) == "main" and T.farmers(g, 0) == [7, 5]
    h = T.blank_game(4)
    T.give_camayo(h, 0, "supervisor")
    T.set_farmers(h, 0, [5, 6])
    T.put_tiles(h, {"r1c1": "chili", "r1c2": "chili", "r1c3": "chili"})
    T.give_camayo(h, 0, "umu")
    T.act(h, "plant chili r1c4", "farmer 2")
    assert T.farmers(h, 0) == [7, 7] and T.coins(h, 0) == 3 + 1  # 1 HP fits nowhere: Umu $1


@pytest.mark.rule("SV-497", "SV-582")
def test_hatun_rantic_and_used_one_shots_score() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "hatun_rantic")
    T.give_camayo(g, 0, "chasqui", unused=False)
    T.set_coins(g, 0, 1)
    assert g.scores()[0] == 1 + (6 + 5) * 2
