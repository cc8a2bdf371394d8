"""The ``policy`` bot spec (``policy:path=model.zip``): a trained model as a seat. Its code lives in
``tawa.rl.policy`` and is imported, with torch and sb3-contrib (the ``rl`` extra), only when such a bot is made."""

from __future__ import annotations

from typing import Any

from tawa.bots.base import Bot, register_bot

DEFAULTS: dict[str, Any] = {"path": "", "deterministic": True}
"""The spec's settings: the model file and whether the policy takes its most likely action (no number: no range)."""


def _policy(args: str, seed: int) -> Bot:
    from tawa.rl.policy import factory

    return factory(args, seed)


register_bot("policy", _policy, DEFAULTS)
