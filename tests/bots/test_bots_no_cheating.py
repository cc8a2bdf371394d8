"""Bots never see the true state: they get a determinized, redacted view (or nothing)."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers "toy-cards")
from bot_games import Goofspiel

import tawa
from tawa.bots import Bot, choose_for, make_bot
from tawa.bots.base import REDACTED
from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.rng import Rng


class SpyBot(Bot):
    """Records what it is shown."""

    name = "spy"
    needs_view = True

    def __init__(self) -> None:
        self.seen: list[tuple[Game | None, int]] = []

    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        self.seen.append((view, seat))
        return legal[0]


def test_the_view_is_a_resampled_redacted_copy_with_the_same_observation() -> None:
    resampled = 0
    for seed in range(20):
        g = tawa.new_game("toy-cards", 3, seed)
        spy = SpyBot()
        rng = Rng(seed)
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            truth = g.to_json()
            choose_for(spy, g, seat, rng)
            assert g.to_json() == truth, "asking a bot must not change the game"
            view, s = spy.seen[-1]
            assert view is not None and view is not g and s == seat
            assert view.observation(seat) == g.observation(seat)
            assert view.history == [REDACTED] * len(g.history) and view.seed == 0
            assert all(e.visible_to(seat) for e in view.log)
            assert view.rng.state != g.rng.state, "future chance must be reseeded"
            others = [sorted(h) for i, h in enumerate(view.state.hands) if i != seat]
            truth_others = [sorted(h) for i, h in enumerate(g.state.hands) if i != seat]
            resampled += others != truth_others or view.state.deck != g.state.deck
            view.state.hands[seat].clear()  # mutating the view cannot touch the game
            assert g.to_json() == truth
            g.apply(g.legal_actions()[0])
    assert resampled > 20, "hidden cards were never resampled"


def test_a_bot_without_needs_view_gets_no_view() -> None:
    class Blind(SpyBot):
        needs_view = False

    g = tawa.new_game("toy-cards", 2, 1)
    b = Blind()
    choose_for(b, g, 0, Rng(1))
    assert b.seen == [(None, 0)]


def _goof_pair(bid_a: int, bid_b: int) -> tuple[Goofspiel, Goofspiel]:
    """Two positions that seat 1 cannot tell apart: seat 0 bid differently face down and
    the hidden prize order differs."""
    a, b = Goofspiel(2, 3), Goofspiel(2, 3)
    for g, bid in ((a, bid_a), (b, bid_b)):
        g.apply("bid 2")
        g.apply("bid 5")  # a first round
        g.apply(f"bid {bid}")
    b.state.prizes[:-1] = list(reversed(b.state.prizes[:-1]))
    assert a.observation(1) == b.observation(1)
    assert a.state.bid != b.state.bid
    return a, b


@pytest.mark.parametrize("spec", ["ismcts:iters=150", "greedy:samples=3", "progress", "random"])
def test_a_move_depends_only_on_what_the_seat_saw(spec: str) -> None:
    """The whole path (runner -> view -> bot) reads nothing hidden: the same information
    set gives the same move whatever the hidden truth is."""
    for bids in ((1, 6), (3, 4), (6, 1)):
        a, b = _goof_pair(*bids)
        for k in range(3):
            move_a = choose_for(make_bot(spec, k), a, 1, Rng(100 + k))
            move_b = choose_for(make_bot(spec, k), b, 1, Rng(100 + k))
            assert move_a.id == move_b.id
