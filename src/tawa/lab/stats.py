"""Small statistics for the lab: Wilson intervals for win rates."""

from __future__ import annotations

import math

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
