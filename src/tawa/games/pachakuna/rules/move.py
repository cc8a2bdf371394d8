"""Step 2, Move (PK-160..PK-168, PK-323): each llama in slot order moves along its terrain, or stays on a village."""

from __future__ import annotations

from typing import NamedTuple

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import COLOURS, LLAMAS_PER_PLAYER, SIDE_NAMES, Tables, cell_name, llama_name
from tawa.games.pachakuna.rules.reach import reachable
from tawa.games.pachakuna.state import Moved, PachakunaState, Phase


class Move(NamedTuple):
    """Llama ``llama`` goes to ``cell`` (``region`` on a tile, -1 on a village; PK-050)."""

    kind: str  # "move"
    llama: int
    cell: int
    region: int


class Stay(NamedTuple):
    """Llama ``llama`` rests on its village (PK-164)."""

    kind: str  # "stay"
    llama: int


NOT_NOW = Refusal(
    "PK-112", "llamas move only in the move step", "the move step, after the rotate step of your turn (PK-111)"
)
BOUGHT = Refusal("PK-168", "a llama bought this turn does not move in this turn")
MUST_MOVE = Refusal("PK-162", "a llama on a terrain tile must move when a cell is reachable")
UNREACHABLE = Refusal("PK-161", "that cell is not reachable along the llama's terrain (or is its own cell)")


def llama_terrain(s: PachakunaState, seat: int) -> int:
    """PK-060: White valley (0), Black mountain (1)."""
    return s.colour_of(seat)


def destinations(s: PachakunaState, tables: Tables, k: int) -> list[tuple[int, int]]:
    return reachable(tables, s.types, s.orient, s.pos[k], s.region[k], llama_terrain(s, k // LLAMAS_PER_PLAYER))


def mover(s: PachakunaState) -> int:
    """The llama that moves now (PK-160, PK-323: slot order)."""
    return s.active * LLAMAS_PER_PLAYER + s.move_slot


def may_stay(s: PachakunaState, tables: Tables, k: int) -> bool:
    """PK-164: a llama on a village may stay; PK-162: on a tile it must move (when it can, PK-163)."""
    return tables.village_at[s.pos[k]] >= 0


def stay_id(k: int) -> str:
    return f"stay {llama_name(k)}"


def move_id(tables: Tables, k: int, cell: int, region: int) -> str:
    suffix = f" r{region}" if tables.multi and region >= 0 else ""  # PK-050: the region where tiles have two
    return f"move {llama_name(k)} {cell_name(cell)}{suffix}"


def legal_move(s: PachakunaState, tables: Tables, params: Params) -> list[Action]:
    k = mover(s)
    acts = []
    who = f"{SIDE_NAMES[s.colour_of(s.active)]} {llama_name(k)} ({load_text(s.load[k])})"
    for cell, rg in destinations(s, tables, k):
        text = f"Move {who} to {cell_name(cell)}{place_text(s, tables, cell)}"
        acts.append(Action(move_id(tables, k, cell, rg), text, Move("move", k, cell, rg)))
    if may_stay(s, tables, k):
        acts.append(
            Action(
                stay_id(k), f"{who} stays on {cell_name(s.pos[k])}{place_text(s, tables, s.pos[k])}", Stay("stay", k)
            )
        )
    return acts


def load_text(load: int) -> str:
    return f"carrying {COLOURS[load]}" if load >= 0 else "empty"


def place_text(s: PachakunaState, tables: Tables, cell: int) -> str:
    """' (red village, demand Y/B)' for a village, ' (tile M5)' for a tile: for the action texts."""
    v = tables.village_at[cell]
    if v < 0:
        return f" (tile {s.types[cell]}{s.orient[cell]})"
    d = s.demand[v]
    return f" ({COLOURS[v]} village, demand {tables.demand_flags[d] if d >= 0 else 'none'})"


def move_llama(s: PachakunaState, tables: Tables, k: int, cell: int, region: int, who: str) -> list[Event]:
    """PK-161: the llama goes to a reachable cell."""
    s.pos[k], s.region[k] = cell, region
    s.moved[k] = Moved.MOVED
    s.move_slot += 1
    return [
        Event(
            "move",
            f"{who} {llama_name(k)} moves to {cell_name(cell)}{place_text(s, tables, cell)}",
            data={"llama": k, "to": cell_name(cell)},
        )
    ]


def stay_llama(s: PachakunaState, tables: Tables, k: int, who: str) -> list[Event]:
    """PK-164: the llama rests on its village."""
    s.moved[k] = Moved.STAYED
    s.move_slot += 1
    return [
        Event(
            "stay",
            f"{who} {llama_name(k)} stays on {cell_name(s.pos[k])}{place_text(s, tables, s.pos[k])}",
            data={"llama": k},
        )
    ]


def next_mover(s: PachakunaState, tables: Tables) -> bool:
    """Advance ``move_slot`` to the next llama with a real choice (PK-160, PK-163, PK-323)."""
    while s.move_slot < LLAMAS_PER_PLAYER:
        k = mover(s)
        if s.pos[k] >= 0 and s.moved[k] == Moved.NOT_YET:
            if destinations(s, tables, k):
                return True
            s.moved[k] = Moved.STAYED  # stuck on a tile (PK-163) or nowhere to go from a village
        s.move_slot += 1
    return False


def moving(s: PachakunaState) -> bool:
    """PK-112: llamas move only in the move step."""
    return s.step == Phase.MOVE
