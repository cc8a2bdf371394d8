"""Ayar: Children of the Sun — component data and every [P]/[D] value of the spec, as ``tawa.Param``.

Rules read these only through ``game.params.NAME`` (or the derived ``Tables`` built from them once per
game). Names follow the spec (``../shared/rules/ayar.md``, tables C1-C18); the balance levers of C18 are
``START_STEP``, ``RAYMI_STEPS``, ``STEP_SLOTS``, ``TEMPLE_SUN_PER_NIGHT``, ``TEMPLE_FALLBACK_SUN``,
``POT_ROW``, ``POTS``, ``FACEDOWN_COST``, ``COLUMN_MOON``, ``TEXTILES``, ``FRAME_HALF_SUNS``,
``MAIZE_BOXES``, ``TERRACE_SHAPE``, ``ROUTE``, ``ISLAND_SLOTS``, ``LAKE_TOKENS``, ``BONUS_SPACES``,
``START_LLAMAS``, ``RIVAL_CARDS``, ``RIVAL_PLANT`` and ``SOLO_BANDS``.

Compound values are written as tuples of short strings (one per row of the spec's table) so that every
lever stays overridable with ``--option NAME=[...]``; ``Tables`` parses them once.

Rulings where the spec left room (also listed in the report):
- AY-803/AY-802 choices with a single option are taken automatically (the Ayar when only one may move,
  the Tambo when the lane holds one); a Viracocha with one open space (or none) is placed automatically
  (AY-809); a Temple row is chosen automatically when only one row is legal (AY-810).
- AY-286 duplicate placements of symmetric Textiles are merged: only the first (anchor, d, flip) in the
  order E, S, W, N x flip 0, 1 that gives a distinct result is offered.
- AY-442 "a Step marker that moved tonight's retiring Ayar" includes the gold marker (and a retired
  colour used as gold) when it moved that Ayar, and markers laid in a fallback turn (AY-190).
- AY-483 an odd Llama left after Sun and Moon are equal goes to Sun (min and max are the same either way).
- AY-489 tie-break 3 compares Llamas held before the allocation (as the spec says).
- The Rival's Inti scorings (AY-222) are resolved after its effect (AY-512); the human gains the Inti.
- AY-047: seat 1 is the first start player; seats are only labels, so no random draw is needed.
- AY-380/AY-385: a Viracocha gained in step 5 (clan bonus R1/C4) is placed before that step's Raymi
  scoring; one gained during an activity is placed before the activity's next sub-choice.
- An activity ends by itself when no further unit is legal (2 Pots taken, no affordable source, no stack
  left, no power/terrace space/cube left); otherwise "... done" ends it (AY-154).
- Facedown Pots keep their real identity in the state (for conservation checks and determinization);
  observations show them as None (AY-702), and no event names them.
- The Rival places at most one neutral Tambo per card (15 in all, C1) and plants from its 12 neutral
  cubes (``RIVAL_CUBES``), which return to it when the terrace is cleared (AY-324); it has 4 neutral
  Islands (``RIVAL_ISLANDS``, C1), so AY-511 has no effect once they are all on the route.
- Placements merged under AY-286 are refused with a message naming the identical placement that is offered.
- AY-193 is checked for the option values: ``TURNS_PER_ROUND`` is refused when some turn could find every
  lane that still holds Tambos already used this round (n Tambos always lie in at least ceil(2 sqrt n) lanes).

Every Param declares its shape (``bounds``, ``length``, ``order``, or ``check`` for the tables written as rows
of text); ``check_params`` adds the constraints between options (``START_STEP`` before ``CUSCO``, one Raymi
tile per Raymi space, ``COLUMN_MOON`` one value per weaving column, frame half-suns on the frame ...).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from tawa.core.errors import BadOption
from tawa.core.params import Param, ParamRegistry, Params

PLAYER_COUNTS = (1, 2, 3, 4)  # AY-001
ACTIVITIES = "PWFR"
ACTIVITY_NAMES = {"P": "Pottery", "W": "Weaving", "F": "Farming", "R": "Reed"}
PATHS = ("teal", "brown", "purple", "black")  # path order (Conventions)
MARKERS = ("teal", "brown", "purple", "black", "gold")  # AY-040
GOLD = 4
GRID = 4  # C4: the Tambo grid is GRID x GRID cells
TAMBOS = GRID * GRID  # C1/AY-039: 16 Tambos per player, one per cell
LANES = ("r1", "r2", "r3", "r4", "c1", "c2", "c3", "c4")  # AY-091: 4 rows then 4 columns
LANE_CELLS = tuple(
    tuple(s * GRID + c for c in range(GRID)) if s < GRID else tuple(r * GRID + s - GRID for r in range(GRID))
    for s in range(len(LANES))
)
QUADRANTS = ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15))  # C4 TL, TR, BL, BR
NEUTRAL = -2  # owner code of the solo Rival's pieces
SECTIONS = "ABCD"
BONUS_NAMES = ("v1", "v2", "v3", "v4", "v5")
BOX_NAMES = "abcd"
SCORE_TARGETS = {"Sun": (80.0, 120.0), "Moon": (80.0, 120.0)}
"""The spec's balance target (its lever table, "Overall"): Sun and Moon each roughly 80-120 per player at game end
under competent play (``GameInfo.score_targets``, ``tawa tune --objective target``)."""
ROUNDS = 4  # AY-004 [S]: 4 rounds, each a Day and a Night (TURNS_PER_ROUND has one entry per round)
CLAN_BONUSES = ("viracocha", "llamas", "inti", "moon")  # C5
BONUS_EFFECTS = ("llamas", "power_pw", "power_fr", "inti", "moon")  # C15
HALF_SUNS = ("aN", "aS", "aW", "bN", "bS", "bE")  # C10 canonical sides
SIDES = "NESW"
N, E, S, W = 1, 2, 4, 8  # C10: a cell's half-suns as a bit mask of its sides
SIDE_BIT = {"N": N, "E": E, "S": S, "W": W}
ALL_SIDES = N | E | S | W
SELECTORS = ("leader", "second", "laggard", *PATHS)  # C16


def _spot_activity(path: int) -> str:
    """C3 formula ACT[(k + p + k // 4) % 4] for spots k = 1..40 (p = path number - 1)."""
    return "".join(ACTIVITIES[(k + path + k // 4) % 4] for k in range(1, 41))


# C3 explicit strings (the formula above reproduces them; a test checks it).
SPOT_ACTIVITY_DEFAULT = (
    "WFRWFRPFRPWRPWFPWFRWFRPFRPWRPWFPWFRWFRPF",
    "FRPFRPWRPWFPWFRWFRPFRPWRPWFPWFRWFRPFRPWR",
    "RPWRPWFPWFRWFRPFRPWRPWFPWFRWFRPFRPWRPWFP",
    "PWFPWFRWFRPFRPWRPWFPWFRWFRPFRPWRPWFPWFRW",
)

# C10 textile tiles: "id stack half-suns [V]" in canonical form.
TEXTILES_DEFAULT = (
    "T01 1 aW,bE",
    "T02 1 aW,bE",
    "T03 1 aN,bN",
    "T04 1 aN,bN",
    "T05 1 aN,bS",
    "T06 1 aN,bS",
    "T07 1 aW,aN",
    "T08 1 aW,aN",
    "T09 2 aW,aN,bE V",
    "T10 2 aW,aN,bE",
    "T11 2 aN,bN,bE",
    "T12 2 aN,bN,bE",
    "T13 2 aN,aS,bE V",
    "T14 2 aN,aS,bE",
    "T15 2 aW,aN,bS",
    "T16 2 aW,aN,bS",
    "T17 3 aN,aS,bN,bS V",
    "T18 3 aN,aS,bN,bS",
    "T19 3 aW,aN,bN,bE",
    "T20 3 aW,aN,bN,bE",
    "T21 3 aW,aN,bS,bE V",
    "T22 3 aW,aN,bS,bE",
    "T23 3 aW,aN,aS,bE",
    "T24 3 aW,aN,aS,bE",
    "T25 4 aW,aN,aS,bN,bS V",
    "T26 4 aW,aN,aS,bN,bS",
    "T27 4 aW,aN,aS,bN,bS",
    "T28 4 aW,aN,aS,bN,bS",
    "T29 4 aW,aN,bN,bS,bE V",
    "T30 4 aW,aN,bN,bS,bE",
    "T31 4 aW,aN,bN,bS,bE",
    "T32 4 aW,aN,bN,bS,bE",
)

# C13 route spaces 1..18: "cost island-moon(0 = no slot) yellow(y/-) section"
ROUTE_DEFAULT = (
    "1 0 - A",
    "1 3 - A",
    "1 0 - A",
    "1 4 y A",
    "2 0 - B",
    "1 6 - B",
    "2 0 - B",
    "1 8 y B",
    "2 0 - C",
    "1 10 - C",
    "2 0 - C",
    "2 12 y C",
    "2 0 - D",
    "2 14 - D",
    "2 0 - D",
    "2 16 y D",
    "3 0 - D",
    "2 18 - D",
)


# ================================================================ records parsed from the text tables
class Bonus(NamedTuple):
    """A clan bonus (C5) or a bonus-space effect (C15): what it gives and how much."""

    kind: str
    amount: int


class StepSlot(NamedTuple):
    """C5: one Step slot of the player board."""

    lane: str
    arrows: int
    moon: int
    bonus: Bonus


@dataclass(frozen=True)
class Textile:
    """C10: one 2x1 tile, its stack (= power) and canonical half-suns."""

    id: str
    stack: int
    half_suns: tuple[str, ...]  # canonical, e.g. ("aW", "bE")
    viracocha: bool


class MaizeBox(NamedTuple):
    """C11: Suns under the cubes (left to right), Moon when emptied, Viracocha icon."""

    name: str
    suns: tuple[int, ...]
    moon: int
    viracocha: bool


class RouteSpace(NamedTuple):
    """C13: one route space."""

    cost: int
    moon: int  # Island-slot Moon, 0 = no Island slot
    yellow: bool
    section: int  # Lake section A-D as 0-3


class BonusSpace(NamedTuple):
    """C15: one Viracocha bonus space."""

    name: str
    need: int
    effect: Bonus


class RivalCard(NamedTuple):
    """C16: one Rival card."""

    id: str
    selector: str
    steps: int
    priority: str


ROW_NUMBER_MOST = 99  # the most any number in a row of text may be (costs, Suns, Moon, arrows, steps ...)
ROW_CHARS = 40  # the longest row of text of a table written as rows
CUSCO_MOST = 80  # the longest path an option may set (twice the board's 40)


def _number(text: str, what: str, low: int = 0, high: int = ROW_NUMBER_MOST) -> int:
    try:
        value = int(text) if len(text) <= 6 else None
    except ValueError:
        value = None
    if value is None:
        raise ValueError(f"{what} must be a whole number, not {text[:12]!r}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _fields(row: str, counts: Sequence[int], shape: str) -> list[str]:
    parts = row.split()
    if len(parts) not in counts:
        raise ValueError(f"expected {shape!r}")
    return parts


def parse_step_slot(row: str) -> StepSlot:
    lane, arrows, moon, kind, amount = _fields(row, (5,), "lane arrows moon bonus amount")
    if lane not in LANES:
        raise ValueError(f"unknown lane {lane!r} (lanes: {', '.join(LANES)})")
    if kind not in CLAN_BONUSES:
        raise ValueError(f"unknown clan bonus {kind!r} (one of {', '.join(CLAN_BONUSES)})")
    return StepSlot(lane, _number(arrows, "arrows"), _number(moon, "slot Moon"), Bonus(kind, _number(amount, "amount")))


def parse_frame_half_sun(row: str) -> tuple[int, int, str]:
    r, c, side = _fields(row, (3,), "row col side")
    if side not in SIDES:
        raise ValueError(f"side must be one of N, E, S, W, not {side!r}")
    return _number(r, "row", 1), _number(c, "col", 1), side


def parse_textile(row: str) -> Textile:
    parts = _fields(row, (3, 4), "id stack half-suns [V]")
    if len(parts) == 4 and parts[3] != "V":
        raise ValueError(f"the fourth field is V (Viracocha) or absent, not {parts[3]!r}")
    sides = tuple(parts[2].split(","))
    bad = [s for s in sides if s not in HALF_SUNS]
    if bad or len(set(sides)) != len(sides):
        raise ValueError(f"half-suns are distinct sides among {', '.join(HALF_SUNS)} (C10), got {parts[2]!r}")
    return Textile(parts[0], _number(parts[1], "stack", 1), sides, len(parts) == 4)


def parse_maize_box(row: str) -> MaizeBox:
    name, suns, moon, icon = _fields(row, (4,), "name suns moon V|-")
    if icon not in ("V", "-"):
        raise ValueError(f"the icon field is V or -, not {icon!r}")
    return MaizeBox(
        name, tuple(_number(x, "a cube's Suns") for x in suns.split(",")), _number(moon, "box Moon"), icon == "V"
    )


def parse_route_space(row: str) -> RouteSpace:
    cost, moon, yellow, section = _fields(row, (4,), "cost island-moon y|- section")
    if yellow not in ("y", "-"):
        raise ValueError(f"the yellow field is y or -, not {yellow!r}")
    if section not in SECTIONS:
        raise ValueError(f"the Lake section is one of {', '.join(SECTIONS)}, not {section!r}")
    return RouteSpace(_number(cost, "cost"), _number(moon, "Island Moon"), yellow == "y", SECTIONS.index(section))


def parse_bonus_space(row: str) -> BonusSpace:
    name, need, effect, amount = _fields(row, (4,), "name tokens effect amount")
    if effect not in BONUS_EFFECTS:
        raise ValueError(f"unknown effect {effect!r} (one of {', '.join(BONUS_EFFECTS)})")
    return BonusSpace(name, _number(need, "tokens to complete", 1), Bonus(effect, _number(amount, "amount")))


def parse_rival_card(row: str) -> RivalCard:
    cid, selector, steps, priority = _fields(row, (4,), "id selector steps priority")
    if selector not in SELECTORS:
        raise ValueError(f"the Ayar selector is one of {', '.join(SELECTORS)}, not {selector!r}")
    if not priority or set(priority) - set(ACTIVITIES) or len(set(priority)) != len(priority):
        raise ValueError(f"the priority lists distinct activity letters {ACTIVITIES}, not {priority!r}")
    return RivalCard(cid, selector, _number(steps, "steps"), priority)


def parse_solo_band(row: str) -> tuple[int, str]:
    low, _, title = row.partition(" ")
    if not title.strip():
        raise ValueError("expected 'score title'")
    return _number(low, "score", 0, 999), title.strip()


def _rows(
    parse: Callable[[str], Any],
    names: Callable[[int], Sequence[str]] | None = None,
    unique: Callable[[Any], Any] | None = None,
) -> Callable[[Any], str | None]:
    """A Param check for a table written as rows of text: each row parses; ``names(n)`` are the names the
    rows must carry in order (their first field); ``unique`` picks a key that no two rows share."""

    def check(value: Any) -> str | None:
        seen: set[Any] = set()
        for i, row in enumerate(value):
            try:
                rec = parse(row)
            except ValueError as e:
                return f"row {i + 1} {row!r}: {e}"
            if names is not None and row.split()[0] != names(len(value))[i]:
                return f"rows are named {', '.join(names(len(value)))} in this order; row {i + 1} is {row!r}"
            key = unique(rec) if unique is not None else None
            if key is not None and key in seen:
                return f"row {i + 1} {row!r}: {key!r} is listed twice"
            seen.add(key)
        return None

    return check


def _letters(allowed: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        for text in [value] if isinstance(value, str) else value:
            bad = sorted(set(text) - set(allowed))
            if bad:
                return f"{text!r} holds {''.join(bad)!r}: only the activity letters {allowed} are allowed"
        return None

    return check


def _pairs(value: Any) -> str | None:
    bad = [v for v in value if len(v) != 2]
    return f"each entry is [rows, columns], got {list(bad[0])}" if bad else None


def _llamas_by_seat(value: Any) -> str | None:
    for k, row in enumerate(value):
        if len(row) != k + 1:
            return f"the {k + 1}-player entry lists {k + 1} seat(s), got {len(row)}"
    return None


def _distinct(value: Any) -> str | None:
    if any(not v for v in value) or len(set(value)) != len(value):
        return "names must be distinct and not empty"
    return None


def lanes_at_least(tambos: int) -> int:
    """AY-193: ``tambos`` Tambos of the grid always lie in at least ceil(2 sqrt(tambos)) lanes (r rows and c
    columns hold at most r x c Tambos, and r + c >= 2 sqrt(r x c))."""
    return math.ceil(2 * math.sqrt(tambos)) if tambos > 0 else 0


def _turns_fit(value: Any) -> str | None:
    """AY-193/AY-094: before each Day turn fewer lanes are used this round than hold Tambos, so a Step slot is
    always free (each turn takes one of the TAMBOS Tambos and uses one slot)."""
    before = 0
    for rnd, turns in enumerate(value, start=1):
        for k in range(turns):
            left = TAMBOS - before - k
            if lanes_at_least(left) <= k:
                return (
                    f"turn {k + 1} of round {rnd} may find every lane that still holds Tambos used "
                    f"({left} Tambo(s) left, {k} slots used: AY-193)"
                )
        before += turns
    return None


def _increasing_bands(value: Any) -> str | None:
    err = _rows(parse_solo_band)(value)
    if err:
        return err
    lows = [parse_solo_band(row)[0] for row in value]
    if any(b <= a for a, b in itertools.pairwise(lows)):
        return f"the bands start at increasing scores, got {lows}"
    return None


def _box_names(n: int) -> Sequence[str]:
    return tuple(BOX_NAMES[:n])


def _bonus_names(n: int) -> Sequence[str]:
    return BONUS_NAMES[:n]


PARAMS = ParamRegistry(
    [
        # ---- C2 player-count settings (index = players - 1)
        Param(
            "START_STEP",
            (12, 12, 6, 0),
            "P",
            ("AY-031", "AY-133"),
            "Ayar start step for 1/2/3/4 players",
            length=len(PLAYER_COUNTS),
            bounds=(0, CUSCO_MOST - 1),
        ),
        Param(
            "MARKET_SLOTS",
            (4, 4, 5, 5),
            "P",
            ("AY-035",),
            "pottery market slots for 1/2/3/4 players",
            length=len(PLAYER_COUNTS),
            bounds=(1, 40),
        ),
        Param(
            "TERRACE_SHAPE",
            ((4, 4), (4, 4), (4, 6), (4, 6)),
            "P",
            ("AY-038",),
            "terrace rows x columns for 1/2/3/4 players",
            length=len(PLAYER_COUNTS),
            bounds=(1, 10),
            check=_pairs,
        ),
        Param(
            "START_LLAMAS",
            ((0,), (0, 0), (0, 0, 1), (0, 0, 1, 1)),
            "P",
            ("AY-045",),
            "starting Llamas by seat for 1/2/3/4 players",
            length=len(PLAYER_COUNTS),
            bounds=(0, 10),
            check=_llamas_by_seat,
        ),
        Param(
            "TURNS_PER_ROUND",
            (4, 4, 4, 3),
            "S/P",
            ("AY-060", "AY-061", "AY-193"),
            "Day turns per player in rounds 1-4",
            length=ROUNDS,
            bounds=(1, len(MARKERS)),
            check=_turns_fit,
        ),
        # ---- C3 main board
        Param("CUSCO", 40, "P", ("AY-115",), "last step of every path (Cusco)", bounds=(1, CUSCO_MOST)),
        Param("SPOT_CAPACITY", 1, "P", ("AY-134",), "Tambos per action spot", bounds=(1, 4)),
        Param(
            "SPOT_ACTIVITY",
            SPOT_ACTIVITY_DEFAULT,
            "P",
            ("AY-132", "AY-155"),
            "activity of spots 1-40 on each path (teal, brown, purple, black)",
            length=len(PATHS),
            check=_letters(ACTIVITIES),
            chars=CUSCO_MOST,
        ),
        Param(
            "RAYMI_STEPS",
            (18, 28),
            "P",
            ("AY-211",),
            "step spaces holding Raymi tiles on every path",
            length=(1, 8),
            bounds=(1, CUSCO_MOST),
            order="increasing",
        ),
        Param(
            "RAYMI_TILES",
            "PPWWFFRR",
            "S/P",
            ("AY-033", "AY-211"),
            "the 8 Raymi tiles (activity letters)",
            check=_letters(ACTIVITIES),
            chars=4 * 8,
        ),
        # ---- C5 step slots: "lane arrows moon bonus amount"
        Param(
            "STEP_SLOTS",
            (
                "r1 1 2 viracocha 1",
                "r2 2 1 llamas 2",
                "r3 1 2 inti 3",
                "r4 3 0 moon 3",
                "c1 2 1 llamas 2",
                "c2 1 2 inti 3",
                "c3 3 0 moon 3",
                "c4 2 1 viracocha 1",
            ),
            "P",
            ("AY-091", "AY-113", "AY-176", "AY-441"),
            "Step slot arrows, slot Moon and clan bonus per lane",
            length=len(LANES),
            check=_rows(parse_step_slot, lambda n: LANES),
            chars=ROW_CHARS,
        ),
        # ---- C6 temples
        # tawa tune 2026-12-03 (docs/studies/tuning-first-runs.md): 3 brought Sun from 72.0 to 78.1 per player at 50
        # ISMCTS iterations (paired difference clearly below 0 over 30 games, intervals still overlapping): kept at 2
        # until a 200-game confirmation
        Param(
            "TEMPLE_SUN_PER_NIGHT", 2, "P", ("AY-432",), "Sun per Temple marker = this x Night number", bounds=(0, 10)
        ),
        Param(
            "TEMPLE_FALLBACK_SUN",
            2,
            "P",
            ("AY-174",),
            "Sun for an emptied quadrant with no legal temple row",
            bounds=(0, 10),
        ),
        Param("TEMPLE_MARKERS", 4, "P", ("AY-043",), "Temple markers per player", bounds=(0, 12)),
        Param("TEMPLE_TOKENS", 1, "P", ("AY-032",), "Viracocha tokens beside each female Ayar", bounds=(0, 6)),
        # ---- C7/C8 pottery
        Param(
            "POT_ROW",
            (1, 1, 2, 2, 3, 3, 4, 4),
            "P",
            ("AY-257", "AY-258"),
            "Suns above pot-row spaces 1..8",
            length=(1, 16),
            bounds=(0, 20),
        ),
        Param(
            "POTS",
            ("red", "yellow", "green", "blue", "white"),
            "P",
            ("AY-035",),
            "pot colours",
            length=(1, 8),
            check=_distinct,
            chars=20,
        ),
        Param(
            "POT_POWERS",
            (2, 2, 2, 3, 3, 4),
            "P",
            ("AY-240",),
            "printed powers of the pots of one colour",
            length=(1, 12),
            bounds=(1, 12),
        ),
        Param(
            "POT_VIRACOCHA",
            (6,),
            "R/P",
            ("AY-248",),
            "which pots of a colour (1-6) show Viracocha",
            bounds=(1, 12),
            length=(0, 12),
        ),
        Param("FACEDOWN_COST", 3, "P", ("AY-242",), "power to take the facedown top pot", bounds=(1, 12)),
        Param("FACEDOWN_MAX", 2, "P", ("AY-243",), "facedown pots per action", bounds=(0, 6)),
        Param(
            "RESHUFFLE_BELOW",
            5,
            "P",
            ("AY-254", "AY-462"),
            "reshuffle at Night if the stack holds fewer",
            bounds=(0, 30),
        ),
        Param(
            "SET_MOON",
            (1, 4, 9, 16),
            "R",
            ("AY-259",),
            "Moon of a colour set of 1/2/3/4+ pots",
            overridable=False,
            order="increasing",
        ),
        Param("POTS_PER_ACTION", 2, "R", ("AY-241",), "pots per Pottery action", overridable=False),
        # ---- C9/C10 weaving
        Param("WEAVE_SHAPE", (3, 6), "P", ("AY-286",), "weaving area rows x columns", length=2, bounds=(1, 12)),
        Param(
            "COLUMN_MOON",
            (4, 7, 10, 13, 16, 20),
            "R/P",
            ("AY-294",),
            "Moon printed under columns 1..6",
            length=(1, 12),
            bounds=(0, 100),
            order="nondecreasing",
        ),
        Param(
            "FRAME_HALF_SUNS",
            ("1 2 N", "1 4 N", "1 6 N", "3 1 S", "3 3 S", "3 5 S", "1 1 W", "3 1 W", "1 6 E", "3 6 E"),
            "P",
            ("AY-292",),
            "frame half-suns: cell row, col and side",
            check=_rows(parse_frame_half_sun, unique=lambda rec: rec),
            length=(0, 48),
            chars=ROW_CHARS,
        ),
        Param(
            "TEXTILES",
            TEXTILES_DEFAULT,
            "P",
            ("AY-034", "AY-282", "AY-283"),
            "textile tiles: id, stack (= power), canonical half-suns, V = Viracocha",
            length=(1, 64),
            check=_rows(parse_textile, unique=lambda rec: rec.id),
            chars=ROW_CHARS,
        ),
        # ---- C11/C12 farming
        Param(
            "MAIZE_BOXES",
            ("a 1,1,1 1 -", "b 1,2,1 2 V", "c 1,1,2,2 3 -", "d 1,2,1,2 4 V"),
            "P",
            ("AY-041", "AY-315", "AY-316", "AY-317"),
            "maize boxes: Suns under cubes, Moon when empty, V icon",
            length=(1, len(BOX_NAMES)),
            check=_rows(parse_maize_box, _box_names),
            chars=ROW_CHARS,
        ),
        # ---- C13/C14 reed
        Param(
            "ROUTE",
            ROUTE_DEFAULT,
            "P",
            ("AY-341", "AY-355"),
            "route spaces 1..18: cost, island Moon, yellow, section",
            length=(1, 36),
            check=_rows(parse_route_space),
            chars=ROW_CHARS,
        ),
        Param("LAKE_TOKENS", 2, "P", ("AY-036",), "Viracocha tokens per Lake section", bounds=(0, 8)),
        Param(
            "ISLAND_SLOTS",
            (2, 3, 3, 4, 4, 5),
            "P",
            ("AY-042", "AY-357"),
            "Suns under Island slots 1..6",
            bounds=(0, 20),
            length=(0, 12),
        ),
        Param("ISLAND_VIRACOCHA", (2, 4, 6), "R", ("AY-354",), "Island slots with a Viracocha icon", overridable=False),
        # ---- C15 Viracocha bonus spaces: "name tokens effect amount"
        Param(
            "BONUS_SPACES",
            ("v1 1 llamas 2", "v2 2 power_pw 1", "v3 2 power_fr 1", "v4 3 inti 4", "v5 3 moon 3"),
            "P",
            ("AY-382", "AY-387", "AY-388", "AY-389", "AY-390", "AY-391"),
            "bonus spaces",
            length=(0, len(BONUS_NAMES)),
            check=_rows(parse_bonus_space, _bonus_names),
            chars=ROW_CHARS,
        ),
        Param(
            "OVERFLOW_LLAMAS", 1, "P", ("AY-386",), "Llamas per token once every bonus space is complete", bounds=(0, 5)
        ),
        # ---- C16/C17 solo
        Param(
            "RIVAL_CARDS",
            (
                "RV01 leader 1 PWFR",
                "RV02 leader 2 WFRP",
                "RV03 leader 2 FRPW",
                "RV04 leader 3 RPWF",
                "RV05 second 1 PFWR",
                "RV06 second 2 WRFP",
                "RV07 second 2 FPRW",
                "RV08 second 3 RWPF",
                "RV09 laggard 1 PRWF",
                "RV10 laggard 2 FWPR",
                "RV11 laggard 2 WPRF",
                "RV12 teal 2 RFWP",
                "RV13 brown 2 PWRF",
                "RV14 purple 2 FRWP",
                "RV15 black 2 WPFR",
            ),
            "P",
            ("AY-503", "AY-504", "AY-505", "AY-506"),
            "Rival cards: id, Ayar selector, steps, priority",
            check=_rows(parse_rival_card, unique=lambda rec: rec.id),
            length=(1, 30),
            chars=ROW_CHARS,
        ),
        Param("RIVAL_PLANT", 2, "P", ("AY-510",), "cubes the Rival plants", bounds=(0, 10)),
        Param("RIVAL_PLANT_HARD", 3, "P", ("AY-514",), "cubes the Rival plants on hard difficulty", bounds=(0, 10)),
        Param("RIVAL_HARD", False, "P", ("AY-514",), "solo hard difficulty"),
        Param("RIVAL_CUBES", 12, "P", ("AY-046",), "neutral maize cubes of the Rival", bounds=(0, 40)),
        Param("RIVAL_ISLANDS", 4, "P", ("AY-046", "AY-511"), "neutral Islands of the Rival", bounds=(0, 12)),
        Param(
            "SOLO_BANDS",
            ("0 Wanderer", "80 Curaca", "100 Ayar", "120 Sapa Inca"),
            "P",
            ("AY-515",),
            "solo title from this final score up",
            length=(1, 10),
            check=_increasing_bands,
            chars=ROW_CHARS,
        ),
    ]
)


def check_params(params: Params, players: int) -> None:
    """The constraints between options (each Param's own shape is checked when it is parsed): ``BadOption``
    naming the options and their rules."""

    def refuse(names: tuple[str, ...], message: str) -> None:
        labels = " and ".join(PARAMS.params[n].label for n in names)
        raise BadOption(f"option{'s' if len(names) > 1 else ''} {labels}: {message}")

    cusco = params.CUSCO
    for i, step in enumerate(params.START_STEP):
        if step >= cusco:
            refuse(("START_STEP", "CUSCO"), f"the {i + 1}-player start step {step} must lie before Cusco ({cusco})")
    for q, row in enumerate(params.SPOT_ACTIVITY):
        if len(row) < cusco:
            refuse(
                ("SPOT_ACTIVITY", "CUSCO"),
                f"the {PATHS[q]} path lists {len(row)} spots, but Cusco at {cusco} "
                f"needs an activity for each of spots 1..{cusco}",
            )
    if params.RAYMI_STEPS[-1] > cusco:
        refuse(("RAYMI_STEPS", "CUSCO"), f"Raymi space {params.RAYMI_STEPS[-1]} lies beyond Cusco ({cusco})")
    if len(params.RAYMI_TILES) != len(PATHS) * len(params.RAYMI_STEPS):
        refuse(
            ("RAYMI_TILES", "RAYMI_STEPS"),
            f"one tile per Raymi space: {len(PATHS)} paths x "
            f"{len(params.RAYMI_STEPS)} Raymi steps = "
            f"{len(PATHS) * len(params.RAYMI_STEPS)} tiles, got "
            f"{len(params.RAYMI_TILES)}",
        )
    pots = len(params.POTS) * len(params.POT_POWERS)
    for i, slots in enumerate(params.MARKET_SLOTS):
        if slots > pots:
            refuse(
                ("MARKET_SLOTS", "POTS", "POT_POWERS"),
                f"the {i + 1}-player market has {slots} slots, but there are only {pots} Pots",
            )
    for k in params.POT_VIRACOCHA:
        if k > len(params.POT_POWERS):
            refuse(
                ("POT_VIRACOCHA", "POT_POWERS"),
                f"pot {k} of a colour shows Viracocha, but each colour has {len(params.POT_POWERS)} pots",
            )
    rows, cols = params.WEAVE_SHAPE
    if len(params.COLUMN_MOON) != cols:
        refuse(
            ("COLUMN_MOON", "WEAVE_SHAPE"),
            f"one value per weaving column: the area has {cols} columns, COLUMN_MOON lists {len(params.COLUMN_MOON)}",
        )
    edge = {
        "N": lambda r, c: r == 1,
        "S": lambda r, c: r == rows,
        "W": lambda r, c: c == 1,
        "E": lambda r, c: c == cols,
    }
    for row in params.FRAME_HALF_SUNS:
        r, c, side = parse_frame_half_sun(row)
        if not (r <= rows and c <= cols and edge[side](r, c)):
            refuse(
                ("FRAME_HALF_SUNS", "WEAVE_SHAPE"), f"{row!r} is not on the frame of the {rows} x {cols} weaving area"
            )


# ================================================================ the derived tables
@dataclass(frozen=True)
class Tables:
    """Everything the rules need for one player count, parsed once from a game's Params (shared by all clones)."""

    players: int
    start_step: int
    market_slots: int
    terrace_cells: int
    terrace_cols: int
    start_llamas: tuple[int, ...]
    turns_per_round: tuple[int, ...]
    cusco: int
    spot_capacity: int
    spot_activity: tuple[str, ...]
    raymi_steps: tuple[int, ...]
    raymi_tiles: str
    slot_arrows: tuple[int, ...]
    slot_moon: tuple[int, ...]
    slot_bonus: tuple[Bonus, ...]
    pot_colour: tuple[int, ...]  # by pot id
    pot_power: tuple[int, ...]
    pot_viracocha: tuple[bool, ...]
    pot_row: tuple[int, ...]
    colours: tuple[str, ...]
    weave_rows: int
    weave_cols: int
    column_moon: tuple[int, ...]
    frame: frozenset[tuple[int, int, str]]  # (row, col, side) 1-based
    textiles: tuple[Textile, ...]
    stacks: int
    box_suns: tuple[tuple[int, ...], ...]
    box_moon: tuple[int, ...]
    box_viracocha: tuple[bool, ...]
    route_cost: tuple[int, ...]  # index 0 = dock
    route_moon: tuple[int, ...]
    route_yellow: tuple[bool, ...]
    route_section: tuple[int, ...]  # -1 for the dock
    island_suns: tuple[int, ...]
    island_viracocha: frozenset[int]
    bonus_need: tuple[int, ...]
    bonus_effect: tuple[Bonus, ...]
    rival_cards: tuple[RivalCard, ...]
    weave_pairs: dict[str, tuple[tuple[int, int, int, int], ...]]
    """AY-286 for each direction (C10 e, s, w, n) the placements inside the weaving area: (row, col, cell a,
    cell b), 1-based anchor, cells as indexes row by row."""

    @property
    def route_len(self) -> int:
        return len(self.route_cost) - 1

    @property
    def pots(self) -> int:
        return len(self.pot_colour)


def tables(params: Params, players: int) -> Tables:
    """The parsed tables for ``params`` and a player count (one derived object per option set: the tables of
    every player count, built once and shared by every game and clone)."""
    by_players: tuple[Tables, ...] = params.derived("tables", _build_all)
    return by_players[players - 1]


def _build_all(p: Params) -> tuple[Tables, ...]:
    return tuple(_build(p, n) for n in PLAYER_COUNTS)


def _build(p: Params, players: int) -> Tables:
    i = players - 1
    slots = [parse_step_slot(s) for s in p.STEP_SLOTS]
    colours = tuple(p.POTS)
    powers = tuple(p.POT_POWERS)
    vir = set(p.POT_VIRACOCHA)
    pot_colour, pot_power, pot_vir = [], [], []
    for c in range(len(colours)):
        for k, pw in enumerate(powers):
            pot_colour.append(c)
            pot_power.append(pw)
            pot_vir.append(k + 1 in vir)
    textiles = tuple(parse_textile(row) for row in p.TEXTILES)
    boxes = [parse_maize_box(b) for b in p.MAIZE_BOXES]
    route = [parse_route_space(r) for r in p.ROUTE]
    bonus = [parse_bonus_space(b) for b in p.BONUS_SPACES]
    rows, cols = p.TERRACE_SHAPE[i]
    return Tables(
        players=players,
        start_step=p.START_STEP[i],
        market_slots=p.MARKET_SLOTS[i],
        terrace_cells=rows * cols,
        terrace_cols=cols,
        start_llamas=tuple(p.START_LLAMAS[i]),
        turns_per_round=tuple(p.TURNS_PER_ROUND),
        cusco=p.CUSCO,
        spot_capacity=p.SPOT_CAPACITY,
        spot_activity=tuple(p.SPOT_ACTIVITY),
        raymi_steps=tuple(p.RAYMI_STEPS),
        raymi_tiles=p.RAYMI_TILES,
        slot_arrows=tuple(s.arrows for s in slots),
        slot_moon=tuple(s.moon for s in slots),
        slot_bonus=tuple(s.bonus for s in slots),
        pot_colour=tuple(pot_colour),
        pot_power=tuple(pot_power),
        pot_viracocha=tuple(pot_vir),
        pot_row=tuple(p.POT_ROW),
        colours=colours,
        weave_rows=p.WEAVE_SHAPE[0],
        weave_cols=p.WEAVE_SHAPE[1],
        column_moon=tuple(p.COLUMN_MOON),
        frame=frozenset(parse_frame_half_sun(f) for f in p.FRAME_HALF_SUNS),
        textiles=textiles,
        stacks=max(t.stack for t in textiles),
        box_suns=tuple(b.suns for b in boxes),
        box_moon=tuple(b.moon for b in boxes),
        box_viracocha=tuple(b.viracocha for b in boxes),
        route_cost=(0, *(r.cost for r in route)),
        route_moon=(0, *(r.moon for r in route)),
        route_yellow=(False, *(r.yellow for r in route)),
        route_section=(-1, *(r.section for r in route)),
        island_suns=tuple(p.ISLAND_SLOTS),
        island_viracocha=frozenset(p.ISLAND_VIRACOCHA),
        bonus_need=tuple(b.need for b in bonus),
        bonus_effect=tuple(b.effect for b in bonus),
        rival_cards=tuple(parse_rival_card(c) for c in p.RIVAL_CARDS),
        weave_pairs=_weave_pairs(*p.WEAVE_SHAPE),
    )


WEAVE_DIRECTIONS = {"e": (0, 1), "s": (1, 0), "w": (0, -1), "n": (-1, 0)}  # C10: from cell a to cell b
WEAVE_DIRS = tuple(WEAVE_DIRECTIONS)  # C10: d = E, S, W, N -> r = 0..3 clockwise turns


def rotate(mask: int, times: int) -> int:
    """Rotate half-sun sides clockwise (N->E->S->W->N)."""
    for _ in range(times):
        mask = ((mask << 1) & 0xF) | (mask >> 3)
    return mask


def flip(mask: int) -> int:
    """Swap N and S (mirror across the tile's long axis)."""
    return (mask & (E | W)) | (S if mask & N else 0) | (N if mask & S else 0)


def _weave_pairs(rows: int, cols: int) -> dict[str, tuple[tuple[int, int, int, int], ...]]:
    out = {}
    for d, (dr, dc) in WEAVE_DIRECTIONS.items():
        out[d] = tuple(
            (r, c, (r - 1) * cols + c - 1, (r - 1 + dr) * cols + c - 1 + dc)
            for r in range(1, rows + 1)
            for c in range(1, cols + 1)
            if 1 <= r + dr <= rows and 1 <= c + dc <= cols
        )
    return out


def solo_title(params: Params, score: int) -> str:
    """AY-515: the C17 band of a solo final score."""
    title = ""
    for row in params.SOLO_BANDS:
        low, name = parse_solo_band(row)
        if score >= low:
            title = name
    return title


# ---------------------------------------------------------------- Pottery sets (AY-259, AY-605)
def set_value(k: int, set_moon: tuple[int, ...]) -> int:
    return 0 if k <= 0 else set_moon[min(k, len(set_moon)) - 1]


def best_sets(counts: list[int], wild: int, set_moon: tuple[int, ...]) -> int:
    """Best total over all ways to add the wild pots to colours (a wild may be wasted, AY-605)."""
    best = [0] + [-1] * wild  # best[w] = best value using exactly w wilds so far
    for c in counts:
        nxt = [-1] * (wild + 1)
        for used, val in enumerate(best):
            if val < 0:
                continue
            for add in range(wild - used + 1):
                v = val + set_value(c + add, set_moon)
                if v > nxt[used + add]:
                    nxt[used + add] = v
        best = nxt
    return max(best)
