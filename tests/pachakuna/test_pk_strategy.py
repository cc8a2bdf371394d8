"""The P'achakuna planning evaluator (src/tawa/games/pachakuna/strategy.py): distances count, sales and
pending payments are valued consistently, values stay in [-1, 1], and nothing hidden is read."""

from __future__ import annotations

import tawa
from tawa.bots.heuristics import evaluator_for
from tawa.core.rng import Rng
from tawa.games.pachakuna import strategy as H
from tawa.games.pachakuna.testing import (
    at_step,
    fill_board,
    make_game,
    put_llama,
    set_demand,
    set_supply,
    set_tile,
    side_index,
)
from tawa.lab.playout import automated_options

ALL_BUT_RED = {"white": 1, "orange": 1, "yellow": 1, "green": 1, "blue": 1, "purple": 1}


def _only_centre_buys_red(g) -> None:  # type: ignore[no-untyped-def]
    set_demand(g, "white", "R/G")
    for village, flags in (
        ("red", "O/P"),
        ("orange", "Y/B"),
        ("yellow", "O/B"),
        ("green", "O/Y"),
        ("blue", "O/G"),
        ("purple", "Y/G"),
    ):
        set_demand(g, village, flags)


def _open_board():  # type: ignore[no-untyped-def]
    """Every tile F2 (valley on sides 2-5): White llamas roam widely; a fixed, known board."""
    g = make_game("A")
    fill_board(g, "F", 2)
    return g


def test_value_in_range_and_symmetric_sign_on_real_games() -> None:
    evaluate = evaluator_for("pachakuna")
    for seed in range(3):
        g = tawa.new_game("pachakuna", 2, seed, automated_options("pachakuna", None))
        rng = Rng(seed)
        for _ in range(120):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
            v0, v1 = evaluate(g, 0), evaluate(g, 1)
            assert -1.0 <= v0 <= 1.0 and -1.0 <= v1 <= 1.0
            assert abs(v0 + v1) < 1e-9  # own progress minus the opponent's: zero-sum


def test_nearer_llama_with_missing_colour_values_higher() -> None:
    """White lacks red and carries it: standing on a village that buys red beats being far from one."""
    g = _open_board()
    w = side_index(g, "white")
    set_supply(g, "white", ALL_BUT_RED)
    set_demand(g, "white", "R/G")  # the centre buys red (upper flag)
    put_llama(g, "black", 0, (4, -4), "white")
    put_llama(g, "white", 0, (0, 0), "red")
    at_step(g, "rotate", "black")
    on_village = H.progress(g, w)
    put_llama(g, "white", 0, (-4, 0), "red")  # green village: the centre is a route away
    far = H.progress(g, w)
    assert on_village > far
    assert on_village - H.LLAMA < 7.0  # not yet a win (white has one llama on the board, worth LLAMA)


def test_rotation_that_opens_a_route_values_higher() -> None:
    """One tile turned to face the llama's path lowers the route level, and the evaluator sees it."""
    g = make_game("A")
    w = side_index(g, "white")
    set_supply(g, "white", ALL_BUT_RED)
    _only_centre_buys_red(g)
    set_tile(g, (0, 1), "F", 4)  # mountain on sides 4,5: side 2, facing the centre, is valley
    put_llama(g, "white", 0, (0, 1), "red")
    put_llama(g, "black", 0, (4, -4), "white")
    at_step(g, "rotate", "white")
    open_now = H.progress(g, w)
    set_tile(g, (0, 1), "F", 2)  # mountain on sides 2,3: the side facing the centre is closed
    put_llama(g, "white", 0, (0, 1), "red")
    closed = H.progress(g, w)
    assert open_now > closed


def test_selling_a_missing_colour_is_a_gain() -> None:
    g = _open_board()
    w = side_index(g, "white")
    set_supply(g, "white", ALL_BUT_RED | {"white": 2})
    set_demand(g, "white", "R/G")
    put_llama(g, "white", 0, (0, 0), "red")
    put_llama(g, "black", 0, (4, -4), "white")
    at_step(g, "trade", "white")
    before = evaluator_for("pachakuna")(g, w)
    g.apply("sell llama0")
    assert g.is_over and g.winners() == [w]  # PK-300/303: the seventh colour wins at once
    assert evaluator_for("pachakuna")(g, w) == 1.0 > before


def test_fetching_then_selling_for_nothing_is_not_a_loss() -> None:
    """A llama on the village of a missing colour gains by selling there even for nothing (PK-209, PK-277):
    it is then loaded with that colour, which the evaluator values above merely standing there."""
    g = _open_board()
    w = side_index(g, "white")
    set_supply(g, "white", {"white": 1})
    put_llama(g, "white", 0, (-4, 0), "white")  # green village
    set_demand(g, "green", "R/Y")  # white on neither flag: a sale for nothing
    put_llama(g, "black", 0, (4, -4), "white")
    at_step(g, "trade", "white")
    before = H.progress(g, w)
    g.apply("sell llama0")
    assert H.progress(g, w) > before


def test_pending_paid_rotation_is_valued_as_applied() -> None:
    """While a paid rotation is being paid for, the evaluator sees the new orientation and the cost."""
    g = make_game("A")
    w = side_index(g, "white")
    set_supply(g, "white", ALL_BUT_RED | {"blue": 3})
    put_llama(g, "white", 0, (0, 0), "red")
    put_llama(g, "black", 0, (4, -4), "white")
    at_step(g, "rotate", "white")
    g.apply("rotate 2,-2 o0")  # free
    base = H.progress(g, w)
    s = g.state
    g.apply("rotate 3,-3 o0")  # paid: now collecting 2 pieces
    assert s.paying and s.orient[s.pay_cell] != s.pay_orient
    pending = H.progress(g, w)
    g.apply("pay blue")
    g.apply("pay blue")
    assert not s.paying
    assert abs(H.progress(g, w) - pending) < 1e-9  # paying changes nothing the evaluator had not counted
    assert pending < base + 1e-9  # two pieces owed, and this rotation opens nothing for the llama


def test_hidden_bag_order_is_not_read() -> None:
    """Two determinizations (different future draws) of the same position evaluate the same (PK-341/345)."""
    g = tawa.new_game("pachakuna", 2, 5, automated_options("pachakuna", None))
    rng = Rng(5)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    evaluate = evaluator_for("pachakuna")
    for seat in (0, 1):
        values = {round(evaluate(g.determinize(seat, k), seat), 12) for k in range(4)}
        assert len(values) == 1


# Route costs recorded from the first (edge-list) implementation of the route search, on random-play
# positions: (seed, actions played, terrain) -> the village-to-village cost rows (village colours 0-6) | the
# route levels of every llama on the board. The bit-mask search must give exactly these.
RECORDED_ROUTES = {
    (0, 100, 0): "0312122 3024431 1202342 2420244 1432023 2344202 2124320 | 15332341424344",
    (0, 100, 1): "0132213 1023422 3203444 2330335 2443024 1243202 3245420 | 23543131343335",
    (0, 200, 0): "0322322 3034543 2301443 2410444 3544014 2444103 2334430 | 04334334631666",
    (0, 300, 1): "0132111 1034332 3304555 2440233 1352022 1353202 1253220 | 02432224661455",
    (1, 200, 0): "0212220 2012442 1101331 2210242 2432033 2434302 0212320 | 22124421323431",
    (1, 300, 1): "0121212 1023432 2202444 1320334 2443034 1343302 2244420 | 12434332034543",
    (2, 100, 1): "0021123 0022223 2203445 1230234 1242034 2243301 3354410 | 01322341033334",
    (2, 300, 0): "0201222 2023442 0201233 1310344 2423024 2434202 2234420 | 13123441312344",
}


def test_route_costs_match_the_recorded_search() -> None:
    for seed in range(3):
        g = tawa.new_game("pachakuna", 2, seed, automated_options("pachakuna", None))
        rng = Rng(seed)
        for played in range(1, 301):
            g.apply(rng.choice(g.legal_actions()))
            for terrain in (0, 1):
                want = RECORDED_ROUTES.get((seed, played, terrain))
                if want is None:
                    continue
                s, st = g.state, H._static(g)
                graph = H._graph(g, st, terrain, s.orient, s.pos, s.active)
                rows = [graph.costs(graph.n_comp + v) for v in range(H.COLOURS)]
                # a route is node-weighted (rotated tiles entered, villages gone on from): the same both ways
                assert all(rows[v][w] == rows[w][v] for v in range(7) for w in range(7))
                levels = "".join(
                    str(x)
                    for k in range(6)
                    if s.pos[k] >= 0
                    for x in graph.llama_levels(s.pos[k], st.village_at[s.pos[k]])
                )
                assert " ".join("".join(map(str, r)) for r in rows) + " | " + levels == want


def test_a_llama_is_worth_buying_even_with_colours_held() -> None:
    """``LLAMA``: early on a second llama is worth more than the 2 colours its 4 pieces may cost (PK-230/231):
    greedy bought such llamas and won, and a search that scores the completed purchase must see the gain."""
    g = _open_board()
    w = side_index(g, "white")
    set_supply(g, "white", {"white": 2, "orange": 2})
    put_llama(g, "white", 0, (0, 0), "red")
    put_llama(g, "black", 0, (4, -4), "white")
    at_step(g, "trade", "white")
    before = H.progress(g, w)
    g.apply("buy at white")
    for colour in ("white", "white", "orange", "orange"):  # every piece, both colours held lost
        g.apply(f"pay {colour}")
    after = H.progress(g, w)
    assert sum(1 for k in range(3) if g.state.pos[w * 3 + k] >= 0) == 2
    assert after - before > 0.0
    assert after - before < H.LLAMA  # the colours lost still count against it
