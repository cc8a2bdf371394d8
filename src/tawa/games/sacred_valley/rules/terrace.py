"""The Terrace: anchoring, Farmlands, planting targets, fees, Harvest Points and alpaca grids (spec §3.4–§3.7).

One predicate per rule; ``plant_targets`` and ``cleaner_targets`` combine them the fast way for the legal actions,
``illegal.py`` in rule order for an explanation.
"""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.sacred_valley.data import AYLLU_MEMBER, FOREIGNER, IRRIGATOR, TERRACE_WORKER, VINE, YANACONA, Tables
from tawa.games.sacred_valley.state import Cover, Exemption, Job, Meeple, SacredValleyState, Task


def flood(s: SacredValleyState, tables: Tables, crop: int, x: int) -> list[int]:
    """Cells of the Farmland of ``crop`` containing ``x``, as if ``x`` held ``crop`` (SV-005, SV-120)."""
    tile = s.tile
    fnb = tables.fnb
    seen = [x]
    stack = [x]
    while stack:
        y = stack.pop()
        for z in fnb[y]:
            if tile[z] == crop and z not in seen:
                seen.append(z)
                stack.append(z)
    return seen


def anchored(s: SacredValleyState, tables: Tables, x: int) -> bool:
    """SV-094–SV-099: a non-isolated Seed Tile neighbour, or FIRST_ROW (unless next to an isolated tile)."""
    tile = s.tile
    iso = s.iso
    next_to_isolated = False
    for z in tables.nb[x]:
        if tile[z] >= 0:
            if not iso[z]:
                return True  # SV-095 any crop, vines included
            next_to_isolated = True  # SV-099 an isolated tile never anchors
    if tables.first_row[x]:
        return not (next_to_isolated and tables.strict_iso)  # SV-094 / SV-099 ISOLATED_ANCHOR
    return False  # SV-096 alpacas and meeples never anchor


def next_to_isolated(s: SacredValleyState, tables: Tables, x: int) -> bool:
    """SV-099 a grid touching an isolated setup tile (why an unanchored grid may still look anchored)."""
    return any(s.tile[z] >= 0 and s.iso[z] for z in tables.nb[x])


def is_locked(s: SacredValleyState, tables: Tables, x: int) -> bool:
    """SV-170 a level is locked while its cover lies on the Terrace."""
    lv = tables.level[x]
    return lv in tables.unlock_fee and s.cover[lv] == Cover.ON_TERRACE


def unlock_fee_for(s: SacredValleyState, tables: Tables, p: int, x: int) -> int:
    """The planter's unlock fee for ``x`` (0 if unlocked or with Terrace Worker, SV-172/SV-173)."""
    if not is_locked(s, tables, x) or TERRACE_WORKER in s.cam[p]:
        return 0
    return tables.unlock_fee[tables.level[x]]


def tocricoc_payees(s: SacredValleyState, tables: Tables, params: Params, p: int, crop: int, x: int) -> list[int]:
    """Owners owed TOCRICOC_FEE when ``p`` plants ``crop`` on ``x`` (SV-459–SV-461): one entry per foreign meeple
    on the resulting Farmland (TOCRICOC_FEE_PER_MEEPLE), or per foreign holder when that option is False."""
    out: list[int] = []
    kind = s.mee_kind
    owner = s.mee_owner
    for y in flood(s, tables, crop, x):
        if kind[y] == Meeple.TOCRICOC and owner[y] != p:
            out.append(owner[y])
    if not params.TOCRICOC_FEE_PER_MEEPLE:
        out = sorted(set(out))
    return out


def tocricoc_fees(s: SacredValleyState, tables: Tables, params: Params, p: int, crop: int, x: int) -> int:
    """SV-459 the Tocricoc fees ``p`` owes for planting ``crop`` on ``x``."""
    fee: int = params.TOCRICOC_FEE
    return fee * len(tocricoc_payees(s, tables, params, p, crop, x))


def any_tocricoc(s: SacredValleyState) -> bool:
    return Meeple.TOCRICOC in s.mee_kind


def tech_ok(s: SacredValleyState, p: int, crop: int) -> bool:
    """SV-101/SV-102: a Technology, a vine, or an exemption (Yanacona SV-396, unused Foreigner SV-493)."""
    if crop == VINE or crop in s.techs[p]:
        return True
    return YANACONA in s.cam[p] or s.unused_marker(p, FOREIGNER) >= 0


def free_target(s: SacredValleyState, p: int, x: int) -> bool:
    """SV-091/SV-092/SV-093/SV-454: no tile, and no meeple except the planter's own Warrior meeple."""
    if s.tile[x] >= 0:
        return False
    o = s.mee_owner[x]
    return o < 0 or (o == p and s.mee_kind[x] == Meeple.WARRIOR)


def plant_targets(
    s: SacredValleyState, tables: Tables, params: Params, p: int, crops: list[int]
) -> list[tuple[int, int]]:
    """Every legal (crop, cell) for a Plant-like planting of one of ``crops`` by ``p`` (SV-090–SV-105)."""
    crops = [c for c in crops if tech_ok(s, p, c)]
    if not crops:
        return []
    out: list[tuple[int, int]] = []
    coins = s.coins[p]
    toc = any_tocricoc(s)
    for x in range(tables.ncells):
        if not free_target(s, p, x) or not anchored(s, tables, x):
            continue
        fee = unlock_fee_for(s, tables, p, x)
        if fee > coins:
            continue  # SV-174
        for c in crops:
            if toc and fee + tocricoc_fees(s, tables, params, p, c, x) > coins:
                continue  # SV-104/SV-105
            out.append((c, x))
    return out


def cleaner_crops(s: SacredValleyState, params: Params, p: int) -> list[int]:
    """The Warehouse crops Cleaner may put in place of a vine (SV-410, SV-412 CLEANER_ALLOWS_VINE)."""
    crops = sorted(set(s.wh[p]))
    if not params.CLEANER_ALLOWS_VINE:
        crops = [c for c in crops if c != VINE]
    return crops


def cleaner_targets(s: SacredValleyState, tables: Tables, params: Params, p: int) -> list[tuple[int, int]]:
    """(vine cell, replacement crop) pairs for Cleaner (SV-408–SV-412)."""
    crops = [c for c in cleaner_crops(s, params, p) if tech_ok(s, p, c)]
    out: list[tuple[int, int]] = []
    if not crops:
        return out
    coins = s.coins[p]
    for x in range(tables.ncells):
        if s.tile[x] != VINE or not anchored(s, tables, x):
            continue
        for c in crops:
            if tocricoc_fees(s, tables, params, p, c, x) <= coins:
                out.append((x, c))
    return out


def planting_hp(
    s: SacredValleyState, tables: Tables, params: Params, p: int, crop: int, cells: list[int], exempt: Exemption
) -> tuple[int, int, int]:
    """(HP, base, alpacas) of a planting whose resulting Farmland is ``cells`` (SV-120–SV-127)."""
    alpacas = sum(1 for y in cells if s.alp[y] >= 0)
    base = len(cells) + alpacas  # SV-121
    if crop == VINE:
        return tables.vine_hp, base, alpacas  # SV-122/SV-123/SV-402
    hp = base
    cam = s.cam[p]
    capped = exempt == Exemption.YANACONA or (not params.YANACONA_CAP_ONLY_WHEN_EXEMPT and YANACONA in cam)
    if capped:
        hp = min(hp, tables.yanacona_cap)  # SV-124/SV-397/SV-398
    if base == 1 and IRRIGATOR in cam:
        hp += s.passive(p, IRRIGATOR, tables.stack)  # SV-125/SV-401
    if crop == s.crop[p] and AYLLU_MEMBER in cam:
        hp += s.passive(p, AYLLU_MEMBER, tables.stack)  # SV-126/SV-403
    return hp, base, alpacas


def all_occupied(s: SacredValleyState, tables: Tables) -> bool:
    """SV-560/SV-561: every grid holds a tile, an alpaca or a meeple (locked levels included)."""
    tile, alp, mee = s.tile, s.alp, s.mee_owner
    return all(tile[x] >= 0 or alp[x] >= 0 or mee[x] >= 0 for x in range(tables.ncells))


def end_if_full(s: SacredValleyState, tables: Tables, p: int) -> bool:
    """SV-560/SV-562: after an alpaca or a meeple is put on the Terrace, a full Terrace ends the game (the planting
    case waits for the whole planting, SV-563)."""
    if not all_occupied(s, tables):
        return False
    s.end_by = p
    s.tasks.append(Task(Job.END))
    return True


def alpaca_refusal_rule(s: SacredValleyState, tables: Tables, params: Params, x: int) -> str | None:
    """The rule that keeps an alpaca off ``x`` (SV-150 another alpaca, SV-155 a meeple with
    ALPACA_MAY_SHARE_WITH_MEEPLE off, SV-156 a locked level with ALPACA_ON_LOCKED_LEVELS off), or None."""
    if s.alp[x] >= 0:
        return "SV-150"
    if not params.ALPACA_MAY_SHARE_WITH_MEEPLE and s.mee_owner[x] >= 0:
        return "SV-155"
    if not params.ALPACA_ON_LOCKED_LEVELS and is_locked(s, tables, x):
        return "SV-156"
    return None


def alpaca_destinations(s: SacredValleyState, tables: Tables, params: Params) -> list[int]:
    """Grids an alpaca may be put or moved on (SV-150, SV-151, SV-155, SV-156)."""
    return [x for x in range(tables.ncells) if alpaca_refusal_rule(s, tables, params, x) is None]
