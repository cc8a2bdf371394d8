"""P'achakuna data: components, the board, layouts, demands and every [P]/[S]/[D] value (spec pachakuna.md, prefix PK).

Rule code reads every value here through ``params.NAME``, and what is derived from the params (village cells, tile
types per orientation, demand flags, the layout's plan) through one ``Tables`` object: ``tables(params)``. Rulings
made while implementing (where the spec left a detail open) are written in the ``doc`` of the Param concerned and
listed in ``RULINGS`` below.

The board's geometry (cells, neighbours) is fixed: ``BOARD_RADIUS`` and ``DIRECTIONS`` are rulebook-fixed Params
that the layouts depend on, so it is built once here from their values.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Any

from tawa.core.params import Param, ParamRegistry, Params

# ----------------------------------------------------------------------------- players and llamas [R] PK-001, PK-002
PLAYERS = 2
LLAMAS_PER_PLAYER = 3  # slots 0-2 (PK-002, PK-322); llama index = seat * LLAMAS_PER_PLAYER + slot
N_LLAMAS = PLAYERS * LLAMAS_PER_PLAYER
SIDE_NAMES = ("White", "Black")  # by llama colour: 0 White (valley), 1 Black (mountain) (PK-001, PK-060)


def llamas_of(seat: int) -> range:
    """The llama indices of ``seat`` (PK-002)."""
    return range(seat * LLAMAS_PER_PLAYER, (seat + 1) * LLAMAS_PER_PLAYER)


def llama_name(k: int) -> str:
    """``llama0``..``llama2``: the slot, as action ids name it (PK-322)."""
    return f"llama{k % LLAMAS_PER_PLAYER}"


# ----------------------------------------------------------------------------- colours [R] PK-003, PK-004
COLOURS = ("white", "red", "orange", "yellow", "green", "blue", "purple")
N_COLOURS = len(COLOURS)  # the 7 goal colours (PK-003, PK-300)
WHITE = 0  # the centre village's colour (PK-010, PK-088)
BROWN = N_COLOURS  # the one brown piece, after the 7 colours (PK-004)
ALL_PIECES = (*COLOURS, "brown")  # index 0..7, canonical order (brown last)
LETTER = {"white": "W", "red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
QUECHUA = ("Yuraq Millma", "Puka", "Killmu", "Q'ello", "Q'omer", "Anqas", "Kulli", "Ch'unpi")  # PK-361 display


class Terrain(IntEnum):
    """A tile side's terrain (PK-041); a llama's terrain is its colour's (PK-060)."""

    VALLEY = 0
    MOUNTAIN = 1


TERRAIN_CODE = {"V": Terrain.VALLEY, "M": Terrain.MOUNTAIN}

# ----------------------------------------------------------------------------- board [P] PK-030..PK-039
BOARD_RADIUS = 4
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # d = 0..5: E, NE, NW, W, SW, SE on screen
SIDE_DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")  # the screen direction of side d (spec "Screen convention")
N_SIDES = len(DIRECTIONS)
OPPOSITE = tuple((d + N_SIDES // 2) % N_SIDES for d in range(N_SIDES))  # PK-034: side d touches side d+3
CELLS: tuple[tuple[int, int], ...] = tuple(
    sorted(
        (q, r)
        for q in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
        for r in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
        if max(abs(q), abs(r), abs(q + r)) <= BOARD_RADIUS
    )
)  # PK-030: 61 cells, indexed in (q, r) order
N_CELLS = len(CELLS)
INDEX = {c: i for i, c in enumerate(CELLS)}
# PK-034: NEIGH[i][d] = the cell in direction d, or -1 off the board (PK-039: that side faces the frame)
NEIGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in CELLS
)
CENTRE_CELL = (0, 0)  # PK-031: the White village
# PK-032: the frame villages on the 6 corner cells, clockwise on screen from the east corner (4,0)
CORNER_CELLS = tuple((BOARD_RADIUS * DIRECTIONS[-d][0], BOARD_RADIUS * DIRECTIONS[-d][1]) for d in range(N_SIDES))
VILLAGE_CELLS = (CENTRE_CELL, *CORNER_CELLS)
CENTRE = INDEX[CENTRE_CELL]
CORNERS = tuple(INDEX[c] for c in CORNER_CELLS)
TILE_CELLS = tuple(i for i in range(N_CELLS) if i != CENTRE and i not in CORNERS)  # PK-033: 54 tile cells
N_ORIENTATIONS = N_SIDES  # PK-046/047: orientations 0-5
CELL_NAMES = tuple(f"{q},{r}" for q, r in CELLS)
INDEX_BY_NAME = {name: i for i, name in enumerate(CELL_NAMES)}


def cell_name(i: int) -> str:
    return CELL_NAMES[i]


def parse_cell(text: str) -> int | None:
    """The index of cell ``"q,r"``, or None when it names no cell of the board."""
    found = INDEX_BY_NAME.get(text)
    if found is not None:
        return found
    try:
        q, r = (int(x) for x in text.split(","))
    except ValueError:
        return None
    return INDEX.get((q, r))


_ENTRY = re.compile(r"\((-?\d+),\s*(-?\d+)\)\s*([A-Za-z])(\d)")

# ----------------------------------------------------------------------------- layouts [P] PK-082, PK-083
LAYOUT_A = """
(-1,0) F0, (-1,1) M2, (0,-1) M0, (0,1) F2, (1,-1) F4, (1,0) M4
(-2,0) F1, (-2,1) N0, (-2,2) M3, (-1,-1) N3, (-1,2) N5, (0,-2) M1, (0,2) F3, (1,-2) N4, (1,1) N2, (2,-2) F5,
(2,-1) N1, (2,0) M5
(-3,0) F3, (-3,1) N5, (-3,2) M3, (-3,3) M4, (-2,-1) N0, (-2,3) N4, (-1,-2) N2, (-1,3) N2, (0,-3) M2, (0,3) F5,
(1,-3) M1, (1,2) N1, (2,-3) N3, (2,1) M5, (3,-3) F1, (3,-2) N4, (3,-1) N0, (3,0) M0
(-4,1) N4, (-4,2) N3, (-4,3) M0, (-3,-1) F0, (-3,4) N3, (-2,-2) F0, (-2,4) F2, (-1,-3) N1, (-1,4) F2, (1,-4) M4,
(1,3) N0, (2,-4) N1, (2,2) N5, (3,-4) N2, (3,1) M2, (4,-3) F4, (4,-2) F4, (4,-1) N5
"""

LAYOUT_B = """
(-1,0) N0, (-1,1) F2, (0,-1) F0, (0,1) N2, (1,-1) N4, (1,0) F4
(-2,0) N5, (-2,1) F5, (-2,2) M4, (-1,-1) N3, (-1,2) N5, (0,-2) M2, (0,2) N1, (1,-2) F3, (1,1) F1, (2,-2) N3,
(2,-1) N1, (2,0) M0
(-3,0) M5, (-3,1) F0, (-3,2) N3, (-3,3) M5, (-2,-1) F2, (-2,3) N4, (-1,-2) N2, (-1,3) F4, (0,-3) M3, (0,3) M1,
(1,-3) N1, (1,2) F2, (2,-3) F4, (2,1) N5, (3,-3) M3, (3,-2) F0, (3,-1) N0, (3,0) M1
(-4,1) N5, (-4,2) N3, (-4,3) M4, (-3,-1) M4, (-3,4) N3, (-2,-2) F1, (-2,4) F3, (-1,-3) N1, (-1,4) M0, (1,-4) M2,
(1,3) N1, (2,-4) N1, (2,2) N5, (3,-4) N3, (3,1) M0, (4,-3) M2, (4,-2) F5, (4,-1) N5
"""


def parse_layout(text: str) -> dict[tuple[int, int], tuple[str, int]]:
    """``(q,r) To`` entries -> {(q, r): (type, orientation)}."""
    return {(int(q), int(r)): (t, int(o)) for q, r, t, o in _ENTRY.findall(text)}


# ----------------------------------------------------------------------------- demands [P] PK-009
def _all_pairs() -> tuple[tuple[str, str], ...]:
    return tuple((u, lo) for u in COLOURS for lo in COLOURS if u != lo)


DEMANDS_DEFAULT = _all_pairs()  # D00 W/R ... D41 P/B, ids in canonical colour order

# ----------------------------------------------------------------------------- checks of the Params' odd shapes


def _check_village_colours(v: Any) -> str | None:
    cells = [tuple(c) for c in v.values()]
    if set(v) != set(COLOURS[1:]) or sorted(cells) != sorted(CORNER_CELLS):
        return "must map the 6 frame colours one-to-one onto the 6 corner cells"
    return None


def _check_tile_types(v: Any) -> str | None:
    if not v:
        return "needs at least one tile type"
    for name, regions in v.items():
        if not name:
            return "a tile type needs a name"
        sides = sorted(s for _, ss in regions for s in ss)
        if sides != list(range(N_SIDES)):
            return f"type {name}: regions must cover sides 0-5 exactly once"
        if any(not ss for _, ss in regions):
            return f"type {name}: every region holds at least one side"
        if any(t not in TERRAIN_CODE for t, _ in regions):
            return f"type {name}: terrain must be 'V' (valley) or 'M' (mountain)"
    return None


def _check_counts(v: Any) -> str | None:
    if sum(v.values()) != len(TILE_CELLS) or any(n < 0 for n in v.values()):
        return f"tile counts must be non-negative and add up to {len(TILE_CELLS)}"
    return None


def _check_demands(v: Any) -> str | None:
    for pair in v:
        if len(pair) != 2 or pair[0] == pair[1] or any(c not in COLOURS for c in pair):
            return "each demand is a pair of two different resource colours"
    if len({tuple(pair) for pair in v}) != len(v):
        return "each pair is one demand: no pair twice (PK-009)"
    return None


def _check_layouts(v: Any) -> str | None:
    for name, text in v.items():
        if sorted(INDEX.get(cell, -1) for cell in parse_layout(text)) != list(TILE_CELLS):
            return f"plan {name} must place one tile on each of the {len(TILE_CELLS)} tile cells"
    return None


def _whole_number(v: Any) -> str | None:
    """For a Param whose default is null (a number or null): the number must be an integer."""
    if not isinstance(v, int) or isinstance(v, bool):
        return "must be a whole number (or null for none)"
    return None


def _check_refill(v: Any) -> str | None:
    if sorted(tuple(c) for c in v) != sorted(VILLAGE_CELLS):
        return "must list the 7 village cells, each once"
    return None


PARAMS = ParamRegistry(
    [
        # ---- option
        Param(
            "layout",
            "A",
            "P",
            ("PK-082", "PK-083", "PK-084", "PK-080"),
            "assembly plan: Variant A, Variant B or a seeded random layout",
            choices=("A", "B", "random"),
        ),
        # ---- board [P]
        Param(
            "BOARD_RADIUS",
            BOARD_RADIUS,
            "P",
            ("PK-030",),
            "board = cells with max(|q|,|r|,|q+r|) <= radius (61 cells)",
            overridable=False,
            bounds=(1, None),
        ),
        Param(
            "DIRECTIONS",
            DIRECTIONS,
            "P",
            ("PK-030", "PK-034"),
            "axial direction vectors d=0..5 (E, NE, NW, W, SW, SE on screen)",
            overridable=False,
            length=N_SIDES,
            bounds=(-1, 1),
        ),
        Param(
            "VILLAGE_COLOURS",
            dict(zip(COLOURS[1:], CORNER_CELLS, strict=True)),
            "P",
            ("PK-011", "PK-032"),
            "frame village colour -> corner cell (white is always the centre (0,0))",
            check=_check_village_colours,
            bounds=(-BOARD_RADIUS, BOARD_RADIUS),
        ),
        Param(
            "TILE_TYPES",
            {
                "F": (("M", (0, 1)), ("V", (2, 3, 4, 5))),
                "N": (("M", (0, 1, 2)), ("V", (3, 4, 5))),
                "M": (("M", (0, 1, 2, 3)), ("V", (4, 5))),
            },
            "P",
            ("PK-041", "PK-042", "PK-043", "PK-044", "PK-048", "PK-050"),
            "tile type -> regions (terrain V/M, base sides); regions partition sides 0-5",
            check=_check_tile_types,
            bounds=(0, N_SIDES - 1),
            chars=1,
        ),
        Param(
            "TILE_COUNTS",
            {"F": 15, "N": 24, "M": 15},
            "R",
            ("PK-012", "PK-045", "PK-084"),
            "tiles of each type (used by the random layout)",
            check=_check_counts,
            bounds=(0, len(TILE_CELLS)),
        ),
        Param(
            "LAYOUTS",
            {"A": LAYOUT_A.strip(), "B": LAYOUT_B.strip()},
            "P",
            ("PK-082", "PK-083"),
            "fixed assembly plans, '(q,r) TypeOrientation' per tile cell",
            overridable=False,
            check=_check_layouts,
        ),
        # ---- demands and bag [P]/[S]
        Param(
            "DEMANDS",
            DEMANDS_DEFAULT,
            "P",
            ("PK-008", "PK-009", "PK-281"),
            "demand list, (upper flag, lower flag); ids D00.. in this order; every village must keep a valid "
            "demand after a reshuffle (PK-281)",
            check=_check_demands,
            length=(N_COLOURS, None),
            chars=max(len(c) for c in COLOURS),
        ),
        Param(
            "REFILL_ORDER",
            VILLAGE_CELLS,
            "P",
            ("PK-275", "PK-090"),
            "order in which villages missing a demand draw",
            check=_check_refill,
            length=len(VILLAGE_CELLS),
            bounds=(-BOARD_RADIUS, BOARD_RADIUS),
        ),
        Param(
            "DEMAND_DRAW",
            "uniform_valid",
            "P",
            ("PK-276", "PK-090"),
            "uniform_valid: rng.choice over the valid ids in the bag, ascending; draw_and_return: draw from the "
            "whole bag and return invalid draws (same distribution, other RNG use)",
            choices=("uniform_valid", "draw_and_return"),
        ),
        Param(
            "RESHUFFLE_TIMING",
            "on_need",
            "P",
            ("PK-273", "PK-274"),
            "on_need: discards return when a village must draw and the bag has nothing valid; when_empty: also as "
            "soon as the bag runs empty",
            choices=("on_need", "when_empty"),
        ),
        Param(
            "SETUP_FORBIDDEN",
            "either_flag",
            "S",
            ("PK-087", "PK-088", "PK-271"),
            "either_flag: the village colour (and white at setup) may be on neither flag; upper_flag: only the "
            "upper flag is checked (setup and play)",
            choices=("either_flag", "upper_flag"),
        ),
        # ---- rotation
        Param("FREE_ZERO_ROTATION", True, "S", ("PK-131",), "the free rotation may keep the orientation (0 degrees)"),
        Param("PAID_ZERO_ROTATION", True, "P", ("PK-137",), "a paid rotation may keep the orientation"),
        Param(
            "MAX_ROTATIONS",
            None,
            "S",
            ("PK-007", "PK-136"),
            "most tiles rotated per turn (null = unlimited; 3 = the physical rocks)",
            nullable=True,
            bounds=(1, len(TILE_CELLS)),
            check=_whole_number,
        ),
        Param("FREE_ROTATIONS", 1, "R", ("PK-130",), "free rotations per turn", overridable=False, bounds=(1, 1)),
        Param(
            "ROTATION_COST",
            2,
            "R",
            ("PK-132", "PK-134"),
            "pieces paid for each further rotation",
            overridable=False,
            bounds=(1, None),
        ),
        # ---- move / trade
        Param(
            "STUCK_LLAMA", "stay", "P", ("PK-163",), "a llama on a tile with no reachable cell stays", choices=("stay",)
        ),
        Param(
            "STAYED_LLAMA_TRADES",
            True,
            "P",
            ("PK-181",),
            "a llama that stayed on its village may trade (false: only llamas that moved sell or enable buys)",
        ),
        Param(
            "TRADE_ORDER",
            "free",
            "P",
            ("PK-183",),
            "free: sells and buys interleave; sells_first: no sale after the first purchase of the turn",
            choices=("free", "sells_first"),
        ),
        Param("MULTI_BUY", True, "P", ("PK-234",), "several purchases per turn (false: at most one)"),
        Param(
            "LLAMA_COST", 4, "R", ("PK-230", "PK-231"), "pieces paid for a llama", overridable=False, bounds=(1, None)
        ),
        Param(
            "MAX_LLAMAS",
            LLAMAS_PER_PLAYER,
            "R",
            ("PK-002", "PK-232"),
            "llamas a player can own",
            overridable=False,
            bounds=(1, LLAMAS_PER_PLAYER),
        ),
        Param(
            "PAYOUT",
            (2, 1, 0),
            "R",
            ("PK-202", "PK-203", "PK-204"),
            "pieces gained for a sale matching the upper flag / lower flag / neither",
            overridable=False,
            length=3,
            bounds=(0, None),
            order="nonincreasing",
        ),
        # ---- end
        Param(
            "WIN_CHECK",
            "immediate",
            "P",
            ("PK-303", "PK-304"),
            "immediate: after each sale; end_of_turn: when the trade step ends (before the refill)",
            choices=("immediate", "end_of_turn"),
        ),
        Param(
            "TURN_CAP",
            None,
            "D",
            ("PK-320",),
            "after this many turns (each player's turn counts one) without a winner the game is a draw; null = off",
            nullable=True,
            bounds=(1, 2000),
            check=_whole_number,
        ),
        Param(
            "WHITE_SEAT",
            0,
            "D",
            ("PK-093",),
            "seat that plays White (and starts); 'random' draws it at setup after the demands",
            choices=(0, 1, "random"),
        ),
    ]
)

AUTOMATION_TURN_CAP = 300  # [D] PK-320 cap switched on by tests, `tawa simulate` and bot-only `tawa play`

RULINGS = (
    "Random layout (PK-084) uses the game's tawa.Rng (shuffle, then below(6) per cell) instead of Python's "
    "random.Random, so that there is one RNG (PK-321); the algorithm is otherwise the spec's.",
    "Payments (rotation 2, llama 4) are collected one piece at a time ('pay red') after choosing the rotation "
    "or purchase, as the spec's interface notes allow; the rotation takes effect when the last piece is paid.",
    "A decision with a single option is resolved automatically: a llama that can only stay (PK-323), the paid "
    "rotation step when no paid rotation is possible, and the trade step when nothing can be sold or bought.",
    "WIN_CHECK=end_of_turn checks the 7 colours when the trade step ends; a win then skips the refill as with "
    "the immediate check (PK-304).",
    "With a loaded tile set whose tiles have two regions of one terrain (PK-050), move ids name the region "
    "('move llama0 1,2 r1').",
    "A custom DEMANDS list must leave every village a valid demand whatever the other six villages show, at setup "
    "and in play (PK-281 holds for the default list); a list that does not is refused when the game is made.",
)


# ----------------------------------------------------------------------------- tables derived from the params
class TileType:
    """One tile type: its regions and, per orientation, the region of each board side (PK-046)."""

    __slots__ = ("multi", "name", "region_dirs", "region_sides", "region_terrain", "side_region", "side_terrain")

    def __init__(self, name: str, regions: Any) -> None:
        self.name = name
        self.region_terrain = tuple(TERRAIN_CODE[t] for t, _ in regions)
        self.region_sides = tuple(tuple(s) for _, s in regions)
        base = [0] * N_SIDES
        for k, (_, sides) in enumerate(regions):
            for s in sides:
                base[s] = k
        # PK-046: board side d belongs to the region holding base side (d - o) mod 6
        self.side_region = tuple(tuple(base[(d - o) % N_SIDES] for d in range(N_SIDES)) for o in range(N_ORIENTATIONS))
        self.side_terrain = tuple(tuple(self.region_terrain[r] for r in sr) for sr in self.side_region)
        # region_dirs[o][region] = the board sides of that region at orientation o
        self.region_dirs = tuple(
            tuple(tuple(d for d in range(N_SIDES) if sr[d] == k) for k in range(len(regions)))
            for sr in self.side_region
        )
        # PK-050: two regions of one terrain -> a llama's position is (cell, region)
        self.multi = len(set(self.region_terrain)) != len(self.region_terrain)

    def mountain_sides(self, o: int) -> tuple[int, ...]:
        return tuple(d for d in range(N_SIDES) if self.side_terrain[o][d])


class Tables:
    """Lookup tables derived from one resolved params object, shared by a game and its clones."""

    __slots__ = ("demand_flags", "demands", "multi", "plan", "refill_order", "tile_types", "village_at", "village_cell")

    def __init__(self, params: Params) -> None:
        self.village_cell = [CENTRE] * N_COLOURS  # PK-010/011: village colour index -> cell
        for name, cell in params.VILLAGE_COLOURS.items():
            self.village_cell[COLOURS.index(name)] = INDEX[tuple(cell)]
        self.village_at = [-1] * N_CELLS  # cell -> village colour, -1 for a tile
        for c, cell in enumerate(self.village_cell):
            self.village_at[cell] = c
        self.tile_types = {name: TileType(name, regs) for name, regs in params.TILE_TYPES.items()}
        self.multi = any(t.multi for t in self.tile_types.values())
        self.demands = tuple((COLOURS.index(u), COLOURS.index(lo)) for u, lo in params.DEMANDS)
        self.demand_flags = tuple(f"{LETTER[COLOURS[u]]}/{LETTER[COLOURS[lo]]}" for u, lo in self.demands)
        self.refill_order = tuple(self.village_at[INDEX[tuple(c)]] for c in params.REFILL_ORDER)  # PK-275
        layouts = params.LAYOUTS
        # PK-082/083: the fixed plan's (type, orientation) per tile cell; None for the random layout (PK-084)
        self.plan = (
            {INDEX[cell]: kind for cell, kind in parse_layout(layouts[params.layout]).items()}
            if params.layout in layouts
            else None
        )

    def demand_name(self, d: int) -> str:
        """``D22 Y/B``: the id and the upper/lower flags."""
        return f"D{d:02d} {self.demand_flags[d]}"


def tables(params: Params) -> Tables:
    built: Tables = params.derived("pachakuna/tables", Tables)
    return built
