"""Unlocking levels 2 and 3 and Terrace Cover debt (SV-170–SV-205)."""

from __future__ import annotations

import pytest

from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.state import Cover

COVER_DEBT, COVER_ON, COVER_OUT = Cover.DEBT, Cover.ON_TERRACE, Cover.OUT_OF_PLAY


def _level2_ready(**opts):
    g = T.blank_game(4, options=opts or None)
    T.put_tile(g, "r2c1", "corn")
    return g


@pytest.mark.rule("SV-171", "SV-453")
def test_alpaca_or_meeple_does_not_unlock() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "alpaca_worker")
    T.act(g, "alpaca r3c3")
    assert g.state.cover[2] == COVER_ON
    h = T.blank_game(4)
    T.set_coins(h, 0, 4)
    T.set_camayo_catu(h, ["warrior", None, None, None, None])
    T.act(h, "purchase", "hire slot1")
    assert T.mode(h) == "warrior" and "warrior r3c3" in T.legal(h)  # any empty grid, locked included
    T.act(h, "warrior r3c3")
    assert h.state.cover[2] == COVER_ON and h.state.mee_owner[T.cell(h, "r3c3")] == 0


@pytest.mark.rule("SV-172", "SV-176", "SV-179")
def test_fees_and_level_open_afterwards() -> None:
    g = _level2_ready()
    T.set_coins(g, 0, 3)
    T.set_coins(g, 1, 5)
    T.act(g, "plant chili r3c1")
    assert T.coins(g, 0) == 2
    T.act(g, "partner 1")
    assert T.coins(g, 1) == 4 and g.state.cover[2] == COVER_OUT
    T.act(g, "end turn")
    T.give_tiles(g, 1, ["corn"])
    T.set_coins(g, 1, 0)
    T.act(g, "plant corn r3c2")
    assert T.mode(g) == "main" and T.tile(g, "r3c2") == "corn"  # no fee, no partner


@pytest.mark.rule("SV-172", "SV-188")
def test_level_three_fee_and_anchoring() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2)
    T.fill_terrace(
        g,
        ["corn", "potato", "beans", "vine"],
        skip=[f"r4c{c}" for c in range(1, 7)] + [f"r5c{c}" for c in range(1, 7)] + [f"r6c{c}" for c in range(1, 7)],
    )
    assert not any(a.split()[2].startswith(("r5", "r6")) for a in T.legal(g) if a.startswith("plant"))
    T.put_tile(g, "r4c1", "corn")
    T.set_coins(g, 0, 2)
    T.act(g, "plant chili r5c1", "partner 1")
    assert T.coins(g, 0) == 0 and g.state.cover[3] != COVER_ON


@pytest.mark.rule("SV-175")
def test_partner_must_be_another_player() -> None:
    g = _level2_ready()
    T.act(g, "plant chili r3c1")
    assert sorted(T.legal(g)) == ["partner 1", "partner 2", "partner 3"]
    assert g.explain_illegal("partner 0").rule == "SV-175"


@pytest.mark.rule("SV-177", "SV-407", "SV-176")
def test_terrace_worker_partner_and_planter() -> None:
    g = _level2_ready()
    T.give_camayo(g, 0, "terrace_worker")
    T.give_camayo(g, 1, "terrace_worker")
    T.set_coins(g, 0, 3)
    T.set_coins(g, 1, 0)
    T.set_coins(g, 2, 4)
    h = g.clone()
    T.act(g, "plant chili r3c1", "partner 1")
    assert T.coins(g, 0) == 3 and T.coins(g, 1) == 0 and g.state.debts[1] == [] and g.state.cover[2] == COVER_OUT
    T.act(h, "plant chili r3c1", "partner 2")
    assert T.coins(h, 0) == 3 and T.coins(h, 2) == 3  # the partner pays the level fee anyway


@pytest.mark.rule("SV-178", "SV-200", "SV-606")
def test_partner_without_coins_takes_the_cover() -> None:
    g = _level2_ready()
    T.set_coins(g, 3, 0)
    ev = T.act(g, "plant chili r3c1", "partner 3")
    assert g.state.cover[2] == COVER_DEBT and g.state.debts[3] == [2]
    part = next(e for e in ev if e.kind == "partner")
    assert part.to is None and part.data["debt"] is True and "coins" not in part.data


@pytest.mark.rule("SV-185")
def test_hired_camayos_stay() -> None:
    g = _level2_ready()
    T.give_camayo(g, 1, "herder")
    T.act(g, "plant chili r3c1", "partner 1")
    assert T.camayos(g, 1) == ["herder"]


@pytest.mark.rule("SV-187")
def test_unlock_sequence() -> None:
    g = _level2_ready()
    T.put_tile(g, "r3c2", "chili")
    T.unlock(g, 2)
    g.state.cover[2] = COVER_ON  # a cover back on: a chili on level 2 owned by a Tocricoc holder
    T.put_meeple(g, "r3c2", 2, "tocricoc")
    T.set_coins(g, 0, 3)
    ev = T.act(g, "plant chili r3c1")
    assert T.coins(g, 0) == 2 and T.tile(g, "r3c1") is None  # fee first, tile not yet placed
    ev += T.act(g, "partner 1")
    order = [
        e.kind
        for e in ev
        if e.to is None and e.kind in ("unlock_fee", "partner", "unlock_discard", "tocricoc_fee", "plant")
    ]
    assert order[0] == "unlock_fee" and order[1] == "partner"
    assert order.index("unlock_discard") < order.index("tocricoc_fee") < order.index("plant")
    assert T.coins(g, 0) == 0


@pytest.mark.rule("SV-202")
def test_debtor_may_purchase_with_coins_below_the_fee() -> None:
    g = T.blank_game(4)
    T.unlock(g, 3, debtor=0)
    T.set_coins(g, 0, 1)
    T.set_main_catu(g, ["corn", None, None, None, None, None])
    assert "purchase" in T.legal(g)
    T.act(g, "purchase", "buy slot1")
    assert T.coins(g, 0) == 0 and g.state.debts[0] == [3]
    h = T.blank_game(4, options={"DEBT_BLOCKS_PURCHASE": True})
    T.unlock(h, 3, debtor=0)
    T.set_coins(h, 0, 1)
    assert "purchase" not in T.legal(h)
    assert h.explain_illegal("purchase").rule == "SV-202"


@pytest.mark.rule("SV-203")
def test_terrace_worker_does_not_cancel_debt() -> None:
    for cancel in (False, True):
        g = T.blank_game(4, options={"DEBT_CANCELLED_BY_LATER_TERRACE_WORKER": cancel})
        T.set_camayo_catu(g, ["terrace_worker", None, None, None, None])
        T.set_coins(g, 0, 2)
        T.act(g, "purchase")
        T.unlock(g, 3, debtor=0)  # (a debt that arose earlier; coins below the fee are spendable)
        T.act(g, "hire slot1")
        assert (g.state.debts[0] == []) == cancel
        assert g.state.cover[3] == (COVER_OUT if cancel else COVER_DEBT)


@pytest.mark.rule("SV-204", "SV-567")
def test_unpaid_debt_deducted_at_end_floor_zero() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2)
    T.unlock(g, 3, debtor=1)
    T.fill_terrace(g, ["corn", "potato", "beans", "quinoa", "vine"], skip=["r1c1"])
    T.set_coins(g, 1, 0)
    T.set_farmers(g, 1, [1])  # final harvest: $1, then the $2 debt takes it to 0
    ev = T.act(g, "plant chili r1c1")
    assert g.is_over and T.coins(g, 1) == 0
    kinds = T.kinds(ev)
    assert kinds.index("debt_end") > max(i for i, k in enumerate(kinds) if k == "harvest")


@pytest.mark.rule("SV-205")
def test_paid_cover_leaves_play() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2, debtor=0)
    T.set_coins(g, 0, 1)
    T.set_turn(g, 0, pay_debts=True)
    assert g.state.cover[2] == COVER_OUT and g.observation(1)["covers"]["2"] == "out_of_play"


@pytest.mark.rule("SV-183", "SV-180")
def test_unlock_discards_take_lowest_occupied_slots() -> None:
    g = _level2_ready()
    T.set_main_catu(g, [None, None, "potato", "beans", None, "corn"])
    T.set_camayo_catu(g, [None, "herder", None, "rantic", "chasqui"])
    T.act(g, "plant chili r3c1", "partner 1")
    s = g.state
    assert s.main == [-1, -1, -1, D.BEANS, -1, D.CORN] and s.sout == [D.POTATO]
    # herder, rantic, chasqui are the three lowest; herder is Age I anyway
    assert s.cat == [-1] * 5 and sorted(D.CAMAYO_NAMES[k] for k in s.cout) == ["chasqui", "herder", "rantic"]
