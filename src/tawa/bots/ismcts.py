"""Information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

One tree per move, keyed by action ids. Each iteration samples a world from the view
(``view.determinize(seat, rng)``: hidden parts resampled, future chance reseeded), walks
down the tree with UCT restricted to the actions legal in that world (availability
counts), adds one node (with ``rollout=progress``, the default, untried moves are drawn
by the game's ``progress_weights``, otherwise uniformly), plays a rollout of at most
``depth`` actions (progress-biased — the default —, uniform random, or greedy) and scores
the end: the real outcome if the game ended, the
game's evaluation function otherwise. Each node keeps the reward of the seat that chose
it, so it works for any number of players.

Spec: ``ismcts:iters=500:c=0.7:depth=12:rollout=progress:time=0:prior=0:finish=off:reply=0:tree=0:turn=0:ties=first``
— ``time`` > 0 budgets by seconds per move instead of iterations (then ``iters`` is ignored); ``prior=K`` > 0
first scores every root action one ply deep with the evaluator and searches only the best K,
each seeded with its score as one visit (for games with hundreds of actions per decision).
``finish=greedy|progress|random`` scores leaves at turn boundaries: a leaf inside a turn is first played on
by its mover with that policy until the turn passes; ``reply=1`` then lets the other seats play their turns
too, until the searching seat is to move; ``tree=N`` keeps at most N levels of nodes; ``width=M`` lets a
greedy rollout or finish score only the M actions the game's progress weights favour most (a P'achakuna
paid-rotation step offers ~300); ``backup=max`` values a node whose children the same seat chooses (the
sub-steps of one turn) by its best child instead of the mean of all its lines, so that a wide step with a few
bad options (a Sacred Valley Purchase) is not judged by them; ``turn=1`` makes no node for another seat's
move, so a line ends (and is scored, after any rollout) where the searching seat's turn does: with
``backup=max`` and ``depth=0`` the search plans the rest of its own turn, sub-step by sub-step; ``ties=progress``
breaks exact ties (of visits and value at the final choice, of value in ``prior``'s cut) by the game's progress
weights, as greedy does, instead of taking the first action offered. A game may set its
own defaults for any of these (``Game.search_defaults``: ``SEARCH_DEFAULTS`` in ``games/<g>/strategy.py``) so
that a default-strength move stays under a second; values in the spec always win. Seeded: the same
seed and the same views give the same moves. One bot object serves a seat for a whole
game (or many): it keeps nothing from one move to the next except its RNG.
"""

from __future__ import annotations

import math
import time

from tawa.bots.base import Bot, parse_bot_args, register_bot
from tawa.bots.greedy import action_value, break_tie
from tawa.bots.heuristics import Evaluator
from tawa.bots.random_bot import weighted_choice
from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.rng import Rng
from tawa.core.strategy import outcome_value

DEFAULTS: dict[str, object] = {
    "iters": 500,
    "c": 0.7,
    "depth": 12,
    "rollout": "progress",
    "time": 0.0,
    "prior": 0,
    "finish": "off",
    "reply": 0,
    "tree": 0,
    "width": 0,
    "backup": "mean",
    "turn": 0,
    "ties": "first",
}
# the inclusive range of each number of the spec (the server takes specs from strangers; ``time`` is capped further
# there by its bot budget)
RANGES: dict[str, tuple[float, float]] = {
    "iters": (1, 1_000_000),
    "c": (0, 100),
    "depth": (0, 10_000),
    "time": (0, 3600),
    "prior": (0, 10_000),
    "reply": (0, 1),
    "tree": (0, 1000),
    "width": (0, 10_000),
    "turn": (0, 1),
}
BACKUPS = ("mean", "max")
TIES = ("first", "progress")
ROLLOUTS = ("random", "progress", "greedy")
FINISHES = ("off", *ROLLOUTS)
REPLY_NEEDS_FINISH = "bot ismcts: reply=1 needs a finish policy (finish=greedy, progress or random)"
FINISH_CAP = 40  # sub-steps a leaf's turn may still take before it is scored anyway (per seat with reply=1)


class _Node:
    __slots__ = ("avail", "best", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # reward of the seat that chose this node's action
        self.best = -1.0  # backup=max: the best child's value, when the same seat chooses the children

    def value(self) -> float:
        return self.best if self.best >= 0.0 else self.total / self.visits


class IsmctsBot(Bot):
    """SO-ISMCTS with UCT over action ids and capped rollouts."""

    name = "ismcts"
    needs_view = True

    def __init__(
        self,
        seed: int = 0,
        iters: int = 500,
        c: float = 0.7,
        depth: int = 12,
        rollout: str = "progress",
        seconds: float = 0.0,
        evaluate: Evaluator | None = None,
        explicit: frozenset[str] | None = None,
        prior: int = 0,
        finish: str = "off",
        reply: int = 0,
        tree: int = 0,
        width: int = 0,
        backup: str = "mean",
        turn: int = 0,
        ties: str = "first",
    ) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"bot ismcts: rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if finish not in FINISHES:
            raise ValueError(f"bot ismcts: finish must be one of {', '.join(FINISHES)}, not {finish!r}")
        if iters < 1 and seconds <= 0:
            raise ValueError("bot ismcts: iters must be at least 1 (or give time=SECONDS)")
        if prior < 0:
            raise ValueError("bot ismcts: prior must be 0 (off) or a number of root candidates")
        if tree < 0:
            raise ValueError("bot ismcts: tree must be 0 (no limit) or the number of tree levels")
        if backup not in BACKUPS:
            raise ValueError(f"bot ismcts: backup must be one of {', '.join(BACKUPS)}, not {backup!r}")
        if ties not in TIES:
            raise ValueError(f"bot ismcts: ties must be one of {', '.join(TIES)}, not {ties!r}")
        if width < 0:
            raise ValueError("bot ismcts: width must be 0 (all actions) or the number a greedy policy scores")
        self.rng = Rng(seed)
        self.prior, self.finish, self.reply, self.tree, self.width = prior, finish, reply, tree, width
        self.backup, self.turn, self.ties = backup, turn, ties
        self.iters, self.c, self.depth, self.rollout, self.seconds = iters, c, depth, rollout, seconds
        self.evaluate = evaluate
        # settings the caller chose; the others may be replaced by the game's own defaults
        # (``Game.search_defaults``). None: all chosen (plain constructor use).
        self.explicit = frozenset(DEFAULTS) if explicit is None else explicit
        self._defaults_for: str | None = None
        if reply and finish == "off" and "finish" in self.explicit:  # else a game's own finish may still come
            raise ValueError(REPLY_NEEDS_FINISH)
        self.last_iterations = 0
        self.last_seconds = 0.0

    # ------------------------------------------------------------------ public
    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        if len(legal) == 1 or view is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        root = self.search(view, seat, legal)
        if self.ties == "first":  # the most visited root action (ties: the better value, then the first offered)
            return max(
                legal,
                key=lambda a: (
                    (root.children[a.id].visits, root.children[a.id].total) if a.id in root.children else (-1, 0.0)
                ),
            )
        # ties=progress: equal visits and value (to 1e-9) go to the action the game's progress weights favour
        # (greedy breaks its ties by them too: a flat evaluation then still makes progress), then the first offered
        weights = view.progress_weights(legal) or [0.0] * len(legal)
        best = max(
            range(len(legal)),
            key=lambda i: (
                (root.children[legal[i].id].visits, round(root.children[legal[i].id].total, 9), weights[i])
                if legal[i].id in root.children
                else (-1, 0.0, 0.0)
            ),
        )
        return legal[best]

    def search(self, view: Game, seat: int, legal: list[Action]) -> _Node:
        evaluate = self.evaluate or type(view).evaluate
        self._apply_game_defaults(view)
        root = _Node()
        start = time.perf_counter()
        allowed = self._root_candidates(root, view, seat, legal, evaluate) if self.prior else {a.id for a in legal}
        deadline = start + self.seconds if self.seconds > 0 else None
        n = 0
        while (n < self.iters) if deadline is None else (n == 0 or time.perf_counter() < deadline):
            self._iterate(root, view, seat, allowed, evaluate)
            n += 1
        self.last_iterations = n
        self.last_seconds = time.perf_counter() - start
        return root

    def _root_candidates(
        self, root: _Node, view: Game, seat: int, legal: list[Action], evaluate: Evaluator
    ) -> set[str]:
        """``prior=K``: score every root action one ply deep on the view (what ``greedy`` does with
        one sample), keep the best K as the only root candidates and seed each with its value as
        one visit. For positions with hundreds of actions (a P'achakuna rotation) the iterations
        then go to refining the plausible moves instead of trying each move once."""
        scored = [(action_value([view], a, seat, evaluate), i, a) for i, a in enumerate(legal)]
        if self.ties == "first":
            scored.sort(key=lambda t: (-t[0], t[1]))
        else:  # equal values (to 1e-9): the action the game's progress weights favour first, as in greedy
            weights = view.progress_weights(legal) or [0.0] * len(legal)
            scored.sort(key=lambda t: (-round(t[0], 9), -weights[t[1]], t[1]))
        keep = scored[: self.prior]
        for value, _, a in keep:
            ch = root.children[a.id] = _Node()
            ch.visits = 1
            ch.total = (max(-1.0, min(1.0, value)) + 1.0) / 2.0
        return {a.id for _, _, a in keep}

    def _apply_game_defaults(self, view: Game) -> None:
        """Once per game id: take the game's own defaults for the settings the spec left out."""
        if self._defaults_for == view.info.id:
            return
        self._defaults_for = view.info.id
        own = type(view).search_defaults
        for key in (k for k in DEFAULTS if k != "time"):  # every setting but the time budget
            if key in own and key not in self.explicit:
                setattr(self, key, type(getattr(self, key))(own[key]))
        if self.reply and self.finish == "off":  # neither the spec nor the game chose a finish policy
            raise ValueError(REPLY_NEEDS_FINISH)

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: _Node, view: Game, seat: int, allowed: set[str], evaluate: Evaluator) -> None:
        rng, c = self.rng, self.c
        world = view.determinize(seat, rng.next64())
        node = root
        path: list[tuple[_Node, int]] = []
        # selection and expansion (at most ``tree`` levels when tree > 0; below, the policies play)
        while not world.is_over and (not self.tree or len(path) < self.tree):
            if self.turn and path and world.current_player != seat:
                break  # turn=1: the line ends where the searching seat's turn does
            acts = world.legal_actions()
            player = world.current_player
            assert player is not None
            if node is root:
                acts = [a for a in acts if a.id in allowed] or acts
            children = node.children
            untried: list[Action] = []
            best: Action | None = None
            best_child: _Node | None = None
            best_u = -1.0
            for a in acts:
                ch = children.get(a.id)
                if ch is None:
                    untried.append(a)
                    continue
                ch.avail += 1
                u = ch.value() + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best_u:
                    best_u, best, best_child = u, a, ch
            if untried:
                if self.rollout == "random" or len(untried) == 1:
                    a = untried[rng.below(len(untried))]
                else:  # expand the moves the game's progress weights favour first
                    a = weighted_choice(rng, untried, world.progress_weights(untried))
                ch = children[a.id] = _Node()
                world.apply(a)
                path.append((ch, player))
                break
            assert best is not None and best_child is not None
            world.apply(best)
            path.append((best_child, player))
            node = best_child
        mover = path[-1][1] if path else seat  # the seat that made the line's last move
        # rollout
        steps = 0
        while not world.is_over and steps < self.depth:
            to_move = world.current_player
            assert to_move is not None  # not over: a seat is to move
            mover = to_move
            world.apply(self._rollout_action(world, evaluate, self.rollout))
            steps += 1
        if self.finish != "off":  # score at a turn boundary: the mover ends the turn it is in
            steps = self.finish_turn(world, mover, evaluate, self.finish)
            # reply=1: the other seats play their turns too, until the searching seat is to move again
            cap = FINISH_CAP * world.players
            while self.reply and not world.is_over and world.current_player != seat and steps < cap:
                world.apply(self._rollout_action(world, evaluate, self.finish, explore=False))
                steps += 1
        if world.is_over:
            rewards = [(outcome_value(world, s) + 1.0) / 2.0 for s in range(world.players)]
        else:
            rewards = [(max(-1.0, min(1.0, evaluate(world, s))) + 1.0) / 2.0 for s in range(world.players)]
        for ch, player in path:
            ch.visits += 1
            ch.total += rewards[player]
        if self.backup == "max":  # a seat picks its own best sub-step: value a node by its best such child
            for i in range(len(path) - 2, -1, -1):
                node, player = path[i]
                if path[i + 1][1] == player:
                    node.best = max(ch.value() for ch in node.children.values())

    def finish_turn(self, world: Game, mover: int, evaluate: Evaluator, policy: str) -> int:
        """Let ``mover`` play the rest of its turn on ``world`` with ``policy`` (no exploration), at most
        ``FINISH_CAP`` sub-steps; returns the number played. The ``finish`` of every line, and a yardstick for
        comparing choices (scripts/decision_probe.py)."""
        steps = 0
        while not world.is_over and world.current_player == mover and steps < FINISH_CAP:
            world.apply(self._rollout_action(world, evaluate, policy, explore=False))
            steps += 1
        return steps

    def _rollout_action(self, world: Game, evaluate: Evaluator, policy: str, explore: bool = True) -> Action:
        acts = world.legal_actions()
        if len(acts) == 1 or policy == "random":
            return acts[self.rng.below(len(acts))] if len(acts) > 1 else acts[0]
        if policy == "progress":
            return weighted_choice(self.rng, acts, world.progress_weights(acts))
        # greedy: one-ply lookahead on this world (costly). Rollouts explore (epsilon 0.1 random); a finish
        # does not: a random slip would penalise the lines that leave more decisions inside the turn
        if explore and self.rng.random() < 0.1:
            return self.rng.choice(acts)
        player = world.current_player
        assert player is not None
        if self.ties == "first":
            return max(self._widest(world, acts), key=lambda a: action_value([world], a, player, evaluate))
        # ties=progress: as the greedy bot, equal values go to a draw by the game's progress weights
        scored = [(action_value([world], a, player, evaluate), a) for a in self._widest(world, acts)]
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - 1e-9]
        return break_tie(self.rng, best, world)

    def _widest(self, world: Game, acts: list[Action]) -> list[Action]:
        """``width=M``: the M actions with the highest progress weights (ties: the first offered), in the order
        offered; all of them without a width, with fewer actions, or when the game weighs none."""
        if not self.width or len(acts) <= self.width:
            return acts
        weights = world.progress_weights(acts)
        if weights is None:
            return acts
        keep = sorted(sorted(range(len(acts)), key=lambda i: (-weights[i], i))[: self.width])
        return [acts[i] for i in keep]


def _factory(args: str, seed: int) -> IsmctsBot:
    p = parse_bot_args(args, DEFAULTS, "ismcts", RANGES)
    given = frozenset(part.partition("=")[0].strip() for part in args.split(":") if part.strip())
    return IsmctsBot(
        seed,
        iters=int(p["iters"]),
        c=float(p["c"]),
        depth=int(p["depth"]),
        rollout=str(p["rollout"]),
        seconds=float(p["time"]),
        explicit=given,
        prior=int(p["prior"]),
        finish=str(p["finish"]),
        reply=int(p["reply"]),
        tree=int(p["tree"]),
        width=int(p["width"]),
        backup=str(p["backup"]),
        turn=int(p["turn"]),
        ties=str(p["ties"]),
    )


register_bot("ismcts", _factory, DEFAULTS, RANGES)
