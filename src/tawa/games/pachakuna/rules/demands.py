"""Demands, the bag and the discard pile: setup draws (PK-085..PK-090) and refill draws (PK-270..PK-281)."""

from __future__ import annotations

from tawa.core.errors import BadOption
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.pachakuna.data import COLOURS, PARAMS, WHITE, Tables
from tawa.games.pachakuna.data import tables as tables_of
from tawa.games.pachakuna.state import PachakunaState


def is_valid(tables: Tables, params: Params, d: int, village: int, setup: bool) -> bool:
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


def reshuffle(s: PachakunaState) -> Event:
    """PK-273: all discarded demands go back into the bag."""
    n = len(s.discard)
    s.bag = sorted(s.bag + s.discard)
    s.discard = []
    return Event("reshuffle", f"{n} discarded demands go back into the bag", data={"count": n})


def draw_for(s: PachakunaState, tables: Tables, params: Params, rng: Rng, village: int, setup: bool) -> list[Event]:
    """Give ``village`` one demand drawn from the bag (PK-086, PK-270, PK-272..PK-276)."""
    events: list[Event] = []
    valid = [d for d in s.bag if is_valid(tables, params, d, village, setup)]
    if not valid:  # PK-273/274 checked only when a village is about to draw
        events.append(reshuffle(s))
        valid = [d for d in s.bag if is_valid(tables, params, d, village, setup)]
        if not valid:  # PK-281: impossible for the lists check_params lets through
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
    events.append(
        Event(
            "demand",
            f"the {COLOURS[village]} village draws {tables.demand_name(d)}",
            data={"village": COLOURS[village], "demand": d},
        )
    )
    if params.RESHUFFLE_TIMING == "when_empty" and not s.bag and s.discard:
        events.append(reshuffle(s))
    return events


def fill_missing(s: PachakunaState, tables: Tables, params: Params, rng: Rng, setup: bool) -> list[Event]:
    """Every village without a demand draws one, in REFILL_ORDER (PK-275, PK-090)."""
    events: list[Event] = []
    for v in tables.refill_order:
        if s.demand[v] < 0:
            events.extend(draw_for(s, tables, params, rng, v, setup))
    return events


def refill_never_fails(tables: Tables, params: Params) -> str | None:
    """PK-281 for a demand list: whatever the other six villages show, each village still finds a valid demand,
    at setup and during play. Returns what fails, or None."""
    others = len(COLOURS) - 1
    for setup in (True, False):
        for v in range(len(COLOURS)):
            n = sum(1 for d in range(len(tables.demands)) if is_valid(tables, params, d, v, setup))
            if n <= others:
                when = "at setup" if setup else "during play"
                return (
                    f"only {n} demands are valid for the {COLOURS[v]} village {when}: it needs more than "
                    f"{others}, one more than the other villages can hold"
                )
    return None


def check_params(params: Params, players: int) -> None:
    """A demand list whose refill never fails (PK-281). (TILE_TYPES and TILE_COUNTS overrides merge with the
    defaults, so the layouts never lack a tile type.)"""
    problem = refill_never_fails(tables_of(params), params)
    if problem:
        raise BadOption(f"option {PARAMS.params['DEMANDS'].label}: {problem}")
