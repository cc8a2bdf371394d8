"""Projected final score of a seat: the estimate of min(Sun, Moon) at game end that the
balance planner (``tawa.games.ayar.balance``) and the bots' evaluator
(``tawa.games.ayar.strategy``) share. A heuristic, not a rule: it reads only what the
state shows (on a determinized view, the sampled hidden parts too).

Terms (rule IDs where they come from):
- Sun: ``sun`` + ``inti`` x nights left (AY-450, each Dusk adds Inti); the Raymi tiles still
  on the board, at half the Sun value of their activity for the later Dusks (AY-217/AY-223);
  Temple markers' Sun per Night (TEMPLE_SUN_PER_NIGHT);
- Moon: ``moon`` + the four activity Moon values (AY-443) and the complete V5 Moon bonus
  spaces (AY-391) x nights left + the Moon of the laid Step markers (AY-440);
- value = min + 0.1 x max (the tie-break and the stronger track's lead) + 0.6 per Llama
  (AY-481..AY-485: Llamas fill the weaker track) + 0.5 per bonus-space progress.
"""
from __future__ import annotations

from tawa.core.game import Game
from tawa.games.ayar.activities import night_moon_bonus
from tawa.games.ayar.data import ROUNDS
from tawa.games.ayar.scoring import moon_values, sun_value


def estimate(g: Game, seat: int) -> float:
    """Projected min(Sun, Moon) at game end for ``seat`` (a rough heuristic, not a rule)."""
    st = g.state
    t = st.t
    p = st.players[seat]
    if st.final:
        return float(st.final[seat][0])
    nights_left = ROUNDS - st.round + 1  # AY-004: one Night per round
    moon_now = sum(moon_values(p, t, g.params.SET_MOON).values()) + night_moon_bonus(p, t)
    markers = sum(t.slot_moon[slot] for _, slot, _ in p.laid)
    sun = p.sun + p.inti * nights_left
    for tile in st.raymi:                      # Raymi tiles to come pay the activity's Sun at later Dusks
        if tile:
            sun += 0.5 * sun_value(p, t, tile) * max(nights_left - 1, 0.5)
    sun += sum(g.params.TEMPLE_SUN_PER_NIGHT * (st.round + 1) for row in st.temple if seat in row)
    moon = p.moon + moon_now * nights_left + markers
    lo, hi = min(sun, moon), max(sun, moon)
    return lo + 0.1 * hi + 0.6 * p.llamas + 0.5 * sum(p.bonus)
