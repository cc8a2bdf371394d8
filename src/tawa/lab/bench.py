"""``tawa bench``: speed and memory figures of a game's engine.

Everything is measured in one process, side by side, on the same states, so the
ratios (clone vs deepcopy) are meaningful on any machine; absolute rates depend on
the machine, which the report names.
"""

from __future__ import annotations

import copy
import gc
import os
import platform
import time
import tracemalloc
from collections.abc import Mapping
from typing import Any

from tawa.core.game import Game
from tawa.core.registry import game_class, new_game
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options, random_playout


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.system(),
    }


def _timed(fn: Any, min_seconds: float) -> tuple[int, float]:
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        el = time.perf_counter() - start
        if el >= min_seconds:
            return n, el


def _mid_game_states(game_id: str, players: int, options: Mapping[str, Any], count: int, seed: int) -> list[Game]:
    rng = Rng(seed)
    states: list[Game] = []
    i = 0
    while len(states) < count:
        g = new_game(game_id, players, seed + i, options)
        full = g.clone()
        length = random_playout(full, Rng(seed + i), biased=True)
        stop = length // 4 + rng.below(max(1, length // 2))
        random_playout(g, Rng(seed + i), biased=True, stop_after=stop)  # the same game, cut at `stop`
        if not g.is_over:
            states.append(g)
        i += 1
    return states


def run_bench(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seconds: float = 3.0,
    seed: int = 1,
    states: int = 8,
) -> dict[str, Any]:
    """Measure and return the figures (also what ``--json`` prints)."""
    info = game_class(game_id).info
    n_players = players or info.players[min(1, len(info.players) - 1)]
    opts = automated_options(game_id, options)

    # 1. random playouts: games/s and actions/s (uniform random moves)
    games = actions = 0
    capped = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        g = new_game(game_id, n_players, seed + games, opts)
        actions += random_playout(g, Rng(seed + games))
        capped += g.capped
        games += 1
    el = time.perf_counter() - start

    # 2. clone vs deepcopy on the same mid-game states, side by side
    mids = _mid_game_states(game_id, n_players, opts, states, seed)
    per = max(0.05, seconds / 6) / len(mids)
    clone_n = clone_t = deep_n = deep_t = 0.0
    for s in mids:
        n, t = _timed(s.clone, per)
        clone_n += n
        clone_t += t
        n, t = _timed(lambda s=s: copy.deepcopy(s), per)
        deep_n += n
        deep_t += t
    clone_rate, deep_rate = clone_n / clone_t, deep_n / deep_t

    # 3. legal-action generation and determinize
    def legal() -> None:
        for s in mids:
            s._legal_cache = None
            s.legal_actions()

    n, t = _timed(legal, max(0.05, seconds / 10))
    legal_rate = n * len(mids) / t
    n, t = _timed(lambda: [s.determinize(s.current_player or 0, 7) for s in mids], max(0.05, seconds / 10))
    det_rate = n * len(mids) / t

    # 4. ismcts search speed on the same states (iterations/s), and one move at the default strength
    ismcts = _bench_ismcts(mids, seed, max(0.1, seconds / 5))

    # 5. learning environments: env steps/s beside the engine's actions/s, and what the encoding costs
    env = bench_env(game_id, n_players, opts, mids, max(0.4, seconds), seed)

    # 6. peak memory per state (clones of mid-game states)
    gc.collect()
    tracemalloc.start()
    keep = [s.clone() for s in mids for _ in range(20)]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    per_state = peak / len(keep)
    del keep
    json_bytes = sum(len(s.to_json()) for s in mids) / len(mids)

    return {
        "game": game_id,
        "players": n_players,
        "options": dict(opts),
        "machine": machine(),
        "single_core": True,
        "random_playout": {
            "games": games,
            "seconds": round(el, 3),
            "games_per_s": round(games / el, 2),
            "actions_per_s": round(actions / el, 1),
            "mean_length": round(actions / games, 1),
            "capped_games": capped,
        },
        "clone_per_s": round(clone_rate, 1),
        "deepcopy_per_s": round(deep_rate, 1),
        "clone_vs_deepcopy": round(clone_rate / deep_rate, 1),
        "legal_actions_per_s": round(legal_rate, 1),
        "determinize_per_s": round(det_rate, 1),
        "bytes_per_state": int(per_state),
        "json_bytes_per_state": int(json_bytes),
        "mid_game_states": len(mids),
        "ismcts": ismcts,
        "env": env,
    }


def bench_env(
    game_id: str, players: int, opts: Mapping[str, Any], mids: list[Game], budget: float, seed: int
) -> dict[str, Any] | None:
    """The PettingZoo AEC environment (``tawa.rl.env``) driven by uniform random legal actions read from its action
    masks, each step followed by the next agent's ``observe`` (what a learner does), beside the bare engine playing
    uniform random actions: both in alternating blocks of ``BLOCK`` seconds, so that they share the machine's load
    and their ratio means something on a busy machine. Also the cost of one seat's ``observation()`` and of its
    encoding on the mid-game states (alternating too). ``None`` for a game without an encoding; without the ``rl``
    extra the env rate is ``None`` and the other figures are still measured."""
    from tawa.core.encoding import encoder_for, encoding_module

    if encoding_module(type(mids[0])) is None:
        return None
    enc = encoder_for(mids[0])
    observations = [s.observation(s.current_player) for s in mids]
    spent = {"obs": [0, 0.0], "enc": [0, 0.0], "engine": [0, 0.0], "env": [0, 0.0]}

    def block(key: str, step: Any) -> None:
        n, t = _timed(step, BLOCK)
        spent[key][0] += n
        spent[key][1] += t

    rounds = max(1, int(budget / (4 * BLOCK)))
    for _ in range(rounds):
        block("obs", lambda: [s.observation(s.current_player) for s in mids])
        block("enc", lambda: [enc.encode(o) for o in observations])
    obs_us = spent["obs"][1] / (spent["obs"][0] * len(mids)) * 1e6
    enc_us = spent["enc"][1] / (spent["enc"][0] * len(mids)) * 1e6
    out: dict[str, Any] = {
        "encoding_size": enc.size,
        "actions": enc.actions,
        "observation_us": round(obs_us, 1),
        "encode_us": round(enc_us, 1),
        "engine_actions_per_s": None,
        "env_steps_per_s": None,
        "ratio": None,
    }
    try:
        import tawa.rl

        aec = tawa.rl.env(game_id, players, opts)
    except ImportError:
        out["note"] = "PettingZoo is not installed (pip install 'tawa[rl]'): no env rate"
        return out
    import numpy as np

    rng = np.random.default_rng(seed)
    engine_rng = Rng(seed)
    aec.reset(seed=seed)
    game = new_game(game_id, players, seed, opts)
    resets = [0]

    def env_step() -> None:
        agent = aec.agent_selection
        obs = aec.observe(agent)
        if aec.terminations[agent] or aec.truncations[agent]:
            resets[0] += 1
            aec.reset(seed=seed + resets[0])
            obs = aec.observe(aec.agent_selection)
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))

    def engine_step() -> None:
        nonlocal game
        if game.is_over:
            resets[0] += 1
            game = new_game(game_id, players, seed + resets[0], opts)
        legal = game.legal_actions()
        game.apply(legal[engine_rng.below(len(legal))])

    for _ in range(rounds):
        block("engine", engine_step)
        block("env", env_step)
    engine = spent["engine"][0] / spent["engine"][1]
    env = spent["env"][0] / spent["env"][1]
    out.update(engine_actions_per_s=round(engine, 1), env_steps_per_s=round(env, 1), ratio=round(env / engine, 3))
    return out


BLOCK = 0.05  # seconds of one alternating measurement block


def _bench_ismcts(mids: list[Game], seed: int, budget: float) -> dict[str, Any]:
    """ISMCTS iterations/s at the game's own settings (depth, rollout, c; a time budget
    spread over the mid-game states) and the time of one move at the default strength
    (``ismcts`` with no arguments, so with the game's own defaults) on the first two states."""
    from tawa.bots.base import make_bot, make_view
    from tawa.bots.ismcts import IsmctsBot

    bot = make_bot(f"ismcts:time={budget / len(mids)}", seed)
    assert isinstance(bot, IsmctsBot)
    iters, spent = 0, 0.0
    for i, s in enumerate(mids):
        seat = s.current_player or 0
        bot.search(make_view(s, seat, seed + i), seat, s.legal_actions())
        iters += bot.last_iterations
        spent += bot.last_seconds
    default = make_bot("ismcts", seed)
    assert isinstance(default, IsmctsBot)
    moves = []
    for i, s in enumerate(mids[:2]):
        seat = s.current_player or 0
        view = make_view(s, seat, seed + i)
        start = time.perf_counter()
        default.choose(s.legal_actions(), view, seat)
        moves.append(time.perf_counter() - start)
    return {
        "iterations_per_s": round(iters / spent, 1),
        "iterations": iters,
        "default_iters": default.iters,
        "default_depth": default.depth,
        "default_move_seconds": round(max(moves), 3),
    }
