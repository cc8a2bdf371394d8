"""Greedy bot: one-ply lookahead scored by the game's evaluation function.

For each legal action it applies the action on a few determinized views (samples of
what the hidden parts may be, each with its own future chance) and keeps the action
with the best mean value for its seat (``Game.evaluate``). Ties are broken by
its own seeded RNG, weighted by the game's ``progress_weights``. Spec: ``greedy`` or ``greedy:samples=4``
(a game may set its own default ``samples`` in ``Game.search_defaults``; the spec wins).
"""

from __future__ import annotations

from tawa.bots.base import Bot, parse_bot_args, register_bot
from tawa.bots.heuristics import Evaluator
from tawa.bots.random_bot import weighted_choice
from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.game import Game
from tawa.core.rng import Rng

DEFAULTS = {"samples": 2}
RANGES: dict[str, tuple[float, float]] = {"samples": (1, 64)}


class GreedyBot(Bot):
    """One-ply lookahead with a per-game evaluation function."""

    name = "greedy"
    needs_view = True

    def __init__(
        self, seed: int = 0, samples: int = 2, evaluate: Evaluator | None = None, explicit: bool = True
    ) -> None:
        if samples < 1:
            raise ValueError("bot greedy: samples must be at least 1")
        self.rng = Rng(seed)
        self.samples = samples
        self.evaluate = evaluate
        # explicit False: ``samples`` was not chosen by the caller, so the game's own
        # default (``Game.search_defaults["samples"]``) replaces it
        self._explicit, self._base_samples = explicit, samples
        self._defaults_for: str | None = None

    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        if len(legal) == 1 or view is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        evaluate = self.evaluate or type(view).evaluate
        if not self._explicit and self._defaults_for != view.info.id:
            self._defaults_for = view.info.id
            self.samples = int(type(view).search_defaults.get("samples", self._base_samples))
        worlds = [view] + [view.determinize(seat, self.rng.next64()) for _ in range(self.samples - 1)]
        best: list[Action] = []
        best_value = float("-inf")
        for a in legal:
            value = action_value(worlds, a, seat, evaluate)
            if value > best_value + 1e-9:
                best, best_value = [a], value
            elif value >= best_value - 1e-9:
                best.append(a)
        return break_tie(self.rng, best, view)


def break_tie(rng: Rng, best: list[Action], game: Game) -> Action:
    """One of equally valued actions: a draw favouring the moves that advance the game (its progress
    weights), so that a flat evaluation does not stall the game until a safety cap."""
    return best[0] if len(best) == 1 else weighted_choice(rng, best, game.progress_weights(best))


def action_value(worlds: list[Game], action: Action, seat: int, evaluate: Evaluator) -> float:
    """Mean value for ``seat`` after ``action`` over the sampled worlds (the same worlds,
    and the same future chance, for every action: common random numbers)."""
    total, n = 0.0, 0
    for w in worlds:
        w.legal_actions()  # fills w's legal-action cache, which its clones share: ``apply`` then checks the action
        g = w.clone()  # against it instead of listing the (up to ~320) actions again for every candidate
        try:
            g.apply(action.id)
        except IllegalAction:  # not legal in this sample (should not happen): skip it
            continue
        total += evaluate(g, seat)
        n += 1
    return total / n if n else float("-inf")


def _factory(args: str, seed: int) -> GreedyBot:
    p = parse_bot_args(args, DEFAULTS, "greedy", RANGES)
    given = any(part.partition("=")[0].strip() == "samples" for part in args.split(":"))
    return GreedyBot(seed, samples=int(p["samples"]), explicit=given)


register_bot("greedy", _factory, DEFAULTS, RANGES)
