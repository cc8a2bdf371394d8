"""The Guatavita table in the browser (issue 18): pure functions of one observation dict (section 5, GV-830..GV-837).

``svg(obs)`` draws the table as the physical game lays it out: the lake in the middle of the main board (37 hexes
by depth, pointy-top, spec T-LAKE screen convention), the pump spots around it (T-PUMPS) and each player's camp in
the board corner nearest to their pump, the score track around the board's edge; on the right the round and
turn order, the action boxes with their slots, and each player's resource board (gold and food tracks, emeralds,
loan track, personal supply, La Balsa's boat). ``targets(obs, legal)`` names the element each legal action is
about; ``is_button`` the actions about none; ``previews`` draws, for a chooser, what each exploration, crossing,
Harvest, declaration, payment or exchange would put down or take. A tile or box that is no target carries the
action a click on it would mean (``data-action``), so the client can ask the server why it is not legal.

Only the observation is read (never the game): an undrained tile shows its water side (GV-834) and, for the seat
that inspected it through La Balsa, its drained side (``known``, GV-832); nobody else's inspection results. Fixed
[R] numbers and the geometry come from ``data``; every overridable value (slots, tracks, prices, caps) from the
observation's ``overrides`` (the game's option values), else the ``data.PARAMS`` default.

Element ids (stable from one position to the next): ``lake``, ``hex-S03`` (each of the 37 lake positions),
``spot-NE`` (the six pump spots), ``action-board``, ``box-camp`` and its slots ``slot-camp-1`` .. (boxes
``sabotage``, ``camp``, ``pumpre``, ``harvest``, ``pioneer``, ``commerce-machine``, ``commerce-pipe``, ``recruit``,
``loan``), ``status``, ``turn-order``, ``emerald-supply``, ``end-triggers``, ``score-track``, ``pieces`` (the
layer of the pieces), ``gv-meeple`` .. (the glyphs in ``<defs>``); per seat ``seat2`` (the resource board),
``seat2-camp`` (the camp in its board corner), ``seat2-balsa`` (the balsa card, La Balsa). Pieces
(``class="piece"``, placed by ``style="transform:translate(..px,..px)"``): ``score-s2``, ``gold-s2``,
``food-s2``, ``loan-s2``, ``camp-marker-s2`` (the markers of the tracks), ``pioneer`` (the Pioneer marker beside
its holder's board), ``balsa-s2`` (on its lake tile, or in its camp before setup and once wrecked), and
``he-S03`` (the head explorer on a lake tile; workers are interchangeable, so an HE is named by its tile). Pieces
over a target (HEs, balsas, the camp marker) let clicks through (``pointer-events="none"``): their tile's or
camp's hover text tells what is there. A target never contains an element with an id of its own, so a click
anywhere on it names it.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tawa.core.svg import at as _at
from tawa.core.svg import move as _move
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _text
from tawa.core.svg import title as _title
from tawa.core.svgparts import Part, Path, UndeclaredRead, document
from tawa.games.guatavita.data import (
    CENTRE_NAME,
    COMMERCE_WORKERS,
    HARVEST_SIZES,
    LAKE_COORDS,
    LOAN_WORKERS,
    PARAMS,
    PUMP_SPOTS,
    PUMP_WORKERS,
    SABOTAGE_WORKERS,
    SABOTEUR,
    hex_distance,
)

Obs = Mapping[str, Any]

# ----------------------------------------------------------------------------- the data the view reads
_P = PARAMS.params
POS_NAMES: tuple[str, ...] = tuple(n for n, _, _ in LAKE_COORDS)  # T-LAKE order (the observation's lake order)
QR: dict[str, tuple[int, int]] = {n: (q, r) for n, q, r in LAKE_COORDS}
NEIGHBOURS: dict[str, tuple[str, ...]] = {a: tuple(b for b in POS_NAMES if hex_distance(QR[a], QR[b]) == 1)
                                          for a in POS_NAMES}
CENTRE = CENTRE_NAME
SPOT_SHORE: dict[str, tuple[str, str]] = {k: tuple(v[3]) for k, v in PUMP_SPOTS.items()}  # type: ignore[misc]
SCORE_SPACES = 100  # the score track is unbounded (GV-374 [P]); it is drawn as a loop of 100 spaces


def num(obs: Obs, name: str) -> Any:
    """A rule value as this game uses it: the option value in the observation, else the data default."""
    over = obs.get("overrides") or {}
    default = _P[name].default
    if name not in over:
        return default
    return {**default, **over[name]} if isinstance(default, dict) else over[name]  # a mapping may be given in part


# ----------------------------------------------------------------------------- display texts (cite the spec)
# Each text is a rule of the spec with its ID and provenance tag; {names} are filled from ``num``.
RULES: dict[str, str] = {
    "water": "GV-834 [P] the water side (worker circles, machine squares) is public; GV-172 [R] an exploration "
             "puts exactly these workers and machines on it; GV-830 [R] the drained side stays hidden until the "
             "tile is flipped.",
    "deep": "GV-173 [R] a phase-3 tile or the centre may be explored only with a level-2 pump.",
    "centre": "GV-017 [R] one of the 3 centre tiles, drawn at random (GV-018 [R] the others left unseen); GV-681 "
              "[R] draining it ends the game after this round; GV-787 [R] it is never inspected; GV-779 [P] a "
              "balsa may enter it.",
    "drained": "GV-342 [R] flipped, its drained side public; GV-344 [R] the explorer gained its printed emeralds, "
               "gold and prestige (T-TILES [P] values); GV-175 [R] an owner explores onward from it.",
    "rent": "GV-200 [R] another player crosses it paying {RENT_PER_OWNER} gold to each owner (GV-203) and scores "
            "its printed prestige (GV-205 [R]), then co-owns it (GV-210 [P]).",
    "famine": "GV-350 [R] famine icon: a famine is due when it flips (GV-471 [R] one per round); GV-472 [R] each "
              "player owes 1 food per worker in camp and on action boxes; GV-475 [R] each food short costs a camp "
              "worker, then GV-476 [R] 1 VP.",
    "landslide": "GV-450 [R] landslide: the exploring workers went to the personal supply; GV-451 [R] so did "
                 "uninsured machines, for 1 gold each; GV-452 [R] insured ones came back; GV-453 [P] the printed "
                 "rewards still counted; GV-454 [R] the pipes stay.",
    "damp": "GV-500 [R] damp terrain: leaving it (as a source) takes {DAMP_EXIT_PIPES} pipes instead of "
            "{NORMAL_EXIT_PIPES}; GV-501 [P] entering it costs the normal amount.",
    "box": "GV-502 [R] re-exploration box: GV-134 [R] 1 worker on Pump Upgrade/Re-exploration + 1 machine here; "
           "GV-560 [R] pay {REEXPLORE_EMERALDS} emerald and score the box; GV-562 [R] again in any later round; "
           "GV-563 [P] any owner may.",
    "known": "GV-832 [R] you inspected it: only you see its drained side until it is flipped.",
    "inspected": "GV-833 [P] who inspected which tile is public; GV-832 [R] what they saw is theirs alone.",
    "exploration": "GV-340 [P] pending explorations resolve in placement order; GV-391 [R] the source's head "
                   "explorer moves in, else GV-393 [R] a surviving worker stays as the new one.",
    "insured": "GV-230 [R] an emerald on a machine insures it against a landslide; GV-232 [R] it goes to the "
               "shared supply when the tile resolves.",
    "saboteur": "GV-420 [R] before the flip the saboteur pays {SABOTAGE_EMERALDS} emerald and declares emeralds, "
                "gold or prestige; GV-422-GV-424 [R] takes all emeralds, 1 gold, or scores the prestige too; GV-425 "
                "[R] lost to the personal supply if the tile shows none, GV-426 [R] or on a landslide.",
    "reexplore": "GV-134 [R] a re-exploration machine: GV-560 [R] at execution its owner pays {REEXPLORE_EMERALDS} "
                 "emerald and scores the box; GV-561 [R] the machine goes back to camp.",
    "he": "GV-390 [R] a head explorer stays at an end of its owner's pipeline; GV-725 [R] {VP_HEAD_EXPLORER} VP "
          "each at the end; GV-101 [R] one comes back when the camp is empty; GV-395 [P] joined paths may send one "
          "home.",
    "pipes": "GV-177 [R] pipes join every explored tile to its source; GV-180 [R] they never leave the lake; "
             "GV-713 [R] pipe majority at the end; GV-683 [R] all {PIPES_PER_COLOUR} of a colour in the lake end "
             "the game.",
    "pump": "GV-023 [R] the water pump on its spot; GV-175 [R] it connects the two shore tiles beside it (GV-178 "
            "[P] {PUMP_SOURCE_PIPES} pipe); GV-173 [R] level 2 opens phase 3 and the centre; GV-541 [R] the "
            "upgrade's worker stays on the pump for good.",
    "spot-free": "T-PUMPS [P] a pump spot not used with this player count ({SPOTS_BY_COUNT}).",
    "balsa": "GV-774 [R] {BALSA_WORKERS} workers activate it, GV-775 [P] once a round; GV-778 [R] it moves up to "
             "{BALSA_MAX_STEPS} steps over undrained tiles, GV-781 [R] pushing an unprotected balsa; GV-785 [R] "
             "then inspect (GV-786 [R] {INSPECT_COST} emeralds, an adjacent tile), protect (GV-788 [R] "
             "{PROTECT_EMERALDS} emeralds) or nothing; GV-795 [R] draining its tile destroys it; GV-797 [R] "
             "{BALSA_VP_PER_PHASE} VP per phase of its tile at the end.",
    "protected": "GV-790 [R] protected: exploring its tile needs {PROTECT_EXTRA_MACHINES} more machine; GV-780 [R] "
                 "no balsa enters or passes it; GV-792 [R] it cannot be pushed; GV-793 [R] until its owner "
                 "activates it again.",
    "wrecked": "GV-795 [R] its tile was drained: the balsa left the game; GV-796 [P] its emeralds went to the "
               "shared supply.",
    "camp": "GV-020 [R] the camp: the pieces a player can place; T-CAMP: the level is its capacity (GV-641 [R] no "
            "recruiting above it, GV-642 [P] housed = in camp, on boxes, on the balsa and on the pump); GV-711 "
            "[R] end VP by level, GV-712 [R] camp majority.",
    "score": "GV-024 [R] every player starts on {START_VP}; GV-374 [P] the track has no limit and may go below 0 "
             "(drawn as a loop of 100 spaces).",
    "gold": "GV-370 [R] at most {GOLD_CAP} gold: each gold over it scores 1 VP instead; GV-724 [R] 1 VP per gold at "
            "the end.",
    "food": "GV-372 [R] at most {FOOD_CAP} food: more is lost; GV-726 [P] food scores nothing.",
    "emeralds": "GV-373 [P] no cap but the shared supply; GV-723 [R] 1 VP per {EMERALDS_PER_VP} at the end.",
    "loan": "T-LOAN: each space gives its gold and costs its VP on arrival (GV-661, GV-662 [R]); GV-663 [R] space "
            "{LOAN_END} is bankruptcy: the game ends after this round.",
    "supply": "GV-022 [R] the personal supply: pieces not bought yet or lost; Recruitment and Commerce draw from "
              "it; GV-029 [R] {WORKERS_PER_COLOUR} workers, {MACHINES_PER_COLOUR} machines, {PIPES_PER_COLOUR} "
              "pipes a colour.",
    "emerald-supply": "GV-028 [R] the shared supply starts with {EMERALD_SUPPLY} emeralds; GV-345 [P] it is "
                      "finite: emeralds beyond it are not gained.",
    "pioneer": "GV-051 [R] the Pioneer holder takes the first planning turn; GV-603 [R] the marker changes hands "
               "only through the Pioneer action; GV-581 [R] its holder gets +{HARVEST_PIONEER_BONUS} food from "
               "Harvest.",
    "turn-order": "GV-052 [R] planning turns pass counter-clockwise; GV-053 [P] the seats in the order of their "
                  "pump spots around the lake, from the Pioneer holder; GV-777 [R] balsas resolve clockwise.",
    "end": "GV-680 [R] the game ends after the execution phase of a round in which the centre was drained "
           "(GV-681), a loan marker reached bankruptcy (GV-682) or a player put all pipes in the lake (GV-683).",
    "cap": "GV-861 [D] with MAX_ROUNDS = {MAX_ROUNDS}, a game not over ends after round {MAX_ROUNDS}.",
    "board": "GV-025 [R] gold and food tracks (start: {START_GOLD} gold, {START_FOOD} food); GV-026 [R] the loan "
             "marker starts on the first space; GV-835 [P] everything on it is public.",
    "slots": "GV-073 [R] one placement a slot (T-ACTIONS [P] slot counts); GV-077 [P] the lowest free slot is "
             "used; GV-074 [R] one action at most {MAX_SAME_ACTION} times a planning phase.",
}

# The action boxes from left to right (GV-294, GV-295; Sabotage resolves with its tile, GV-291): the box of the
# observation, its id, its name, its step, its rule text and the requirement drawn in an empty slot (W, M).
BOX_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("sabotage", "sabotage", "Sabotage", "step 2",
     "GV-250 [R] 1 worker here + 1 worker (the saboteur) on another player's pending exploration; GV-251 [P] one "
     "saboteur a tile; GV-252 [P] the {SABOTAGE_EMERALDS} emerald is paid when the tile resolves (GV-420)."),
    ("camp", "camp", "Camp Upgrade", "step 5.1",
     "GV-130 [R] {CU_W} workers + {CU_M} machine; GV-520 [R] at execution pay {CU_G} gold: camp level +1; GV-521 "
     "[R] at most level {CAMP_LEVEL_MAX}; GV-523 [R] the pieces come back."),
    ("pumpre", "pumpre", "Pump / Re-exploration", "step 5.2",
     "one action (GV-075 [P]): GV-132 [R] pump: 1 worker; GV-540 [R] pay {PUMP_UPGRADE_GOLD} gold, the pump "
     "becomes level 2 and the worker stays on it; GV-134 [R] re-exploration: 1 worker + 1 machine on an own damp "
     "tile with a box, GV-560 [R] pay {REEXPLORE_EMERALDS} emerald, score the box."),
    ("harvest", "harvest", "Harvest", "step 5.3",
     "GV-136 [R] 1 or 2 workers together; GV-580 [R] 1 worker: {HF1} food, 2 workers: {HF2} food; GV-581 [R] the "
     "Pioneer holder +{HARVEST_PIONEER_BONUS}, GV-582 [P] once a round."),
    ("pioneer", "pioneer", "Pioneer", "step 5.4",
     "GV-137 [P] {PIONEER_WORKERS} worker; GV-600 [R] take the Pioneer marker and start the next planning phase; "
     "GV-601 [R] exchange {SW_G} gold for {SW_E} emeralds or back, or not (GV-602 [P] at most once)."),
    ("commerce_machine", "commerce-machine", "Commerce: machine", "step 5.5",
     "GV-620 [R] 1 worker: buy a machine from the personal supply for {CP_M} gold; GV-139 [R] at most "
     "{COMMERCE_MAX_WORKERS} of a colour's workers in Commerce; GV-140 [P] payment is checked at execution."),
    ("commerce_pipe", "commerce-pipe", "Commerce: pipe", "step 5.5",
     "GV-621 [R] 1 worker: buy a pipe from the personal supply for {CP_P} gold; GV-139 [R] at most "
     "{COMMERCE_MAX_WORKERS} of a colour's workers in Commerce; GV-623 [R] machine and pipe slots are separate."),
    ("recruit", "recruit", "Recruitment", "step 6.1",
     "GV-141 [P] {RECRUIT_WORKERS} worker; GV-640 [R] pay {RECRUIT_FOOD} food for a new worker from the personal "
     "supply; GV-641 [R] none above the camp's capacity; GV-643 [P] otherwise nothing is paid."),
    ("loan", "loan", "Loan", "step 6.2",
     "GV-143 [R] 1 worker; GV-660 [R] the loan marker moves 1 space: its gold, less its VP (T-LOAN); GV-109 [R] "
     "with 0 gold the first placement must be Loan; GV-663 [R] space {LOAN_END} ends the game."),
)
# the box's effect in a few words, under its name
BOX_SHORT = {"sabotage": "{SABOTAGE_EMERALDS} emerald when its tile flips", "camp": "{CU_G} gold: camp level +1",
             "pumpre": "pump {PUMP_UPGRADE_GOLD} gold, box {REEXPLORE_EMERALDS} emerald",
             "harvest": "{HF1} food, 2 workers {HF2}", "pioneer": "marker; {SW_G} gold = {SW_E} emeralds",
             "commerce_machine": "{CP_M} gold a machine", "commerce_pipe": "{CP_P} gold a pipe",
             "recruit": "{RECRUIT_FOOD} food a worker", "loan": "loan track +1 space"}
BOX_ID = {box: ident for box, ident, *_ in BOX_ROWS}
BOX_NAME = {box: name for box, _, name, *_ in BOX_ROWS}
# the action id that names each box (a click on a box that is no target asks why this one is not legal)
BOX_ACTION = {"camp": "camp upgrade", "pumpre": "pump upgrade", "harvest": "harvest 1", "pioneer": "pioneer",
              "commerce_machine": "commerce machine", "commerce_pipe": "commerce pipe", "recruit": "recruit",
              "loan": "loan", "sabotage": "sabotage"}   # sabotage: no action of its own (it is placed on the hex,
# GV-250); the game's explain of the bare word says so, with the rule (issue 24)
# the box a placement action goes to
ACTION_BOX = {"camp upgrade": "camp", "pump upgrade": "pumpre", "harvest 1": "harvest", "harvest 2": "harvest",
              "pioneer": "pioneer", "commerce machine": "commerce_machine", "commerce pipe": "commerce_pipe",
              "recruit": "recruit", "loan": "loan"}

STAGE_TEXT = {"balsa_setup": "setup: balsas", "start": "planning phase (start)", "plan": "planning phase",
              "lake": "execution: the lake", "balsa": "execution: balsas", "boxes": "execution: action boxes",
              "over": "game over"}
DECISION_TEXT = {
    "balsa_start": "put the balsa on a free shore tile within {BALSA_START_MAX_DIST} of the pump (GV-772)",
    "he_return": "no worker in camp: bring a head explorer back (GV-101, GV-102)",
    "pay": "no worker at all: buy {WP_N} workers for {WP_G} gold or {WP_E} emeralds (GV-103, GV-105)",
    "plan": "one placement on an action box or the lake, or pass (GV-070)",
    "declare": "the saboteur on {pos} declares emeralds, gold or prestige (GV-420)",
    "join": "paths joined at {pos}: keep every head explorer or send one to camp (GV-395)",
    "balsa_move": "move the balsa one step, or stop (GV-778)",
    "push": "the balsa on {pos} is pushed: choose where it goes (GV-782)",
    "balsa_act": "after the move: inspect a tile, protect the balsa, or nothing (GV-785)",
    "exchange": "Pioneer exchange: {SW_G} gold for {SW_E} emeralds, or back, or none (GV-601)",
}
DECLARE_TEXT = {"emeralds": "take all (GV-422)", "gold": "take 1 (GV-423)", "prestige": "both score (GV-424)"}


def _values(obs: Obs) -> dict[str, Any]:
    """Every number a display text names, from ``num``."""
    names = ("RENT_PER_OWNER", "DAMP_EXIT_PIPES", "NORMAL_EXIT_PIPES", "REEXPLORE_EMERALDS", "SABOTAGE_EMERALDS",
             "VP_HEAD_EXPLORER", "PIPES_PER_COLOUR", "PUMP_SOURCE_PIPES", "BALSA_WORKERS", "BALSA_MAX_STEPS",
             "INSPECT_COST", "PROTECT_EMERALDS", "BALSA_VP_PER_PHASE", "PROTECT_EXTRA_MACHINES", "START_VP",
             "GOLD_CAP", "FOOD_CAP", "EMERALDS_PER_VP", "LOAN_END", "WORKERS_PER_COLOUR", "MACHINES_PER_COLOUR",
             "EMERALD_SUPPLY", "HARVEST_PIONEER_BONUS", "MAX_SAME_ACTION", "CAMP_LEVEL_MAX", "PUMP_UPGRADE_GOLD",
             "PIONEER_WORKERS", "COMMERCE_MAX_WORKERS", "RECRUIT_FOOD", "RECRUIT_WORKERS", "BALSA_START_MAX_DIST",
             "MAX_ROUNDS", "START_GOLD", "START_FOOD")
    out = {n: num(obs, n) for n in names}
    cu, hf, sw, cp, wp = (num(obs, n) for n in ("CAMP_UPGRADE", "HARVEST_FOOD", "PIONEER_SWAP", "COMMERCE_PRICES",
                                                "WORKER_PURCHASE"))
    out["SPOTS_BY_COUNT"] = "; ".join(f"{k}: {', '.join(v)}" for k, v in num(obs, "PUMP_SPOTS_BY_COUNT").items())
    out.update(CU_W=cu[0], CU_M=cu[1], CU_G=cu[2], HF1=hf[0], HF2=hf[1], SW_G=sw[0], SW_E=sw[1], CP_M=cp[0],
               CP_P=cp[1], WP_N=wp[0], WP_G=wp[1], WP_E=wp[2])
    return out


@functools.cache
def _default_values() -> dict[str, Any]:
    return _values({"overrides": {}})


class Texts:
    """The display texts of one observation with their numbers filled in."""

    def __init__(self, obs: Obs) -> None:
        # the game's own numbers are the same for every observation without options: worked out once
        self.v = _values(obs) if obs.get("overrides") else _default_values()

    def rule(self, key: str) -> str:
        return RULES[key].format(**self.v)

    def box(self, box: str) -> str:
        row = next(r for r in BOX_ROWS if r[0] == box)
        return f"{row[2]} ({row[3]}): " + row[4].format(**self.v)

    def decision(self, kind: str, pos: str = "") -> str:
        return DECISION_TEXT.get(kind, kind).format(pos=pos, **self.v)


# ----------------------------------------------------------------------------- colours and sizes
COLOUR_HEX = {"red": "#c4302b", "blue": "#2c5fb3", "yellow": "#e7b21f", "green": "#3c8f3f", "purple": "#7c3c9e",
              "orange": "#e3762a", "black": "#303030", "white": "#f4f1ea", "brown": "#8a5a32", "pink": "#d8609a"}
SEAT_FALLBACK = ("#c4302b", "#2c5fb3", "#e7b21f", "#3c8f3f")
LIGHT = {"yellow", "white", "orange"}  # colours that want dark text on them
WATER = {1: "#8fd0de", 2: "#5cb0cf", 3: "#3c8abb", 4: "#25659b"}  # by phase, shore to centre
WATER_EDGE = "#1f4f70"
EARTH, EARTH_EDGE = "#dcc394", "#8a6a3e"
BOARD_FILL, BOARD_EDGE = "#b9a27a", "#6b5234"
PANEL_FILL, PANEL_EDGE = "#fffaf0", "#b89b6e"
EMERALD, GOLD, VP_FILL = "#1f9d5a", "#e0b12a", "#7a4aa0"

WIDTH, HEIGHT = 1200, 800
BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1 = 6.0, 6.0, 694.0, 794.0
TRACK = 22.0  # depth of the score track strip
LX, LY, R = 350.0, 404.0, 46.0  # lake centre and hex radius (centre to corner)
SQ3 = math.sqrt(3.0)
RIGHT_X, RIGHT_W = 702.0, 492.0
BOX_Y, BOX_ROW = 82.0, 33.0
BOARD_TOP, BOARD_H = 386.0, 100.0  # resource boards
CAMP_W, CAMP_H = 152.0, 176.0
CAMP_CORNER = {"NE": (BOARD_X1 - TRACK - 8 - CAMP_W, BOARD_Y0 + TRACK + 6),
               "NW": (BOARD_X0 + TRACK + 8, BOARD_Y0 + TRACK + 6),
               "SW": (BOARD_X0 + TRACK + 8, BOARD_Y1 - TRACK - 6 - CAMP_H),
               "SE": (BOARD_X1 - TRACK - 8 - CAMP_W, BOARD_Y1 - TRACK - 6 - CAMP_H)}
SPOT_CORNER = {"NE": "NE", "N": "NW", "NW": "NW", "SW": "SW", "S": "SW", "SE": "SE"}  # T-PUMPS camp corner


# ============================================================================= small helpers


def hex_xy(pos: str) -> tuple[float, float]:
    """Screen centre of a lake position (T-LAKE: x = sqrt(3)(q + r/2), y = 1.5 r, y down)."""
    q, r = QR[pos]
    return LX + R * SQ3 * (q + r / 2), LY + R * 1.5 * r


def spot_xy(spot: str) -> tuple[float, float]:
    q, r = PUMP_SPOTS[spot][0], PUMP_SPOTS[spot][1]
    return LX + R * SQ3 * (q + r / 2), LY + R * 1.5 * r


UNKNOWN = object()


def active_seat(obs: Obs) -> int | None:
    d = obs["decision"]
    return None if d is None else int(d[1])


def _hex_points(radius: float) -> str:
    return " ".join(f"{_n(radius * math.cos(math.radians(60 * k - 30)))},"
                    f"{_n(radius * math.sin(math.radians(60 * k - 30)))}" for k in range(6))


class Seats:
    """Names and colours of the seats of one observation: the observer (``me``) and the seat to act (``active``)."""

    def __init__(self, obs: Obs) -> None:
        self.players: list[Mapping[str, Any]] = list(obs["players"])
        self.me: int | None = obs["seat"]
        self._active: int | object | None = active_seat(obs)

    @classmethod
    def known(cls, colours: tuple[str, ...], me: int | None, active: int | object | None = UNKNOWN) -> Seats:
        """The seats of a part drawn from a projection (``tawa.core.svgparts``): their colours, the observer and,
        for the parts that show it, the seat to act."""
        seats = cls.__new__(cls)
        seats.players, seats.me, seats._active = [{"colour": c} for c in colours], me, active
        return seats

    @property
    def active(self) -> int | None:
        if self._active is UNKNOWN:
            raise UndeclaredRead("this part does not take the seat to act")
        return self._active  # type: ignore[return-value]

    def name(self, s: int) -> str:
        return str(self.players[s]["colour"]).capitalize()

    def who(self, s: int) -> str:
        return self.name(s) + (" (you)" if s == self.me else "")

    def fill(self, s: int) -> str:
        return COLOUR_HEX.get(str(self.players[s]["colour"]).lower(), SEAT_FALLBACK[s % len(SEAT_FALLBACK)])

    def ink(self, s: int) -> str:
        """Text colour on this seat's colour."""
        return "#2a2215" if str(self.players[s]["colour"]).lower() in LIGHT else "#ffffff"


# ============================================================================= pictures of the components

MEEPLE = ("M0,-9.5C2.4,-9.5 3.6,-7.6 3.2,-5.4C5.8,-4.6 8,-3.2 8,-1C8,0.6 6.6,0.8 4.6,0.4L6.4,7C6.7,8 6,8.5 5,8.5"
          "L1.6,8.5L0,4.6L-1.6,8.5L-5,8.5C-6,8.5 -6.7,8 -6.4,7L-4.6,0.4C-6.6,0.8 -8,0.6 -8,-1C-8,-3.2 -5.8,-4.6 "
          "-3.2,-5.4C-3.6,-7.6 -2.4,-9.5 0,-9.5Z")


def _star_points(size: float) -> str:
    pts = []
    for k in range(10):
        rad = size if k % 2 == 0 else size * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append(f"{_n(rad * math.cos(a))},{_n(rad * math.sin(a))}")
    return " ".join(pts)


# Pieces and icons drawn many times: defined once in the board's <defs> and placed with <use> (a preview, a
# document of its own, draws them inline). A glyph without a fill of its own takes the fill of its <use>.
GLYPHS: dict[str, tuple[str, float]] = {
    "meeple": (f'<path d="{MEEPLE}" stroke="#1d1d1d" stroke-width="1.1" stroke-linejoin="round"/>', 1.0),
    "machine": ('<rect x="-5.5" y="-5.5" width="11" height="11" rx="1.5" stroke="#1d1d1d" stroke-width="1"/>'
                '<circle r="2.2" fill="none" stroke="#1d1d1d" stroke-width="1.2" stroke-dasharray="1.4 1"/>', 11.0),
    "emerald": (f'<path d="M0,-6L4.8,0L0,6L-4.8,0Z" fill="{EMERALD}" stroke="#0b4f2b" stroke-width="0.9"/>', 6.0),
    "gold": (f'<path d="M-6,3.3L-3.6,-3.3H3.6L6,3.3Z" fill="{GOLD}" stroke="#7a5a0a" stroke-width="0.9"/>', 6.0),
    "star": (f'<polygon points="{_star_points(6.5)}" fill="{VP_FILL}" stroke="#3d2155" stroke-width="0.8"/>', 6.5),
}


def glyph(name: str, x: float, y: float, size: float, fill: str = "", extra: str = "", inline: bool = False) -> str:
    """One of ``GLYPHS`` centred on x, y at ``size`` (its base size is 1:1)."""
    markup, base = GLYPHS[name]
    scale = size / base
    tr = f"translate({_n(x)},{_n(y)})" + (f" scale({scale:.3f})" if abs(scale - 1) > 1e-9 else "")
    paint = f' fill="{fill}"' if fill else ""
    if inline:
        return f'<g transform="{tr}"{paint}{extra}>{markup}</g>'
    return f'<use href="#gv-{name}" transform="{tr}"{paint}{extra}/>'


def _defs() -> str:
    tiles = (f'<polygon id="gv-hex" points="{_hex_points(R - 1)}" stroke="{WATER_EDGE}" stroke-width="1.2"/>'
             f'<polygon id="gv-earth" points="{_hex_points(R - 5)}" fill="{EARTH}" stroke="{EARTH_EDGE}" '
             'stroke-width="1"/>'
             f'<polygon id="gv-shore" points="{_hex_points(R + 7)}" fill="#2f6f93" stroke="#6b5234" '
             'stroke-width="3"/>'
             '<path id="gv-waves" d="M-20,-18q5,-4 10,0t10,0M2,20q5,-4 10,0t10,0" stroke="#ffffff" '
             'stroke-opacity="0.35" stroke-width="1.3" fill="none"/>')
    return ("<defs>" + tiles + "".join(f'<g id="gv-{name}">{markup}</g>' for name, (markup, _) in GLYPHS.items())
            + "</defs>")


def meeple(fill: str, x: float = 0, y: float = 0, scale: float = 1.0, extra: str = "", inline: bool = False) -> str:
    """A worker (centred on x, y)."""
    return glyph("meeple", x, y, scale, fill, extra, inline)


def machine(fill: str, x: float = 0, y: float = 0, size: float = 11.0, inline: bool = False) -> str:
    """A machine token: a square with a cog hole."""
    return glyph("machine", x, y, size, fill, "", inline)


def pipe(fill: str, x: float, y: float, length: float = 10.0) -> str:
    """A pipe piece, upright."""
    return (f'<rect x="{_n(x - 2)}" y="{_n(y - length / 2)}" width="4" height="{_n(length)}" rx="1.5" '
            f'fill="{fill}" stroke="#1d1d1d" stroke-width="0.8"/>')


def emerald(x: float, y: float, size: float = 6.0, inline: bool = False) -> str:
    return glyph("emerald", x, y, size, inline=inline)


def gold_bar(x: float, y: float, size: float = 6.0, inline: bool = False) -> str:
    return glyph("gold", x, y, size, inline=inline)


def vp_star(x: float, y: float, size: float = 6.5, inline: bool = False) -> str:
    return glyph("star", x, y, size, inline=inline)


def famine_icon(x: float, y: float) -> str:
    """The corn icon of a famine tile."""
    return (f'<g transform="translate({_n(x)},{_n(y)})"><path d="M-1,8C-7,4 -7,-3 -5,-6C-4,0 -2,4 1,7Z" '
            'fill="#5f9e45"/><path d="M1,8C7,4 7,-3 5,-6C4,0 2,4 -1,7Z" fill="#4d8a38"/><ellipse cx="0" cy="-1" '
            'rx="3.3" ry="7" fill="#f2c531" stroke="#a9801a" stroke-width="0.9"/></g>')


def landslide_icon(x: float, y: float) -> str:
    return (f'<g transform="translate({_n(x)},{_n(y)})"><path d="M-9,7L-4,-3L0,3L3,-6L9,7Z" fill="#7d6b5a" '
            'stroke="#3b2f24" stroke-width="0.9"/><circle cx="-5" cy="6" r="1.6" fill="#3b2f24"/>'
            '<circle cx="4" cy="6" r="1.3" fill="#3b2f24"/></g>')


def damp_icon(x: float, y: float) -> str:
    drop = "C-2.5,-1 -3.5,1.5 -3.5,3A3.5,3.5 0 0,0 3.5,3C3.5,1.5 2.5,-1 0,-4Z"
    return (f'<g transform="translate({_n(x)},{_n(y)})" fill="#3f7fc0" stroke="#1f4f70" stroke-width="0.7">'
            f'<path d="M-4,-4{drop}" transform="translate(-4,0)"/><path d="M0,-2{drop}" transform="translate(4,2)"/>'
            '</g>')


def balsa_shape(fill: str, protected: bool, workers: int, worker_fill: str) -> str:
    """La Balsa's raft, centred on 0,0: logs in the owner's colour, the protection emeralds and the workers on it."""
    out = ['<path d="M-15,-1H15L11,6H-11Z" fill="#8a5a32" stroke="#3b2410" stroke-width="1"/>',
           f'<rect x="-13" y="-5" width="26" height="5" rx="2" fill="{fill}" stroke="#1d1d1d" stroke-width="0.9"/>']
    if protected:
        out += [emerald(-6, -7, 4.2), emerald(6, -7, 4.2)]
    for i in range(workers):
        out.append(meeple(worker_fill, -5 + 10 * i, -11, 0.8))
    return "".join(out)


def pump_shape(fill: str, level: int) -> str:
    """A water pump in its owner's colour with its level."""
    return (f'<path d="M-9,10V-3H-4V-9H6V-5H10V-1H6V10Z" fill="{fill}" stroke="#1d1d1d" stroke-width="1.1"/>'
            f'<text x="1" y="7" text-anchor="middle" class="pump-level">{level}</text>')


# ============================================================================= the lake


class Lake:
    """The lake of one observation: cells by position, pending explorations, saboteurs, balsas, boxes' targets."""

    def __init__(self, obs: Obs, resolving: str | None = None) -> None:
        """``resolving``: the tile whose exploration resolves now ("" for none), when the caller knows it (a part
        drawn from a projection without the stage); else it is read from the observation."""
        self.cells: dict[str, Mapping[str, Any]] = {c["pos"]: c for c in obs["lake"]}
        self.pending: dict[str, Mapping[str, Any]] = {}
        self.order: dict[str, int] = {}
        for e in obs["explorations"]:
            if not self.cells[e["pos"]]["drained"]:
                self.pending[e["pos"]] = e
                self.order[e["pos"]] = len(self.order) + 1
        self.balsa_at: dict[str, int] = {}
        for s, p in enumerate(obs["players"]):
            b = p["balsa"]
            if b["alive"] and b["pos"] is not None:
                self.balsa_at[b["pos"]] = s
        # re-exploration machines (GV-134): the Pump/Re-exploration box's slots that name a tile
        self.reexplore: dict[str, list[int]] = {}
        for e in obs["boxes"].get("pumpre", []):
            if e[3] >= 0 and e[2] > 0:
                self.reexplore.setdefault(POS_NAMES[e[3]], []).append(int(e[0]))
        self.known: Mapping[str, Mapping[str, Any]] = obs.get("known") or {}
        self.inspectors: dict[str, list[int]] = {}
        for s, p in enumerate(obs["players"]):
            for pos in p["inspected"]:
                self.inspectors.setdefault(pos, []).append(s)
        self.resolving = resolving_tile(obs) if resolving is None else resolving

    def owners(self, pos: str) -> list[int]:
        return [s for s, n in enumerate(self.cells[pos]["pipes"]) if n > 0]

    def protected(self, pos: str, obs: Obs) -> bool:
        s = self.balsa_at.get(pos)
        return s is not None and bool(obs["players"][s]["balsa"]["protected"])


def resolving_tile(obs: Obs) -> str:
    """The tile whose exploration the lake phase resolves now, or ""."""
    if obs["stage"] == "lake" and 0 <= obs["idx"] < len(obs["explorations"]):
        return str(obs["explorations"][obs["idx"]]["pos"])
    return ""


def face_text(face: Mapping[str, Any]) -> str:
    """'P2-04: 1 emerald, 2 gold, 3 VP, damp, box 2 VP'."""
    parts = [_plural(int(face["E"]), "emerald"), f"{face['G']} gold", f"{face['P']} VP"]
    if face["special"]:
        parts.append(str(face["special"]))
    if face["box"]:
        parts.append(f"re-exploration box {face['box']} VP")
    return f"{face['tile']}: " + ", ".join(parts)


def _face_rules(tx: Texts, face: Mapping[str, Any]) -> list[str]:
    out = []
    if face["special"] in ("famine", "landslide", "damp"):
        out.append(tx.rule(str(face["special"])))
    if face["box"]:
        out.append(tx.rule("box"))
    return out


def _source_for(lake: Lake, seat: int | None, pos: str) -> str:
    """A source ``seat`` could use for ``pos`` (an own drained tile beside it, else the pump), for the action a click
    on a tile that is no target asks about."""
    if seat is not None:
        for n in NEIGHBOURS[pos]:
            if lake.cells[n]["drained"] and lake.cells[n]["pipes"][seat] > 0:
                return n
    return "pump"


def _hex_action(lake: Lake, seat: int | None, pos: str) -> str:
    """The action a click on this tile means for ``seat`` when it is no target (the server explains why not)."""
    if seat is None:
        return ""
    cell = lake.cells[pos]
    if not cell["drained"]:
        if pos in lake.pending and lake.pending[pos]["owner"] != seat:
            return f"sabotage {pos}"
        return f"explore {pos} from {_source_for(lake, seat, pos)}"
    if cell["pipes"][seat] > 0:
        return f"reexplore {pos}"
    return f"cross {pos} from {_source_for(lake, seat, pos)}"


def _row(n: int, step: float) -> list[float]:
    return [(i - (n - 1) / 2) * step for i in range(n)]


def _water_side(lake: Lake, seats: Seats, pos: str) -> str:
    """The printed circles and squares of an undrained tile, filled with the explorer's pieces if any (GV-172)."""
    cell = lake.cells[pos]
    e = lake.pending.get(pos)
    w = max(int(cell["W"]), int(e["workers"]) if e else 0)
    m = max(int(cell["M"]), int(e["machines"]) if e else 0)
    out = []
    for i, x in enumerate(_row(w, 14.5)):
        if e and i < int(e["workers"]):
            out.append(meeple(seats.fill(int(e["owner"])), x, -7, 0.78))
        else:
            out.append(f'<circle cx="{_n(x)}" cy="-7" r="6" fill="none" stroke="#f4fbff" stroke-width="1.6"/>')
    for i, x in enumerate(_row(m, 15.0)):
        extra = i >= int(cell["M"])  # GV-181: the protected balsa's extra machine
        if e and i < int(e["machines"]):
            out.append(machine(seats.fill(int(e["owner"])), x, 10, 11))
            if i < int(e["insured"]):
                out.append(emerald(x + 5, 6, 3.6))
        else:
            dash = ' stroke-dasharray="2 2"' if extra else ""
            out.append(f'<rect x="{_n(x - 5.5)}" y="4.5" width="11" height="11" fill="none" stroke="#f4fbff" '
                       f'stroke-width="1.6"{dash}/>')
    if e:
        if int(e["saboteur"]) >= 0:
            out.append(meeple(seats.fill(int(e["saboteur"])), 26, 4, 0.8, ' stroke-dasharray="2 1"'))
            out.append('<path d="M22,-8l8,8M30,-8l-8,8" stroke="#1d1d1d" stroke-width="1.6"/>')
        out.append(f'<circle cx="-27" cy="-3" r="7" fill="#fffaf0" stroke="{seats.fill(int(e["owner"]))}" '
                   f'stroke-width="2"/>' + _text(-27, 0.5, str(lake.order[pos]), "order", "middle"))
    return "".join(out)


def _special_icon(special: str, x: float, y: float) -> str:
    icon = {"famine": famine_icon, "landslide": landslide_icon, "damp": damp_icon}.get(special)
    return icon(x, y) if icon else ""


def _known_strip(face: Mapping[str, Any]) -> str:
    """What this seat saw of an undrained tile through La Balsa (GV-832): a parchment strip under the squares."""
    wide = bool(face["special"])
    half = 30 if wide else 24
    out = [f'<rect x="-{half}" y="16" width="{2 * half}" height="12" rx="6" fill="#fff3cf" stroke="#a07800" '
           'stroke-width="1"/>',
           emerald(-half + 7, 22, 3.6), _text(-half + 12, 25.5, str(face["E"]), "tiny strong"),
           gold_bar(-half + 22, 22, 3.8), _text(-half + 27, 25.5, str(face["G"]), "tiny strong"),
           vp_star(-half + 36, 22, 4), _text(-half + 41, 25.5, str(face["P"]), "tiny strong")]
    if wide:
        out.append(f'<g transform="translate(23,22) scale(0.55)">{_special_icon(str(face["special"]), 0, 0)}</g>')
    return "".join(out)


def _drained_side(lake: Lake, seats: Seats, pos: str) -> str:
    cell = lake.cells[pos]
    out = [emerald(-28, -8, 5.2), _text(-21, -4, str(cell["E"]), "reward"),
           gold_bar(-6, -8, 5.4), _text(1, -4, str(cell["G"]), "reward"),
           vp_star(15, -8, 6), _text(22, -4, str(cell["P"]), "reward")]
    out.append(_special_icon(str(cell["special"]), -20, 10))
    if cell["box"]:
        out.append('<rect x="-9" y="3" width="15" height="15" rx="2" fill="#fffaf0" stroke="#3f7fc0" '
                   'stroke-width="1.4"/>' + _text(-1.5, 14.5, str(cell["box"]), "reward", "middle"))
        for i, s in enumerate(lake.reexplore.get(pos, [])):
            out.append(machine(seats.fill(s), 2 + 5 * i, 4, 8))
    bars = [s for s, n in enumerate(cell["pipes"]) for _ in range(int(n))]
    for i, x in enumerate(_row(len(bars), 5.5)):
        out.append(pipe(seats.fill(bars[i]), x, 27))
    return "".join(out)


def _hex_title(obs: Obs, lake: Lake, seats: Seats, tx: Texts, pos: str) -> str:
    cell = lake.cells[pos]
    phase = int(cell["phase"])
    where = "the centre" if pos == CENTRE else f"phase {phase}"
    lines = []
    if cell["drained"]:
        owners = lake.owners(pos)
        lines.append(f"{pos} ({where}), drained: {face_text(cell)}. Pipes: "
                     + ", ".join(f"{seats.who(s)} {cell['pipes'][s]}" for s in owners) + ".")
        if int(cell["he"]) >= 0:
            lines.append(f"Head explorer of {seats.who(int(cell['he']))}. {tx.rule('he')}")
        for s in lake.reexplore.get(pos, []):
            lines.append(f"Re-exploration machine of {seats.who(s)}. {tx.rule('reexplore')}")
        lines += [tx.rule("drained"), *_face_rules(tx, cell), tx.rule("rent"), tx.rule("pipes")]
    else:
        lines.append(f"{pos} ({where}), under water: needs {_plural(int(cell['W']), 'worker')} and "
                     f"{_plural(int(cell['M']), 'machine')}. {tx.rule('water')}")
        e = lake.pending.get(pos)
        if e:
            src = e["source"]
            sab = ""
            if int(e["saboteur"]) >= 0:
                said = f", declared {e['declared']}" if e["declared"] else ""
                sab = f" Saboteur of {seats.who(int(e['saboteur']))}{said}. {tx.rule('saboteur')}"
            ins = f", {e['insured']} insured ({tx.rule('insured')})" if e["insured"] else ""
            pipes = ", ".join(f"{seats.who(s)} {n}" for s, n in enumerate(cell["pipes"]) if n)
            lines.append(f"Explored by {seats.who(int(e['owner']))} from {src} ({e['workers']}W {e['machines']}M"
                         f"{ins}; pipes {pipes}), resolving {lake.order[pos]}. of this round"
                         + (" (now)" if lake.resolving == pos else "") + f". {tx.rule('exploration')}{sab}")
        boat = lake.balsa_at.get(pos)
        if boat is not None:
            prot = lake.protected(pos, obs)
            lines.append(f"Balsa of {seats.who(boat)}" + (", protected" if prot else "")
                         + f". {tx.rule('protected') if prot else tx.rule('balsa')}")
        if pos in lake.known:
            lines.append(f"You inspected it: {face_text(lake.known[pos])}. {tx.rule('known')}")
        others = [i for i in lake.inspectors.get(pos, []) if i != seats.me]
        if others:
            lines.append("Inspected by " + ", ".join(seats.who(i) for i in others) + f". {tx.rule('inspected')}")
        if phase >= 3:
            lines.append(tx.rule("centre") if pos == CENTRE else tx.rule("deep"))
    if pos == CENTRE and cell["drained"]:
        lines.append(tx.rule("centre"))
    return " ".join(lines)


def _hex(obs: Obs, lake: Lake, seats: Seats, tx: Texts, pos: str) -> str:
    cell = lake.cells[pos]
    phase = int(cell["phase"])
    x, y = hex_xy(pos)
    drained = bool(cell["drained"])
    act = _hex_action(lake, seats.me, pos)
    cls = f"hex phase{phase}" + (" drained" if drained else " water") + (" explored" if pos in lake.pending else "")
    out = [f'<g id="hex-{pos}" class="{cls}" data-pos="{pos}" {_move(x, y)}'
           + (f" data-action={quoteattr(act)}" if act else "") + ">", _title(_hex_title(obs, lake, seats, tx, pos))]
    if drained:
        out.append(f'<use href="#gv-hex" fill="{WATER[phase]}"/><use href="#gv-earth"/>')
        out.append(_text(0, -25, pos, "pos dark", "middle"))
        out.append(_drained_side(lake, seats, pos))
    else:
        out.append(f'<use href="#gv-hex" fill="{WATER[phase]}"/><use href="#gv-waves"/>')
        out.append(_text(0, -25, pos, "pos", "middle"))
        out.append(_water_side(lake, seats, pos))
        if pos in lake.known:
            out.append(f'<polygon points="{_hex_points(R - 3.5)}" fill="none" stroke="#ffd23f" stroke-width="2.2" '
                       'stroke-dasharray="5 3"/>')
            out.append(_known_strip(lake.known[pos]))
        for i, s in enumerate(i for i in lake.inspectors.get(pos, []) if i != seats.me):
            out.append(_eye(seats.fill(s), 24, -20 + 9 * i))
        if lake.resolving == pos:
            out.append(f'<polygon points="{_hex_points(R - 2.5)}" fill="none" stroke="#ffffff" stroke-width="3"/>')
    out.append("</g>")
    return "".join(out)


def _eye(fill: str, x: float, y: float) -> str:
    """The mark of another player's inspection (GV-833: public)."""
    return (f'<g transform="translate({_n(x)},{_n(y)})"><path d="M-5,0Q0,-5 5,0Q0,5 -5,0Z" fill="#fffaf0" '
            f'stroke="{fill}" stroke-width="1.6"/><circle r="1.8" fill="{fill}"/></g>')


def _spots(obs: Obs, seats: Seats, tx: Texts) -> str:
    """The six pump spots (T-PUMPS): a pump in its owner's colour with its level and worker, the pipe stubs to
    its two shore tiles; the spots this player count leaves free faintly."""
    owner = {str(p["spot"]): s for s, p in enumerate(obs["players"])}
    out = []
    for spot in PUMP_SPOTS:
        x, y = spot_xy(spot)
        a, b = SPOT_SHORE[spot]
        s = owner.get(spot)
        if s is None:
            out.append(f'<g id="spot-{spot}" class="spot free" {_move(x, y)}>'
                       + _title(f"Pump spot {spot} (touches {a} and {b}). {tx.rule('spot-free')}")
                       + '<circle r="17" fill="none" stroke="#f4fbff" stroke-opacity="0.7" stroke-width="1.5" '
                         'stroke-dasharray="4 3"/></g>')
            continue
        p = obs["players"][s]
        level = int(p["pump_level"])
        stubs = "".join(
            f'<path d="M0,0L{_n((hex_xy(t)[0] - x) * 0.42)},{_n((hex_xy(t)[1] - y) * 0.42)}" stroke="#1d1d1d" '
            f'stroke-width="7" stroke-linecap="round"/><path d="M0,0L{_n((hex_xy(t)[0] - x) * 0.42)},'
            f'{_n((hex_xy(t)[1] - y) * 0.42)}" stroke="{seats.fill(s)}" stroke-width="4.5" stroke-linecap="round"/>'
            for t in (a, b))
        worker = meeple(seats.fill(s), 15, -12, 0.8) if p["pump_worker"] else ""
        text = (f"Water pump of {seats.who(s)} on spot {spot}, level {level}"
                + (" with its worker on it" if p["pump_worker"] else "") + f"; connected to {a} and {b}. "
                + tx.rule("pump"))
        out.append(f'<g id="spot-{spot}" class="spot" data-seat="{s}" data-level="{level}" {_move(x, y)}'
                   + (' data-action="pump upgrade"' if s == seats.me else "") + ">" + _title(text)
                   + stubs + f'<circle r="19" fill="#efe3c8" stroke="{seats.fill(s)}" stroke-width="3"/>'
                   + pump_shape(seats.fill(s), level) + worker + "</g>")
    return "".join(out)


def _explore_arrows(obs: Obs, lake: Lake, seats: Seats) -> str:
    """Each pending exploration's pipeline, from its source (tile or pump) to its tile (GV-177, GV-178)."""
    spot_of = {s: str(p["spot"]) for s, p in enumerate(obs["players"])}
    out = ['<g class="arrows" pointer-events="none">']
    for pos, e in lake.pending.items():
        tx_, ty = hex_xy(pos)
        src = str(e["source"])
        sx, sy = spot_xy(spot_of[int(e["owner"])]) if src == "pump" else hex_xy(src)
        dx, dy = tx_ - sx, ty - sy
        d = math.hypot(dx, dy) or 1.0
        x0, y0 = sx + dx / d * 16, sy + dy / d * 16
        x1, y1 = tx_ - dx / d * 30, ty - dy / d * 30
        fill = seats.fill(int(e["owner"]))
        line = f"M{_n(x0)},{_n(y0)}L{_n(x1)},{_n(y1)}"
        head = (f"M{_n(x1 + dx / d * 8)},{_n(y1 + dy / d * 8)}L{_n(x1 - dy / d * 6)},{_n(y1 + dx / d * 6)}"
                f"L{_n(x1 + dy / d * 6)},{_n(y1 - dx / d * 6)}Z")
        out.append(f'<path d="{line}" stroke="#1d1d1d" stroke-width="7" stroke-linecap="round" opacity="0.8"/>'
                   f'<path d="{line}" stroke="{fill}" stroke-width="4.5" stroke-linecap="round"/>'
                   f'<path d="{head}" fill="{fill}" stroke="#1d1d1d" stroke-width="1"/>')
    out.append("</g>")
    return "".join(out)


def _lake_pieces(obs: Obs, lake: Lake, seats: Seats, tx: Texts) -> str:
    """Head explorers on their tiles and the balsas (pieces; clicks go through to the tile beneath)."""
    out = []
    for pos in POS_NAMES:
        he = int(lake.cells[pos]["he"])
        if he >= 0:
            x, y = hex_xy(pos)
            out.append(f'<g id="he-{pos}" class="piece he" data-seat="{he}" pointer-events="none" '
                       f'{_at(x + 19, y + 9)}>' + _title(f"Head explorer of {seats.who(he)} on {pos}. "
                                                        + tx.rule("he"))
                       + meeple(seats.fill(he), 0, 0, 1.25) + '<circle cx="0" cy="-9" r="2.2" fill="#fffaf0" '
                         'stroke="#1d1d1d" stroke-width="0.8"/></g>')
    if obs["options"].get("balsa"):
        for s, p in enumerate(obs["players"]):
            out.append(_balsa_piece(obs, seats, tx, s, p))
    return "".join(out)


def _balsa_piece(obs: Obs, seats: Seats, tx: Texts, s: int, p: Mapping[str, Any]) -> str:
    b = p["balsa"]
    cx, cy = CAMP_CORNER[SPOT_CORNER[str(p["spot"])]]
    if b["alive"] and b["pos"] is not None:
        x, y = hex_xy(str(b["pos"]))
        x, y = x - 8, y + 27
        where = f"on {b['pos']}"
        rule = tx.rule("protected") if b["protected"] else tx.rule("balsa")
        state = "lake"
    elif obs["stage"] == "balsa_setup":
        x, y = cx + CAMP_W - 20, cy + 108
        where, rule, state = "waiting in camp for its start tile", tx.rule("balsa"), "waiting"
    else:
        x, y = cx + CAMP_W - 20, cy + 108
        where, rule, state = "destroyed", tx.rule("wrecked"), "wrecked"
    text = (f"Balsa of {seats.who(s)} {where}" + (", protected" if b["protected"] else "")
            + (f", {b['workers']} workers on it" if b["workers"] else "") + f". {rule}")
    wreck = ('<path d="M-14,-8L14,6M-14,6L14,-8" stroke="#1d1d1d" stroke-width="2"/>' if state == "wrecked" else "")
    return (f'<g id="balsa-s{s}" class="piece balsa {state}" data-seat="{s}" pointer-events="none" {_at(x, y)}'
            + (' opacity="0.55"' if state == "wrecked" else "") + ">" + _title(text)
            + balsa_shape(seats.fill(s), bool(b["protected"]), int(b["workers"]), seats.fill(s)) + wreck + "</g>")


def _lake(obs: Obs, lake: Lake, seats: Seats, tx: Texts) -> str:
    out = ['<g id="lake">']
    # the shore: a larger hex under every tile, whose inner edges the tiles cover
    shore = "".join(f'<use href="#gv-shore" {_move(*hex_xy(pos))}/>' for pos in POS_NAMES)
    out.append(f'<g class="shore" pointer-events="none">{shore}</g>')
    out.extend(_hex(obs, lake, seats, tx, pos) for pos in POS_NAMES)
    out.append("</g>")
    return "".join(out)


# ============================================================================= the board's edge: score track


def _track_point(i: float) -> tuple[float, float, str]:
    """Centre of score space i (0 at the top-left corner, clockwise) and the edge it lies on."""
    x0, y0 = BOARD_X0 + TRACK / 2, BOARD_Y0 + TRACK / 2
    w, h = BOARD_X1 - BOARD_X0 - TRACK, BOARD_Y1 - BOARD_Y0 - TRACK
    d = (i + 0.5) * 2 * (w + h) / SCORE_SPACES
    if d < w:
        return x0 + d, y0, "top"
    d -= w
    if d < h:
        return x0 + w, y0 + d, "right"
    d -= h
    if d < w:
        return x0 + w - d, y0 + h, "bottom"
    return x0, y0 + h - (d - w), "left"


def _score_track(obs: Obs, seats: Seats, tx: Texts) -> str:
    vps = ", ".join(f"{seats.who(s)} {p['vp']}" for s, p in enumerate(obs["players"]))
    out = ['<g id="score-track">', _title(f"Score track: {vps}. {tx.rule('score')}"),
           _rect(BOARD_X0, BOARD_Y0, BOARD_X1 - BOARD_X0, BOARD_Y1 - BOARD_Y0, "#e9dcc1", BOARD_EDGE, 6),
           _rect(BOARD_X0 + TRACK, BOARD_Y0 + TRACK, BOARD_X1 - BOARD_X0 - 2 * TRACK,
                 BOARD_Y1 - BOARD_Y0 - 2 * TRACK, BOARD_FILL, BOARD_EDGE, 3)]
    ticks = []
    for i in range(SCORE_SPACES):
        x, y, edge = _track_point(i - 0.5)
        if edge in ("top", "bottom"):
            ticks.append(f"M{_n(x)},{_n(y - TRACK / 2)}v{_n(TRACK)}")
        else:
            ticks.append(f"M{_n(x - TRACK / 2)},{_n(y)}h{_n(TRACK)}")
        if i % 5 == 0:
            cx, cy, _ = _track_point(i)
            out.append(_text(cx, cy + 3.5, str(i), "track-num strong" if i % 10 == 0 else "track-num", "middle"))
    out.append(f'<path d="{"".join(ticks)}" stroke="#b89b6e" stroke-width="1"/>')
    out.append("</g>")
    return "".join(out)


SCORE_OFFSETS = ((-5.0, -5.0), (5.0, -5.0), (-5.0, 5.0), (5.0, 5.0))


def _score_markers(obs: Obs, seats: Seats, tx: Texts) -> str:
    out = []
    for s, p in enumerate(obs["players"]):
        vp = int(p["vp"])
        x, y, _ = _track_point(max(vp, 0) % SCORE_SPACES)
        dx, dy = SCORE_OFFSETS[s % 4]
        lap = ""
        if vp >= SCORE_SPACES or vp < 0:
            lap = _text(0, 3, f"+{vp // SCORE_SPACES * SCORE_SPACES}" if vp > 0 else "-", "tiny strong", "middle")
        out.append(f'<g id="score-s{s}" class="piece marker score" data-seat="{s}" data-vp="{vp}" '
                   f'{_at(x + dx, y + dy)}>' + _title(f"Score marker of {seats.who(s)}: {vp} VP. " + tx.rule("score"))
                   + f'<circle r="6" fill="{seats.fill(s)}" stroke="#1d1d1d" stroke-width="1.2"/>{lap}</g>')
    return "".join(out)


# ============================================================================= camps (the board's corners)


def _camp(obs: Obs, seats: Seats, tx: Texts, s: int, housed: int) -> str:
    """Seat ``s``'s camp; ``housed``: its workers that count against the camp level (``_housed``)."""
    p = obs["players"][s]
    x, y = CAMP_CORNER[SPOT_CORNER[str(p["spot"])]]
    camp = p["camp"]
    lo, hi = int(num(obs, "CAMP_LEVEL_MIN")), int(num(obs, "CAMP_LEVEL_MAX"))
    vps = list(num(obs, "CAMP_TRACK_VP"))
    level = int(p["camp_level"])
    fill = seats.fill(s)
    text = (f"Camp of {seats.who(s)}: {_plural(int(camp['workers']), 'worker')}, "
            f"{_plural(int(camp['machines']), 'machine')}, {_plural(int(camp['pipes']), 'pipe')}; camp level {level} "
            f"(houses {level}; {housed} housed now); end VP by level "
            + ", ".join(f"{lv}: {v}" for lv, v in zip(range(lo, hi + 1), vps, strict=False)) + ". " + tx.rule("camp"))
    out = [f'<g id="seat{s}-camp" class="camp" data-seat="{s}" data-workers="{camp["workers"]}" '
           f'data-machines="{camp["machines"]}" data-pipes="{camp["pipes"]}">', _title(text),
           _rect(x, y, CAMP_W, CAMP_H, "#efe3c8", fill, 7, ' stroke-width="2.5" opacity="0.96"'),
           _rect(x, y, CAMP_W, 20, fill, fill, 7),
           _rect(x, y + 12, CAMP_W, 8, fill, "none"),
           _text(x + 8, y + 14.5, f"{seats.who(s)} · camp", "camp-head", extra=f' style="fill:{seats.ink(s)}"'),
           _text(x + 8, y + 34, "camp level", "tiny muted")]
    cw = (CAMP_W - 16) / (hi - lo + 1)
    for i, lv in enumerate(range(lo, hi + 1)):
        cx = x + 8 + i * cw
        on = lv <= level
        out.append(_rect(cx, y + 38, cw - 2, 18, "#fff6dc" if on else "#f2eadb", "#b89b6e", 2))
        out.append(_text(cx + cw / 2 - 1, y + 51, str(lv), "tiny strong", "middle"))
        if i < len(vps):
            out.append(_text(cx + cw / 2 - 1, y + 65, f"{vps[i]}", "tiny muted", "middle"))
    out.append(_text(x + CAMP_W - 8, y + 34, "end VP below", "tiny muted", "end"))
    out.append(_text(x + 8, y + 78, f"workers {camp['workers']} · housed {housed}/{level}", "tiny muted"))
    for i in range(int(camp["workers"])):
        out.append(meeple(fill, x + 14 + i * 15.5, y + 92, 0.85))
    out.append(_text(x + 8, y + 111, f"machines {camp['machines']}", "tiny muted"))
    for i in range(int(camp["machines"])):
        out.append(machine(fill, x + 14 + i * 15, y + 124, 11))
    out.append(_text(x + 78, y + 111, f"pipes {camp['pipes']}", "tiny muted"))
    for i in range(int(camp["pipes"])):
        out.append(pipe(fill, x + 80 + (i % 12) * 5.8, y + 124, 12))
    he = p["head_explorers"]
    out.append(_text(x + 8, y + 148, f"pump level {p['pump_level']}" + (" + worker" if p["pump_worker"] else ""),
                     "tiny"))
    out.append(_text(x + 8, y + 162, f"head explorers: {', '.join(he) or 'none'}", "tiny"))
    out.append("</g>")
    return "".join(out)


def _housed(obs: Obs, s: int) -> int:
    """GV-642 [P]: workers in camp, on action boxes, on the balsa and on the pump."""
    p = obs["players"][s]
    boxes = sum(int(e[1]) for es in obs["boxes"].values() for e in es if int(e[0]) == s)
    return int(p["camp"]["workers"]) + boxes + int(p["balsa"]["workers"]) + int(p["pump_worker"])


def _camp_markers(obs: Obs, seats: Seats, tx: Texts) -> str:
    out = []
    lo, hi = int(num(obs, "CAMP_LEVEL_MIN")), int(num(obs, "CAMP_LEVEL_MAX"))
    cw = (CAMP_W - 16) / (hi - lo + 1)
    for s, p in enumerate(obs["players"]):
        x, y = CAMP_CORNER[SPOT_CORNER[str(p["spot"])]]
        level = int(p["camp_level"])
        mx, my = x + 8 + (level - lo) * cw + cw / 2 - 1, y + 47
        out.append(f'<g id="camp-marker-s{s}" class="piece marker camp-marker" data-level="{level}" '
                   f'pointer-events="none" {_at(mx, my)}>'
                   + _title(f"Camp marker of {seats.who(s)} on level {level}. " + tx.rule("camp"))
                   + f'<rect x="-7" y="-7" width="14" height="14" rx="3" fill="{seats.fill(s)}" stroke="#1d1d1d" '
                     f'stroke-width="1.2" opacity="0.85"/>'
                   + _text(0, 3.5, str(level), "tiny strong", "middle", f' style="fill:{seats.ink(s)}"') + "</g>")
    return "".join(out)


# ============================================================================= status, supply


def _status(obs: Obs, seats: Seats, tx: Texts) -> str:
    stage = str(obs["stage"])
    d = obs["decision"]
    if d is None:
        head = f"Round {obs['round']} · game over"
        detail = "scores and ranking on the end screen (GV-710-GV-727; ties GV-751, GV-752)"   # fits the panel
    else:
        a = int(d[1])
        head = (f"Round {obs['round']} · {STAGE_TEXT.get(stage, stage)} · {seats.name(a)} "
                + ("your turn" if a == seats.me else "to play"))
        pos = POS_NAMES[int(d[2])] if len(d) > 2 and isinstance(d[2], int) and d[2] >= 0 else ""
        detail = tx.decision(str(d[0]), pos)
        if d[0] == "balsa_move":
            detail += f"; {obs['balsa_steps']} of {num(obs, 'BALSA_MAX_STEPS')} steps taken"
    out = [f'<g id="status" data-stage="{escape(stage)}" data-decision="{escape(str(d[0]) if d else "")}">',
           _title(f"{head}: {detail}"), _rect(RIGHT_X, 6, RIGHT_W, 70, PANEL_FILL, PANEL_EDGE, 8),
           _text(RIGHT_X + 12, 26, head, "head"), _text(RIGHT_X + 12, 44, detail, "detail"), "</g>",
           _turn_order(obs, seats, tx), _end_triggers(obs, tx), _emerald_supply(obs, tx)]
    return "".join(out)


def _turn_order(obs: Obs, seats: Seats, tx: Texts) -> str:
    order = [int(s) for s in obs["turn_order"]]
    names = " → ".join(seats.who(s) + (" (passed)" if obs["players"][s]["passed"] and obs["stage"] == "plan"
                                        else "") for s in order)
    out = ['<g id="turn-order">', _title(f"Turn order from the Pioneer holder: {names}. {tx.rule('turn-order')}"),
           _text(RIGHT_X + 12, 65, "turn order", "tiny muted")]
    x = RIGHT_X + 64
    for s in order:
        passed = obs["players"][s]["passed"] and obs["stage"] == "plan"
        on = s == seats.active
        faded = ' opacity="0.45"' if passed else ""
        out.append(_rect(x, 55, 46, 14, seats.fill(s), "#1d1d1d" if on else "none", 7, f' stroke-width="2"{faded}'))
        out.append(_text(x + 23, 65.5, seats.name(s)[:6], "chip", "middle", f' style="fill:{seats.ink(s)}"'))
        x += 50
    out.append("</g>")
    return "".join(out)


def _end_triggers(obs: Obs, tx: Texts) -> str:
    trig = list(obs["end_triggers"])
    parts = []
    if trig and obs["decision"] is not None:
        parts.append("last round: " + ", ".join(trig))
    if obs["famine_due"]:
        parts.append("famine due")
    cap = obs["options"].get("MAX_ROUNDS")
    if cap:
        parts.append(f"cap: round {cap}")
    text = " · ".join(parts)
    title = (f"End triggers: {', '.join(trig) or 'none yet'}. {tx.rule('end')}"
             + (" Famine due this execution phase: " + tx.rule("famine") if obs["famine_due"] else "")
             + (f" {tx.rule('cap')}" if cap else ""))
    return (f'<g id="end-triggers" data-triggers="{escape(",".join(trig))}" '
            f'data-famine="{str(bool(obs["famine_due"])).lower()}">' + _title(title)
            + _text(RIGHT_X + RIGHT_W - 80, 65, text, "tiny warn", "end") + "</g>")


def _emerald_supply(obs: Obs, tx: Texts) -> str:
    n = int(obs["supply"])
    total = int(num(obs, "EMERALD_SUPPLY"))
    x, y = RIGHT_X + RIGHT_W - 60, 58
    return (f'<g id="emerald-supply" data-count="{n}">'
            + _title(f"Shared supply: {n} of {total} emeralds. {tx.rule('emerald-supply')}")
            + emerald(x, y + 3, 8) + emerald(x + 9, y + 5, 6) + _text(x + 18, y + 11, f"{n}/{total}", "count") + "</g>")


# ============================================================================= the action boxes


def _slot_pieces(seats: Seats, e: Sequence[Any], x: float, y: float, w: float) -> str:
    """What one filled slot holds: the owner's workers and machines, the tile it names, or a resolved mark."""
    s, wn, mn, arg = int(e[0]), int(e[1]), int(e[2]), int(e[3])
    fill = seats.fill(s)
    out = []
    if wn == 0 and mn == 0:  # resolved: its pieces went back (GV-298) or onto the pump (GV-540)
        out.append(_rect(x + 3, y + 3, w - 6, BOX_ROW - 12, fill, "none", 4, ' opacity="0.35"'))
        out.append(_text(x + w / 2, y + BOX_ROW / 2 + 1, "done", "tiny strong", "middle"))
        return "".join(out)
    items = [meeple(fill, 0, 0, 0.78)] * wn + ["m"] * mn
    xs = _row(len(items), 12.5)
    for it, dx in zip(items, xs, strict=True):
        cx = x + w / 2 + dx - (9 if arg >= 0 else 0)
        if it == "m":
            out.append(machine(fill, cx, y + BOX_ROW / 2 - 3, 10))
        else:
            out.append(meeple(fill, cx, y + BOX_ROW / 2 - 3, 0.78))
    if arg >= 0:
        out.append(_text(x + w - 3, y + BOX_ROW / 2 + 1, POS_NAMES[arg], "tiny strong", "end"))
    return "".join(out)


# the pieces of a placement on the boxes whose needs are [R] rules, not options: (workers, machines)
FIXED_NEED = {"sabotage": (SABOTAGE_WORKERS - SABOTEUR, 0), "pumpre": (PUMP_WORKERS, 0),
              "harvest": (HARVEST_SIZES[0], 0), "commerce_machine": (COMMERCE_WORKERS, 0),
              "commerce_pipe": (COMMERCE_WORKERS, 0), "loan": (LOAN_WORKERS, 0)}


def _slot_need(obs: Obs, box: str, x: float, y: float, w: float) -> str:
    """The pieces a placement puts in an empty slot, printed faintly (T-ACTIONS)."""
    cu = num(obs, "CAMP_UPGRADE")
    need = {"camp": (cu[0], cu[1]), "pioneer": (num(obs, "PIONEER_WORKERS"), 0),
            "recruit": (num(obs, "RECRUIT_WORKERS"), 0)}.get(box) or FIXED_NEED[box]
    items = ["w"] * int(need[0]) + ["m"] * int(need[1])
    out = []
    for it, dx in zip(items, _row(len(items), 12.5), strict=True):
        cx, cy = x + w / 2 + dx, y + BOX_ROW / 2 - 3
        if it == "m":
            out.append(f'<rect x="{_n(cx - 5)}" y="{_n(cy - 5)}" width="10" height="10" fill="none" stroke="#b89b6e" '
                       f'stroke-width="1.2"/>')
        else:
            out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="5" fill="none" stroke="#b89b6e" stroke-width="1.2"/>')
    return "".join(out)


def _slot_text(seats: Seats, box: str, e: Sequence[Any] | None, i: int) -> str:
    name = f"{BOX_NAME[box]} slot {i}"
    if e is None:
        return f"{name}: free."
    s, wn, mn, arg = int(e[0]), int(e[1]), int(e[2]), int(e[3])
    if wn == 0 and mn == 0:
        return f"{name}: {seats.who(s)}'s placement, resolved."
    what = _plural(wn, "worker") + (f" + {_plural(mn, 'machine')}" if mn else "")
    if box == "pumpre":
        what += f", re-exploring {POS_NAMES[arg]}" if arg >= 0 else ", pump upgrade"
    elif box == "sabotage" and arg >= 0:
        what += f", saboteur on {POS_NAMES[arg]}"
    return f"{name}: {seats.who(s)}, {what} (placed {int(e[4]) + 1}.)."


def current_slot(obs: Obs) -> tuple[str, int] | None:
    """The action box slot (box, 0-based slot) that the execution phase resolves now, or None."""
    queue = obs["queue"]
    if obs["stage"] == "boxes" and 0 <= obs["idx"] < len(queue):
        return str(queue[obs["idx"]][0]), int(queue[obs["idx"]][1])
    return None


ACTION_BOARD = ('<g id="action-board">' + _rect(RIGHT_X, BOX_Y - 4, RIGHT_W, len(BOX_ROWS) * BOX_ROW + 8, PANEL_FILL,
                                                PANEL_EDGE, 8))


def _box_row(obs: Obs, seats: Seats, tx: Texts, r: int, now_slot: int) -> str:
    """Row ``r`` of the action board (``BOX_ROWS``); ``now_slot``: its slot resolved now (-1 for none)."""
    slots = num(obs, "SLOTS")
    sw = 46.0
    box, ident, name, step, _ = BOX_ROWS[r]
    y = BOX_Y + r * BOX_ROW
    n = int(slots.get(box, 0))
    entries = obs["boxes"].get(box, [])
    act = BOX_ACTION.get(box)
    out = [f'<g id="box-{ident}" class="box" data-box="{box}"' + (f' data-action="{act}"' if act else "") + ">"
           + _title(f"{tx.box(box)} {_plural(n, 'slot')}. {tx.rule('slots')}")
           + (_rect(RIGHT_X + 4, y, RIGHT_W - 8, BOX_ROW, "#f6eedd", "none", 4) if r % 2 else "")
           + _text(RIGHT_X + 12, y + 14, name, "box-name")
           + _text(RIGHT_X + 12, y + 26, f"{step} · {BOX_SHORT[box].format(**tx.v)}", "tiny muted")]
    x0 = RIGHT_X + 204
    for i in range(max(n, len(entries))):
        x = x0 + i * (sw + 4)
        e = entries[i] if i < len(entries) else None
        current = now_slot == i
        out.append(f'<g id="slot-{ident}-{i + 1}" class="slot{" free" if e is None else ""}" data-box="{box}" '
                   f'data-slot="{i + 1}"' + (f' data-seat="{int(e[0])}"' if e is not None else "")
                   + (f' data-action="{act}"' if act else "") + ">"
                   + _title(_slot_text(seats, box, e, i + 1) + " " + tx.box(box))
                   + _rect(x, y + 3, sw, BOX_ROW - 6, "#fffdf6" if e is None else "#ffffff",
                           "#1d1d1d" if current else "#b89b6e", 4,
                           ' stroke-width="2.5"' if current else (' stroke-dasharray="3 2"' if e is None else ""))
                   + (_slot_need(obs, box, x, y + 3, sw) if e is None else
                      _slot_pieces(seats, e, x, y + 3, sw)) + "</g>")
    out.append("</g>")
    return "".join(out)


def free_slot(obs: Obs, box: str) -> str | None:
    """The slot a placement on ``box`` takes (GV-077 [P]: the lowest free one; slots fill in order)."""
    n = int(num(obs, "SLOTS").get(box, 0))
    used = len(obs["boxes"].get(box, []))
    return f"slot-{BOX_ID[box]}-{used + 1}" if used < n else None


# ============================================================================= the resource boards


def _track(x: float, y: float, lo: int, hi: int, value: int, cell: float, labels: Sequence[str] = ()) -> str:
    return _track_text(x, y, lo, hi, value, cell, tuple(labels))


@functools.lru_cache(maxsize=4096)
def _track_text(x: float, y: float, lo: int, hi: int, value: int, cell: float, labels: tuple[str, ...]) -> str:
    """A gold, food or loan track with ``value`` marked (a few hundred of them in all: kept once drawn)."""
    out = []
    for i, v in enumerate(range(lo, hi + 1)):
        cx = x + i * cell
        out.append(_rect(cx, y, cell - 2, 16, "#fff6dc" if v == value else "#f6eedd", "#b89b6e", 2))
        out.append(_text(cx + cell / 2 - 1, y + 11.5, str(v), "tiny muted", "middle"))
        if labels and i < len(labels) and labels[i]:
            out.append(_text(cx + cell / 2 - 1, y + 25, labels[i], "micro", "middle"))
    return "".join(out)


def _cell_width(cap: int) -> float:
    """A gold or food track's space: 0..8 fit the board at CELL each; a larger cap (an option) narrows them."""
    return CELL * 8 / cap if cap > 8 else CELL


def _board_y(s: int) -> float:
    return BOARD_TOP + s * (BOARD_H + 3)


GOLD_X, FOOD_X, CELL = 60.0, 294.0, 20.0
LOAN_X, LOAN_CELL = 190.0, 30.0


def _resource_board(obs: Obs, seats: Seats, tx: Texts, s: int, active: bool) -> str:
    """Seat ``s``'s resource board; ``active``: it is to act."""
    p = obs["players"][s]
    y = _board_y(s)
    x = RIGHT_X
    fill = seats.fill(s)
    flags = []
    if obs["stage"] == "plan" and p["passed"]:
        flags.append("passed")
    if obs["stage"] == "plan" and p["gold_duty"] and not p["placed"]:
        flags.append("must open with Loan (GV-109)")
    if active:
        flags.insert(0, "your turn" if s == seats.me else "to play")
    head = f"{seats.who(s)} · pump {p['spot']}"
    sup = p["supply"]
    uses = ", ".join(f"{k} {v}" for k, v in p["uses"].items() if v)
    gold_cap, food_cap = int(num(obs, "GOLD_CAP")), int(num(obs, "FOOD_CAP"))
    loan_end = int(num(obs, "LOAN_END"))
    lg, lv = list(num(obs, "LOAN_GOLD")), list(num(obs, "LOAN_VP"))
    text = (f"Resource board of {seats.who(s)}: {p['gold']} gold, {p['food']} food, "
            f"{_plural(int(p['emeralds']), 'emerald')}, {p['vp']} VP, loan space {p['loan']}; personal supply "
            f"{sup['workers']}W {sup['machines']}M {sup['pipes']}P; {p['pipes_in_lake']} pipes in the lake"
            + (f"; used this planning phase: {uses}" if uses else "") + (f"; {', '.join(flags)}" if flags else "")
            + ". " + tx.rule("board"))
    out = [f'<g id="seat{s}" class="seat{" active" if active else ""}{" mine" if s == seats.me else ""}" '
           f'data-seat="{s}">', _title(text),
           _rect(x, y, RIGHT_W, BOARD_H, "#fff6d8" if active else PANEL_FILL, "#c79a00" if active else PANEL_EDGE, 7,
                 f' stroke-width="{3 if active else 1}"'),
           _rect(x, y, 6, BOARD_H, fill, "none", 3),
           _text(x + 14, y + 17, head, "seat-name"),
           _text(x + RIGHT_W - 60, y + 17, f"{p['vp']} VP", "vp", "end")]
    if flags:
        out.append(_text(x + 230, y + 17, " · ".join(flags), "badge"))
    # gold and food tracks (0..cap): the markers are pieces
    gold_title, food_title = f"Gold: {p['gold']}. {tx.rule('gold')}", f"Food: {p['food']}. {tx.rule('food')}"
    out.append(f'<g class="gold-track">{_title(gold_title)}'
               + gold_bar(x + 24, y + 34, 6) + _text(x + 34, y + 38, "gold", "tiny muted")
               + _track(x + GOLD_X, y + 26, 0, gold_cap, int(p["gold"]), _cell_width(gold_cap)) + "</g>")
    out.append(f'<g class="food-track">{_title(food_title)}'
               + _text(x + FOOD_X - 30, y + 38, "food", "tiny muted")
               + _track(x + FOOD_X, y + 26, 0, food_cap, int(p["food"]), _cell_width(food_cap)) + "</g>")
    # emeralds, loan track
    em = int(p["emeralds"])
    out.append(f'<g class="emeralds">{_title(f"Emeralds: {em}. " + tx.rule("emeralds"))}'
               + emerald(x + 24, y + 58, 6.5) + _text(x + 34, y + 62, _plural(em, "emerald"), "small strong") + "</g>")
    labels = [f"+{g}/-{v}" if i else "start" for i, (g, v) in enumerate(zip(lg, lv, strict=False))]
    loan_text = ", ".join(f"{i}: +{g} gold -{v} VP" for i, (g, v) in enumerate(zip(lg, lv, strict=False)) if i)
    loan_title = f"Loan space {p['loan']} ({loan_text}). {tx.rule('loan')}"
    out.append(f'<g class="loan-track">{_title(loan_title)}'
               + _text(x + LOAN_X - 30, y + 62, "loan", "tiny muted")
               + _track(x + LOAN_X, y + 50, 0, loan_end, int(p["loan"]), LOAN_CELL, labels) + "</g>")
    # personal supply, lake figures
    sup_text = f"Personal supply: {sup['workers']} workers, {sup['machines']} machines, {sup['pipes']} pipes. "
    out.append(f'<g class="supply">{_title(sup_text + tx.rule("supply"))}'
               + _text(x + 14, y + 92, f"supply {sup['workers']}W {sup['machines']}M {sup['pipes']}P · lake "
                                       f"{p['pipes_in_lake']} pipes, {len(p['head_explorers'])} HE"
                                       + (f" · used {uses}" if uses else ""), "tiny") + "</g>")
    if obs["options"].get("balsa"):
        out.append(_balsa_card(obs, seats, tx, s, x + RIGHT_W - 100, y + 52))
    out.append("</g>")
    return "".join(out)


def _balsa_card(obs: Obs, seats: Seats, tx: Texts, s: int, x: float, y: float) -> str:
    """La Balsa's own action space on the resource board (GV-774): the 2 workers go on the boat."""
    b = obs["players"][s]["balsa"]
    if b["alive"] and b["pos"] is not None:
        state = f"on {b['pos']}" + (", protected" if b["protected"] else "")
        line1, line2 = f"balsa · {b['pos']}", ("protected" if b["protected"] else "")
    elif obs["stage"] == "balsa_setup":
        state, line1, line2 = "not placed yet", "balsa", "not placed yet"
    else:
        state, line1, line2 = "destroyed", "balsa", "destroyed"
    if b["workers"]:
        line2 = f"{line2} + {b['workers']}W" if line2 else f"{_plural(int(b['workers']), 'worker')} on it"
    workers = f", {b['workers']} workers on it" if b["workers"] else ""
    rule = tx.rule("wrecked") if state == "destroyed" else tx.rule("balsa")
    return (f'<g id="seat{s}-balsa" class="balsa-card" data-action="balsa" data-state="{escape(state)}">'
            + _title(f"Balsa of {seats.who(s)}: {state}{workers}. {rule}")
            + _rect(x, y, 92, 26, "#f1e3c6", "#8a5a32", 5)
            + f'<g transform="translate({_n(x + 18)},{_n(y + 16)}) scale(0.8)">'
            + balsa_shape(seats.fill(s), bool(b["protected"]), 0, seats.fill(s)) + "</g>"
            + _text(x + 34, y + 11, line1, "tiny strong") + _text(x + 34, y + 21, line2, "micro") + "</g>")


def _resource_markers(obs: Obs, seats: Seats, tx: Texts) -> str:
    """The gold, food and loan markers (pieces on the tracks) and the Pioneer marker beside its holder's name."""
    out = []
    gold_cap, food_cap = int(num(obs, "GOLD_CAP")), int(num(obs, "FOOD_CAP"))
    for s, p in enumerate(obs["players"]):
        y = _board_y(s)
        fill = seats.fill(s)
        for key, x0, cap, cell_y, cell in (("gold", GOLD_X, gold_cap, 26, _cell_width(gold_cap)),
                                           ("food", FOOD_X, food_cap, 26, _cell_width(food_cap)),
                                           ("loan", LOAN_X, int(num(obs, "LOAN_END")), 50, LOAN_CELL)):
            v = int(p[key])
            mx, my = RIGHT_X + x0 + min(v, cap) * cell + cell / 2 - 1, y + cell_y + 8
            out.append(f'<g id="{key}-s{s}" class="piece marker {key}" data-value="{v}" {_at(mx, my)}>'
                       + _title(f"{key.capitalize()} marker of {seats.who(s)}: {v}. {tx.rule(key)}")
                       + f'<circle r="6.5" fill="{fill}" stroke="#1d1d1d" stroke-width="1.2" opacity="0.9"/>'
                       + _text(0, 3, str(v), "micro strong", "middle", f' style="fill:{seats.ink(s)}"') + "</g>")
    holder = int(obs["pioneer"])
    out.append(f'<g id="pioneer" class="piece marker pioneer" data-seat="{holder}" '
               f'{_at(RIGHT_X + RIGHT_W - 30, _board_y(holder) + 13)}>'
               + _title(f"Pioneer marker: {seats.who(holder)}. {tx.rule('pioneer')}")
               + '<path d="M-9,8L0,-10L9,8Z" fill="#f4e2a0" stroke="#5c3a1e" stroke-width="1.4"/>'
               + '<path d="M0,-10V-16L6,-13Z" fill="#c4302b" stroke="#5c3a1e" stroke-width="0.8"/></g>')
    return "".join(out)


# ============================================================================= the document


_RULES = (
    "text{font-family:system-ui,'Segoe UI',Roboto,sans-serif;fill:#3a2d1c}.head{font-size:15px;font-weight:700}"
    ".detail{font-size:12px}.strong{font-weight:700}.small{font-size:11px}.tiny{font-size:9.5px}"
    ".micro{font-size:7.5px}.muted{fill:#7a6a55}.warn{fill:#a0281e;font-weight:700}.count{font-size:13px;"
    "font-weight:700}.pos{font-size:9px;font-weight:700;fill:#f4fbff}.pos.dark{fill:#5c3a1e}"
    ".reward{font-size:10.5px;font-weight:700;fill:#2a2215}.order{font-size:9px;font-weight:700}"
    ".pump-level{font-size:10px;font-weight:800;fill:#fff;paint-order:stroke;stroke:#1d1d1d;stroke-width:2px}"
    ".track-num{font-size:8.5px;fill:#6b5234}.camp-head{font-size:11px;font-weight:700}"
    ".chip{font-size:9px;font-weight:700}.box-name{font-size:11.5px;font-weight:700}"
    ".seat-name{font-size:13px;font-weight:700}.vp{font-size:13px;font-weight:800;fill:#5a2d82}"
    ".badge{font-size:11px;font-weight:700;fill:#a07800}.legend{font-size:9.5px;fill:#f4fbff}"
    ".piece{transition:transform .6s ease}"
)
STYLE = "".join(f"svg.guatavita {rule}" for rule in
                (r + "}" for r in _RULES.split("}") if r))


def _legend() -> str:
    """Phase colours of the lake's rings, at the bottom of the board."""
    out = ['<g class="legend" pointer-events="none">']
    x, y = LX - 110, BOARD_Y1 - TRACK - 20
    for ph in range(1, 5):
        out.append(_rect(x, y - 9, 12, 12, WATER[ph], WATER_EDGE, 2))
        out.append(_text(x + 16, y + 1, "centre" if ph == 4 else f"phase {ph}", "tiny"))
        x += 58
    out.append("</g>")
    return "".join(out)


# ----------------------------------------------------------------------------- the document in parts
# Each part's drawing from its projection: the seats from the colours, the observer and (where shown) the seat to
# act, given as arguments; the lake and the texts from the observation's pieces the part reads.
def _track_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return _score_track(obs, Seats.known(colours, me), Texts(obs))


def _camp_part(obs: Obs, s: int, housed: int, colours: tuple[str, ...], me: int | None) -> str:
    return _camp(obs, Seats.known(colours, me), Texts(obs), s, housed)


def _lake_part(obs: Obs, resolving: str, colours: tuple[str, ...], me: int | None) -> str:
    return _lake(obs, Lake(obs, resolving), Seats.known(colours, me), Texts(obs))


def _spots_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return _spots(obs, Seats.known(colours, me), Texts(obs))


def _arrows_part(obs: Obs, resolving: str, colours: tuple[str, ...], me: int | None) -> str:
    return _explore_arrows(obs, Lake(obs, resolving), Seats.known(colours, me))


def _status_part(obs: Obs, colours: tuple[str, ...], me: int | None, active: int | None) -> str:
    return _status(obs, Seats.known(colours, me, active), Texts(obs))


def _box_row_part(obs: Obs, r: int, current: int, colours: tuple[str, ...], me: int | None) -> str:
    return _box_row(obs, Seats.known(colours, me), Texts(obs), r, current)


def _board_part(obs: Obs, s: int, active: bool, colours: tuple[str, ...], me: int | None) -> str:
    return _resource_board(obs, Seats.known(colours, me), Texts(obs), s, active)


def _lake_pieces_part(obs: Obs, resolving: str, colours: tuple[str, ...], me: int | None) -> str:
    return _lake_pieces(obs, Lake(obs, resolving), Seats.known(colours, me), Texts(obs))


def _score_markers_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return _score_markers(obs, Seats.known(colours, me), Texts(obs))


def _camp_markers_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return _camp_markers(obs, Seats.known(colours, me), Texts(obs))


def _resource_markers_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return _resource_markers(obs, Seats.known(colours, me), Texts(obs))


STYLE_TAG, DEFS, GROUND, LEGEND = f"<style>{STYLE}</style>", _defs(), _rect(0, 0, WIDTH, HEIGHT, "#efe3c8"), _legend()
OVERRIDES: Path = ("overrides",)


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads, the
    seats' colours, the observer and, where it shows, the seat to act."""
    obs = observation
    n = len(obs["players"])
    colours = tuple(str(p["colour"]) for p in obs["players"])
    who = (colours, obs["seat"])
    active = active_seat(obs)

    def each(*keys: str) -> tuple[Path, ...]:
        return tuple(("players", s, k) for s in range(n) for k in keys)

    lake = (("lake",), ("explorations",), ("boxes", "pumpre"), ("known",), *each("balsa", "inspected"), OVERRIDES)
    resolving = resolving_tile(obs)
    now = current_slot(obs)
    out = [Part("head", f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
                        f'class="board guatavita" data-game="guatavita" data-players="{n}">'),
           Part("style", STYLE_TAG), Part("defs", DEFS), Part("ground", GROUND),
           Part("score-track", _track_part, (*each("vp"), OVERRIDES), who)]
    out += [Part(f"camp{s}", _camp_part, (("players", s), OVERRIDES), (s, _housed(obs, s), *who)) for s in range(n)]
    out += [Part("lake", _lake_part, lake, (resolving, *who)),
            Part("spots", _spots_part, (*each("spot", "pump_level", "pump_worker"), OVERRIDES), who),
            Part("arrows", _arrows_part, (*lake, *each("spot")), (resolving, *who)),
            Part("legend", LEGEND),
            Part("status", _status_part, (("stage",), ("decision",), ("round",), ("balsa_steps",), ("turn_order",),
                                          *each("passed"), ("end_triggers",), ("famine_due",), ("options",),
                                          ("supply",), OVERRIDES), (*who, active)),
            Part("action-board", ACTION_BOARD)]
    out += [Part(f"box-{row[1]}", _box_row_part, (("boxes", row[0]), OVERRIDES),
                 (r, now[1] if now is not None and now[0] == row[0] else -1, *who)) for r, row in enumerate(BOX_ROWS)]
    out += [Part("action-board-end", "</g>")]
    out += [Part(f"seat{s}", _board_part, (("players", s), ("stage",), ("options",), OVERRIDES), (s, active == s, *who))
            for s in range(n)]
    out += [Part("pieces", '<g id="pieces">'),
            Part("lake-pieces", _lake_pieces_part, (*lake, ("stage",), *each("spot"), ("options",)), (resolving, *who)),
            Part("score-markers", _score_markers_part, (*each("vp"), OVERRIDES), who),
            Part("camp-markers", _camp_markers_part, (*each("spot", "camp_level"), OVERRIDES), who),
            Part("resource-markers", _resource_markers_part, (*each("gold", "food", "loan"), ("pioneer",), OVERRIDES),
                 who),
            Part("end", "</g></svg>")]
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (GV-830..GV-836: undrained tiles show their water side
    only; the seat's own inspections, GV-832, and nobody else's)."""
    return document(parts(observation), observation)


# ============================================================================= decisions


BUTTONS = frozenset(("pass", "keep all", "balsa stop", "balsa nothing", "exchange none"))
HEX_VERBS = frozenset(("explore", "cross", "sabotage", "reexplore", "inspect"))


def is_button(action_id: str) -> bool:
    """Actions about no board element: passing (GV-270), keeping every head explorer (GV-395), ending a balsa's
    move (GV-778) or doing nothing after it (GV-785), and making no Pioneer exchange (GV-601)."""
    return action_id in BUTTONS


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about: the lake tile it names (explorations and crossings on their tile, sabotage,
    re-exploration, inspection, balsa start, step and push, head explorer returns, the saboteur's declaration on
    the tile it is about), the free slot a box placement takes, the own balsa card (activation, protection), the
    own camp (buying workers), the resolving Pioneer slot (exchanges); None for a button."""
    w = action_id.split()
    if not w or action_id in BUTTONS:
        return None
    d = obs["decision"]
    seat = None if d is None else int(d[1])
    if w[0] in HEX_VERBS and len(w) > 1 and w[1] in QR:
        return f"hex-{w[1]}"
    if (w[:2] in (["return", "he"], ["balsa", "start"], ["balsa", "step"], ["push", "balsa"]) and len(w) == 3
            and w[2] in QR):
        return f"hex-{w[2]}"
    if w[0] == "declare" and d is not None and len(d) > 2:
        return f"hex-{POS_NAMES[int(d[2])]}"
    if action_id in ACTION_BOX:
        return free_slot(obs, ACTION_BOX[action_id])
    if seat is None:
        return None
    if action_id in ("balsa", "protect"):
        return f"seat{seat}-balsa"
    if w[:2] == ["pay", "workers"]:
        return f"seat{seat}-camp"
    if w[0] == "exchange":
        q = obs["queue"]
        i = obs["idx"]
        if 0 <= i < len(q) and q[i][0] == "pioneer":
            return f"slot-pioneer-{int(q[i][1]) + 1}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each legal action about an element, that element's id (the buttons are left out)."""
    return {aid: t for aid in legal if (t := target_of(observation, aid)) is not None}


# ----------------------------------------------------------------------------- previews for the choosers


def _preview_doc(label: str, detail: str, body: str, title: str, data: str = "") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -34 120 92" class="preview" {data}>'
            f"{_title(title)}{body}"
            f'<text x="0" y="42" text-anchor="middle" font-size="10" font-weight="700" '
            f'font-family="system-ui,sans-serif">{escape(label)}</text>'
            f'<text x="0" y="53" text-anchor="middle" font-size="8" font-family="system-ui,sans-serif">'
            f"{escape(detail)}</text></svg>")


def _mini_hex(x: float, y: float, fill: str, label: str, radius: float = 16.0) -> str:
    return (f'<g transform="translate({_n(x)},{_n(y)})"><polygon points="{_hex_points(radius)}" fill="{fill}" '
            f'stroke="{WATER_EDGE}" stroke-width="1"/><text y="3" text-anchor="middle" font-size="7.5" '
            f'font-weight="700" font-family="system-ui,sans-serif" fill="#1d1d1d">{escape(label)}</text></g>')


def _exit_pipes(obs: Obs, lake: Lake, src: str) -> int:
    """Pipes to leave a source (GV-177, GV-178, GV-500)."""
    if src == "pump":
        return int(num(obs, "PUMP_SOURCE_PIPES"))
    damp = lake.cells[src].get("special") == "damp"
    return int(num(obs, "DAMP_EXIT_PIPES" if damp else "NORMAL_EXIT_PIPES"))


def preview_lake(obs: Obs, action_id: str) -> str:
    """An exploration or crossing drawn as its pipeline: source → (crossed tile →) target, with what it puts down
    and pays (GV-172, GV-177, GV-181, GV-203, GV-205, GV-230)."""
    lake, seats = Lake(obs), Seats(obs)
    w = action_id.split()
    seat = seats.active if seats.active is not None else 0
    fill = seats.fill(seat)
    src = w[w.index("from") + 1]
    via = w[w.index("via") + 1] if "via" in w else (w[1] if w[0] == "cross" else "")
    target = w[1] if w[0] == "explore" else ""
    insure = int(w[w.index("insure") + 1]) if "insure" in w else 0
    nodes = [("pump" if src == "pump" else src)] + ([via] if via else []) + ([target] if target else [])
    xs = _row(len(nodes), 40)
    body = [f'<path d="M{_n(xs[0])},-6H{_n(xs[-1])}" stroke="{fill}" stroke-width="4" stroke-dasharray="5 3"/>']
    for node, x in zip(nodes, xs, strict=True):
        if node == "pump":
            body.append(f'<g transform="translate({_n(x)},-6) scale(0.9)">{pump_shape(fill, 1)}</g>')
            continue
        cell = lake.cells[node]
        colour = EARTH if cell["drained"] else WATER[int(cell["phase"])]
        body.append(_mini_hex(x, -6, colour, node))
    pipes = _exit_pipes(obs, lake, src) + (_exit_pipes(obs, lake, via) if via and target else 0)
    parts = [_plural(pipes, "pipe")]
    if via:
        rent = int(num(obs, "RENT_PER_OWNER")) * len(lake.owners(via))
        parts.append(f"rent {rent} gold, +{lake.cells[via]['P']} VP")
    if target:
        cell = lake.cells[target]
        extra = int(num(obs, "PROTECT_EXTRA_MACHINES")) if lake.protected(target, obs) else 0
        wn, mn = int(cell["W"]), int(cell["M"]) + extra
        for x in _row(wn, 9):
            body.append(meeple(fill, xs[-1] + x, 20, 0.6, inline=True))
        for i, x in enumerate(_row(mn, 11)):
            body.append(machine(fill, xs[-1] + x, 31, 8, inline=True))
            if i < insure:
                body.append(emerald(xs[-1] + x + 4, 27, 3, inline=True))
        label = f"{target} from {src}" + (f" via {via}" if via else "")
        parts.insert(0, f"{wn}W {mn}M")
        if insure:
            parts.append(f"insure {insure}")
    else:
        label = f"cross {via} from {src}"
    return _preview_doc(label, " · ".join(parts), "".join(body), f"{action_id}: {', '.join(parts)}",
                        f'data-action={quoteattr(action_id)}')


def _icons_preview(action_id: str, label: str, detail: str, icons: str) -> str:
    return _preview_doc(label, detail, icons, f"{action_id}: {detail}", f'data-action={quoteattr(action_id)}')


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For the choosers: each exploration or crossing as its pipeline with its pieces, pipes, rent and insurance;
    the two Harvest sizes; the three declarations; the two payments; the two exchanges."""
    obs = observation
    seats = Seats(obs)
    fill = seats.fill(seats.active if seats.active is not None else 0)
    v = _values(obs)
    out = {}
    for aid in legal:
        w = aid.split()
        if w[0] in ("explore", "cross"):
            out[aid] = preview_lake(obs, aid)
        elif w[0] == "harvest":
            k = int(w[1])
            icons = "".join(meeple(fill, x, -8, 1.3, inline=True) for x in _row(k, 18)) + famine_icon(34, -8)
            out[aid] = _icons_preview(aid, f"Harvest with {k}", f"{v['HF1' if k == 1 else 'HF2']} food (GV-580)",
                                      icons)
        elif w[0] == "declare":
            icon = {"emeralds": emerald(0, -8, 12, inline=True), "gold": gold_bar(0, -8, 13, inline=True),
                    "prestige": vp_star(0, -8, 14, inline=True)}
            out[aid] = _icons_preview(aid, f"declare {w[1]}", DECLARE_TEXT[w[1]], icon[w[1]])
        elif w[:2] == ["pay", "workers"]:
            gold = w[2] == "gold"
            icons = (gold_bar(-18, -8, 11, inline=True) if gold else emerald(-18, -8, 11, inline=True)) + "".join(
                meeple(fill, x, -8, 1.2, inline=True) for x in (12, 28))
            price = f"{v['WP_G']} gold" if gold else f"{v['WP_E']} emeralds"
            out[aid] = _icons_preview(aid, f"pay {price}", f"{v['WP_N']} workers into camp (GV-105)", icons)
        elif w[0] == "exchange" and aid != "exchange none":
            to_gems = w[1] == "gold"
            pay, get = (gold_bar, emerald) if to_gems else (emerald, gold_bar)
            icons = (pay(-22, -8, 10, inline=True) + get(22, -8, 10, inline=True)
                     + '<path d="M-8,-8H8M3,-13L8,-8L3,-3" stroke="#1d1d1d" stroke-width="2" fill="none"/>')
            detail = (f"{v['SW_G']} gold for {v['SW_E']} emeralds" if to_gems
                      else f"{v['SW_E']} emeralds for {v['SW_G']} gold")
            out[aid] = _icons_preview(aid, "exchange", detail + " (GV-601)", icons)
    return out


__all__ = ["BUTTONS", "RULES", "free_slot", "is_button", "num", "parts", "previews", "svg", "target_of", "targets"]
