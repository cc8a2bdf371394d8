"""Sun and Moon values of the four activities, Llama allocation and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tawa.core.results import SCORE, Standing, standings_by_keys
from tawa.games.ayar.data import E, N, S, Tables, W, best_sets
from tawa.games.ayar.state import AyarState, PlayerState


# ---------------------------------------------------------------- Pottery
def pottery_sun(p: PlayerState, t: Tables) -> int:
    """AY-257 Suns above the filled pot spaces."""
    return sum(t.pot_row[: len(p.pots)])


def pottery_moon(p: PlayerState, t: Tables, set_moon: tuple[int, ...]) -> int:
    """AY-259..AY-261 one set per colour; each wild pot joins at most one set, chosen for the best total."""
    counts = [0] * len(t.colours)
    wild = 0
    for pid, down in zip(p.pots, p.pot_down, strict=True):
        if down:
            wild += 1
        else:
            counts[t.pot_colour[pid]] += 1
    return best_sets(counts, wild, set_moon)


# ---------------------------------------------------------------- Weaving
def weave_sun(p: PlayerState, t: Tables) -> int:
    """AY-291..AY-293 complete Suns: an edge with a half-sun on both sides (tile-tile or tile-frame)."""
    rows, cols = t.weave_rows, t.weave_cols
    w = p.weave
    frame = t.frame
    count = 0
    for r in range(rows):
        for c in range(cols):
            m = w[r * cols + c]
            if m <= 0:
                continue
            # north edge
            if m & N:
                if r == 0:
                    count += (r + 1, c + 1, "N") in frame
                else:
                    o = w[(r - 1) * cols + c]
                    count += o > 0 and bool(o & S)
            if m & W:
                if c == 0:
                    count += (r + 1, c + 1, "W") in frame
                else:
                    o = w[r * cols + c - 1]
                    count += o > 0 and bool(o & E)
            if m & S and r == rows - 1:
                count += (r + 1, c + 1, "S") in frame
            if m & E and c == cols - 1:
                count += (r + 1, c + 1, "E") in frame
    return count


def weave_moon(p: PlayerState, t: Tables) -> int:
    """AY-294..AY-296 value under the last column of the complete run starting at column 1."""
    rows, cols = t.weave_rows, t.weave_cols
    value = 0
    for c in range(cols):
        if all(p.weave[r * cols + c] >= 0 for r in range(rows)):
            value = t.column_moon[c]
        else:
            break
    return value


# ---------------------------------------------------------------- Farming
def farm_sun(p: PlayerState, t: Tables) -> int:
    """AY-316 Suns uncovered in the boxes."""
    return sum(sum(t.box_suns[b][:k]) for b, k in enumerate(p.boxes))


def farm_moon(p: PlayerState, t: Tables) -> int:
    """AY-317 Moons of the emptied boxes."""
    return sum(t.box_moon[b] for b, k in enumerate(p.boxes) if k >= len(t.box_suns[b]))


# ---------------------------------------------------------------- Reed
def reed_sun(p: PlayerState, t: Tables) -> int:
    """AY-357 Suns under the Island slots emptied so far."""
    return sum(t.island_suns[: len(p.island_at)])


def reed_moon(p: PlayerState, t: Tables) -> int:
    """AY-358/AY-359 the largest Island-slot Moon among the spaces holding your Islands."""
    return max((t.route_moon[s] for s in p.island_at), default=0)


def sun_value(p: PlayerState, t: Tables, act: str) -> int:
    """AY-217/AY-223 the Sun value of one activity (what an Inti scoring adds)."""
    if act == "P":
        return pottery_sun(p, t)
    if act == "W":
        return weave_sun(p, t)
    if act == "F":
        return farm_sun(p, t)
    return reed_sun(p, t)


def moon_values(p: PlayerState, t: Tables, set_moon: tuple[int, ...]) -> dict[str, int]:
    """AY-443 the four activity Moon values."""
    return {"P": pottery_moon(p, t, set_moon), "W": weave_moon(p, t), "F": farm_moon(p, t), "R": reed_moon(p, t)}


# ---------------------------------------------------------------- Llamas and ranking
def allocate_llamas(sun: int, moon: int, llamas: int) -> tuple[int, int]:
    """AY-482/AY-483: split Llamas to maximise min(Sun, Moon), then max (an odd one goes to Sun)."""
    low_gap = abs(sun - moon)
    give = min(llamas, low_gap)
    if sun < moon:
        sun += give
    else:
        moon += give
    rest = llamas - give
    sun += rest - rest // 2
    moon += rest // 2
    return sun, moon


def rank_keys(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """1 = first; equal keys share a position (AY-486..AY-490)."""
    return [1 + sum(1 for o in keys if o > k) for k in keys]


def ranking_keys(st: AyarState) -> list[tuple[int, int, int, int]]:
    """AY-486..AY-489 each seat's (final score, max(Sun, Moon), Viracocha tokens, Llamas before allocation);
    during play the same keys of the scores so far."""
    if st.final:
        return [(f.final, f.high, f.tokens, f.llamas) for f in st.final]
    return [(min(p.sun, p.moon), max(p.sun, p.moon), sum(p.bonus), p.llamas) for p in st.players]


def scores(st: AyarState) -> list[float]:
    """AY-485 final score = min(Sun, Moon) after Llamas; during play min(Sun, Moon) so far."""
    return [float(k[0]) for k in ranking_keys(st)]


def ranking(st: AyarState) -> list[int]:
    """AY-486..AY-490 final score, then max(Sun, Moon), Viracocha tokens, Llamas before allocation."""
    return rank_keys(ranking_keys(st))


TIE_BREAKS = (
    SCORE,
    "AY-487 higher max(Sun, Moon)",  # AY-486 the final score min(Sun, Moon) first
    "AY-488 more Viracocha tokens on bonus spaces",
    "AY-489 more Llamas before the allocation",
)
SHARED = "AY-490 shared: still tied after max(Sun, Moon), Viracocha tokens and Llamas"


def breakdown(st: AyarState, seat: int) -> dict[str, float]:
    """A seat's score as players read it, each value in what its label names (the score is the lower of the two,
    AY-485): Sun and Moon with the Llamas added once the game is over and the Llamas spent on them (AY-481..AY-483),
    during play Sun and Moon so far and the Llamas held."""
    p = st.players[seat]
    if st.final:
        f = st.final[seat]
        return {"Sun": f.sun, "Moon": f.moon, "Llamas spent": f.llamas}
    return {"Sun": p.sun, "Moon": p.moon, "Llamas held": p.llamas}


def standings(st: AyarState) -> list[Standing]:
    """The ranking with the tie-break that decided each place (AY-486..AY-490) and each seat's breakdown."""
    keys = ranking_keys(st)
    table = standings_by_keys([k[0] for k in keys], keys, TIE_BREAKS, [breakdown(st, s) for s in range(st.n)])
    return [replace(s, decided_by=SHARED) if s.shared else s for s in table]
