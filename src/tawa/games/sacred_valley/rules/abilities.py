"""Free-window abilities (Weaver, the gray alpaca, Cleaner), Herder's moves and the extra actions.

Spec SV-340–SV-343 and the Camayo rules SV-390–SV-507.
"""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    ALPACA_NAMES,
    ALPACA_WORKER,
    BARTERER,
    CAMAYO_LABELS,
    CAMAYO_NAMES,
    CLEANER,
    GRAY_ALPACAS,
    HATUN_RUNA,
    Tables,
)
from tawa.games.sacred_valley.rules.common import Events, crop_name, gain, pub, who
from tawa.games.sacred_valley.rules.planting import start_planting
from tawa.games.sacred_valley.rules.terrace import end_if_full
from tawa.games.sacred_valley.rules.turns import begin_purchase
from tawa.games.sacred_valley.state import How, Phase, SacredValleyState


def weave(s: SacredValleyState, params: Params, ev: Events, crop: int) -> None:
    p = s.active
    s.wh[p].remove(crop)
    s.wh[p].remove(crop)
    s.sdiscard.extend((crop, crop))
    s.weaver_used = True  # SV-465 once per turn
    pub(
        ev,
        "weaver",
        f"{who(p)} weaves two {crop_name(crop)} tiles for ${params.WEAVER_INCOME}",
        seat=p,
        crop=crop_name(crop),
    )
    gain(s, ev, p, params.WEAVER_INCOME, "Weaver")


def gray_alpaca(s: SacredValleyState, tables: Tables, ev: Events, x: int) -> None:
    p = s.active
    i = s.unused_marker(p, ALPACA_WORKER)
    s.marker[p][i] = False
    a = next(a for a in GRAY_ALPACAS if s.alpaca_at[a] < 0)
    s.alpaca_at[a] = x
    s.alp[x] = a
    pub(
        ev,
        "alpaca",
        f"{who(p)} puts gray alpaca {ALPACA_NAMES[a]} on {tables.names[x]} (Alpaca Worker)",
        seat=p,
        alpaca=ALPACA_NAMES[a],
        grid=tables.names[x],
    )
    end_if_full(s, tables, p)


def cleaner(s: SacredValleyState, tables: Tables, ev: Events, x: int, crop: int) -> None:
    p = s.active
    i = s.unused_marker(p, CLEANER)
    s.marker[p][i] = False  # SV-289
    pub(ev, "cleaner", f"{who(p)} uses Cleaner on the vine at {tables.names[x]}", seat=p, grid=tables.names[x])
    start_planting(s, crop, x, How.CLEANER)


def herd(s: SacredValleyState, tables: Tables, ev: Events, a: int, x: int) -> bool:
    """One Herder move (SV-394); True when the moves are over (the last one, or the Terrace is full)."""
    p = s.active
    old = s.alpaca_at[a]
    s.alp[old] = -1
    s.alp[x] = a
    s.alpaca_at[a] = x
    s.herd_moved.append(a)
    s.herd_left -= 1
    pub(
        ev,
        "herd",
        f"{who(p)} moves alpaca {ALPACA_NAMES[a]} from {tables.names[old]} to {tables.names[x]} (Herder)",
        seat=p,
        alpaca=ALPACA_NAMES[a],
        grid=tables.names[x],
    )
    return end_if_full(s, tables, p) or s.herd_left <= 0


def stop_herding(s: SacredValleyState) -> None:
    s.herd_left = 0


def use_extra(s: SacredValleyState, ev: Events, k: int) -> bool:
    """SV-340–SV-343, SV-400, SV-452, SV-490; True for Barterer's Purchase, which starts at once."""
    p = s.active
    i = s.unused_marker(p, k)
    s.marker[p][i] = False
    pub(ev, "extra", f"{who(p)} uses {CAMAYO_LABELS[k]} for an extra action", seat=p, kind=CAMAYO_NAMES[k])
    if k == BARTERER:
        begin_purchase(s, ev)
        return True
    s.mode = Phase.EXTRA_PLANT if k == HATUN_RUNA else Phase.EXTRA_ANY
    return False
