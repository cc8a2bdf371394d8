"""Every built-in game (the registry's, ``short_games``) has an evaluator, greedy and ismcts moves, and extras."""

from __future__ import annotations

import pytest

import tawa
from tawa.bots import choose_for, make_bot
from tawa.bots.heuristics import evaluator_for
from tawa.core.registry import short_games
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options, random_playout

PRESENT = [gid for gid, _, _ in short_games()]


def _mid_game(gid: str, seed: int) -> tawa.Game:
    info = tawa.game_class(gid).info
    g = tawa.new_game(gid, info.players[min(1, len(info.players) - 1)], seed, automated_options(gid, None))
    rng = Rng(seed)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("gid", PRESENT)
def test_evaluator_and_bots_on_a_real_game(gid: str) -> None:
    g = _mid_game(gid, 3)
    assert not g.is_over
    evaluate = evaluator_for(gid)
    for s in range(g.players):
        view = g.determinize(s, 5)
        assert -1.0 <= evaluate(view, s) <= 1.0
    seat = g.current_player
    assert seat is not None
    legal = {a.id for a in g.legal_actions()}
    for spec in ("greedy", "ismcts:iters=15:depth=4"):
        assert choose_for(make_bot(spec, 1), g, seat, Rng(2)).id in legal


@pytest.mark.parametrize("gid", PRESENT)
def test_extras_of_a_finished_game(gid: str) -> None:
    g = _mid_game(gid, 4)
    random_playout(g, Rng(4))
    extras = g.report_extras()
    assert set(extras) & {"seat_category", "seat_values", "game_category"}
    for per_seat in (*extras.get("seat_category", {}).values(), *extras.get("seat_values", {}).values()):
        assert len(per_seat) == g.players
