"""Bots usable as seats everywhere (``--seats random,progress``)."""
from tawa.bots import random_bot as _random_bot  # noqa: F401  (registers "random", "progress")
from tawa.bots.base import Bot, bot_names, choose_for, make_bot, register_bot

__all__ = ["Bot", "bot_names", "choose_for", "make_bot", "register_bot"]
