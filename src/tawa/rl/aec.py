"""A Tawa game as a PettingZoo AEC environment (``tawa.rl.env``).

Agents ``player_0 .. player_{n-1}`` are the seats; the agent selected is the seat to decide now (a seat may take
several decisions in a row: the steps of its turn). Each agent observes ``{"observation": float32 vector (the
game's encoding of its own observation), "action_mask": int8 vector over the game's fixed action space}`` (the mask
is all zero for an agent not to move). Rewards, termination, truncation and illegal actions: ``tawa.rl.match``.
``max_cycles`` truncates the episode after that many steps (decisions). ``render()`` gives the public (spectator)
picture: text for ``render_mode="ansi"`` (printed for ``"human"``), the board's SVG document for ``"svg"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tawa.rl.match import Match, agent_name

RENDER_MODES = ("ansi", "human", "svg")


class TawaAEC(AECEnv):  # type: ignore[misc]
    """See the module docstring; build it with ``tawa.rl.env``."""

    metadata = {  # noqa: RUF012  (PettingZoo's own attribute)
        "render_modes": list(RENDER_MODES),
        "name": "tawa",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "rank",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.match = Match(game, players, options, reward, illegal, illegal_reward, max_cycles)
        self.render_mode = render_mode
        self.metadata = {**TawaAEC.metadata, "name": f"tawa_{game.replace('-', '_')}_v0"}
        n = self.match.players
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size, actions = self.match.encoder.size, self.match.actions
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(actions)
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @property
    def game(self) -> Any:
        """The Tawa game being played (the true state: for the harness, never for an agent)."""
        return self.match.game

    # ------------------------------------------------------------------ the AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match.start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self._mover())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.match.vector(seat), "action_mask": self.match.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        for a in self.agents:
            self.infos[a] = {}
        m = self.match
        refused = m.play(action)
        if refused is not None:
            self.infos[agent]["illegal"] = refused
            if m.illegal == "refuse":
                self.rewards[agent] = m.illegal_reward
        if m.over:
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] += m.final_reward(seat)
                self.terminations[a] = m.terminated
                self.truncations[a] = m.truncated
                self.infos[a].update(m.info(seat))
        else:
            self.agent_selection = agent_name(self._mover())
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _mover(self) -> int:
        seat = self.match.game.current_player
        return seat if seat is not None else 0

    # ------------------------------------------------------------------ pictures
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        g = self.match.game
        if self.render_mode == "svg":
            svg = type(g).board_svg(g.observation(None))
            return svg if svg is not None else g.render(None)
        text = g.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
