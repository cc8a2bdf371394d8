"""The crop choice (SV-021) and the setup steps that need the chosen crops (SV-023–SV-042)."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import CUBES_PER_COLOUR, PLAYER_CROPS, WHITE_ALPACAS, Tables
from tawa.games.sacred_valley.rules.common import Events, crop_name, gain, pub, who
from tawa.games.sacred_valley.rules.turns import fill_main, start_turn
from tawa.games.sacred_valley.state import Cover, SacredValleyState


def choose_crop(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, crop: int) -> None:
    """SV-021 in reverse turn order, each player picks a free crop; the last pick completes the setup."""
    s.crop[s.active] = crop
    pub(ev, "crop", f"{who(s.active)} chooses {crop_name(crop)}", seat=s.active, crop=crop_name(crop))
    s.crop_turn += 1
    if s.crop_turn < s.n:
        s.active = s.crop_order[s.crop_turn]
    else:
        finish_setup(s, tables, params, rng, ev)


def finish_setup(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events) -> None:
    n = s.n
    for p in range(n):
        c = s.crop[p]
        s.techs[p] = [c]  # SV-023/SV-024
        gain(s, ev, p, params.START_COINS, "start")  # SV-025
        s.bag.remove(c)
        s.wh[p] = [c]  # SV-026
        s.farmers[p] = [0]  # SV-027
    for lv in tables.locked_levels:
        s.cover[lv] = Cover.ON_TERRACE  # SV-029
    for a, x in zip(WHITE_ALPACAS, tables.white_starts, strict=True):  # SV-030/SV-031
        s.alp[x] = a
        s.alpaca_at[a] = x
    # SV-033 five Age I tiles into the Camayo Catu, bottom first
    for i in range(tables.cam_slots):  # (with other CAMAYO_COPIES, a short Age I pile continues as SV-369)
        pile = next((pl for pl in s.piles if pl), None)
        if pile is None:
            break
        s.cat[i] = pile.pop()
    # SV-034 one tile of each player crop into Main Catu slots 1-5 in random order
    order = list(PLAYER_CROPS)
    rng.shuffle(order)
    for i, c in enumerate(order):
        s.bag.remove(c)
        s.main[i] = c
    # SV-035/SV-036/SV-037 unchosen crops under the white alpacas (3 and 4 players), isolated (SV-098)
    unchosen = [c for c in PLAYER_CROPS if c not in s.crop]
    rng.shuffle(unchosen)
    for c, x in zip(unchosen, tables.white_starts, strict=False):
        s.bag.remove(c)
        s.tile[x] = c
        s.iso[x] = True
    # SV-038/SV-039 the rest is in the bag; draw until slot 6 holds a non-vine tile
    fill_main(s, params, rng, ev, setup=True)
    # SV-040 technology cubes: N-1 in play per colour, board cubes included
    for c in PLAYER_CROPS:
        in_play = n - 1
        on_boards = sum(1 for p in range(n) if s.crop[p] == c)
        s.tech_res[c] = in_play - on_boards
        s.tech_box[c] = CUBES_PER_COLOUR - in_play
    pub(ev, "setup", f"setup done; {who(s.first)} starts", first=s.first)
    start_turn(s, tables, ev, s.first)  # SV-042
