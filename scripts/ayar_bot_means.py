"""Mean Sun, Moon and final score (after Llamas) of Ayar per player count, with a bot in every seat.

    .venv/bin/python scripts/ayar_bot_means.py greedy 200      # -> the closing-note table of issue 5

Bots get only their determinized views (`tawa.bots.choose_for`); seeds 1000..1000+N-1.
"""

from __future__ import annotations

import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

import tawa
from tawa.bots import choose_for, make_bot
from tawa.lab.playout import automated_options


def one(args: tuple[int, int, str]) -> list[tuple[int, int, int]]:
    players, seed, bot = args
    g = tawa.new_game("ayar", players, seed, automated_options("ayar", None))
    bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
    rng = tawa.Rng(seed)
    while not g.is_over:
        s = g.current_player
        assert s is not None
        g.apply(choose_for(bots[s], g, s, rng))
    return [(f.sun, f.moon, f.final) for f in g.state.final]  # Sun, Moon after Llamas; final score


def main() -> None:
    bot, n = sys.argv[1], int(sys.argv[2])
    out = {}
    with ProcessPoolExecutor(2) as ex:
        for players in (1, 2, 3, 4):
            rows = [r for res in ex.map(one, [(players, 1000 + i, bot) for i in range(n)]) for r in res]
            out[players] = {
                k: round(statistics.fmean(x[i] for x in rows), 1) for i, k in enumerate(("sun", "moon", "final"))
            }
            print(players, out[players], flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
