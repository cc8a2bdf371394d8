"""The bot interface, the bot registry and the seat-spec parser (``--seats human,random,...``).

A bot spec is ``name`` or ``name:key=value:key=value`` (colon-separated, so a comma always
separates seats): ``ismcts:iters=2000:c=0.7``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from tawa.core.actions import Action
from tawa.core.game import REDACTED, Game  # noqa: F401  (REDACTED re-exported for bots)
from tawa.core.rng import Rng

"""What a view's history holds in place of each action id (ids may name hidden choices)."""


class Bot(ABC):
    """A seat played by the program.

    A bot never sees the true state: the runner gives it ``legal`` (its own legal
    actions, which the seat may see) and, only if ``needs_view`` is True, a view made
    by ``make_view`` — ``game.determinize(seat, rng)`` with the history and the seed
    redacted — so it cannot cheat by construction.
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


def parse_bot_args(args: str, defaults: dict[str, Any], bot: str) -> dict[str, Any]:
    """``"iters=2000:c=0.7"`` -> ``{"iters": 2000, "c": 0.7}``, typed like ``defaults``.
    Unknown keys and bad values raise ``ValueError`` naming the bot and the keys it takes."""
    out = dict(defaults)
    for part in filter(None, (p.strip() for p in args.split(":"))):
        key, eq, text = part.partition("=")
        key = key.strip()
        if not eq or key not in defaults:
            known = ", ".join(f"{k}={v}" for k, v in defaults.items())
            raise ValueError(f"bot {bot}: cannot read {part!r}; it takes {known}")
        default = defaults[key]
        try:
            if isinstance(default, bool):
                value: Any = text.strip().lower() in ("1", "true", "yes", "on")
            elif isinstance(default, int) or (default is None and text.strip().isdigit()):
                value = int(text)
            elif isinstance(default, float) or default is None:
                value = float(text)
            else:
                value = text.strip()
        except ValueError:
            raise ValueError(f"bot {bot}: {key} must be a number, got {text!r}") from None
        out[key] = value
    return out


def make_view(game: Game, seat: int, rng: Rng | int) -> Game:
    """What a bot may look at: ``game.determinize(seat, rng)`` (hidden parts resampled
    from what the seat saw, future chance reseeded, log filtered, history and seed
    blanked). Its ``observation(seat)`` equals the game's."""
    return game.determinize(seat, rng)


def choose_for(bot: Bot, game: Game, seat: int, rng: Rng) -> Action:
    """Ask ``bot`` for a move in ``game`` without showing it anything hidden."""
    legal = game.legal_actions()
    view = make_view(game, seat, rng.next64()) if bot.needs_view else None
    return bot.choose(legal, view, seat)
