"""Step 4 — Refill: the bag, the discard pile and reloading (PK-270..PK-281, PK-925)."""

from __future__ import annotations

import pytest

from tawa import Rng
from tawa.games.pachakuna.data import COLOURS
from tawa.games.pachakuna.rules.demands import draw_for, fill_missing, is_valid
from tawa.games.pachakuna.testing import (
    at_step,
    demand_id,
    llama_load,
    make_game,
    put_llama,
    set_demand,
)

RED = COLOURS.index("red")


def empty_red_village(g, bag_ids):
    """The red village has no demand; the bag holds ``bag_ids``; everything else not on a village is
    discarded."""
    s = g.state
    old = s.demand[RED]
    s.demand[RED] = -1
    on_villages = {d for d in s.demand if d >= 0}
    s.bag = sorted(bag_ids)
    s.discard = [d for d in range(42) if d not in on_villages and d not in bag_ids]
    assert old in s.discard or old in s.bag


@pytest.mark.rule("PK-925", "PK-273", "PK-272")
def test_pk925_no_valid_demand_in_the_bag_reshuffles_first():
    g = make_game()
    d09, d31 = demand_id(g, "R/G"), demand_id(g, "B/R")
    for v in range(7):  # keep these two off the villages
        if g.state.demand[v] in (d09, d31):
            g.state.demand[v] = next(
                d
                for d in range(42)
                if d not in g.state.demand and d not in (d09, d31) and is_valid(g.tables, g.params, d, v, setup=False)
            )
    empty_red_village(g, [d09, d31])
    events = draw_for(g.state, g.tables, g.params, g.rng, RED, setup=False)
    assert events[0].kind == "reshuffle"
    assert g.state.discard == []
    got = g.state.demand[RED]
    assert got >= 0 and RED not in g.tables.demands[got]
    assert sorted(g.state.bag + [d for d in g.state.demand if d >= 0]) == list(range(42))
    g.check_invariants()


@pytest.mark.rule("PK-273", "PK-274")
def test_empty_bag_reshuffles_only_when_a_village_draws():
    g = make_game()
    s = g.state
    empty_red_village(g, [])
    s.bag = [s.discard.pop()]  # one demand left in the bag
    d = s.bag[0]
    if not is_valid(g.tables, g.params, d, RED, setup=False):
        pytest.skip("the last demand is not valid for red")  # pragma: no cover
    draw_for(s, g.tables, g.params, g.rng, RED, setup=False)
    assert s.demand[RED] == d and s.bag == [] and s.discard  # on_need: the empty bag waits
    # the next village to draw refills the bag first
    s.discard.append(s.demand[RED])
    s.demand[RED] = -1
    events = draw_for(s, g.tables, g.params, g.rng, RED, setup=False)
    assert events[0].kind == "reshuffle"


@pytest.mark.rule("PK-274")
def test_when_empty_option_reshuffles_at_once():
    g = make_game(RESHUFFLE_TIMING="when_empty")
    s = g.state
    empty_red_village(g, [])
    s.bag = [next(x for x in s.discard if is_valid(g.tables, g.params, x, RED, setup=False))]
    s.discard.remove(s.bag[0])
    events = draw_for(s, g.tables, g.params, g.rng, RED, setup=False)
    assert [e.kind for e in events] == ["demand", "reshuffle"]
    assert s.discard == [] and len(s.bag) == 35


@pytest.mark.rule("PK-276", "PK-090")
def test_draws_are_uniform_over_the_valid_ids_in_ascending_order():
    g = make_game()
    s = g.state
    set_demand(g, "red", None)
    valid = [d for d in s.bag if is_valid(g.tables, g.params, d, RED, setup=False)]
    rng = g.rng.clone()
    expected = valid[rng.below(len(valid))]
    draw_for(s, g.tables, g.params, g.rng, RED, setup=False)
    assert s.demand[RED] == expected
    # over many seeds every valid demand turns up
    seen = set()
    for seed in range(400):
        h = make_game(seed=0)
        set_demand(h, "red", None)
        draw_for(h.state, h.tables, h.params, Rng(seed), RED, setup=False)
        seen.add(h.state.demand[RED])
    assert seen == {
        d
        for d in [*make_game().state.bag, make_game().state.demand[RED]]
        if is_valid(g.tables, g.params, d, RED, setup=False)
    }


@pytest.mark.rule("PK-272", "PK-089")
def test_draw_and_return_option_gives_valid_draws():
    for seed in range(30):
        g = make_game(seed=seed, DEMAND_DRAW="draw_and_return")
        for v, d in enumerate(g.state.demand):
            assert is_valid(g.tables, g.params, d, v, setup=True)
        set_demand(g, "red", None)
        bag = list(g.state.bag)
        draw_for(g.state, g.tables, g.params, g.rng, RED, setup=False)
        d = g.state.demand[RED]
        assert is_valid(g.tables, g.params, d, RED, setup=False)
        assert sorted([*g.state.bag, d]) == bag  # invalid draws went back


@pytest.mark.rule("PK-275", "PK-270")
def test_refill_order():
    g = make_game()
    for village in ("purple", "white", "green"):
        set_demand(g, village, None)
    keep = {v: g.state.demand[v] for v in range(7) if g.state.demand[v] >= 0}
    events = fill_missing(g.state, g.tables, g.params, g.rng, setup=False)
    assert [e.data["village"] for e in events if e.kind == "demand"] == ["white", "green", "purple"]
    assert all(g.state.demand[v] == d for v, d in keep.items())  # villages that did not sell keep theirs


@pytest.mark.rule("PK-277", "PK-278", "PK-279")
def test_reload_only_llamas_that_sold_or_were_bought():
    g = make_game()
    put_llama(g, "white", 0, (0, 4), "red")  # orange village
    put_llama(g, "white", 1, (4, 0), "blue")  # red village, will not sell
    set_demand(g, "orange", "R/Y")
    set_demand(g, "red", "Y/B")
    at_step(g, "trade")
    g.apply("sell llama0")
    g.apply("end trade")
    assert llama_load(g, "white", 0) == "orange"
    assert llama_load(g, "white", 1) == "blue"
    assert all(d >= 0 for d in g.state.demand)
    assert all(g.state.load[k] >= 0 for k in range(6) if g.state.pos[k] >= 0)


@pytest.mark.rule("PK-279", "PK-280")
def test_conservation_along_random_games():
    for seed in range(6):
        g = make_game("random", seed=seed, TURN_CAP=60)
        rng = Rng(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            g.check_invariants()  # PK-280 each demand once; PK-279 at every turn start
            s = g.state
            if s.step == 0 and not s.rotated:
                assert all(d >= 0 for d in s.demand)
                assert all(s.load[k] >= 0 for k in range(6) if s.pos[k] >= 0)


@pytest.mark.rule("PK-281")
def test_refill_never_fails():
    g = make_game()
    rng = Rng(1)
    for _ in range(200):
        others = list(range(42))
        rng.shuffle(others)
        for v in range(7):
            on_others = set(others[:6])  # any demands on the 6 other villages
            n = sum(1 for d in range(42) if d not in on_others and is_valid(g.tables, g.params, d, v, False))
            assert n >= 24
