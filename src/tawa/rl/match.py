"""What the PettingZoo and Gymnasium environments share: one Tawa game with its encoder, seeds, rewards and the
handling of illegal actions (``tawa.rl.env``, ``tawa.rl.gym_env``; documented in ``docs/rl.md``).

Rewards come only at the end. ``reward="rank"`` (the default) is the final ranking as a zero-sum value: the share
of the other seats a seat finished ahead of, minus the share that finished ahead of it (2 players: +1 a win, -1 a
loss, 0 a shared first place; 4 players: 1, 1/3, -1/3, -1 for places 1-4). ``reward="score"`` is the seat's final
score minus the mean of the other seats' scores (points of the game). A game stopped by a [D] safety cap (or by
``max_cycles``) is *truncated*, with reward 0 for every seat: it has no outcome.

Illegal actions (a learner that ignores the action mask): ``illegal="lose"`` (PettingZoo's convention for board
games) ends the game at once, ``illegal_reward`` (-1) for the offender and 0 for the others; ``"refuse"`` leaves the
game exactly as it was, gives ``illegal_reward`` to the offender and asks it again; ``"raise"`` raises
``IllegalAction``. Either way ``info["illegal"]`` names the rule that forbids the action.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np

from tawa.core.encoding import Encoder, Vector, encoder_for
from tawa.core.errors import BadOption, IllegalAction
from tawa.core.game import SEED_LIMIT, Game
from tawa.core.registry import game_class, new_game
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options

REWARDS = ("rank", "score")
ILLEGAL = ("lose", "refuse", "raise")


def rank_reward(game: Game, seat: int) -> float:
    """The final ranking as a zero-sum value in [-1, 1] (see the module's docstring)."""
    ranking = game.ranking()
    n = game.players
    if n == 1:  # solo: the ranking has one seat; a score band would be the measure, not a reward
        return 0.0
    mine = ranking[seat]
    ahead = sum(1 for s in range(n) if s != seat and ranking[s] > mine)
    behind = sum(1 for s in range(n) if s != seat and ranking[s] < mine)
    return (ahead - behind) / (n - 1)


def score_reward(game: Game, seat: int) -> float:
    """The seat's final score minus the mean of the other seats' (its score alone in a solo game)."""
    scores = game.scores()
    others = [float(v) for s, v in enumerate(scores) if s != seat]
    return float(scores[seat]) - (sum(others) / len(others) if others else 0.0)


class Match:
    """One game played through an environment: the game, its encoder and the seed sequence of its episodes."""

    def __init__(
        self,
        game: str,
        players: int | None,
        options: Mapping[str, Any] | None,
        reward: str,
        illegal: str,
        illegal_reward: float,
        max_cycles: int | None,
    ) -> None:
        cls = game_class(game)
        if reward not in REWARDS:
            raise BadOption(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise BadOption(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if max_cycles is not None and (not isinstance(max_cycles, int) or max_cycles < 1):
            raise BadOption(f"max_cycles must be a positive whole number or None, not {max_cycles!r}")
        self.game_id = game
        self.players = players if players is not None else cls.info.min_players
        self.options = automated_options(game, options)  # the [D] safety caps, as in tawa simulate
        self.reward = rank_reward if reward == "rank" else score_reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_cycles = max_cycles
        self.game: Game = new_game(game, self.players, 0, self.options)  # checks players and options now
        self.encoder: Encoder = encoder_for(self.game)
        self.cycles = 0
        self.forfeit: int | None = None  # the seat that lost by an illegal action
        self._seeds = Rng(secrets.randbits(64))  # the episodes' seeds until reset(seed=...) is given

    @property
    def actions(self) -> int:
        return self.encoder.actions

    def start(self, seed: int | None) -> None:
        """A new game: from ``seed`` (which also restarts the sequence of later episodes' seeds), or the next seed
        of that sequence."""
        if seed is not None:
            self._seeds = Rng(int(seed) % SEED_LIMIT)
            game_seed = int(seed) % SEED_LIMIT
        else:
            game_seed = self._seeds.next64()
        self.game = new_game(self.game_id, self.players, game_seed, self.options)
        self.cycles = 0
        self.forfeit = None

    # ------------------------------------------------------------------ what a seat sees
    def vector(self, seat: int) -> Vector:
        return self.encoder.encode(self.game.observation(seat))

    def mask(self, seat: int) -> np.ndarray:
        """The legal-action mask of ``seat`` (all zero when it is not to move)."""
        m = np.zeros(self.encoder.actions, np.int8)
        if not self.over and self.game.current_player == seat:
            space = self.game.action_space
            for a in self.game.legal_actions():
                m[space.index(a)] = 1
        return m

    # ------------------------------------------------------------------ playing
    def play(self, action: int) -> str | None:
        """Apply the mover's action index; returns the illegal-action message, if it was refused or lost."""
        g = self.game
        mover = g.current_player
        assert mover is not None
        self.cycles += 1
        try:
            aid = g.action_space.id_of(int(action))
        except (IndexError, ValueError, TypeError):
            err = IllegalAction(f"{action!r} is not an action index (0 to {self.encoder.actions - 1})")
        else:
            try:
                g.apply(aid)
                return None
            except IllegalAction as e:
                err = e
        if self.illegal == "raise":
            raise err
        if self.illegal == "lose":
            self.forfeit = mover
        return str(err)

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.game.is_over or self.truncated

    @property
    def terminated(self) -> bool:
        return self.forfeit is not None or (self.game.is_over and not self.game.capped)

    @property
    def truncated(self) -> bool:
        if self.forfeit is not None:
            return False
        return (self.game.is_over and self.game.capped) or (
            not self.game.is_over and self.max_cycles is not None and self.cycles >= self.max_cycles
        )

    def final_reward(self, seat: int) -> float:
        """The reward of ``seat`` once the episode is over (0 before, and 0 for a truncated game)."""
        if self.forfeit is not None:
            return self.illegal_reward if seat == self.forfeit else 0.0
        if not self.terminated:
            return 0.0
        return self.reward(self.game, seat)

    def info(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.game.is_over and not self.game.capped:
            out["ranking"] = self.game.ranking()
            out["scores"] = [float(v) for v in self.game.scores()]
        return out


def agent_name(seat: int) -> str:
    return f"player_{seat}"
