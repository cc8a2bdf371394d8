"""Step 3 — Trade: selling and buying (PK-180..PK-255, PK-902..PK-906, PK-911..PK-913)."""

from __future__ import annotations

import pytest

from tawa import IllegalAction
from tawa.games.pachakuna import rules
from tawa.games.pachakuna.data import COLOURS
from tawa.games.pachakuna.state import Moved, Phase
from tawa.games.pachakuna.testing import (
    at_step,
    demand_id,
    ids,
    llama_cell,
    llama_load,
    make_game,
    put_llama,
    set_demand,
    set_supply,
    side_index,
    supply_of,
)

TRADE, MOVED = Phase.TRADE, Moved.MOVED

BLUE_V, ORANGE_V, GREEN_V, RED_V = (0, -4), (0, 4), (-4, 0), (4, 0)


def black_at_blue(load: str, **options):
    """PK-902..PK-905: a Black llama carrying ``load`` has entered the blue village showing Y/R."""
    g = make_game(**options)
    put_llama(g, "black", 0, BLUE_V, load)
    set_demand(g, "blue", "Y/R")
    g.state.moved[side_index(g, "black") * 3] = MOVED
    return g


@pytest.mark.rule("PK-902", "PK-202", "PK-206", "PK-270", "PK-277", "PK-205")
def test_pk902_upper_flag_pays_two():
    g = black_at_blue("yellow")
    at_step(g, "trade", "black")
    assert ids(g) == ["sell llama0", "end trade"]
    events = g.apply("sell llama0")
    assert supply_of(g, "black") == {"yellow": 2, "brown": 1}
    d19 = demand_id(g, "Y/R")
    assert d19 in g.state.discard and d19 not in g.state.bag
    blue = COLOURS.index("blue")
    new = g.state.demand[blue]
    assert new >= 0 and new != d19 and blue not in g.tables.demands[new]  # a new valid demand
    assert llama_load(g, "black", 0) == "blue"
    kinds = [e.kind for e in events]
    assert kinds.index("sell") < kinds.index("demand") < kinds.index("reload")
    assert g.current_player == side_index(g, "white")


@pytest.mark.rule("PK-903", "PK-203")
def test_pk903_lower_flag_pays_one():
    g = black_at_blue("red")
    at_step(g, "trade", "black")
    g.apply("sell llama0")
    assert supply_of(g, "black") == {"red": 1, "brown": 1}


@pytest.mark.rule("PK-904", "PK-204", "PK-209", "PK-205")
def test_pk904_selling_for_nothing():
    g = black_at_blue("green")
    at_step(g, "trade", "black")
    assert "sell llama0" in ids(g)
    g.apply("sell llama0")
    assert supply_of(g, "black") == {"brown": 1}
    assert demand_id(g, "Y/R") in g.state.discard
    assert llama_load(g, "black", 0) == "blue"


@pytest.mark.rule("PK-905", "PK-200", "PK-210", "PK-211")
def test_pk905_own_colour_cannot_sell_but_can_buy():
    g = black_at_blue("blue")
    set_supply(g, "black", {"red": 3, "brown": 1})
    at_step(g, "trade", "black")
    assert ids(g) == ["buy at blue", "end trade"]
    assert g.explain_illegal("sell llama0").rule == "PK-200"
    g.apply("buy at blue")
    for p in ("brown", "red", "red", "red"):
        g.apply(f"pay {p}")
    assert llama_cell(g, "black", 1) == BLUE_V


@pytest.mark.rule("PK-906", "PK-207", "PK-277", "PK-278", "PK-208")
def test_pk906_one_sale_per_village():
    g = make_game()
    put_llama(g, "white", 0, ORANGE_V, "red")
    put_llama(g, "white", 1, ORANGE_V, "yellow")
    set_demand(g, "orange", "R/Y")
    at_step(g, "trade")
    assert ids(g) == ["sell llama0", "sell llama1", "end trade"]
    g.apply("sell llama0")
    assert supply_of(g, "white") == {"red": 2}
    assert demand_id(g, "R/Y") in g.state.discard
    # llama1 could not sell any more: the trade step ended by itself, and at refill only llama0 got orange
    assert llama_load(g, "white", 0) == "orange"
    assert llama_load(g, "white", 1) == "yellow"


@pytest.mark.rule("PK-207", "PK-201")
def test_no_second_sale_even_for_nothing():
    g = make_game()
    put_llama(g, "white", 0, ORANGE_V, "red")
    put_llama(g, "white", 1, ORANGE_V, "green")
    set_demand(g, "orange", "R/Y")
    set_supply(g, "white", {"blue": 4})  # keeps the trade step open after the sale
    at_step(g, "trade")
    g.apply("sell llama0")
    assert "sell llama1" not in ids(g)
    assert g.explain_illegal("sell llama1").rule == "PK-207"
    assert g.explain_illegal("sell llama0").rule == "PK-205"  # it carries nothing until the refill


@pytest.mark.rule("PK-180", "PK-182")
def test_trade_at_each_village_with_an_own_llama():
    g = make_game()
    put_llama(g, "white", 0, ORANGE_V, "red")
    put_llama(g, "white", 1, BLUE_V, "yellow")
    put_llama(g, "white", 2, (1, 0), "green")  # on a tile
    at_step(g, "trade")
    assert ids(g) == ["sell llama0", "sell llama1", "end trade"]
    g.apply("sell llama0")
    g.apply("sell llama1")
    assert g.current_player == side_index(g, "black")  # nothing left: the turn passed
    assert (llama_load(g, "white", 0), llama_load(g, "white", 1)) == ("orange", "blue")
    assert llama_load(g, "white", 2) == "green"


@pytest.mark.rule("PK-184")
def test_llamas_on_tiles_neither_sell_nor_buy():
    g = make_game()
    put_llama(g, "white", 0, (1, 0), "red")
    put_llama(g, "white", 1, (2, 0), "red")
    set_supply(g, "white", {"red": 8})
    s = g.state
    at_step(g, "trade")  # nothing possible: the step ends by itself
    assert s.active == side_index(g, "black")
    k = side_index(g, "white") * 3
    assert not rules.can_sell(s, g.tables, g.params, k)
    s.active, s.step = side_index(g, "white"), TRADE
    assert rules.buy_villages(s, g.tables, g.params) == []
    assert g.explain_illegal("sell llama0").rule == "PK-184"


@pytest.mark.rule("PK-181")
def test_stayed_llama_trades_option():
    for flag, expected in ((True, True), (False, False)):
        g = make_game(STAYED_LLAMA_TRADES=flag)
        put_llama(g, "white", 0, ORANGE_V, "red")
        at_step(g, "move")
        g.apply("stay llama0")
        assert (g.current_player == side_index(g, "white") and "sell llama0" in ids(g)) == expected


@pytest.mark.rule("PK-183", "PK-230", "PK-231", "PK-233", "PK-236", "PK-237")
def test_sale_pays_for_a_purchase_in_the_same_step():
    g = make_game()
    put_llama(g, "white", 0, ORANGE_V, "red")
    set_demand(g, "orange", "R/Y")
    set_supply(g, "white", {"blue": 2})
    at_step(g, "trade")
    assert "buy at orange" not in ids(g)  # 2 pieces: not enough
    g.apply("sell llama0")  # +2 red
    assert ids(g) == ["buy at orange", "end trade"]
    g.apply("buy at orange")
    assert sorted(ids(g)) == ["pay blue", "pay red"]
    for p in ("red", "blue", "red", "blue"):  # repeats allowed
        g.apply(f"pay {p}")
    assert supply_of(g, "white") == {}
    assert llama_cell(g, "white", 1) == ORANGE_V
    assert llama_load(g, "white", 1) == "orange"  # loaded at refill, having never sold


@pytest.mark.rule("PK-183")
def test_sells_first_option():
    for order, sale_after_buy in (("free", True), ("sells_first", False)):
        g = make_game(TRADE_ORDER=order)
        put_llama(g, "white", 0, ORANGE_V, "red")
        put_llama(g, "white", 1, BLUE_V, "red")
        set_demand(g, "blue", "Y/R")
        set_supply(g, "white", {"green": 4})
        at_step(g, "trade")
        g.apply("buy at orange")
        for _ in range(4):
            g.apply("pay green")
        assert ("sell llama1" in ids(g)) == sale_after_buy
        if not sale_after_buy:  # nothing left to do: the step ended without the sale
            assert llama_load(g, "white", 1) == "red"
            assert g.state.demand[COLOURS.index("blue")] == demand_id(g, "Y/R")


@pytest.mark.rule("PK-911", "PK-231", "PK-233", "PK-236", "PK-255", "PK-253", "PK-254")
def test_pk911_buying_at_the_green_village():
    g = make_game()
    put_llama(g, "white", 0, GREEN_V, "green")  # cannot sell green here
    set_supply(g, "white", {"red": 2, "blue": 1, "yellow": 1, "white": 1})
    at_step(g, "trade")
    assert ids(g) == ["buy at green", "end trade"]
    g.apply("buy at green")
    assert sorted(ids(g)) == ["pay blue", "pay red", "pay white", "pay yellow"]
    g.apply("pay red")
    g.apply("pay red")
    assert "pay red" not in ids(g)  # no piece not held
    g.apply("pay blue")
    events = g.apply("pay yellow")
    buy = next(e for e in events if e.kind == "buy")
    assert buy.data["village"] == "green"
    assert supply_of(g, "white") == {"white": 1}
    assert llama_cell(g, "white", 1) == GREEN_V
    assert llama_load(g, "white", 1) == "green"  # arrived empty, loaded with green at refill
    assert llama_load(g, "white", 0) == "green"  # did not sell: unchanged


@pytest.mark.rule("PK-912", "PK-232", "PK-239")
def test_pk912_no_fourth_llama():
    g = make_game()
    for slot in range(3):
        put_llama(g, "white", slot, GREEN_V, "green")
    set_supply(g, "white", {"red": 20})
    at_step(g, "trade")
    assert g.current_player == side_index(g, "black")  # nothing to do: turn over
    g.state.active, g.state.step = side_index(g, "white"), TRADE
    g._legal_cache = None
    assert not any(i.startswith("buy") for i in ids(g))
    assert g.explain_illegal("buy at green").rule == "PK-232"
    assert g.state.owned(side_index(g, "white")) == 3


@pytest.mark.rule("PK-913", "PK-200")
def test_pk913_first_turn_no_trade():
    g = make_game()
    s = g.state
    k = side_index(g, "white") * 3
    s.step = TRADE  # White's llama rests on the White village loaded with white, supply empty
    assert not rules.can_sell(s, g.tables, g.params, k)
    assert rules.buy_villages(s, g.tables, g.params) == []
    assert g.explain_illegal("sell llama0").rule == "PK-200"
    assert ids(g) == ["end trade"]
    g = make_game()
    g.apply("end rotate")
    events = g.apply("stay llama0")
    assert not any(e.kind in ("sell", "buy") for e in events)
    assert g.current_player == side_index(g, "black")  # the trade step had nothing: the turn passed
    assert supply_of(g, "white") == {} and llama_load(g, "white", 0) == "white"


@pytest.mark.rule("PK-234", "PK-235")
def test_several_purchases_and_no_demand_needed():
    g = make_game()
    put_llama(g, "white", 0, ORANGE_V, "red")
    put_llama(g, "white", 1, None)
    put_llama(g, "white", 2, None)
    set_demand(g, "orange", "R/Y")
    set_supply(g, "white", {"blue": 8})
    at_step(g, "trade")
    g.apply("sell llama0")  # the village's demand is gone
    assert g.state.demand[COLOURS.index("orange")] == -1
    g.apply("buy at orange")  # a purchase needs no demand
    for _ in range(4):
        g.apply("pay blue")
    g.apply("buy at orange")
    for _ in range(4):
        g.apply("pay blue")
    assert g.state.owned(side_index(g, "white")) == 3
    # the alternative: one purchase per turn
    h = make_game(MULTI_BUY=False)
    put_llama(h, "white", 0, GREEN_V, "green")
    set_supply(h, "white", {"blue": 8})
    at_step(h, "trade")
    h.apply("buy at green")
    for _ in range(4):
        h.apply("pay blue")
    assert h.current_player == side_index(h, "black")  # no second purchase: the step ended
    assert h.state.owned(side_index(h, "white")) == 2


@pytest.mark.rule("PK-233")
def test_choice_of_village_for_a_purchase():
    g = make_game()
    put_llama(g, "white", 0, ORANGE_V, "orange")
    put_llama(g, "white", 1, BLUE_V, "blue")
    set_supply(g, "white", {"blue": 4})
    at_step(g, "trade")
    assert ids(g) == ["buy at orange", "buy at blue", "end trade"]
    assert g.explain_illegal("buy at red").rule == "PK-233"
    g.apply("buy at blue")
    for _ in range(4):
        g.apply("pay blue")
    assert llama_cell(g, "white", 2) == BLUE_V


@pytest.mark.rule("PK-185")
def test_opponent_llama_enables_nothing():
    g = make_game()
    put_llama(g, "black", 0, ORANGE_V, "red")
    put_llama(g, "white", 0, (1, 0), "red")
    set_supply(g, "white", {"blue": 4})
    at_step(g, "trade")
    assert g.current_player == side_index(g, "black")  # White had no trade at all


@pytest.mark.rule("PK-250", "PK-251", "PK-252")
def test_personal_supply_and_cutouts():
    g = make_game()
    set_supply(g, "white", {"red": 3, "blue": 1})
    put_llama(g, "white", 0, (1, 0), "purple")
    text = g.render(0)
    assert "[_ R _ _ _ B _]" in text  # filled iff at least one piece; extra pieces still in the supply
    assert "red 3" in text
    assert g.state.supply[0][COLOURS.index("purple")] == 0  # the carried piece is not in the supply
    assert len(g.state.supply[0]) == 8  # 7 colours + brown


@pytest.mark.rule("PK-212", "PK-005")
def test_brown_is_never_carried_or_created():
    g = make_game(seed=4)
    from tawa import Rng

    rng = Rng(4)
    for _ in range(400):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        assert all(x != 7 for x in g.state.load)
        assert sum(g.state.supply[p][7] for p in (0, 1)) <= 1


@pytest.mark.rule("PK-254")
def test_cannot_pay_unheld_pieces():
    g = make_game()
    put_llama(g, "white", 0, GREEN_V, "green")
    set_supply(g, "white", {"red": 3})
    at_step(g, "trade")
    assert g.current_player == side_index(g, "black")  # 3 pieces cannot buy: nothing to trade
    with pytest.raises(IllegalAction):
        g.apply("buy at green")
    h = make_game()
    put_llama(h, "white", 0, GREEN_V, "green")
    set_supply(h, "white", {"red": 1, "blue": 3})
    at_step(h, "trade")
    h.apply("buy at green")
    h.apply("pay red")
    before = h.to_json()
    with pytest.raises(IllegalAction) as err:
        h.apply("pay red")  # the only red is spent
    assert err.value.rule == "PK-254" and h.to_json() == before
    assert all(x >= 0 for x in h.state.supply[side_index(h, "white")])
