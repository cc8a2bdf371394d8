"""Uniform random bot, and a progress-biased variant used for deep playouts."""

from __future__ import annotations

from tawa.bots.base import Bot, BotFactory, parse_bot_args, register_bot
from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.rng import Rng


class RandomBot(Bot):
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        return self.rng.choice(legal)


class ProgressBot(Bot):
    """Random, but weighted by the game's ``progress_weights`` (favours moves that
    advance the game), so playouts reach the deep rules. It reads the weights from a
    determinized view, never the true state."""

    name = "progress"
    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        weights = view.progress_weights(legal) if view is not None else None
        return weighted_choice(self.rng, legal, weights)


def weighted_choice(rng: Rng, items: list[Action], weights: list[float] | None) -> Action:
    if not weights:
        return rng.choice(items)
    total = sum(weights)
    if total <= 0:
        return rng.choice(items)
    x = rng.random() * total
    for item, w in zip(items, weights, strict=True):
        x -= w
        if x < 0:
            return item
    return items[-1]


def _plain(make: type[RandomBot] | type[ProgressBot], name: str) -> BotFactory:
    def factory(args: str, seed: int) -> Bot:
        parse_bot_args(args, {}, name)  # these bots take no settings: any is refused, never ignored
        return make(seed)

    return factory


register_bot("random", _plain(RandomBot, "random"))
register_bot("progress", _plain(ProgressBot, "progress"))
