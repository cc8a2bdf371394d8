"""A cached, read-only projection of a game's ``params``: terrace geometry and hot constants.

Rules read the values of ``data.PARAMS`` through ``game.params``; ``Cfg`` is built from those params alone (once
per option set) so that the inner loops need not call ``params.NAME`` each time.
"""
from __future__ import annotations

from typing import Any

from tawa.core.params import Params

from . import data as D


class Cfg:
    """Geometry (cells indexed 0..len(LAYOUT)-1) and constants of one option set."""

    def __init__(self, params: Params) -> None:
        p = params
        self.params = p
        layout = [tuple(int(v) for v in cell) for cell in p.LAYOUT]
        self.cells: list[tuple[int, int, int]] = layout  # (row, col, level)
        self.ncells = len(layout)
        self.index = {(r, c): i for i, (r, c, _) in enumerate(layout)}
        self.names = [f"r{r}c{c}" for r, c, _ in layout]
        self.name_index = {n: i for i, n in enumerate(self.names)}
        self.level = [lv for _, _, lv in layout]
        self.levels = sorted(set(self.level))
        self.first_row = [r == p.FIRST_ROW for r, _, _ in layout]
        # SV-097 placement adjacency always crosses level steps; Farmland adjacency may not
        nb: list[tuple[int, ...]] = []
        fnb: list[tuple[int, ...]] = []
        for r, c, lv in layout:
            out = [self.index[(r + dr, c + dc)] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if (r + dr, c + dc) in self.index]
            nb.append(tuple(out))
            if p.CROSS_LEVEL_ADJACENCY:
                fnb.append(tuple(out))
            else:
                fnb.append(tuple(g for g in out if self.level[g] == lv))
        self.nb = nb
        self.fnb = fnb
        self.white_starts = [self.index[(int(r), int(c))] for r, c in p.WHITE_ALPACA_STARTS]
        # levels absent from an alternative LAYOUT have no cover (SV-633)
        self.unlock_fee: dict[int, int] = {lv: fee for lv, fee in dict(p.UNLOCK_FEE).items() if lv in self.levels}
        self.locked_levels = sorted(self.unlock_fee)
        self.age_purge: dict[int, int] = dict(p.UNLOCK_AGE_PURGE)
        self.track = tuple(p.HARVEST_TRACK)
        self.hp_max = p.HP_MAX
        self.tech_costs = tuple(p.TECH_COSTS)
        self.main_prices = tuple(p.MAIN_CATU_PRICES)
        self.main_slots = p.MAIN_CATU_SLOTS
        self.cam_slots = p.CAMAYO_CATU_SLOTS
        self.surcharge = [p.CAMAYO_SURCHARGE.get(i + 1, 0) for i in range(self.cam_slots)]
        self.copies = [int(p.CAMAYO_COPIES[name]) for name in D.CAMAYO_NAMES]
        self.stack = p.DUPLICATE_PASSIVES_STACK
        self.strict_iso = p.ISOLATED_ANCHOR == "strict"
        self.max_farmers = 1 + min(p.MAX_CAMAYOS, self.copies[D.SUPERVISOR])


def cfg_for(params: Params) -> Cfg:
    return params.derived("sacred-valley/config", Cfg)


def jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [jsonable(x) for x in v]
    return v
