"""Guatavita data: lake geometry, the 39 lake tiles, action boxes, tracks and every [P]/[D] value.

Spec: shared/rules/guatavita.md. Every proposal ([P]) and digital-only ([D]) value of the spec and each
game option is a ``Param`` in ``PARAMS``, with its declared shape (bounds, length, order); the rules read them
through ``params``, and the lookup tables derived from them (geometry, parsed tiles) through one ``Tables``
object (``tables(params)``). Geometry and the tile table are ``overridable=False`` (changing them would change
the action space and the hidden-tile model).

Rulings made here where the spec left a gap (also in the ``doc`` of the Param concerned):
- GV-109/GV-111: the minimum-gold duty only binds while a Loan placement is legal for the player (a free
  slot, a worker in camp, loan track not at its end); otherwise it lapses like GV-110.
- GV-071/GV-272: a player with no worker in camp has no placement at all (not even a crossing on its own,
  which uses no worker) and is passed by the program.
- GV-272: a player whose only legal choice is passing is passed automatically (an event says so).
- GV-582: the Pioneer bonus goes with the holder's first resolving Harvest placement of the round.
- GV-601: the Pioneer exchange is asked only when at least one exchange is possible; otherwise none is made.
- GV-785: the inspect/protect/nothing choice is asked only when inspect or protect is possible.
- GV-395: a "return" sends the chosen HE to camp; the tile keeps its pipes (GV-396). The HEs are counted
  literally (T and the own tiles adjacent to T), also when T itself got no HE.
- GV-420: the saboteur's emerald is paid when the declaration is asked (just before the flip).
- GV-602: "gold for emeralds" is offered only while the shared supply holds 4 emeralds.
- GV-107: the automatic loan must leave the player able to pay the worker price in gold, so that price may not
  exceed the gold cap nor the gold of any loan space (``check_params``).
- Scores before the end (``scores()``, used by bots): the end-of-game breakdown applied to the current
  position, with workers and machines placed this round counted as back in camp (GV-686).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from tawa.core.errors import BadOption
from tawa.core.params import Param, ParamRegistry, Params

# --------------------------------------------------------------------------- lake geometry (T-LAKE, [P])
# Axial (q, r) per position, listed counter-clockwise from east per ring, as in the spec table.
LAKE_COORDS: tuple[tuple[str, int, int], ...] = (
    ("S00", 3, 0),
    ("S01", 3, -1),
    ("S02", 3, -2),
    ("S03", 3, -3),
    ("S04", 2, -3),
    ("S05", 1, -3),
    ("S06", 0, -3),
    ("S07", -1, -2),
    ("S08", -2, -1),
    ("S09", -3, 0),
    ("S10", -3, 1),
    ("S11", -3, 2),
    ("S12", -3, 3),
    ("S13", -2, 3),
    ("S14", -1, 3),
    ("S15", 0, 3),
    ("S16", 1, 2),
    ("S17", 2, 1),
    ("M00", 2, 0),
    ("M01", 2, -1),
    ("M02", 2, -2),
    ("M03", 1, -2),
    ("M04", 0, -2),
    ("M05", -1, -1),
    ("M06", -2, 0),
    ("M07", -2, 1),
    ("M08", -2, 2),
    ("M09", -1, 2),
    ("M10", 0, 2),
    ("M11", 1, 1),
    ("I0", 1, 0),
    ("I1", 1, -1),
    ("I2", 0, -1),
    ("I3", -1, 0),
    ("I4", -1, 1),
    ("I5", 0, 1),
    ("C", 0, 0),
)
CENTRE_NAME = "C"
LAST_PHASE = 4  # the centre; the shore is phase 1 (ring 3)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """T-LAKE distance in axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


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


# --------------------------------------------------------------------------- lake tiles (T-TILES, [P])
class Tile(NamedTuple):
    """One lake tile: its water side (workers and machines an exploration needs) and its drained side."""

    id: str
    phase: int
    workers: int
    machines: int
    emeralds: int
    gold: int
    prestige: int
    special: str  # "" | "damp" | "landslide" | "famine"
    box: int  # re-exploration box VP (damp tiles only), 0 = none


TILES: tuple[Tile, ...] = tuple(
    Tile(*row)
    for row in (
        ("P1-01", 1, 1, 0, 0, 2, 1, "", 0),
        ("P1-02", 1, 1, 0, 0, 1, 2, "", 0),
        ("P1-03", 1, 1, 0, 1, 1, 2, "", 0),
        ("P1-04", 1, 1, 0, 0, 0, 3, "", 0),
        ("P1-05", 1, 1, 0, 2, 1, 1, "", 0),
        ("P1-06", 1, 1, 0, 0, 2, 2, "", 0),
        ("P1-07", 1, 2, 0, 0, 1, 1, "damp", 1),
        ("P1-08", 1, 2, 0, 1, 1, 2, "damp", 0),
        ("P1-09", 1, 2, 0, 0, 2, 2, "", 0),
        ("P1-10", 1, 2, 0, 1, 2, 2, "", 0),
        ("P1-11", 1, 2, 0, 0, 3, 1, "", 0),
        ("P1-12", 1, 2, 0, 0, 1, 3, "", 0),
        ("P1-13", 1, 2, 0, 2, 1, 2, "", 0),
        ("P1-14", 1, 2, 0, 1, 1, 3, "", 0),
        ("P1-15", 1, 3, 0, 0, 0, 4, "", 0),
        ("P1-16", 1, 3, 0, 0, 3, 2, "", 0),
        ("P1-17", 1, 3, 0, 1, 2, 1, "damp", 1),
        ("P1-18", 1, 3, 0, 0, 2, 3, "", 0),
        ("P2-01", 2, 2, 1, 1, 2, 2, "", 0),
        ("P2-02", 2, 2, 1, 0, 3, 2, "", 0),
        ("P2-03", 2, 2, 1, 0, 0, 3, "landslide", 0),
        ("P2-04", 2, 3, 1, 1, 2, 3, "", 0),
        ("P2-05", 2, 2, 1, 0, 3, 3, "", 0),
        ("P2-06", 2, 2, 1, 2, 2, 2, "", 0),
        ("P2-07", 2, 2, 1, 0, 2, 4, "famine", 0),
        ("P2-08", 2, 3, 1, 1, 1, 3, "damp", 2),
        ("P2-09", 2, 3, 1, 0, 0, 4, "landslide", 0),
        ("P2-10", 2, 3, 1, 0, 3, 4, "damp", 2),
        ("P2-11", 2, 3, 1, 1, 2, 5, "famine", 0),
        ("P2-12", 2, 3, 1, 2, 3, 3, "damp", 0),
        ("P3-01", 3, 2, 2, 1, 3, 5, "", 0),
        ("P3-02", 3, 2, 2, 2, 2, 5, "damp", 3),
        ("P3-03", 3, 2, 2, 0, 0, 6, "landslide", 0),
        ("P3-04", 3, 3, 2, 1, 3, 6, "famine", 0),
        ("P3-05", 3, 3, 2, 2, 2, 6, "", 0),
        ("P3-06", 3, 3, 2, 0, 4, 5, "damp", 3),
        ("C-1", 4, 3, 2, 2, 3, 8, "", 0),
        ("C-2", 4, 3, 2, 1, 4, 8, "", 0),
        ("C-3", 4, 3, 2, 0, 3, 10, "famine", 0),
    )
)

# --------------------------------------------------------------------------- action boxes (T-ACTIONS)
# Resolution order of the boxes in steps 5 and 6 (GV-294, GV-295); sabotage resolves with its tile (step 2).
BOXES: tuple[str, ...] = (
    "sabotage",
    "camp",
    "pumpre",
    "harvest",
    "pioneer",
    "commerce_machine",
    "commerce_pipe",
    "recruit",
    "loan",
)
BOX_RESOLUTION: tuple[tuple[str, ...], ...] = (
    ("camp",),
    ("pumpre",),
    ("harvest",),
    ("pioneer",),
    ("commerce_machine", "commerce_pipe"),
    ("recruit",),
    ("loan",),
)
COMMERCE_BOXES: tuple[str, str] = ("commerce_machine", "commerce_pipe")
COMMERCE_GOODS: tuple[str, str] = ("machine", "pipe")
# Actions counted by the at-most-twice limit (GV-075).
ACTIONS: tuple[str, ...] = (
    "explore",
    "sabotage",
    "camp",
    "pumpre",
    "harvest",
    "pioneer",
    "commerce",
    "recruit",
    "loan",
    "balsa",
)
ACTION_INDEX: dict[str, int] = {a: i for i, a in enumerate(ACTIONS)}
DECLARATIONS: tuple[str, ...] = ("emeralds", "gold", "prestige")  # GV-420
END_TRIGGERS: tuple[str, ...] = ("centre", "bankruptcy", "pipes")  # GV-681..GV-683
BALSA_QUEUE = "balsa"  # the execution queue's entry for an activated balsa (GV-777)

# pieces one placement puts down ([R], T-ACTIONS)
SABOTAGE_WORKERS = 2  # GV-250: one in the Sabotage slot and one, the saboteur, on the tile
SABOTEUR = 1
PUMP_WORKERS = 1  # GV-132
REEXPLORE_PIECES = (1, 1)  # GV-134: 1 worker in the slot, 1 machine on the tile
HARVEST_SIZES = (1, 2)  # GV-136: 1 or 2 workers together
COMMERCE_WORKERS = 1  # GV-138
LOAN_WORKERS = 1  # GV-143

# component counts (T-COMP), also the Params' fixed values below
WORKERS_PER_COLOUR = 9
PIPES_PER_COLOUR = 12
MACHINES_PER_COLOUR = 4
EMERALD_SUPPLY = 25
CAMP_LEVEL_MIN, CAMP_LEVEL_MAX = 3, 9
LOAN_END = 5
MAX_PLAYERS = 4
MOST_TILE_MACHINES = max(t.machines for t in TILES)


def _is_round_cap(v: object) -> str | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        return "must be a whole number of rounds, 1 or more (or null for no cap)"
    return None


def _colour_names(v: tuple[str, ...]) -> str | None:
    """Distinct, non-empty names with distinct first letters (the lake map marks owners by their initial)."""
    if any(not c.strip() for c in v):
        return "every colour needs a name"
    if len({c.lower() for c in v}) != len(v) or len({c[0].lower() for c in v}) != len(v):
        return "colour names must differ, and so must their first letters (the lake map shows initials)"
    return None


def _first_at_least_one(what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v and v[0] >= 1 else f"the {what} must be 1 or more"

    return check


GOLD_MOST = FOOD_MOST = 40  # the most GOLD_CAP and FOOD_CAP an option may set (5 x the rulebook's 8)

PARAMS = ParamRegistry(
    [
        # ---- options
        Param("balsa", False, "P", ("GV-770", "GV-030"), "La Balsa mini-expansion on/off (the spec's LA_BALSA)"),
        Param(
            "MAX_ROUNDS",
            None,
            "D",
            ("GV-860", "GV-861", "GV-863"),
            "round cap: a game not over ends after the execution phase of this round (null = off)",
            nullable=True,
            check=_is_round_cap,
            bounds=(1, 100),
        ),
        Param(
            "TIE_SPLIT_MODE",
            "literal",
            "R/P",
            ("GV-717", "GV-718"),
            "majority tie split: 'literal' floor((pts[p]+pts[p+1])/k), or 'occupied' (sum of the k positions)/k",
            choices=("literal", "occupied"),
        ),
        # ---- component data
        Param(
            "LAKE_POSITIONS",
            LAKE_COORDS,
            "P",
            ("GV-014",),
            "the 37 lake positions with axial (q, r)",
            overridable=False,
            length=37,
        ),
        Param(
            "TILES",
            TILES,
            "P",
            ("GV-011", "GV-013"),
            "the 39 lake tiles: id, phase, W, M, E, G, P, special, re-exploration box VP",
            overridable=False,
            length=39,
        ),
        Param(
            "PUMP_SPOTS",
            {k: list(v) for k, v in PUMP_SPOTS.items()},
            "P",
            ("GV-012", "GV-175"),
            "pump spots: q, r, angle, the two connected shore tiles",
            overridable=False,
        ),
        Param(
            "PUMP_SPOTS_BY_COUNT",
            {"2": ["NE", "SW"], "3": ["N", "SW", "SE"], "4": ["NE", "NW", "SW", "SE"]},
            "P",
            ("GV-012", "GV-053"),
            "pump spots used for 2 / 3 / 4 players",
            overridable=False,
        ),
        Param(
            "COLOURS",
            ("red", "blue", "yellow", "green"),
            "P",
            ("GV-012",),
            "player colours, dealt at random (green is a placeholder); at least one per player",
            length=(2, 8),
            check=_colour_names,
            chars=20,
        ),
        Param(
            "SLOTS",
            {
                "sabotage": 2,
                "camp": 2,
                "pumpre": 3,
                "harvest": 2,
                "pioneer": 1,
                "commerce_machine": 2,
                "commerce_pipe": 4,
                "recruit": 3,
                "loan": 2,
            },
            "P",
            ("GV-073",),
            "slots per action box (same for 2-4 players; 0 closes a box)",
            bounds=(0, 9),
        ),
        Param("WORKERS_PER_COLOUR", WORKERS_PER_COLOUR, "R", ("GV-029",), "workers per colour", overridable=False),
        Param("PIPES_PER_COLOUR", PIPES_PER_COLOUR, "R", ("GV-029", "GV-683"), "pipes per colour", overridable=False),
        Param("MACHINES_PER_COLOUR", MACHINES_PER_COLOUR, "R", ("GV-029",), "machines per colour", overridable=False),
        Param(
            "EMERALD_SUPPLY",
            EMERALD_SUPPLY,
            "R",
            ("GV-028", "GV-345"),
            "emeralds in the shared supply",
            overridable=False,
        ),
        # ---- starting state (T-START)
        Param("START_WORKERS", 3, "R", ("GV-020",), "workers in camp at the start", bounds=(0, WORKERS_PER_COLOUR)),
        Param("START_PIPES", 3, "R", ("GV-020",), "pipes in camp at the start", bounds=(0, PIPES_PER_COLOUR)),
        Param("START_MACHINES", 0, "P", ("GV-021",), "machines in camp at the start", bounds=(0, MACHINES_PER_COLOUR)),
        Param(
            "START_EMERALDS",
            0,
            "P",
            ("GV-021",),
            "emeralds held at the start (all seats together at most the shared supply)",
            bounds=(0, EMERALD_SUPPLY),
        ),
        Param(
            "START_VP", 10, "R", ("GV-024",), "score track start (the track may go below 0, GV-374)", bounds=(-100, 200)
        ),
        Param("START_GOLD", 5, "R", ("GV-025",), "gold at the start (at most GOLD_CAP)", bounds=(0, GOLD_MOST)),
        Param("START_FOOD", 0, "R", ("GV-025",), "food at the start (at most FOOD_CAP)", bounds=(0, FOOD_MOST)),
        Param("CAMP_LEVEL_MIN", CAMP_LEVEL_MIN, "R", ("GV-027", "GV-521"), "starting camp level", overridable=False),
        Param("CAMP_LEVEL_MAX", CAMP_LEVEL_MAX, "R", ("GV-131", "GV-521"), "highest camp level", overridable=False),
        # ---- rule constants (T-CONFIG)
        Param(
            "PUMP_SOURCE_PIPES",
            1,
            "P",
            ("GV-178", "GV-202"),
            "pipes to connect a tile from the pump",
            overridable=False,
        ),
        Param(
            "NORMAL_EXIT_PIPES",
            1,
            "R",
            ("GV-177",),
            "pipes to leave a non-damp tile (a tile needs a pipe to have an owner)",
            bounds=(1, PIPES_PER_COLOUR),
        ),
        Param(
            "DAMP_EXIT_PIPES", 2, "R", ("GV-177", "GV-500"), "pipes to leave a damp tile", bounds=(1, PIPES_PER_COLOUR)
        ),
        Param("MAX_SAME_ACTION", 2, "R", ("GV-074",), "uses of one action per planning phase", bounds=(1, 9)),
        Param(
            "LAKE_RESOLUTION_ORDER",
            "placement",
            "P",
            ("GV-340",),
            "lake tiles resolve in placement order",
            choices=("placement",),
        ),
        Param("PLANNING_DIRECTION", "ccw", "R", ("GV-052",), "planning turns go counter-clockwise", overridable=False),
        Param("BALSA_DIRECTION", "cw", "R", ("GV-777",), "balsas resolve clockwise", overridable=False),
        Param(
            "WORKER_PURCHASE",
            (2, 1, 4),
            "R",
            ("GV-103", "GV-105"),
            "minimum-workers purchase: workers bought (1 or more), gold price, emerald price",
            length=3,
            bounds=(0, 20),
            check=_first_at_least_one("number of workers bought"),
        ),
        Param(
            "PIONEER_SWAP",
            (1, 4),
            "R",
            ("GV-601", "GV-602"),
            "Pioneer exchange: gold <-> emeralds",
            length=2,
            bounds=(0, 20),
        ),
        Param("RENT_PER_OWNER", 1, "R", ("GV-203",), "gold paid to each owner of a crossed tile", bounds=(0, 10)),
        Param("SABOTAGE_EMERALDS", 1, "R", ("GV-420",), "emeralds a saboteur pays at resolution", bounds=(0, 10)),
        Param(
            "CAMP_UPGRADE",
            (2, 1, 2),
            "R",
            ("GV-130", "GV-520"),
            "camp upgrade: workers (1 or more), machines, gold",
            length=3,
            bounds=(0, 20),
            check=_first_at_least_one("number of workers placed"),
        ),
        Param("PUMP_UPGRADE_GOLD", 2, "R", ("GV-540",), "gold for the pump upgrade", bounds=(0, 20)),
        Param("REEXPLORE_EMERALDS", 1, "R", ("GV-560",), "emeralds for a re-exploration", bounds=(0, 10)),
        Param(
            "HARVEST_FOOD", (2, 3), "R", ("GV-580",), "food for a 1-worker / 2-worker Harvest", length=2, bounds=(0, 20)
        ),
        Param(
            "HARVEST_PIONEER_BONUS",
            2,
            "R/P",
            ("GV-581", "GV-582"),
            "extra food for the Pioneer holder, once a round",
            bounds=(0, 10),
        ),
        Param(
            "COMMERCE_PRICES",
            (2, 1),
            "R",
            ("GV-620", "GV-621"),
            "gold per machine / per pipe",
            length=2,
            bounds=(0, 20),
        ),
        Param(
            "COMMERCE_MAX_WORKERS",
            2,
            "R",
            ("GV-139",),
            "workers of one colour in the Commerce box",
            bounds=(1, WORKERS_PER_COLOUR),
        ),
        Param("RECRUIT_FOOD", 2, "R", ("GV-640",), "food per recruited worker", bounds=(0, 20)),
        Param(
            "RECRUIT_WORKERS",
            1,
            "P",
            ("GV-141",),
            "workers one Recruitment placement puts in its slot",
            bounds=(1, WORKERS_PER_COLOUR),
        ),
        Param(
            "PIONEER_WORKERS",
            1,
            "P",
            ("GV-137",),
            "workers a Pioneer placement puts in its slot",
            bounds=(1, WORKERS_PER_COLOUR),
        ),
        Param("RESTING_GROUP", 3, "R", ("GV-320",), "workers resting in camp per VP", bounds=(1, WORKERS_PER_COLOUR)),
        Param("GOLD_CAP", 8, "R", ("GV-370",), "gold cap; each gold over it is 1 VP", bounds=(0, GOLD_MOST)),
        Param("FOOD_CAP", 8, "R", ("GV-372",), "food cap; food over it is lost", bounds=(0, FOOD_MOST)),
        Param(
            "CAMP_TRACK_VP",
            (0, 1, 2, 4, 6, 9, 12),
            "P/R",
            ("GV-711",),
            "end VP of camp levels 3..9",
            length=CAMP_LEVEL_MAX - CAMP_LEVEL_MIN + 1,
            bounds=(0, 60),
            order="nondecreasing",
        ),
        Param(
            "LOAN_GOLD",
            (0, 4, 4, 5, 5, 6),
            "R/P",
            ("GV-661",),
            "gold gained arriving on loan positions 0..5",
            length=LOAN_END + 1,
            bounds=(0, 30),
            order="nondecreasing",
        ),
        Param(
            "LOAN_VP",
            (0, 5, 6, 7, 8, 10),
            "R/P",
            ("GV-662",),
            "VP lost arriving on loan positions 0..5",
            length=LOAN_END + 1,
            bounds=(0, 50),
            order="nondecreasing",
        ),
        Param(
            "LOAN_END", LOAN_END, "P", ("GV-144", "GV-663", "GV-682"), "loan position of bankruptcy", overridable=False
        ),
        Param(
            "MAJORITY_POINTS",
            (9, 7, 4, 0),
            "R",
            ("GV-712", "GV-713", "GV-715"),
            "majority VP for positions 1..4",
            length=MAX_PLAYERS,
            bounds=(0, 50),
            order="nonincreasing",
        ),
        Param("VP_MACHINE", 3, "R", ("GV-719",), "end VP per machine in camp", bounds=(0, 20)),
        Param("WORKERS_PER_VP", 2, "R", ("GV-720",), "workers in camp per end VP", bounds=(1, 20)),
        Param("VP_PIPE", 2, "R", ("GV-722",), "end VP per pipe in camp", bounds=(0, 20)),
        Param("EMERALDS_PER_VP", 5, "R", ("GV-723",), "emeralds per end VP", bounds=(1, EMERALD_SUPPLY)),
        Param("VP_HEAD_EXPLORER", 3, "R", ("GV-725",), "end VP per head explorer in the lake", bounds=(0, 20)),
        # ---- La Balsa
        Param("BALSA_MAX_STEPS", 2, "R", ("GV-778",), "balsa steps per activation", bounds=(0, 10)),
        Param(
            "BALSA_START_MAX_DIST",
            3,
            "R/P",
            ("GV-772",),
            "largest start distance from the pump spot",
            overridable=False,
        ),
        Param("BALSA_WORKERS", 2, "R", ("GV-774",), "workers to activate a balsa", bounds=(1, WORKERS_PER_COLOUR)),
        Param("INSPECT_COST", 2, "R", ("GV-786",), "emeralds to inspect a tile", bounds=(0, EMERALD_SUPPLY)),
        Param("PROTECT_EMERALDS", 2, "R", ("GV-788",), "emeralds on a protected balsa", bounds=(0, EMERALD_SUPPLY)),
        Param(
            "PROTECT_EXTRA_MACHINES",
            1,
            "R",
            ("GV-790",),
            "extra machines to explore under a protected balsa",
            bounds=(0, MACHINES_PER_COLOUR - MOST_TILE_MACHINES),
        ),
        Param("BALSA_VP_PER_PHASE", 2, "R", ("GV-797",), "end VP per phase of the balsa's tile", bounds=(0, 20)),
    ]
)


def check_params(params: Params, players: int) -> None:
    """Option values that are each in range but do not fit together or this player count (``BadOption``)."""

    def refuse(name: str, text: str) -> None:
        raise BadOption(f"option {PARAMS.params[name].label}: {text}")

    if len(params.COLOURS) < players:
        refuse("COLOURS", f"{players} players need {players} colours, got {len(params.COLOURS)}")
    if params.START_EMERALDS * players > params.EMERALD_SUPPLY:
        refuse(
            "START_EMERALDS",
            f"{players} players holding {params.START_EMERALDS} emeralds each need more than "
            f"the {params.EMERALD_SUPPLY} of the shared supply (GV-028)",
        )
    if params.START_GOLD > params.GOLD_CAP:
        refuse("START_GOLD", f"{params.START_GOLD} gold is above GOLD_CAP (GV-370) {params.GOLD_CAP}")
    if params.START_FOOD > params.FOOD_CAP:
        refuse("START_FOOD", f"{params.START_FOOD} food is above FOOD_CAP (GV-372) {params.FOOD_CAP}")
    price = params.WORKER_PURCHASE[1]
    covered = min(params.GOLD_CAP, *params.LOAN_GOLD[1:])
    if price > covered:
        refuse(
            "WORKER_PURCHASE",
            f"a gold price of {price} is more than an automatic loan is sure to bring "
            f"({covered} gold: GOLD_CAP and LOAN_GOLD, GV-107)",
        )


# --------------------------------------------------------------------------- tables derived from the params
class Spot(NamedTuple):
    """A pump spot (T-PUMPS): its place beside the lake and the two shore positions it connects."""

    q: int
    r: int
    angle: int
    shore: tuple[int, int]


class Tables:
    """Lookup tables derived once from the params (T-LAKE, T-PUMPS, T-BALSA, T-TILES), shared by every game and
    clone with those params. Positions are indices into ``names``; tiles are indices into ``tiles``."""

    __slots__ = (
        "balsa_starts",
        "centre",
        "coords",
        "index",
        "max_insure",
        "names",
        "neighbours",
        "npos",
        "phase_of_pos",
        "pump_shore",
        "shore",
        "spots",
        "spots_by_count",
        "tile_index",
        "tiles",
    )

    def __init__(self, params: Params) -> None:
        self.names: tuple[str, ...] = tuple(name for name, _, _ in params.LAKE_POSITIONS)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.npos = len(self.names)
        self.centre: int = self.index[CENTRE_NAME]
        self.coords: tuple[tuple[int, int], ...] = tuple((q, r) for _, q, r in params.LAKE_POSITIONS)
        qr = self.coords
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j in range(self.npos) if hex_distance(qr[i], qr[j]) == 1) for i in range(self.npos)
        )
        centre_qr = qr[self.centre]
        # ring 3 (the shore) is phase 1 ... the centre (ring 0) is phase 4
        self.phase_of_pos: tuple[int, ...] = tuple(LAST_PHASE - hex_distance(c, centre_qr) for c in qr)
        self.shore: tuple[int, ...] = tuple(p for p in range(self.npos) if self.phase_of_pos[p] == 1)
        self.tiles: tuple[Tile, ...] = tuple(Tile(*row) for row in params.TILES)
        self.tile_index: dict[str, int] = {t.id: i for i, t in enumerate(self.tiles)}
        self.spots: dict[str, Spot] = {
            k: Spot(q, r, angle, (self.index[a], self.index[b]))
            for k, (q, r, angle, (a, b)) in params.PUMP_SPOTS.items()
        }
        self.spots_by_count: dict[int, tuple[str, ...]] = {
            int(k): tuple(v) for k, v in params.PUMP_SPOTS_BY_COUNT.items()
        }
        self.pump_shore: frozenset[int] = frozenset(p for s in self.spots.values() for p in s.shore)
        # T-BALSA (GV-772): shore tiles within BALSA_START_MAX_DIST of the pump spot
        self.balsa_starts: dict[str, tuple[int, ...]] = {
            k: tuple(p for p in self.shore if hex_distance(qr[p], (s.q, s.r)) <= params.BALSA_START_MAX_DIST)
            for k, s in self.spots.items()
        }
        # GV-233/GV-790: most machines an exploration can insure
        self.max_insure: int = max(t.machines for t in self.tiles) + params.PROTECT_EXTRA_MACHINES


def tables(params: Params) -> Tables:
    """The ``Tables`` of these params (built once per option set)."""
    return params.derived("guatavita/tables", Tables)  # type: ignore[no-any-return]
