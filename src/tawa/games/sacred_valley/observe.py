"""What a seat may see (spec §5, SV-600–SV-607) and the component invariants."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import data as D
from .state import LAST_NAMES, M_TOCRICOC, M_WARRIOR, MODE_NAMES, OVER

if TYPE_CHECKING:
    from .game import SacredValley


def _counts(tiles: list[int]) -> dict[str, int]:
    return {D.CROPS[c]: tiles.count(c) for c in range(6) if c in tiles}


def observation(g: SacredValley, seat: int | None) -> dict[str, Any]:
    """Public data (SV-602), the seat's own coins (SV-600), sizes of the hidden orders (SV-604) and never the bag
    order, the pile order, the identities of purged tiles (SV-605) or the RNG state."""
    s = g.state
    cfg = g.cfg
    over = s.mode == OVER
    terrace = []
    for x in range(cfg.ncells):
        cell: dict[str, Any] = {"grid": cfg.names[x], "level": cfg.level[x]}
        if s.tile[x] >= 0:
            cell["tile"] = D.CROPS[s.tile[x]]
            if s.iso[x]:
                cell["isolated"] = True
        if s.alp[x] >= 0:
            cell["alpaca"] = D.ALPACA_NAMES[s.alp[x]]
        if s.mee_owner[x] >= 0:
            cell["meeple"] = {"seat": s.mee_owner[x],
                              "kind": "warrior" if s.mee_kind[x] == M_WARRIOR else "tocricoc"}
        terrace.append(cell)
    players = []
    for p in range(s.n):
        d: dict[str, Any] = {
            "seat": p,
            "crop": D.CROPS[s.crop[p]] if s.crop[p] >= 0 else None,
            "technologies": [D.CROPS[c] for c in s.techs[p]],
            "warehouse": sorted(D.CROPS[c] for c in s.wh[p]),
            "farmers": list(s.farmers[p]),
            "camayos": [{"kind": D.CAMAYO_NAMES[k], "unused_marker": m} for k, m in zip(s.cam[p], s.marker[p],
                                                                                         strict=True)],
            "debts": list(s.debts[p]),
        }
        if p == seat or over:  # SV-600 / SV-587
            d["coins"] = s.coins[p]
        players.append(d)
    obs: dict[str, Any] = {
        "seat": seat,
        "players": s.n,
        "mode": MODE_NAMES[s.mode],
        "active": None if over else s.active,
        "first_player": s.first,
        "round": s.round,
        "terrace": terrace,
        "covers": {str(lv): ("on_terrace", "debt", "out_of_play")[s.cover[lv]] for lv in cfg.locked_levels},
        "alpaca_reserve": [D.ALPACA_NAMES[a] for a in range(4) if s.alpaca_at[a] < 0],
        "main_catu": [D.CROPS[t] if t >= 0 else None for t in s.main],
        "vine_catu": s.vines,
        "camayo_catu": [D.CAMAYO_NAMES[k] if k >= 0 else None for k in s.cat],
        "bag_size": len(s.bag),
        "bag_composition": _counts(s.bag),  # SV-604 derivable from public tiles
        "camayo_piles": [len(pl) for pl in s.piles],
        "seed_discard": _counts(s.sdiscard),
        "seeds_out_of_game": _counts(s.sout),
        "camayo_discard": sorted(D.CAMAYO_NAMES[k] for k in s.cdiscard),
        "camayos_removed_face_up": sorted(D.CAMAYO_NAMES[k] for k in s.cout),
        "camayos_purged_face_down": len(s.purged),  # SV-605 count only
        "technology_reserve": {D.CROPS[c]: s.tech_res[c] for c in D.PLAYER_CROPS},
        "player": players,
        "turn": {"regular_done": s.regular_done, "last_action": LAST_NAMES[s.last], "weaver_used": s.weaver_used,
                 "saboteur_used": s.saboteur_used, "items": s.items},
        "pending_tile": D.CROPS[s.pending] if s.pending >= 0 else None,
        "pending_camayo": D.CAMAYO_NAMES[s.pending_cam] if s.pending_cam >= 0 else None,
        "planting": None if s.plant is None else {"crop": D.CROPS[s.plant.crop], "grid": cfg.names[s.plant.cell],
                                                  "hp_to_assign": s.plant.hp},
        "over": over,
        # the option values a board view draws (SV-633: the layout is the terrace above), new keys only
        "first_row": cfg.params.FIRST_ROW,  # SV-094
        "cross_level_adjacency": bool(cfg.params.CROSS_LEVEL_ADJACENCY),  # SV-097
        "harvest_track": list(cfg.track),  # SV-220
        "main_catu_prices": list(cfg.main_prices),  # SV-260
        "vine_catu_capacity": cfg.params.VINE_CATU_CAPACITY,  # SV-363
        "tech_costs": list(cfg.tech_costs),  # SV-311
    }
    if not over and s.active == seat:
        obs["legal_actions"] = [a.id for a in g.legal_actions()]
    if over:
        obs["scores"] = [int(v) for v in g.scores()]
        obs["capped"] = s.capped
    return obs


def check_invariants(g: SacredValley) -> None:
    s = g.state
    cfg = g.cfg
    n = s.n
    # 60 Seed Tiles: bag, Catus, Warehouses, Terrace, pending, discard, out of the game
    tiles = list(s.bag) + [t for t in s.main if t >= 0] + [D.VINE] * s.vines + list(s.sdiscard) + list(s.sout)
    for p in range(n):
        tiles += s.wh[p]
    tiles += [t for t in s.tile if t >= 0]
    if s.pending >= 0:
        tiles.append(s.pending)
    for c in range(6):
        assert tiles.count(c) == D.TILES_PER_CROP, f"{D.CROPS[c]}: {tiles.count(c)} tiles"
    assert len(tiles) == 6 * D.TILES_PER_CROP
    # 48 Camayos
    cams = [k for pl in s.piles for k in pl] + [k for k in s.cat if k >= 0] + s.cdiscard + s.cout + s.purged
    for p in range(n):
        cams += s.cam[p]
        assert len(s.cam[p]) <= g.params.MAX_CAMAYOS
        assert len(s.marker[p]) == len(s.cam[p])
        for k, m in zip(s.cam[p], s.marker[p], strict=True):
            assert not m or D.CAMAYO_ONE_SHOT[k]
    if s.pending_cam >= 0:
        cams.append(s.pending_cam)
    for k in range(len(D.CAMAYO_KINDS)):
        assert cams.count(k) == cfg.copies[k], f"{D.CAMAYO_NAMES[k]}: {cams.count(k)}"
    # coins, farmers, warehouses
    for p in range(n):
        assert s.coins[p] >= 0, "negative coins"
        assert all(0 <= f <= cfg.hp_max for f in s.farmers[p])
        sup = s.cam[p].count(D.SUPERVISOR)
        if p == s.active:  # a hired Supervisor's farmer arrives with its immediate task
            sup += (s.pending_cam == D.SUPERVISOR) - sum(1 for t in s.tasks if t == ("immediate", D.SUPERVISOR))
        assert len(s.farmers[p]) == 1 + sup  # SV-503
        assert len(s.wh[p]) <= max(g.params.WAREHOUSE_BASE, g.params.WAREHOUSE_KEEPER)
    # alpacas: 4, consistent, never two on a grid
    for a in range(4):
        x = s.alpaca_at[a]
        if x >= 0:
            assert s.alp[x] == a
    assert sorted(a for a in s.alp if a >= 0) == sorted(a for a in range(4) if s.alpaca_at[a] >= 0)
    # meeples: a Warrior stands on an empty grid, a Tocricoc on a tile
    for x in range(cfg.ncells):
        if s.mee_owner[x] >= 0:
            if s.mee_kind[x] == M_WARRIOR:
                assert s.tile[x] < 0, "Warrior meeple under a tile"
            else:
                assert s.mee_kind[x] == M_TOCRICOC and s.tile[x] >= 0
    # technology cubes (§2.6): N-1 in play per colour, the rest in the box
    if s.mode != 0:
        for c in D.PLAYER_CROPS:
            owned = sum(1 for p in range(n) if c in s.techs[p])
            assert owned + s.tech_res[c] == n - 1, f"{D.CROPS[c]} cubes"
            assert s.tech_box[c] == D.CUBES_PER_COLOUR - (n - 1)
            assert s.tech_res[c] >= 0
        for p in range(n):
            assert len(set(s.techs[p])) == len(s.techs[p]) <= g.params.MAX_TECH
    # covers and debts
    for p in range(n):
        for lv in s.debts[p]:
            assert s.cover[lv] == 1
