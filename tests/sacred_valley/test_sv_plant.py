"""Planting targets, Technology, fees and alpacas (SV-090–SV-106, SV-130, SV-131, SV-150–SV-157)."""

from __future__ import annotations

import pytest

from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.rules.terrace import flood


def _targets(g, crop: str) -> set[str]:
    return {a.split()[2] for a in T.legal(g) if a.startswith(f"plant {crop} ")}


@pytest.mark.rule("SV-090")
def test_plant_moves_one_tile() -> None:
    g = T.blank_game(4)
    T.give_tiles(g, 0, ["chili"])
    T.act(g, "plant chili r1c1")
    assert T.warehouse(g, 0) == ["chili"] and T.tile(g, "r1c1") == "chili"


@pytest.mark.rule("SV-091", "SV-094")
def test_first_tile_in_row_one_and_not_on_a_tile() -> None:
    g = T.blank_game(4)
    assert _targets(g, "chili") == {f"r1c{c}" for c in range(1, 7)}
    T.put_tile(g, "r1c1", "corn")
    assert "r1c1" not in _targets(g, "chili")
    assert g.explain_illegal("plant chili r1c1").rule == "SV-091"


@pytest.mark.rule("SV-092", "SV-454")
def test_meeple_grid_is_blocked_except_own_warrior() -> None:
    g = T.blank_game(4)
    T.put_meeple(g, "r1c2", 1, "warrior")
    T.put_meeple(g, "r1c3", 0, "warrior")
    t = _targets(g, "chili")
    assert "r1c2" not in t and "r1c3" in t
    assert g.explain_illegal("plant chili r1c2").rule in ("SV-092", "SV-454")


@pytest.mark.rule("SV-095", "SV-096")
def test_anchor_any_tile_not_alpaca() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r1c1", "vine")
    T.put_alpaca(g, "r2c4", "w1")
    T.put_meeple(g, "r2c6", 1, "warrior")
    t = _targets(g, "chili")
    assert "r2c1" in t  # a vine anchors
    assert "r2c3" not in t and "r2c5" not in t  # an alpaca or a meeple does not
    assert g.explain_illegal("plant chili r2c3").rule == "SV-095"


@pytest.mark.rule("SV-097")
def test_cross_level_adjacency() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2)
    T.put_tiles(g, {"r2c1": "chili", "r1c1": "corn"})
    T.act(g, "plant chili r3c1")
    assert T.farmers(g, 0) == [2]  # merges across the level step
    h = T.blank_game(4, options={"CROSS_LEVEL_ADJACENCY": False})
    T.unlock(h, 2)
    T.put_tiles(h, {"r2c1": "chili", "r1c1": "corn"})
    assert "r3c1" in _targets(h, "chili")  # placement still crosses
    T.act(h, "plant chili r3c1")
    assert T.farmers(h, 0) == [1]


@pytest.mark.rule("SV-099", "SV-094")
def test_isolated_tile_does_not_anchor() -> None:
    g = T.blank_game(4, clear_terrace=False)  # quinoa isolated under W1 on r2c5
    t = _targets(g, "chili")
    assert "r1c5" not in t and "r2c4" not in t and "r2c6" not in t
    assert g.explain_illegal("plant chili r1c5").rule == "SV-099"
    T.put_tile(g, "r1c4", "corn")
    assert "r2c4" in _targets(g, "chili")  # connects the isolated tile to a Farmland
    h = T.blank_game(4, clear_terrace=False, options={"ISOLATED_ANCHOR": "row1"})
    assert "r1c5" in _targets(h, "chili")


@pytest.mark.rule("SV-100")
def test_isolated_tile_becomes_normal() -> None:
    g = T.blank_game(4, clear_terrace=False)
    T.put_tile(g, "r1c4", "corn")
    T.act(g, "plant chili r2c4")
    assert not g.state.iso[T.cell(g, "r2c5")]
    T.put_alpaca(g, "r6c6", "w1")  # moving its alpaca away changes nothing
    T.set_turn(g, 0)
    T.give_tiles(g, 0, ["chili"])
    assert "r2c6" in _targets(g, "chili") and "r1c5" in _targets(g, "chili")


@pytest.mark.rule("SV-101", "SV-102", "SV-266", "SV-314")
def test_technology_needed_except_vines() -> None:
    g = T.blank_game(4)
    T.give_tiles(g, 0, ["potato", "vine"])
    assert not _targets(g, "potato") and _targets(g, "vine")
    assert g.explain_illegal("plant potato r1c1").rule == "SV-101"
    T.set_coins(g, 0, 4)
    T.act(g, "purchase", "tech potato", "end purchase")
    T.set_turn(g, 0)
    assert _targets(g, "potato")


@pytest.mark.rule("SV-103", "SV-174", "SV-173")
def test_locked_level_needs_the_fee() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r2c1", "corn")
    T.set_coins(g, 0, 0)
    assert "r3c1" not in _targets(g, "chili")
    assert g.explain_illegal("plant chili r3c1").rule == "SV-174"
    T.give_camayo(g, 0, "terrace_worker")
    assert "r3c1" in _targets(g, "chili")


@pytest.mark.rule("SV-104", "SV-105")
def test_total_of_unlock_and_tocricoc_fees() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r2c1": "chili"})
    T.put_meeple(g, "r2c1", 1, "tocricoc")
    T.set_coins(g, 0, 2)
    assert "r3c1" not in _targets(g, "chili")  # $1 unlock + $2 Tocricoc
    assert g.explain_illegal("plant chili r3c1").rule == "SV-105"
    T.set_coins(g, 0, 3)
    assert "r3c1" in _targets(g, "chili")
    T.set_coins(g, 0, 1)
    assert "r1c1" not in _targets(g, "chili")  # joins the marked Farmland: $2 needed
    T.give_tiles(g, 0, ["vine"])
    assert "r1c1" in _targets(g, "vine")  # a vine joins no chili Farmland: no fee


@pytest.mark.rule("SV-106")
def test_planting_is_never_obliged() -> None:
    g = T.blank_game(4)
    ids = T.legal(g)
    assert any(a.startswith("plant") for a in ids) and "harvest" in ids and "purchase" in ids


@pytest.mark.rule("SV-130", "SV-411", "SV-393")
def test_cleaner_planting_has_planting_effects() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "vine"})
    T.put_alpaca(g, "r1c1", "w1")
    T.give_camayo(g, 0, "cleaner")
    T.give_camayo(g, 0, "alpaca_worker", unused=False)
    before = T.coins(g, 0)
    ev = T.act(g, "clean r1c2 chili")
    assert [e.data["hp"] for e in ev if e.kind == "plant"] == [3]  # 2 chili + 1 alpaca
    assert T.coins(g, 0) == before + 1 and T.farmers(g, 0) == [3]


@pytest.mark.rule("SV-131", "SV-501")
def test_saboteur_planting_is_not_a_plant_action() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "saboteur")
    T.give_camayo(g, 0, "hatun_runa")
    T.set_vine_catu(g, 1)
    T.set_coins(g, 0, 5)
    T.act(g, "purchase", "buy vine", "sabotage r1c3", "end purchase")
    assert T.tile(g, "r1c3") == "vine"
    assert "use hatun_runa" not in T.legal(g)
    assert g.state.last == 3  # the Purchase action


@pytest.mark.rule("SV-150", "SV-151", "SV-390", "SV-391")
def test_gray_alpaca_targets() -> None:
    g = T.blank_game(4)
    T.put_alpaca(g, "r1c1", "w1")
    T.put_tile(g, "r1c2", "corn")
    T.give_camayo(g, 0, "alpaca_worker")
    ids = T.legal(g)
    assert "alpaca r1c1" not in ids and "alpaca r1c2" in ids and "alpaca r1c3" in ids
    assert "alpaca r6c6" in ids  # any level, locked included
    assert g.explain_illegal("alpaca r1c1").rule == "SV-150"
    T.act(g, "alpaca r1c2")
    assert g.state.alp[T.cell(g, "r1c2")] == 2 and g.state.marker[0] == [False]
    assert not any(a.startswith("alpaca") for a in T.legal(g))


@pytest.mark.rule("SV-153")
def test_white_and_gray_count_alike() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili"})
    T.put_alpaca(g, "r1c1", "w1")
    T.put_alpaca(g, "r1c2", "g1")
    T.give_camayo(g, 0, "alpaca_worker", unused=False)
    before = T.coins(g, 0)
    T.act(g, "plant chili r1c3")
    assert T.farmers(g, 0) == [5] and T.coins(g, 0) == before + 2


@pytest.mark.rule("SV-154", "SV-392")
def test_gray_alpacas_only_through_alpaca_worker() -> None:
    g = T.blank_game(4)
    assert not any(a.startswith("alpaca") for a in T.legal(g))
    T.give_camayo(g, 0, "alpaca_worker")
    assert any(a.startswith("alpaca") for a in T.legal(g))
    T.put_alpaca(g, "r6c1", "g1")
    T.put_alpaca(g, "r6c2", "g2")
    assert not any(a.startswith("alpaca") for a in T.legal(g))
    assert g.explain_illegal("alpaca r1c1").rule == "SV-392"


@pytest.mark.rule("SV-155", "SV-156")
def test_alpaca_on_meeple_and_locked_grids_options() -> None:
    g = T.blank_game(4)
    T.put_meeple(g, "r1c1", 1, "warrior")
    T.give_camayo(g, 0, "alpaca_worker")
    ids = T.legal(g)
    assert "alpaca r1c1" in ids and "alpaca r3c1" in ids
    h = T.blank_game(4, options={"ALPACA_MAY_SHARE_WITH_MEEPLE": False, "ALPACA_ON_LOCKED_LEVELS": False})
    T.put_meeple(h, "r1c1", 1, "warrior")
    T.give_camayo(h, 0, "alpaca_worker")
    ids = T.legal(h)
    assert "alpaca r1c1" not in ids and "alpaca r3c1" not in ids and "alpaca r1c2" in ids


@pytest.mark.rule("SV-157", "SV-394", "SV-395")
def test_herder_moves() -> None:
    g = T.blank_game(4)
    T.put_alpaca(g, "r1c1", "w1")
    T.put_alpaca(g, "r2c2", "w2")
    T.give_camayo(g, 0, "herder")
    T.act(g, "harvest")
    assert T.mode(g) == "herder"
    ids = T.legal(g)
    assert not any(a.startswith("herd g1") for a in ids)  # reserve alpacas are not on the Terrace
    assert "herd w1 r2c2" not in ids and "herd w1 r5c5" in ids  # no sharing; locked levels allowed
    T.act(g, "herd w1 r5c5")
    assert not any(a.startswith("herd w1") for a in T.legal(g))
    assert g.explain_illegal("herd w1 r1c1").rule == "SV-395"
    T.act(g, "herd w2 r1c1")
    assert T.mode(g) == "main"
    assert g.state.alpaca_at[:2] == [T.cell(g, "r5c5"), T.cell(g, "r1c1")]


@pytest.mark.rule("SV-223", "SV-400")
def test_herder_then_barterer_after_harvest() -> None:
    g = T.blank_game(4)
    T.put_alpaca(g, "r1c1", "w1")
    T.give_camayo(g, 0, "herder")
    T.give_camayo(g, 0, "barterer")
    T.act(g, "harvest")
    assert T.mode(g) == "herder" and "use barterer" not in T.legal(g)
    T.act(g, "stop herding")
    assert "use barterer" in T.legal(g)
    T.act(g, "use barterer")
    assert T.mode(g) == "purchase"


def test_flood_helper_matches_hp() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili", "r2c2": "chili"})
    assert len(flood(g.state, g.tables, 0, T.cell(g, "r1c1"))) == 3
