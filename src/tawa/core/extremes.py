"""Games at the far ends of their options (issue 23): what a stranger may set, for the test that every board stays
within a fixed size (tests/core/test_option_bounds.py) and the benchmark of how long such boards take to draw
(``scripts/bench_boards.py``, figures in docs/performance.md)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from tawa.core.errors import BadOption
from tawa.core.registry import game_class, new_game


def extreme_options(game: str, players: int, picks: list[tuple[int, int]] | None = None) -> dict[str, Any]:
    """Options at the far ends of their declarations (``Param.extremes``), taken greedily in the order of
    ``picks`` ((param index, extreme index) pairs; None: every param's first extreme that the game accepts together
    with the ones taken before)."""
    params = [p for p in game_class(game).info.params if p.overridable and p.extremes()]
    order = picks if picks is not None else [(i, k) for i in range(len(params)) for k in range(8)]
    taken: dict[str, Any] = {}
    for i, k in order:
        p = params[i % len(params)]
        ends = p.extremes()
        if p.name in taken or (picks is None and k >= len(ends)):
            continue
        value = ends[k % len(ends)]
        try:
            new_game(game, players, 0, {**taken, p.name: value})
        except BadOption:
            continue
        taken[p.name] = value
    return taken


@dataclass
class Drawings:
    """The largest board (any seat or a spectator) and chooser previews of one game's positions, in bytes, and the
    longest time one board took to draw, in seconds."""

    board: int = 0
    previews: int = 0
    slowest: float = 0.0  # wall-clock seconds of the slowest drawing
    slowest_cpu: float = 0.0  # CPU seconds of the slowest drawing (the thread's own: not the waits of a busy machine)
    cpu: float = 0.0  # CPU seconds of all drawings
    drawings: int = 0
    positions: int = 0


def largest_drawings(
    game: str, players: int, options: dict[str, Any], seed: int, moves: int, every: int = 40
) -> Drawings:
    """Play one progress-biased game (at most ``moves`` moves) and draw every ``every``-th position for every seat
    and a spectator, and the previews of the seat to act."""
    cls = game_class(game)
    g = new_game(game, players, seed, options)
    rng = random.Random(seed)
    out = Drawings()
    for step in range(moves + 1):
        if step % every == 0 or g.is_over:
            out.positions += 1
            for seat in [None, *range(players)]:
                obs = g.observation(seat)
                t, c = time.perf_counter(), time.thread_time()
                svg = cls.board_svg(obs) or ""
                spent = time.thread_time() - c
                out.slowest, out.slowest_cpu = max(out.slowest, time.perf_counter() - t), max(out.slowest_cpu, spent)
                out.cpu += spent
                out.drawings += 1
                out.board = max(out.board, len(svg))
            if not g.is_over:
                seat = g.current_player
                obs = g.observation(seat)
                targets = cls.board_targets(obs, [a.id for a in g.legal_actions()])
                by_target: dict[str, list[str]] = {}
                for action, element in targets.items():
                    by_target.setdefault(element, []).append(action)
                for about in by_target.values():
                    if len(about) > 1:
                        out.previews = max(out.previews, sum(len(v) for v in cls.board_previews(obs, about).values()))
        if g.is_over:
            break
        acts = g.legal_actions()
        weights = g.progress_weights(acts) if rng.random() < 0.8 else None
        g.apply(rng.choices(acts, weights)[0] if weights else rng.choice(acts))
    return out


def ayar_largest() -> dict[str, Any]:
    """Every option of Ayar at the end that draws most: paths twice as long, the largest terrace and weaving area,
    the most pots, textiles, route spaces and tokens."""
    from tawa.games.ayar.data import ROUTE_DEFAULT, SPOT_ACTIVITY_DEFAULT, TEXTILES_DEFAULT

    return {
        "CUSCO": 80,
        "SPOT_ACTIVITY": [s * 2 for s in SPOT_ACTIVITY_DEFAULT],
        "SPOT_CAPACITY": 4,
        "TEMPLE_MARKERS": 12,
        "TEMPLE_TOKENS": 6,
        "LAKE_TOKENS": 8,
        "TERRACE_SHAPE": [[10, 10]] * 4,
        "START_LLAMAS": [[10], [10] * 2, [10] * 3, [10] * 4],
        "WEAVE_SHAPE": [12, 12],
        "COLUMN_MOON": [4, 7, 10, 13, 16, 20] + [20] * 6,
        "FRAME_HALF_SUNS": [f"1 {c} N" for c in range(1, 13)]
        + [f"12 {c} S" for c in range(1, 13)]
        + [f"{r} 1 W" for r in range(1, 13)]
        + [f"{r} 12 E" for r in range(1, 13)],
        "MARKET_SLOTS": [30] * 4,
        "POT_ROW": [20] * 16,
        "ISLAND_SLOTS": [20] * 12,
        "RIVAL_CUBES": 40,
        "RIVAL_ISLANDS": 12,
        "POTS": ["red", "yellow", "green", "blue", "white", "black", "pink", "grey"],
        "POT_POWERS": [12] * 12,
        "ROUTE": list(ROUTE_DEFAULT) * 2,
        "TEXTILES": list(TEXTILES_DEFAULT) + [f"U{i:02d} 9 aW,bE" for i in range(32)],
    }
