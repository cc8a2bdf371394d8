"""Setup (spec §3.2, SV-020–SV-042): the bag, the Camayo piles, the first player and the crops.

Once every crop is known, ``rules.start.finish_setup`` lays out the rest (at once with CROP_ASSIGNMENT "random",
after the last "crop X" choice otherwise).
"""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import AGES, CAMAYO_AGE, CAMAYO_KINDS, CROPS, PLAYER_CROPS, TILES_PER_CROP, Tables
from tawa.games.sacred_valley.rules.common import crop_name, pub, who
from tawa.games.sacred_valley.rules.start import finish_setup
from tawa.games.sacred_valley.state import Phase, SacredValleyState


def setup(s: SacredValleyState, tables: Tables, params: Params, rng: Rng) -> list[Event]:
    """Fill ``s`` (fresh from ``SacredValleyState.empty``) for its first decision; return the setup events."""
    ev: list[Event] = []
    n = s.n
    s.bag = [c for c in range(len(CROPS)) for _ in range(TILES_PER_CROP)]  # §2.1 every tile starts in the bag
    # SV-032 one shuffled face-down pile per Age
    for age in AGES:
        pile = [k for k in range(len(CAMAYO_KINDS)) if CAMAYO_AGE[k] == age for _ in range(tables.copies[k])]
        rng.shuffle(pile)
        s.piles[age - 1] = pile
    # SV-020 first player
    s.first = rng.below(n) if params.FIRST_PLAYER == "random" else int(params.FIRST_PLAYER)
    # SV-021 reverse turn order: the player before the first player picks first
    s.crop_order = [(s.first - 1 - k) % n for k in range(n)]
    if params.CROP_ASSIGNMENT == "random":  # SV-022
        crops = list(PLAYER_CROPS)
        rng.shuffle(crops)
        for p in range(n):
            s.crop[p] = crops[p]
        pub(ev, "crops", "crops dealt at random: " + ", ".join(f"{who(p)} {crop_name(s.crop[p])}" for p in range(n)))
        finish_setup(s, tables, params, rng, ev)
    else:
        s.mode = Phase.CROP_CHOICE
        s.crop_turn = 0
        s.active = s.crop_order[0]
    return ev
