"""The ``policy`` bot: a trained model plays a seat anywhere a bot does (``tawa simulate --seats
policy:path=model.zip,random``, ``tawa play``, the server's bot seats).

Spec: ``policy:path=FILE`` with ``:deterministic=1`` (default; ``0`` samples from the policy's distribution with the
bot's seeded RNG). FILE is a model saved by sb3-contrib's MaskablePPO (``examples/train_maskable_ppo.py``); it is
loaded once per file and process. Like every bot it sees only its legal actions and a determinized view: it encodes
the view's ``observation(seat)`` (equal to the true game's) with the game's encoding, masks the actions that are not
legal and plays the model's choice. A model trained for another game, player count or options (another vector size
or action space) is refused with a message saying so.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from tawa.bots.base import Bot, parse_bot_args
from tawa.bots.learned import DEFAULTS
from tawa.core.actions import Action
from tawa.core.encoding import encoder_for
from tawa.core.game import Game
from tawa.core.rng import Rng

_MODELS: dict[str, Any] = {}


def load_model(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (cached per process)."""
    key = os.path.abspath(path)
    model = _MODELS.get(key)
    if model is None:
        if not os.path.isfile(path):
            raise ValueError(f"bot policy: no model file {path!r}")
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:  # pragma: no cover (the rl extra is missing)
            raise ValueError("bot policy needs the rl extra: pip install 'tawa[rl]'") from None
        model = _MODELS[key] = MaskablePPO.load(path, device="cpu")
    return model


class PolicyBot(Bot):
    """Plays the action a trained policy picks among the legal ones."""

    name = "policy"
    needs_view = True

    def __init__(self, path: str, seed: int = 0, deterministic: bool = True) -> None:
        if not path:
            raise ValueError("bot policy: give the model file, e.g. policy:path=model.zip")
        self.path = path
        self.model = load_model(path)
        self.deterministic = deterministic
        self.rng = Rng(seed)
        self._checked: tuple[int, int] | None = None

    def choose(self, legal: list[Action], view: Game | None, seat: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        assert view is not None  # needs_view
        enc = encoder_for(view)
        self._check(enc.size, enc.actions, view)
        obs = enc.encode(view.observation(seat))
        space = view.action_space
        mask = np.zeros(enc.actions, bool)
        index = {}
        for a in legal:
            i = space.index(a)
            mask[i] = True
            index[i] = a
        if self.deterministic:
            action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
            chosen = int(action)
        else:
            chosen = self._sample(obs, mask)
        return index.get(chosen, legal[0])

    def _sample(self, obs: np.ndarray, mask: np.ndarray) -> int:
        """Draw from the masked policy distribution with the bot's own RNG (reproducible games)."""
        import torch

        policy = self.model.policy
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(obs)
            dist = policy.get_distribution(tensor, action_masks=mask[None, :])
            probs = dist.distribution.probs[0].cpu().numpy().astype(float)
        legal = np.flatnonzero(mask)
        weights = probs[legal]
        x = self.rng.random() * float(weights.sum())
        for i, w in zip(legal, weights, strict=True):
            x -= w
            if x < 0:
                return int(i)
        return int(legal[-1])

    def _check(self, size: int, actions: int, view: Game) -> None:
        if self._checked == (size, actions):
            return
        shape = self.model.observation_space.shape
        n = int(getattr(self.model.action_space, "n", -1))
        if shape != (size,) or n != actions:
            raise ValueError(
                f"bot policy: {self.path} was trained on observations of shape {shape} and {n} "
                f"actions; {view.info.name} with {view.players} players and these options has "
                f"{size} and {actions}"
            )
        self._checked = (size, actions)


def factory(args: str, seed: int) -> PolicyBot:
    p = parse_bot_args(args, DEFAULTS, "policy")
    return PolicyBot(str(p["path"]), seed, deterministic=bool(p["deterministic"]))
