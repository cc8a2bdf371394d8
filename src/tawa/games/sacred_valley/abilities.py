"""Free-window abilities (Weaver, gray alpaca, Cleaner), Herder moves and extra actions.

Spec SV-340–SV-343 and the Camayo rules SV-390–SV-507.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tawa import Event

from . import data as D
from .board import all_occupied
from .flow import begin_purchase, cn, gain, pub, settle, who
from .planting import start_planting
from .state import (
    BY_CLEANER,
    EXTRA_ANY,
    EXTRA_PLANT,
)

if TYPE_CHECKING:
    from .game import SacredValley

Ev = list[Event]


# ------------------------------------------------------------------ free-window abilities and extras
def weave(g: SacredValley, ev: Ev, crop: int) -> None:
    s = g.state
    p = s.active
    s.wh[p].remove(crop)
    s.wh[p].remove(crop)
    s.sdiscard.extend((crop, crop))
    s.weaver_used = True  # SV-465 once per turn
    pub(ev, "weaver", f"{who(p)} weaves two {cn(crop)} tiles for ${g.params.WEAVER_INCOME}", seat=p, crop=cn(crop))
    gain(g, ev, p, g.params.WEAVER_INCOME, "Weaver")
    settle(g, ev)


def gray_alpaca(g: SacredValley, ev: Ev, x: int) -> None:
    s = g.state
    p = s.active
    i = s.unused_marker(p, D.ALPACA_WORKER)
    s.marker[p][i] = False
    a = next(a for a in D.GRAY_ALPACAS if s.alpaca_at[a] < 0)
    s.alpaca_at[a] = x
    s.alp[x] = a
    pub(ev, "alpaca", f"{who(p)} puts gray alpaca {D.ALPACA_NAMES[a]} on {g.cfg.names[x]} (Alpaca Worker)",
        seat=p, alpaca=D.ALPACA_NAMES[a], grid=g.cfg.names[x])
    if all_occupied(s, g.cfg):
        s.end_by = p
        s.tasks.append(("end",))
    settle(g, ev)


def cleaner(g: SacredValley, ev: Ev, x: int, crop: int) -> None:
    s = g.state
    p = s.active
    i = s.unused_marker(p, D.CLEANER)
    s.marker[p][i] = False  # SV-289
    pub(ev, "cleaner", f"{who(p)} uses Cleaner on the vine at {g.cfg.names[x]}", seat=p, grid=g.cfg.names[x])
    start_planting(g, ev, crop, x, BY_CLEANER)


def herd(g: SacredValley, ev: Ev, a: int, x: int) -> None:
    s = g.state
    p = s.active
    old = s.alpaca_at[a]
    s.alp[old] = -1
    s.alp[x] = a
    s.alpaca_at[a] = x
    s.herd_moved.append(a)
    s.herd_left -= 1
    pub(ev, "herd", f"{who(p)} moves alpaca {D.ALPACA_NAMES[a]} from {g.cfg.names[old]} to {g.cfg.names[x]} "
        "(Herder)", seat=p, alpaca=D.ALPACA_NAMES[a], grid=g.cfg.names[x])
    if all_occupied(s, g.cfg):
        s.end_by = p
        s.tasks.append(("end",))
        settle(g, ev)
        return
    if s.herd_left <= 0:
        settle(g, ev)


def stop_herding(g: SacredValley, ev: Ev) -> None:
    g.state.herd_left = 0
    settle(g, ev)


def use_extra(g: SacredValley, ev: Ev, k: int) -> None:
    """SV-340–SV-343, SV-400, SV-452, SV-490."""
    s = g.state
    p = s.active
    i = s.unused_marker(p, k)
    s.marker[p][i] = False
    pub(ev, "extra", f"{who(p)} uses {D.CAMAYO_NAMES[k]} for an extra action", seat=p, kind=D.CAMAYO_NAMES[k])
    if k == D.BARTERER:
        begin_purchase(g, ev)
    elif k == D.HATUN_RUNA:
        s.mode = EXTRA_PLANT
    else:
        s.mode = EXTRA_ANY


