"""Terrace queries: anchoring, Farmlands, planting targets, fees and Harvest Points (spec §3.4–§3.7)."""
from __future__ import annotations

from . import data as D
from .config import Cfg
from .state import BY_CLEANER, COVER_ON, EX_YANACONA, M_TOCRICOC, M_WARRIOR, SVState


def flood(s: SVState, cfg: Cfg, crop: int, x: int) -> list[int]:
    """Cells of the Farmland of ``crop`` containing ``x``, as if ``x`` held ``crop`` (SV-005, SV-120)."""
    tile = s.tile
    fnb = cfg.fnb
    seen = [x]
    stack = [x]
    while stack:
        y = stack.pop()
        for z in fnb[y]:
            if tile[z] == crop and z not in seen:
                seen.append(z)
                stack.append(z)
    return seen


def anchored(s: SVState, cfg: Cfg, x: int) -> bool:
    """SV-094–SV-099: a non-isolated Seed Tile neighbour, or FIRST_ROW (unless next to an isolated tile)."""
    tile = s.tile
    iso = s.iso
    next_to_isolated = False
    for z in cfg.nb[x]:
        if tile[z] >= 0:
            if not iso[z]:
                return True  # SV-095 any crop, vines included
            next_to_isolated = True  # SV-099 an isolated tile never anchors
    if cfg.first_row[x]:
        return not (next_to_isolated and cfg.strict_iso)  # SV-094 / SV-099 ISOLATED_ANCHOR
    return False  # SV-096 alpacas and meeples never anchor


def is_locked(s: SVState, cfg: Cfg, x: int) -> bool:
    """SV-170 a level is locked while its cover lies on the Terrace."""
    lv = cfg.level[x]
    return lv in cfg.unlock_fee and s.cover[lv] == COVER_ON


def unlock_fee_for(s: SVState, cfg: Cfg, p: int, x: int) -> int:
    """The planter's unlock fee for ``x`` (0 if unlocked or with Terrace Worker, SV-172/SV-173)."""
    if not is_locked(s, cfg, x) or D.TERRACE_WORKER in s.cam[p]:
        return 0
    return cfg.unlock_fee[cfg.level[x]]


def tocricoc_payees(s: SVState, cfg: Cfg, p: int, crop: int, x: int) -> list[int]:
    """Owners owed TOCRICOC_FEE when ``p`` plants ``crop`` on ``x`` (SV-459–SV-461): one entry per foreign meeple
    on the resulting Farmland (TOCRICOC_FEE_PER_MEEPLE), or per foreign holder when that option is False."""
    out: list[int] = []
    kind = s.mee_kind
    owner = s.mee_owner
    for y in flood(s, cfg, crop, x):
        if kind[y] == M_TOCRICOC and owner[y] != p:
            out.append(owner[y])
    if not cfg.params.TOCRICOC_FEE_PER_MEEPLE:
        out = sorted(set(out))
    return out


def any_tocricoc(s: SVState) -> bool:
    return M_TOCRICOC in s.mee_kind


def tech_ok(s: SVState, p: int, crop: int) -> bool:
    """SV-101/SV-102: a Technology, a vine, or an exemption (Yanacona SV-396, unused Foreigner SV-493)."""
    if crop == D.VINE or crop in s.techs[p]:
        return True
    return D.YANACONA in s.cam[p] or s.unused_marker(p, D.FOREIGNER) >= 0


def free_target(s: SVState, p: int, x: int) -> bool:
    """SV-091/SV-092/SV-093/SV-454: no tile, and no meeple except the planter's own Warrior meeple."""
    if s.tile[x] >= 0:
        return False
    o = s.mee_owner[x]
    return o < 0 or (o == p and s.mee_kind[x] == M_WARRIOR)


def plant_targets(s: SVState, cfg: Cfg, p: int, crops: list[int]) -> list[tuple[int, int]]:
    """Every legal (crop, cell) for a Plant-like planting of one of ``crops`` by ``p`` (SV-090–SV-105)."""
    crops = [c for c in crops if tech_ok(s, p, c)]
    if not crops:
        return []
    out: list[tuple[int, int]] = []
    coins = s.coins[p]
    toc = any_tocricoc(s)
    for x in range(cfg.ncells):
        if not free_target(s, p, x) or not anchored(s, cfg, x):
            continue
        fee = unlock_fee_for(s, cfg, p, x)
        if fee > coins:
            continue  # SV-174
        for c in crops:
            if toc:
                total = fee + cfg.params.TOCRICOC_FEE * len(tocricoc_payees(s, cfg, p, c, x))
                if total > coins:
                    continue  # SV-104/SV-105
            out.append((c, x))
    return out


def cleaner_targets(s: SVState, cfg: Cfg, p: int) -> list[tuple[int, int]]:
    """(vine cell, replacement crop) pairs for Cleaner (SV-408–SV-412)."""
    crops = sorted(set(s.wh[p]))
    if not cfg.params.CLEANER_ALLOWS_VINE:
        crops = [c for c in crops if c != D.VINE]
    crops = [c for c in crops if tech_ok(s, p, c)]
    out: list[tuple[int, int]] = []
    if not crops:
        return out
    coins = s.coins[p]
    for x in range(cfg.ncells):
        if s.tile[x] != D.VINE or not anchored(s, cfg, x):
            continue
        for c in crops:
            fees = cfg.params.TOCRICOC_FEE * len(tocricoc_payees(s, cfg, p, c, x))
            if fees <= coins:
                out.append((x, c))
    return out


def plant_problem(s: SVState, cfg: Cfg, p: int, crop: int, x: int, how: int) -> tuple[str, str] | None:
    """Why ``p`` may not plant ``crop`` on ``x`` now: (rule, text), or None. Used by ``explain_illegal``."""
    if how != BY_CLEANER and crop not in s.wh[p] and crop != D.VINE:
        return "SV-090", f"there is no {D.CROPS[crop]} tile in the Warehouse"
    if how == BY_CLEANER:
        if s.tile[x] != D.VINE:
            return "SV-408", "Cleaner replaces a vine on the Terrace"
    else:
        if s.tile[x] >= 0:
            return "SV-091", "the grid already holds a Seed Tile"
        if s.mee_owner[x] >= 0 and not (s.mee_owner[x] == p and s.mee_kind[x] == M_WARRIOR):
            return ("SV-454" if s.mee_kind[x] == M_WARRIOR else "SV-092"), "another player's meeple is on that grid"
    if not anchored(s, cfg, x):
        if any(s.tile[z] >= 0 and s.iso[z] for z in cfg.nb[x]):
            return "SV-099", "an isolated setup tile does not anchor a planting"
        return "SV-095", "the grid is not in the first row and touches no Seed Tile"
    if not tech_ok(s, p, crop):
        return "SV-101", f"{D.CROPS[crop]} needs its Technology (or Yanacona / Foreigner)"
    fee = unlock_fee_for(s, cfg, p, x) if how != BY_CLEANER else 0
    if fee > s.coins[p]:
        return "SV-174", "the unlock fee cannot be paid"
    tf = cfg.params.TOCRICOC_FEE * len(tocricoc_payees(s, cfg, p, crop, x))
    if fee + tf > s.coins[p]:
        return ("SV-105" if fee else "SV-459"), "the unlock and Tocricoc fees cannot be paid"
    return None


def planting_hp(s: SVState, cfg: Cfg, p: int, crop: int, cells: list[int], exempt: int) -> tuple[int, int, int]:
    """(HP, base, alpacas) of a planting whose resulting Farmland is ``cells`` (SV-120–SV-127)."""
    params = cfg.params
    alpacas = sum(1 for y in cells if s.alp[y] >= 0)
    base = len(cells) + alpacas  # SV-121
    if crop == D.VINE:
        return params.VINE_HP, base, alpacas  # SV-122/SV-123/SV-402
    hp = base
    cam = s.cam[p]
    capped = exempt == EX_YANACONA or (not params.YANACONA_CAP_ONLY_WHEN_EXEMPT and D.YANACONA in cam)
    if capped:
        hp = min(hp, params.YANACONA_CAP)  # SV-124/SV-397/SV-398
    if base == 1 and D.IRRIGATOR in cam:
        hp += passive(s, cfg, p, D.IRRIGATOR)  # SV-125/SV-401
    if crop == s.crop[p] and D.AYLLU_MEMBER in cam:
        hp += passive(s, cfg, p, D.AYLLU_MEMBER)  # SV-126/SV-403
    return hp, base, alpacas


def passive(s: SVState, cfg: Cfg, p: int, kind: int) -> int:
    """How many times a permanent ability counts: 1 if held (SV-293), the copy count if DUPLICATE_PASSIVES_STACK."""
    n = s.cam[p].count(kind)
    if n and not cfg.stack:
        return 1
    return n


def all_occupied(s: SVState, cfg: Cfg) -> bool:
    """SV-560/SV-561: every grid holds a tile, an alpaca or a meeple (locked levels included)."""
    tile, alp, mee = s.tile, s.alp, s.mee_owner
    return all(tile[x] >= 0 or alp[x] >= 0 or mee[x] >= 0 for x in range(cfg.ncells))


def alpaca_destinations(s: SVState, cfg: Cfg) -> list[int]:
    """Grids an alpaca may be put or moved on (SV-150, SV-151, SV-155, SV-156)."""
    params = cfg.params
    share = params.ALPACA_MAY_SHARE_WITH_MEEPLE
    locked_ok = params.ALPACA_ON_LOCKED_LEVELS
    out = []
    for x in range(cfg.ncells):
        if s.alp[x] >= 0:
            continue
        if not share and s.mee_owner[x] >= 0:
            continue
        if not locked_ok and is_locked(s, cfg, x):
            continue
        out.append(x)
    return out
