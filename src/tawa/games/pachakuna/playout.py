"""Progress weights for biased random playouts: a cheap look-ahead so that random games reach sales and end.

Not rules: only the relative weights of the legal actions offered to ``tawa.bots`` progress playouts.
"""
from __future__ import annotations

from collections.abc import Sequence

from tawa import Action
from tawa.games.pachakuna.board import NEIGH, Tables
from tawa.games.pachakuna.data import BROWN
from tawa.games.pachakuna.reach import reachable
from tawa.games.pachakuna.rules import destinations, is_rotatable, llama_terrain
from tawa.games.pachakuna.state import MOVE, ROTATE_FREE, PKState


def sale_value(s: PKState, tables: Tables, load: int, village: int) -> int:
    """What selling ``load`` at ``village`` would pay now (0 when it cannot sell or pays nothing)."""
    d = s.demand[village]
    if load < 0 or load == village or d < 0:
        return 0
    upper, lower = tables.demands[d]
    return 2 if load == upper else 1 if load == lower else 0


def visit_value(s: PKState, tables: Tables, load: int, v: int) -> int:
    """Value of selling ``load`` at village ``v``: the payout, more for a colour still missing, plus the
    village colour the llama is loaded with afterwards when that colour is missing."""
    if load < 0 or load == v or s.demand[v] < 0:
        return 0
    sup = s.supply[s.active]
    val = sale_value(s, tables, load, v)
    if val and sup[load] == 0:
        val += 6
    if sup[v] == 0:
        val += 2
    return val


def _targets(s: PKState, tables: Tables, k: int) -> dict[int, int]:
    """Village cells where llama ``k`` would make a useful sale -> value."""
    out = {}
    for v in range(7):
        val = visit_value(s, tables, s.load[k], v)
        if val:
            out[tables.village_cell[v]] = val
    return out


def _side_ok(s: PKState, tables: Tables, cell: int, side: int, terrain: int) -> bool:
    if tables.village_at[cell] >= 0:
        return True
    return tables.tile_types[s.types[cell]].side_terrain[s.orient[cell]][side] == terrain


def _value_after(s: PKState, tables: Tables, k: int, cell: int, o: int, targets: dict[int, int]) -> int:
    """Best target value llama ``k`` reaches once ``cell`` is turned to ``o`` (exact search)."""
    old = s.orient[cell]
    s.orient[cell] = o
    r = reachable(tables, s.types, s.orient, s.pos[k], s.region[k], llama_terrain(s, k // 3))
    s.orient[cell] = old
    return max((targets.get(c, 0) for c, _ in r), default=0)


def rotation_gains(s: PKState, tables: Tables) -> dict[tuple[int, int], float]:
    """(tile, orientation) -> value of the best useful sale that this rotation seems to open for one of the
    llamas (a heuristic, not a rule).

    Crossings are symmetric, so the cells from which a llama reaches a village are those reachable from that
    village. A rotated tile is taken to join the llama's area to a target's area when one region of the llama's
    terrain touches both through matching sides.
    """
    gains: dict[tuple[int, int], float] = {}
    seat = s.active
    terrain = llama_terrain(s, seat)
    village_at = tables.village_at
    for k in range(seat * 3, seat * 3 + 3):
        if s.pos[k] < 0:
            continue
        targets = _targets(s, tables, k)
        if not targets:
            continue
        reach = destinations(s, tables, k)
        if any(c in targets for c, _ in reach):
            continue
        mine = {s.pos[k]} | {c for c, _ in reach if village_at[c] < 0}
        theirs: dict[int, int] = {}
        for t, val in targets.items():
            for c in [t] + [c for c, _ in reachable(tables, s.types, s.orient, t, -1, terrain) if village_at[c] < 0]:
                if theirs.get(c, 0) < val:
                    theirs[c] = val
        near_mine = {n for c in mine for n in NEIGH[c] if n >= 0}
        near_theirs = {n for c in theirs for n in NEIGH[c] if n >= 0}
        for c in near_mine & near_theirs:
            if not is_rotatable(s, c):
                continue
            tt = tables.tile_types[s.types[c]]
            nb = NEIGH[c]
            for o in range(6):
                if o == s.orient[c]:
                    continue
                for rg, dirs in enumerate(tt.region_dirs[o]):
                    if tt.region_terrain[rg] != terrain:
                        continue
                    joins_mine = any(nb[d] in mine and _side_ok(s, tables, nb[d], (d + 3) % 6, terrain)
                                     for d in dirs if nb[d] >= 0)
                    if not joins_mine:
                        continue
                    joins_theirs = any(nb[d] in theirs and _side_ok(s, tables, nb[d], (d + 3) % 6, terrain)
                                       for d in dirs if nb[d] >= 0)
                    if joins_theirs:
                        best = _value_after(s, tables, k, c, o, targets)
                        if best > gains.get((c, o), 0):
                            gains[(c, o)] = best
                        break
    return gains


def progress_weights(s: PKState, tables: Tables, actions: Sequence[Action]) -> list[float]:
    kinds = [a.data[0] for a in actions]
    gains: dict[tuple[int, int], float] = {}
    if "rotate" in kinds and not s.paying:
        gains = rotation_gains(s, tables)
    n_rot = max(1, kinds.count("rotate"))
    targets = _targets(s, tables, s.active * 3 + s.move_slot) if s.step == MOVE else {}
    out = []
    for a, kind in zip(actions, kinds, strict=True):
        if kind == "rotate":
            g = gains.get((a.data[1], a.data[2]), 0.0)
            w = 10.0 * g if g else (1.0 if s.step == ROTATE_FREE else 0.05) / n_rot
        elif kind == "move":
            cell = a.data[2]
            w = 20.0 * targets[cell] if cell in targets else 3.0 if tables.village_at[cell] >= 0 else 1.0
        elif kind == "sell":
            k = a.data[1]
            val = visit_value(s, tables, s.load[k], tables.village_at[s.pos[k]])
            w = 20.0 * val if val else 0.3
        elif kind == "buy":
            w = 6.0
        elif kind == "pay":  # spend spare pieces and brown, keep the last piece of a colour
            c = a.data[1]
            w = 50.0 if c == BROWN else float(s.supply[s.active][c] - 1) ** 2 + 0.01
        else:
            w = 1.0
        out.append(w)
    return out
