"""Step 1, Rotate (PK-130..PK-144): the free rotation, paid rotations, rocks, and the PK-325 warning."""

from __future__ import annotations

from typing import NamedTuple

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import N_ORIENTATIONS, TILE_CELLS, Tables, TileType, cell_name, llamas_of
from tawa.games.pachakuna.rules.move import destinations
from tawa.games.pachakuna.state import PachakunaState, Payment, Phase


class Rotate(NamedTuple):
    """Turn ``cell`` to ``orientation`` (its current one: a 0-degree rotation, PK-131/137)."""

    kind: str  # "rotate": every action's data starts with its kind
    cell: int
    orientation: int


class EndRotate(NamedTuple):
    """End the rotate step: rocks on this turn's rotated tiles (PK-140/141)."""

    kind: str  # "end_rotate"


END_ROTATE = Action(
    "end rotate", "End the rotate step (rocks go on the tiles rotated this turn)", EndRotate("end_rotate")
)

NOT_NOW = Refusal("PK-144", "tiles are rotated only in the rotate step")
VILLAGE = Refusal("PK-040", "villages never rotate")
LLAMA_ON_TILE = Refusal("PK-138", "a tile with a llama on it cannot be rotated")
ROCK = Refusal("PK-139", "a tile with a rock cannot be rotated this turn")
ROTATED = Refusal("PK-135", "each tile may be rotated at most once per turn")
NO_MORE = Refusal("PK-007", "no more rotations this turn (MAX_ROTATIONS)")
FREE_ZERO = Refusal("PK-131", "the free rotation must change the orientation here (FREE_ZERO_ROTATION=false)")
PAID_ZERO = Refusal("PK-137", "a paid rotation must change the orientation here (PAID_ZERO_ROTATION=false)")


# ---------------------------------------------------------------------------- predicates
def rotating(s: PachakunaState) -> bool:
    """PK-144: tiles turn only in the rotate step (free or paid part)."""
    return s.step == Phase.ROTATE_FREE or s.step == Phase.ROTATE_PAID


def tile_refusal(s: PachakunaState, cell: int) -> Refusal | None:
    """PK-040 tiles only; PK-138 no llama; PK-139 no rock; PK-135 once per turn."""
    if s.types[cell] == "":
        return VILLAGE
    if cell in s.pos:
        return LLAMA_ON_TILE
    if cell in s.rocks:
        return ROCK
    if cell in s.rotated:
        return ROTATED
    return None


def is_rotatable(s: PachakunaState, cell: int) -> bool:
    return tile_refusal(s, cell) is None


def can_rotate_more(s: PachakunaState, params: Params) -> bool:
    """PK-136 / PK-007 (MAX_ROTATIONS)."""
    return params.MAX_ROTATIONS is None or len(s.rotated) < params.MAX_ROTATIONS


def paid_rotation_refusal(s: PachakunaState, params: Params) -> Refusal | None:
    """PK-007 the rotation limit, PK-132/254 the 2 pieces held."""
    if not can_rotate_more(s, params):
        return NO_MORE
    if s.holds(s.active) < params.ROTATION_COST:
        return Refusal("PK-132", f"a further rotation costs {params.ROTATION_COST} pieces you do not hold")
    return None


def paid_rotation_possible(s: PachakunaState, params: Params) -> bool:
    return paid_rotation_refusal(s, params) is None


def step_refusal(s: PachakunaState, params: Params) -> Refusal | None:
    """Whether this part of the rotate step allows a rotation at all: the free one always (PK-130), a paid one
    while it can be paid and the limit allows (PK-132, PK-007)."""
    return None if s.step == Phase.ROTATE_FREE else paid_rotation_refusal(s, params)


def zero_rotation_refusal(s: PachakunaState, params: Params) -> Refusal | None:
    """PK-131 (free) / PK-137 (paid): whether a rotation may keep the orientation."""
    if s.step == Phase.ROTATE_FREE:
        return None if params.FREE_ZERO_ROTATION else FREE_ZERO
    return None if params.PAID_ZERO_ROTATION else PAID_ZERO


def stranded_llamas(s: PachakunaState, tables: Tables, cell: int, o: int) -> list[int]:
    """PK-325: the active player's llamas that would have no reachable cell after turning ``cell`` to ``o``."""
    old = s.orient[cell]
    s.orient[cell] = o
    try:
        return [k for k in llamas_of(s.active) if s.pos[k] >= 0 and not destinations(s, tables, k)]
    finally:
        s.orient[cell] = old


# ---------------------------------------------------------------------------- actions
def rotate_id(cell: int, o: int) -> str:
    return f"rotate {cell_name(cell)} o{o}"


_ACTIONS: dict[tuple[TileType, int, int, bool, int], tuple[Action, ...]] = {}


def rotate_actions(tile: TileType, cell: int, cur: int, free: bool, cost: int) -> tuple[Action, ...]:
    """The rotations of ``cell`` (a ``tile`` at orientation ``cur``) to each orientation 0-5, as offered now."""
    key = (tile, cell, cur, free, cost)
    acts = _ACTIONS.get(key)
    if acts is None:
        how = "free" if free else f"pay {cost}"
        name = cell_name(cell)
        kind = tile.name
        out = []
        for o in range(N_ORIENTATIONS):
            if o == cur:  # PK-131/137: a 0-degree rotation only places a rock
                text = f"Keep tile {name} {kind}{o} as it is, 0-degree rotation: it gets a rock ({how})"
            else:
                mountain = ",".join(str(d) for d in tile.mountain_sides(o))
                text = f"Rotate tile {name} {kind}{cur} -> {kind}{o} (mountain sides {mountain}) ({how})"
            out.append(Action(rotate_id(cell, o), text, Rotate("rotate", cell, o)))
        acts = _ACTIONS[key] = tuple(out)
    return acts


def legal_rotate(s: PachakunaState, tables: Tables, params: Params) -> list[Action]:
    acts: list[Action] = []
    if step_refusal(s, params) is None:
        free = s.step == Phase.ROTATE_FREE
        cost = params.ROTATION_COST
        zero_ok = zero_rotation_refusal(s, params) is None
        orient, types, tile_types = s.orient, s.types, tables.tile_types
        for cell in TILE_CELLS:  # PK-040 tiles only
            if not is_rotatable(s, cell):  # PK-139 rock, PK-135 rotated, PK-138 llama
                continue
            cur = orient[cell]
            offered = rotate_actions(tile_types[types[cell]], cell, cur, free, cost)
            if zero_ok:  # PK-047 any of the 6 orientations in one rotation
                acts.extend(offered)
            else:
                acts.extend(a for o, a in enumerate(offered) if o != cur)
    acts.append(END_ROTATE)
    return acts


# ---------------------------------------------------------------------------- effects
def choose_rotation(s: PachakunaState, params: Params, cell: int, o: int, who: str) -> list[Event]:
    """PK-130: the free rotation takes effect at once; PK-132/133: a paid one once its pieces are paid."""
    if s.step == Phase.ROTATE_FREE:
        events = turn_tile(s, cell, o, who, "free")
        if len(s.rotated) >= params.FREE_ROTATIONS:
            s.step = Phase.ROTATE_PAID
        return events
    s.paying, s.pay_need, s.pay_cell, s.pay_orient = Payment.ROTATION, params.ROTATION_COST, cell, o
    return []


def turn_tile(s: PachakunaState, cell: int, o: int, who: str, how: str) -> list[Event]:
    """PK-143: the new orientation takes effect at once (the log says it in the words of the action menu)."""
    old = s.orient[cell]
    s.orient[cell] = o
    s.rotated.append(cell)
    kind, name = s.types[cell], cell_name(cell)
    if o == old:
        text = f"{who} keeps tile {name} {kind}{o} as it is, a 0-degree rotation ({how}): it gets a rock"
    else:
        text = f"{who} rotates tile {name} {kind}{old} -> {kind}{o} ({how})"
    return [Event("rotate", text, data={"cell": name, "from": old, "to": o, "how": how})]


def end_rotate(s: PachakunaState, who: str) -> list[Event]:
    """PK-140/141: rocks exactly on the tiles rotated this turn, every other rock removed."""
    s.rocks = sorted(s.rotated)
    s.step = Phase.MOVE
    s.move_slot = 0
    names = [cell_name(c) for c in s.rocks]
    rocks = f"rocks on {', '.join(names)}" if names else "no rocks"
    return [Event("rocks", f"{who} ends the rotate step: {rocks}", data={"rocks": names})]
