"""How large and how slow the boards get at the far ends of the options a person may set (issue 23).

For each game and player count: the options at their declared ends (``tawa.core.extremes.extreme_options``; for
Ayar also every option at the end that draws most, ``ayar_largest``), a few progress-biased games, every 20th
position drawn for every seat and a spectator. Prints, as JSON lines, the largest board and chooser previews (kB)
and the drawings' CPU time (the mean and the slowest, in ms: the drawing thread's own time, which a busy machine's
waits do not inflate; the slowest wall-clock time too), beside the same at the default options. Run it under
``nice`` and say the load: ``nice -n 10 .venv/bin/python scripts/bench_boards.py``.
"""

from __future__ import annotations

import json
import os

from tawa.core.extremes import ayar_largest, extreme_options, largest_drawings
from tawa.core.registry import game_class

GAMES = ("ayar", "guatavita", "pachakuna", "sacred-valley")


def measure(game: str, players: int, options: dict[str, object], label: str, seeds: int = 3) -> dict[str, object]:
    board = previews = positions = drawings = 0
    slowest = slowest_cpu = cpu = 0.0
    for seed in range(seeds):
        d = largest_drawings(game, players, options, seed=seed, moves=600, every=20)
        board, previews = max(board, d.board), max(previews, d.previews)
        slowest, slowest_cpu = max(slowest, d.slowest), max(slowest_cpu, d.slowest_cpu)
        positions, drawings, cpu = positions + d.positions, drawings + d.drawings, cpu + d.cpu
    return {
        "game": game,
        "players": players,
        "options": label,
        "set": len(options),
        "positions": positions,
        "board_kb": round(board / 1000, 1),
        "previews_kb": round(previews / 1000, 1),
        "mean_cpu_ms": round(cpu / max(drawings, 1) * 1000, 1),
        "slowest_cpu_ms": round(slowest_cpu * 1000, 1),
        "slowest_wall_ms": round(slowest * 1000, 1),
    }


def main() -> None:
    print(json.dumps({"load_average": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}), flush=True)
    for game in GAMES:
        for players in game_class(game).info.players:
            print(json.dumps(measure(game, players, {}, "default")), flush=True)
            print(json.dumps(measure(game, players, extreme_options(game, players), "extremes")), flush=True)
            if game == "ayar":
                print(json.dumps(measure(game, players, ayar_largest(), "largest")), flush=True)
    print(json.dumps({"load_average": [round(x, 2) for x in os.getloadavg()]}), flush=True)


if __name__ == "__main__":
    main()
