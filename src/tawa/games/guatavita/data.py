"""Guatavita data: lake geometry, the 39 lake tiles, action boxes, tracks and every [P]/[D] value.

Spec: shared/rules/guatavita.md. Every proposal ([P]) and digital-only ([D]) value of the spec and each
game option is a ``Param`` in ``PARAMS``; rule code reads them through ``game.params``. Geometry and the
tile table are ``overridable=False`` (changing them would change the action space and the hidden-tile model).

Rulings made here where the spec left a gap (also in the ``doc`` of the Param concerned):
- GV-109/GV-111: the minimum-gold duty only binds while a Loan placement is legal for the player (a free
  slot, a worker in camp, loan track not at its end); otherwise it lapses like GV-110.
- GV-272: a player whose only legal choice is passing is passed automatically (an event says so).
- GV-582: the Pioneer bonus goes with the holder's first resolving Harvest placement of the round.
- GV-601: the Pioneer exchange is asked only when at least one exchange is possible; otherwise none is made.
- GV-785: the inspect/protect/nothing choice is asked only when inspect or protect is possible.
- GV-395: a "return" sends the chosen HE to camp; the tile keeps its pipes (GV-396). The HEs are counted
  literally (T and the own tiles adjacent to T), also when T itself got no HE.
- GV-420: the saboteur's emerald is paid when the declaration is asked (just before the flip).
- GV-602: "gold for emeralds" is offered only while the shared supply holds 4 emeralds.
- Scores before the end (``scores()``, used by bots): the end-of-game breakdown applied to the current
  position, with workers and machines placed this round counted as back in camp (GV-686).
"""
from __future__ import annotations

from tawa.core.params import Param, ParamRegistry

# --------------------------------------------------------------------------- lake geometry (T-LAKE, [P])
# Axial (q, r) per position, listed counter-clockwise from east per ring, as in the spec table.
LAKE_COORDS: tuple[tuple[str, int, int], ...] = (
    ("S00", 3, 0), ("S01", 3, -1), ("S02", 3, -2), ("S03", 3, -3), ("S04", 2, -3), ("S05", 1, -3),
    ("S06", 0, -3), ("S07", -1, -2), ("S08", -2, -1), ("S09", -3, 0), ("S10", -3, 1), ("S11", -3, 2),
    ("S12", -3, 3), ("S13", -2, 3), ("S14", -1, 3), ("S15", 0, 3), ("S16", 1, 2), ("S17", 2, 1),
    ("M00", 2, 0), ("M01", 2, -1), ("M02", 2, -2), ("M03", 1, -2), ("M04", 0, -2), ("M05", -1, -1),
    ("M06", -2, 0), ("M07", -2, 1), ("M08", -2, 2), ("M09", -1, 2), ("M10", 0, 2), ("M11", 1, 1),
    ("I0", 1, 0), ("I1", 1, -1), ("I2", 0, -1), ("I3", -1, 0), ("I4", -1, 1), ("I5", 0, 1),
    ("C", 0, 0),
)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """T-LAKE distance in axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


POS_NAMES: tuple[str, ...] = tuple(n for n, _, _ in LAKE_COORDS)
POS_INDEX: dict[str, int] = {n: i for i, n in enumerate(POS_NAMES)}
NPOS = len(POS_NAMES)
CENTRE = POS_INDEX["C"]
_QR = [(q, r) for _, q, r in LAKE_COORDS]
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(NPOS) if hex_distance(_QR[i], _QR[j]) == 1) for i in range(NPOS))
RING: tuple[int, ...] = tuple(hex_distance(qr, (0, 0)) for qr in _QR)
PHASE_OF_POS: tuple[int, ...] = tuple(4 - ring for ring in RING)  # ring 3 -> phase 1 ... ring 0 -> phase 4

# --------------------------------------------------------------------------- pump spots (T-PUMPS, [P])
# name -> (q, r, angle, connected shore tiles)
PUMP_SPOTS: dict[str, tuple[int, int, int, tuple[str, str]]] = {
    "NE": (4, -2, 30, ("S01", "S02")),
    "N": (2, -4, 90, ("S04", "S05")),
    "NW": (-2, -2, 150, ("S07", "S08")),
    "SW": (-4, 2, 210, ("S10", "S11")),
    "S": (-2, 4, 270, ("S13", "S14")),
    "SE": (2, 2, 330, ("S16", "S17")),
}
SPOT_NAMES: tuple[str, ...] = tuple(PUMP_SPOTS)


def pump_tiles(spot: str) -> tuple[int, int]:
    """The two shore positions connected to a pump spot (GV-175)."""
    a, b = PUMP_SPOTS[spot][3]
    return POS_INDEX[a], POS_INDEX[b]


def balsa_start_tiles(spot: str, max_dist: int) -> tuple[int, ...]:
    """T-BALSA: shore tiles within ``max_dist`` of the pump spot (GV-772)."""
    q, r, _, _ = PUMP_SPOTS[spot]
    return tuple(i for i in range(NPOS) if PHASE_OF_POS[i] == 1 and hex_distance(_QR[i], (q, r)) <= max_dist)


# --------------------------------------------------------------------------- lake tiles (T-TILES, [P])
# (tile id, phase, W, M, E, G, P, special, box)   special: "" | "damp" | "landslide" | "famine"
TILES: tuple[tuple[str, int, int, int, int, int, int, str, int], ...] = (
    ("P1-01", 1, 1, 0, 0, 2, 1, "", 0), ("P1-02", 1, 1, 0, 0, 1, 2, "", 0), ("P1-03", 1, 1, 0, 1, 1, 2, "", 0),
    ("P1-04", 1, 1, 0, 0, 0, 3, "", 0), ("P1-05", 1, 1, 0, 2, 1, 1, "", 0), ("P1-06", 1, 1, 0, 0, 2, 2, "", 0),
    ("P1-07", 1, 2, 0, 0, 1, 1, "damp", 1), ("P1-08", 1, 2, 0, 1, 1, 2, "damp", 0),
    ("P1-09", 1, 2, 0, 0, 2, 2, "", 0), ("P1-10", 1, 2, 0, 1, 2, 2, "", 0), ("P1-11", 1, 2, 0, 0, 3, 1, "", 0),
    ("P1-12", 1, 2, 0, 0, 1, 3, "", 0), ("P1-13", 1, 2, 0, 2, 1, 2, "", 0), ("P1-14", 1, 2, 0, 1, 1, 3, "", 0),
    ("P1-15", 1, 3, 0, 0, 0, 4, "", 0), ("P1-16", 1, 3, 0, 0, 3, 2, "", 0),
    ("P1-17", 1, 3, 0, 1, 2, 1, "damp", 1), ("P1-18", 1, 3, 0, 0, 2, 3, "", 0),
    ("P2-01", 2, 2, 1, 1, 2, 2, "", 0), ("P2-02", 2, 2, 1, 0, 3, 2, "", 0),
    ("P2-03", 2, 2, 1, 0, 0, 3, "landslide", 0), ("P2-04", 2, 3, 1, 1, 2, 3, "", 0),
    ("P2-05", 2, 2, 1, 0, 3, 3, "", 0), ("P2-06", 2, 2, 1, 2, 2, 2, "", 0),
    ("P2-07", 2, 2, 1, 0, 2, 4, "famine", 0), ("P2-08", 2, 3, 1, 1, 1, 3, "damp", 2),
    ("P2-09", 2, 3, 1, 0, 0, 4, "landslide", 0), ("P2-10", 2, 3, 1, 0, 3, 4, "damp", 2),
    ("P2-11", 2, 3, 1, 1, 2, 5, "famine", 0), ("P2-12", 2, 3, 1, 2, 3, 3, "damp", 0),
    ("P3-01", 3, 2, 2, 1, 3, 5, "", 0), ("P3-02", 3, 2, 2, 2, 2, 5, "damp", 3),
    ("P3-03", 3, 2, 2, 0, 0, 6, "landslide", 0), ("P3-04", 3, 3, 2, 1, 3, 6, "famine", 0),
    ("P3-05", 3, 3, 2, 2, 2, 6, "", 0), ("P3-06", 3, 3, 2, 0, 4, 5, "damp", 3),
    ("C-1", 4, 3, 2, 2, 3, 8, "", 0), ("C-2", 4, 3, 2, 1, 4, 8, "", 0), ("C-3", 4, 3, 2, 0, 3, 10, "famine", 0),
)
TILE_INDEX: dict[str, int] = {t[0]: i for i, t in enumerate(TILES)}
# field offsets in a TILES row
T_ID, T_PHASE, T_W, T_M, T_E, T_G, T_P, T_SPECIAL, T_BOX = range(9)

# --------------------------------------------------------------------------- action boxes (T-ACTIONS)
# Resolution order of the boxes in steps 5 and 6 (GV-294, GV-295); sabotage resolves with its tile (step 2).
BOXES: tuple[str, ...] = ("sabotage", "camp", "pumpre", "harvest", "pioneer", "commerce_machine",
                          "commerce_pipe", "recruit", "loan")
BOX_RESOLUTION: tuple[tuple[str, ...], ...] = (
    ("camp",), ("pumpre",), ("harvest",), ("pioneer",), ("commerce_machine", "commerce_pipe"), ("recruit",),
    ("loan",))
# Actions counted by the at-most-twice limit (GV-075).
ACTIONS: tuple[str, ...] = ("explore", "sabotage", "camp", "pumpre", "harvest", "pioneer", "commerce", "recruit",
                            "loan", "balsa")
ACTION_INDEX: dict[str, int] = {a: i for i, a in enumerate(ACTIONS)}
BOX_ACTION: dict[str, str] = {"sabotage": "sabotage", "camp": "camp", "pumpre": "pumpre", "harvest": "harvest",
                              "pioneer": "pioneer", "commerce_machine": "commerce", "commerce_pipe": "commerce",
                              "recruit": "recruit", "loan": "loan"}
DECLARATIONS: tuple[str, ...] = ("emeralds", "gold", "prestige")

_pos_range = lambda v: None if v >= 0 else "must be 0 or more"


def _is_round_cap(v: object) -> str | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        return "must be a whole number of rounds, 1 or more (or null for no cap)"
    return None


PARAMS = ParamRegistry([
    # ---- options
    Param("balsa", False, "P", ("GV-770", "GV-030"), "La Balsa mini-expansion on/off (the spec's LA_BALSA)"),
    Param("MAX_ROUNDS", None, "D", ("GV-860", "GV-861", "GV-863"),
          "round cap: a game not over ends after the execution phase of this round (null = off)",
          nullable=True, check=_is_round_cap),
    Param("TIE_SPLIT_MODE", "literal", "R/P", ("GV-717", "GV-718"),
          "majority tie split: 'literal' floor((pts[p]+pts[p+1])/k), or 'occupied' (sum of the k positions)/k",
          choices=("literal", "occupied")),
    # ---- component data
    Param("LAKE_POSITIONS", LAKE_COORDS, "P", ("GV-014",), "the 37 lake positions with axial (q, r)",
          overridable=False),
    Param("TILES", TILES, "P", ("GV-011", "GV-013"),
          "the 39 lake tiles: id, phase, W, M, E, G, P, special, re-exploration box VP", overridable=False),
    Param("PUMP_SPOTS", {k: list(v) for k, v in PUMP_SPOTS.items()}, "P", ("GV-012", "GV-175"),
          "pump spots: q, r, angle, the two connected shore tiles", overridable=False),
    Param("PUMP_SPOTS_BY_COUNT", {"2": ["NE", "SW"], "3": ["N", "SW", "SE"], "4": ["NE", "NW", "SW", "SE"]},
          "P", ("GV-012", "GV-053"), "pump spots used for 2 / 3 / 4 players", overridable=False),
    Param("COLOURS", ("red", "blue", "yellow", "green"), "P", ("GV-012",), "player colours (green is a placeholder)"),
    Param("SLOTS", {"sabotage": 2, "camp": 2, "pumpre": 3, "harvest": 2, "pioneer": 1, "commerce_machine": 2,
                    "commerce_pipe": 4, "recruit": 3, "loan": 2}, "P", ("GV-073",),
          "slots per action box (same for 2-4 players)"),
    Param("WORKERS_PER_COLOUR", 9, "R", ("GV-029",), "workers per colour", overridable=False),
    Param("PIPES_PER_COLOUR", 12, "R", ("GV-029", "GV-683"), "pipes per colour", overridable=False),
    Param("MACHINES_PER_COLOUR", 4, "R", ("GV-029",), "machines per colour", overridable=False),
    Param("EMERALD_SUPPLY", 25, "R", ("GV-028", "GV-345"), "emeralds in the shared supply", overridable=False),
    # ---- starting state (T-START)
    Param("START_WORKERS", 3, "R", ("GV-020",), "workers in camp at the start"),
    Param("START_PIPES", 3, "R", ("GV-020",), "pipes in camp at the start"),
    Param("START_MACHINES", 0, "P", ("GV-021",), "machines in camp at the start", check=_pos_range),
    Param("START_EMERALDS", 0, "P", ("GV-021",), "emeralds held at the start", check=_pos_range),
    Param("START_VP", 10, "R", ("GV-024",), "score track start"),
    Param("START_GOLD", 5, "R", ("GV-025",), "gold at the start"),
    Param("START_FOOD", 0, "R", ("GV-025",), "food at the start"),
    Param("CAMP_LEVEL_MIN", 3, "R", ("GV-027", "GV-521"), "starting camp level", overridable=False),
    Param("CAMP_LEVEL_MAX", 9, "R", ("GV-131", "GV-521"), "highest camp level", overridable=False),
    # ---- rule constants (T-CONFIG)
    Param("PUMP_SOURCE_PIPES", 1, "P", ("GV-178", "GV-202"), "pipes to connect a tile from the pump",
          overridable=False),
    Param("NORMAL_EXIT_PIPES", 1, "R", ("GV-177",), "pipes to leave a non-damp tile"),
    Param("DAMP_EXIT_PIPES", 2, "R", ("GV-177", "GV-500"), "pipes to leave a damp tile"),
    Param("MAX_SAME_ACTION", 2, "R", ("GV-074",), "uses of one action per planning phase"),
    Param("LAKE_RESOLUTION_ORDER", "placement", "P", ("GV-340",), "lake tiles resolve in placement order",
          choices=("placement",)),
    Param("PLANNING_DIRECTION", "ccw", "R", ("GV-052",), "planning turns go counter-clockwise", overridable=False),
    Param("BALSA_DIRECTION", "cw", "R", ("GV-777",), "balsas resolve clockwise", overridable=False),
    Param("WORKER_PURCHASE", (2, 1, 4), "R", ("GV-103", "GV-105"),
          "minimum-workers purchase: workers bought, gold price, emerald price"),
    Param("PIONEER_SWAP", (1, 4), "R", ("GV-601", "GV-602"), "Pioneer exchange: gold <-> emeralds"),
    Param("RENT_PER_OWNER", 1, "R", ("GV-203",), "gold paid to each owner of a crossed tile"),
    Param("SABOTAGE_EMERALDS", 1, "R", ("GV-420",), "emeralds a saboteur pays at resolution"),
    Param("CAMP_UPGRADE", (2, 1, 2), "R", ("GV-130", "GV-520"), "camp upgrade: workers, machines, gold"),
    Param("PUMP_UPGRADE_GOLD", 2, "R", ("GV-540",), "gold for the pump upgrade"),
    Param("REEXPLORE_EMERALDS", 1, "R", ("GV-560",), "emeralds for a re-exploration"),
    Param("HARVEST_FOOD", (2, 3), "R", ("GV-580",), "food for a 1-worker / 2-worker Harvest"),
    Param("HARVEST_PIONEER_BONUS", 2, "R/P", ("GV-581", "GV-582"), "extra food for the Pioneer holder, once a round"),
    Param("COMMERCE_PRICES", (2, 1), "R", ("GV-620", "GV-621"), "gold per machine / per pipe"),
    Param("COMMERCE_MAX_WORKERS", 2, "R", ("GV-139",), "workers of one colour in the Commerce box"),
    Param("RECRUIT_FOOD", 2, "R", ("GV-640",), "food per recruited worker"),
    Param("RECRUIT_WORKERS", 1, "P", ("GV-141",), "workers one Recruitment placement puts in its slot",
          check=lambda v: None if v >= 1 else "must be 1 or more"),
    Param("PIONEER_WORKERS", 1, "P", ("GV-137",), "workers a Pioneer placement puts in its slot",
          check=lambda v: None if v >= 1 else "must be 1 or more"),
    Param("RESTING_GROUP", 3, "R", ("GV-320",), "workers resting in camp per VP"),
    Param("GOLD_CAP", 8, "R", ("GV-370",), "gold cap; each gold over it is 1 VP"),
    Param("FOOD_CAP", 8, "R", ("GV-372",), "food cap; food over it is lost"),
    Param("CAMP_TRACK_VP", (0, 1, 2, 4, 6, 9, 12), "P/R", ("GV-711",), "end VP of camp levels 3..9"),
    Param("LOAN_GOLD", (0, 4, 4, 5, 5, 6), "R/P", ("GV-661",), "gold gained arriving on loan positions 0..5"),
    Param("LOAN_VP", (0, 5, 6, 7, 8, 10), "R/P", ("GV-662",), "VP lost arriving on loan positions 0..5"),
    Param("LOAN_END", 5, "P", ("GV-144", "GV-663", "GV-682"), "loan position of bankruptcy", overridable=False),
    Param("MAJORITY_POINTS", (9, 7, 4, 0), "R", ("GV-712", "GV-713", "GV-715"), "majority VP for positions 1..4"),
    Param("VP_MACHINE", 3, "R", ("GV-719",), "end VP per machine in camp"),
    Param("WORKERS_PER_VP", 2, "R", ("GV-720",), "workers in camp per end VP"),
    Param("VP_PIPE", 2, "R", ("GV-722",), "end VP per pipe in camp"),
    Param("EMERALDS_PER_VP", 5, "R", ("GV-723",), "emeralds per end VP"),
    Param("VP_HEAD_EXPLORER", 3, "R", ("GV-725",), "end VP per head explorer in the lake"),
    # ---- La Balsa
    Param("BALSA_MAX_STEPS", 2, "R", ("GV-778",), "balsa steps per activation"),
    Param("BALSA_START_MAX_DIST", 3, "R/P", ("GV-772",), "largest start distance from the pump spot",
          overridable=False),
    Param("BALSA_WORKERS", 2, "R", ("GV-774",), "workers to activate a balsa"),
    Param("INSPECT_COST", 2, "R", ("GV-786",), "emeralds to inspect a tile"),
    Param("PROTECT_EMERALDS", 2, "R", ("GV-788",), "emeralds on a protected balsa"),
    Param("PROTECT_EXTRA_MACHINES", 1, "R", ("GV-790",), "extra machines to explore under a protected balsa"),
    Param("BALSA_VP_PER_PHASE", 2, "R", ("GV-797",), "end VP per phase of the balsa's tile"),
])
