"""Why an action is refused (illegal.py, PK-324): each refusal names the rule the generator itself checks, and the
explanation finds nothing exactly when the action is legal, under every rule variant."""

from __future__ import annotations

import pytest

from tawa import IllegalAction, Rng
from tawa.games.pachakuna.data import INDEX
from tawa.games.pachakuna.state import Moved, Phase
from tawa.games.pachakuna.testing import (
    at_step,
    ids,
    make_game,
    put_llama,
    set_demand,
    set_supply,
)
from tawa.lab.playout import random_action

X = (3, -3)  # a tile far from the centre


def rule(g, action_id: str) -> str | None:
    found = g._explain(action_id)
    return None if found is None else found.rule


@pytest.mark.rule("PK-324", "PK-183")
def test_the_issue_15_case_a_malformed_sale_is_not_blamed_on_the_trade_order():
    """2 players, seed 11, five progress-biased steps with Rng(11): 'sell llama0' is legal, 'sell llama0 ' (a trailing
    space) is no action at all, and TRADE_ORDER (free) has nothing to do with either."""
    g = make_game(seed=11)
    rng = Rng(11)
    for _ in range(5):
        g.apply(random_action(g, rng, biased=True))
    assert "sell llama0" in ids(g) and g.params.TRADE_ORDER == "free"
    assert g._explain("sell llama0") is None
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply("sell llama0 ")
    assert err.value.rule == "PK-324" and "TRADE_ORDER" not in str(err.value)
    assert g.to_json() == before


@pytest.mark.rule("PK-144", "PK-030", "PK-040", "PK-047", "PK-112", "PK-324")
def test_rotation_refusals_outside_the_rules_of_a_tile():
    g = make_game()
    assert rule(g, "rotate 9,9 o1") == "PK-030"
    assert rule(g, "rotate 0,0 o1") == "PK-040"
    assert rule(g, "rotate 3,-3 o6") == "PK-047"
    assert rule(g, "rotate 3,-3 4") == "PK-047"
    assert rule(g, "rotate +3,-3 o1") == "PK-324"  # names the cell, but not as the game writes it
    assert rule(g, "end trade") == "PK-112"
    assert rule(g, "sell llama0") == "PK-112"
    assert rule(g, "buy at red") == "PK-112"
    assert rule(g, "move llama0 1,0") == "PK-112"
    at_step(g, "move")
    assert rule(g, "rotate 3,-3 o1") == "PK-144"
    assert rule(g, "end rotate") == "PK-112"


@pytest.mark.rule("PK-007", "PK-132", "PK-137", "PK-131", "PK-230")
def test_paid_rotation_refusals():
    g = make_game(MAX_ROTATIONS=2, PAID_ZERO_ROTATION=False)
    set_supply(g, "white", {"red": 6})
    g.apply("rotate 3,-3 o4")  # the free one
    keep = g.state.orient[INDEX[(-3, 3)]]
    assert rule(g, f"rotate -3,3 o{(keep + 1) % 6}") is None
    assert rule(g, f"rotate -3,3 o{keep}") == "PK-137"  # PAID_ZERO_ROTATION=false
    g.apply(f"rotate -3,3 o{(keep + 1) % 6}")
    assert rule(g, "end rotate") == "PK-132" and rule(g, "rotate 2,2 o1") == "PK-132"  # pay first
    g.apply("pay red")
    assert rule(g, "pay red") is None and rule(g, "pay blue") == "PK-254"
    # MAX_ROTATIONS=2 reached: a third rotation is refused by PK-007 (the game ends the step by itself)
    g.apply("pay red")
    g.state.step = Phase.ROTATE_PAID
    g.invalidate_cache()
    assert rule(g, "rotate 2,2 o1") == "PK-007"
    h = make_game(FREE_ZERO_ROTATION=False)
    keep = h.state.orient[INDEX[X]]
    assert rule(h, f"rotate 3,-3 o{keep}") == "PK-131"
    assert rule(h, f"rotate 3,-3 o{(keep + 1) % 6}") is None


@pytest.mark.rule("PK-132", "PK-254")
def test_a_paid_rotation_needs_two_pieces():
    g = make_game()
    g.state.step, g.state.rotated = Phase.ROTATE_PAID, [INDEX[X]]
    set_supply(g, "white", {"red": 1})
    assert rule(g, "rotate -3,3 o1") == "PK-132"
    set_supply(g, "white", {"red": 2})
    assert rule(g, "rotate -3,3 o1") is None
    g.apply("rotate -3,3 o1")
    assert rule(g, "pay green") == "PK-254"  # not held
    assert rule(g, "pay red") is None
    assert rule(g, "pay nothing") == "PK-324"


@pytest.mark.rule("PK-135", "PK-138", "PK-139")
def test_tile_refusals():
    g = make_game()
    set_supply(g, "white", {"red": 4})
    put_llama(g, "black", 0, (2, 0), "red")
    assert rule(g, "rotate 2,0 o1") == "PK-138"
    g.apply("rotate 3,-3 o4")
    assert rule(g, "rotate 3,-3 o5") == "PK-135"
    g.apply("end rotate")
    h = make_game()
    h.state.rocks = [INDEX[X]]
    h.invalidate_cache()
    assert rule(h, "rotate 3,-3 o1") == "PK-139"


@pytest.mark.rule("PK-160", "PK-161", "PK-162", "PK-168")
def test_move_refusals():
    g = make_game()
    put_llama(g, "white", 0, (1, 0), "red")
    put_llama(g, "white", 1, (0, 0), "red")
    at_step(g, "move")
    assert rule(g, "move llama1 1,0") == "PK-160"  # llama0 moves first
    assert rule(g, "stay llama0") == "PK-162"  # on a tile, with somewhere to go
    assert rule(g, "move llama0 4,4") == "PK-161"
    assert rule(g, "move llama7 1,0") == "PK-324"
    legal = [a for a in ids(g) if a.startswith("move")]
    assert legal and all(rule(g, a) is None for a in legal)


@pytest.mark.rule("PK-095", "PK-184", "PK-205", "PK-200", "PK-207", "PK-181", "PK-183")
def test_sale_refusals():
    g = make_game()
    put_llama(g, "white", 0, (-4, 0), "red")
    put_llama(g, "white", 1, (1, 0), "red")
    set_demand(g, "green", "R/Y")
    at_step(g, "trade")
    assert rule(g, "sell llama2") == "PK-095"
    assert rule(g, "sell llama1") == "PK-184"
    assert rule(g, "sell llama0") is None
    h = make_game()
    put_llama(h, "white", 0, (-4, 0), "green")
    put_llama(h, "white", 1, (-4, 0), "red")
    at_step(h, "trade")
    assert rule(h, "sell llama0") == "PK-200"  # green at the green village
    s = make_game(STAYED_LLAMA_TRADES=False)
    put_llama(s, "white", 0, (-4, 0), "red")  # stayed on its village
    moved = put_llama(s, "white", 1, (0, 4), "red")
    s.state.step, s.state.move_slot = Phase.TRADE, 3
    s.state.moved[moved] = Moved.MOVED
    assert rule(s, "sell llama0") == "PK-181" and rule(s, "sell llama1") is None
    t = make_game(TRADE_ORDER="sells_first")
    put_llama(t, "white", 0, (-4, 0), "red")
    set_supply(t, "white", {"blue": 8})
    at_step(t, "trade")
    assert rule(t, "sell llama0") is None
    t.apply("buy at green")
    for _ in range(4):
        t.apply("pay blue")
    assert "buy at green" in ids(t)  # still trading: a second llama can be bought
    assert rule(t, "sell llama0") == "PK-183"
    u = make_game()
    put_llama(u, "white", 0, (-4, 0), "red")
    put_llama(u, "white", 1, (-4, 0), "yellow")
    set_demand(u, "green", "R/Y")
    set_supply(u, "white", {"blue": 4})  # a purchase stays possible: the trade step goes on after the sale
    at_step(u, "trade")
    u.apply("sell llama0")
    assert rule(u, "sell llama0") == "PK-205"  # it carries nothing until the refill
    assert rule(u, "sell llama1") == "PK-207"  # the village had its sale


@pytest.mark.rule("PK-232", "PK-254", "PK-234", "PK-233", "PK-230", "PK-237")
def test_purchase_refusals():
    g = make_game()
    put_llama(g, "white", 0, (-4, 0), "red")
    at_step(g, "trade")
    assert rule(g, "buy at green") == "PK-254"  # no pieces
    set_supply(g, "white", {"red": 9})
    g.invalidate_cache()
    assert rule(g, "buy at red") == "PK-233"  # no llama of White there
    assert rule(g, "buy at green") is None
    assert rule(g, "buy at brown") == "PK-324"
    g.apply("buy at green")
    assert rule(g, "end trade") == "PK-230"  # paying first
    for _ in range(4):
        g.apply("pay red")
    assert rule(g, "sell llama1") == "PK-237"
    m = make_game(MULTI_BUY=False)
    put_llama(m, "white", 0, (-4, 0), "red")
    set_supply(m, "white", {"red": 9})
    at_step(m, "trade")
    m.apply("buy at green")
    for _ in range(4):
        m.apply("pay red")
    assert rule(m, "buy at green") == "PK-234"
    full = make_game()
    for slot in range(3):
        put_llama(full, "white", slot, (-4, 0), "red")
    set_supply(full, "white", {"red": 9})
    at_step(full, "trade")
    assert rule(full, "buy at green") == "PK-232"


@pytest.mark.rule("PK-306", "PK-324")
def test_nothing_after_the_end_and_nothing_to_pay():
    g = make_game()
    assert rule(g, "pay red") == "PK-324"
    assert rule(g, "") == "PK-324" and rule(g, "fly away") == "PK-324"
    g.state.step, g.state.winner = Phase.OVER, 0
    g.invalidate_cache()
    assert rule(g, "end rotate") == "PK-306"


VARIANTS = [
    {},
    {"TRADE_ORDER": "sells_first", "MULTI_BUY": False},
    {"STAYED_LLAMA_TRADES": False},
    {"MAX_ROTATIONS": 2, "PAID_ZERO_ROTATION": False, "FREE_ZERO_ROTATION": False},
    {"layout": "random"},
]


@pytest.mark.rule("PK-324")
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_explanations_agree_with_the_generator_under_each_variant(variant):
    """Along seeded progress-biased games (payments included), for every id of the action space and a few that are
    not ids: nothing is found against an id exactly when it is legal, and every refusal names a PK rule."""
    g = make_game(seed=20 + variant, TURN_CAP=60, **VARIANTS[variant])
    rng = Rng(20 + variant)
    space = [*g.action_space.ids, "sell llama0 ", "rotate 1,0 o7", "move llama0", "pay"]
    step = 0
    while not g.is_over:
        if step % 9 == 0 or g.state.paying:
            legal = {a.id for a in g.legal_actions()}
            for aid in space:
                found = g._explain(aid)
                assert (found is None) == (aid in legal), (aid, found)
                assert found is None or (found.rule or "").startswith("PK-")
        g.apply(random_action(g, rng, biased=True))
        step += 1
