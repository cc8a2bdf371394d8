"""Demands, the bag and the discard pile: setup draws (PK-085..PK-090) and refill (PK-270..PK-281)."""
from __future__ import annotations

from typing import Any

from tawa import Event, Rng
from tawa.games.pachakuna.board import Tables
from tawa.games.pachakuna.data import COLOURS, LETTER
from tawa.games.pachakuna.state import PKState

WHITE = 0


def demand_name(tables: Tables, d: int) -> str:
    u, lo = tables.demands[d]
    return f"D{d:02d} {LETTER[COLOURS[u]]}/{LETTER[COLOURS[lo]]}"


def is_valid(tables: Tables, params: Any, d: int, village: int, setup: bool) -> bool:
    """PK-271 during play: neither flag shows the village colour; PK-087/088 at setup also no white flag.
    SETUP_FORBIDDEN=upper_flag checks the upper flag only."""
    u, lo = tables.demands[d]
    if params.SETUP_FORBIDDEN == "either_flag":
        if village in (u, lo):
            return False
        return not (setup and WHITE in (u, lo))
    if u == village:
        return False
    return not (setup and u == WHITE)


def reshuffle(s: PKState) -> Event:
    """PK-273: all discarded demands go back into the bag."""
    n = len(s.discard)
    s.bag = sorted(s.bag + s.discard)
    s.discard = []
    return Event("reshuffle", f"{n} discarded demands go back into the bag", data={"count": n})


def draw_for(s: PKState, tables: Tables, params: Any, rng: Rng, village: int, setup: bool) -> list[Event]:
    """Give ``village`` one demand drawn from the bag (PK-086, PK-270, PK-272..PK-276)."""
    events: list[Event] = []
    valid = [d for d in s.bag if is_valid(tables, params, d, village, setup)]
    if not valid:  # PK-273/274 checked only when a village is about to draw
        events.append(reshuffle(s))
        valid = [d for d in s.bag if is_valid(tables, params, d, village, setup)]
        if not valid:  # impossible with the default demand list (PK-281)
            return events
    if params.DEMAND_DRAW == "uniform_valid":  # PK-276, PK-090
        d = rng.choice(valid)
    else:  # PK-272, PK-089 literal draw-and-return
        while True:
            d = rng.choice(s.bag)
            if is_valid(tables, params, d, village, setup):
                break
    s.bag.remove(d)
    s.demand[village] = d
    events.append(Event("demand", f"the {COLOURS[village]} village draws {demand_name(tables, d)}",
                        data={"village": COLOURS[village], "demand": d}))
    if params.RESHUFFLE_TIMING == "when_empty" and not s.bag and s.discard:
        events.append(reshuffle(s))
    return events


def fill_missing(s: PKState, tables: Tables, params: Any, rng: Rng, setup: bool) -> list[Event]:
    """Every village without a demand draws one, in REFILL_ORDER (PK-275, PK-090)."""
    events: list[Event] = []
    for v in tables.refill_order:
        if s.demand[v] < 0:
            events.extend(draw_for(s, tables, params, rng, v, setup))
    return events
