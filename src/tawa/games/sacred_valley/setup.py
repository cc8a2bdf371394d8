"""Setup (spec §3.2, SV-020–SV-042)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tawa import Event

from . import data as D
from .flow import cn, fill_main, gain, pub, start_turn, who
from .state import (
    COVER_ON,
    CROP,
    SVState,
)

if TYPE_CHECKING:
    from .game import SacredValley

Ev = list[Event]


# ------------------------------------------------------------------ setup (SV-020–SV-042)
def setup(g: SacredValley, ev: Ev) -> None:
    cfg = g.cfg
    params = g.params
    n = g.players
    s = SVState.empty(n, cfg.ncells, max(cfg.levels), cfg.main_slots, cfg.cam_slots)
    g.state = s
    rng = g.rng
    s.bag = [c for c in range(6) for _ in range(D.TILES_PER_CROP)]  # §2.1 every tile starts in the box/bag
    # SV-032 one shuffled face-down pile per Age
    for age in D.AGES:
        pile = [k for k in range(len(D.CAMAYO_KINDS)) if D.CAMAYO_AGE[k] == age for _ in range(cfg.copies[k])]
        rng.shuffle(pile)
        s.piles[age - 1] = pile
    # SV-020 first player
    s.first = rng.below(n) if params.FIRST_PLAYER == "random" else int(params.FIRST_PLAYER) % n
    # SV-021 reverse turn order: the player before the first player picks first
    s.crop_order = [(s.first - 1 - k) % n for k in range(n)]
    if params.CROP_ASSIGNMENT == "random":  # SV-022
        crops = list(D.PLAYER_CROPS)
        rng.shuffle(crops)
        for p in range(n):
            s.crop[p] = crops[p]
        pub(ev, "crops", "crops dealt at random: " + ", ".join(f"{who(p)} {cn(s.crop[p])}" for p in range(n)))
        finish_setup(g, ev)
    else:
        s.mode = CROP
        s.crop_turn = 0
        s.active = s.crop_order[0]


def choose_crop(g: SacredValley, ev: Ev, crop: int) -> None:
    s = g.state
    s.crop[s.active] = crop
    pub(ev, "crop", f"{who(s.active)} chooses {cn(crop)}", seat=s.active, crop=cn(crop))
    s.crop_turn += 1
    if s.crop_turn < s.n:
        s.active = s.crop_order[s.crop_turn]
    else:
        finish_setup(g, ev)


def take_from_bag(s: SVState, crop: int) -> None:
    s.bag.remove(crop)


def finish_setup(g: SacredValley, ev: Ev) -> None:
    s = g.state
    cfg = g.cfg
    params = g.params
    rng = g.rng
    n = s.n
    for p in range(n):
        c = s.crop[p]
        s.techs[p] = [c]  # SV-023/SV-024
        gain(g, ev, p, params.START_COINS, "start")  # SV-025
        take_from_bag(s, c)
        s.wh[p] = [c]  # SV-026
        s.farmers[p] = [0]  # SV-027
    for lv in cfg.locked_levels:
        s.cover[lv] = COVER_ON  # SV-029
    for a, x in zip(D.WHITE_ALPACAS, cfg.white_starts, strict=False):  # SV-030/SV-031
        s.alp[x] = a
        s.alpaca_at[a] = x
    # SV-033 five Age I tiles into the Camayo Catu, bottom first
    for i in range(cfg.cam_slots):  # (with other CAMAYO_COPIES, a short Age I pile continues as SV-369)
        pile = next((pl for pl in s.piles if pl), None)
        if pile is None:
            break
        s.cat[i] = pile.pop()
    # SV-034 one tile of each player crop into Main Catu slots 1-5 in random order
    order = list(D.PLAYER_CROPS)
    rng.shuffle(order)
    for i, c in enumerate(order):
        take_from_bag(s, c)
        s.main[i] = c
    # SV-035/SV-036/SV-037 unchosen crops under the white alpacas (3 and 4 players), isolated (SV-098)
    unchosen = [c for c in D.PLAYER_CROPS if c not in s.crop]
    rng.shuffle(unchosen)
    for c, x in zip(unchosen, cfg.white_starts, strict=False):
        take_from_bag(s, c)
        s.tile[x] = c
        s.iso[x] = True
    # SV-038/SV-039 the rest is in the bag; draw until slot 6 holds a non-vine tile
    fill_main(g, ev, setup=True)
    # SV-040 technology cubes: N-1 in play per colour, board cubes included
    for c in D.PLAYER_CROPS:
        in_play = n - 1
        on_boards = sum(1 for p in range(n) if s.crop[p] == c)
        s.tech_res[c] = in_play - on_boards
        s.tech_box[c] = D.CUBES_PER_COLOUR - in_play
    pub(ev, "setup", f"setup done; {who(s.first)} starts", first=s.first)
    start_turn(g, ev, s.first)  # SV-042


