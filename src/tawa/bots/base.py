"""The bot interface, the bot registry and the seat-spec parser (``--seats human,random,...``).

A bot spec is ``name`` or ``name:key=value:key=value`` (colon-separated, so a comma always
separates seats): ``ismcts:iters=2000:c=0.7``.
"""

from __future__ import annotations

import math
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
Range = tuple[float, float]
_BOTS: dict[str, BotFactory] = {}
_SETTINGS: dict[str, tuple[dict[str, Any], dict[str, Range]]] = {}  # name -> (defaults, ranges) of its spec
SPEC_CHARS = 200  # the longest bot spec


def register_bot(
    name: str, factory: BotFactory, defaults: dict[str, Any] | None = None, ranges: dict[str, Range] | None = None
) -> None:
    """Make a bot usable as ``name`` or ``name:key=value:...``: ``defaults`` are the keys its spec takes (typed by
    their default), ``ranges`` the inclusive (least, most) of each number among them. Every number of a spec must
    be declared a range: a seat's spec may come from a stranger (the game server)."""
    defaults = dict(defaults or {})
    ranges = dict(ranges or {})
    unranged = [
        k for k, v in defaults.items() if isinstance(v, int | float) and not isinstance(v, bool) and k not in ranges
    ]
    if unranged:
        raise ValueError(f"bot {name}: every number of its spec needs a range, not {', '.join(unranged)}")
    _BOTS[name] = factory
    _SETTINGS[name] = (defaults, ranges)


def spec_settings(spec: str) -> tuple[str, dict[str, Any]]:
    """A spec's bot name and its settings (defaults with the spec's values on top), checked against the
    declared ranges; ``ValueError`` in the user's terms otherwise."""
    if len(spec) > SPEC_CHARS:
        raise ValueError(f"a bot spec has at most {SPEC_CHARS} characters")
    name, _, args = spec.partition(":")
    if name not in _BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(['human', *bot_names()])}")
    defaults, ranges = _SETTINGS[name]
    return name, parse_bot_args(args, defaults, name, ranges)


def clamp_spec(spec: str, limits: dict[str, float] | None = None) -> str:
    """The nearest valid spec to ``spec`` (which may predate the declared ranges, e.g. one stored by the server
    before them): each known setting brought within its range (and within ``limits``, most values by key),
    unreadable or unknown settings dropped, an unknown bot replaced by ``ismcts``."""
    name, _, args = spec.partition(":")
    if name not in _BOTS:
        return "ismcts"
    defaults, ranges = _SETTINGS[name]
    kept = []
    for part in filter(None, (p.strip() for p in args.split(":"))):
        key, _, text = part.partition("=")
        key = key.strip()
        if key not in defaults:
            continue
        default = defaults[key]
        if key in ranges and isinstance(default, int | float) and not isinstance(default, bool):
            try:
                number = float(text)
            except ValueError:
                continue
            if math.isnan(number):
                continue
            lo, hi = ranges[key]
            if limits and key in limits:
                hi = min(hi, limits[key])
            number = min(max(number, lo), hi)
            kept.append(f"{key}={int(number)}" if isinstance(default, int) else f"{key}={number:g}")
            continue
        try:
            parse_bot_args(f"{key}={text}", defaults, name)
        except ValueError:
            continue
        kept.append(f"{key}={text.strip()}")
    out = ":".join([name, *kept])
    try:
        spec_settings(out)
    except ValueError:
        return name
    return out


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


def parse_bot_args(
    args: str, defaults: dict[str, Any], bot: str, ranges: dict[str, Range] | None = None
) -> dict[str, Any]:
    """``"iters=2000:c=0.7"`` -> ``{"iters": 2000, "c": 0.7}``, typed like ``defaults``; numbers must be finite
    and, for a key of ``ranges``, within its (least, most).
    Unknown keys and bad values raise ``ValueError`` naming the bot and the keys it takes."""
    out = dict(defaults)
    for part in filter(None, (p.strip() for p in args.split(":"))):
        key, eq, text = part.partition("=")
        key = key.strip()
        if not eq or key not in defaults:
            known = ", ".join(f"{k}={v}" for k, v in defaults.items()) or "no settings"
            raise ValueError(f"bot {bot}: cannot read {part[:40]!r}; it takes {known}")
        default = defaults[key]
        text = text.strip()
        try:
            if isinstance(default, bool):
                value: Any = text.lower() in ("1", "true", "yes", "on")
            elif isinstance(default, int) or (default is None and text.isdigit()):
                value = int(text) if len(text) <= 18 else float(text)
            elif isinstance(default, float) or default is None:
                value = float(text)
            else:
                value = text
        except ValueError:
            raise ValueError(f"bot {bot}: {key} must be a number, got {text[:40]!r}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"bot {bot}: {key} must be a finite number, got {text[:40]!r}")
        if ranges and key in ranges and not isinstance(value, bool) and isinstance(value, int | float):
            lo, hi = ranges[key]
            if not lo <= value <= hi:
                shown = text if len(text) <= 24 else f"a number of {len(text)} characters"
                raise ValueError(f"bot {bot}: {key} must be from {_number(lo)} to {_number(hi)}, got {shown}")
            if isinstance(default, int) and not isinstance(value, int):
                raise ValueError(f"bot {bot}: {key} must be a whole number, got {text[:40]!r}")
        out[key] = value
    return out


def _number(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


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
