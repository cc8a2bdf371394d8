"""Turn structure, Work and extra actions (SV-060–SV-071, SV-330, SV-340–SV-343)."""

from __future__ import annotations

import pytest

from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.state import Cover

COVER_OUT = Cover.OUT_OF_PLAY


@pytest.mark.rule("SV-060")
def test_turns_go_clockwise_and_wrap() -> None:
    g = T.blank_game(3, ["chili", "corn", "potato"], first=1)
    seen = []
    for _ in range(4):
        seen.append(g.state.active)
        T.act(g, "harvest", "end turn")
    assert seen == [1, 2, 0, 1]
    assert g.state.round == 2


@pytest.mark.rule("SV-061", "SV-068")
def test_debt_paid_at_a_later_free_window() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2, debtor=0)
    T.set_coins(g, 0, 0)
    T.set_farmers(g, 0, [2])
    T.set_turn(g, 0, pay_debts=True)
    assert g.state.debts[0] == [2]
    ev = T.act(g, "harvest")  # +$3, the next free window settles the debt
    assert g.state.debts[0] == [] and T.coins(g, 0) == 2 and g.state.cover[2] == COVER_OUT
    assert "debt_paid" in T.kinds(ev)


@pytest.mark.rule("SV-061", "SV-200")
def test_two_debts_settled_in_order_each_if_affordable() -> None:
    g = T.blank_game(4)
    T.unlock(g, 3, debtor=1)
    T.unlock(g, 2, debtor=1)
    assert g.state.debts[1] == [3, 2]
    T.set_coins(g, 1, 1)
    T.set_turn(g, 1, pay_debts=True)
    assert g.state.debts[1] == [3] and T.coins(g, 1) == 0  # the $2 debt waits, the $1 one is paid
    T.set_coins(g, 1, 5)
    T.set_turn(g, 1, pay_debts=True)
    assert g.state.debts[1] == [] and T.coins(g, 1) == 3


@pytest.mark.rule("SV-062")
def test_exactly_one_regular_action() -> None:
    g = T.blank_game(4)
    assert "end turn" not in T.legal(g)
    assert g.explain_illegal("end turn").rule == "SV-062"
    T.act(g, "harvest")
    ids = T.legal(g)
    assert "end turn" in ids and "harvest" not in ids and not any(a.startswith("plant") for a in ids)
    assert g.explain_illegal("plant chili r1c1").rule == "SV-062"


@pytest.mark.rule("SV-063", "SV-221")
def test_harvest_always_legal() -> None:
    g = T.blank_game(4)
    assert T.farmers(g, 0) == [0] and "harvest" in T.legal(g)
    before = T.coins(g, 0)
    T.act(g, "harvest")
    assert T.coins(g, 0) == before
    h = T.blank_game(4, options={"HARVEST_ALWAYS_LEGAL": False})
    assert "harvest" not in T.legal(h)


@pytest.mark.rule("SV-064")
def test_plant_needs_a_tile_with_a_target() -> None:
    g = T.blank_game(4)
    T.clear_warehouse(g, 0)
    assert not any(a.startswith("plant") for a in T.legal(g))
    T.give_tiles(g, 0, ["potato"])  # no Technology, no exemption
    assert not any(a.startswith("plant") for a in T.legal(g))
    T.give_tiles(g, 0, ["chili"])
    assert any(a.startswith("plant chili") for a in T.legal(g))


@pytest.mark.rule("SV-065", "SV-243")
def test_purchase_needs_an_item() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 0)
    assert "purchase" not in T.legal(g)
    assert g.explain_illegal("purchase").rule == "SV-065"
    T.set_coins(g, 0, 3)
    T.act(g, "purchase")
    assert "end purchase" not in T.legal(g)
    assert g.explain_illegal("end purchase").rule == "SV-065"
    T.act(g, "buy slot1")
    assert "end purchase" in T.legal(g)
    T.act(g, "end purchase")
    assert T.mode(g) == "main"


@pytest.mark.rule("SV-066", "SV-330", "SV-601")
def test_work_only_with_zero() -> None:
    g = T.blank_game(4)
    assert "work" not in T.legal(g)
    assert g.explain_illegal("work").rule == "SV-066"
    T.set_coins(g, 0, 0)
    ev = T.act(g, "work")
    assert T.coins(g, 0) == 1
    work = [e for e in ev if e.kind == "work"]
    assert work and work[0].to is None and "$0" in work[0].text


@pytest.mark.rule("SV-067", "SV-340", "SV-490")
def test_chasqui_after_the_regular_action() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "chasqui")
    assert "use chasqui" not in T.legal(g)
    assert g.explain_illegal("use chasqui").rule in ("SV-340", "SV-341")
    T.act(g, "harvest")
    assert "use chasqui" in T.legal(g)
    T.act(g, "use chasqui")
    ids = T.legal(g)
    assert "harvest" in ids and "purchase" in ids and "work" not in ids and "end turn" not in ids
    T.set_coins(g, 0, 0)
    assert "work" in T.legal(g)  # Work only with $0
    T.act(g, "work")
    assert g.state.marker[0] == [False] and "use chasqui" not in T.legal(g)


@pytest.mark.rule("SV-068")
def test_free_windows_and_not_inside_a_decision() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "weaver")
    T.give_tiles(g, 0, ["corn", "corn"])
    T.put_tile(g, "r2c1", "vine")
    T.set_coins(g, 0, 5)
    assert "weave corn" in T.legal(g)  # turn start
    T.act(g, "purchase", "tech potato")
    assert "weave corn" in T.legal(g)  # between items
    g2 = T.blank_game(4)
    T.give_camayo(g2, 0, "weaver")
    T.give_tiles(g2, 0, ["corn", "corn"])
    T.put_tile(g2, "r2c4", "vine")
    T.act(g2, "plant chili r3c4")
    assert T.mode(g2) == "partner" and "weave corn" not in T.legal(g2)
    assert g2.explain_illegal("weave corn").rule == "SV-068"


@pytest.mark.rule("SV-069", "SV-566")
def test_off_turn_effects_are_automatic() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r1c1", "chili")
    T.put_meeple(g, "r1c1", 2, "tocricoc")
    T.give_camayo(g, 2, "herder")
    T.set_coins(g, 2, 0)
    T.act(g, "plant chili r1c2")
    assert T.coins(g, 2) == 2 and g.state.active == 0  # received during seat 0's turn, no decision
    # the final harvest offers no Herder move (game over at once)
    h = T.blank_game(4)
    T.give_camayo(h, 1, "herder")
    T.fill_terrace(h, ["corn", "potato", "beans", "quinoa", "vine"], skip=["r1c1"])
    T.unlock(h, 2)
    T.unlock(h, 3)
    T.act(h, "plant chili r1c1")
    assert h.is_over


@pytest.mark.rule("SV-070", "SV-360")
def test_refill_only_at_end_of_turn() -> None:
    g = T.blank_game(4)
    T.act(g, "purchase", "buy slot1", "end purchase")
    assert g.state.main[0] == -1
    T.act(g, "end turn")
    assert all(t >= 0 for t in g.state.main)


@pytest.mark.rule("SV-341", "SV-400", "SV-452")
def test_extra_triggers() -> None:
    g = T.blank_game(4)
    for k in ("hatun_runa", "barterer", "chasqui"):
        T.give_camayo(g, 0, k)
    T.give_tiles(g, 0, ["chili"])
    h = g.clone()
    T.act(g, "plant chili r1c1")
    assert {"use hatun_runa", "use barterer", "use chasqui"} <= set(T.legal(g))
    T.act(h, "harvest")
    ids = T.legal(h)
    assert "use hatun_runa" not in ids and "use barterer" in ids and "use chasqui" in ids
    assert h.explain_illegal("use hatun_runa").rule == "SV-341"
    k = T.blank_game(4)
    T.give_camayo(k, 0, "barterer")
    T.act(k, "purchase", "buy slot1", "end purchase")
    assert "use barterer" not in T.legal(k)


@pytest.mark.rule("SV-342", "SV-340")
def test_extras_chain() -> None:
    g = T.blank_game(4)
    for k in ("hatun_runa", "barterer", "chasqui"):
        T.give_camayo(g, 0, k)
    T.give_tiles(g, 0, ["chili"])
    T.set_coins(g, 0, 5)
    T.act(g, "plant chili r1c1", "use hatun_runa")
    assert T.mode(g) == "extra_plant"
    assert all(a.startswith("plant") for a in T.legal(g))
    T.act(g, "plant chili r1c2", "use barterer", "buy slot1", "end purchase", "use chasqui", "harvest")
    assert g.state.marker[0] == [False, False, False]
    assert T.legal(g) == ["end turn"]


@pytest.mark.rule("SV-343", "SV-290")
def test_unused_extra_stays_reserved() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "chasqui")
    T.act(g, "harvest", "end turn")
    assert g.state.marker[0] == [True]
    T.set_turn(g, 0)
    T.act(g, "harvest")
    assert "use chasqui" in T.legal(g)
