"""Train MaskablePPO (sb3-contrib) on Ayar, 2 players: first against ``random``, then against ``greedy``.

    pip install torch==2.13.0 && pip install -e '.[rl]'       # torch's CPU build first (docs/rl.md)
    OMP_NUM_THREADS=1 python examples/train_maskable_ppo.py --out runs/ayar    # the budget of docs/rl.md
    OMP_NUM_THREADS=1 python examples/train_maskable_ppo.py --random-steps 2560 --greedy-steps 512 --n-steps 512 \
        --eval-every 2048 --eval-games 1 --out /tmp/smoke                        # the smoke run of CI (tests/rl)

The learner's seat rotates episode by episode (``gym_env(..., seat="rotate")``); the reward is the final ranking
(+1 a win, -1 a loss). Every ``--eval-every`` steps the current policy plays ``--eval-games`` seat-rotated games
against ``random`` and against ``greedy`` (deterministic, fresh deals), which makes the learning curve. Written to
``--out``: ``model.zip`` (the policy, for ``tawa simulate --seats policy:path=OUT/model.zip,random``),
``curve.csv``, ``curve.png`` and ``summary.json`` (budget, seconds, final evaluation); at every evaluation
``checkpoint.zip`` and a line of ``curve.jsonl``, so an interrupted run can go on with ``--start-from``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one thread trains fastest on small MLPs (docs/rl.md)

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import tawa.rl

GAME, PLAYERS = "ayar", 2


def evaluate(model: MaskablePPO, opponent: str, games: int, seed: int) -> dict[str, float]:
    """Seat-rotated games of the deterministic policy against ``opponent``: win share and mean reward."""
    env = tawa.rl.gym_env(GAME, PLAYERS, opponents=opponent, seat="rotate")
    wins = 0.0
    total = 0.0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        total += float(reward)
        wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return {"win_share": wins / games, "mean_reward": total / games}


class Curve(BaseCallback):  # type: ignore[misc]
    """Evaluates every ``every`` steps and keeps the learning curve."""

    def __init__(
        self, every: int, games: int, offset: int, rows: list[dict[str, Any]], started: float, out: Path
    ) -> None:
        super().__init__()
        self.every, self.games, self.offset, self.rows, self.started = every, games, offset, rows, started
        self.next = every
        self.out = out

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            self.record()
        return True

    def record(self) -> None:
        step = self.offset + self.num_timesteps
        seed = 10_000_000 + 1000 * len(self.rows)
        vs_random = evaluate(self.model, "random", self.games, seed)
        vs_greedy = evaluate(self.model, "greedy", self.games, seed)
        row = {
            "steps": step,
            "seconds": round(time.time() - self.started, 1),
            "win_vs_random": vs_random["win_share"],
            "win_vs_greedy": vs_greedy["win_share"],
        }
        self.rows.append(row)
        print(json.dumps(row), flush=True)
        # an interrupted run keeps its curve and its latest policy (continue with --start-from)
        with (self.out / "curve.jsonl").open("a") as f:
            f.write(json.dumps(row) + "\n")
        self.model.save(self.out / "checkpoint.zip")


def plot(rows: list[dict[str, Any]], switch: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [r["steps"] for r in rows]
    ax.plot(steps, [r["win_vs_random"] for r in rows], marker="o", label="vs random")
    ax.plot(steps, [r["win_vs_greedy"] for r in rows], marker="s", label="vs greedy")
    if switch:
        ax.axvline(switch, color="grey", linestyle="--", linewidth=1)
        ax.text(switch, 0.03, " trained against greedy", color="grey", fontsize=8, ha="left")
    ax.axhline(0.5, color="black", linewidth=0.5)
    ax.set_ylim(0, 1)
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("win share (seat-rotated, deterministic policy)")
    ax.set_title("MaskablePPO on Ayar, 2 players")
    ax.legend(loc="center right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--random-steps", type=int, default=300_000, help="training steps against random")
    ap.add_argument("--greedy-steps", type=int, default=100_000, help="then training steps against greedy")
    ap.add_argument(
        "--n-steps",
        type=int,
        default=2048,
        help="steps collected per PPO update (a phase runs whole updates: make each phase's steps a multiple)",
    )
    ap.add_argument("--eval-every", type=int, default=25_000)
    ap.add_argument("--eval-games", type=int, default=40, help="games per opponent at each evaluation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start-from", type=Path, default=None, help="a saved model (checkpoint.zip) to go on training")
    ap.add_argument("--out", type=Path, default=Path("runs/ayar"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(int(os.environ["OMP_NUM_THREADS"]))
    started = time.time()
    rows: list[dict[str, Any]] = []

    env = tawa.rl.gym_env(GAME, PLAYERS, opponents="random", seat="rotate")
    if args.start_from is not None:
        model = MaskablePPO.load(args.start_from, env=env, device="cpu")
    else:
        model = MaskablePPO(
            "MlpPolicy",
            env,
            seed=args.seed,
            n_steps=args.n_steps,
            batch_size=min(256, args.n_steps),
            n_epochs=5,
            learning_rate=3e-4,
            gamma=0.997,
            ent_coef=0.01,
            policy_kwargs={"net_arch": [256, 256]},
            verbose=0,
            device="cpu",
        )
    curve = Curve(args.eval_every, args.eval_games, 0, rows, started, args.out)
    curve.init_callback(model)
    curve.record()  # the untrained policy
    if args.random_steps:
        model.learn(args.random_steps, callback=curve)
    if args.greedy_steps:
        model.set_env(tawa.rl.gym_env(GAME, PLAYERS, opponents="greedy", seat="rotate"))
        curve.offset, curve.next = args.random_steps, args.eval_every
        model.learn(args.greedy_steps, callback=curve, reset_num_timesteps=True)
    model.save(args.out / "model.zip")
    final_games = max(args.eval_games, 1)
    summary = {
        "game": GAME,
        "players": PLAYERS,
        "random_steps": args.random_steps,
        "greedy_steps": args.greedy_steps,
        "n_steps": args.n_steps,
        "seed": args.seed,
        "train_seconds": round(time.time() - started, 1),
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "obs_size": int(np.prod(env.observation_space.shape)),
        "actions": int(env.action_space.n),
        "curve": rows,
        "final": {
            "vs_random": evaluate(model, "random", final_games, 20_000_000),
            "vs_greedy": evaluate(model, "greedy", final_games, 20_000_000),
        },
    }
    with (args.out / "curve.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    plot(rows, args.random_steps if args.greedy_steps else 0, args.out / "curve.png")
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary["final"]))


if __name__ == "__main__":
    main()
