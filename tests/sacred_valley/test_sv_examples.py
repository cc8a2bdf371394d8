"""The worked examples of the Sacred Valley spec (§4), each as an exact scenario."""

from __future__ import annotations

import pytest

from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.state import Cover

COVER_DEBT, COVER_OUT = Cover.DEBT, Cover.OUT_OF_PLAY

FIVE = ["chili", "corn", "potato", "beans", "quinoa"]


def _hp(events):
    return [e.data["hp"] for e in events if e.kind == "plant"]


@pytest.mark.rule("SV-900", "SV-120", "SV-121", "SV-129")
def test_sv900_potato_farmland() -> None:
    g = T.blank_game(5, FIVE)
    T.put_tiles(g, {"r1c2": "potato", "r1c3": "potato", "r1c5": "potato"})
    T.clear_warehouse(g, 2)
    T.give_tiles(g, 2, ["potato"])
    T.set_turn(g, 2)
    for grid, hp in (("r1c1", 3), ("r2c2", 3), ("r1c4", 4)):
        c = g.clone()
        ev = T.act(c, f"plant potato {grid}")
        assert _hp(ev) == [hp]
        assert T.farmers(c, 2) == [hp]
        assert all(T.farmers(c, p) == [0] for p in (0, 1, 3, 4))  # SV-129 nobody else gains


@pytest.mark.rule("SV-901", "SV-121", "SV-153", "SV-093", "SV-152")
def test_sv901_alpacas() -> None:
    g = T.blank_game(5, FIVE)
    T.put_tiles(g, {"r1c4": "chili", "r1c5": "chili"})
    T.put_alpaca(g, "r1c4", "g1")
    T.put_alpaca(g, "r2c5", "w1")
    T.give_tiles(g, 0, ["chili"])
    T.set_turn(g, 0)
    for grid, hp in (("r1c3", 4), ("r1c6", 4), ("r2c5", 5)):
        c = g.clone()
        assert _hp(T.act(c, f"plant chili {grid}")) == [hp]
    c = g.clone()
    T.act(c, "plant chili r2c5")
    assert T.tile(c, "r2c5") == "chili" and c.state.alp[T.cell(c, "r2c5")] == 0  # the alpaca stays on the tile


@pytest.mark.rule("SV-902", "SV-220")
def test_sv902_harvest_from_4() -> None:
    g = T.blank_game(4)
    T.set_farmers(g, 0, [4])
    before = T.coins(g, 0)
    T.act(g, "harvest")
    assert T.coins(g, 0) == before + 9
    assert T.farmers(g, 0) == [0]


@pytest.mark.rule("SV-903", "SV-396", "SV-397", "SV-124")
def test_sv903_yanacona() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "potato", "r1c2": "potato"})
    T.give_camayo(g, 0, "yanacona")
    T.give_tiles(g, 0, ["potato"])
    T.set_turn(g, 0)
    assert "potato" not in [D.CROPS[c] for c in g.state.techs[0]]
    assert _hp(T.act(g, "plant potato r1c3")) == [2]
    assert T.farmers(g, 0) == [2]


@pytest.mark.rule("SV-904", "SV-126", "SV-403")
def test_sv904_ayllu_member() -> None:
    g = T.blank_game(4)  # seat 1 plays corn
    T.put_tiles(g, {"r1c1": "corn", "r1c2": "corn"})
    T.give_camayo(g, 1, "ayllu_member")
    T.set_turn(g, 1)
    assert _hp(T.act(g, "plant corn r1c3")) == [4]
    assert T.farmers(g, 1) == [4]


@pytest.mark.rule("SV-905", "SV-507", "SV-128")
def test_sv905_umu() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili", "r1c3": "chili"})
    T.give_camayo(g, 0, "umu")
    T.set_farmers(g, 0, [6])
    T.set_turn(g, 0)
    before = T.coins(g, 0)
    assert _hp(T.act(g, "plant chili r1c4")) == [4]
    assert T.farmers(g, 0) == [7]
    assert T.coins(g, 0) == before + 3


@pytest.mark.rule("SV-906", "SV-580", "SV-581", "SV-497")
def test_sv906_end_scoring_hatun_rantic() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 32)
    for name in ("hatun_rantic", "supervisor", "tocricoc"):
        T.give_camayo(g, 0, name)
    assert g.scores()[0] == 60
    h = T.blank_game(4)
    T.set_coins(h, 0, 32)
    for name in ("hatun_runa", "supervisor", "tocricoc"):
        T.give_camayo(h, 0, name)
    assert h.scores()[0] == 43  # Hatun Runa does not double (the rulebook's erratum)


@pytest.mark.rule(
    "SV-930",
    "SV-172",
    "SV-175",
    "SV-178",
    "SV-180",
    "SV-181",
    "SV-182",
    "SV-183",
    "SV-184",
    "SV-186",
    "SV-061",
    "SV-201",
    "SV-369",
    "SV-605",
)
def test_sv930_unlock_with_debt() -> None:
    g = T.blank_game(4, ["corn", "chili", "potato", "beans"])
    T.put_tile(g, "r2c4", "beans")
    T.set_coins(g, 1, 3)
    T.set_coins(g, 2, 0)
    T.set_turn(g, 1)
    s = g.state
    slot1 = s.main[0]
    pile1 = len(s.piles[0])
    catu = list(s.cat)
    assert all(D.CAMAYO_AGE[k] == 1 for k in catu)
    T.act(g, "plant chili r3c4")
    assert T.mode(g) == "partner" and T.coins(g, 1) == 2
    assert "partner 1" not in T.legal(g)
    T.act(g, "partner 2")
    assert s.cover[2] == COVER_DEBT and s.debts[2] == [2]
    assert s.main[0] == -1 and s.sout == [slot1]  # SV-181 out of the game, slot stays empty (SV-186)
    assert s.cat == [-1] * 5 and sorted(s.cout) == sorted(catu)  # slots 1-3 and the Age I slots 4-5
    assert s.piles[0] == [] and len(s.purged) == pile1
    obs = g.observation(0)
    assert obs["camayos_purged_face_down"] == pile1  # SV-605 only the count
    assert T.tile(g, "r3c4") == "chili" and T.farmers(g, 1) == [1]
    T.set_coins(g, 2, 1)  # coins gained during another player's turn do not pay at once (SV-201)
    assert s.debts[2] == [2]
    T.act(g, "end turn")
    assert all(k >= 0 and D.CAMAYO_AGE[k] == 2 for k in s.cat)  # refilled from Age II
    assert s.active == 2 and s.debts[2] == [] and T.coins(g, 2) == 0 and s.cover[2] == COVER_OUT


@pytest.mark.rule("SV-931", "SV-504", "SV-505", "SV-495", "SV-503")
def test_sv931_supervisor() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "supervisor")
    assert T.farmers(g, 0) == [0, 0]
    T.set_farmers(g, 0, [6, 3])
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili", "r1c3": "chili"})
    T.set_turn(g, 0)
    T.act(g, "plant chili r1c4")
    assert T.mode(g) == "farmer"
    T.act(g, "farmer 1")
    assert T.farmers(g, 0) == [7, 6]
    expert = g.clone()
    T.give_camayo(expert, 0, "harvest_expert")
    for game, pay in ((g, 36), (expert, 40)):
        T.set_turn(game, 0)
        before = T.coins(game, 0)
        T.act(game, "harvest")
        assert T.coins(game, 0) - before == pay
        assert T.farmers(game, 0) == [0, 0]


@pytest.mark.rule("SV-932", "SV-458", "SV-459", "SV-460", "SV-461", "SV-105")
def test_sv932_tocricoc_merge() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili", "r1c4": "chili"})
    T.put_meeple(g, "r1c1", 2, "tocricoc")
    T.put_meeple(g, "r1c4", 3, "tocricoc")
    for seat in (1, 2):
        T.give_tech(g, seat, "chili")
        T.clear_warehouse(g, seat)
        T.give_tiles(g, seat, ["chili"])
    T.set_coins(g, 2, 10)
    T.set_coins(g, 3, 10)
    p1 = g.clone()
    T.set_coins(p1, 1, 3)
    T.set_turn(p1, 1)
    assert "plant chili r1c3" not in T.legal(p1)
    assert p1.explain_illegal("plant chili r1c3").rule == "SV-459"
    T.set_coins(p1, 1, 4)
    T.set_turn(p1, 1)
    ev = T.act(p1, "plant chili r1c3")
    assert _hp(ev) == [4]
    assert (T.coins(p1, 1), T.coins(p1, 2), T.coins(p1, 3)) == (0, 12, 12)
    p2 = g.clone()
    T.set_turn(p2, 2)
    T.act(p2, "plant chili r1c3")
    assert (T.coins(p2, 2), T.coins(p2, 3)) == (8, 12)


@pytest.mark.rule("SV-933", "SV-122", "SV-123", "SV-393")
def test_sv933_vine_with_alpaca_worker() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {f"r1c{c}": "vine" for c in range(1, 5)})
    T.put_alpaca(g, "r1c2", "w1")
    T.give_camayo(g, 0, "alpaca_worker", unused=False)
    T.give_tiles(g, 0, ["vine"])
    T.set_turn(g, 0)
    before = T.coins(g, 0)
    assert _hp(T.act(g, "plant vine r1c5")) == [2]
    assert T.coins(g, 0) == before + 1


@pytest.mark.rule("SV-934", "SV-125", "SV-126", "SV-127", "SV-401")
def test_sv934_modifier_order() -> None:
    g = T.blank_game(4)  # seat 3 plays beans
    T.give_camayo(g, 3, "irrigator")
    T.give_camayo(g, 3, "ayllu_member")
    T.set_turn(g, 3)
    assert _hp(T.act(g, "plant beans r1c6")) == [3]


@pytest.mark.rule("SV-935", "SV-040")
def test_sv935_three_player_cubes() -> None:
    g = T.blank_game(3, ["chili", "corn", "potato"])
    s = g.state
    assert s.tech_res == [1, 1, 1, 2, 2]
    assert s.tech_box == [2, 2, 2, 2, 2]


@pytest.mark.rule("SV-936", "SV-560", "SV-563", "SV-564", "SV-565", "SV-491")
def test_sv936_end() -> None:
    g = T.blank_game(4)  # seat 3 plays beans
    T.unlock(g, 2)
    T.unlock(g, 3)
    T.put_tiles(g, {"r1c2": "beans", "r1c3": "beans"})
    T.fill_terrace(g, ["chili", "corn", "potato", "quinoa", "vine"], skip=["r1c1"])
    T.give_camayo(g, 3, "cultivator")
    T.set_farmers(g, 3, [5])
    T.set_turn(g, 3)
    before = [T.coins(g, p) for p in range(4)]
    assert not g.is_over
    ev = T.act(g, "plant beans r1c1")
    assert _hp(ev) == [3] and T.farmers(g, 3) == [7]
    assert any(e.kind == "hp_lost" and e.data["lost"] == 1 for e in ev)
    assert T.mode(g) == "free_seed" and not g.is_over  # the ending planting resolves fully
    slot = next(i for i, t in enumerate(g.state.main) if t >= 0)
    ev = T.act(g, f"take slot{slot + 1}")
    assert g.is_over
    assert g.state.main[slot] == -1  # no refill
    final = [e.data["seat"] for e in ev if e.kind == "harvest"]
    assert final == [3, 0, 1, 2]
    assert T.coins(g, 3) == before[3] + 20
