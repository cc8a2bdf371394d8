"""Components and setup (PK-001..PK-012, PK-080..PK-099, PK-321, PK-322, PK-900, PK-901)."""

from __future__ import annotations

import pytest

import tawa
from tawa import Rng
from tawa.games.pachakuna.data import CENTRE, COLOURS, DEMANDS_DEFAULT
from tawa.games.pachakuna.rules.demands import is_valid
from tawa.games.pachakuna.testing import demand_id, make_game, side_index, supply_of


@pytest.mark.rule("PK-001", "PK-092")
def test_two_players_white_and_black():
    g = make_game()
    assert g.info.players == (2,)
    with pytest.raises(tawa.BadOption):
        tawa.game_class("pachakuna")(3, 1)
    assert {g.state.colour_of(0), g.state.colour_of(1)} == {0, 1}


@pytest.mark.rule("PK-002", "PK-094", "PK-095", "PK-322")
def test_llamas_at_start():
    g = make_game()
    s = g.state
    for seat in (0, 1):
        assert s.pos[seat * 3] == CENTRE and s.load[seat * 3] == COLOURS.index("white")
        assert s.pos[seat * 3 + 1] == s.pos[seat * 3 + 2] == -1  # waiting off the board
    assert len(s.pos) == 6
    assert "llama2" in " ".join(g.action_space.ids) and "llama3" not in " ".join(g.action_space.ids)


@pytest.mark.rule("PK-003", "PK-004", "PK-096", "PK-097", "PK-091", "PK-006")
def test_resources_and_supplies():
    g = make_game()
    assert supply_of(g, "white") == {}
    assert supply_of(g, "black") == {"brown": 1}
    assert COLOURS == ("white", "red", "orange", "yellow", "green", "blue", "purple")
    # the general supply is unlimited: a player may hold more than the 8 printed pieces of a colour
    g.state.supply[0][1] = 12
    g.check_invariants()


@pytest.mark.rule("PK-008", "PK-009")
def test_demand_list():
    assert len(DEMANDS_DEFAULT) == 42
    assert len(set(DEMANDS_DEFAULT)) == 42 and all(u != lo for u, lo in DEMANDS_DEFAULT)
    g = make_game()
    assert g.tables.demands[0] == (0, 1)  # D00 W/R
    assert demand_id(g, "Y/R") == 19 and demand_id(g, "R/Y") == 8 and demand_id(g, "Y/B") == 22
    assert demand_id(g, "P/B") == 41
    for c in range(7):
        assert sum(1 for u, _ in g.tables.demands if u == c) == 6
        assert sum(1 for _, lo in g.tables.demands if lo == c) == 6


@pytest.mark.rule("PK-085", "PK-086", "PK-087", "PK-088", "PK-098")
@pytest.mark.parametrize("seed", range(8))
def test_setup_demands(seed):
    g = make_game(seed=seed)
    s = g.state
    assert s.discard == [] and s.rocks == []
    on_board = [d for d in s.demand if d >= 0]
    assert len(on_board) == 7
    assert sorted(s.bag + on_board) == list(range(42))
    for v, d in enumerate(s.demand):
        u, lo = g.tables.demands[d]
        assert v not in (u, lo) and 0 not in (u, lo)


@pytest.mark.rule("PK-901", "PK-087", "PK-088")
def test_pk901_setup_validity():
    g = make_game()
    t, p = g.tables, g.params
    red = COLOURS.index("red")
    assert not is_valid(t, p, demand_id(g, "W/B"), red, setup=True)
    assert not is_valid(t, p, demand_id(g, "R/Y"), red, setup=True)
    assert is_valid(t, p, demand_id(g, "Y/B"), red, setup=True)
    assert sum(is_valid(t, p, d, 0, setup=True) for d in range(42)) == 30
    for v in range(1, 7):
        assert sum(is_valid(t, p, d, v, setup=True) for d in range(42)) == 20


@pytest.mark.rule("PK-900", "PK-271")
def test_pk900_red_village_during_play():
    g = make_game()
    t, p = g.tables, g.params
    red = COLOURS.index("red")
    assert not is_valid(t, p, demand_id(g, "R/Y"), red, setup=False)
    assert not is_valid(t, p, demand_id(g, "Y/R"), red, setup=False)
    assert is_valid(t, p, demand_id(g, "Y/B"), red, setup=False)
    assert is_valid(t, p, demand_id(g, "W/B"), red, setup=False)  # white allowed after setup
    for v in range(7):
        assert sum(is_valid(t, p, d, v, setup=False) for d in range(42)) == 30


@pytest.mark.rule("PK-089", "PK-090", "PK-321", "PK-275")
def test_setup_draws_in_refill_order_from_the_game_rng():
    seed = 77
    g = make_game("A", seed=seed)
    rng = Rng(seed)  # layouts A and B use no chance: the RNG is first used by the setup draws
    bag = list(range(42))
    for v in range(7):  # REFILL_ORDER = centre, red, orange, yellow, green, blue, purple
        valid = [d for d in bag if is_valid(g.tables, g.params, d, v, setup=True)]
        d = rng.choice(valid)
        bag.remove(d)
        assert g.state.demand[v] == d
    events = [e for e in g.log if e.kind == "demand"]
    assert [e.data["village"] for e in events] == list(COLOURS)


@pytest.mark.rule("PK-099", "PK-110", "PK-093", "PK-080")
def test_white_starts_and_seat_option():
    g = make_game()
    assert g.current_player == 0 and g.state.white_seat == 0
    g1 = make_game(WHITE_SEAT=1)
    assert g1.current_player == 1 and side_index(g1, "black") == 0
    assert supply_of(g1, "black") == {"brown": 1} and g1.state.supply[0][7] == 1
    seats = {make_game(WHITE_SEAT="random", seed=s).state.white_seat for s in range(12)}
    assert seats == {0, 1}
    with pytest.raises(tawa.BadOption):
        make_game(layout="C")
    assert make_game().params.TURN_CAP is None  # the turn cap is off by default


@pytest.mark.rule("PK-321")
def test_same_seed_same_game():
    a, b = make_game("random", seed=3), make_game("random", seed=3)
    rng = Rng(9)
    for _ in range(60):
        if a.is_over:
            break
        act = rng.choice(a.legal_actions()).id
        a.apply(act)
        b.apply(act)
    assert a.to_json() == b.to_json()
