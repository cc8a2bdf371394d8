"""Bots usable as seats everywhere (``--seats ismcts,greedy,random``).

``random`` and ``progress`` (random_bot.py), ``greedy`` (greedy.py: one-ply lookahead with
the game's evaluation function from ``tawa.bots.heuristics``) and ``ismcts`` (ismcts.py:
information-set MCTS) and ``policy`` (learned.py: a trained model, ``policy:path=model.zip``). Every
bot sees only its legal actions and a determinized, redacted view (``make_view``), never the true state.
"""

from tawa.bots import greedy as _greedy  # noqa: F401  (registers "greedy")
from tawa.bots import ismcts as _ismcts  # noqa: F401  (registers "ismcts")
from tawa.bots import learned as _learned  # noqa: F401  (registers "policy": a trained model, tawa.rl.policy)
from tawa.bots import random_bot as _random_bot  # noqa: F401  (registers "random", "progress")
from tawa.bots.base import (
    Bot,
    bot_names,
    choose_for,
    clamp_spec,
    make_bot,
    make_view,
    parse_bot_args,
    register_bot,
    spec_settings,
)

__all__ = [
    "Bot",
    "bot_names",
    "choose_for",
    "clamp_spec",
    "make_bot",
    "make_view",
    "parse_bot_args",
    "register_bot",
    "spec_settings",
]
