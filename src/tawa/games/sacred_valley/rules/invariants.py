"""The invariants of a Sacred Valley position: component counts (§2.1) and the preconditions of the decision being
resolved, checked on every loaded game and after every action in the tests."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    ALPACAS,
    CAMAYO_KINDS,
    CAMAYO_NAMES,
    CAMAYO_ONE_SHOT,
    CROPS,
    CUBES_PER_COLOUR,
    FOREIGNER,
    PLAYER_CROPS,
    SEED_TILES,
    SUPERVISOR,
    TILES_PER_CROP,
    VINE,
    YANACONA,
    Tables,
)
from tawa.games.sacred_valley.state import (
    DECISIONS_IN_A_PLANTING,
    WINDOWS,
    Cover,
    How,
    Job,
    Meeple,
    Phase,
    SacredValleyState,
    Stage,
)


# ------------------------------------------------------------------ invariants (component counts, resolution)
def check_invariants(s: SacredValleyState, tables: Tables, params: Params) -> None:
    """Raise AssertionError when a component count (§2.1) or a precondition of the decision being resolved is
    broken. Run on every loaded game (``Game._check_loaded``), so a document that passes the field checks of
    ``SacredValleyState.from_dict`` but could not be played on is refused."""
    n = s.n
    # 60 Seed Tiles: bag, Catus, Warehouses, Terrace, pending, discard, out of the game
    tiles = list(s.bag) + [t for t in s.main if t >= 0] + [VINE] * s.vines + list(s.sdiscard) + list(s.sout)
    for p in range(n):
        tiles += s.wh[p]
    tiles += [t for t in s.tile if t >= 0]
    if s.pending >= 0:
        tiles.append(s.pending)
    for c in range(len(CROPS)):
        assert tiles.count(c) == TILES_PER_CROP, f"{CROPS[c]}: {tiles.count(c)} tiles"
    assert len(tiles) == SEED_TILES
    # 48 Camayos (CAMAYO_COPIES)
    cams = [k for pl in s.piles for k in pl] + [k for k in s.cat if k >= 0] + s.cdiscard + s.cout + s.purged
    for p in range(n):
        cams += s.cam[p]
        assert len(s.cam[p]) <= params.MAX_CAMAYOS
        assert len(s.marker[p]) == len(s.cam[p])
        for k, m in zip(s.cam[p], s.marker[p], strict=True):
            assert not m or CAMAYO_ONE_SHOT[k]
    if s.pending_cam >= 0:
        cams.append(s.pending_cam)
    for k in range(len(CAMAYO_KINDS)):
        assert cams.count(k) == tables.copies[k], f"{CAMAYO_NAMES[k]}: {cams.count(k)}"
    # coins, farmers, warehouses
    for p in range(n):
        assert s.coins[p] >= 0, "negative coins"
        assert all(0 <= f <= tables.hp_max for f in s.farmers[p])
        sup = s.cam[p].count(SUPERVISOR)
        if p == s.active:  # a hired Supervisor's farmer arrives with its immediate task
            sup += (s.pending_cam == SUPERVISOR) - sum(1 for t in s.tasks if t == (Job.IMMEDIATE, SUPERVISOR))
        assert len(s.farmers[p]) == 1 + sup  # SV-503
        assert len(s.wh[p]) <= max(params.WAREHOUSE_BASE, params.WAREHOUSE_KEEPER)
    # alpacas: 4, consistent, never two on a grid (SV-150)
    for a in range(ALPACAS):
        x = s.alpaca_at[a]
        if x >= 0:
            assert s.alp[x] == a
    assert sorted(a for a in s.alp if a >= 0) == sorted(a for a in range(ALPACAS) if s.alpaca_at[a] >= 0)
    # meeples: a Warrior stands on an empty grid, a Tocricoc on a tile
    for x in range(tables.ncells):
        assert (s.mee_owner[x] >= 0) == (s.mee_kind[x] >= 0), "a meeple has an owner and a kind"
        if s.mee_owner[x] >= 0:
            if s.mee_kind[x] == Meeple.WARRIOR:
                assert s.tile[x] < 0, "Warrior meeple under a tile"
            else:
                assert s.tile[x] >= 0, "Tocricoc meeple without a tile"
        assert not s.iso[x] or s.tile[x] >= 0, "an isolated grid holds a tile"
    # technology cubes (§2.6): N-1 in play per colour, the rest in the box
    if s.mode != Phase.CROP_CHOICE:
        assert sorted(s.crop) == sorted(set(s.crop)) and min(s.crop) >= 0, "each seat has its own crop (SV-002)"
        for c in PLAYER_CROPS:
            owned = sum(1 for p in range(n) if c in s.techs[p])
            assert owned + s.tech_res[c] == n - 1, f"{CROPS[c]} cubes"
            assert s.tech_box[c] == CUBES_PER_COLOUR - (n - 1)
        for p in range(n):
            assert len(set(s.techs[p])) == len(s.techs[p]) <= params.MAX_TECH
            assert s.techs[p] and s.techs[p][0] == s.crop[p], "the first Technology is the seat's crop (SV-024)"
    # covers and debts
    for p in range(n):
        assert len(set(s.debts[p])) == len(s.debts[p])
        for lv in s.debts[p]:
            assert s.cover[lv] == Cover.DEBT
    for lv in tables.locked_levels:
        if s.cover[lv] == Cover.DEBT:
            assert sum(d.count(lv) for d in s.debts) == 1, f"the level-{lv} cover lies in front of one debtor"
    _check_decision(s, tables)


def _check_decision(s: SacredValleyState, tables: Tables) -> None:
    """What the decision being resolved relies on (the steps of ``rules`` that led to it)."""
    m = s.mode
    p = s.active
    if m == Phase.OVER:
        return
    if m == Phase.CROP_CHOICE:
        assert s.crop_turn < s.n and s.active == s.crop_order[s.crop_turn], "the seat choosing a crop (SV-021)"
        assert sorted(s.crop_order) == list(range(s.n))
        chosen = {s.crop_order[k] for k in range(s.crop_turn)}
        assert all((s.crop[q] >= 0) == (q in chosen) for q in range(s.n)), "crops chosen so far (SV-021)"
        return
    jobs = [t.kind for t in s.tasks]
    assert (s.plant is not None) == (Job.PLANT in jobs or m in DECISIONS_IN_A_PLANTING), "a planting in progress"
    assert (s.pending_cam >= 0) == (Job.CAM_IN in jobs or m == Phase.DISCARD_CAMAYO), "a hired Camayo on its way"
    if s.pending >= 0:
        assert (
            Job.SEED_IN in jobs
            or m in (Phase.DISCARD_SEED, Phase.SABOTEUR)
            or (s.plant is not None and s.plant.how == How.SABOTEUR)
        ), "a Seed Tile on its way"
    if m in WINDOWS or m in (Phase.EXTRA_PLANT, Phase.EXTRA_ANY):
        assert not s.tasks and s.pending < 0, "nothing is being resolved in a free window (SV-068)"
        assert s.end_by < 0, "the end is resolved at once (SV-564)"
    if m in (Phase.EXTRA_PLANT, Phase.EXTRA_ANY):
        assert s.regular_done, "an extra action follows the regular one (SV-340)"
    if m == Phase.DISCARD_SEED:
        assert s.pending >= 0 and s.wh[p], "a tile waits for room in a full Warehouse (SV-265)"
    if m == Phase.SABOTEUR:
        assert s.pending == VINE, "Saboteur plants the vine just bought (SV-499)"
    ctx = s.plant
    if ctx is None:
        return
    if ctx.how == How.SABOTEUR:
        assert ctx.crop == VINE
    if ctx.stage < Stage.PLACE:  # not placed yet: the grid and the tile are still there to plant
        if ctx.how == How.CLEANER:
            assert s.tile[ctx.cell] == VINE, "Cleaner replaces a vine (SV-408)"
        else:
            assert s.tile[ctx.cell] < 0, "the grid is free (SV-091)"
        if ctx.how == How.SABOTEUR:
            assert s.pending == VINE, "the Saboteur vine comes straight from the Catu (SV-500)"
        else:
            assert ctx.crop in s.wh[p], "the tile to plant is in the Warehouse (SV-090)"
    else:
        assert s.tile[ctx.cell] == ctx.crop, "the planted tile is on its grid"
    if m == Phase.EXEMPTION:
        assert ctx.stage == Stage.EXEMPTION and ctx.crop != VINE and ctx.crop not in s.techs[p]
        assert YANACONA in s.cam[p] and s.unused_marker(p, FOREIGNER) >= 0, "both exemptions apply (SV-494)"
    if m == Phase.PARTNER:
        assert ctx.stage == Stage.PARTNER and ctx.level in tables.unlock_fee and s.cover[ctx.level] == Cover.ON_TERRACE
    if m == Phase.FARMER:
        assert ctx.stage == Stage.FARMERS and ctx.hp > 0
