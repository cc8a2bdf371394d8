"""The pending steps of an action (``state.tasks``, last pushed first): run them until one needs a decision, then
return to the free window (SV-068)."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.sacred_valley.data import CAMAYO_ONE_SHOT, Tables
from tawa.games.sacred_valley.rules.common import Events, pub, warehouse_limit
from tawa.games.sacred_valley.rules.market import immediate
from tawa.games.sacred_valley.rules.planting import plant_step
from tawa.games.sacred_valley.rules.turns import finish_game, pay_debts
from tawa.games.sacred_valley.state import Job, Phase, SacredValleyState, Task


def advance(s: SacredValleyState, tables: Tables, params: Params, ev: Events) -> None:
    """Run pending steps until one needs a decision; otherwise return to the free window (SV-068)."""
    while True:
        if s.mode == Phase.OVER:
            return
        if s.tasks:
            t = s.tasks.pop()
            if run_task(s, tables, params, ev, t):
                return
            continue
        s.mode = s.window
        pay_debts(s, tables, ev)  # SV-061 again at every free window
        return


def run_task(s: SacredValleyState, tables: Tables, params: Params, ev: Events, t: Task) -> bool:
    """Run one step; True when it paused for a decision (``state.mode`` set)."""
    p = s.active
    kind = t.kind
    if kind == Job.PLANT:
        return plant_step(s, tables, params, ev)
    if kind == Job.END:
        if s.end_by >= 0:
            finish_game(s, tables, params, ev)  # SV-564 the turn stops at once
            return True
        return False
    if kind == Job.SEED_IN:
        if s.pending < 0:
            return False
        if len(s.wh[p]) >= warehouse_limit(s, tables, p):
            s.mode = Phase.DISCARD_SEED  # SV-265
            return True
        s.wh[p].append(s.pending)  # SV-263
        s.pending = -1
        return False
    if kind == Job.TAKE:
        if any(c >= 0 for c in s.main) or s.vines > 0:
            s.mode = Phase.FREE_SEED  # SV-406/SV-492 mandatory when any tile is there
            return True
        pub(ev, "no_free_seed", "no Seed Tile to take for free")
        return False
    if kind == Job.CAM_IN:
        if len(s.cam[p]) >= tables.max_camayos:
            s.mode = Phase.DISCARD_CAMAYO  # SV-282
            return True
        k = s.pending_cam
        s.cam[p].append(k)  # SV-281
        s.marker[p].append(CAMAYO_ONE_SHOT[k])  # SV-289
        s.pending_cam = -1
        return False
    if kind == Job.KEEPER:
        if len(s.wh[p]) > warehouse_limit(s, tables, p):
            s.mode = Phase.KEEPER_DISCARD  # SV-287
            return True
        return False
    return immediate(s, tables, params, ev, t.camayo)  # Job.IMMEDIATE, SV-288
