"""What every rule module shares: the log (public events, each seat's private coin log) and names."""

from __future__ import annotations

from typing import Any

from tawa.core.events import Event
from tawa.games.sacred_valley.data import CROPS, WAREHOUSE_KEEPER, Tables
from tawa.games.sacred_valley.data import who as who  # the seat names live with the data (the view reads them)
from tawa.games.sacred_valley.state import SacredValleyState

Events = list[Event]


def crop_name(c: int) -> str:
    return CROPS[c]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------ coins (SV-007, SV-600, SV-632)
def gain(s: SacredValleyState, ev: Events, p: int, amount: int, why: str) -> None:
    if amount == 0:
        return
    s.coins[p] += amount
    if s.coins[p] < 0:
        raise AssertionError("coins below zero")  # SV-007
    verb = "gain" if amount > 0 else "pay"
    # SV-632 private coin log: the balance is seen only by its owner (SV-600)
    ev.append(
        Event(
            "coins",
            f"you {verb} ${abs(amount)} ({why}); you now have ${s.coins[p]}",
            to=p,
            data={"delta": amount, "balance": s.coins[p], "why": why},
        )
    )


LOG_ONLY = frozenset(("round", "turn", "slide"))
"""Event kinds that only help a reader of the log (separators, the end-of-turn slide): no rule or bot reads them."""


def pub(ev: Events, kind: str, text: str, /, **data: Any) -> None:
    """A public event (SV-603)."""
    ev.append(Event(kind, text, None, data))


def warehouse_limit(s: SacredValleyState, tables: Tables, p: int) -> int:
    """SV-264 three tiles, five with Warehouse Keeper."""
    return tables.warehouse_keeper if WAREHOUSE_KEEPER in s.cam[p] else tables.warehouse_base
