"""P'achakuna data: components, layouts, demands and every [P]/[S]/[D] value (spec pachakuna.md, prefix PK).

Rule code reads every value here through ``game.params.NAME``. Rulings made while implementing (where the spec
left a detail open) are written in the ``doc`` of the Param concerned and listed in ``RULINGS`` below.
"""
from __future__ import annotations

import re
from typing import Any

from tawa import Param
from tawa.core.params import ParamRegistry

# ----------------------------------------------------------------------------- colours [R] PK-003, PK-004
COLOURS = ("white", "red", "orange", "yellow", "green", "blue", "purple")
BROWN = 7
ALL_PIECES = (*COLOURS, "brown")  # index 0..7, canonical order (brown last)
LETTER = {"white": "W", "red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
QUECHUA = ("Yuraq Millma", "Puka", "Killmu", "Q'ello", "Q'omer", "Anqas", "Kulli", "Ch'unpi")  # PK-361 display

VALLEY, MOUNTAIN = 0, 1
TERRAIN_CODE = {"V": VALLEY, "M": MOUNTAIN}

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

# ----------------------------------------------------------------------------- checks


def _check_village_colours(v: Any) -> str | None:
    corners = {(4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)}
    cells = {tuple(c) for c in v.values()}
    if set(v) != set(COLOURS[1:]) or cells != corners:
        return "must map the 6 frame colours one-to-one onto the 6 corner cells"
    return None


def _check_tile_types(v: Any) -> str | None:
    for name, regions in v.items():
        sides = sorted(s for _, ss in regions for s in ss)
        if sides != [0, 1, 2, 3, 4, 5]:
            return f"type {name}: regions must cover sides 0-5 exactly once"
        if any(t not in TERRAIN_CODE for t, _ in regions):
            return f"type {name}: terrain must be 'V' (valley) or 'M' (mountain)"
    return None


def _check_counts(v: Any) -> str | None:
    if sum(v.values()) != 54 or any(n < 0 for n in v.values()):
        return "tile counts must be non-negative and add up to 54"
    return None


def _check_demands(v: Any) -> str | None:
    for pair in v:
        if len(pair) != 2 or pair[0] == pair[1] or any(c not in COLOURS for c in pair):
            return "each demand is a pair of two different resource colours"
    return None


def _check_refill(v: Any) -> str | None:
    cells = sorted(tuple(c) for c in v)
    if cells != sorted([(0, 0), (4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)]):
        return "must list the 7 village cells, each once"
    return None


def _positive_or_none(v: Any) -> str | None:
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        return "must be a positive integer (or null for none)"
    return None


PARAMS = ParamRegistry([
    # ---- option
    Param("layout", "A", "P", ("PK-082", "PK-083", "PK-084", "PK-080"),
          "assembly plan: Variant A, Variant B or a seeded random layout", choices=("A", "B", "random")),
    # ---- board [P]
    Param("BOARD_RADIUS", 4, "P", ("PK-030",), "board = cells with max(|q|,|r|,|q+r|) <= radius (61 cells)",
          overridable=False),
    Param("DIRECTIONS", ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)), "P", ("PK-030", "PK-034"),
          "axial direction vectors d=0..5 (E, NE, NW, W, SW, SE on screen)", overridable=False),
    Param("VILLAGE_COLOURS", {"red": (4, 0), "orange": (0, 4), "yellow": (-4, 4), "green": (-4, 0),
                              "blue": (0, -4), "purple": (4, -4)}, "P", ("PK-011", "PK-032"),
          "frame village colour -> corner cell (white is always the centre (0,0))", check=_check_village_colours),
    Param("TILE_TYPES", {"F": (("M", (0, 1)), ("V", (2, 3, 4, 5))),
                         "N": (("M", (0, 1, 2)), ("V", (3, 4, 5))),
                         "M": (("M", (0, 1, 2, 3)), ("V", (4, 5)))}, "P",
          ("PK-041", "PK-042", "PK-043", "PK-044", "PK-048", "PK-050"),
          "tile type -> regions (terrain V/M, base sides); regions partition sides 0-5", check=_check_tile_types),
    Param("TILE_COUNTS", {"F": 15, "N": 24, "M": 15}, "R", ("PK-012", "PK-045", "PK-084"),
          "tiles of each type (used by the random layout)", check=_check_counts),
    Param("LAYOUTS", {"A": LAYOUT_A.strip(), "B": LAYOUT_B.strip()}, "P", ("PK-082", "PK-083"),
          "fixed assembly plans, '(q,r) TypeOrientation' per tile cell", overridable=False),
    # ---- demands and bag [P]/[S]
    Param("DEMANDS", DEMANDS_DEFAULT, "P", ("PK-008", "PK-009"),
          "demand list, (upper flag, lower flag); ids D00.. in this order", check=_check_demands),
    Param("REFILL_ORDER", ((0, 0), (4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)), "P",
          ("PK-275", "PK-090"), "order in which villages missing a demand draw", check=_check_refill),
    Param("DEMAND_DRAW", "uniform_valid", "P", ("PK-276", "PK-090"),
          "uniform_valid: rng.choice over the valid ids in the bag, ascending; draw_and_return: draw from the "
          "whole bag and return invalid draws (same distribution, other RNG use)",
          choices=("uniform_valid", "draw_and_return")),
    Param("RESHUFFLE_TIMING", "on_need", "P", ("PK-273", "PK-274"),
          "on_need: discards return when a village must draw and the bag has nothing valid; when_empty: also as "
          "soon as the bag runs empty", choices=("on_need", "when_empty")),
    Param("SETUP_FORBIDDEN", "either_flag", "S", ("PK-087", "PK-088", "PK-271"),
          "either_flag: the village colour (and white at setup) may be on neither flag; upper_flag: only the "
          "upper flag is checked (setup and play)", choices=("either_flag", "upper_flag")),
    # ---- rotation
    Param("FREE_ZERO_ROTATION", True, "S", ("PK-131",), "the free rotation may keep the orientation (0 degrees)"),
    Param("PAID_ZERO_ROTATION", True, "P", ("PK-137",), "a paid rotation may keep the orientation"),
    Param("MAX_ROTATIONS", None, "S", ("PK-007", "PK-136"),
          "most tiles rotated per turn (null = unlimited; 3 = the physical rocks)", nullable=True,
          check=_positive_or_none),
    Param("FREE_ROTATIONS", 1, "R", ("PK-130",), "free rotations per turn", overridable=False),
    Param("ROTATION_COST", 2, "R", ("PK-132", "PK-134"), "pieces paid for each further rotation", overridable=False),
    # ---- move / trade
    Param("STUCK_LLAMA", "stay", "P", ("PK-163",), "a llama on a tile with no reachable cell stays",
          choices=("stay",)),
    Param("STAYED_LLAMA_TRADES", True, "P", ("PK-181",),
          "a llama that stayed on its village may trade (false: only llamas that moved sell or enable buys)"),
    Param("TRADE_ORDER", "free", "P", ("PK-183",),
          "free: sells and buys interleave; sells_first: no sale after the first purchase of the turn",
          choices=("free", "sells_first")),
    Param("MULTI_BUY", True, "P", ("PK-234",), "several purchases per turn (false: at most one)"),
    Param("LLAMA_COST", 4, "R", ("PK-230", "PK-231"), "pieces paid for a llama", overridable=False),
    Param("MAX_LLAMAS", 3, "R", ("PK-002", "PK-232"), "llamas a player can own", overridable=False),
    Param("PAYOUT", (2, 1, 0), "R", ("PK-202", "PK-203", "PK-204"),
          "pieces gained for a sale matching the upper flag / lower flag / neither", overridable=False),
    # ---- end
    Param("WIN_CHECK", "immediate", "P", ("PK-303", "PK-304"),
          "immediate: after each sale; end_of_turn: when the trade step ends (before the refill)",
          choices=("immediate", "end_of_turn")),
    Param("TURN_CAP", None, "D", ("PK-320",),
          "after this many turns (each player's turn counts one) without a winner the game is a draw; null = off",
          nullable=True, check=_positive_or_none),
    Param("WHITE_SEAT", 0, "D", ("PK-093",), "seat that plays White (and starts); 'random' draws it at setup "
          "after the demands", choices=(0, 1, "random")),
])

AUTOMATION_TURN_CAP = 300  # [D] PK-320 cap switched on by tests and `tawa simulate`

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
    "If a custom DEMANDS list leaves a village with no valid demand even after a reshuffle, the village stays "
    "without a demand (impossible with the default list, PK-281).",
)
