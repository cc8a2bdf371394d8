"""Balance check: mean Sun, Moon and final score per player count (spec C18 targets: Sun and Moon each
roughly 80-120 per player for competent bots).

    python scripts/ayar_balance.py                    # 200 random games per player count
    python scripts/ayar_balance.py --games 50 --policy greedy --players 2 4

``random`` picks uniformly among legal actions. ``greedy`` plans each whole Day turn: it samples
``--samples`` random completions of the turn (all its sub-decisions) and plays the one that maximises an
estimate of min(Sun, Moon) at game end (current scores, Inti for the Dusks left, this Night's activity and
Step-marker Moon for the Nights left, the Raymi tiles still to come, Temple markers). Neither is a strong
player: the numbers are a floor for the levers, not their tuning target.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

import tawa
from tawa.games.ayar.game import AyarGame
from tawa.games.ayar.strategy import game_estimate as estimate
from tawa.lab.playout import random_action


@dataclass
class Stats:
    sun: list[float] = field(default_factory=list)
    moon: list[float] = field(default_factory=list)
    final: list[float] = field(default_factory=list)
    raymi: list[int] = field(default_factory=list)
    fallback: list[int] = field(default_factory=list)
    seconds: float = 0.0


def _turn_key(g: AyarGame) -> tuple[int, int, int]:
    st = g.state
    return (st.round, st.turn, st.seat)


def plan_turn(g: AyarGame, rng: tawa.Rng, samples: int) -> list[str]:
    """Best of ``samples`` random completions of the current Day turn."""
    seat = g.current_player
    assert seat is not None
    key = _turn_key(g)
    best: list[str] = []
    best_v = float("-inf")
    for _ in range(samples):
        c = g.clone()
        seq: list[str] = []
        while not c.is_over and _turn_key(c) == key:
            pick = random_action(c, rng, biased=True)
            seq.append(pick.id)
            c.apply(pick.id)
        v = estimate(c, seat)
        if v > best_v:
            best, best_v = seq, v
    return best


def choose(g: AyarGame, policy: str, rng: tawa.Rng, plan: list[str], samples: int = 40) -> str:
    acts = g.legal_actions()
    if policy == "random" or (len(acts) == 1 and not plan):
        return acts[rng.below(len(acts))].id
    if not plan or plan[0] not in {a.id for a in acts}:
        plan[:] = plan_turn(g, rng, samples)
    return plan.pop(0)


def run(players: int, games: int, policy: str, seed: int = 0, samples: int = 40) -> Stats:
    s = Stats()
    t0 = time.perf_counter()
    for k in range(games):
        g = tawa.new_game("ayar", players=players, seed=seed + k)
        assert isinstance(g, AyarGame)
        rng = tawa.Rng(seed * 7919 + k)
        plans: dict[int, list[str]] = {}
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            g.apply(choose(g, policy, rng, plans.setdefault(seat, []), samples))
        for f in g.state.final:
            s.sun.append(f.sun)
            s.moon.append(f.moon)
            s.final.append(f.final)
        s.raymi.append(sum(1 for e in g.log if e.kind == "inti"))
        s.fallback.append(sum(1 for e in g.log if e.kind == "fallback"))
    s.seconds = time.perf_counter() - t0
    return s


def pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--policy", choices=("random", "greedy"), default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--samples", type=int, default=40, help="turn completions sampled by the greedy policy")
    args = ap.parse_args(argv)
    print(f"Ayar balance, {args.games} {args.policy} games per player count (per player, after Llamas)")
    print("players  mean Sun  mean Moon  mean final  final p10-p90  Raymi/game  fallback/game  games/s")
    for n in args.players:
        s = run(n, args.games, args.policy, args.seed, args.samples)
        print(
            f"{n:>7}  {statistics.mean(s.sun):8.1f}  {statistics.mean(s.moon):9.1f}  "
            f"{statistics.mean(s.final):10.1f}  {pct(s.final, 0.1):6.0f}-{pct(s.final, 0.9):<6.0f}  "
            f"{statistics.mean(s.raymi):10.2f}  {statistics.mean(s.fallback):13.2f}  {args.games / s.seconds:7.1f}"
        )


if __name__ == "__main__":
    main()
