"""The bot interface and the seat-spec parser (``--seats human,random,...``)."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.rng import Rng


class Bot(ABC):
    """A seat played by the program.

    A bot never sees the true state: the runner gives it ``legal`` (its own legal
    actions, which the seat may see) and, only if ``needs_view`` is True, a view made
    by ``game.determinize(seat, rng)`` — so it cannot cheat by construction.
    """

    name: str = "bot"
    needs_view: bool = False

    @abstractmethod
    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        """Pick one of ``legal``."""


BotFactory = Callable[[str, int], Bot]  # (argument text after the name, seed) -> Bot
_BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """``random`` or ``name:key=value:...`` -> a Bot."""
    name, _, args = spec.partition(":")
    try:
        factory = _BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(['human', *bot_names()])}") from None
    return factory(args, seed)


def choose_for(bot: Bot, game: Game, seat: int, rng: Rng) -> Action:
    """Ask ``bot`` for a move in ``game`` without showing it anything hidden."""
    legal = game.legal_actions()
    view = game.determinize(seat, rng.next64()) if bot.needs_view else None
    return bot.choose(legal, view, seat)
