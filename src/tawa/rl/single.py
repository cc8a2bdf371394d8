"""A Tawa game as a single-agent Gymnasium environment (``tawa.rl.gym_env``): one seat learns, the other seats are
Tawa bots (any bot spec: ``"random"``, ``"greedy"``, ``"ismcts:iters=200"``, ``"policy:path=model.zip"``), which
play in between the learner's decisions exactly as ``tawa simulate`` seats them (each sees only its legal actions
and a determinized view).

The observation is the game's encoding of the learner's observation (a float32 vector in [0, 1]); the action is an
index of the game's fixed action space; ``action_masks()`` (and ``info["action_mask"]``) is the legal-action mask,
as sb3-contrib's MaskablePPO reads it. ``seat`` is the learner's seat, or ``"rotate"``: seat ``k mod n`` in the
k-th episode. Rewards, truncation and illegal actions: ``tawa.rl.match``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tawa.bots.base import Bot, choose_for, make_bot
from tawa.core.errors import BadOption
from tawa.core.rng import Rng
from tawa.rl.match import Match


class TawaGym(gymnasium.Env[np.ndarray, np.int64]):
    """See the module docstring; build it with ``tawa.rl.gym_env``."""

    metadata = {"render_modes": ["ansi", "svg"]}  # noqa: RUF012  (gymnasium's own attribute)

    def __init__(
        self,
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
    ) -> None:
        super().__init__()
        self.match = Match(game, players, options, reward, illegal, illegal_reward, max_cycles)
        n = self.match.players
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise BadOption(f"opponents: {n - 1} bot spec(s) for {n} players, got {len(specs)}")
        for spec in specs:
            make_bot(spec, 0)  # a bad spec is refused now, not at the first step
        self.opponent_specs = specs
        if seat != "rotate" and (not isinstance(seat, int) or not 0 <= seat < n):
            raise BadOption(f"seat must be 0 to {n - 1} or 'rotate', not {seat!r}")
        self.seat_rule = seat
        self.seat = 0 if seat == "rotate" else int(seat)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (self.match.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.match.actions)
        self.episodes = 0
        self._bots: dict[int, Bot] = {}
        self._rng = Rng(0)

    @property
    def game(self) -> Any:
        """The Tawa game being played (the true state: for the harness, never for the learner)."""
        return self.match.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        m = self.match
        m.start(seed)
        n = m.players
        if self.seat_rule == "rotate":
            self.seat = self.episodes % n
        self.episodes += 1
        others = [s for s in range(n) if s != self.seat]
        self._bots = {s: make_bot(spec, seed * 31 + s) for s, spec in zip(others, self.opponent_specs, strict=True)}
        self._rng = Rng(seed ^ 0x5EED)
        self._opponents_play()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        m = self.match
        if m.over:
            raise RuntimeError("step() after the episode ended: call reset()")
        refused = m.play(action)
        reward = m.illegal_reward if refused is not None and m.illegal == "refuse" else 0.0
        if refused is None:
            self._opponents_play()
        info = self._info()
        if refused is not None:
            info["illegal"] = refused
        if m.over:
            reward += m.final_reward(self.seat)
        return self._observe(), reward, m.terminated, m.truncated, info

    def _opponents_play(self) -> None:
        m = self.match
        g = m.game
        while not m.over and g.current_player != self.seat:
            seat = g.current_player
            assert seat is not None
            g.apply(choose_for(self._bots[seat], g, seat, self._rng))
            m.cycles += 1

    def _observe(self) -> np.ndarray:
        return self.match.vector(self.seat)

    def _info(self) -> dict[str, Any]:
        info = self.match.info(self.seat)
        info["action_mask"] = self.match.mask(self.seat).astype(bool)
        info["seat"] = self.seat
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (sb3-contrib's MaskablePPO calls this)."""
        mask = self.match.mask(self.seat).astype(bool)
        if not mask.any():  # the episode is over: any action (it will not be taken)
            mask[:] = True
        return mask

    def render(self) -> str | None:
        g = self.match.game
        if self.render_mode == "svg":
            svg = type(g).board_svg(g.observation(self.seat))
            return svg if svg is not None else g.render(self.seat)
        if self.render_mode == "ansi":
            return g.render(self.seat)
        return None
