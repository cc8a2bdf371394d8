"""Decision probe: compare bot settings on the same positions, without playing whole games.

Replays recorded games (the JSON lines of ``tawa simulate --out DIR``), stops at every ``--every``-th ply where the
seat to move has more than ``--min-actions`` actions, lets each bot spec choose there (seed fixed per position), and
scores each choice by a common yardstick: the mean, over ``--chance`` reseeded worlds, of the game's evaluator for
the choosing seat after greedy (full width, ties by the progress weights) has played the rest of that seat's turn.
Prints, per spec, the mean yardstick difference from the first spec, how many positions it did better or worse
(by more than 0.005), and its mean and slowest seconds per decision. The yardstick is the search a turn-level
lookahead performs, so it favours the old default (its own finish); a spec that beats it here still has to win
games. Round 6 of docs/studies/pachakuna-ismcts.md:

    python scripts/decision_probe.py results/pachakuna.jsonl --games 20:24 ismcts:prior=3:iters=3:c=0.02 \\
        ismcts:prior=10:iters=10:width=25:c=1

Caches inside the evaluator are shared by the specs of one process, so the times are only indicative: time one
spec per process for figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import tawa
from tawa.bots import make_bot
from tawa.bots.base import make_view
from tawa.bots.heuristics import evaluator_for
from tawa.bots.ismcts import IsmctsBot
from tawa.core.game import Game


def yardstick(game: Game, seat: int, action_id: str, finisher: IsmctsBot, seeds: range) -> float:
    evaluate = evaluator_for(game.info.id)
    values = []
    for seed in seeds:
        world = make_view(game, seat, seed)
        world.apply(action_id)
        finisher.finish_turn(world, seat, evaluate, "greedy")
        values.append(evaluate(world, seat))
    return statistics.mean(values)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", help="a GAME.jsonl written by tawa simulate --out")
    ap.add_argument("specs", nargs="+", help="bot specs; the first is the baseline")
    ap.add_argument("--games", default="0:4", help="FROM:TO, slice of the records (default 0:4)")
    ap.add_argument("--every", type=int, default=23, help="probe plies where ply %% EVERY == 5 (default 23)")
    ap.add_argument("--min-actions", type=int, default=100, help="probe only wider decisions (default 100)")
    ap.add_argument("--chance", type=int, default=3, help="reseeded worlds per yardstick (default 3)")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.games.split(":"))
    with open(args.records) as f:
        records = [json.loads(line) for line in f][lo:hi]
    finisher = make_bot("ismcts:ties=progress", 7)
    assert isinstance(finisher, IsmctsBot)
    scores: dict[str, list[float]] = {s: [] for s in args.specs}
    spent = {s: [0.0, 0.0] for s in args.specs}
    for rec in records:
        g = tawa.new_game(rec["game"], rec["players"], rec["seed"], rec["options"])
        for ply, action_id in enumerate(rec["history"]):
            if ply % args.every == 5 and not g.is_over and len(g.legal_actions()) > args.min_actions:
                seat = g.current_player
                assert seat is not None
                seen: dict[str, float] = {}
                for spec in args.specs:
                    bot = make_bot(spec, 11 + ply)
                    view = make_view(g, seat, 5 + ply)
                    start = time.perf_counter()
                    choice = bot.choose(view.legal_actions(), view, seat)
                    took = time.perf_counter() - start
                    spent[spec][0] += took
                    spent[spec][1] = max(spent[spec][1], took)
                    if choice.id not in seen:
                        seen[choice.id] = yardstick(g, seat, choice.id, finisher, range(1000, 1000 + args.chance))
                    scores[spec].append(seen[choice.id])
                print(f"game {rec['index']} ply {ply}:", [round(scores[s][-1], 3) for s in args.specs], flush=True)
            g.apply(action_id)
            if g.is_over:
                break
    base = scores[args.specs[0]]
    n = len(base)
    if not n:
        raise SystemExit("no position matched: widen --games or lower --min-actions")
    for spec in args.specs:
        diff = [x - y for x, y in zip(scores[spec], base, strict=True)]
        print(
            f"{spec}: mean difference {statistics.mean(diff):+.4f}, better {sum(d > 0.005 for d in diff)}, "
            f"worse {sum(d < -0.005 for d in diff)} of {n}; {spent[spec][0] / n:.3f} s a decision "
            f"(slowest {spent[spec][1]:.2f} s)"
        )


if __name__ == "__main__":
    main()
