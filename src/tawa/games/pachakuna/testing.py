"""Helpers to build hand-made P'achakuna positions for tests (and for exploring in a REPL).

    g = make_game(layout="A")
    fill_board(g, "M", 0)                       # every tile M0
    set_tile(g, (1, 0), "F", 3)
    put_llama(g, "white", 0, (1, 0), "red")
    reach_cells(g, "white", (1, 0))             # -> [(q, r), ...]
    at_step(g, "trade")

The helpers write straight into ``g.state`` (and clear the legal-action cache); they do not check the rules.
"""

from __future__ import annotations

from typing import Any

from tawa.core.events import Event
from tawa.core.registry import new_game
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    CELLS,
    COLOURS,
    INDEX,
    LETTER,
    LLAMAS_PER_PLAYER,
    N_LLAMAS,
    TILE_CELLS,
    Terrain,
)
from tawa.games.pachakuna.game import PachakunaGame
from tawa.games.pachakuna.rules import advance
from tawa.games.pachakuna.rules.reach import reachable
from tawa.games.pachakuna.state import Moved, Phase

Cell = tuple[int, int]
STEPS = {step.label: step for step in (Phase.ROTATE_FREE, Phase.ROTATE_PAID, Phase.MOVE, Phase.TRADE)}
_LETTER_TO_COLOUR = {v: COLOURS.index(k) for k, v in LETTER.items()}


def make_game(layout: str = "A", seed: int = 0, **options: Any) -> PachakunaGame:
    g = new_game("pachakuna", 2, seed, {"layout": layout, **options})
    assert isinstance(g, PachakunaGame)
    return g


def _touch(g: PachakunaGame) -> None:
    g.invalidate_cache()


def fill_board(g: PachakunaGame, kind: str, orientation: int) -> None:
    """Every terrain tile becomes ``kind`` at ``orientation``."""
    types = list(g.state.types)
    for c in TILE_CELLS:
        types[c] = kind
        g.state.orient[c] = orientation
    g.state.types = types
    _touch(g)


def set_tile(g: PachakunaGame, cell: Cell, kind: str, orientation: int) -> None:
    types = list(g.state.types)
    types[INDEX[cell]] = kind
    g.state.types = types
    g.state.orient[INDEX[cell]] = orientation
    _touch(g)


def side_index(g: PachakunaGame, side: str) -> int:
    """The seat playing ``side`` ("white" or "black")."""
    return g.state.white_seat if side == "white" else 1 - g.state.white_seat


def put_llama(g: PachakunaGame, side: str, slot: int, cell: Cell | None, load: str | None = "white") -> int:
    """Place (or with ``cell=None`` remove) llama ``slot`` of ``side``; returns its index seat*3+slot."""
    s = g.state
    k = side_index(g, side) * LLAMAS_PER_PLAYER + slot
    if cell is None:
        s.pos[k], s.region[k], s.load[k], s.reload[k] = -1, -1, -1, False
    else:
        c = INDEX[cell]
        s.pos[k] = c
        terrain = s.colour_of(k // LLAMAS_PER_PLAYER)
        if g.tables.village_at[c] >= 0:
            s.region[k] = -1
        else:
            tt = g.tables.tile_types[s.types[c]]
            s.region[k] = tt.region_terrain.index(terrain)
        s.load[k] = COLOURS.index(load) if load else -1
        s.reload[k] = load is None
    s.moved[k] = Moved.NOT_YET
    _touch(g)
    return k


def reach_cells(g: PachakunaGame, side: str, cell: Cell) -> list[Cell]:
    """Cells a ``side`` llama standing on ``cell`` can reach on the current board."""
    s = g.state
    c = INDEX[cell]
    terrain = Terrain.VALLEY if side == "white" else Terrain.MOUNTAIN
    region = -1
    if g.tables.village_at[c] < 0:
        region = g.tables.tile_types[s.types[c]].region_terrain.index(terrain)
    return sorted({CELLS[n] for n, _ in reachable(g.tables, s.types, s.orient, c, region, terrain)})


def demand_id(g: PachakunaGame, flags: str) -> int:
    """ "Y/R" -> the id of the demand with upper yellow, lower red."""
    u, lo = flags.split("/")
    return g.tables.demands.index((_LETTER_TO_COLOUR[u], _LETTER_TO_COLOUR[lo]))


def set_demand(g: PachakunaGame, village: str, flags: str | None) -> None:
    """Put demand ``flags`` on ``village`` (taking it from wherever it is; the old one goes to the bag)."""
    s = g.state
    v = COLOURS.index(village)
    old = s.demand[v]
    if flags is None:
        s.demand[v] = -1
        if old >= 0:
            s.bag = sorted([*s.bag, old])
        _touch(g)
        return
    d = demand_id(g, flags)
    if old == d:
        return
    if d in s.bag:
        s.bag.remove(d)
    elif d in s.discard:
        s.discard.remove(d)
    else:
        w = s.demand.index(d)
        s.demand[w] = -1
    s.demand[v] = d
    if old >= 0:
        s.bag = sorted([*s.bag, old])
    _touch(g)


def set_supply(g: PachakunaGame, side: str, pieces: dict[str, int]) -> None:
    g.state.supply[side_index(g, side)] = [pieces.get(p, 0) for p in ALL_PIECES]
    _touch(g)


def supply_of(g: PachakunaGame, side: str) -> dict[str, int]:
    return {ALL_PIECES[c]: n for c, n in enumerate(g.state.supply[side_index(g, side)]) if n}


def at_step(g: PachakunaGame, step: str, side: str = "white") -> list[Event]:
    """Make ``side`` active at the start of ``step`` (per-turn bookkeeping cleared), then resolve what has no
    choice as the game would (a llama that can only stay, a trade step with nothing to do...). Set up the
    position before calling it."""
    s = g.state
    s.active = side_index(g, side)
    s.step = STEPS[step]
    s.move_slot = 0
    s.rotated, s.sold, s.buys = [], [], 0
    s.moved = [Moved.NOT_YET] * N_LLAMAS
    s.bought = [False] * N_LLAMAS
    _touch(g)
    return advance(s, g.tables, g.params, g.rng)


def ids(g: PachakunaGame) -> list[str]:
    return [a.id for a in g.legal_actions()]


def llama_cell(g: PachakunaGame, side: str, slot: int) -> Cell | None:
    k = side_index(g, side) * LLAMAS_PER_PLAYER + slot
    return CELLS[g.state.pos[k]] if g.state.pos[k] >= 0 else None


def llama_load(g: PachakunaGame, side: str, slot: int) -> str | None:
    k = side_index(g, side) * LLAMAS_PER_PLAYER + slot
    return COLOURS[g.state.load[k]] if g.state.load[k] >= 0 else None


def finish_turn(g: PachakunaGame) -> None:
    """Play the rest of the active player's turn simply: end rotating, stay (or take the first move), end
    trading, until the other player is active or the game is over."""
    seat = g.current_player
    while not g.is_over and g.current_player == seat:
        legal = ids(g)
        for choice in ("end rotate", "end trade"):
            if choice in legal:
                g.apply(choice)
                break
        else:
            stay = [a for a in legal if a.startswith("stay")]
            g.apply(stay[0] if stay else legal[0])


def one_sale_from_winning(g: PachakunaGame, side: str = "white") -> None:
    """PK-922: ``side``'s llama0 stands on the green village with purple, which shows on the lower flag there, and
    the supply holds the other 6 colours: selling wins. The trade step begins."""
    put_llama(g, side, 0, (-4, 0), "purple")
    set_supply(g, side, {"white": 1, "red": 1, "orange": 2, "yellow": 1, "green": 1, "blue": 1})
    set_demand(g, "green", "R/P")
    at_step(g, "trade", side)
