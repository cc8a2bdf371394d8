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
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tawa.core.params import Param, ParamRegistry, Params

ACTIVITIES = "PWFR"
ACTIVITY_NAMES = {"P": "Pottery", "W": "Weaving", "F": "Farming", "R": "Reed"}
PATHS = ("teal", "brown", "purple", "black")          # path order (Conventions)
MARKERS = ("teal", "brown", "purple", "black", "gold")  # AY-040
GOLD = 4
LANES = ("r1", "r2", "r3", "r4", "c1", "c2", "c3", "c4")  # AY-091: 4 rows then 4 columns
NEUTRAL = -2   # owner code of the solo Rival's pieces
EMPTY = -1
SECTIONS = "ABCD"
BONUS_NAMES = ("v1", "v2", "v3", "v4", "v5")
BOX_NAMES = "abcd"
ROUNDS = 4     # AY-004 [S]: 4 rounds, each a Day and a Night (TURNS_PER_ROUND has one entry per round)


def _spot_activity(path: int) -> str:
    """C3 formula ACT[(k + p + k // 4) % 4] for spots k = 1..40 (p = path number - 1)."""
    return "".join(ACTIVITIES[(k + path + k // 4) % 4] for k in range(1, 41))


# C3 explicit strings (the formula above reproduces them; a test checks it).
SPOT_ACTIVITY_DEFAULT = (
    "WFRWFRPFRP" "WRPWFPWFRW" "FRPFRPWRPW" "FPWFRWFRPF",
    "FRPFRPWRPW" "FPWFRWFRPF" "RPWRPWFPWF" "RWFRPFRPWR",
    "RPWRPWFPWF" "RWFRPFRPWR" "PWFPWFRWFR" "PFRPWRPWFP",
    "PWFPWFRWFR" "PFRPWRPWFP" "WFRWFRPFRP" "WRPWFPWFRW",
)

# C10 textile tiles: "id stack half-suns [V]" in canonical form.
TEXTILES_DEFAULT = (
    "T01 1 aW,bE", "T02 1 aW,bE", "T03 1 aN,bN", "T04 1 aN,bN", "T05 1 aN,bS", "T06 1 aN,bS",
    "T07 1 aW,aN", "T08 1 aW,aN",
    "T09 2 aW,aN,bE V", "T10 2 aW,aN,bE", "T11 2 aN,bN,bE", "T12 2 aN,bN,bE", "T13 2 aN,aS,bE V",
    "T14 2 aN,aS,bE", "T15 2 aW,aN,bS", "T16 2 aW,aN,bS",
    "T17 3 aN,aS,bN,bS V", "T18 3 aN,aS,bN,bS", "T19 3 aW,aN,bN,bE", "T20 3 aW,aN,bN,bE",
    "T21 3 aW,aN,bS,bE V", "T22 3 aW,aN,bS,bE", "T23 3 aW,aN,aS,bE", "T24 3 aW,aN,aS,bE",
    "T25 4 aW,aN,aS,bN,bS V", "T26 4 aW,aN,aS,bN,bS", "T27 4 aW,aN,aS,bN,bS", "T28 4 aW,aN,aS,bN,bS",
    "T29 4 aW,aN,bN,bS,bE V", "T30 4 aW,aN,bN,bS,bE", "T31 4 aW,aN,bN,bS,bE", "T32 4 aW,aN,bN,bS,bE",
)

# C13 route spaces 1..18: "cost island-moon(0 = no slot) yellow(y/-) section"
ROUTE_DEFAULT = (
    "1 0 - A", "1 3 - A", "1 0 - A", "1 4 y A", "2 0 - B", "1 6 - B", "2 0 - B", "1 8 y B",
    "2 0 - C", "1 10 - C", "2 0 - C", "2 12 y C", "2 0 - D", "2 14 - D", "2 0 - D", "2 16 y D",
    "3 0 - D", "2 18 - D",
)


def _positive(v: Any) -> str | None:
    return None if v > 0 else "must be positive"


PARAMS = ParamRegistry([
    # ---- C2 player-count settings (index = players - 1)
    Param("START_STEP", (12, 12, 6, 0), "P", ("AY-031", "AY-133"), "Ayar start step for 1/2/3/4 players"),
    Param("MARKET_SLOTS", (4, 4, 5, 5), "P", ("AY-035",), "pottery market slots for 1/2/3/4 players"),
    Param("TERRACE_SHAPE", ((4, 4), (4, 4), (4, 6), (4, 6)), "P", ("AY-038",),
          "terrace rows x columns for 1/2/3/4 players"),
    Param("START_LLAMAS", ((0,), (0, 0), (0, 0, 1), (0, 0, 1, 1)), "P", ("AY-045",),
          "starting Llamas by seat for 1/2/3/4 players"),
    Param("TURNS_PER_ROUND", (4, 4, 4, 3), "S/P", ("AY-060", "AY-061"), "Day turns per player in rounds 1-4"),
    # ---- C3 main board
    Param("CUSCO", 40, "P", ("AY-115",), "last step of every path (Cusco)", check=_positive),
    Param("SPOT_CAPACITY", 1, "P", ("AY-134",), "Tambos per action spot", check=_positive),
    Param("SPOT_ACTIVITY", SPOT_ACTIVITY_DEFAULT, "P", ("AY-132", "AY-155"),
          "activity of spots 1-40 on each path (teal, brown, purple, black)"),
    Param("RAYMI_STEPS", (18, 28), "P", ("AY-211",), "step spaces holding Raymi tiles on every path"),
    Param("RAYMI_TILES", "PPWWFFRR", "S/P", ("AY-033", "AY-211"), "the 8 Raymi tiles (activity letters)"),
    # ---- C5 step slots: "lane arrows moon bonus amount"
    Param("STEP_SLOTS", ("r1 1 2 viracocha 1", "r2 2 1 llamas 2", "r3 1 2 inti 3", "r4 3 0 moon 3",
                         "c1 2 1 llamas 2", "c2 1 2 inti 3", "c3 3 0 moon 3", "c4 2 1 viracocha 1"),
          "P", ("AY-091", "AY-113", "AY-176", "AY-441"), "Step slot arrows, slot Moon and clan bonus per lane"),
    # ---- C6 temples
    Param("TEMPLE_SUN_PER_NIGHT", 2, "P", ("AY-432",), "Sun per Temple marker = this x Night number"),
    Param("TEMPLE_FALLBACK_SUN", 2, "P", ("AY-174",), "Sun for an emptied quadrant with no legal temple row"),
    Param("TEMPLE_MARKERS", 4, "P", ("AY-043",), "Temple markers per player"),
    Param("TEMPLE_TOKENS", 1, "P", ("AY-032",), "Viracocha tokens beside each female Ayar"),
    # ---- C7/C8 pottery
    Param("POT_ROW", (1, 1, 2, 2, 3, 3, 4, 4), "P", ("AY-257", "AY-258"), "Suns above pot-row spaces 1..8"),
    Param("POTS", ("red", "yellow", "green", "blue", "white"), "P", ("AY-035",), "pot colours"),
    Param("POT_POWERS", (2, 2, 2, 3, 3, 4), "P", ("AY-240",), "printed powers of the pots of one colour"),
    Param("POT_VIRACOCHA", (6,), "R/P", ("AY-248",), "which pots of a colour (1-6) show Viracocha"),
    Param("FACEDOWN_COST", 3, "P", ("AY-242",), "power to take the facedown top pot"),
    Param("FACEDOWN_MAX", 2, "P", ("AY-243",), "facedown pots per action"),
    Param("RESHUFFLE_BELOW", 5, "P", ("AY-254", "AY-462"), "reshuffle at Night if the stack holds fewer"),
    Param("SET_MOON", (1, 4, 9, 16), "R", ("AY-259",), "Moon of a colour set of 1/2/3/4+ pots",
          overridable=False),
    Param("POTS_PER_ACTION", 2, "R", ("AY-241",), "pots per Pottery action", overridable=False),
    # ---- C9/C10 weaving
    Param("WEAVE_SHAPE", (3, 6), "P", ("AY-286",), "weaving area rows x columns"),
    Param("COLUMN_MOON", (4, 7, 10, 13, 16, 20), "R/P", ("AY-294",), "Moon printed under columns 1..6"),
    Param("FRAME_HALF_SUNS", ("1 2 N", "1 4 N", "1 6 N", "3 1 S", "3 3 S", "3 5 S", "1 1 W", "3 1 W",
                              "1 6 E", "3 6 E"),
          "P", ("AY-292",), "frame half-suns: cell row, col and side"),
    Param("TEXTILES", TEXTILES_DEFAULT, "P", ("AY-034", "AY-282", "AY-283"),
          "textile tiles: id, stack (= power), canonical half-suns, V = Viracocha"),
    # ---- C11/C12 farming
    Param("MAIZE_BOXES", ("a 1,1,1 1 -", "b 1,2,1 2 V", "c 1,1,2,2 3 -", "d 1,2,1,2 4 V"), "P",
          ("AY-041", "AY-315", "AY-316", "AY-317"), "maize boxes: Suns under cubes, Moon when empty, V icon"),
    # ---- C13/C14 reed
    Param("ROUTE", ROUTE_DEFAULT, "P", ("AY-341", "AY-355"), "route spaces 1..18: cost, island Moon, yellow, section"),
    Param("LAKE_TOKENS", 2, "P", ("AY-036",), "Viracocha tokens per Lake section"),
    Param("ISLAND_SLOTS", (2, 3, 3, 4, 4, 5), "P", ("AY-042", "AY-357"), "Suns under Island slots 1..6"),
    Param("ISLAND_VIRACOCHA", (2, 4, 6), "R", ("AY-354",), "Island slots with a Viracocha icon",
          overridable=False),
    # ---- C15 Viracocha bonus spaces: "name tokens effect amount"
    Param("BONUS_SPACES", ("v1 1 llamas 2", "v2 2 power_pw 1", "v3 2 power_fr 1", "v4 3 inti 4",
                           "v5 3 moon 3"),
          "P", ("AY-382", "AY-387", "AY-388", "AY-389", "AY-390", "AY-391"), "bonus spaces"),
    Param("OVERFLOW_LLAMAS", 1, "P", ("AY-386",), "Llamas per token once every bonus space is complete"),
    # ---- C16/C17 solo
    Param("RIVAL_CARDS", ("RV01 leader 1 PWFR", "RV02 leader 2 WFRP", "RV03 leader 2 FRPW", "RV04 leader 3 RPWF",
                          "RV05 second 1 PFWR", "RV06 second 2 WRFP", "RV07 second 2 FPRW", "RV08 second 3 RWPF",
                          "RV09 laggard 1 PRWF", "RV10 laggard 2 FWPR", "RV11 laggard 2 WPRF",
                          "RV12 teal 2 RFWP", "RV13 brown 2 PWRF", "RV14 purple 2 FRWP", "RV15 black 2 WPFR"),
          "P", ("AY-503", "AY-504", "AY-505", "AY-506"), "Rival cards: id, Ayar selector, steps, priority"),
    Param("RIVAL_PLANT", 2, "P", ("AY-510",), "cubes the Rival plants"),
    Param("RIVAL_PLANT_HARD", 3, "P", ("AY-514",), "cubes the Rival plants on hard difficulty"),
    Param("RIVAL_HARD", False, "P", ("AY-514",), "solo hard difficulty"),
    Param("RIVAL_CUBES", 12, "P", ("AY-046",), "neutral maize cubes of the Rival"),
    Param("RIVAL_ISLANDS", 4, "P", ("AY-046", "AY-511"), "neutral Islands of the Rival"),
    Param("SOLO_BANDS", ("0 Wanderer", "80 Curaca", "100 Ayar", "120 Sapa Inca"), "P", ("AY-515",),
          "solo title from this final score up"),
])


@dataclass(frozen=True)
class Textile:
    id: str
    stack: int
    half_suns: tuple[str, ...]    # canonical, e.g. ("aW", "bE")
    viracocha: bool


@dataclass(frozen=True)
class Tables:
    """Everything the rules need, parsed once from a game's Params (shared by all clones)."""

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
    slot_bonus: tuple[tuple[str, int], ...]
    pot_colour: tuple[int, ...]         # by pot id
    pot_power: tuple[int, ...]
    pot_viracocha: tuple[bool, ...]
    pot_row: tuple[int, ...]
    colours: tuple[str, ...]
    weave_rows: int
    weave_cols: int
    column_moon: tuple[int, ...]
    frame: frozenset[tuple[int, int, str]]   # (row, col, side) 1-based
    textiles: tuple[Textile, ...]
    stacks: int
    box_suns: tuple[tuple[int, ...], ...]
    box_moon: tuple[int, ...]
    box_viracocha: tuple[bool, ...]
    route_cost: tuple[int, ...]          # index 0 = dock
    route_moon: tuple[int, ...]
    route_yellow: tuple[bool, ...]
    route_section: tuple[int, ...]       # -1 for the dock
    island_suns: tuple[int, ...]
    island_viracocha: frozenset[int]
    bonus_need: tuple[int, ...]
    bonus_effect: tuple[tuple[str, int], ...]
    rival_cards: tuple[tuple[str, str, int, str], ...]

    @property
    def route_len(self) -> int:
        return len(self.route_cost) - 1


def tables(params: Params, players: int) -> Tables:
    """The parsed tables for ``params`` (built once per option set and player count)."""
    return params.derived(f"ayar/tables/{players}", lambda p: _build(p, players))


def _build(p: Params, players: int) -> Tables:
    i = players - 1
    slots = [s.split() for s in p.STEP_SLOTS]
    assert [s[0] for s in slots] == list(LANES), "STEP_SLOTS must list r1..r4, c1..c4 in order"
    colours = tuple(p.POTS)
    powers = tuple(p.POT_POWERS)
    vir = set(p.POT_VIRACOCHA)
    pot_colour, pot_power, pot_vir = [], [], []
    for c in range(len(colours)):
        for k, pw in enumerate(powers):
            pot_colour.append(c)
            pot_power.append(pw)
            pot_vir.append(k + 1 in vir)
    textiles = []
    for row in p.TEXTILES:
        parts = row.split()
        vir = len(parts) > 3 and parts[3] == "V"
        textiles.append(Textile(parts[0], int(parts[1]), tuple(parts[2].split(",")), vir))
    boxes = [b.split() for b in p.MAIZE_BOXES]
    route = [r.split() for r in p.ROUTE]
    bonus = [b.split() for b in p.BONUS_SPACES]
    frame = frozenset((int(a), int(b), s) for a, b, s in (f.split() for f in p.FRAME_HALF_SUNS))
    cards = []
    for c in p.RIVAL_CARDS:
        cid, sel, steps, prio = c.split()
        cards.append((cid, sel, int(steps), prio))
    rows, cols = p.TERRACE_SHAPE[i]
    assert all(len(s) >= p.CUSCO for s in p.SPOT_ACTIVITY), "SPOT_ACTIVITY must cover spots 1..CUSCO"
    assert set(p.RAYMI_TILES) <= set(ACTIVITIES), "Raymi tiles show activity letters"
    assert len(p.RAYMI_TILES) == 4 * len(p.RAYMI_STEPS), "one Raymi tile per Raymi space"
    assert len(p.TURNS_PER_ROUND) == ROUNDS, "TURNS_PER_ROUND lists the Day turns of each of the 4 rounds"
    return Tables(
        players=players, start_step=p.START_STEP[i], market_slots=p.MARKET_SLOTS[i], terrace_cells=rows * cols,
        terrace_cols=cols, start_llamas=tuple(p.START_LLAMAS[i]), turns_per_round=tuple(p.TURNS_PER_ROUND),
        cusco=p.CUSCO, spot_capacity=p.SPOT_CAPACITY, spot_activity=tuple(p.SPOT_ACTIVITY),
        raymi_steps=tuple(p.RAYMI_STEPS), raymi_tiles=p.RAYMI_TILES,
        slot_arrows=tuple(int(s[1]) for s in slots), slot_moon=tuple(int(s[2]) for s in slots),
        slot_bonus=tuple((s[3], int(s[4])) for s in slots),
        pot_colour=tuple(pot_colour), pot_power=tuple(pot_power), pot_viracocha=tuple(pot_vir),
        pot_row=tuple(p.POT_ROW), colours=colours,
        weave_rows=p.WEAVE_SHAPE[0], weave_cols=p.WEAVE_SHAPE[1], column_moon=tuple(p.COLUMN_MOON), frame=frame,
        textiles=tuple(textiles), stacks=max(t.stack for t in textiles),
        box_suns=tuple(tuple(int(x) for x in b[1].split(",")) for b in boxes),
        box_moon=tuple(int(b[2]) for b in boxes), box_viracocha=tuple(b[3] == "V" for b in boxes),
        route_cost=(0, *(int(r[0]) for r in route)), route_moon=(0, *(int(r[1]) for r in route)),
        route_yellow=(False, *(r[2] == "y" for r in route)), route_section=(-1, *(SECTIONS.index(r[3]) for r in route)),
        island_suns=tuple(p.ISLAND_SLOTS), island_viracocha=frozenset(p.ISLAND_VIRACOCHA),
        bonus_need=tuple(int(b[1]) for b in bonus), bonus_effect=tuple((b[2], int(b[3])) for b in bonus),
        rival_cards=tuple(cards),
    )


def solo_title(params: Params, score: int) -> str:
    """AY-515: the C17 band of a solo final score."""
    title = ""
    for row in params.SOLO_BANDS:
        lo, name = row.split(" ", 1)
        if score >= int(lo):
            title = name
    return title
