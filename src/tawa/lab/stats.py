"""Small statistics for the lab and the server: Wilson intervals for win rates, one game's OpenSkill update."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (shared wins count fractionally)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def rate_with_ci(successes: float, n: float) -> dict[str, float]:
    lo, hi = wilson(successes, n)
    return {
        "n": n,
        "wins": round(successes, 3),
        "rate": round(successes / n, 4) if n else 0.0,
        "lo": round(lo, 4),
        "hi": round(hi, 4),
    }


def openskill_game(
    current: Mapping[str, tuple[float, float]], keys: Sequence[str], ranks: Sequence[int]
) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of each player of one game: ``keys`` and ``ranks`` per seat; a player not in ``current``
    starts at openskill's default. One player in several seats: the mean of their new mus, the least sigma. The lab's
    ``tawa.lab.report.openskill_ratings`` (bot specs over simulated games) and the server's ratings
    (``tawa.web.ratings``) both rate each game with it. Fewer than two players: nothing to rate ({})."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    now = {
        k: model.rating(mu=current[k][0], sigma=current[k][1], name=k) if k in current else model.rating(name=k)
        for k in dict.fromkeys(keys)
    }
    if len(now) < 2:
        return {}
    new = model.rate([[now[k]] for k in keys], ranks=list(ranks))
    by: dict[str, list[Any]] = {}
    for k, team in zip(keys, new, strict=True):
        by.setdefault(k, []).append(team[0])
    return {k: (statistics.fmean(x.mu for x in rs), min(x.sigma for x in rs)) for k, rs in by.items()}
