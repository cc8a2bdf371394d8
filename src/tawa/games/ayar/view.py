"""The Ayar table in the browser (issue 18): pure functions of one observation dict (AY-700..AY-706).

``svg(obs)`` draws the main board (the four paths to Cusco with their action spots in activity colours, the
Raymi tiles on their steps, the Ayar figures, the Tambos on spots, and the temple track with its rows), the Lake
board (the four Textile stacks with their tops, the pottery market and the facedown stack, the terrace, the
boat route with its Island slots, yellow slots and Lake sections) and every player's board (Tambo grid with its
eight Step slots, laid markers and clan bonuses, the marker reserve, Inti dial, Sun, Moon and Llamas, the pot
row, the 3x6 weaving area with its frame half-suns and column values, the maize boxes, the Island slots and the
Viracocha bonus spaces); in a solo game the Rival's cards and pieces. ``targets(obs, legal)`` names the element
each legal action is about, ``is_button`` the flow actions about none, ``previews`` draws the weaving area with
the Textile laid at each offered orientation. Everything drawn is public (AY-700, AY-705); the hidden parts (the
facedown stack's order, facedown pot identities, Textiles under the stack tops, the Rival deck, AY-706) are not
in the observation.

Component data comes from the observation's ``components`` (the tables of the game's options, observe.py); the
few rule numbers that are Params but no component (facedown cost, Temple Sun …) from ``data.PARAMS``.

Element ids (stable from one position to the next; ``S`` is a seat 0-based, ``P`` a path colour):
``status``; ``path-P``, ``spot-P-K`` (K = 1..Cusco), ``raymi-P-STEP``, ``cusco``, ``ayar-P`` (piece),
``tambo-P-K`` (piece: a Tambo on a spot); ``temple-P`` (a temple row); ``lake``, ``textile-stack-I``,
``textile-TNN`` (piece: a Textile on its stack or in a weaving area), ``market-I``, ``pot-N`` (piece: a
face-up Pot by id), ``pot-stack``, ``terrace``, ``terrace-K``, ``route-K`` (K = 0 is the dock), ``lake-A`` ..
``lake-D``, ``boat-S`` (piece); per seat ``seatS`` (the board), ``seatS-head``, ``seatS-sun``, ``seatS-moon``,
``seatS-llamas``, ``seatS-inti``, ``seatS-temples``, ``seatS-slot-r1`` .. ``seatS-slot-c4``, ``seatS-cell-r1c1``,
``seatS-tambo-r1c1`` (piece), ``seatS-marker-teal`` .. ``seatS-marker-gold`` (piece), ``seatS-potrow-K``,
``seatS-pot-K`` (piece: a facedown Pot on space K), ``seatS-weave``, ``seatS-weave-r1c1``, ``seatS-box-a`` ..,
``seatS-islandslot-K``, ``seatS-island-K`` (piece: on its slot or on the route), ``seatS-bonus-v1`` ..; solo:
``rival``, ``rival-deck``, ``rival-card-RVNN``. Glyphs shared by many pieces are ``<defs>`` named ``ay-…``.

A target never holds an element with an id (the client takes the nearest element with an id); a piece lying on
a space that can be a target (a Pot in the market, a stack top, a Boat or Island on the route, a Tambo on a spot
with room left) has the class ``passive`` (no pointer events) and the space's hover text names it.

The Step slots, maize boxes, bonus spaces, Tambos and Step markers of the observer's own board name the action a
click on them would mean (``data-action``) whoever is to act, so that its board's parts stay the same from one
turn to the next (the client explains the rule on my turn and says whose turn it is on another's).
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from tawa.core.svg import n as _f
from tawa.core.svg import title as _title
from tawa.core.svgparts import LEN, Part, Path, document
from tawa.games.ayar.data import (
    ACTIVITY_NAMES,
    BONUS_NAMES,
    BOX_NAMES,
    LANES,
    MARKERS,
    NEUTRAL,
    PARAMS,
    PATHS,
    SECTIONS,
    SIDE_BIT,
    E,
    N,
    S,
    W,
)
from tawa.games.ayar.rules.activities import DIRS, OFFSET
from tawa.games.ayar.scoring import best_sets, flip, rotate

Obs = Mapping[str, Any]

# ----------------------------------------------------------------------------- rule numbers read from the data
_P = PARAMS.params
POTS_PER_ACTION: int = _P["POTS_PER_ACTION"].default  # AY-241 [R] (not overridable)
SET_MOON: tuple[int, ...] = tuple(_P["SET_MOON"].default)  # AY-259 [R] (not overridable)
# the [P] numbers an option may change (FACEDOWN_COST, TEMPLE_SUN_PER_NIGHT ...) come with the observation:
# components.rule_numbers (observe.RULE_NUMBERS)

# ----------------------------------------------------------------------------- display texts (cite the spec)
RULES: dict[str, str] = {
    "path": "AY-010 [S] only the male Ayar figures move along the paths; AY-113 [S] an Ayar moves forward by the "
            "arrows of the chosen Step slot; AY-115 [P] he stops at Cusco; AY-116 [P] Ayars share steps and never "
            "block.",
    "spot": "AY-132 [S] a Tambo goes on a spot behind the moved Ayar; AY-134 [P] {cap} Tambo(s) per spot; AY-135 "
            "[R] its activity must be one you can perform.",
    "spot-unused": "AY-133 [P] spots up to the start step {start} lie behind every Ayar's start and are never "
                   "used.",
    "spot-retired": "AY-137 [P] the spots on a retired Ayar's path can no longer be used.",
    "tambo-spot": "AY-136 [P] Tambos on the main board stay there for the rest of the game and score nothing; "
                  "AY-134 [P] the spot is closed.",
    "raymi": "AY-210 [S] an Ayar reaching a Raymi tile triggers an Inti scoring of its activity for all players; "
             "AY-212 [P] reached when his move ends on or passes the space; AY-213 [P] scored in step 5, then the "
             "tile leaves the game; AY-217 [P] every player adds their current Sun value in the activity to their "
             "Inti dial; AY-215 [P] the tiles of a retired Ayar's path never score.",
    "raymi-gone": "AY-213 [P] the tile was scored and left the game, or AY-215 [P] it left with its retired Ayar.",
    "cusco": "AY-115 [P] Cusco (step {cusco}) ends every path; an Ayar there may still be chosen and moves 0 steps; "
             "AY-414 [P] at Night 4 the last active Ayar founds Cusco.",
    "ayar": "AY-110 [S] a coloured Step marker moves its own Ayar, AY-111 [S] the gold one any active Ayar; AY-117 "
            "[P] each move stamps the Ayar; AY-411 [S] each Night the least advanced active Ayar retires to his "
            "sister on the temple track; AY-413 [P] ties: the oldest move stamp, then the lower path number.",
    "ayar-retired": "AY-411 [S] he left his path and joined his sister on the temple track; AY-112 [P] his Step "
                    "marker is used like the gold one.",
    "temple": "AY-172 [S] taking the last Tambo of a quadrant gives a Temple: AY-173 [P] a Temple marker on the row "
              "of an active Ayar where you have none (AY-174 [P] else +{fallback} Sun); AY-432 [P] each marker "
              "scores {sun} x the Night number in Sun when this row's Ayar retires; AY-433 [P] then the markers "
              "leave and the row closes; AY-319 [R] the Viracocha beside the sister goes to the harvest winner "
              "that Night.",
    "lake": "AY-005 [R] each activity has its area on the Lake board: AY-006 [R] four Textile stacks, AY-007 [R] a "
            "face-up Pot market and a facedown stack, AY-008 [R] the terrace, AY-009 [R] the Boat route with its "
            "Island slots.",
    "stack": "AY-282 [P] you take the top Textile, whose power is the stack's number; AY-281 [R] at most one "
             "Textile per stack in one action; AY-289 [P] stacks are never refilled; AY-703 [P] the tiles under "
             "the top are hidden.",
    "market": "AY-240 [R] take Pots with total printed power up to your power; AY-241 [R] at most {per} Pots per "
              "action; AY-248 [R] a Viracocha symbol gives a token at once; AY-249 [R] then the market slides "
              "toward slot 1 and refills from the facedown stack (AY-251 [P] once, after the whole action).",
    "pot-stack": "AY-242 [P] the top Pot costs {cost} power, whatever is printed on it (AY-243 [P] up to {max} per "
                 "action); AY-244 [R] it is taken unseen and AY-246 [R] is wild for colour sets; AY-701 [P] only "
                 "the stack's size is public; AY-254 [P] at Night preparation a stack of fewer than {below} Pots "
                 "is reshuffled with the market.",
    "terrace": "AY-310 [R] planted Maize fills the next empty spaces in reading order; AY-319 [R] at the Night "
               "harvest the player who planted most this round wins the retiring Ayar's Viracocha, AY-320 [R] ties "
               "to the tied player who planted first; AY-323 [R] then the terrace is cleared.",
    "route": "AY-340 [R] a Boat pays the cost of every space it enters, within its power; AY-343 [P] one direction "
             "per action; AY-345 [R] a space holding an Island costs 0; AY-346 [R] Boats never change a cost.",
    "route-slot": "AY-348 [R] entering an Island slot where you have none places your leftmost Island (AY-349 [P] "
                  "also when passing through); AY-353 [R] Islands and Boats may share it; AY-359 [P] your Reed Moon "
                  "is the highest slot value holding one of your Islands.",
    "route-yellow": "AY-350 [R] a yellow slot holds only one Island and one Boat; AY-351 [P] entering it when it "
                    "holds an Island places none; AY-352 [P] a Boat may pass another Boat there but not stop.",
    "dock": "AY-037 [P] every Boat starts at the dock; AY-344 [P] the dock cannot be re-entered.",
    "section": "AY-354 [R] placing the Island from slot 2, 4 or 6 of your board takes a Viracocha from the "
               "adjacent Lake section, AY-355 [P] the section of the space where the Island went; AY-356 [P] an "
               "empty section gives nothing.",
    "grid": "AY-090 [S] the Step slot picks a row or column of your Tambo grid (the lane); AY-150 [R] your power is "
            "the number of empty spaces of that lane, AY-151 [P] counted after the Tambo leaves; AY-172 [S] "
            "emptying a quadrant gives a Temple; AY-175 [S] emptying a lane gives its clan bonus.",
    "tambo": "AY-130 [S] take one Tambo from the chosen lane and AY-132 [S] place it on a spot behind the moved "
             "Ayar.",
    "slot": "AY-113 [S] the Ayar moves by the slot's {arrows} arrow(s); AY-092 [P] one marker per slot each round; "
            "AY-093 [P] only while the lane holds a Tambo; AY-441 [P] at Night the marker scores the slot's {moon} "
            "Moon (AY-442 [P] 0 at Nights 1-3 if it moved the retiring Ayar); AY-175 [S] clan bonus when the lane "
            "is emptied: {bonus} (AY-178 [P] once).",
    "marker": "AY-094 [P] each Step marker is laid once per round; AY-110 [S] a coloured marker moves its Ayar, "
              "AY-111 [S] the gold one any active Ayar, AY-112 [P] a retired colour acts as gold; AY-461 [P] all "
              "markers return at Night preparation.",
    "inti": "AY-216 [S] the Inti dial; AY-217 [P] Raymi scorings add your Sun value in their activity; AY-219 [P] "
            "clan bonuses and V4 add too; AY-220 [S] at every Dusk you gain Sun equal to the dial, AY-221 [S] which "
            "is never reset.",
    "sun": "AY-003 [S] Sun and Moon are two scores; AY-485 [S] the final score is the lower of the two (after "
           "Llamas).",
    "llamas": "AY-481 [S] Llamas are spent at the end for points: AY-482 [P] 1 to Sun or Moon each, AY-483 [D] "
              "split by the program for the best min(Sun, Moon); AY-489 [P] tie-break 3.",
    "temples": "AY-043 [P] Temple markers left to place (AY-173 [P]).",
    "potrow": "AY-255 [R] Pots go onto the row from left to right and AY-256 [R] are never replaced; AY-257 [R] "
              "Pottery Sun value = the Suns above the filled spaces; AY-259 [R] Pottery Moon: one set per colour, "
              "1/2/3/4+ Pots = {sets} (AY-260 [R] a wild Pot joins one set).",
    "weave": "AY-285 [R] each Textile covers two empty cells, AY-286 [P] orthogonally adjacent, rotated or flipped; "
             "AY-291 [R] Weaving Sun value = complete Suns, AY-292 [P] two half-suns meeting across an edge (tile or "
             "frame); AY-294 [R] Weaving Moon = the value under the rightmost column of the unbroken run of "
             "complete columns from column 1 (AY-295 [R]).",
    "box": "AY-312 [R] a planted cube is the leftmost one left in its box; AY-316 [R] Farming Sun value = the Suns "
           "uncovered; AY-317 [R] Farming Moon = the Moons of the emptied boxes; AY-314 [R] emptying a box with "
           "a Viracocha icon gives that token at once.",
    "islandslot": "AY-348 [R] your leftmost Island goes to the route; AY-357 [R] Reed Sun value = the Suns it "
                  "uncovers; AY-354 [R] slots 2, 4 and 6 show Viracocha: a token from the adjacent Lake section.",
    "bonus": "AY-380 [R] each Viracocha goes at once onto an open bonus space (AY-384 [P] your choice), AY-381 [R] "
             "never moves; AY-382 [R] a space closes when it holds its tokens and AY-383 [R] its bonus is available "
             "at once; AY-386 [P] once all are complete, a token is {overflow} Llama.",
    "boat": "AY-340 [R] your Boat moves along the route within your power; AY-342 [R] it may come back the way it "
            "came.",
    "rival": "AY-501 [P] the Rival blocks spots, contests the harvest and drains the markets but never scores; "
             "AY-502 [P] it takes one turn after each of yours: AY-503 [P] reveal a card, AY-504 [P] move the "
             "selected Ayar, AY-506 [P] place a neutral Tambo on the highest free spot of the first activity in the "
             "card's priority; AY-508..AY-511 [P] the activity's effect.",
    "rival-card": "AY-504 [P] selector (C16: leader = most advanced, second, laggard = least advanced, or a colour; "
                  "a retired colour means the leader); AY-505 [P] steps; AY-506 [P] the spot priority.",
    "start": "AY-044 [S] the start player marker; AY-463 [P] it passes one seat clockwise each Night.",
}

BONUS_RULES = {"llamas": "AY-387 [P]", "power_pw": "AY-388 [P]", "power_fr": "AY-389 [P]", "inti": "AY-390 [P]",
               "moon": "AY-391 [P]"}
CLAN_WORDS = {"viracocha": "Viracocha", "llamas": "Llamas", "inti": "Inti", "moon": "Moon"}
PHASE_TEXT = {
    "marker": "lay a Step marker (AY-090)",
    "slot": "choose a Step slot for the {marker} marker (AY-090..AY-093)",
    "ayar": "choose the Ayar the {marker} marker moves (AY-111/AY-112)",
    "tambo": "take a Tambo from lane {lane} (AY-130/AY-131)",
    "spot": "place the Tambo on a free spot behind the {path} Ayar (AY-132..AY-135)",
    "pot": "Pottery, power {power} left: take a Pot (AY-240..AY-243)",
    "textile": "Weaving, power {power} left: take a Textile (AY-280..AY-282)",
    "place": "lay {tile} in the weaving area (AY-284..AY-286)",
    "maize": "Farming, power {power} left: plant from a box (AY-310..AY-313)",
    "boat": "Reed, power {power}: move the Boat (AY-340..AY-343)",
    "temple": "quadrant emptied: place a Temple marker (AY-172/AY-173)",
}


# ----------------------------------------------------------------------------- colours and sizes
PATH_FILL = {"teal": "#1a9a93", "brown": "#8b5a2b", "purple": "#7b3fa0", "black": "#2a2a2a", "gold": "#d6a928"}
PATH_TINT = {"teal": "#d3ece9", "brown": "#eadccb", "purple": "#e6dbee", "black": "#dcdcdc"}
ACT_FILL = {"P": "#e7a07a", "W": "#dca0c4", "F": "#c5db86", "R": "#9ec4e8"}
ACT_DARK = {"P": "#9c4a22", "W": "#8c3468", "F": "#4e6e1c", "R": "#245d93"}
SEAT_FILL = ("#d9302c", "#f5c211", "#1c6dd0", "#fafafa")
SEAT_INK = ("#fff", "#222", "#fff", "#222")
RIVAL_FILL, RIVAL_INK = "#8d8d8d", "#fff"
POT_FILL = {"red": "#c92a2a", "yellow": "#f0b400", "green": "#2b8a3e", "blue": "#1864ab", "white": "#f1f3f5"}
POT_OTHER = ("#c92a2a", "#f0b400", "#2b8a3e", "#1864ab", "#f1f3f5", "#e8590c", "#862e9c", "#495057")
TEXTILE_FILL = ("#e0a458", "#c8553d", "#3d7a6e", "#5b3f8c")
SUN_FILL, SUN_EDGE = "#ffd23f", "#b07a00"
TOKEN_FILL, TOKEN_EDGE = "#e3b23c", "#6b4f0e"
MOON_INK = "#4b5670"
WATER, WATER_DARK = "#bfdcec", "#7fb2cf"
BOARD_FILL, BOARD_EDGE = "#f4ead5", "#a88a5c"

WIDTH = 1200
STATUS_H = 40
MAIN_Y = 46.0
ROW_H = 46.0
PATH_X = 84.0          # step 0 (Lake Titicaca) of every path
SPOTS_W = 820.0        # steps 0..Cusco span this width
TEMPLE_X = 962.0
LAKE_Y = 236.0
LAKE_H = 166.0
BOARDS_Y = 408.0
BOARD_W, BOARD_H = 290.0, 386.0
GAP = 6.0
MAX_ZOOM = 1.25       # boards of 1-3 players are enlarged up to this
CELL = 24.0            # Tambo grid cell
WCELL = 20.0           # weaving cell
SUN_R = 5.5            # half-sun radius in the weaving area
STACK_X, MARKET_X, TERRACE_X, ROUTE_X = 14.0, 284.0, 548.0, 688.0
TILE_CELL = 22.0       # a stack's top Textile
EIGHT = ((1, 0), (0.707, 0.707), (0, 1), (-0.707, 0.707), (-1, 0), (-0.707, -0.707), (0, -1), (0.707, -0.707))


# ============================================================================= small helpers


_UNSAFE = re.compile(r'[&<>"]')


@lru_cache(maxsize=64)
def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _attrs(**kw: Any) -> str:
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        v = _f(v) if isinstance(v, float) else str(v)
        if _UNSAFE.search(v):
            v = escape(v, {'"': "&quot;"})
        out.append(f' {_attr_name(k)}="{v}"')
    return "".join(out)


def _text(x: float, y: float, text: str, cls: str = "", **kw: Any) -> str:
    return f'<text x="{_f(x)}" y="{_f(y)}"{_attrs(class_=cls or None, **kw)}>{escape(text)}</text>'


def _rect(x: float, y: float, w: float, h: float, **kw: Any) -> str:
    return f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"{_attrs(**kw)}/>'


def _circle(x: float, y: float, r: float, **kw: Any) -> str:
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}"{_attrs(**kw)}/>'


def _use(ref: str, x: float = 0.0, y: float = 0.0, scale: float = 1.0) -> str:
    if scale == 1.0:
        return f'<use href="#{ref}" x="{_f(x)}" y="{_f(y)}"/>'
    return f'<use href="#{ref}" transform="translate({_f(x)},{_f(y)}) scale({scale:.3g})"/>'


def _piece(ident: str, cls: str, x: float, y: float, title: str, body: str, scale: float = 1.0,
           passive: bool = False, action: str | None = None) -> str:
    """A movable piece: a ``<g class="piece">`` placed by a CSS translate (the client animates it)."""
    inner = body if scale == 1.0 else f'<g transform="scale({scale:.3g})">{body}</g>'
    classes = f"piece {cls}" + (" passive" if passive else "")
    return (f'<g id="{ident}" class="{classes}" style="transform:translate({_f(x)}px,{_f(y)}px)"'
            f"{_attrs(data_action=action)}>{_title(title)}{inner}</g>")


def seat_name(seat: int) -> str:
    return "the Rival" if seat == NEUTRAL else f"P{seat + 1}"


def seat_fill(seat: int) -> tuple[str, str]:
    return (RIVAL_FILL, RIVAL_INK) if seat == NEUTRAL else (SEAT_FILL[seat % 4], SEAT_INK[seat % 4])


def _seat_key(seat: int) -> str:
    return "r" if seat == NEUTRAL else str(seat)


def cell_name(c: int) -> str:
    """A Tambo grid cell (C4), 1-based: ``r2c3``."""
    return f"r{c // 4 + 1}c{c % 4 + 1}"


def _cname(r: int, c: int) -> str:
    """A 1-based weaving cell name ``r2c5``."""
    return f"r{r}c{c}"


def _comp(obs: Obs) -> Mapping[str, Any]:
    comp: Mapping[str, Any] = obs["components"]
    return comp


def _n(obs: Obs) -> int:
    return len(obs["players"])


def _actor(obs: Obs) -> int:
    """The seat whose decision it is (a pending Viracocha is placed by its gainer, AY-809), or -1."""
    pend = obs["tokens_pending"]
    if pend["n"] > 0:
        return int(pend["seat"])
    return int(obs["to_move"]) if obs["phase"] not in ("night", "over") else -1


def _lane_cells(s: int) -> list[int]:
    """AY-090 the cells of lane r1..r4 (s = 0..3) or c1..c4 (s = 4..7)."""
    return [s * 4 + c for c in range(4)] if s < 4 else [r * 4 + s - 4 for r in range(4)]


def _sides(mask: int) -> str:
    return "".join(ch for ch, bit in SIDE_BIT.items() if mask & bit) or "none"


def _pot_words(comp: Mapping[str, Any], pid: int) -> str:
    colour = comp["colours"][comp["pot_colour"][pid]]
    return f"{colour} {comp['pot_power'][pid]}" + (" (Viracocha)" if comp["pot_viracocha"][pid] else "")


def _bonus_words(effect: str, amount: int) -> str:
    return {"llamas": f"+{amount} Llamas at once", "inti": f"+{amount} Inti at once",
            "power_pw": f"+{amount} power on later Pottery and Weaving", "moon": f"+{amount} Moon every Night",
            "power_fr": f"+{amount} power on later Farming and Reed"}.get(effect, f"{effect} {amount}")


def _bonus_short(effect: str, amount: int) -> str:
    return {"llamas": f"+{amount} Llamas", "inti": f"+{amount} Inti", "power_pw": f"P/W +{amount}",
            "moon": f"+{amount}☾/Night", "power_fr": f"F/R +{amount}"}.get(effect, f"{effect} {amount}")


# ============================================================================= glyphs (<defs>, drawn at the origin)


def _sun_path(r: float) -> str:
    rays = "".join(f"M{_f(r * 1.25 * c)},{_f(r * 1.25 * s)}L{_f(r * 1.7 * c)},{_f(r * 1.7 * s)}" for c, s in EIGHT)
    return (f'<path d="{rays}" stroke="{SUN_EDGE}" stroke-width="1.3" stroke-linecap="round"/>'
            + _circle(0, 0, r, fill=SUN_FILL, stroke=SUN_EDGE, stroke_width="1"))


def _moon_path(r: float) -> str:
    return (f'<path d="M{_f(r * 0.3)},{_f(-r)} A{_f(r)},{_f(r)} 0 1 0 {_f(r * 0.3)},{_f(r)} '
            f'A{_f(r * 0.75)},{_f(r * 0.8)} 0 1 1 {_f(r * 0.3)},{_f(-r)} Z" fill="#d8dde8" stroke="{MOON_INK}" '
            f'stroke-width="1"/>')


def _token_path(r: float) -> str:
    """A Viracocha token: a gold disc with the god's face (a ring and two eyes)."""
    return (_circle(0, 0, r, fill=TOKEN_FILL, stroke=TOKEN_EDGE, stroke_width="1")
            + _circle(0, 0, r * 0.55, fill="none", stroke=TOKEN_EDGE, stroke_width="0.8")
            + _circle(-r * 0.22, -r * 0.1, r * 0.12, fill=TOKEN_EDGE)
            + _circle(r * 0.22, -r * 0.1, r * 0.12, fill=TOKEN_EDGE))


def _llama_path(ink: str) -> str:
    """A small llama in profile (Llamas, AY-481)."""
    return (f'<path d="M-5,3 V-1 C-5,-3 -3,-3 -1,-3 H2 V-8 L3,-10 L5,-9 L5,-7 L4,-7 V0 C4,1 4,2 3,3 V5 H2 V3 H-3 '
            f'V5 H-4 Z" fill="{ink}"/>')


def _glyph_text(x: float, y: float, label: str, ink: str) -> str:
    """Text inside a ``<defs>`` glyph: styled by attributes, since the page's CSS does not reach into ``<use>``."""
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="8" font-weight="700" text-anchor="middle" '
            f'font-family="system-ui,sans-serif" fill="{ink}">{escape(label)}</text>')


def _tambo_path(seat: int) -> str:
    fill, ink = seat_fill(seat)
    label = "R" if seat == NEUTRAL else str(seat + 1)
    return ('<path d="M-6.5,-1 L0,-7.5 L6.5,-1 V6 H-6.5 Z" fill="' + fill + '" stroke="#222" stroke-width="1" '
            'stroke-linejoin="round"/>' + _glyph_text(0, 4.6, label, ink))


def _ayar_path(fill: str, female: bool) -> str:
    body = ("M-7,0 L-3,-9 C-2,-10 2,-10 3,-9 L7,0 Z" if female else
            "M-5.5,0 C-5.5,-6 -4,-9.5 0,-9.5 C4,-9.5 5.5,-6 5.5,0 Z")
    return (f'<path d="{body}" fill="{fill}" stroke="#fff" stroke-width="1.3" stroke-linejoin="round"/>'
            + _circle(0, -12.5, 3.8, fill=fill, stroke="#fff", stroke_width="1.3")
            + f'<path d="M-3.6,-14.2 H3.6" stroke="{PATH_FILL["gold"]}" stroke-width="1.6"/>')


def _marker_path(colour: str) -> str:
    ink = "#222" if colour == "gold" else "#fff"
    return (_rect(-8.5, -8.5, 17, 17, rx="3", fill=PATH_FILL[colour], stroke="#111", stroke_width="1")
            + f'<path d="M-3,-4.5 L2,0 L-3,4.5" fill="none" stroke="{ink}" stroke-width="2" stroke-linecap="round"/>')


def _pot_path(fill: str, label: str, dark: bool, viracocha: bool) -> str:
    return (f'<path d="M-4.5,-10 H4.5 L3.5,-7.5 C8.5,-5.5 9.5,2 6.5,6.5 C4.5,9.5 -4.5,9.5 -6.5,6.5 '
            f'C-9.5,2 -8.5,-5.5 -3.5,-7.5 Z" fill="{fill}" stroke="#3b2a1a" stroke-width="1"/>'
            + _glyph_text(0, 4, label, "#222" if dark else "#fff")
            + (f'<g transform="translate(6.5,-8)">{_token_path(3.6)}</g>' if viracocha else ""))


def _boat_path(seat: int) -> str:
    fill, _ = seat_fill(seat)
    return (f'<path d="M-9,-2 Q-7,5 0,5 Q7,5 9,-2 Q0,1 -9,-2 Z" fill="{fill}" stroke="#222" stroke-width="1"/>'
            '<path d="M0,-1 V-11 L6,-3 Z" fill="#f4ecd8" stroke="#222" stroke-width="0.8"/>')


def _island_path(seat: int) -> str:
    fill, _ = seat_fill(seat)
    return (f'<ellipse cx="0" cy="0" rx="7.5" ry="4" fill="{fill}" stroke="#3a5a20" stroke-width="1.2"/>'
            '<path d="M-3,-2 V-7 M0,-2.5 V-8.5 M3,-2 V-6.5" stroke="#4d7a1f" stroke-width="1.3"/>')


def _cube_path(seat: int) -> str:
    fill, _ = seat_fill(seat)
    return _rect(-4.5, -4.5, 9, 9, rx="1.5", fill=fill, stroke="#222", stroke_width="1")


def pot_ref(comp: Mapping[str, Any], pid: int | None) -> str:
    """The ``<defs>`` glyph of a Pot: by colour, printed power and symbol (facedown: one glyph)."""
    if pid is None:
        return "ay-pot-down"
    return f"ay-pot-{comp['pot_colour'][pid]}-{comp['pot_power'][pid]}{'-v' if comp['pot_viracocha'][pid] else ''}"


def _defs(obs: Obs) -> str:
    comp = _comp(obs)
    n = _n(obs)
    seats = [*range(n), NEUTRAL] if n == 1 else list(range(n))
    out = ["<defs>", f'<g id="ay-sun">{_sun_path(5)}</g>', f'<g id="ay-moon">{_moon_path(6)}</g>',
           f'<g id="ay-token">{_token_path(5)}</g>', f'<g id="ay-llama">{_llama_path("#5b3b1f")}</g>',
           f'<g id="ay-pot-down">{_pot_path("#5b4636", "?", False, False)}</g>']
    for seat in seats:
        k = _seat_key(seat)
        out.append(f'<g id="ay-tambo-{k}">{_tambo_path(seat)}</g><g id="ay-island-{k}">{_island_path(seat)}</g>'
                   f'<g id="ay-cube-{k}">{_cube_path(seat)}</g>')
        if seat != NEUTRAL:
            out.append(f'<g id="ay-boat-{k}">{_boat_path(seat)}</g>')
    for colour in MARKERS:
        out.append(f'<g id="ay-marker-{colour}">{_marker_path(colour)}</g>')
    for q, name in enumerate(PATHS):
        out.append(f'<g id="ay-ayar-{q}">{_ayar_path(PATH_FILL[name], False)}</g>'
                   f'<g id="ay-sister-{q}">{_ayar_path(PATH_FILL[name], True)}</g>')
    seen = set()
    for pid in range(len(comp["pot_colour"])):
        ref = pot_ref(comp, pid)
        if ref in seen:
            continue
        seen.add(ref)
        c = comp["pot_colour"][pid]
        colour = comp["colours"][c]
        fill = POT_FILL.get(colour, POT_OTHER[c % len(POT_OTHER)])
        glyph = _pot_path(fill, str(comp["pot_power"][pid]), colour in ("yellow", "white"), comp["pot_viracocha"][pid])
        out.append(f'<g id="{ref}">{glyph}</g>')
    out.append("</defs>")
    return "".join(out)


def _half_sun(x: float, y: float, bulge: str, r: float = SUN_R) -> str:
    """A half-sun on an edge whose midpoint is (x, y), bulging toward ``bulge`` (N/E/S/W)."""
    if bulge in "NS":
        sweep = 0 if bulge == "S" else 1
        d = f"M{_f(x - r)},{_f(y)}A{_f(r)},{_f(r)} 0 0 {sweep} {_f(x + r)},{_f(y)}Z"
    else:
        sweep = 1 if bulge == "E" else 0
        d = f"M{_f(x)},{_f(y - r)}A{_f(r)},{_f(r)} 0 0 {sweep} {_f(x)},{_f(y + r)}Z"
    return f'<path class="hs" d="{d}"/>'


def _rays(x: float, y: float, r: float = SUN_R) -> str:
    """Rays around a complete Sun (two half-suns meeting on an edge, AY-292)."""
    d = "".join(f"M{_f(x + r * 1.2 * c)},{_f(y + r * 1.2 * s)}L{_f(x + r * 1.65 * c)},{_f(y + r * 1.65 * s)}"
                for c, s in EIGHT)
    return f'<path class="rays" d="{d}"/>'


def _edge_mid(x: float, y: float, cell: float, side: str) -> tuple[float, float]:
    return {"N": (x + cell / 2, y), "S": (x + cell / 2, y + cell), "W": (x, y + cell / 2),
            "E": (x + cell, y + cell / 2)}[side]


OPPOSITE_SIDE = {"N": "S", "S": "N", "E": "W", "W": "E"}


# ============================================================================= the main board


def step_x(obs: Obs, step: int) -> float:
    return PATH_X + SPOTS_W * step / int(_comp(obs)["cusco"])


def path_y(q: int) -> float:
    return MAIN_Y + q * ROW_H


def _spot_w(obs: Obs) -> float:
    return SPOTS_W / int(_comp(obs)["cusco"])


def spot_id(path: int, k: int) -> str:
    return f"spot-{PATHS[path]}-{k}"


MAIN_FRAME = _rect(4, MAIN_Y - 4, TEMPLE_X - 12, 4 * ROW_H + 4, rx="8", fill="#efe2c4", stroke=BOARD_EDGE)


def _cusco(obs: Obs) -> str:
    cusco = _comp(obs)["cusco"]
    cx = step_x(obs, cusco)
    title = f"Cusco, step {cusco} of every path. " + RULES["cusco"].format(cusco=cusco)
    return (f'<g id="cusco" class="space">{_title(title)}'
            + _rect(cx + 2, MAIN_Y, 46, 4 * ROW_H - 6, rx="6", fill="#c9a25a", stroke="#6b4b1f", stroke_width="1.5")
            + f'<path d="M{_f(cx + 13)},{_f(MAIN_Y + 3 * ROW_H + 16)} v-12 l4,-4 l4,4 v-6 l4,-4 l4,4 v6 l4,-4 '
            f'l4,4 v12 z" fill="#e9d29b" stroke="#6b4b1f"/>'
            + _text(cx + 29, MAIN_Y + 1.6 * ROW_H, "CUSCO", "label mid",
                    transform=f"rotate(-90 {_f(cx + 29)} {_f(MAIN_Y + 1.6 * ROW_H)})")
            + "</g>")


def _path_row(obs: Obs, q: int) -> str:
    """Path ``q``'s band, name and step track (its spots and Raymi tiles follow: ``_spots``, ``_raymis``)."""
    comp = _comp(obs)
    name = PATHS[q]
    y0 = path_y(q)
    active = obs["ayars"]["active"][q]
    step = obs["ayars"]["step"][q]
    cusco = comp["cusco"]
    state = f"Ayar on step {step}" if active else "Ayar retired"
    out = [f'<g id="path-{name}" class="path{"" if active else " retired"}">',
           _title(f"The {name} path (path {q + 1}): {state}. " + RULES["path"]),
           _rect(8, y0, TEMPLE_X - 20, ROW_H - 3, rx="5", fill=PATH_TINT[name], stroke=PATH_FILL[name],
                 opacity=None if active else "0.55"),
           _circle(21, y0 + 21, 9, fill=PATH_FILL[name], stroke="#fff", stroke_width="1.5"),
           _text(34, y0 + 18, name, "label"), _text(34, y0 + 31, f"step {step}" if active else "retired", "small"),
           "</g>"]
    # the step track: a tick at every step, numbers every 5
    ticks = "".join(f"M{_f(step_x(obs, s))},{_f(y0 + 13)}v4" for s in range(cusco + 1))
    out.append(f'<path d="{ticks}M{_f(PATH_X)},{_f(y0 + 15)}H{_f(step_x(obs, cusco))}" stroke="{PATH_FILL[name]}" '
               f'opacity="0.7"/>')
    out.append("".join(_text(step_x(obs, s), y0 + ROW_H - 4, str(s), "tiny mid") for s in range(0, cusco, 5)))
    return "".join(out)


def _spots(obs: Obs, q: int, mine: bool) -> str:
    """The action spots of path ``q``; ``mine``: the acting seat places a Tambo on this path now."""
    comp = _comp(obs)
    name = PATHS[q]
    y0 = path_y(q)
    active = obs["ayars"]["active"][q]
    cusco = comp["cusco"]
    sw = _spot_w(obs)
    out = []
    acts = comp["spot_activity"][q]
    start = comp["start_step"]
    cap = comp["spot_capacity"]
    for k in range(1, cusco + 1):
        a = acts[k - 1]
        x = step_x(obs, k - 1) + 0.6
        occ = obs["spots"][q][k]
        where = f"{name} spot {k} (between steps {k - 1} and {k}): {ACTIVITY_NAMES.get(a, a)}"
        if k <= start:
            cls, text = "spot unused", f"{where}, behind the start step. " + RULES["spot-unused"].format(start=start)
        elif not active:
            cls, text = "spot closed", f"{where}. " + RULES["spot-retired"]
        else:
            held = ", ".join(f"a Tambo of {seat_name(o)}" for o in occ) or "free"
            cls, text = "spot", f"{where}; {held}. " + RULES["spot"].format(cap=cap)
        act = f' data-action="spot {k}"' if mine and k > start else ""
        letter = "" if occ else f'<text x="{_f(x + (sw - 1.2) / 2)}" y="{_f(y0 + 29.5)}">{escape(a)}</text>'
        out.append(f'<g id="{spot_id(q, k)}" class="{cls} a-{escape(a)}"{act}>{_title(text)}'
                   f'<rect x="{_f(x)}" y="{_f(y0 + 17)}" width="{_f(sw - 1.2)}" height="18" rx="2"/>{letter}</g>')
    return "".join(out)


def _raymis(obs: Obs, q: int) -> str:
    return "".join(_raymi(obs, q, j, rs) for j, rs in enumerate(_comp(obs)["raymi_steps"]))


def _raymi(obs: Obs, q: int, j: int, rs: int) -> str:
    tile = obs["raymi"][q * len(_comp(obs)["raymi_steps"]) + j]
    x, y = step_x(obs, rs), path_y(q) + 8
    ident = f"raymi-{PATHS[q]}-{rs}"
    if tile:
        act = ACTIVITY_NAMES.get(tile, tile)
        text = (f"Raymi tile on {PATHS[q]} step {rs}: {act}. Reaching it scores every player's {act} Sun value into "
                f"their Inti dial. " + RULES["raymi"])
        body = (f'<path d="M{_f(x)},{_f(y - 8)} l8,8 l-8,8 l-8,-8 z" fill="{ACT_FILL.get(tile, "#ddd")}" '
                f'stroke="{ACT_DARK.get(tile, "#333")}" stroke-width="1.5"/>'
                + _text(x, y + 3.5, tile, "raymi-letter mid", style=f"fill:{ACT_DARK.get(tile, '#333')}"))
    else:
        text = f"Raymi space on {PATHS[q]} step {rs}: no tile. " + RULES["raymi-gone"]
        body = (f'<path d="M{_f(x)},{_f(y - 7)} l7,7 l-7,7 l-7,-7 z" fill="none" stroke="#9a8f7a" '
                f'stroke-dasharray="2 2"/>')
    return f'<g id="{ident}" class="raymi" data-tile="{escape(tile)}">{_title(text)}{body}</g>'


def _temple_track(obs: Obs, acting: bool) -> str:
    n = _n(obs)
    out = [_rect(TEMPLE_X - 4, MAIN_Y - 4, WIDTH - TEMPLE_X, 4 * ROW_H + 4, rx="8", fill="#e8dcc0",
                 stroke=BOARD_EDGE),
           _text(TEMPLE_X + 6, MAIN_Y + 8, "Temple track", "small")]
    num = _comp(obs)["rule_numbers"]
    rule = RULES["temple"].format(sun=num["TEMPLE_SUN_PER_NIGHT"], fallback=num["TEMPLE_FALLBACK_SUN"])
    for q in range(4):
        name = PATHS[q]
        y0 = path_y(q)
        closed = obs["temple_closed"][q]
        markers = obs["temple"][q]
        tokens = obs["temple_token"][q]
        who = ", ".join(seat_name(s) for s in markers) or "none"
        state = ("closed: its Ayar retired and its markers scored" if closed else
                 f"Temple markers: {who}; {tokens} Viracocha beside the sister")
        act = f' data-action="temple {name}"' if acting else ""
        out.append(f'<g id="temple-{name}" class="temple-row{" closed" if closed else ""}"{act}>'
                   + _title(f"{name.capitalize()} temple row: {state}. {rule}")
                   + _rect(TEMPLE_X + 2, y0 + 10, WIDTH - TEMPLE_X - 14, ROW_H - 13, rx="5", fill=PATH_TINT[name],
                           stroke=PATH_FILL[name], stroke_width="1.2", opacity="0.6" if closed else None)
                   + _use(f"ay-sister-{q}", TEMPLE_X + 16, y0 + 38))
        for i in range(tokens):
            out.append(_use("ay-token", TEMPLE_X + 34 + i * 6, y0 + 25, 1.2))
        for i in range(n):
            x = TEMPLE_X + 60 + i * 26
            if i in markers:
                fill, ink = seat_fill(i)
                out.append(_rect(x - 9, y0 + 16, 18, 18, rx="9", fill=fill, stroke="#222")
                           + _text(x, y0 + 28.5, str(i + 1), "glyph mid", style=f"fill:{ink}"))
            else:
                out.append(_circle(x, y0 + 25, 8, fill="none", stroke=PATH_FILL[name], stroke_width="0.8",
                                   stroke_dasharray="2 2", opacity="0.7"))
        if closed:
            out.append(_text(WIDTH - 52, y0 + 29, "closed", "small mid"))
        out.append("</g>")
    return "".join(out)


def _ayar_pieces(obs: Obs, acting: bool) -> str:
    out = []
    for q in range(4):
        name = PATHS[q]
        step = obs["ayars"]["step"][q]
        stamp = obs["ayars"]["stamp"][q]
        active = obs["ayars"]["active"][q]
        if active:
            x, y = step_x(obs, step), path_y(q) + 15
            text = f"The {name} Ayar on step {step} (last move stamp {stamp or 'none: never moved'}). " + RULES["ayar"]
        else:
            x, y = WIDTH - 26, path_y(q) + 38
            text = f"The {name} Ayar, retired to the temple track. " + RULES["ayar-retired"]
        out.append(_piece(f"ayar-{name}", "ayar", x, y, text, _use(f"ay-ayar-{q}"),
                          action=f"ayar {name}" if acting and active else None))
    return "".join(out)


def _spot_tambos(obs: Obs) -> str:
    comp = _comp(obs)
    cap = comp["spot_capacity"]
    sw = _spot_w(obs)
    scale = min(1.0, (sw - 2) / 14)
    out = []
    for q in range(4):
        for k in range(1, comp["cusco"] + 1):
            occ = obs["spots"][q][k]
            for i, o in enumerate(occ):
                x = step_x(obs, k - 1) + sw / 2 + (i - (len(occ) - 1) / 2) * 6
                ident = f"tambo-{PATHS[q]}-{k}" + (f"-{i}" if i else "")
                out.append(_piece(ident, "tambo", x, path_y(q) + 26.5,
                                  f"Tambo of {seat_name(o)} on {PATHS[q]} spot {k}. " + RULES["tambo-spot"],
                                  _use(f"ay-tambo-{_seat_key(o)}", scale=scale), passive=len(occ) < cap))
    return "".join(out)


# ============================================================================= the Lake board


LAKE_FRAME = (f'<g id="lake">{_title("The Lake board. " + RULES["lake"])}'
              + _rect(4, LAKE_Y, WIDTH - 8, LAKE_H, rx="10", fill="#e3eef0", stroke="#6f9bb0", stroke_width="1.5")
              + "</g>")


def _stacks(obs: Obs, acting: bool, used_stacks: int, chosen_stack: int) -> str:
    """The Textile stacks; ``used_stacks``: the bits of the stacks used in this Weaving action (0 outside one),
    ``chosen_stack``: the stack whose top is being laid (-1 when none)."""
    comp = _comp(obs)
    out = [_text(STACK_X, LAKE_Y + 18, "Weaving · Textile stacks", "label")]
    for i, size in enumerate(obs["textile_sizes"]):
        x, y = STACK_X + i * 64, LAKE_Y + 28
        top = obs["textile_tops"][i]
        colour = TEXTILE_FILL[i % 4]
        if top is None:
            what = "empty"
        else:
            tid, power, halves, vir = comp["textiles"][top]
            what = (f"top {tid} (power {power}, half-suns {' '.join(halves)}{', Viracocha' if vir else ''}); "
                    f"{size} Textile(s) in the stack")
        used = (used_stacks >> i) & 1
        chosen = chosen_stack == i
        note = "; its top is being laid now (AY-806)" if chosen else (
            "; already used in this action (AY-281)" if used else "")
        act = f' data-action="textile {i + 1}"' if acting else ""
        out.append(f'<g id="textile-stack-{i + 1}" class="stack"{act}>'
                   + _title(f"Textile stack {i + 1} (power {i + 1}): {what}{note}. " + RULES["stack"])
                   + _rect(x, y, 58, 86, rx="6", fill="#fff6d8" if chosen else "#f7f1e3",
                           stroke="#c79a00" if chosen else colour, stroke_width="3" if chosen else "2",
                           stroke_dasharray="4 3" if top is None else None,
                           opacity="0.6" if used and not chosen else None)
                   + _text(x + 8, y + 16, str(i + 1), "count", style=f"fill:{colour}")
                   + _text(x + 52, y + 15, f"×{size}", "small end")
                   + "".join(_rect(x + 7 + d * 2, y + 34 + d * 2.5, 2 * TILE_CELL, TILE_CELL, rx="3",
                                   fill="#d9ccb0", stroke="#a08f6e", stroke_width="0.6")
                             for d in range(min(size - 1, 4), 0, -1))
                   + "</g>")
    return "".join(out)


def stack_top_xy(i: int) -> tuple[float, float]:
    return STACK_X + i * 64 + 7, LAKE_Y + 28 + 34


def _tile_body(comp: Mapping[str, Any], tile: int, cells: Sequence[tuple[float, float, int]], cell: float,
               r: float, highlight: bool = False) -> str:
    """A Textile over its two cells ((x, y, half-sun mask) relative to the piece origin), with its half-suns."""
    tid, stack, _, vir = comp["textiles"][tile]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs) + cell, max(ys) + cell
    fill = TEXTILE_FILL[(stack - 1) % 4]
    out = [_rect(x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2, rx="3", fill=fill,
                 stroke="#ffec99" if highlight else "#2b1d12", stroke_width="2.2" if highlight else "1")]
    # a woven zigzag along the tile
    if x1 - x0 > y1 - y0:
        pts = [(x0 + 4 + k * (x1 - x0 - 8) / 8, (y0 + y1) / 2 + (2.5 if k % 2 else -2.5)) for k in range(9)]
    else:
        pts = [((x0 + x1) / 2 + (2.5 if k % 2 else -2.5), y0 + 4 + k * (y1 - y0 - 8) / 8) for k in range(9)]
    zig = "M" + "L".join(f"{_f(px)},{_f(py)}" for px, py in pts)
    out.append(f'<path d="{zig}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/>')
    for cx, cy, mask in cells:
        for side, bit in SIDE_BIT.items():
            if mask & bit:
                ex, ey = _edge_mid(cx, cy, cell, side)
                out.append(_half_sun(ex, ey, OPPOSITE_SIDE[side], r))
    if vir:
        out.append(_use("ay-token", x1 - 5, y0 + 5, 0.68))
    out.append(_text((x0 + x1) / 2, y1 - 2.5, tid, "tile-id mid"))
    return "".join(out)


def canonical_masks(comp: Mapping[str, Any], tile: int) -> tuple[int, int]:
    """C10 canonical form: the half-sun sides of cell a and of cell b (b to the right of a)."""
    a = b = 0
    for hs in comp["textiles"][tile][2]:
        if hs[0] == "a":
            a |= SIDE_BIT[hs[1]]
        else:
            b |= SIDE_BIT[hs[1]]
    return a, b


def oriented_masks(comp: Mapping[str, Any], tile: int, d: str, flipped: bool) -> tuple[int, int]:
    """C10 placement geometry: flip (N<->S) first, then rotate clockwise once per step of E, S, W, N."""
    a, b = canonical_masks(comp, tile)
    if flipped:
        a, b = flip(a), flip(b)
    r = DIRS.index(d)
    return rotate(a, r), rotate(b, r)


def _stack_tops(obs: Obs) -> str:
    comp = _comp(obs)
    out = []
    for i, top in enumerate(obs["textile_tops"]):
        if top is None:
            continue
        x, y = stack_top_xy(i)
        a, b = canonical_masks(comp, top)
        tid, power, halves, vir = comp["textiles"][top]
        text = f"Textile {tid} on top of stack {i + 1}: power {power}, half-suns {' '.join(halves)}" + (
            ", Viracocha symbol (AY-283 [R] a token at once)." if vir else ".")
        out.append(_piece(f"textile-{tid}", "textile", x, y, text,
                          _tile_body(comp, top, ((0, 0, a), (TILE_CELL, 0, b)), TILE_CELL, 6.0), passive=True))
    return "".join(out)


def _market(obs: Obs, acting: bool) -> str:
    comp = _comp(obs)
    num = comp["rule_numbers"]
    slots = comp["market_slots"]
    rule = RULES["market"].format(per=POTS_PER_ACTION)
    out = [_text(MARKET_X, LAKE_Y + 18, "Pottery · market", "label")]
    for i in range(slots):
        x, y = MARKET_X + i * 40, LAKE_Y + 28
        pid = obs["market"][i] if i < len(obs["market"]) else -1
        what = _pot_words(comp, pid) if pid is not None and pid >= 0 else "empty"
        act = f' data-action="pot m{i + 1}"' if acting else ""
        out.append(f'<g id="market-{i + 1}" class="market-slot"{act}>{_title(f"Market slot {i + 1}: {what}. {rule}")}'
                   + _rect(x, y, 36, 60, rx="5", fill="#f6eadf", stroke="#9c4a22")
                   + _text(x + 18, y + 56, str(i + 1), "tiny mid") + "</g>")
    sx = MARKET_X + slots * 40 + 6
    size = obs["stack_size"]
    act = ' data-action="pot facedown"' if acting else ""
    stack = "".join(_use("ay-pot-down", sx + 22 - d * 1.8, LAKE_Y + 56 - d * 2.6, 1.2)
                    for d in range(min(size, 4) - 1, -1, -1))
    out.append(f'<g id="pot-stack" class="pot-stack"{act}>'
               + _title(f"Facedown Pot stack: {size} Pot(s). "
                        + RULES["pot-stack"].format(cost=num["FACEDOWN_COST"], max=num["FACEDOWN_MAX"],
                                                    below=num["RESHUFFLE_BELOW"]))
               + _rect(sx, LAKE_Y + 28, 44, 60, rx="5", fill="#efe3d2", stroke="#5b4636",
                       stroke_dasharray="4 3" if size == 0 else None)
               + stack + _text(sx + 22, LAKE_Y + 73, f"×{size}", "tiny mid")
               + _text(sx + 22, LAKE_Y + 84, f"cost {num['FACEDOWN_COST']}", "tiny mid") + "</g>")
    return "".join(out)


def _market_pots(obs: Obs) -> str:
    comp = _comp(obs)
    out = []
    for i, pid in enumerate(obs["market"]):
        if pid is None or pid < 0:
            continue
        out.append(_piece(f"pot-{pid}", "pot", MARKET_X + i * 40 + 18, LAKE_Y + 54,
                          f"Pot {_pot_words(comp, pid)} in market slot {i + 1}.", _use(pot_ref(comp, pid), scale=1.4),
                          passive=True))
    return "".join(out)


def _terrace(obs: Obs) -> str:
    comp = _comp(obs)
    cells = obs["terrace_cells"]
    cols = comp["terrace_cols"]
    rows = -(-cells // cols)
    size = min(18.0, 124.0 / cols, 120.0 / rows)
    counts: dict[int, int] = {}
    for o in obs["terrace"]:
        counts[o] = counts.get(o, 0) + 1
    planted = ", ".join(f"{seat_name(o)} {k}" for o, k in sorted(counts.items(), key=lambda kv: (kv[0] < 0, kv[0])))
    title = (f"Terrace: {len(obs['terrace'])} of {cells} spaces planted this round"
             + (f" ({planted})" if planted else "") + ". " + RULES["terrace"])
    out = [_text(TERRACE_X, LAKE_Y + 18, "Terrace", "label"),
           f'<g id="terrace">{_title(title)}'
           + _rect(TERRACE_X - 4, LAKE_Y + 26, cols * size + 8, rows * size + 8, rx="4", fill="#b99a6b",
                   stroke="#6b4b1f") + "</g>"]
    for k in range(cells):
        r, c = divmod(k, cols)
        x, y = TERRACE_X + c * size, LAKE_Y + 30 + r * size
        owner = obs["terrace"][k] if k < len(obs["terrace"]) else None
        what = f"Maize of {seat_name(owner)}" if owner is not None else "empty"
        body = _rect(x + 0.5, y + 0.5, size - 1, size - 1, class_="tspace")
        if owner is None:
            body += _text(x + size / 2, y + size / 2 + 3, str(k + 1), "tiny mid faint")
        else:
            body += _use(f"ay-cube-{_seat_key(owner)}", x + size / 2, y + size / 2, size / 15)
        out.append(f'<g id="terrace-{k + 1}" class="terrace-space">{_title(f"Terrace space {k + 1}: {what}.")}'
                   f"{body}</g>")
    return "".join(out)


# ---- the route: two rows, spaces 0..half left to right, then back right to left
ROUTE_ROWS = (LAKE_Y + 58, LAKE_Y + 128)


def _route_dx(obs: Obs) -> float:
    per = (len(_comp(obs)["route"]) + 1) // 2
    return (WIDTH - 10 - ROUTE_X) / max(per, 1)


def route_xy(obs: Obs, s: int) -> tuple[float, float]:
    n = len(_comp(obs)["route"])
    per = (n + 1) // 2
    dx = _route_dx(obs)
    if s < per:
        return ROUTE_X + dx / 2 + s * dx, ROUTE_ROWS[0]
    return ROUTE_X + dx / 2 + (n - 1 - s) * dx, ROUTE_ROWS[1]


def _route(obs: Obs, acting: bool) -> str:
    comp = _comp(obs)
    route = comp["route"]
    n = len(route)
    dx = _route_dx(obs)
    out = [_text(ROUTE_X, LAKE_Y + 18, "Reed · Boat route", "label")]
    # Lake sections: a water band behind each run of spaces of one section in one row, labelled where it starts
    per = (n + 1) // 2
    runs: list[tuple[int, int, int]] = []
    for s in range(1, n):
        sec = route[s][3]
        if runs and runs[-1][0] == sec and (runs[-1][2] < per) == (s < per):
            runs[-1] = (sec, runs[-1][1], s)
        else:
            runs.append((sec, s, s))
    labelled: set[int] = set()
    for sec, a, b in runs:
        (xa, ya), (xb, _) = route_xy(obs, a), route_xy(obs, b)
        lo, hi = min(xa, xb) - dx / 2 + 1, max(xa, xb) + dx / 2 - 1
        tokens = obs["lake"][sec] if 0 <= sec < len(obs["lake"]) else 0
        letter = SECTIONS[sec] if 0 <= sec < len(SECTIONS) else "?"
        first = sec not in labelled
        labelled.add(sec)
        ident = f' id="lake-{letter}"' if first else ""
        title = _title(f"Lake section {letter}: {tokens} Viracocha token(s). " + RULES["section"])
        end, way = (lo + 8, 1) if a < per else (hi - 8, -1)
        out.append(f'<g{ident} class="lake-section" data-section="{letter}">{title}'
                   + _rect(lo, ya - 32, hi - lo, 64, rx="14", fill=WATER, stroke=WATER_DARK)
                   + _text(end, ya - 17, letter, "label mid", style="fill:#245d93"))
        if first:
            out.append("".join(_use("ay-token", end + way * t * 10, ya + 23, 0.92) for t in range(tokens)))
        out.append("</g>")
    pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in (route_xy(obs, s) for s in range(n)))
    out.append(f'<polyline points="{pts}" fill="none" stroke="#7a6a3a" stroke-width="2.5" stroke-dasharray="5 3"/>')
    boats: dict[int, list[int]] = {}
    for i, p in enumerate(obs["players"]):
        boats.setdefault(p["boat"], []).append(i)
    for s in range(n):
        out.append(_route_space(obs, s, boats.get(s, []), acting))
    return "".join(out)


def _route_space(obs: Obs, s: int, here: Sequence[int], acting: bool) -> str:
    comp = _comp(obs)
    x, y = route_xy(obs, s)
    cost, moon, yellow, sec = comp["route"][s]
    isl = obs["route"][s]
    pieces = []
    if isl:
        pieces.append("Islands of " + ", ".join(seat_name(o) for o in isl))
    if here:
        pieces.append("Boats of " + ", ".join(seat_name(o) for o in here))
    what = ("; " + "; ".join(pieces)) if pieces else ""
    if s == 0:
        body = (_rect(x - 16, y - 10, 32, 20, rx="3", fill="#a97c50", stroke="#5b3b1f")
                + '<path d="' + "".join(f"M{_f(x - 12 + k * 8)},{_f(y - 10)}v20" for k in range(4))
                + '" stroke="#5b3b1f" stroke-width="0.8"/>')
        title = _title(f"The dock (route space 0){what}. " + RULES["dock"])
        return f'<g id="route-0" class="route-space dock">{title}{body}</g>'
    sect = SECTIONS[sec] if 0 <= sec < len(SECTIONS) else "?"
    kind = "yellow Island slot" if yellow else ("Island slot" if moon else "space")
    cost_now = 0 if isl else cost
    text = (f"Route space {s}: {kind}, cost {cost}" + (" (0 now: it holds an Island)" if isl else "")
            + (f", Island Moon {moon}" if moon else "") + f", Lake section {sect}{what}. " + RULES["route"]
            + (" " + RULES["route-slot"] if moon else "") + (" " + RULES["route-yellow"] if yellow else ""))
    r = 15.0 if moon else 12.0
    cls = "rsp yellow" if yellow else ("rsp slot" if moon else "rsp")
    act = f' data-action="boat {s}"' if acting else ""
    body = _circle(x, y, r, class_=cls) + _text(x, y - (3 if moon else -3.5), str(s), "route-num mid")
    if moon:
        body += _text(x, y + 9, f"☾{moon}", "tiny mid moon")
    body += _text(x + r - 1, y - r + 3, str(cost_now), "cost mid")
    return (f'<g id="route-{s}" class="route-space{" yellow" if yellow else ""}" data-cost="{cost_now}"{act}>'
            f"{_title(text)}{body}</g>")


def _boat_xy(obs: Obs, seat: int) -> tuple[float, float]:
    s = obs["players"][seat]["boat"]
    same = [i for i, q in enumerate(obs["players"]) if q["boat"] == s]
    k = same.index(seat)
    x, y = route_xy(obs, s)
    return x - (len(same) - 1) * 6 + k * 12, y - 21


def _island_xy_route(obs: Obs, s: int, k: int, count: int) -> tuple[float, float]:
    x, y = route_xy(obs, s)
    return x - (count - 1) * 7 + k * 14, y + 21


def _route_pieces(obs: Obs) -> str:
    out = []
    for i, p in enumerate(obs["players"]):
        x, y = _boat_xy(obs, i)
        where = "at the dock" if p["boat"] == 0 else f"on route space {p['boat']}"
        out.append(_piece(f"boat-{i}", "boat", x, y, f"Boat of {seat_name(i)} {where}. " + RULES["boat"],
                          _use(f"ay-boat-{i}"), passive=True))
    # the Rival's neutral Islands have no slot on a board: drawn with their route space (its title names them)
    for s, owners in enumerate(obs["route"]):
        for k, o in enumerate(owners):
            if o == NEUTRAL:
                x, y = _island_xy_route(obs, s, k, len(owners))
                out.append(f'<g class="neutral-island passive">{_use("ay-island-r", x, y)}</g>')
    return "".join(out)


# ============================================================================= the player boards


class Layout:
    """Where each seat's board lies and how much it is enlarged (boards are drawn at BOARD_W x BOARD_H)."""

    def __init__(self, obs: Obs | int) -> None:
        n = obs if isinstance(obs, int) else _n(obs)
        slots = max(n, 2)                     # a solo game shows the Rival beside the board
        width = (WIDTH - GAP * (slots + 1)) / slots
        self.zoom = min(width / BOARD_W, MAX_ZOOM)
        self.origins = [(GAP + i * (width + GAP) + (width - BOARD_W * self.zoom) / 2, BOARDS_Y) for i in range(slots)]
        self.height = BOARDS_Y + BOARD_H * self.zoom + GAP

    def at(self, seat: int, x: float, y: float) -> tuple[float, float]:
        ox, oy = self.origins[seat]
        return ox + x * self.zoom, oy + y * self.zoom

    def group(self, seat: int) -> str:
        ox, oy = self.origins[seat]
        return f'transform="translate({_f(ox)},{_f(oy)}){f" scale({self.zoom:.4g})" if self.zoom != 1 else ""}"'


@lru_cache(maxsize=8)
def layout(n: int) -> Layout:
    """The board layout of an ``n``-player table."""
    return Layout(n)


# local coordinates on a board
GRID_X, GRID_Y = 30.0, 54.0
WEAVE_X, WEAVE_Y = 158.0, 44.0
IX, IY = 214.0, 150.0      # Inti dial
TX, TY = 176.0, 184.0      # Temple marker reserve
POTROW_Y = 212.0
BOX_Y = 262.0
ISLAND_Y = 300.0
BONUS_Y = 346.0


def grid_cell_xy(c: int) -> tuple[float, float]:
    """Centre of Tambo grid cell c (0..15) in board coordinates."""
    r, col = divmod(c, 4)
    return GRID_X + col * (CELL + 2) + CELL / 2, GRID_Y + r * (CELL + 2) + CELL / 2


def slot_xy(s: int) -> tuple[float, float]:
    """Centre of Step slot s (r1..r4 left of the rows, c1..c4 above the columns, AY-091)."""
    if s < 4:
        return GRID_X - 14, GRID_Y + s * (CELL + 2) + CELL / 2
    return GRID_X + (s - 4) * (CELL + 2) + CELL / 2, GRID_Y - 14


def reserve_xy(m: int) -> tuple[float, float]:
    return 18 + m * 24, 192


def weave_xy(r: int, c: int) -> tuple[float, float]:
    """Top-left corner of weaving cell (r, c), 0-based, in board coordinates."""
    return WEAVE_X + c * WCELL, WEAVE_Y + r * WCELL


def potrow_xy(k: int) -> tuple[float, float]:
    return 20 + k * 27, POTROW_Y + 22


def island_xy(k: int) -> tuple[float, float]:
    return 20 + k * 27, ISLAND_Y + 18


def _board_head(obs: Obs, seat: int, n: int, me: bool, actor: bool) -> str:
    """The opening of a seat's board (``<g>`` until ``BOARD_END``): its frame, name and the "to play" badge."""
    lay = layout(n)
    p = obs["players"][seat]
    fill, ink = seat_fill(seat)
    start = obs["start"] == seat
    head = f"P{seat + 1}{' (you)' if me else ''}"
    sun, moon, llamas, _ = seat_scores(obs, seat)
    summary = f"{head}'s board: Sun {sun}, Moon {moon}, Inti {p['inti']}, Llamas {llamas}."
    out = [f'<g id="seat{seat}" class="seat-board{" active" if actor else ""}{" mine" if me else ""}" '
           f'{lay.group(seat)}>', _title(summary),
           _rect(0, 0, BOARD_W, BOARD_H, rx="8", fill="#fffaf0" if actor else BOARD_FILL,
                 stroke="#c79a00" if actor else BOARD_EDGE, stroke_width="3" if actor else None),
           f'<path d="M0,24V8A8,8 0 0 1 8,0H{_f(BOARD_W - 8)}A8,8 0 0 1 {_f(BOARD_W)},8V24Z" fill="{fill}"/>',
           f'<g id="seat{seat}-head">{_title(head + (" — start player. " + RULES["start"] if start else "."))}'
           + _text(8, 17, head, "head", style=f"fill:{ink}")
           + (_rect(BOARD_W - 154, 5, 32, 14, rx="7", fill=PATH_FILL["gold"], stroke="#5b4300")
              + _text(BOARD_W - 138, 15, "start", "glyph mid") if start else "")
           + "</g>"]
    if actor:
        out.append(_text(86 if me else 36, 17, "to play", "badge", style=f"fill:{ink}"))
    return "".join(out)


BOARD_END = "</g>"


def seat_scores(obs: Obs, seat: int) -> tuple[int, int, int, int]:
    """A seat's Sun, Moon and Llamas as its card shows them, and the Llamas it spent: once the game is over the
    Llamas are spent on Sun and Moon (AY-481..AY-483), so the card agrees with the ranking's final score."""
    p = obs["players"][seat]
    if obs["final"]:
        final = obs["final"][seat]          # FinalScore: final, high, tokens, llamas, sun, moon
        return int(final[4]), int(final[5]), 0, int(final[3])
    return int(p["sun"]), int(p["moon"]), int(p["llamas"]), 0


def _scores(obs: Obs, seat: int) -> str:
    ink = seat_fill(seat)[1]
    x = BOARD_W - 118
    sun, moon, llamas, spent = seat_scores(obs, seat)
    values = {"sun": sun, "moon": moon, "llamas": llamas}
    after = f" after the {spent} Llama(s) spent at the end (AY-483)" if spent else ""
    out = []
    for key, dx, glyph, rule in (("sun", 0, "ay-sun", "sun"), ("moon", 44, "ay-moon", "sun"),
                                 ("llamas", 88, "ay-llama", "llamas")):
        value = values[key]
        said = f"P{seat + 1} {key.capitalize()}: {value}{after if key != 'llamas' else ''}. "
        out.append(f'<g id="seat{seat}-{key}">{_title(said + RULES[rule])}'
                   + (f'<g transform="translate({_f(x + dx + 2)},12)">{_llama_path(ink)}</g>' if key == "llamas"
                      else _use(glyph, x + dx, 12))
                   + _text(x + dx + 10, 17, str(value), "score", style=f"fill:{ink}") + "</g>")
    return "".join(out)


def _clan_glyph(kind: str) -> str:
    """C5 clan bonus icons: Viracocha, Llamas, Inti, Moon."""
    return {"viracocha": "ay-token", "llamas": "ay-llama", "inti": "ay-sun"}.get(kind, "ay-moon")


def _grid(obs: Obs, seat: int) -> str:
    """A seat's Tambo grid: its cells and quadrants (its Step slots follow: ``_slots``)."""
    p = obs["players"][seat]
    title = f"P{seat + 1} Tambo grid: {sum(p['grid'])} Tambos left. " + RULES["grid"]
    out = [f'<g class="grid">{_title(title)}'
           + _rect(GRID_X - 4, GRID_Y - 4, 4 * (CELL + 2) + 6, 4 * (CELL + 2) + 6, rx="4", fill="#d7c29a",
                   stroke="#7a5c2e") + "</g>"]
    for c in range(16):
        x, y = grid_cell_xy(c)
        name = cell_name(c)
        out.append(f'<g id="seat{seat}-cell-{name}" class="grid-cell">'
                   + _title(f"P{seat + 1} grid cell {name}: {'a Tambo' if p['grid'][c] else 'empty'}.")
                   + f'<rect class="gcell" x="{_f(x - CELL / 2)}" y="{_f(y - CELL / 2)}" width="{_f(CELL)}" '
                   f'height="{_f(CELL)}" rx="2"/></g>')
    mx, my = GRID_X + 2 * (CELL + 2) - 1, GRID_Y + 2 * (CELL + 2) - 1      # quadrant dividers (C4)
    out.append(f'<path d="M{_f(mx)},{_f(GRID_Y - 3)}V{_f(GRID_Y + 4 * (CELL + 2) + 1)}M{_f(GRID_X - 3)},{_f(my)}'
               f'H{_f(GRID_X + 4 * (CELL + 2) + 1)}" stroke="#7a5c2e" stroke-width="1.6"/>')
    return "".join(out)


def _slots(obs: Obs, seat: int, own: bool) -> str:
    """A seat's Step slots; ``own``: the observer's own board, whose slots name the action a click on them would
    mean (``data-action``; the client asks why it is not legal, or says whose turn it is)."""
    return "".join(_slot(obs, seat, s, own) for s in range(8)) + _text(8, 179, "Step markers", "tiny")


def _slot(obs: Obs, seat: int, s: int, own: bool) -> str:
    comp = _comp(obs)
    p = obs["players"][seat]
    x, y = slot_xy(s)
    lane = LANES[s]
    arrows = comp["slot_arrows"][s]
    moon = comp["slot_moon"][s]
    kind, amount = comp["slot_bonus"][s]
    left = sum(1 for c in _lane_cells(s) if p["grid"][c])
    laid = p["slots"][s]
    state = (f"the {MARKERS[laid]} marker lies here" if laid >= 0 else
             ("free" if left else "its lane is empty: no marker may be laid (AY-093)"))
    bonus = f"{amount} {kind.capitalize()}"
    power = f"power {5 - left} if a Tambo is taken (AY-151)" if left else "no power"
    text = (f"P{seat + 1} Step slot {lane.upper()}: {state}; {arrows} arrow(s), Moon {moon}, clan bonus {bonus}; "
            f"{power}. " + RULES["slot"].format(arrows=arrows, moon=moon, bonus=bonus))
    act = f' data-action="slot {lane}"' if own else ""
    if s < 4:
        chev = "".join(f"M{_f(x - 5 + k * 4 - (arrows - 1) * 2)},{_f(y - 6)}l3,3.5l-3,3.5" for k in range(arrows))
    else:   # column slots point down
        chev = "".join(f"M{_f(x - 3.5)},{_f(y - 7 + k * 4 - (arrows - 1) * 2)}l3.5,3l3.5,-3" for k in range(arrows))
    body = (f'<rect class="slotbox" x="{_f(x - 10)}" y="{_f(y - 10)}" width="20" height="20" rx="3"/>'
            f'<path class="chev" d="{chev}"/>' + _text(x + 9, y + 9, str(moon), "tiny end moon"))
    # the clan bonus at the far end of the lane (faded once paid)
    bx, by = (GRID_X + 4 * (CELL + 2) + 9, y) if s < 4 else (x, GRID_Y + 4 * (CELL + 2) + 8)
    faded = ' opacity="0.35"' if left == 0 else ""
    clan = (f'<g class="clan-bonus"{faded}>'
            + _text(bx - 2, by + 3, str(amount), "tiny end") + _use(_clan_glyph(kind), bx + 3.5, by, 0.62) + "</g>")
    return f'<g id="seat{seat}-slot-{lane}" class="slot"{act}>{_title(text)}{body}</g>{clan}'


def _inti(obs: Obs, seat: int) -> str:
    p = obs["players"][seat]
    temples = p["temples"]
    title = f"P{seat + 1} Inti dial: {p['inti']}. " + RULES["inti"]
    rays = "".join(f"M{_f(IX + 15 * c)},{_f(IY + 15 * s)}L{_f(IX + 19 * c)},{_f(IY + 19 * s)}" for c, s in EIGHT)
    dial = (f'<g id="seat{seat}-inti">{_title(title)}'
            + f'<path d="{rays}" stroke="{SUN_EDGE}" stroke-width="1.5"/>'
            + _circle(IX, IY, 15, fill="#ffe9a8", stroke=SUN_EDGE, stroke_width="1.5")
            + _text(IX, IY + 4.5, str(p["inti"]), "count mid")
            + _text(IX - 26, IY + 3, "Inti", "tiny end") + "</g>")
    fill, _ = seat_fill(seat)
    marks = "".join(_rect(TX + i * 13, TY, 11, 11, rx="5.5", fill=fill, stroke="#222", stroke_width="0.8")
                    for i in range(temples))
    title = f"P{seat + 1}: {temples} Temple marker(s) left. " + RULES["temples"]
    res = (f'<g id="seat{seat}-temples">{_title(title)}'
           + _text(TX, TY - 4, "Temple markers", "tiny") + (marks or _text(TX, TY + 9, "none", "tiny")) + "</g>")
    return dial + res


# ---- weaving area
def _frame_set(comp: Mapping[str, Any]) -> set[tuple[int, int, str]]:
    return {(int(r), int(c), str(s)) for r, c, s in comp["frame"]}


def weave_suns(comp: Mapping[str, Any], weave: Sequence[int]) -> list[tuple[int, int, str]]:
    """The complete Suns of a weaving area (AY-292): (row, col 0-based, side) of one cell of each matched edge."""
    rows, cols = comp["weave_shape"]
    frame = _frame_set(comp)
    out = []
    for r in range(rows):
        for c in range(cols):
            m = weave[r * cols + c]
            if m <= 0:
                continue
            up = weave[(r - 1) * cols + c] if r > 0 else -1
            left = weave[r * cols + c - 1] if c > 0 else -1
            if m & N and ((r == 0 and (r + 1, c + 1, "N") in frame) or (up > 0 and up & S)):
                out.append((r, c, "N"))
            if m & W and ((c == 0 and (r + 1, c + 1, "W") in frame) or (left > 0 and left & E)):
                out.append((r, c, "W"))
            if m & S and r == rows - 1 and (r + 1, c + 1, "S") in frame:
                out.append((r, c, "S"))
            if m & E and c == cols - 1 and (r + 1, c + 1, "E") in frame:
                out.append((r, c, "E"))
    return out


def weave_moon(comp: Mapping[str, Any], weave: Sequence[int]) -> int:
    """AY-294..AY-296 the value under the rightmost column of the unbroken run of complete columns."""
    rows, cols = comp["weave_shape"]
    value = 0
    for c in range(cols):
        if not all(weave[r * cols + c] >= 0 for r in range(rows)):
            break
        value = comp["column_moon"][c]
    return value


def _weave_area(obs: Obs, seat: int, preview: tuple[int, int, int, int, int] | None = None) -> str:
    """The weaving area of a seat's board; for a chooser preview, with one more Textile laid and no ids."""
    comp = _comp(obs)
    p = obs["players"][seat]
    rows, cols = comp["weave_shape"]
    weave = list(p["weave"])
    if preview is not None:
        ia, ib, ma, mb, _ = preview
        weave[ia], weave[ib] = ma, mb
    suns = weave_suns(comp, weave)
    moon = weave_moon(comp, weave)
    frame = _rect(WEAVE_X - 7, WEAVE_Y - 7, cols * WCELL + 14, rows * WCELL + 14, rx="4", fill="#8a6a43",
                  stroke="#4e3719")
    if preview is None:
        title = (f"P{seat + 1} weaving area: {len(p['tiles'])} Textile(s), Weaving Sun {len(suns)}, Weaving Moon "
                 f"{moon}. " + RULES["weave"])
        out = [f'<g id="seat{seat}-weave" class="weave">{_title(title)}{frame}</g>',
               _text(WEAVE_X - 7, WEAVE_Y - 11, f"Weaving  ☀{len(suns)} ☾{moon}", "tiny")]
    else:
        out = [frame]
    for r in range(rows):
        for c in range(cols):
            x, y = weave_xy(r, c)
            cell = _rect(x + 0.5, y + 0.5, WCELL - 1, WCELL - 1, class_="wcell")
            if preview is not None:
                out.append(cell)
                continue
            name = _cname(r + 1, c + 1)
            state = "covered" if weave[r * cols + c] >= 0 else "empty"
            out.append(f'<g id="seat{seat}-weave-{name}" class="weave-cell" data-cell="{name}">'
                       f"{_title(f'P{seat + 1} weaving cell {name}: {state}.')}{cell}</g>")
    # frame half-suns, on the frame, bulging outward (C9)
    for r1, c1, side in sorted(_frame_set(comp)):
        x, y = weave_xy(r1 - 1, c1 - 1)
        out.append(_half_sun(*_edge_mid(x, y, WCELL, side), side))
    out.append("".join(_text(weave_xy(rows - 1, c)[0] + WCELL / 2, WEAVE_Y + rows * WCELL + 17,
                             str(comp["column_moon"][c]), "tiny mid moon") for c in range(cols)))
    if preview is not None:
        out.append(_preview_tiles(obs, seat, weave, preview))
    return "".join(out)


def _tile_cells(obs: Obs, seat: int) -> list[tuple[int, list[int]]]:
    """Each laid Textile of a seat with its two cell indexes (weave_tile holds the index into ``tiles``)."""
    p = obs["players"][seat]
    cells: dict[int, list[int]] = {}
    for i, k in enumerate(p["weave_tile"]):
        if k >= 0:
            cells.setdefault(k, []).append(i)
    return [(p["tiles"][k], cs) for k, cs in sorted(cells.items())]


def _preview_tiles(obs: Obs, seat: int, weave: Sequence[int], preview: tuple[int, int, int, int, int]) -> str:
    """For a preview: the laid Textiles drawn in place (faded), the new one highlighted, and the complete Suns."""
    comp = _comp(obs)
    cols = comp["weave_shape"][1]
    out = []
    for tile, cells in _tile_cells(obs, seat):
        xy = [(*weave_xy(i // cols, i % cols), weave[i]) for i in cells]
        out.append(f'<g opacity="0.55">{_tile_body(comp, tile, xy, WCELL, SUN_R)}</g>')
    ia, ib, ma, mb, tile = preview
    xy = [(*weave_xy(ia // cols, ia % cols), ma), (*weave_xy(ib // cols, ib % cols), mb)]
    out.append(_tile_body(comp, tile, xy, WCELL, SUN_R, highlight=True))
    out.append("".join(_rays(*_edge_mid(*weave_xy(r, c), WCELL, side)) for r, c, side in weave_suns(comp, weave)))
    return "".join(out)


def _placed_tiles(obs: Obs, seat: int, n: int) -> str:
    lay = layout(n)
    comp = _comp(obs)
    p = obs["players"][seat]
    cols = comp["weave_shape"][1]
    out = []
    for tile, cells in _tile_cells(obs, seat):
        corners = [weave_xy(i // cols, i % cols) for i in cells]
        x0, y0 = min(c[0] for c in corners), min(c[1] for c in corners)
        rel = [(cx - x0, cy - y0, p["weave"][i]) for (cx, cy), i in zip(corners, cells, strict=True)]
        tid, power, _, vir = comp["textiles"][tile]
        names = " + ".join(_cname(i // cols + 1, i % cols + 1) for i in cells)
        sides = "; ".join(f"{_cname(i // cols + 1, i % cols + 1)} {_sides(p['weave'][i])}" for i in cells)
        text = (f"Textile {tid} (power {power}{', Viracocha' if vir else ''}) of P{seat + 1} on {names}; half-suns "
                f"{sides}. AY-288 [P] a laid Textile never moves.")
        x, y = lay.at(seat, x0, y0)
        out.append(_piece(f"textile-{tid}", "textile", x, y, text, _tile_body(comp, tile, rel, WCELL, SUN_R),
                          lay.zoom))
    suns = weave_suns(comp, p["weave"])
    if suns:   # rays of the complete Suns, over the tiles
        rays = "".join(_rays(*_edge_mid(*weave_xy(r, c), WCELL, side)) for r, c, side in suns)
        out.append(f'<g class="suns passive" {lay.group(seat)}>{rays}</g>')
    return "".join(out)


# ---- pottery, farming, reed, bonus spaces
def _pot_row(obs: Obs, seat: int) -> str:
    comp = _comp(obs)
    p = obs["players"][seat]
    row = comp["pot_row"]
    pots = p["pots"]
    sun = sum(row[: len(pots)])
    counts = [0] * len(comp["colours"])
    wild = 0
    for pid in pots:
        if pid is None:
            wild += 1
        else:
            counts[comp["pot_colour"][pid]] += 1
    moon = best_sets(counts, wild, SET_MOON)
    sets = "/".join(str(v) for v in SET_MOON)
    title = (f"P{seat + 1} pot row: {len(pots)} Pot(s) ({wild} facedown), Pottery Sun {sun}, Pottery Moon {moon}. "
             + RULES["potrow"].format(sets=sets))
    out = [f'<g class="potrow">{_title(title)}' + _text(8, POTROW_Y - 1, f"Pottery  ☀{sun} ☾{moon}", "tiny") + "</g>"]
    for k, suns in enumerate(row):
        x, y = potrow_xy(k)
        what = "empty" if k >= len(pots) else ("a facedown Pot (wild)" if pots[k] is None else
                                               f"Pot {_pot_words(comp, pots[k])}")
        out.append(f'<g id="seat{seat}-potrow-{k + 1}" class="potrow-space">'
                   + _title(f"P{seat + 1} pot space {k + 1}: {what}; {suns} Sun(s) above it.")
                   + f'<rect class="pspace" x="{_f(x - 12)}" y="{_f(y - 12)}" width="24" height="26" rx="4"/>'
                   + _text(x, y - 14.5, f"{suns}☀", "tiny mid sunink") + "</g>")
    return "".join(out)


def _pot_pieces(obs: Obs, seat: int, n: int) -> str:
    lay = layout(n)
    comp = _comp(obs)
    out = []
    for k, pid in enumerate(obs["players"][seat]["pots"]):
        x, y = lay.at(seat, potrow_xy(k)[0], potrow_xy(k)[1] + 2)
        if pid is None:
            out.append(_piece(f"seat{seat}-pot-{k + 1}", "pot facedown", x, y,
                              f"A facedown Pot of P{seat + 1} on space {k + 1}: wild, never revealed (AY-245 [P], "
                              f"AY-246 [R], AY-702 [P]).", _use("ay-pot-down"), lay.zoom))
        else:
            out.append(_piece(f"pot-{pid}", "pot", x, y, f"Pot {_pot_words(comp, pid)} of P{seat + 1} on space "
                              f"{k + 1} (AY-256 [R] never replaced).", _use(pot_ref(comp, pid)), lay.zoom))
    return "".join(out)


def _boxes(obs: Obs, seat: int, own: bool) -> str:
    comp = _comp(obs)
    p = obs["players"][seat]
    sun = sum(sum(b[:k]) for b, k in zip(comp["box_suns"], p["boxes"], strict=True))
    moon = sum(m for b, k, m in zip(comp["box_suns"], p["boxes"], comp["box_moon"], strict=True) if k >= len(b))
    out = [_text(8, BOX_Y - 4, f"Farming  ☀{sun} ☾{moon}", "tiny")]
    cube = f"ay-cube-{_seat_key(seat)}"
    x = 8.0
    for b, suns in enumerate(comp["box_suns"]):
        name = BOX_NAMES[b]
        taken = p["boxes"][b]
        left = len(suns) - taken
        w = len(suns) * 10.5 + 27
        vir = comp["box_viracocha"][b]
        text = (f"P{seat + 1} maize box {name.upper()}: {left} of {len(suns)} cube(s) left; Suns under the cubes "
                f"{', '.join(map(str, suns))} ({sum(suns[:taken])} uncovered); Moon {comp['box_moon'][b]} once "
                f"emptied{'; Viracocha icon' if vir else ''}. " + RULES["box"])
        act = f' data-action="maize {name}"' if own else ""
        body = [_rect(x, BOX_Y, w, 22, rx="4", fill="#efe0b8", stroke="#8a6d3b", stroke_width="0.8"),
                _text(x + 5, BOX_Y + 15, name.upper(), "tiny")]
        for j, s in enumerate(suns):
            cx = x + 17 + j * 10.5
            body.append(_text(cx, BOX_Y + 15, str(s), "tiny mid sunink") if j < taken else _use(cube, cx, BOX_Y + 11))
        body.append(_text(x + 13 + len(suns) * 10.5, BOX_Y + 15, f"☾{comp['box_moon'][b]}",
                          "tiny moon" + (" strong" if left == 0 else "")))
        if vir:
            body.append(_use("ay-token", x + w - 3, BOX_Y + 1, 0.72))
        out.append(f'<g id="seat{seat}-box-{name}" class="box"{act}>{_title(text)}{"".join(body)}</g>')
        x += w + 4
    return "".join(out)


def _island_slots(obs: Obs, seat: int) -> str:
    comp = _comp(obs)
    p = obs["players"][seat]
    placed = p["island_at"]
    route = comp["route"]
    sun = sum(comp["island_suns"][: len(placed)])
    moon = max((route[s][1] for s in placed), default=0)
    where = "the dock" if p["boat"] == 0 else f"space {p['boat']}"
    out = [_text(8, ISLAND_Y - 4, f"Reed  ☀{sun} ☾{moon} · Boat at {where}", "tiny")]
    vir = set(comp["island_viracocha"])
    for k, suns in enumerate(comp["island_suns"]):
        x, y = island_xy(k)
        state = f"its Island is on route space {placed[k]}" if k < len(placed) else "its Island waits here"
        icon = "; Viracocha icon" if k + 1 in vir else ""
        out.append(f'<g id="seat{seat}-islandslot-{k + 1}" class="island-slot">'
                   + _title(f"P{seat + 1} Island slot {k + 1}: {state}; {suns} Sun(s) under it{icon}. "
                            + RULES["islandslot"])
                   + f'<rect class="islot" x="{_f(x - 12)}" y="{_f(y - 11)}" width="24" height="24" rx="6"/>'
                   + _text(x, y - 13.5, f"{suns}☀", "tiny mid sunink")
                   + (_use("ay-token", x + 8, y + 8, 0.68) if icon else "") + "</g>")
    return "".join(out)


def _islands(obs: Obs, seat: int, n: int) -> str:
    lay = layout(n)
    p = obs["players"][seat]
    out = []
    ref = f"ay-island-{_seat_key(seat)}"
    for k in range(len(_comp(obs)["island_suns"])):
        ident = f"seat{seat}-island-{k + 1}"
        if k < len(p["island_at"]):
            s = p["island_at"][k]
            owners = obs["route"][s]
            x, y = _island_xy_route(obs, s, owners.index(seat) if seat in owners else 0, len(owners))
            out.append(_piece(ident, "island", x, y, f"Island {k + 1} of P{seat + 1} on route space {s} "
                              "(AY-360 [P] Islands never move once placed).", _use(ref), passive=True))
        else:
            x, y = lay.at(seat, *island_xy(k))
            out.append(_piece(ident, "island", x, y, f"Island {k + 1} of P{seat + 1}, still on its slot (AY-348 [R] "
                              "the leftmost goes next).", _use(ref), lay.zoom))
    return "".join(out)


def _bonus(obs: Obs, seat: int, own: bool, to_place: int) -> str:
    """The Viracocha bonus spaces; ``to_place``: the tokens this seat still has to place (AY-380)."""
    comp = _comp(obs)
    p = obs["players"][seat]
    waiting = f" · {to_place} to place" if to_place else ""
    out = [_text(8, BONUS_Y - 4, f"Viracocha bonus spaces · {sum(p['bonus'])} token(s){waiting}", "tiny")]
    spaces = len(comp["bonus_need"])
    w = (BOARD_W - 12) / max(spaces, 1) - 3
    rule = RULES["bonus"].format(overflow=comp["rule_numbers"]["OVERFLOW_LLAMAS"])
    for i, need in enumerate(comp["bonus_need"]):
        name = BONUS_NAMES[i]
        effect, amount = comp["bonus_effect"][i]
        have = p["bonus"][i]
        x = 8 + i * (w + 3)
        done = have >= need
        text = (f"P{seat + 1} bonus space {name.upper()}: {have} of {need} token(s){' — complete' if done else ''}; "
                f"bonus: {_bonus_words(effect, amount)} ({BONUS_RULES.get(effect, 'C15 [P]')}). {rule}")
        act = f' data-action="token {name}"' if own else ""
        body = [_rect(x, BONUS_Y, w, 30, rx="4", class_="bspace done" if done else "bspace"),
                _text(x + 4, BONUS_Y + 11, name.upper(), "tiny"),
                _text(x + w / 2, BONUS_Y + 25, _bonus_short(effect, amount), "tiny mid")]
        for j in range(need):
            tx = x + 22 + j * 11
            body.append(_use("ay-token", tx, BONUS_Y + 8, 0.92) if j < have else
                        f'<circle class="tslot" cx="{_f(tx)}" cy="{_f(BONUS_Y + 8)}" r="4.4"/>')
        out.append(f'<g id="seat{seat}-bonus-{name}" class="bonus{" complete" if done else ""}"{act}>'
                   f"{_title(text)}{''.join(body)}</g>")
    return "".join(out)


# ---- pieces on a board: Tambos, Step markers
def _grid_tambos(obs: Obs, seat: int, n: int, own: bool, in_hand: int) -> str:
    """A seat's Tambos on its grid; ``in_hand``: the grid cell of the Tambo it took and is placing (-1)."""
    lay = layout(n)
    p = obs["players"][seat]
    out = []
    tambo = f"ay-tambo-{_seat_key(seat)}"
    for c in range(16):
        name = cell_name(c)
        if not p["grid"][c] and c != in_hand:
            continue
        x, y = lay.at(seat, *grid_cell_xy(c))
        if c == in_hand:
            text = f"The Tambo P{seat + 1} took from {name}, to be placed on a spot (AY-132 [S])."
            y -= 6 * lay.zoom
        else:
            text = f"Tambo of P{seat + 1} on grid cell {name}. " + RULES["tambo"]
        out.append(_piece(f"seat{seat}-tambo-{name}", "tambo in-hand" if c == in_hand else "tambo", x, y, text,
                          _use(tambo, scale=1.25), lay.zoom, action=f"tambo {name}" if own else None))
    return "".join(out)


def _markers(obs: Obs, seat: int, n: int, own: bool) -> str:
    """A seat's Step markers, in its reserve or on the slot where it was laid this round."""
    lay = layout(n)
    p = obs["players"][seat]
    out = []
    for m, colour in enumerate(MARKERS):
        s = p["markers"][m]
        if s >= 0:
            x, y = lay.at(seat, *slot_xy(s))
            where = f"laid on Step slot {LANES[s].upper()} this round"
        else:
            x, y = lay.at(seat, *reserve_xy(m))
            where = "not yet laid this round"
        moved = next((PATHS[q] for mk, _, q in p["laid"] if mk == m), None)
        if moved:
            where += f", it moved the {moved} Ayar"
        out.append(_piece(f"seat{seat}-marker-{colour}", "marker", x, y,
                          f"P{seat + 1}'s {colour} Step marker: {where}. " + RULES["marker"],
                          _use(f"ay-marker-{colour}"), lay.zoom, action=f"marker {colour}" if own else None))
    return "".join(out)


# ============================================================================= the solo Rival


def rival_islands(obs: Obs) -> int:
    """Neutral Islands on the route (AY-511)."""
    return sum(1 for owners in obs["route"] for o in owners if o == NEUTRAL)


def _rival(obs: Obs) -> str:
    lay = layout(1)
    comp = _comp(obs)
    rv = obs["rival"]
    cards = comp["rival_cards"]
    z = lay.zoom
    out = [f'<g id="rival" {lay.group(1)}>',
           _title(f"The Rival (solo): {rv['deck_size']} card(s) left, {rv['tambos']} neutral Tambo(s), "
                  f"{rv['cubes']} neutral cube(s). " + RULES["rival"]),
           _rect(0, 0, BOARD_W, BOARD_H, rx="8", fill="#ecebe8", stroke="#6d6d6d"),
           f'<path d="M0,24V8A8,8 0 0 1 8,0H{_f(BOARD_W - 8)}A8,8 0 0 1 {_f(BOARD_W)},8V24Z" fill="{RIVAL_FILL}"/>',
           _text(8, 17, "The Rival", "head", style="fill:#fff"),
           _use("ay-tambo-r", 16, 40, 1.2), _text(28, 44, f"{rv['tambos']} neutral Tambos", "small"),
           _use("ay-cube-r", 126, 40), _text(136, 44, f"{rv['cubes']} neutral cubes", "small"),
           _use("ay-island-r", 216, 41), _text(228, 44, f"{rival_islands(obs)} Islands out", "small"), "</g>"]
    x0, y0 = lay.at(1, 8, 60)
    out.append(f'<g id="rival-deck" transform="translate({_f(x0)},{_f(y0)}) scale({z:.4g})">'
               + _title(f"Rival deck: {rv['deck_size']} card(s) face down; their order is hidden (AY-704 [P]).")
               + "".join(_rect(d * 2, -d * 2, 50, 64, rx="5", fill="#5e5e5e", stroke="#222")
                         for d in range(min(rv["deck_size"], 3)))
               + _text(25, 37, f"×{rv['deck_size']}", "count mid", style="fill:#fff") + "</g>")
    for i, c in enumerate(rv["shown"]):
        cid, sel, steps, prio = cards[c]
        x, y = lay.at(1, 70 + (i % 4) * 54, 56 + (i // 4) * 70)
        last = i == len(rv["shown"]) - 1
        text = (f"Rival card {cid}{' (the last one revealed)' if last else ''}: {sel} Ayar, {steps} step(s), "
                f"spot priority {' '.join(prio)}. " + RULES["rival-card"])
        body = [_rect(0, 0, 50, 64, rx="5", fill="#fff" if last else "#f4f4f2", stroke="#c79a00" if last else "#777",
                      stroke_width="2" if last else "0.8"),
                _text(25, 12, cid, "tiny mid"), _text(25, 25, sel, "tiny mid"),
                _text(25, 37, f"{steps} step{'s' if steps != 1 else ''}", "tiny mid")]
        for j, a in enumerate(prio):
            body.append(f'<g class="a-{escape(a)}"><rect x="{_f(4 + j * 11)}" y="46" width="10" height="12" rx="2"/>'
                        f'<text x="{_f(9 + j * 11)}" y="55.5">{escape(a)}</text></g>')
        out.append(f'<g id="rival-card-{escape(cid)}" class="rival-card" transform="translate({_f(x)},{_f(y)}) '
                   f'scale({z:.4g})">{_title(text)}{"".join(body)}</g>')
    return "".join(out)


# ============================================================================= status


def _status(obs: Obs) -> str:
    comp = _comp(obs)
    n = _n(obs)
    rnd = obs["round"]
    ctx = obs["context"]
    phase = obs["phase"]
    if phase == "over":
        finals = obs["final"]
        best = max((list(f[:4]) for f in finals), default=[])      # AY-486..AY-490: score, then the tie-breaks
        winners = [f"P{i + 1}" for i, f in enumerate(finals) if list(f[:4]) == best]
        head = "Game over · " + " · ".join(f"P{i + 1} {f[0]} (Sun {f[4]}, Moon {f[5]})" for i, f in enumerate(finals))
        detail = (f"AY-485 [S] the final score is the lower of Sun and Moon after Llamas (AY-483 [D]); "
                  f"winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)} (tie-breaks AY-487..AY-490).")
    else:
        actor = _actor(obs)
        per_round = comp["turns_per_round"]
        turns = per_round[rnd - 1] * n if 0 < rnd <= len(per_round) else 0
        when = f"Round {rnd} of {len(per_round)}"
        pend = obs["tokens_pending"]
        if pend["n"] > 0:
            what = f"place {pend['n']} Viracocha token(s) on bonus spaces (AY-380, AY-809)"
        elif phase == "night":
            what = "the Night is resolved (AY-410)"
        else:
            stack = ctx["chosen_stack"]
            tile = obs["textile_tops"][stack] if 0 <= stack < len(obs["textile_tops"]) else None
            what = PHASE_TEXT.get(phase, str(phase)).format(
                marker=MARKERS[ctx["marker"]] if ctx["marker"] >= 0 else "",
                lane=LANES[ctx["slot"]].upper() if ctx["slot"] >= 0 else "",
                path=PATHS[ctx["path"]] if ctx["path"] >= 0 else "", power=ctx["power"],
                tile=comp["textiles"][tile][0] if tile is not None else "the Textile")
        me = obs["seat"]
        who = "you" if me is not None and me == actor else f"P{actor + 1}"
        if phase == "night":
            retiring = obs["retiring"]
            head = f"{when} · Night {rnd}" + (f" · {who}: {what}" if actor >= 0 else f": {what}")
            detail = (f"The {PATHS[retiring]} Ayar retires tonight (AY-411 [S]); the harvest (AY-319 [R]), temple "
                      "scoring (AY-432 [P]), Moon scoring (AY-441, AY-443 [P]) and Dusk (AY-450 [S]) follow."
                      if 0 <= retiring < len(PATHS) else "AY-410 [S] the Night's steps run in order.")
        else:
            head = (f"{when} · Day turn {min(obs['turn'] + 1, turns)} of {turns} · {who}: {what}" if actor >= 0
                    else f"{when} · {what}")
            detail = _turn_detail(obs)
    return (f'<g id="status" data-phase="{escape(phase)}">{_title(head + ". " + detail)}'
            + _rect(4, 4, WIDTH - 8, STATUS_H - 6, rx="7", fill="#fffaf0", stroke=BOARD_EDGE)
            + _text(14, 20, head, "head") + _text(14, 33, detail, "small") + "</g>")


def _turn_detail(obs: Obs) -> str:
    ctx = obs["context"]
    comp = _comp(obs)
    parts = []
    if ctx["marker"] >= 0:
        parts.append(f"{MARKERS[ctx['marker']]} marker")
    if ctx["slot"] >= 0:
        s = ctx["slot"]
        parts.append(f"slot {LANES[s].upper()} ({comp['slot_arrows'][s]} arrow(s))")
    if ctx["path"] >= 0:
        parts.append(f"{PATHS[ctx['path']]} Ayar to step {obs['ayars']['step'][ctx['path']]}")
    if ctx["cell"] >= 0:
        parts.append(f"Tambo from {cell_name(ctx['cell'])}, power {ctx['base']} before bonuses (AY-150)")
    if ctx["fallback"]:
        parts.append("no activity possible: the Tambo leaves the game (AY-190, AY-191)")
    if ctx["act"]:
        parts.append(f"spot {ctx['spot']}: {ACTIVITY_NAMES.get(ctx['act'], ctx['act'])} with power {ctx['power']} left")
    if not parts:
        return (f"Start player P{obs['start'] + 1} (AY-044) · final score = min(Sun, Moon) (AY-485) · power = empty "
                "spaces of the lane (AY-150) · Raymi tiles score Sun values into the Inti dials (AY-217).")
    return "This turn: " + ", ".join(parts) + "."


# ============================================================================= the document


CSS = [
        "text{font-family:system-ui,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;fill:#3a2d1c}",
        ".head{font-size:14px;font-weight:600}", ".label{font-size:12px;font-weight:600}", ".small{font-size:10.5px}",
        ".tiny{font-size:8.5px}", ".count,.score{font-size:13px;font-weight:700}",
        ".glyph{font-size:8px;font-weight:700}", ".badge{font-size:11px;font-weight:700}",
        ".mid{text-anchor:middle}", ".end{text-anchor:end}", ".faint{opacity:.6}", ".strong{font-weight:700}",
        f".moon{{fill:{MOON_INK}}}", f".sunink{{fill:{SUN_EDGE}}}",
        ".raymi-letter{font-size:9px;font-weight:800}", ".route-num{font-size:8.5px;font-weight:600}",
        ".cost{font-size:7.5px;font-weight:700;fill:#7a3b00}", ".tile-id{font-size:5.5px;fill:#fff;opacity:.8}",
        ".spot rect,.rival-card rect{stroke-width:.8}",
        ".spot text,.rival-card g text{font-size:9px;font-weight:700;text-anchor:middle}",
        ".spot.unused rect{fill:#d9d2c3;stroke:#b5ab98}", ".spot.unused,.spot.closed{opacity:.5}",
        ".gcell{fill:#efe2c4;stroke:#a88a5c;stroke-width:.8}", ".wcell{fill:#f3e6cc;stroke:#b99a6b;stroke-width:.6}",
        ".tspace{fill:#d8c08e;stroke:#8a6d3b;stroke-width:.6;rx:2px}",
        ".pspace{fill:#f1e0cc;stroke:#9c4a22;stroke-width:.7}", ".islot{fill:#d6e9d0;stroke:#4d7a1f;stroke-width:.7}",
        f".bspace{{fill:#f3ead5;stroke:{TOKEN_EDGE};stroke-width:.7}}",
        ".bspace.done{fill:#f8e7b0;stroke-width:1.4}",
        f".tslot{{fill:none;stroke:{TOKEN_EDGE};stroke-width:.7;stroke-dasharray:1.5 1.5}}",
        ".slotbox{fill:#f7ecd2;stroke:#7a5c2e;stroke-width:.8}",
        ".chev{fill:none;stroke:#5b3b1f;stroke-width:1.5;stroke-linecap:round}",
        ".rsp{fill:#f7f3ea;stroke:#6b5a2a}", ".rsp.slot{fill:#e9f2e1;stroke-width:1.4}",
        ".rsp.yellow{fill:#f6d54a;stroke-width:1.4}",
        f".hs{{fill:{SUN_FILL};stroke:{SUN_EDGE};stroke-width:.9}}",
        f".rays{{fill:none;stroke:{SUN_EDGE};stroke-width:1.2;stroke-linecap:round}}",
        ".piece{transition:transform .6s ease}.passive{pointer-events:none}",
]
CSS += [f".a-{a} rect{{fill:{ACT_FILL[a]};stroke:{ACT_DARK[a]}}}.a-{a} text{{fill:{ACT_DARK[a]}}}" for a in ACT_FILL]


def _scope(rules: str) -> str:
    """Prefix every selector with ``svg.ayar`` so that an inline SVG does not restyle the page around it."""
    out = []
    for part in rules.split("}"):
        if "{" in part:
            sel, body = part.split("{", 1)
            out.append(",".join(f"svg.ayar {x}" for x in sel.split(",")) + "{" + body + "}")
    return "".join(out)


BOARD_STYLE = "".join(_scope(r) for r in CSS)


def _head(_obs: Obs, n: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_f(layout(n).height)}" '
            'class="board ayar" data-game="ayar">')


def _background(_obs: Obs, n: int) -> str:
    return _rect(0, 0, WIDTH, layout(n).height, fill="#e9dcc0")


COMP: Path = ("components",)


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (who acts, which path is being placed on ...)."""
    obs = observation
    n = _n(obs)
    actor = _actor(obs)
    acting = actor >= 0
    phase, ctx = obs["phase"], obs["context"]
    used = ctx["used_stacks"] if phase in ("textile", "place") else 0
    chosen = ctx["chosen_stack"] if phase == "place" else -1
    pend = obs["tokens_pending"]
    boats = tuple(("players", i, "boat") for i in range(n))
    out = [Part("head", _head, args=(n,)), Part("style", f"<style>{BOARD_STYLE}</style>"),
           Part("defs", _defs, (COMP, ("players", LEN))), Part("ground", _background, args=(n,)),
           Part("status", _status, (COMP, ("players",), ("round",), ("turn",), ("start",), ("phase",), ("to_move",),
                                    ("retiring",), ("context",), ("tokens_pending",), ("textile_tops",), ("seat",),
                                    ("final",), ("ayars",), ("spots",))),
           Part("main", MAIN_FRAME)]
    for q in range(4):
        active = ("ayars", "active", q)
        out += [Part(f"path{q}", _path_row, (COMP, active, ("ayars", "step", q)), (q,)),
                Part(f"path{q}-spots", _spots, (COMP, active, ("spots", q)), (q, acting and ctx["path"] == q)),
                Part(f"path{q}-raymi", _raymis, (COMP, ("raymi",)), (q,))]
    out += [Part("cusco", _cusco, (COMP,)),
            Part("temples", _temple_track, (("players", LEN), ("temple",), ("temple_token",), ("temple_closed",),
                                            ("components", "rule_numbers")),
                 (acting,)),
            Part("lake", LAKE_FRAME),
            Part("stacks", _stacks, (COMP, ("textile_sizes",), ("textile_tops",)), (acting, used, chosen)),
            Part("market", _market, (COMP, ("market",), ("stack_size",)), (acting,)),
            Part("terrace", _terrace, (COMP, ("terrace",), ("terrace_cells",))),
            Part("route", _route, (COMP, ("lake",), ("route",), ("players", LEN), *boats), (acting,))]
    for s in range(n):
        me, acts = obs["seat"] == s, actor == s

        def mine(*keys: str, seat: int = s) -> tuple[Path, ...]:
            return (COMP, *(("players", seat, k) for k in keys))

        out += [Part(f"s{s}", _board_head, (("start",), ("final",), *mine("sun", "moon", "inti", "llamas")),
                     (s, n, me, acts)),
                Part(f"s{s}-scores", _scores, (("final",), *mine("sun", "moon", "llamas")), (s,)),
                Part(f"s{s}-grid", _grid, mine("grid"), (s,)),
                Part(f"s{s}-slots", _slots, mine("grid", "slots"), (s, me)),
                Part(f"s{s}-inti", _inti, mine("inti", "temples"), (s,)),
                Part(f"s{s}-weave", _weave_area, mine("weave", "tiles"), (s,)),
                Part(f"s{s}-potrow", _pot_row, mine("pots"), (s,)),
                Part(f"s{s}-boxes", _boxes, mine("boxes"), (s, me)),
                Part(f"s{s}-islandslots", _island_slots, mine("island_at", "boat"), (s,)),
                Part(f"s{s}-bonus", _bonus, mine("bonus"), (s, me, pend["n"] if pend["seat"] == s else 0)),
                Part(f"s{s}-end", BOARD_END)]
    if n == 1:
        out.append(Part("rival", _rival, (COMP, ("rival",), ("route",))))
    out += [Part("pieces", '<g id="pieces">'), Part("spot-tambos", _spot_tambos, (COMP, ("spots",))),
            Part("ayars", _ayar_pieces, (COMP, ("ayars",)), (acting,)),
            Part("stack-tops", _stack_tops, (COMP, ("textile_tops",))),
            Part("market-pots", _market_pots, (COMP, ("market",))),
            Part("boats", _route_pieces, (COMP, ("route",), ("players", LEN), *boats))]
    for s in range(n):
        in_hand = ctx["cell"] if obs["to_move"] == s and phase == "spot" else -1
        laid = tuple(("players", s, k) for k in ("weave", "weave_tile", "tiles"))
        out += [Part(f"s{s}-tiles", _placed_tiles, (COMP, *laid), (s, n)),
                Part(f"s{s}-pots", _pot_pieces, (COMP, ("players", s, "pots")), (s, n)),
                Part(f"s{s}-islands", _islands, (COMP, ("players", s, "island_at"), ("route",)), (s, n)),
                Part(f"s{s}-tambos", _grid_tambos, (("players", s, "grid"),), (s, n, obs["seat"] == s, in_hand)),
                Part(f"s{s}-markers", _markers, (("players", s, "markers"), ("players", s, "laid")),
                     (s, n, obs["seat"] == s))]
    out.append(Part("end", "</g></svg>"))
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (AY-705: everything drawn is public; only the observer's
    own board is marked "you")."""
    return document(parts(observation), observation)


# ============================================================================= decisions


BUTTONS = ("pot done", "weave done", "maize done")


def is_button(action_id: str) -> bool:
    """Actions about no board element: stopping an activity early (AY-154; AY-805..AY-807)."""
    return action_id in BUTTONS


# the element of each verb: on the acting seat's board, or shared ({} is the action's argument)
SEAT_TARGETS = {"marker": "marker", "slot": "slot", "tambo": "tambo", "place": "weave", "lay": "weave",
                "maize": "box", "token": "bonus"}
SHARED_TARGETS = {"ayar": "ayar-{}", "textile": "textile-stack-{}", "boat": "route-{}", "temple": "temple-{}"}


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about (see the module docstring); None for a button."""
    words = action_id.split()
    if len(words) < 2 or is_button(action_id):
        return None
    verb, arg = words[0], words[1]
    if verb in SEAT_TARGETS:
        return f"seat{_actor(obs)}-{SEAT_TARGETS[verb]}-{arg}"
    if verb in SHARED_TARGETS:
        return SHARED_TARGETS[verb].format(arg)
    if verb == "spot":
        return spot_id(obs["context"]["path"], int(arg))
    if verb == "pot":
        return "pot-stack" if arg == "facedown" else f"market-{arg.removeprefix('m')}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    return {aid: t for aid in legal if (t := target_of(observation, aid)) is not None}


def parse_placement(action_id: str) -> tuple[int, int, str, bool] | None:
    """``place r2c3 s flip`` -> (2, 3, "s", True) (AY-806: anchor cell, direction of cell b, flip)."""
    m = re.fullmatch(r"(?:place|lay) r(\d+)c(\d+) ([a-z]+)( flip)?", action_id)
    if m is None or m.group(3) not in DIRS:
        return None
    return int(m.group(1)), int(m.group(2)), m.group(3), m.group(4) is not None


def preview_placement(obs: Obs, action_id: str) -> str:
    """The acting seat's weaving area with the Textile being placed laid as ``action_id`` says, the Suns it would
    complete, and the Sun and Moon values it gives (C10 geometry: flip N<->S, then rotate toward d)."""
    comp = _comp(obs)
    seat = _actor(obs)
    parsed = parse_placement(action_id)
    stack = obs["context"]["chosen_stack"]
    tile = obs["textile_tops"][stack] if 0 <= stack < len(obs["textile_tops"]) else None
    if parsed is None or tile is None or seat < 0:
        return ""
    r, c, d, fl = parsed
    rows, cols = comp["weave_shape"]
    ma, mb = oriented_masks(comp, tile, d, fl)
    dr, dc = OFFSET[d]
    ia, ib = (r - 1) * cols + c - 1, (r - 1 + dr) * cols + c - 1 + dc
    weave = list(obs["players"][seat]["weave"])
    before = len(weave_suns(comp, weave))
    weave[ia], weave[ib] = ma, mb
    after = len(weave_suns(comp, weave))
    moon = weave_moon(comp, weave)
    x0, y0 = WEAVE_X - 10, WEAVE_Y - 10
    w, h = cols * WCELL + 20, rows * WCELL + 46
    tid = comp["textiles"][tile][0]
    a, b = _cname(r, c), _cname(r + dr, c + dc)
    label = f"{a}+{b}{' flipped' if fl else ''}: ☀{after} (+{after - before}) ☾{moon}"
    text = (f"Lay {tid} on {a} + {b}: half-suns {a} {_sides(ma)}, {b} {_sides(mb)}; Weaving Sun {before} -> {after}, "
            f"Weaving Moon {moon}.")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x0)} {_f(y0)} {_f(w)} {_f(h)}" '
            f'class="preview ayar" data-action="{escape(action_id)}">{_title(text)}<style>{BOARD_STYLE}</style>'
            f"{_weave_area(obs, seat, (ia, ib, ma, mb, tile))}"
            + _text(x0 + w / 2, y0 + h - 4, label, "small mid") + "</svg>")


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each Textile placement offered, the weaving area with the tile laid at that orientation."""
    out = {}
    for aid in legal:
        if parse_placement(aid) is not None:
            pic = preview_placement(observation, aid)
            if pic:
                out[aid] = pic
    return out


__all__ = ["is_button", "parts", "previews", "spot_id", "svg", "target_of", "targets"]
