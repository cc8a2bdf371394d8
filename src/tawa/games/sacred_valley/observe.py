"""What a seat may see (spec §5, SV-600–SV-607), and resampling what it may not."""

from __future__ import annotations

from typing import Any

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import ALPACA_NAMES, ALPACAS, CAMAYO_NAMES, CROPS, PLAYER_CROPS, Tables
from tawa.games.sacred_valley.rules import legal
from tawa.games.sacred_valley.scoring import scores
from tawa.games.sacred_valley.state import Cover, Meeple, Phase, SacredValleyState


def _counts(tiles: list[int]) -> dict[str, int]:
    return {CROPS[c]: tiles.count(c) for c in range(len(CROPS)) if c in tiles}


def coins_visible(s: SacredValleyState, seat: int | None, p: int) -> bool:
    """SV-600 a seat sees its own coins; SV-587 everyone sees all coins at the end."""
    return p == seat or s.mode == Phase.OVER


def observation(s: SacredValleyState, tables: Tables, params: Params, seat: int | None) -> dict[str, Any]:
    """Public data (SV-602), the seat's own coins (SV-600), sizes of the hidden orders (SV-604) and never the bag
    order, the pile order, the identities of purged tiles (SV-605) or the RNG state. ``seat`` None: a spectator
    (public data only)."""
    over = s.mode == Phase.OVER
    terrace = []
    for x in range(tables.ncells):
        cell: dict[str, Any] = {"grid": tables.names[x], "level": tables.level[x]}
        if s.tile[x] >= 0:
            cell["tile"] = CROPS[s.tile[x]]
            if s.iso[x]:
                cell["isolated"] = True
        if s.alp[x] >= 0:
            cell["alpaca"] = ALPACA_NAMES[s.alp[x]]
        if s.mee_owner[x] >= 0:
            cell["meeple"] = {
                "seat": s.mee_owner[x],
                "kind": "warrior" if s.mee_kind[x] == Meeple.WARRIOR else "tocricoc",
            }
        terrace.append(cell)
    players = []
    for p in range(s.n):
        d: dict[str, Any] = {
            "seat": p,
            "crop": CROPS[s.crop[p]] if s.crop[p] >= 0 else None,
            "technologies": [CROPS[c] for c in s.techs[p]],
            "warehouse": sorted(CROPS[c] for c in s.wh[p]),
            "farmers": list(s.farmers[p]),
            "camayos": [
                {"kind": CAMAYO_NAMES[k], "unused_marker": m} for k, m in zip(s.cam[p], s.marker[p], strict=True)
            ],
            "debts": list(s.debts[p]),
        }
        if coins_visible(s, seat, p):
            d["coins"] = s.coins[p]
        players.append(d)
    obs: dict[str, Any] = {
        "seat": seat,
        "players": s.n,
        "mode": s.mode.name.lower(),
        "active": None if over else s.active,
        "first_player": s.first,
        "round": s.round,
        "terrace": terrace,
        "covers": {str(lv): Cover(s.cover[lv]).name.lower() for lv in tables.locked_levels},
        "alpaca_reserve": [ALPACA_NAMES[a] for a in range(ALPACAS) if s.alpaca_at[a] < 0],
        "main_catu": [CROPS[t] if t >= 0 else None for t in s.main],
        "vine_catu": s.vines,
        "camayo_catu": [CAMAYO_NAMES[k] if k >= 0 else None for k in s.cat],
        "bag_size": len(s.bag),
        "bag_composition": _counts(s.bag),  # SV-604 derivable from public tiles
        "camayo_piles": [len(pl) for pl in s.piles],
        "seed_discard": _counts(s.sdiscard),
        "seeds_out_of_game": _counts(s.sout),
        "camayo_discard": sorted(CAMAYO_NAMES[k] for k in s.cdiscard),
        "camayos_removed_face_up": sorted(CAMAYO_NAMES[k] for k in s.cout),
        "camayos_purged_face_down": len(s.purged),  # SV-605 count only
        "technology_reserve": {CROPS[c]: s.tech_res[c] for c in PLAYER_CROPS},
        "player": players,
        "turn": {
            "regular_done": s.regular_done,
            "last_action": s.last.name.lower(),
            "weaver_used": s.weaver_used,
            "saboteur_used": s.saboteur_used,
            "items": s.items,
        },
        "pending_tile": CROPS[s.pending] if s.pending >= 0 else None,
        "pending_camayo": CAMAYO_NAMES[s.pending_cam] if s.pending_cam >= 0 else None,
        "planting": None
        if s.plant is None
        else {"crop": CROPS[s.plant.crop], "grid": tables.names[s.plant.cell], "hp_to_assign": s.plant.hp},
        "over": over,
        # the option values a board view draws (SV-633: the layout is the terrace above), new keys only
        "first_row": params.FIRST_ROW,  # SV-094
        "cross_level_adjacency": bool(params.CROSS_LEVEL_ADJACENCY),  # SV-097
        "harvest_track": list(tables.track),  # SV-220
        "main_catu_prices": list(tables.main_prices),  # SV-260
        "vine_catu_capacity": params.VINE_CATU_CAPACITY,  # SV-363
        "tech_costs": list(tables.tech_costs),  # SV-311
    }
    if not over and s.active == seat:
        obs["legal_actions"] = [a.id for a in legal(s, tables, params)]  # SV-607 only the seat's own
    if over:
        obs["scores"] = scores(s, tables)
        obs["capped"] = s.capped
    return obs


def resample_hidden(s: SacredValleyState, tables: Tables, params: Params, seat: int, rng: Rng) -> None:
    """SV-604: the bag and the Camayo draw piles are the only hidden orders; their compositions are public or
    derivable, so a reshuffle is a consistent resample. Other players' coins follow from the public log (SV-603)
    and are kept."""
    rng.shuffle(s.bag)
    for pile in s.piles:
        rng.shuffle(pile)


def scramble_coins(s: SacredValleyState, seat: int, rng: Rng) -> None:
    """Test hook (``Game.scramble_hidden``): change every other player's coins, never part of what ``seat`` sees
    (SV-600)."""
    for p in range(s.n):
        if p != seat:
            s.coins[p] = rng.below(50)
