"""Setup (PK-080..PK-099): the layout, the first demands, the seats, the starting llamas and supplies."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    BROWN,
    CENTRE,
    LLAMAS_PER_PLAYER,
    N_CELLS,
    N_COLOURS,
    N_ORIENTATIONS,
    PLAYERS,
    TILE_CELLS,
    WHITE,
    Tables,
)
from tawa.games.pachakuna.rules.demands import fill_missing
from tawa.games.pachakuna.rules.refill import turn_event
from tawa.games.pachakuna.state import PachakunaState, Phase

RANDOM_LAYOUT_ORDER = ("F", "N", "M")  # PK-084: the tiles in this order before the shuffle (others after, by name)


def setup(s: PachakunaState, tables: Tables, params: Params, rng: Rng) -> list[Event]:
    """PK-080..PK-099."""
    events: list[Event] = []
    # PK-081..PK-084 villages and tiles
    s.types = [""] * N_CELLS
    s.orient = [0] * N_CELLS
    if tables.plan is None:  # PK-084 (ruling: the game's Rng serves the shuffle)
        kinds = [t for t, n in params.TILE_COUNTS.items() for _ in range(n)]
        kinds.sort(
            key=lambda t: (RANDOM_LAYOUT_ORDER.index(t) if t in RANDOM_LAYOUT_ORDER else len(RANDOM_LAYOUT_ORDER), t)
        )
        rng.shuffle(kinds)
        for i, cell in enumerate(TILE_CELLS):
            s.types[cell] = kinds[i]
            s.orient[cell] = rng.below(N_ORIENTATIONS)
    else:  # PK-082, PK-083
        for cell in TILE_CELLS:
            s.types[cell], s.orient[cell] = tables.plan[cell]
    events.append(Event("setup", f"layout {params.layout}", data={"layout": params.layout}))
    # PK-085..PK-090 demands
    s.bag = list(range(len(tables.demands)))
    s.discard = []
    s.demand = [-1] * N_COLOURS
    events.extend(fill_missing(s, tables, params, rng, setup=True))
    # PK-092/093 seats; PK-094..PK-097 llamas and supplies
    s.white_seat = rng.below(PLAYERS) if params.WHITE_SEAT == "random" else int(params.WHITE_SEAT)
    for seat in range(PLAYERS):
        k = seat * LLAMAS_PER_PLAYER
        s.pos[k] = CENTRE
        s.load[k] = WHITE  # one white resource
    s.supply = [[0] * len(ALL_PIECES) for _ in range(PLAYERS)]
    s.supply[1 - s.white_seat][BROWN] = 1  # PK-096
    s.rocks = []  # PK-098
    s.active = s.white_seat  # PK-099
    s.step = Phase.ROTATE_FREE
    events.append(
        Event(
            "setup",
            f"White (seat {s.white_seat + 1}) starts; Black (seat {2 - s.white_seat}) holds the brown resource",
            data={"white_seat": s.white_seat},
        )
    )
    events.append(turn_event(s))
    return events
