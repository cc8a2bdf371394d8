"""Helpers to build hand-made Sacred Valley positions for rule tests.

Every helper edits a real ``SacredValley`` game in place and keeps the component counts right (60 Seed Tiles,
48 Camayos, 4 alpacas, Technology cubes), so ``g.check_invariants()`` still holds and the game can go on being
played with ``act``. Grids are named as in action ids ("r1c3" = row 1, column 3; row 1 is the river edge), crops
and Camayos by name ("potato", "vine", "hatun_rantic"), seats are 0-based.

Typical use::

    from tawa.games.sacred_valley import testing as T

    g = T.blank_game(players=5, crops=["chili", "corn", "potato", "beans", "quinoa"])  # seat 2 plays potato
    T.put_tiles(g, {"r1c2": "potato", "r1c3": "potato"})
    T.give_tiles(g, 2, ["potato"])
    T.set_turn(g, 2)                       # seat 2 is to act, at the start of its turn
    T.act(g, "plant potato r1c1")          # apply action ids (raises IllegalAction if not legal)
    assert T.farmers(g, 2) == [3]

Building:
    ``blank_game(players, crops=None, seed=0, options=None, clear_terrace=True, first=0)``
        A game just after setup, every crop chosen (``crops[i]`` for seat i; default: the first N crops), seat
        ``first`` to act in round 1. With ``clear_terrace`` the setup tiles go back to the bag and every alpaca
        (white ones too) to the reserve, so the Terrace is empty; covers stay on levels 2 and 3.
    ``put_tile(g, grid, crop, isolated=False)`` / ``put_tiles(g, {grid: crop})``  a tile onto the Terrace
        (taken from the bag, else from the discard or the Catus). ``fill_terrace(g, crops, skip=())`` fills every
        empty grid not in ``skip`` cycling through ``crops``.
    ``put_alpaca(g, grid, name="w1")``  an alpaca ("w1", "w2", "g1", "g2") onto a grid (from anywhere).
    ``put_meeple(g, grid, seat, kind="tocricoc"|"warrior")``
    ``give_tiles(g, seat, crops)`` / ``clear_warehouse(g, seat)``  Warehouse contents (surplus to the bag).
    ``give_camayo(g, seat, name, unused=True)``  a held Camayo (a copy taken from the piles, the Catu or the
        discards; ``unused`` = its one-shot marker is still on it). Supervisor copies also add a farmer.
    ``give_tech(g, seat, crop)``  a Technology cube from the reserve.
    ``set_coins(g, seat, n)``, ``set_farmers(g, seat, [positions])`` (one position per farmer).
    ``set_main_catu(g, [crop or None, ...])``, ``set_vine_catu(g, n)``, ``set_camayo_catu(g, [name or None])``
    ``unlock(g, level, debtor=None)``  take a cover off (or put it in front of ``debtor`` as a debt).
    ``set_turn(g, seat, pay_debts=False)``  start a fresh turn for ``seat`` (main free window, no action yet).

Playing and reading:
    ``act(g, *ids)`` applies action ids in order and returns all their events; ``legal(g)`` the legal ids;
    ``tile(g, grid)`` crop name or None; ``coins(g, seat)``; ``farmers(g, seat)``; ``warehouse(g, seat)``
    (sorted names); ``camayos(g, seat)`` names; ``mode(g)`` the decision name ("main", "purchase",
    "partner", ...); ``cell(g, grid)`` the internal cell index; ``kinds(events)`` the event kinds in order.
    Events of a planting carry ``data["hp"]`` (kind "plant"); coin changes are private "coins" events.

Notes: helpers edit the state directly and clear the legal-action cache; they do not check the rules (a test
may build any position, e.g. a Warehouse above capacity), so build positions that the rules can reach when the
test is about what follows. ``g.state`` (``state.SacredValleyState``) holds everything else:
``tile``/``alp``/``mee_owner`` per cell, ``main``/``vines``/``cat`` Catus, ``bag``/``piles`` hidden orders, ``debts``,
``cover`` per level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tawa.core.events import Event
from tawa.core.registry import new_game
from tawa.games.sacred_valley.data import (
    ALPACA_NAMES,
    ALPACAS,
    CAMAYO_AGE,
    CAMAYO_NAMES,
    CAMAYO_ONE_SHOT,
    CROPS,
    SUPERVISOR,
    VINE,
)
from tawa.games.sacred_valley.game import SacredValley
from tawa.games.sacred_valley.rules.turns import reset_turn, start_turn
from tawa.games.sacred_valley.state import Cover, Meeple, Phase


def _crop(name: str | int) -> int:
    return name if isinstance(name, int) else CROPS.index(name)


def _kind(name: str | int) -> int:
    return name if isinstance(name, int) else CAMAYO_NAMES.index(name)


def _touch(g: SacredValley) -> None:
    g.invalidate_cache()


def cell(g: SacredValley, grid: str) -> int:
    return g.tables.name_index[grid]


# ------------------------------------------------------------------ building
def blank_game(
    players: int = 4,
    crops: Sequence[str] | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    clear_terrace: bool = True,
    first: int = 0,
) -> SacredValley:
    opts = dict(options or {})
    opts["FIRST_PLAYER"] = str(first)
    opts["CROP_ASSIGNMENT"] = "reverse_turn_order"
    g = new_game("sacred-valley", players, seed, opts)
    assert isinstance(g, SacredValley)
    names = list(crops) if crops is not None else list(CROPS[:players])
    s = g.state
    for seat in s.crop_order:
        g.apply(f"crop {names[seat]}")
    if clear_terrace:
        for x in range(g.tables.ncells):
            if s.tile[x] >= 0:
                s.bag.append(s.tile[x])
                s.tile[x] = -1
                s.iso[x] = False
            s.alp[x] = -1
        s.alpaca_at = [-1] * ALPACAS
    _touch(g)
    return g


def _take_tile(g: SacredValley, crop: int) -> None:
    s = g.state
    for zone in (s.bag, s.sdiscard, s.sout):
        if crop in zone:
            zone.remove(crop)
            return
    if crop == VINE and s.vines > 0:
        s.vines -= 1
        return
    if crop in s.main:
        s.main[s.main.index(crop)] = -1
        return
    raise ValueError(f"no spare {CROPS[crop]} tile left")


def put_tile(g: SacredValley, grid: str, crop: str, isolated: bool = False) -> None:
    s = g.state
    x = cell(g, grid)
    if s.tile[x] >= 0:
        s.bag.append(s.tile[x])
    c = _crop(crop)
    _take_tile(g, c)
    s.tile[x] = c
    s.iso[x] = isolated
    _touch(g)


def put_tiles(g: SacredValley, tiles: Mapping[str, str]) -> None:
    for grid, crop in tiles.items():
        put_tile(g, grid, crop)


def fill_terrace(g: SacredValley, crops: Sequence[str], skip: Iterable[str] = ()) -> None:
    """Put a tile on every empty grid (no tile, alpaca or meeple) except ``skip``, cycling through ``crops``."""
    s = g.state
    skipped = {cell(g, n) for n in skip}
    i = 0
    for x in range(g.tables.ncells):
        if x in skipped or s.occupied(x):
            continue
        put_tile(g, g.tables.names[x], crops[i % len(crops)])
        i += 1


def put_alpaca(g: SacredValley, grid: str, name: str = "w1") -> None:
    s = g.state
    a = ALPACA_NAMES.index(name)
    old = s.alpaca_at[a]
    if old >= 0:
        s.alp[old] = -1
    x = cell(g, grid)
    assert s.alp[x] < 0, "two alpacas never share a grid"
    s.alp[x] = a
    s.alpaca_at[a] = x
    _touch(g)


def put_meeple(g: SacredValley, grid: str, seat: int, kind: str = "tocricoc") -> None:
    s = g.state
    x = cell(g, grid)
    s.mee_owner[x] = seat
    s.mee_kind[x] = Meeple.TOCRICOC if kind == "tocricoc" else Meeple.WARRIOR
    _touch(g)


def clear_warehouse(g: SacredValley, seat: int) -> None:
    s = g.state
    s.bag.extend(s.wh[seat])
    s.wh[seat] = []
    _touch(g)


def give_tiles(g: SacredValley, seat: int, crops: Iterable[str]) -> None:
    s = g.state
    for c in crops:
        k = _crop(c)
        _take_tile(g, k)
        s.wh[seat].append(k)
    _touch(g)


def _take_camayo(g: SacredValley, k: int) -> None:
    s = g.state
    for zone in (*s.piles, s.cdiscard, s.cout, s.purged):
        if k in zone:
            zone.remove(k)
            return
    if k in s.cat:
        s.cat[s.cat.index(k)] = -1
        return
    raise ValueError(f"no spare {CAMAYO_NAMES[k]} left")


def give_camayo(g: SacredValley, seat: int, name: str, unused: bool = True) -> None:
    s = g.state
    k = _kind(name)
    _take_camayo(g, k)
    s.cam[seat].append(k)
    s.marker[seat].append(bool(unused and CAMAYO_ONE_SHOT[k]))
    if k == SUPERVISOR:
        s.farmers[seat].append(0)
    _touch(g)


def give_tech(g: SacredValley, seat: int, crop: str) -> None:
    s = g.state
    c = _crop(crop)
    assert s.tech_res[c] > 0, "no cube of that colour in the reserve"
    s.tech_res[c] -= 1
    s.techs[seat].append(c)
    _touch(g)


def set_coins(g: SacredValley, seat: int, n: int) -> None:
    g.state.coins[seat] = n
    _touch(g)


def set_farmers(g: SacredValley, seat: int, positions: Sequence[int]) -> None:
    fs = g.state.farmers[seat]
    assert len(positions) == len(fs), f"seat {seat} has {len(fs)} farmer(s)"
    fs[:] = list(positions)
    _touch(g)


def set_main_catu(g: SacredValley, slots: Sequence[str | None]) -> None:
    s = g.state
    for i, t in enumerate(s.main):
        if t >= 0:
            s.bag.append(t)
            s.main[i] = -1
    for i, name in enumerate(slots):
        if name is not None:
            c = _crop(name)
            _take_tile(g, c)
            s.main[i] = c
    _touch(g)


def set_vine_catu(g: SacredValley, n: int) -> None:
    s = g.state
    s.bag.extend([VINE] * s.vines)
    s.vines = 0
    for _ in range(n):
        _take_tile(g, VINE)
    s.vines = n
    _touch(g)


def set_camayo_catu(g: SacredValley, slots: Sequence[str | None]) -> None:
    s = g.state
    for i, k in enumerate(s.cat):
        if k >= 0:
            s.piles[CAMAYO_AGE[k] - 1].append(k)
            s.cat[i] = -1
    for i, name in enumerate(slots):
        if name is not None:
            k = _kind(name)
            _take_camayo(g, k)
            s.cat[i] = k
    _touch(g)


def unlock(g: SacredValley, level: int, debtor: int | None = None) -> None:
    s = g.state
    if debtor is None:
        s.cover[level] = Cover.OUT_OF_PLAY
    else:
        s.cover[level] = Cover.DEBT
        s.debts[debtor].append(level)
    _touch(g)


def set_turn(g: SacredValley, seat: int, pay_debts: bool = False) -> list[Event]:
    ev: list[Event] = []
    s = g.state
    if pay_debts:
        start_turn(s, g.tables, ev, seat)
    else:
        reset_turn(s, seat)
    assert s.mode == Phase.MAIN
    _touch(g)
    return ev


# ------------------------------------------------------------------ playing and reading
def act(g: SacredValley, *ids: str) -> list[Event]:
    out: list[Event] = []
    for aid in ids:
        out += g.apply(aid)
    return out


def legal(g: SacredValley) -> list[str]:
    return [a.id for a in g.legal_actions()]


def tile(g: SacredValley, grid: str) -> str | None:
    t = g.state.tile[cell(g, grid)]
    return CROPS[t] if t >= 0 else None


def coins(g: SacredValley, seat: int) -> int:
    return g.state.coins[seat]


def farmers(g: SacredValley, seat: int) -> list[int]:
    return list(g.state.farmers[seat])


def warehouse(g: SacredValley, seat: int) -> list[str]:
    return sorted(CROPS[c] for c in g.state.wh[seat])


def camayos(g: SacredValley, seat: int) -> list[str]:
    return [CAMAYO_NAMES[k] for k in g.state.cam[seat]]


def mode(g: SacredValley) -> str:
    return g.state.mode.name.lower()


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]
