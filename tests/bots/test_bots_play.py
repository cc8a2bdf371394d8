"""Greedy and ISMCTS: specs, determinism, budgets, heuristics, and strength on tiny games."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
import toy_game  # noqa: F401  (registers "toy-cards")
from bot_games import Goofspiel, TicTacToe, Tokens, Wide

import tawa
from tawa.bots import bot_names, choose_for, make_bot
from tawa.bots.greedy import GreedyBot
from tawa.bots.heuristics import evaluator_for, has_own_evaluator, outcome_value, score_lead, search_defaults
from tawa.bots.ismcts import IsmctsBot
from tawa.core.game import Game
from tawa.core.rng import Rng
from tawa.lab.simulate import play_match


def test_bot_specs() -> None:
    assert {"greedy", "ismcts", "random", "progress"} <= set(bot_names())
    b = make_bot("ismcts:iters=2000:c=0.5:depth=4:rollout=progress", 1)
    assert isinstance(b, IsmctsBot) and (b.iters, b.c, b.depth, b.rollout) == (2000, 0.5, 4, "progress")
    assert b.explicit == {"iters", "c", "depth", "rollout"}
    t = make_bot("ismcts:time=0.5", 1)
    assert isinstance(t, IsmctsBot) and t.seconds == 0.5
    g = make_bot("greedy:samples=3", 1)
    assert isinstance(g, GreedyBot) and g.samples == 3
    for bad in ("ismcts:iters=lots", "ismcts:nope=1", "ismcts:rollout=magic", "greedy:samples=0", "ismcts:7"):
        with pytest.raises(ValueError):
            make_bot(bad, 1)


def _play(cls: type[Game], seats: list[str], games: int) -> list[float]:
    """Seat-rotated games on an unregistered test game; win share of seats[0]'s bot and draws."""
    won = draws = 0.0
    for i in range(games):
        shift = i % 2
        g = cls(2, 50 + i)
        play_match(g, [seats[(s + shift) % 2] for s in range(2)], 50 + i)
        w = g.winners()
        me = (-shift) % 2  # the seat of seats[0]
        won += (1 / len(w)) if me in w and len(w) == 1 else 0
        draws += len(w) != 1
    return [won / games, draws / games]


def test_ismcts_beats_random_and_greedy_at_tictactoe() -> None:
    win, draw = _play(TicTacToe, ["ismcts:iters=200", "random"], 10)
    assert win + draw == 1.0 and win >= 0.8
    win, draw = _play(TicTacToe, ["ismcts:iters=200", "greedy"], 6)
    assert win + draw == 1.0


def test_ismcts_beats_random_with_hidden_bids() -> None:
    win, _ = _play(Goofspiel, ["ismcts:iters=150", "random"], 10)
    assert win >= 0.7


def test_greedy_takes_an_immediate_win_and_blocks_nothing_else() -> None:
    g = TicTacToe(2, 0)
    for a in ("mark 0", "mark 3", "mark 1", "mark 4"):
        g.apply(a)
    move = choose_for(make_bot("greedy", 3), g, 0, Rng(1))
    assert move.id == "mark 2"
    move = choose_for(make_bot("ismcts:iters=100", 3), g, 0, Rng(1))
    assert move.id == "mark 2"


def test_ismcts_prior_keeps_the_best_one_ply_moves() -> None:
    g = TicTacToe(2, 0)
    for a in ("mark 0", "mark 3", "mark 1", "mark 4"):
        g.apply(a)
    legal = g.legal_actions()
    one = IsmctsBot(3, iters=30, prior=1)
    root = one.search(g.clone(), 0, legal)
    assert list(root.children) == ["mark 2"], "prior=1 searches only the best one-ply move (the win)"
    assert root.children["mark 2"].visits == 30 + 1, "seeded with one visit, then every iteration"
    three = IsmctsBot(3, iters=40, prior=3)
    root = three.search(g.clone(), 0, legal)
    assert len(root.children) == 3 and "mark 2" in root.children
    assert sum(ch.visits for ch in root.children.values()) == 40 + 3
    assert make_bot("ismcts:prior=4", 1).prior == 4  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        make_bot("ismcts:prior=-1", 1)
    # it plays whole games, and still beats random
    win, draw = _play(TicTacToe, ["ismcts:iters=100:prior=4", "random"], 6)
    assert win + draw == 1.0 and win >= 0.6


def test_ismcts_finish_scores_leaves_at_turn_boundaries() -> None:
    """``finish=POLICY``: a leaf inside a turn is played on by its mover until the turn passes, so the
    evaluator only ever sees turn boundaries; with ``finish=off`` it also sees positions inside a turn."""
    inside: dict[str, list[bool]] = {}

    def watch(name: str):  # type: ignore[no-untyped-def]
        def evaluate(world: Game, seat: int) -> float:
            inside[name].append(world.state.taken > 0)
            have = world.state.have
            return (have[seat] - have[1 - seat]) / 9

        return evaluate

    for finish in ("off", "random", "progress", "greedy"):
        inside[finish] = []
        g = Tokens(2, 0)
        g.apply("take")  # seat 0 is inside its turn at the root
        bot = IsmctsBot(5, iters=60, depth=0, c=0.5, evaluate=watch(finish), finish=finish)
        bot.search(g.clone(), 0, g.legal_actions())
        assert inside[finish], finish
    assert any(inside["off"]), "without finish, some leaves are scored inside a turn"
    for finish in ("random", "progress"):  # (greedy's own one-ply look also evaluates inside the turn)
        assert not any(inside[finish]), f"finish={finish} scores only at turn boundaries"
    assert make_bot("ismcts:finish=greedy", 1).finish == "greedy"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="finish must be one of"):
        make_bot("ismcts:finish=sometimes", 1)
    # reply=1: the other seats play their turns out too, so every leaf is the searching seat's turn start
    to_move: list[int | None] = []

    def seen(world: Game, seat: int) -> float:
        to_move.append(world.current_player)
        return 0.0

    g = Tokens(2, 0)
    g.apply("take")
    IsmctsBot(5, iters=60, depth=0, evaluate=seen, finish="random", reply=1).search(g.clone(), 0, g.legal_actions())
    assert to_move and set(to_move) <= {0, None}
    assert make_bot("ismcts:finish=progress:reply=1", 1).reply == 1  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="reply=1 needs a finish policy"):
        make_bot("ismcts:reply=1:finish=off", 1)
    # without a finish in the spec, the game's own may supply it (P'achakuna's default is greedy); a game with
    # none refuses at the first search, before any iteration
    pk = tawa.new_game("pachakuna", 2, 3)
    ok = make_bot("ismcts:reply=1:iters=1:prior=1", 1)
    ok.search(pk.clone(), 0, pk.legal_actions())  # type: ignore[attr-defined]
    assert ok.finish == "greedy"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="reply=1 needs a finish policy"):
        make_bot("ismcts:reply=1", 1).search(g.clone(), 0, g.legal_actions())  # type: ignore[attr-defined]


def test_ismcts_tree_caps_the_tree_levels() -> None:
    """``tree=N`` keeps at most N levels of nodes; below them the rollout and finish policies play."""

    def depth(node) -> int:  # type: ignore[no-untyped-def]
        return 1 + max((depth(ch) for ch in node.children.values()), default=-1)

    g = TicTacToe(2, 0)
    for n in (1, 2):
        root = IsmctsBot(3, iters=80, tree=n).search(g.clone(), 0, g.legal_actions())
        assert depth(root) == n and sum(ch.visits for ch in root.children.values()) == 80
    assert depth(IsmctsBot(3, iters=80).search(g.clone(), 0, g.legal_actions())) > 2
    # one level and a greedy finish of the turn: every root action is scored after the turn passes
    t = Tokens(2, 0)
    seen: list[int] = []

    def taken(world: Game, seat: int) -> float:
        seen.append(world.state.taken)
        return (world.state.have[seat] - world.state.have[1 - seat]) / 9

    bot = IsmctsBot(3, iters=20, depth=0, tree=1, finish="random", evaluate=taken)
    root = bot.search(t.clone(), 0, t.legal_actions())
    assert list(root.children) == ["take"] and seen and not any(seen)
    assert make_bot("ismcts:tree=1", 1).tree == 1  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="tree must be"):
        make_bot("ismcts:tree=-1", 1)


class _EndFirst(Tokens):
    """Tokens whose progress weights favour ending the turn over taking another token."""

    def progress_weights(self, actions):  # type: ignore[no-untyped-def]
        return [5.0 if a.id == "end" else 1.0 for a in actions]


def test_ismcts_width_lets_a_greedy_policy_score_only_the_best_weighted_actions() -> None:
    """``width=M``: a greedy rollout or finish scores only the M actions with the highest progress weights.
    Taking tokens is what the evaluator likes; the weights prefer ending the turn."""

    def leaf_tokens(width: int) -> set[int]:
        seen: set[int] = set()

        def evaluate(world: Game, seat: int) -> float:
            if seat == 1:  # a scored leaf (greedy's one-ply looks only ever score the mover, seat 0)
                seen.add(world.state.have[0])
            return (world.state.have[seat] - world.state.have[1 - seat]) / 9

        g = _EndFirst(2, 0)
        g.apply("take")  # seat 0 holds 1 token and is inside its turn
        IsmctsBot(4, iters=10, depth=0, tree=1, finish="greedy", width=width, evaluate=evaluate).search(
            g.clone(), 0, g.legal_actions()
        )
        return seen

    assert leaf_tokens(0) == {1, 3}  # root "end" -> 1; root "take" -> the greedy finish takes the third
    assert leaf_tokens(1) == {1, 2}  # width 1: the finish only looks at "end", so it ends at 2
    assert leaf_tokens(2) == {1, 3}  # width 2 covers both actions
    assert make_bot("ismcts:width=5", 1).width == 5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="width must be"):
        make_bot("ismcts:width=-1", 1)


def test_ismcts_max_backup_values_a_wide_sub_step_by_its_best_line() -> None:
    """``backup=max``: "wide" leads to a second sub-step of the same seat with one good pick among ten poor
    ones (tried first: the progress weights favour it). As the poor picks are tried too, the mean of the wide
    step's lines sinks below "narrow" (0.6) and the usual backup settles there; valuing a node by its best
    same-seat child keeps the good pick."""

    def evaluate(world: Game, seat: int) -> float:
        v = world.state.value
        return 2 * v - 1 if seat == 0 else 1 - 2 * v

    def choice(backup: str) -> str:
        g = Wide(2, 0)
        return (
            IsmctsBot(2, iters=100, depth=0, c=0.3, tree=2, rollout="progress", backup=backup, evaluate=evaluate)
            .choose(g.legal_actions(), g.clone(), 0)
            .id
        )

    assert choice("mean") == "narrow"
    assert choice("max") == "wide"
    assert make_bot("ismcts:backup=max", 1).backup == "max"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="backup must be one of"):
        make_bot("ismcts:backup=best", 1)


def test_ismcts_turn_ends_each_line_where_the_searching_seat_s_turn_does() -> None:
    """``turn=1``: no node is made for another seat's move, so each line is scored when the turn passes; both
    of the root's lines still reach that point ("narrow" at once, "wide" after its pick)."""

    def evaluate(world: Game, seat: int) -> float:
        v = world.state.value
        return 2 * v - 1 if seat == 0 else 1 - 2 * v

    def search(turn: int) -> dict[str, int]:
        g = Wide(2, 0)
        root = IsmctsBot(
            2, iters=60, depth=0, c=0.3, rollout="progress", backup="max", turn=turn, evaluate=evaluate
        ).search(g.clone(), 0, g.legal_actions())
        narrow, wide = root.children["narrow"], root.children["wide"]
        return {
            "after narrow": len(narrow.children),
            "picks": len(wide.children),
            "after picks": sum(len(ch.children) for ch in wide.children.values()),
        }

    assert search(0)["after narrow"] == 1 and search(0)["after picks"] > 0  # the other seat's pass is searched
    within = search(1)
    assert within == {"after narrow": 0, "picks": Wide.OPTIONS, "after picks": 0}
    g = Wide(2, 0)
    assert (
        IsmctsBot(2, iters=60, depth=0, c=0.3, rollout="progress", backup="max", turn=1, evaluate=evaluate)
        .choose(g.legal_actions(), g.clone(), 0)
        .id
        == "wide"
    )
    assert make_bot("ismcts:turn=1", 1).turn == 1  # type: ignore[attr-defined]


class _FlatWide(Wide):
    """Wide whose progress weights favour pick 5, not the first offered."""

    def progress_weights(self, actions: Any) -> list[float]:
        return [9.0 if a.id == "pick5" else 1.0 for a in actions]


def test_ismcts_breaks_ties_by_the_game_s_progress_weights() -> None:
    """Equal values and equal visits (a flat evaluator, one tree level so that no line reaches the game's
    end): with ``ties=progress`` the final choice, and ``prior``'s cut, go to the action the progress weights
    favour, as greedy's ties do; with the default ``ties=first``, to the first offered."""

    def flat(world: Game, seat: int) -> float:
        return 0.0

    g = _FlatWide(2, 0)
    g.apply("wide")  # seat 0 now picks one of ten equal options
    for prior in (0, 1):
        for ties, pick in (("progress", "pick5"), ("first", "pick0")):
            bot = IsmctsBot(
                4, iters=50, depth=0, c=0.3, rollout="random", prior=prior, tree=1, ties=ties, evaluate=flat
            )
            assert bot.choose(g.legal_actions(), g.clone(), 0).id == pick, (prior, ties)
    assert GreedyBot(4, samples=1, evaluate=flat).choose(g.legal_actions(), g.clone(), 0).id == "pick5"
    # a greedy rollout or finish step: the first best with ties=first; with ties=progress a draw by the weights
    # among the tied actions (pick5 has 9 of their 18), as the greedy bot draws
    for ties, expect in (("first", {"pick0": 200}), ("progress", None)):
        bot = IsmctsBot(5, ties=ties, evaluate=flat)
        drawn: dict[str, int] = {}
        for _ in range(200):
            a = bot._rollout_action(g.clone(), flat, "greedy", explore=False)
            drawn[a.id] = drawn.get(a.id, 0) + 1
        if expect is not None:
            assert drawn == expect
        else:
            assert 70 <= drawn["pick5"] <= 130 and len(drawn) == Wide.OPTIONS
    assert make_bot("ismcts:ties=progress", 1).ties == "progress"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="ties must be one of"):
        make_bot("ismcts:ties=random", 1)


def test_ismcts_is_seeded_and_reusable() -> None:
    def run(seed: int) -> list[str]:
        g = tawa.new_game("toy-cards", 3, 4)
        bots = [make_bot("ismcts:iters=60", seed + s) for s in range(3)]  # one bot per seat, reused
        rng = Rng(9)
        moves = []
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            a = choose_for(bots[seat], g, seat, rng)
            moves.append(a.id)
            g.apply(a)
        return moves

    assert run(1) == run(1)
    g = Goofspiel(2, 1)
    picks = {choose_for(make_bot("ismcts:iters=30", k), g, 0, Rng(k)).id for k in range(12)}
    assert len(picks) > 1, "different seeds should explore differently on an open position"


def test_ismcts_time_budget() -> None:
    g = Goofspiel(2, 2)
    bot = make_bot("ismcts:time=0.05", 1)
    assert isinstance(bot, IsmctsBot)
    start = time.perf_counter()
    choose_for(bot, g, 0, Rng(2))
    # functional check of the budget (it searches about that long, then stops); a loose upper
    # bound so a loaded machine cannot fail it. Speed figures come from `tawa bench`.
    assert bot.last_iterations >= 1 and time.perf_counter() - start < 10.0
    assert bot.last_seconds >= 0.04


def test_heuristic_registry_and_game_defaults() -> None:
    assert evaluator_for("toy-cards") is Game.evaluate and evaluator_for("no-such-game") is score_lead
    assert not has_own_evaluator("toy-cards") and has_own_evaluator("sacred-valley")
    assert search_defaults("sacred-valley")["iters"] == 600 and search_defaults("no-such-game") == {}
    g = tawa.new_game("toy-cards", 2, 1)
    assert -1 < score_lead(g, 0) < 1
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    vals = [outcome_value(g, s) for s in range(2)]
    assert max(vals) > 0 > min(vals) or vals == [0.5, 0.5]
    calls: list[int] = []

    def mine(view: Game, seat: int) -> float:
        calls.append(seat)
        return 0.0

    class OwnGoofspiel(Goofspiel):  # a game with its own evaluation and search defaults
        search_defaults: ClassVar[Mapping[str, float | str]] = {"iters": 7, "depth": 2}

        def evaluate(self, seat: int) -> float:
            return mine(self, seat)

    class SampledGoofspiel(OwnGoofspiel):
        search_defaults: ClassVar[Mapping[str, float | str]] = {"samples": 3}

    bot = make_bot("ismcts:depth=1", 1)
    assert isinstance(bot, IsmctsBot)
    choose_for(bot, OwnGoofspiel(2, 1), 0, Rng(1))
    assert bot.iters == 7 and bot.depth == 1 and bot.last_iterations == 7, "spec values win"
    assert calls, "the game's evaluation is used at the rollout cut-off"
    calls.clear()
    choose_for(make_bot("greedy", 1), OwnGoofspiel(2, 1), 0, Rng(1))
    assert calls
    default, chosen = make_bot("greedy", 1), make_bot("greedy:samples=1", 1)
    calls.clear()
    choose_for(default, SampledGoofspiel(2, 1), 0, Rng(1))
    legal = len(SampledGoofspiel(2, 1).legal_actions())
    assert isinstance(default, GreedyBot) and default.samples == 3 and len(calls) == 3 * legal, "game default"
    calls.clear()
    choose_for(chosen, SampledGoofspiel(2, 1), 0, Rng(1))
    assert isinstance(chosen, GreedyBot) and chosen.samples == 1 and len(calls) == legal, "spec value wins"


def test_bots_finish_three_player_games() -> None:
    for spec in ("ismcts:iters=40", "greedy"):
        g = tawa.new_game("toy-cards", 3, 2)
        play_match(g, [spec, "random", spec], 2)
        assert g.is_over
