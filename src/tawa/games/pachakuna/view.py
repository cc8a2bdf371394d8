"""The P'achakuna table in the browser (issue 18): pure functions of one observation dict (PK-340..PK-345).

``svg(obs)`` draws the hex board inside its frame (each tile's six sides in valley / mountain at its orientation,
rocks, the seven villages with their two demand flags, the llamas with their loads) and, beside it, the turn and
step and each seat's llamas and personal supply. ``targets(obs, legal)`` names the board element each legal action
is about; ``is_button`` the actions about none; ``previews`` draws a tile at each orientation a rotation offers.

Geometry is read from ``data.py`` (cells, direction vectors, corners) and the observation (tile types and village
cells, which are options); the fixed [R] numbers (costs, llamas, payouts) from ``data.PARAMS``. Pointy-top hexes,
centre of (q, r) at x = sqrt(3)(q + r/2), y = 1.5 r with y downwards (spec "Screen convention" [D]).

Element ids (stable from one position to the next): ``cell-q1r-2`` (every one of the 61 cells), ``tile-q1r-2``
(the turning face of a terrain tile), ``rock-q1r-2``, ``village-red``, ``demand-red``, ``llama-w0`` .. ``llama-b2``
(pieces, on the board or waiting in their owner's area), ``seat0-supply-red`` .. ``seat1-supply-brown``,
``seat0`` (a seat's area), ``status``, ``step-rotate`` / ``step-rotate-paid`` / ``step-move`` / ``step-trade``,
``bag``, ``discard``.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tawa.core.svg import n as _fmt
from tawa.core.svg import title as _title
from tawa.core.svgparts import Part, Path, document
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    CELL_NAMES,
    COLOURS,
    CORNERS,
    DIRECTIONS,
    LETTER,
    LLAMAS_PER_PLAYER,
    N_SIDES,
    NEIGH,
    OPPOSITE,
    PARAMS,
    QUECHUA,
    cell_name,
    parse_cell,
)

Obs = Mapping[str, Any]

# ----------------------------------------------------------------------------- numbers read from the data
_P = PARAMS.params
ROTATION_COST: int = _P["ROTATION_COST"].default  # PK-132 [R] (not overridable)
LLAMA_COST: int = _P["LLAMA_COST"].default  # PK-230 [R]
MAX_LLAMAS: int = _P["MAX_LLAMAS"].default  # PK-002 [R]
FREE_ROTATIONS: int = _P["FREE_ROTATIONS"].default  # PK-130 [R]
PAYOUT: tuple[int, int, int] = tuple(_P["PAYOUT"].default)  # PK-202..PK-204 [R]

# ----------------------------------------------------------------------------- display texts (cite the spec)
TYPE_NAMES = {"F": "mostly flat", "N": "neutral", "M": "mostly mountainous"}  # PK-012 [R]
DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")  # spec "Board geometry"
TERRAIN_NAMES = {"V": "valley", "M": "mountain"}

RULES: dict[str, str] = {
    "tile": "PK-046 [P] board side d lies in the region holding base side (d - orientation) mod 6; "
            "PK-047 [P] a rotation sets any of the 6 orientations; PK-138 [R] a tile with a llama cannot be "
            "rotated; PK-135 [R] each tile at most once per turn.",
    "rock": "PK-139 [R] a tile carrying a rock cannot be rotated; PK-140 [R] when the rotate step ends, every "
            "tile rotated this turn gets a rock and every other rock is removed (PK-142: rocks protect the "
            "opponent's last rotations).",
    "rotated": "PK-135 [R] rotated this turn: it turns no more this turn; PK-140 [R] it gets a rock when the "
               "rotate step ends.",
    "village": "PK-064/PK-165 [R] a llama that enters a village ends its move there; PK-200 [R] a load of "
               "another colour may be sold: PK-202 [R] upper flag +{up}, PK-203 [R] lower flag +{low}, PK-204 [R] "
               "neither +{none}; PK-207 [R] one sale per village per turn; PK-230/PK-233 [R] buy a llama here "
               "for {cost} pieces; PK-277 [R] llamas that sold or were bought are loaded with the village colour "
               "at refill.",
    "demand": "PK-008 [R] upper (large) and lower (small) flag; PK-271 [S] never the village colour; PK-206 [R] "
              "after a sale it goes to the discard pile and PK-270 [R] the village draws a new one at refill.",
    "no-demand": "PK-207 [R] this village already had its sale this turn; PK-270 [R] it draws a new demand at "
                 "refill.",
    "white-llama": "PK-060 [R] a White llama travels only through valleys; PK-061 [P] it crosses a joint where "
                   "both touching sides are valley; PK-062 [P] village sides count as both terrains.",
    "black-llama": "PK-060 [R] a Black llama travels only over mountains; PK-061 [P] it crosses a joint where "
                   "both touching sides are mountain; PK-062 [P] village sides count as both terrains.",
    "supply": "PK-251 [R] a colour's cutout shows filled iff the player holds at least one piece; PK-300 [R] "
              "the first to hold all 7 colours wins; PK-302 [R] loads on llamas do not count.",
    "brown": "PK-004 [R] the one brown piece pays costs but is no goal colour; PK-005 [R] it is never created.",
    "frame": "PK-038/PK-039 [R] llamas never cross the frame; a tile side facing it is impassable.",
    "bag": "PK-341 [R] the order of future draws is hidden; PK-342 [P] the bag's contents as a set are public.",
    "discard": "PK-206 [R] sold demands lie face up beside the board; PK-273 [R] they return to the bag when a "
               "village has no valid draw left.",
    "waiting": "PK-095 [R] waits off the board until bought; PK-230 [R] a llama costs {cost} pieces, PK-232 [R] "
               "at most {max} owned.",
}

STEP_LABELS = (("rotate", "Rotate (free)"), ("rotate-paid", "Rotate (paid)"), ("move", "Move"), ("trade", "Trade"))

# ----------------------------------------------------------------------------- colours and sizes
PIECE_FILL = {"white": "#f6f3ea", "red": "#c8302c", "orange": "#e8822a", "yellow": "#f2c531", "green": "#3f9b45",
              "blue": "#2f62c4", "purple": "#7c3c9e", "brown": "#7a4a24"}
VALLEY_FILL, VALLEY_PATH = "#9cc45f", "#e9dca0"
MOUNTAIN_FILL, MOUNTAIN_LIGHT, MOUNTAIN_DARK = "#8c7b6b", "#a89887", "#6f6052"
MOUNTAIN_RIDGE = "#4f4237"
FRAME_FILL, FRAME_EDGE = "#8a5a32", "#5c3a1e"
VILLAGE_FILL = "#e9dcc1"

WIDTH, HEIGHT = 1200, 800
S = 46.0  # hex radius (centre to corner) in px
BOARD_X, BOARD_Y = 400.0, 400.0  # screen position of (0, 0)
FRAME_SCALE = 1.21  # frame corner = corner cell centre scaled from the board centre
PANEL_X = 812.0
SQ3 = math.sqrt(3.0)


# ============================================================================= geometry


def cell_xy(name: str) -> tuple[float, float]:
    """Screen centre of cell ``"q,r"`` (spec screen convention)."""
    q, r = (int(x) for x in name.split(","))
    return BOARD_X + S * SQ3 * (q + r / 2), BOARD_Y + S * 1.5 * r


def _dir_angle(d: int) -> float:
    """Screen angle (radians, y down) of direction d, from its axial vector (data.DIRECTIONS)."""
    dq, dr = DIRECTIONS[d]
    return math.atan2(1.5 * dr, SQ3 * (dq + dr / 2))


SIDE_ANGLE = tuple(_dir_angle(d) for d in range(6))
# orientation +1 moves base side s onto board side s+1 (PK-046): the face turns by the angle between sides 0 and 1
TURN_DEG = math.degrees(SIDE_ANGLE[1] - SIDE_ANGLE[0])


def _pt(angle: float, radius: float) -> tuple[float, float]:
    return radius * math.cos(angle), radius * math.sin(angle)


def _edge(d: int, radius: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of side d of a hex of ``radius`` (pointy-top: corners 30 degrees either side)."""
    a = SIDE_ANGLE[d]
    return _pt(a - math.pi / 6, radius), _pt(a + math.pi / 6, radius)


@functools.lru_cache(maxsize=32)
def _hex_points(radius: float) -> str:
    """The corners of a hex of ``radius`` centred on 0,0 (a handful of radii: kept once drawn)."""
    return " ".join(_fmt_pt(_pt(SIDE_ANGLE[0] + math.pi / 6 + k * math.pi / 3, radius)) for k in range(6))


def _fmt_pt(p: tuple[float, float]) -> str:
    return f"{_fmt(p[0])},{_fmt(p[1])}"


def cell_id(name: str) -> str:
    """``"1,-2"`` -> ``"cell-q1r-2"``."""
    q, r = name.split(",")
    return f"cell-q{q}r{r}"


def _suffix(name: str) -> str:
    return cell_id(name)[5:]


def llama_id(side: str, slot: int) -> str:
    return f"llama-{side[0]}{slot}"


def supply_id(seat: int, piece: str) -> str:
    return f"seat{seat}-supply-{piece}"


# ============================================================================= small SVG helpers


def _attrs(**kw: Any) -> str:
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in kw.items() if v is not None)


def _text(x: float, y: float, text: str, cls: str = "", **kw: Any) -> str:
    return f"<text{_attrs(x=_fmt(x), y=_fmt(y), class_=cls or None, **kw)}>{escape(text)}</text>"


def _side_name(obs: Obs, seat: int) -> str:
    return "White" if seat == obs["white_seat"] else "Black"


# ============================================================================= tiles


@functools.lru_cache(maxsize=64)
def _face(regions: tuple[tuple[str, tuple[int, ...]], ...], radius: float) -> str:
    """A tile at orientation 0: per region its side triangles (valley green, mountain rock) and, from the
    region's hub, a trail (valley) or a faceted ridge (mountain) to each of its sides, so that what connects
    through the tile is visible (PK-041, PK-048). The caller turns it to the tile's orientation."""
    out: list[str] = []
    over: list[str] = []
    for k, (terrain, sides) in enumerate(regions):
        fill = MOUNTAIN_FILL if terrain == "M" else VALLEY_FILL
        tris = []
        for d in sides:
            a, b = _edge(d, radius)
            tris.append(f"M0,0L{_fmt_pt(a)}L{_fmt_pt(b)}Z")
        out.append(f'<path class="side {TERRAIN_NAMES[terrain]}" data-region="{k}" d="{"".join(tris)}" '
                   f'fill="{fill}" stroke="{fill}" stroke-width="0.8"/>')
        mids = [_pt(SIDE_ANGLE[d], radius * SQ3 / 2) for d in sides]
        hub = (0.0, 0.0) if len(mids) == 6 else (sum(m[0] for m in mids) / len(mids) * 0.35,
                                                  sum(m[1] for m in mids) / len(mids) * 0.35)
        h = _fmt_pt(hub)
        if terrain == "M":
            light, dark = [], []
            for d, m in zip(sides, mids, strict=True):
                a, b = _edge(d, radius)
                light.append(f"M{h}L{_fmt_pt(a)}L{_fmt_pt(m)}Z")
                dark.append(f"M{h}L{_fmt_pt(m)}L{_fmt_pt(b)}Z")
            over.append(f'<path class="facet" d="{"".join(light)}" fill="{MOUNTAIN_LIGHT}"/>'
                        f'<path class="facet" d="{"".join(dark)}" fill="{MOUNTAIN_DARK}"/>')
            over.append("".join(f'<path class="ridge" d="M{h}L{_fmt_pt(m)}" stroke="{MOUNTAIN_RIDGE}" '
                                f'stroke-width="2" stroke-linecap="round"/>' for m in mids))
        else:
            over.append("".join(f'<path class="trail" d="M{h}L{_fmt_pt(m)}" stroke="{VALLEY_PATH}" '
                                f'stroke-width="5" stroke-linecap="round"/>' for m in mids))
    return "".join(out) + "".join(over)


def face_id(obs: Obs, kind: str) -> str:
    """Id of the ``<defs>`` face of tile type ``kind`` (types by name order; names are options, so not in ids)."""
    return f"pk-face-{sorted(obs['tile_types']).index(kind)}"


def _face_defs(obs: Obs) -> str:
    faces = (f'<g id="{face_id(obs, kind)}">{_face(_regions_key(obs["tile_types"][kind]), S - 1.5)}</g>'
             for kind in sorted(obs["tile_types"]))
    return "<defs>" + "".join(faces) + "</defs>"


def _sides_text(regions: Sequence[Sequence[Any]], o: int) -> str:
    """'mountain: east, north-east; valley: ...' for a tile at orientation o (PK-046)."""
    parts = []
    for terrain, sides in regions:
        board = sorted((s + o) % N_SIDES for s in sides)
        parts.append(f"{TERRAIN_NAMES[terrain]}: {', '.join(DIRECTION_NAMES[d] for d in board)}")
    return "; ".join(parts)


def _tile_cell(obs: Obs, name: str, marks: TileMarks) -> str:
    kind, o = obs["tiles"][name]
    regions = obs["tile_types"][kind]
    x, y = cell_xy(name)
    rock, rotated, marked, pay = marks
    state = [f"Tile {name}: type {kind} ({TYPE_NAMES.get(kind, kind)}), orientation {o}",
             _sides_text(regions, o) + ".", RULES["tile"]]
    if rock:
        state.insert(1, "Rock: cannot be rotated this turn.")
    if rotated:
        state.insert(1, "Rotated this turn.")
    out = [f'<g id="{cell_id(name)}" class="cell tile-cell" transform="translate({_fmt(x)},{_fmt(y)})" '
           f'data-cell="{name}">', _title(" ".join(state)),
           f'<g id="tile-{_suffix(name)}" class="tile" style="transform:rotate({_fmt(TURN_DEG * o)}deg)">'
           f'<use href="#{face_id(obs, kind)}"/></g>',
           f'<polygon class="hex" points="{_hex_points(S - 1.5)}" fill="none" stroke="#3d4a2a" '
           f'stroke-width="1.2"/>']
    if marked:
        out.append(f'<polygon class="rotated-mark" points="{_hex_points(S - 6)}" fill="none" stroke="#fff" '
                   f'stroke-width="2.5" stroke-dasharray="6 4">{_title(RULES["rotated"])}</polygon>')
    if pay is not None:  # a paid rotation chosen, its pieces not all paid yet (PK-132)
        wait = f"Rotation to orientation {pay[0]} waits for {pay[1]} more pieces (PK-132)."
        out.append(f'<polygon class="pending-mark" points="{_hex_points(S - 5)}" fill="none" stroke="#ffd21f" '
                   f'stroke-width="4">{_title(wait)}</polygon>')
    if rock:
        out.append(_rock(name))
    out.append("</g>")
    return "".join(out)


TileMarks = tuple[bool, bool, bool, tuple[int, int] | None]


def tile_marks(obs: Obs, name: str) -> TileMarks:
    """What a tile cell shows besides its tile: a rock on it, whether it was rotated this turn, whether it shows
    the rotated mark (rotated, while the rotate steps last), and the pending paid rotation of it (orientation,
    pieces still to pay) or None."""
    pay = obs["paying"]
    pending = (pay["orientation"], pay["still"]) if pay and pay["tile"] == name else None
    rotated = name in obs["rotated"]
    return name in obs["rocks"], rotated, rotated and obs["step"] in ("rotate", "rotate-paid"), pending


def _rock(name: str) -> str:
    return (f'<g id="rock-{_suffix(name)}" class="rock" transform="translate(0,-27)">'
            f'{_title(f"Rock on {name}. " + RULES["rock"])}'
            '<path d="M-12,7 C-13,-3 -6,-9 0,-9 C8,-9 13,-3 12,7 Z" fill="#5d5d5d" stroke="#fff" '
            'stroke-width="2"/><path d="M-6,-4 C-3,-6 2,-6 5,-4" stroke="#aaa" stroke-width="1.5" '
            'fill="none"/></g>')


Meaning = tuple[str, int] | None   # what a click on a cell would mean now: (step kind, moving llama's slot)


def _meaning(obs: Obs) -> Meaning:
    """What a click on a cell means for the seat to act, derived once per picture (``_meant`` writes it per cell):
    None for anyone else, while a payment is asked (PK-132) and at the end."""
    if obs.get("observer") != obs["active"] or obs["paying"] or obs["winner"] is not None or obs["draw"]:
        return None
    step = obs["step"]
    if step in ("rotate", "rotate-paid"):
        return ("rotate", -1)
    k = _moving_llama(obs)
    if step == "move" and k >= 0 and not _multi_region(obs):
        return ("move", int(obs["llamas"][k]["slot"]))
    if step == "trade":
        return ("trade", -1)
    return None


def _meant(meaning: Meaning, name: str, turn_to: int, village: str | None = None) -> str:
    """The action a click on cell ``name`` would mean for the seat to act (a rotation one step on, PK-040 for a
    village; a move of the llama being moved there; buying a llama at a village), or ""."""
    if meaning is None:
        return ""
    kind, slot = meaning
    if kind == "rotate":
        return f"rotate {name} o{turn_to}"
    if kind == "move":
        return f"move llama{slot} {name}"
    if kind == "trade" and village is not None:
        return f"buy at {village}"
    return ""


def _meant_layer(obs: Obs, meaning: Meaning, village_of: tuple[tuple[str, str], ...]) -> str:
    """An invisible hex under each cell naming the action a click there would mean (``data-action``), so that the
    client can ask why it is not legal when the cell is no target (a rock, a llama on the tile, a cell out of reach;
    PK-040/PK-138/PK-139, PK-160..). It lies under the cells: the client searches everything under the pointer, and
    the cells themselves stay the same from one step to the next (only this layer changes with the step)."""
    villages = dict(village_of)
    out = [f'<g class="meant"><defs><polygon id="meant-hex" points="{_hex_points(S - 1.5)}" fill="transparent"/>'
           '</defs>']
    for name in CELL_NAMES:
        if name in villages:
            action = _meant(meaning, name, 1, villages[name])
        else:
            action = _meant(meaning, name, (obs["tiles"][name][1] + 1) % N_SIDES if meaning and meaning[0] == "rotate"
                            else 0)
        if action:
            x, y = cell_xy(name)
            out.append(f'<use href="#meant-hex" x="{_fmt(x)}" y="{_fmt(y)}" data-action="{action}"/>')
    out.append("</g>")
    return "".join(out)


def _multi_region(obs: Obs) -> bool:
    """Whether some tile type has two regions of one terrain (PK-050: move ids then name the region)."""
    return any(len([t for t, _ in regions if t == terrain]) > 1
               for regions in obs["tile_types"].values() for terrain in ("V", "M"))


# ============================================================================= villages


def _demand_text(obs: Obs, colour: str) -> str:
    d = obs["villages"][colour]
    if d is None:
        return "no demand (sold this turn)"
    up, low = obs["demands"][d]
    return (f"demand D{d:02d} {LETTER[up]}/{LETTER[low]}: upper (large) flag {up} pays {PAYOUT[0]}, "
            f"lower (small) flag {low} pays {PAYOUT[1]}, any other colour {PAYOUT[2]}")


def flags(upper: str, lower: str, x: float, y: float, scale: float = 1.0) -> str:
    """Two demand flags on one pole: the upper (large) and lower (small) flag (PK-008)."""
    def f(v: float) -> str:
        return _fmt(v * scale)
    return (f'<g transform="translate({_fmt(x)},{_fmt(y)})">'
            f'<line x1="0" y1="{f(-2)}" x2="0" y2="{f(30)}" stroke="#3b2a1a" stroke-width="{f(2)}"/>'
            f'<path class="flag upper" d="M{f(1)},{f(-1)}H{f(26)}L{f(20)},{f(6.5)}L{f(26)},{f(14)}H{f(1)}Z" '
            f'fill="{PIECE_FILL[upper]}" stroke="#222" stroke-width="1"/>'
            f'<path class="flag lower" d="M{f(1)},{f(16)}H{f(17)}L{f(13)},{f(21)}L{f(17)},{f(26)}H{f(1)}Z" '
            f'fill="{PIECE_FILL[lower]}" stroke="#222" stroke-width="1"/></g>')


def _village_cell(obs: Obs, colour: str, name: str, sold: bool) -> str:
    x, y = cell_xy(name)
    v = COLOURS.index(colour)
    fill = PIECE_FILL[colour]
    label = f"{colour.capitalize()} village ({QUECHUA[v]}) at {name}"
    out = [f'<g id="{cell_id(name)}" class="cell village-cell" transform="translate({_fmt(x)},{_fmt(y)})" '
           f'data-cell="{name}">', _title(f"{label}: {_demand_text(obs, colour)}."),
           f'<polygon class="hex" points="{_hex_points(S - 1.5)}" fill="{VILLAGE_FILL}" stroke="{fill}" '
           f'stroke-width="5"/>',
           f'<g id="village-{colour}" class="village">',
           _title(f"{label}{' (sold here this turn)' if sold else ''}. "
                  + RULES["village"].format(up=PAYOUT[0], low=PAYOUT[1], none=PAYOUT[2], cost=LLAMA_COST)),
           _houses(fill)]
    d = obs["villages"][colour]
    out.append(f'<g id="demand-{colour}" class="demand">')
    if d is None:
        out.append(_title(f"{label}: {_demand_text(obs, colour)}. {RULES['no-demand']}"))
        out.append('<rect x="-4" y="-39" width="26" height="24" rx="3" fill="none" stroke="#7a6a50" '
                   'stroke-width="1.5" stroke-dasharray="3 3"/>')
    else:
        up, low = obs["demands"][d]
        out.append(_title(f"{label}: {_demand_text(obs, colour)}. {RULES['demand']}"))
        out.append(flags(up, low, -5, -38, 0.85))
    out.append("</g></g></g>")
    return "".join(out)


def _houses(fill: str) -> str:
    """Two small adobe houses with roofs in the village colour (decoration)."""
    parts = []
    for hx, hy in ((-26, -18), (-15, -27)):
        parts.append(f'<rect x="{hx}" y="{hy}" width="11" height="9" fill="#d8b98a" stroke="#6b4b2a" '
                     f'stroke-width="0.8"/><path d="M{hx - 2},{hy}L{hx + 5.5},{hy - 6}L{hx + 13},{hy}Z" '
                     f'fill="{fill}" stroke="#333" stroke-width="0.8"/>')
    return "".join(parts)


# ============================================================================= llamas


LLAMA_PATH = ("M-9,-1 C-9,-4 -6,-5 -3,-5 L4,-5 L5,-14 C5,-16 7,-17 9,-16 L12,-14 L12,-12 L9,-12 L9,-3 "
              "C10,0 9,3 7,4 L7,10 L5,10 L4,5 L-4,5 L-5,10 L-7,10 L-7,4 C-9,3 -10,1 -9,-1 Z "
              "M6,-16 L6,-19 L7.5,-16.5 Z M8,-16 L9,-19 L9.5,-16 Z")


def _llama_title(obs: Obs, ll: Mapping[str, Any]) -> str:
    side = ll["side"]
    who = f"{side.capitalize()} llama{ll['slot']}"
    if ll["cell"] is None:
        return f"{who}: waiting off the board. " + RULES["waiting"].format(cost=LLAMA_COST, max=MAX_LLAMAS)
    if ll["load"] is not None:
        load = f"carrying {ll['load']}"
    else:
        load = "empty, loaded at refill"
    notes = []
    if ll.get("bought"):
        notes.append("bought this turn (PK-168/PK-237 [R]: it neither moves nor sells this turn)")
    elif ll.get("moved") == 1:
        notes.append("moved this turn")
    return f"{who} on {ll['cell']}, {load}{'; ' + '; '.join(notes) if notes else ''}. {RULES[side + '-llama']}"


def _llama(obs: Obs, ll: Mapping[str, Any], x: float, y: float, scale: float, selected: bool) -> str:
    black = ll["side"] == "black"
    body, edge = ("#1e1e1e", "#f0f0f0") if black else ("#fbfaf4", "#2a2a2a")
    classes = "piece llama " + ll["side"] + (" selected" if selected else "")
    out = [f'<g id="{llama_id(ll["side"], ll["slot"])}" class="{classes}" '
           f'style="transform:translate({_fmt(x)}px,{_fmt(y)}px)" data-seat="{ll["seat"]}">',
           _title(_llama_title(obs, ll)), f'<g transform="scale({_fmt(scale)})">']
    if selected:
        out.append('<circle class="selected-ring" r="17" fill="#ffe14d" fill-opacity="0.55" stroke="#c79a00" '
                   'stroke-width="2"/>')
    out.append(f'<path d="{LLAMA_PATH}" fill="{body}" stroke="{edge}" stroke-width="1.3" stroke-linejoin="round"/>')
    if ll["cell"] is not None:
        if ll["load"] is not None:
            out.append(f'<circle class="load" data-colour="{ll["load"]}" cx="-2" cy="-8" r="5.5" '
                       f'fill="{PIECE_FILL[ll["load"]]}" stroke="#111" stroke-width="1.4"/>')
        else:
            out.append('<circle class="load empty" cx="-2" cy="-8" r="5.5" fill="none" stroke="#777" '
                       'stroke-width="1.4" stroke-dasharray="2 1.5"/>')
    out.append("</g></g>")
    return "".join(out)


# spots of n llamas sharing a cell, as (dx, dy) from its centre; White first, then Black, each by slot
_SPOTS = {
    1: ((0, 4),),
    2: ((-13, 4), (13, 4)),
    3: ((-19, -4), (19, -4), (0, 16)),
    4: ((-13, -8), (13, -8), (-13, 16), (13, 16)),
    5: ((-20, -8), (0, -8), (20, -8), (-11, 16), (11, 16)),
    6: ((-20, -8), (0, -8), (20, -8), (-20, 16), (0, 16), (20, 16)),
}
_SPOT_SCALE = {1: 1.3, 2: 1.05, 3: 0.95, 4: 0.9, 5: 0.82, 6: 0.82}


def _llama_spots(obs: Obs) -> dict[int, tuple[float, float, float]]:
    """Screen position and scale of each on-board llama (index seat*3+slot), spread over its cell so that no
    two overlap; on a village they stand below its demand flags."""
    by_cell: dict[str, list[int]] = {}
    for k, ll in enumerate(obs["llamas"]):
        if ll["cell"] is not None:
            by_cell.setdefault(ll["cell"], []).append(k)
    villages = set(obs["village_cells"].values())
    out: dict[int, tuple[float, float, float]] = {}
    for name, ks in by_cell.items():
        x, y = cell_xy(name)
        ks.sort(key=lambda k: (obs["llamas"][k]["side"] != "white", obs["llamas"][k]["slot"]))
        n = len(ks)
        village = name in villages
        scale = _SPOT_SCALE[n] * (0.95 if village else 1.0)
        for k, (dx, dy) in zip(ks, _SPOTS[n], strict=True):
            out[k] = (x + dx * (0.9 if village else 1.0), y + dy * (0.7 if village else 1.0) + (12 if village else 0),
                      scale)
    return out


# ============================================================================= the board


def _frame() -> str:
    pts = []
    for c in CORNERS:
        x, y = cell_xy(cell_name(c))
        pts.append((BOARD_X + (x - BOARD_X) * FRAME_SCALE, BOARD_Y + (y - BOARD_Y) * FRAME_SCALE))
    pts.sort(key=lambda p: math.atan2(p[1] - BOARD_Y, p[0] - BOARD_X))
    poly = " ".join(_fmt_pt(p) for p in pts)
    return (f'<g id="frame">{_title("Frame. " + RULES["frame"])}'
            f'<polygon points="{poly}" fill="{FRAME_FILL}" stroke="{FRAME_EDGE}" stroke-width="4" '
            f'stroke-linejoin="round"/></g>')


def _legend() -> str:
    """Key to the terrain drawing, in the empty top-left corner of the board area."""
    return ('<g id="legend" class="legend">'
            f'<rect x="8" y="8" width="18" height="14" fill="{VALLEY_FILL}" stroke="#3d4a2a"/>'
            f'<path d="M9,15H25" stroke="{VALLEY_PATH}" stroke-width="4"/>'
            + _text(32, 20, "valley: White llamas", "small")
            + f'<path d="M8,44L17,30L26,44Z" fill="{MOUNTAIN_LIGHT}" stroke="{MOUNTAIN_RIDGE}"/>'
            + _text(32, 42, "mountain: Black llamas", "small")
            + '<path d="M9,66C8,58 13,54 17,54C22,54 26,58 25,66Z" fill="#5d5d5d" stroke="#fff"/>'
            + _text(32, 64, "rock: no rotation this turn", "small") + "</g>")


def _frame_sides() -> str:
    """Dark marks on tile sides that face the frame (PK-039: impassable for both colours)."""
    marks = []
    for i, name in enumerate(CELL_NAMES):
        for d in range(6):
            if NEIGH[i][d] < 0:
                x, y = cell_xy(name)
                a, b = _edge(d, S - 1.5)
                marks.append(f"M{_fmt(x + a[0])},{_fmt(y + a[1])}L{_fmt(x + b[0])},{_fmt(y + b[1])}")
    return f'<path class="frame-sides" d="{"".join(marks)}" stroke="{FRAME_EDGE}" stroke-width="3" fill="none"/>'


def _cells(obs: Obs, cells: tuple[tuple[str, str | None, Any], ...]) -> str:
    """Board cells in order: (name, its village colour or None, the village's "sold here" or the tile's marks)."""
    return "".join(_village_cell(obs, colour, name, marks) if colour is not None else _tile_cell(obs, name, marks)
                   for name, colour, marks in cells)


def _pieces(obs: Obs, mover: int) -> str:
    """The llamas; ``mover``: the one whose move is being asked, or -1."""
    spots = _llama_spots(obs)
    out = ['<g id="llamas">']
    for k, ll in enumerate(obs["llamas"]):
        if k in spots:
            x, y, sc = spots[k]
        else:
            x, y, sc = _waiting_spot(obs, ll)
        out.append(_llama(obs, ll, x, y, sc, k == mover))
    out.append("</g>")
    return "".join(out)


def _moving_llama(obs: Obs) -> int:
    """Index of the llama whose move is being asked (spec "Decision points" 3), or -1."""
    if obs["step"] != "move" or obs["paying"] or obs["move_slot"] > 2:
        return -1
    return int(obs["active"]) * LLAMAS_PER_PLAYER + int(obs["move_slot"])


# ============================================================================= the side panel


SEAT_Y = (128.0, 418.0)
SEAT_H = 270.0


def _waiting_spot(obs: Obs, ll: Mapping[str, Any]) -> tuple[float, float, float]:
    return PANEL_X + 60 + ll["slot"] * 90, SEAT_Y[ll["seat"]] + 104, 1.3


def _status(obs: Obs) -> str:
    step = obs["step"]
    active = obs["active"]
    me = obs.get("observer")
    if obs["winner"] is not None:
        w = obs["winner"]
        head = f"{_side_name(obs, w)} wins"
        detail = "PK-300 [R]: the first to hold all 7 colours wins at once"
    elif obs["draw"]:
        head = "Draw"
        detail = f"PK-320 [D]: the turn cap of {obs['turn_cap']} turns was reached"
    else:
        who = "your turn" if me == active else "to play"
        head = f"Turn {obs['turn'] + 1} · {_side_name(obs, active)} {who}"
        detail = _step_detail(obs)
    out = [f'<g id="status" data-step="{escape(step)}">', _title(f"{head}. {detail}".strip()),
           f'<rect x="{PANEL_X}" y="10" width="{WIDTH - PANEL_X - 10}" height="106" rx="8" fill="#fffaf0" '
           f'stroke="#b89b6e"/>', _text(PANEL_X + 12, 34, head, "head")]
    x = PANEL_X + 12
    over = step == "over"
    for key, label in STEP_LABELS:
        on = key == step and not over
        w = 88
        out.append(f'<g id="step-{key}" class="step{" current" if on else ""}">'
                   f'<rect x="{_fmt(x)}" y="46" width="{w}" height="24" rx="12" '
                   f'fill="{"#2f62c4" if on else "#efe6d4"}" stroke="#8a7350"/>'
                   + _text(x + w / 2, 62, label, "step-label", text_anchor="middle",
                           style="fill:#fff" if on else None) +
                   "</g>")
        x += w + 4
    out.append(_text(PANEL_X + 12, 94, detail, "detail"))
    out.append("</g>")
    return "".join(out)


def _step_detail(obs: Obs) -> str:
    pay = obs["paying"]
    step = obs["step"]
    if pay:
        if pay["for"] == "rotation":
            what = f"the rotation of tile {pay['tile']} to orientation {pay['orientation']}"
        else:
            what = f"a llama at the {pay['village']} village"
        return f"Pay {pay['still']} more for {what}"
    if step == "rotate":
        return f"{FREE_ROTATIONS} free rotation, then {ROTATION_COST} pieces each (PK-130/132)"
    if step == "rotate-paid":
        done = ", ".join(obs["rotated"]) or "none"
        return f"Further rotations: {ROTATION_COST} pieces each; rotated {done}"
    if step == "move":
        k = _moving_llama(obs)
        ll = obs["llamas"][k]
        return f"Move llama{ll['slot']} from {ll['cell']} to a cell of its reach"
    if step == "trade":
        return f"Sell loads at villages; a llama costs {LLAMA_COST} pieces"
    return ""


def _seat_panel(obs: Obs, seat: int, me: bool, active: bool, winner: bool, llamas: tuple[int, ...]) -> str:
    """Seat ``seat``'s area; ``llamas``: the indexes of its llamas in the observation's list."""
    y0 = SEAT_Y[seat]
    side = _side_name(obs, seat)
    walks = "valleys" if side == "White" else "mountains"
    supply: Mapping[str, int] = obs["supply"][seat]
    held = sum(1 for c in COLOURS if supply.get(c, 0) > 0)
    head = f"{side}{' (you)' if me else ''}"
    out = [f'<g id="seat{seat}" class="seat{" active" if active else ""}{" mine" if me else ""}">',
           _title(f"{head}: llamas walk the {walks}; {held} of 7 colours held."),
           f'<rect x="{PANEL_X}" y="{_fmt(y0)}" width="{WIDTH - PANEL_X - 10}" height="{SEAT_H}" rx="8" '
           f'fill="{"#fff6d8" if active else "#faf6ee"}" stroke="{"#c79a00" if active else "#b89b6e"}" '
           f'stroke-width="{3 if active else 1}"/>',
           _text(PANEL_X + 12, y0 + 26, head, "head"),
           _text(PANEL_X + 12, y0 + 46, f"llamas walk the {walks} · {held} of 7 colours", "detail")]
    if active:
        out.append(_text(WIDTH - 22, y0 + 26, "to play", "badge", text_anchor="end"))
    elif winner:
        out.append(_text(WIDTH - 22, y0 + 26, "winner", "badge", text_anchor="end"))
    out.append(_text(PANEL_X + 12, y0 + 74, "Llamas", "label"))
    for k in llamas:
        ll = obs["llamas"][k]
        x, y, _ = _waiting_spot(obs, ll)
        out.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y - 4)}" r="24" fill="none" stroke="#b89b6e" '
                   f'stroke-dasharray="4 3"/>')
        if ll["cell"] is not None:  # a faint copy in the owner's area: the piece itself is on the board
            body = "#1e1e1e" if ll["side"] == "black" else "#fbfaf4"
            out.append(f'<path d="{LLAMA_PATH}" transform="translate({_fmt(x)},{_fmt(y)}) scale(1.3)" '
                       f'fill="{body}" stroke="#888" opacity="0.35"/>')
        where = "waiting" if ll["cell"] is None else f"on {ll['cell']}"
        if ll["cell"] is not None:
            where += f" · {ll['load'] or 'empty'}"
        out.append(_text(x, y + 34, f"llama{ll['slot']}", "small", text_anchor="middle"))
        out.append(_text(x, y + 48, where, "small", text_anchor="middle"))
    out.append(_text(PANEL_X + 12, y0 + 184, "Personal supply", "label"))
    out.append(_supply(seat, side, supply, y0 + 214))
    out.append("</g>")
    return "".join(out)


def _supply(seat: int, side: str, supply: Mapping[str, int], y: float) -> str:
    """The 7 cutouts (filled iff held, PK-251) and the brown piece, each with its count."""
    out = []
    for i, piece in enumerate(ALL_PIECES):
        x = PANEL_X + 30 + i * 45 + (10 if piece == "brown" else 0)
        n = supply.get(piece, 0)
        name = f"{piece} ({QUECHUA[i]})"
        rule = RULES["brown"] if piece == "brown" else RULES["supply"]
        out.append(f'<g id="{supply_id(seat, piece)}" class="supply{" held" if n else ""}" data-piece="{piece}" '
                   f'data-count="{n}">{_title(f"{side} supply: {n} {name}. {rule}")}')
        if piece == "brown":
            if n:
                out.append(f'<rect x="{_fmt(x - 13)}" y="{_fmt(y - 13)}" width="26" height="26" rx="5" '
                           f'fill="{PIECE_FILL[piece]}" stroke="#222" stroke-width="1.5"/>')
            else:
                out.append(f'<rect x="{_fmt(x - 13)}" y="{_fmt(y - 13)}" width="26" height="26" rx="5" '
                           f'fill="none" stroke="#aaa" stroke-dasharray="3 3"/>')
        else:
            fill = PIECE_FILL[piece] if n else "#efe6d4"
            stroke = "#222" if n else PIECE_FILL[piece]
            out.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="15" fill="{fill}" stroke="{stroke}" '
                       f'stroke-width="{1.5 if n else 3}"/>')
        if n:
            dark = piece in ("white", "yellow", "orange")
            out.append(_text(x, y + 5, str(n), "count", text_anchor="middle", style=None if dark else "fill:#fff"))
        out.append(_text(x, y + 32, LETTER.get(piece, "Br"), "small", text_anchor="middle"))
        out.append("</g>")
    return "".join(out)


def _bag(obs: Obs) -> str:
    y = 708.0
    bag, discard = obs["bag"], obs["discard"]

    def names(ids: Iterable[int]) -> str:
        return ", ".join(f"D{d:02d} {LETTER[obs['demands'][d][0]]}/{LETTER[obs['demands'][d][1]]}" for d in ids)

    out = [f'<g id="bag">{_title(f"Cloth bag: {len(bag)} demands ({names(bag)}). " + RULES["bag"])}'
           f'<path d="M{PANEL_X + 20},{y + 10} C{PANEL_X + 8},{y + 60} {PANEL_X + 72},{y + 60} {PANEL_X + 60},'
           f'{y + 10} Z" fill="#c9b48a" stroke="#6b4b2a"/>'
           f'{_text(PANEL_X + 40, y + 44, str(len(bag)), "count", text_anchor="middle")}'
           f'{_text(PANEL_X + 72, y + 30, "bag", "small")}</g>']
    out.append('<g id="discard">' + _title(f"Discard pile: {len(discard)} demands ({names(discard)}). "
                                           + RULES["discard"]))
    out.append(_text(PANEL_X + 110, y + 20, f"discard pile ({len(discard)})", "small"))
    for i, d in enumerate(discard[-9:]):
        up, low = obs["demands"][d]
        out.append(flags(up, low, PANEL_X + 110 + i * 30, y + 30, 0.7))
    out.append("</g>")
    return "".join(out)


STYLE = (
    "text{font-family:system-ui,'Segoe UI',Roboto,sans-serif;fill:#3a2d1c}"
    ".head{font-size:17px;font-weight:600}.detail{font-size:13px}.label{font-size:13px;font-weight:600}"
    ".small{font-size:11px}.count{font-size:14px;font-weight:700}.step-label{font-size:12px}"
    ".badge{font-size:13px;font-weight:700;fill:#a07800}"
    ".piece{transition:transform .6s ease}.tile{transition:transform .5s ease}"
)


HEAD = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'class="board pachakuna" data-game="pachakuna">')
CELL_GROUPS = tuple(tuple(CELL_NAMES[i:i + 8]) for i in range(0, len(CELL_NAMES), 8))   # a part each
LEGEND, FRAME, FRAME_SIDES = _legend(), _frame(), _frame_sides()


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (the marks of each tile, who is to play, the llama that moves ...)."""
    obs = observation
    village_of = {cell: colour for colour, cell in obs["village_cells"].items()}
    sold = obs["sold"]
    types: Path = ("tile_types",)
    meaning = _meaning(obs)
    out = [Part("head", HEAD), Part("style", f"<style>{STYLE}</style>"), Part("defs", _face_defs, (types,)),
           Part("ground", f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#efe3c8"/>'), Part("legend", LEGEND),
           Part("frame", FRAME)]
    if meaning is not None:   # the rotate step reads each tile's orientation; the others only the step
        out.append(Part("meant", _meant_layer, (("tiles",),) if meaning[0] == "rotate" else (),
                        (meaning, tuple(sorted(village_of.items())))))
    out.append(Part("cells", '<g id="cells">'))
    for i, names in enumerate(CELL_GROUPS):
        cells = tuple((name, village_of[name], village_of[name] in sold) if name in village_of else
                      (name, None, tile_marks(obs, name)) for name in names)
        reads: list[Path] = [types]
        for name, colour, _ in cells:
            reads += [("villages", colour), ("demands",)] if colour is not None else [("tiles", name)]
        out.append(Part(f"cells{i}", _cells, tuple(reads), (cells,)))
    over = obs["step"] == "over"
    out += [Part("cells-end", "</g>"), Part("frame-sides", FRAME_SIDES),
            Part("status", _status, tuple((k,) for k in (
                "step", "active", "observer", "winner", "draw", "turn_cap", "turn", "white_seat", "paying",
                "rotated", "llamas", "move_slot")))]
    for seat in (0, 1):
        own = tuple(k for k, ll in enumerate(obs["llamas"]) if ll["seat"] == seat)
        out.append(Part(f"seat{seat}", _seat_panel, (("white_seat",), ("supply", seat),
                                                     *(("llamas", k) for k in own)),
                        (seat, obs.get("observer") == seat, obs["active"] == seat and not over,
                         obs["winner"] == seat, own)))
    out += [Part("bag", _bag, (("bag",), ("discard",), ("demands",))),
            Part("pieces", _pieces, (("llamas",), ("village_cells",)), (_moving_llama(obs),)),
            Part("end", "</svg>")]
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (PK-340: everything is public; only the observer's own
    area is marked "you")."""
    return document(parts(observation), observation)


# ============================================================================= decisions


BUTTONS = ("end rotate", "end trade")


def is_button(action_id: str) -> bool:
    """Actions about no board element: ending the rotate step (PK-140) and the trade step (PK-270)."""
    return action_id in BUTTONS


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about: the tile for ``rotate <cell> oK``, the destination cell for ``move``, the
    llama for ``stay``/``sell``, the village for ``buy at``, the supply piece for ``pay``; None for a button."""
    words = action_id.split()
    verb = words[0] if words else ""
    if verb == "rotate" or verb == "move":
        name = words[1] if verb == "rotate" else words[2]
        return cell_id(name) if parse_cell(name) is not None else None
    if verb in ("stay", "sell"):
        slot = int(words[1].removeprefix("llama"))
        side = obs["llamas"][obs["active"] * LLAMAS_PER_PLAYER + slot]["side"]
        return llama_id(side, slot)
    if verb == "buy":
        return f"village-{words[2]}"
    if verb == "pay":
        return supply_id(obs["active"], words[1])
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    out = {}
    for aid in legal:
        t = target_of(observation, aid)
        if t is not None:
            out[aid] = t
    return out


def preview_tile(obs: Obs, name: str, o: int) -> str:
    """A small picture of tile ``name`` turned to orientation ``o``, with the facing sides of its neighbours as
    a ring, so the chooser shows which joints open (PK-061)."""
    kind, cur = obs["tiles"][name]
    i = parse_cell(name)
    assert i is not None
    fills = []
    villages = set(obs["village_cells"].values())
    for d in range(6):
        n = NEIGH[i][d]
        if n < 0:
            fills.append(FRAME_FILL)  # PK-039
        elif cell_name(n) in villages:
            fills.append(VILLAGE_FILL)  # PK-062 both terrains
        else:
            nk, no = obs["tiles"][cell_name(n)]
            far = OPPOSITE[d]  # PK-034
            terrain = next(t for t, sides in obs["tile_types"][nk] if (far - no) % N_SIDES in sides)  # PK-046
            fills.append(MOUNTAIN_FILL if terrain == "M" else VALLEY_FILL)
    return _preview(name, kind, _regions_key(obs["tile_types"][kind]), o, o == cur, tuple(fills))


def _regions_key(regions: Sequence[Sequence[Any]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple((str(t), tuple(sides)) for t, sides in regions)


@functools.lru_cache(maxsize=4096)
def _preview(name: str, kind: str, regions: tuple[tuple[str, tuple[int, ...]], ...], o: int, keep: bool,
             fills: tuple[str, ...]) -> str:
    """The preview picture (cached: most tiles and their neighbours stay the same from one position to the
    next)."""
    ring = []
    for d, fill in enumerate(fills):
        a, b = _edge(d, S + 6)
        ia, ib = _edge(d, S - 1)
        ring.append(f'<path d="M{_fmt_pt(ia)}L{_fmt_pt(a)}L{_fmt_pt(b)}L{_fmt_pt(ib)}Z" fill="{fill}" '
                    f'stroke="#555" stroke-width="0.8"/>')
    label = f"o{o}" + (" keep" if keep else "")
    r = S + 8
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_fmt(-r)} {_fmt(-r)} {_fmt(2 * r)} '
            f'{_fmt(2 * r + 16)}" class="preview" data-orientation="{o}">'
            f"<title>{escape(f'Tile {name} type {kind} at orientation {o}: {_sides_text(regions, o)}')}</title>"
            f'{"".join(ring)}<g transform="rotate({_fmt(TURN_DEG * o)})">{_face(regions, S - 1)}</g>'
            f'<polygon points="{_hex_points(S - 1)}" fill="none" stroke="#333" stroke-width="1.5"/>'
            f'<text x="0" y="{_fmt(r + 13)}" text-anchor="middle" font-size="13" '
            f'font-family="system-ui,sans-serif">{escape(label)}</text></svg>')


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each rotation offered, the tile drawn at that orientation (the chooser beside the tile)."""
    out = {}
    for aid in legal:
        words = aid.split()
        if words and words[0] == "rotate" and len(words) == 3:
            out[aid] = preview_tile(observation, words[1], int(words[2][1:]))
    return out


__all__ = ["cell_id", "is_button", "llama_id", "parts", "previews", "supply_id", "svg", "targets"]
