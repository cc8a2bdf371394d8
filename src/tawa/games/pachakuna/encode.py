"""P'achakuna as numbers for learning agents: ``encoder(players, params)`` declares the fields of the vector of one
seat's observation (``tawa.core.encoding``; every field and its range is listed in ``docs/rl.md``).

Built from ``observe.observation`` alone (PK-340..PK-345: everything on the table is public; the bag is an
unordered set). The board is written cell by cell over the 61 cells in (q, r) order (``data.CELLS``): what stands
there, and for a tile the terrain and region of each of its six board sides at its orientation (PK-046), from the
observation's ``tile_types``. The llamas are listed observer's first (slots 0-2), then the opponent's. A supply has
no bound in the rules: each colour is capped at ``SUPPLY_CAP`` pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tawa.core.encoding import Context, Encoder, EncoderBuilder
from tawa.core.params import Params
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    COLOURS,
    INDEX_BY_NAME,
    LLAMAS_PER_PLAYER,
    N_CELLS,
    N_COLOURS,
    N_ORIENTATIONS,
    N_SIDES,
    PLAYERS,
    tables,
)
from tawa.games.pachakuna.rules import action_ids
from tawa.games.pachakuna.state import Moved, Phase

SUPPLY_CAP = 10  # pieces of one colour in a supply
TURN_CAP = 300  # turns, when the game has no [D] turn cap
Obs = Mapping[str, Any]
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
PIECE_INDEX = {c: i for i, c in enumerate(ALL_PIECES)}
STEP_INDEX = {s.label: int(s) for s in Phase}


def encoder(players: int, params: Params) -> Encoder:
    """The encoding of a P'achakuna game (2 players) with ``params``."""
    t = tables(params)
    types = sorted(params.TILE_TYPES)
    type_index = {name: i for i, name in enumerate(types)}
    regions = max(len(r) for r in params.TILE_TYPES.values())
    demands = len(t.demands)
    cap = params.TURN_CAP if params.TURN_CAP is not None else TURN_CAP
    llamas = PLAYERS * LLAMAS_PER_PLAYER
    pay_most = max(params.ROTATION_COST, params.LLAMA_COST)
    b = EncoderBuilder("pachakuna", PLAYERS)
    turned: dict[tuple[str, int], tuple[list[int], list[int]]] = {}

    def board(o: Obs, c: Context) -> Any:
        """Per cell: (type, orientation, side terrains, side regions) or None, computed once per vector."""
        if "board" in c.memo:
            return c.memo["board"]
        cells: list[Any] = [None] * N_CELLS
        for name, (kind, orient) in o["tiles"].items():
            sides = turned.get((kind, orient))
            if sides is None:  # the tile types are component data, the same in every observation of a game
                sides = turned[kind, orient] = _turned(o["tile_types"][kind], orient)
            cells[INDEX_BY_NAME[name]] = (type_index[kind], orient, *sides)
        c.memo["board"] = cells
        return cells

    def village_at(o: Obs) -> list[int]:
        out = [-1] * N_CELLS
        for colour, name in o["village_cells"].items():
            out[INDEX_BY_NAME[name]] = COLOUR_INDEX[colour]
        return out

    def cells_of(names: Sequence[str]) -> list[int]:
        out = [0] * N_CELLS
        for name in names:
            out[INDEX_BY_NAME[name]] = 1
        return out

    def llama_rows(o: Obs, c: Context) -> list[Mapping[str, Any]]:
        rows = sorted(o["llamas"], key=lambda x: (c.rel[x["seat"]], x["slot"]))
        return rows

    # ---- whose turn, which step (PK-111), the turn count
    b.onehot("seat", 1, PLAYERS, "the observer's seat (spectator: none)", lambda o, c: [o["observer"]])
    b.onehot(
        "active",
        1,
        PLAYERS,
        "the seat to play, relative to the observer (0 = the observer)",
        lambda o, c: [c.relative(o["active"])],
    )
    b.onehot(
        "white_seat",
        1,
        PLAYERS,
        "the seat playing White (valley llamas; PK-093), relative",
        lambda o, c: [c.relative(o["white_seat"])],
    )
    b.onehot(
        "step",
        1,
        len(Phase),
        "the step of the turn: rotate, rotate-paid, move, trade, over",
        lambda o, c: [STEP_INDEX[o["step"]]],
    )
    b.number("turn", 1, 0, cap, "turns ended (PK-320)", lambda o, c: [o["turn"]], capped=params.TURN_CAP is None)
    b.onehot(
        "move_slot",
        1,
        LLAMAS_PER_PLAYER + 1,
        "the slot of the llama moving next in the move step (3: done)",
        lambda o, c: [o["move_slot"]],
    )
    b.number("buys", 1, 0, max(1, params.MAX_LLAMAS - 1), "llamas bought this turn", lambda o, c: [o["buys"]])
    # ---- the board, cell by cell
    b.flag(
        "cell_tile",
        N_CELLS,
        "1 if that cell holds a terrain tile",
        lambda o, c: [int(x is not None) for x in board(o, c)],
    )
    b.onehot(
        "cell_village",
        N_CELLS,
        N_COLOURS,
        "the colour of the village on that cell (PK-011, PK-032)",
        lambda o, c: village_at(o),
    )
    b.onehot(
        "cell_type",
        N_CELLS,
        len(types),
        f"the tile type on that cell ({', '.join(types)})",
        lambda o, c: [x[0] if x is not None else -1 for x in board(o, c)],
    )
    b.onehot(
        "cell_orientation",
        N_CELLS,
        N_ORIENTATIONS,
        "the tile's orientation 0-5 (PK-046)",
        lambda o, c: [x[1] if x is not None else -1 for x in board(o, c)],
    )
    b.flag(
        "cell_side_mountain",
        N_CELLS * N_SIDES,
        "1 if that board side (E, NE, NW, W, SW, SE) of the tile is mountain (0: valley or no tile)",
        lambda o, c: [v for x in board(o, c) for v in (x[2] if x is not None else _ZERO_SIDES)],
    )
    b.number(
        "cell_side_region",
        N_CELLS * N_SIDES,
        0,
        max(1, regions - 1),
        "the tile region (in tile_types order) that board side belongs to (PK-050)",
        lambda o, c: [v for x in board(o, c) for v in (x[3] if x is not None else _ZERO_SIDES)],
    )
    b.flag("cell_rock", N_CELLS, "1 if a rock lies on that cell (PK-140)", lambda o, c: cells_of(o["rocks"]))
    b.flag("cell_rotated", N_CELLS, "1 if that tile was rotated this turn", lambda o, c: cells_of(o["rotated"]))
    # ---- the llamas: the observer's slots 0-2, then the opponent's
    b.flag(
        "llama_on_board",
        llamas,
        "1 if that llama stands on the board",
        lambda o, c: [int(x["cell"] is not None) for x in llama_rows(o, c)],
    )
    b.onehot(
        "llama_cell",
        llamas,
        N_CELLS,
        "the cell of that llama",
        lambda o, c: [INDEX_BY_NAME[x["cell"]] if x["cell"] is not None else -1 for x in llama_rows(o, c)],
    )
    b.number(
        "llama_region",
        llamas,
        -1,
        N_ORIENTATIONS - 1,
        "the tile region it stands in (-1: on a village)",
        lambda o, c: [x["region"] for x in llama_rows(o, c)],
    )
    b.onehot(
        "llama_load",
        llamas,
        N_COLOURS,
        "the colour it carries (PK-212; none: empty)",
        lambda o, c: [COLOUR_INDEX[x["load"]] if x["load"] is not None else -1 for x in llama_rows(o, c)],
    )
    b.flag(
        "llama_reload",
        llamas,
        "1 if it sold or bought this turn and is loaded at the refill (PK-277)",
        lambda o, c: [int(x["reload"]) for x in llama_rows(o, c)],
    )
    b.onehot(
        "llama_moved",
        llamas,
        len(Moved),
        "what it did in this move step: not yet, moved, stayed",
        lambda o, c: [x["moved"] for x in llama_rows(o, c)],
    )
    b.flag(
        "llama_bought",
        llamas,
        "1 if it was bought this turn",
        lambda o, c: [int(x["bought"]) for x in llama_rows(o, c)],
    )
    # ---- supplies, villages, demands (PK-250, PK-270..PK-281)
    b.number(
        "supply",
        PLAYERS * len(ALL_PIECES),
        0,
        SUPPLY_CAP,
        f"pieces of each colour ({', '.join(ALL_PIECES)}) in each supply, observer first",
        lambda o, c: [o["supply"][s].get(p, 0) for s in c.order for p in ALL_PIECES],
        capped=True,
    )
    b.onehot(
        "village_upper",
        N_COLOURS,
        N_COLOURS,
        "the upper colour of each village's demand (none: sold out)",
        lambda o, c: _demand_part(o, 0),
    )
    b.onehot(
        "village_lower",
        N_COLOURS,
        N_COLOURS,
        "the lower colour of each village's demand",
        lambda o, c: _demand_part(o, 1),
    )
    b.flag(
        "bag",
        demands,
        "1 if that demand is in the bag (PK-342: an unordered set)",
        lambda o, c: _members(o["bag"], demands),
    )
    b.flag("discard", demands, "1 if that demand is on the discard pile", lambda o, c: _members(o["discard"], demands))
    b.flag(
        "sold",
        N_COLOURS,
        "1 if that village was sold at this turn (PK-207)",
        lambda o, c: _members([COLOUR_INDEX[v] for v in o["sold"]], N_COLOURS),
    )
    # ---- a pending payment (PK-132, PK-230)
    b.onehot(
        "paying_for",
        1,
        2,
        "what pieces are being paid for: a rotation, a llama (none: no payment)",
        lambda o, c: [(0 if o["paying"]["for"] == "rotation" else 1) if o["paying"] else -1],
    )
    b.number(
        "paying_still", 1, 0, pay_most, "pieces still to pay", lambda o, c: [o["paying"]["still"] if o["paying"] else 0]
    )
    b.onehot(
        "paying_tile",
        1,
        N_CELLS,
        "the tile being rotated",
        lambda o, c: [INDEX_BY_NAME[o["paying"]["tile"]] if o["paying"] and o["paying"]["tile"] else -1],
    )
    b.onehot(
        "paying_orientation",
        1,
        N_ORIENTATIONS,
        "its new orientation",
        lambda o, c: [o["paying"]["orientation"] if o["paying"] else -1],
    )
    b.onehot(
        "paying_village",
        1,
        N_COLOURS,
        "the village a llama is bought at",
        lambda o, c: [COLOUR_INDEX[o["paying"]["village"]] if o["paying"] and o["paying"]["village"] else -1],
    )
    # ---- the end (PK-300, PK-320)
    b.onehot("winner", 1, PLAYERS, "the winner, relative", lambda o, c: [c.relative(o["winner"])])
    b.flag("draw", 1, "1 if the turn cap drew the game", lambda o, c: [int(o["draw"])])
    return b.build(len(action_ids(t)))


_ZERO_SIDES = (0,) * N_SIDES


def _turned(regions: Sequence[Any], orient: int) -> tuple[list[int], list[int]]:
    """A tile type at an orientation: the terrain (1 mountain) and the region of each board side (PK-046: base side
    s faces board side s + orientation)."""
    terr = [0] * N_SIDES
    reg = [0] * N_SIDES
    for k, (terrain, sides) in enumerate(regions):
        for s in sides:
            d = (s + orient) % N_SIDES
            terr[d] = int(terrain == "M")
            reg[d] = k
    return terr, reg


def _members(ids: Sequence[int], size: int) -> list[int]:
    out = [0] * size
    for i in ids:
        out[i] = 1
    return out


def _demand_part(o: Obs, k: int) -> list[int]:
    demands = o["demands"]
    return [COLOUR_INDEX[demands[d][k]] if d is not None else -1 for d in (o["villages"][c] for c in COLOURS)]
