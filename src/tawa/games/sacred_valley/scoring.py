"""Scores, the final ranking and its tie-break (spec §3.21, SV-580–SV-587)."""

from __future__ import annotations

from tawa.core.results import Standing, standings_by_keys
from tawa.games.sacred_valley.data import CAMAYO_REWARD, HATUN_RANTIC, Tables
from tawa.games.sacred_valley.state import SacredValleyState

SCORE = "score"  # SV-583 the highest score wins
TIE_BREAK = "SV-584 more Seed Tiles in the Warehouse"
UNIT = "coins"  # SV-580 the score is coins: those in hand plus the Camayos' end rewards


def rewards(s: SacredValleyState, tables: Tables, p: int) -> int:
    """SV-580–SV-582, SV-497/SV-498: the end rewards of the held Camayos, doubled with Hatun Rantic."""
    total = sum(CAMAYO_REWARD[k] for k in s.cam[p])
    if HATUN_RANTIC in s.cam[p]:
        total *= tables.rantic_multiplier ** s.passive(p, HATUN_RANTIC, tables.stack)
    return total


def scores(s: SacredValleyState, tables: Tables) -> list[int]:
    """SV-580 coins plus Camayo end rewards."""
    return [s.coins[p] + rewards(s, tables, p) for p in range(s.n)]


def _keys(s: SacredValleyState, tables: Tables) -> list[tuple[int, int]]:
    sc = scores(s, tables)
    return [(sc[p], len(s.wh[p])) for p in range(s.n)]  # SV-583 then SV-584


def ranking(s: SacredValleyState, tables: Tables) -> list[int]:
    """SV-583–SV-586: score, then Warehouse count; full ties share a position (SV-585)."""
    key = _keys(s, tables)
    return [1 + sum(1 for q in range(s.n) if key[q] > key[p]) for p in range(s.n)]


def standings(s: SacredValleyState, tables: Tables) -> list[Standing]:
    """The ranking with what decided each place (the score, or the SV-584 Warehouse tie-break; "shared" after
    both, SV-585) and each seat's score by source."""
    keys = _keys(s, tables)
    breakdowns = [{"in hand": float(s.coins[p]), "Camayo rewards": float(rewards(s, tables, p))} for p in range(s.n)]
    return standings_by_keys([k[0] for k in keys], keys, [SCORE, TIE_BREAK], breakdowns, unit=UNIT)
