"""Learning agents on Tawa games (optional extra ``tawa[rl]``; see ``docs/rl.md``).

- ``env(game, players=…, options=…, render_mode=…)``: a PettingZoo AEC environment (``tawa.rl.aec``);
- ``parallel_env(…)``: its parallel form (PettingZoo's ``turn_based_aec_to_parallel``: every live agent answers at
  every step, only the seat to move's action is played);
- ``gym_env(game, players=…, opponents="greedy", options=…)``: a Gymnasium environment in which one seat learns
  against Tawa bots, with ``action_masks()`` for sb3-contrib's MaskablePPO (``tawa.rl.single``);
- the ``policy:path=model.zip`` bot spec plays a trained model anywhere a bot plays (``tawa.rl.policy``).

The observations are the games' encodings (``games/<g>/encode.py``, ``tawa.core.encoding``), built from each seat's
``observation`` alone. Imports of PettingZoo and Gymnasium happen on first use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tawa.rl.aec import TawaAEC
    from tawa.rl.single import TawaGym

__all__ = ["env", "gym_env", "parallel_env"]


def env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    reward: str = "rank",
    illegal: str = "lose",
    illegal_reward: float = -1.0,
    max_cycles: int | None = None,
) -> TawaAEC:
    """A PettingZoo AEC environment of ``game`` (agents ``player_0…``); see ``tawa.rl.aec`` and ``tawa.rl.match``."""
    from tawa.rl.aec import TawaAEC

    return TawaAEC(game, players, options, render_mode, reward, illegal, illegal_reward, max_cycles)


def parallel_env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    reward: str = "rank",
    illegal: str = "lose",
    illegal_reward: float = -1.0,
    max_cycles: int | None = None,
) -> Any:
    """The parallel form of ``env`` (one step: one decision of the seat to move; the others' actions are ignored)."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(
        env(game, players, options, render_mode, reward, illegal, illegal_reward, max_cycles)
    )


def gym_env(
    game: str,
    players: int | None = None,
    opponents: str | Sequence[str] = "random",
    options: Mapping[str, Any] | None = None,
    seat: int | str = 0,
    reward: str = "rank",
    illegal: str = "lose",
    illegal_reward: float = -1.0,
    max_cycles: int | None = None,
    render_mode: str | None = None,
) -> TawaGym:
    """A Gymnasium environment in which ``seat`` learns against ``opponents`` (bot specs); see ``tawa.rl.single``."""
    from tawa.rl.single import TawaGym

    return TawaGym(game, players, opponents, options, seat, reward, illegal, illegal_reward, max_cycles, render_mode)
