"""The hex board of P'achakuna: tile faces, rocks, villages with their demand flags, the frame and the
llamas on the board.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from tawa.core.svg import n as _fmt
from tawa.core.svg import title as _title
from tawa.games.pachakuna.data import (
    CELL_NAMES,
    COLOURS,
    CORNERS,
    LLAMAS_PER_PLAYER,
    N_SIDES,
    NEIGH,
    QUECHUA,
    cell_name,
)
from tawa.games.pachakuna.view.layout import (
    BOARD_X,
    BOARD_Y,
    FRAME_EDGE,
    FRAME_FILL,
    FRAME_SCALE,
    MOUNTAIN_DARK,
    MOUNTAIN_FILL,
    MOUNTAIN_LIGHT,
    MOUNTAIN_RIDGE,
    PIECE_FILL,
    SIDE_ANGLE,
    SQ3,
    TURN_DEG,
    VALLEY_FILL,
    VALLEY_PATH,
    VILLAGE_FILL,
    Obs,
    S,
    cell_id,
    cell_xy,
    fmt_pt,
    hex_edge,
    hex_points,
    llama_id,
    pt,
    suffix,
    svg_text,
    waiting_spot,
)
from tawa.games.pachakuna.view.texts import (
    LLAMA_COST,
    PAYOUT,
    RULES,
    TERRAIN_NAMES,
    TYPE_NAMES,
    demand_text,
    llama_title,
    sides_text,
)


@functools.lru_cache(maxsize=64)
def face(regions: tuple[tuple[str, tuple[int, ...]], ...], radius: float) -> str:
    """A tile at orientation 0: per region its side triangles (valley green, mountain rock) and, from the
    region's hub, a trail (valley) or a faceted ridge (mountain) to each of its sides, so that what connects
    through the tile is visible (PK-041, PK-048). The caller turns it to the tile's orientation."""
    out: list[str] = []
    over: list[str] = []
    for k, (terrain, sides) in enumerate(regions):
        fill = MOUNTAIN_FILL if terrain == "M" else VALLEY_FILL
        tris = []
        for d in sides:
            a, b = hex_edge(d, radius)
            tris.append(f"M0,0L{fmt_pt(a)}L{fmt_pt(b)}Z")
        out.append(
            f'<path class="side {TERRAIN_NAMES[terrain]}" data-region="{k}" d="{"".join(tris)}" '
            f'fill="{fill}" stroke="{fill}" stroke-width="0.8"/>'
        )
        mids = [pt(SIDE_ANGLE[d], radius * SQ3 / 2) for d in sides]
        hub = (
            (0.0, 0.0)
            if len(mids) == 6
            else (sum(m[0] for m in mids) / len(mids) * 0.35, sum(m[1] for m in mids) / len(mids) * 0.35)
        )
        h = fmt_pt(hub)
        if terrain == "M":
            light, dark = [], []
            for d, m in zip(sides, mids, strict=True):
                a, b = hex_edge(d, radius)
                light.append(f"M{h}L{fmt_pt(a)}L{fmt_pt(m)}Z")
                dark.append(f"M{h}L{fmt_pt(m)}L{fmt_pt(b)}Z")
            over.append(
                f'<path class="facet" d="{"".join(light)}" fill="{MOUNTAIN_LIGHT}"/>'
                f'<path class="facet" d="{"".join(dark)}" fill="{MOUNTAIN_DARK}"/>'
            )
            over.append(
                "".join(
                    f'<path class="ridge" d="M{h}L{fmt_pt(m)}" stroke="{MOUNTAIN_RIDGE}" '
                    f'stroke-width="2" stroke-linecap="round"/>'
                    for m in mids
                )
            )
        else:
            over.append(
                "".join(
                    f'<path class="trail" d="M{h}L{fmt_pt(m)}" stroke="{VALLEY_PATH}" '
                    f'stroke-width="5" stroke-linecap="round"/>'
                    for m in mids
                )
            )
    return "".join(out) + "".join(over)


def face_id(obs: Obs, kind: str) -> str:
    """Id of the ``<defs>`` face of tile type ``kind`` (types by name order; names are options, so not in ids)."""
    return f"pk-face-{sorted(obs['tile_types']).index(kind)}"


def face_defs(obs: Obs) -> str:
    faces = (
        f'<g id="{face_id(obs, kind)}">{face(regions_key(obs["tile_types"][kind]), S - 1.5)}</g>'
        for kind in sorted(obs["tile_types"])
    )
    return "<defs>" + "".join(faces) + "</defs>"


def _tile_cell(
    obs: Obs, name: str, marks: TileMarks, faces: Mapping[str, tuple[tuple[tuple[str, tuple[int, ...]], ...], str]]
) -> str:
    """Tile cell ``name``; ``faces``: each tile type's regions (``regions_key``) and ``<defs>`` face (``face_id``)."""
    kind, o = obs["tiles"][name]
    return _tile_cell_text(name, kind, o, *faces[kind], marks)


@functools.lru_cache(maxsize=8192)
def _tile_cell_text(
    name: str, kind: str, o: int, regions: tuple[tuple[str, tuple[int, ...]], ...], face: str, marks: TileMarks
) -> str:
    """Tile cell ``name`` from all it shows (its tile's type, regions and ``<defs>`` face, the orientation, the
    marks): a few thousand texts in all, kept once drawn; a move redraws one cell of a group of eight."""
    x, y = cell_xy(name)
    rock, rotated, marked, pay = marks
    state = [
        f"Tile {name}: type {kind} ({TYPE_NAMES.get(kind, kind)}), orientation {o}",
        sides_text(regions, o) + ".",
        RULES["tile"],
    ]
    if rock:
        state.insert(1, "Rock: cannot be rotated this turn.")
    if rotated:
        state.insert(1, "Rotated this turn.")
    out = [
        f'<g id="{cell_id(name)}" class="cell tile-cell" transform="translate({_fmt(x)},{_fmt(y)})" '
        f'data-cell="{name}">',
        _title(" ".join(state)),
        f'<g id="tile-{suffix(name)}" class="tile" style="transform:rotate({_fmt(TURN_DEG * o)}deg)">'
        f'<use href="#{face}"/></g>',
        f'<polygon class="hex" points="{hex_points(S - 1.5)}" fill="none" stroke="#3d4a2a" stroke-width="1.2"/>',
    ]
    if marked:
        out.append(
            f'<polygon class="rotated-mark" points="{hex_points(S - 6)}" fill="none" stroke="#fff" '
            f'stroke-width="2.5" stroke-dasharray="6 4">{_title(RULES["rotated"])}</polygon>'
        )
    if pay is not None:  # a paid rotation chosen, its pieces not all paid yet (PK-132)
        wait = f"Rotation to orientation {pay[0]} waits for {pay[1]} more pieces (PK-132)."
        out.append(
            f'<polygon class="pending-mark" points="{hex_points(S - 5)}" fill="none" stroke="#ffd21f" '
            f'stroke-width="4">{_title(wait)}</polygon>'
        )
    if rock:
        out.append(_rock(name))
    out.append("</g>")
    return "".join(out)


TileMarks = tuple[bool, bool, bool, tuple[int, int] | None]


def tile_marks(
    name: str, rocks: Collection[str], rotated: Collection[str], rotating: bool, paying: tuple[str, int, int] | None
) -> TileMarks:
    """What a tile cell shows besides its tile: a rock on it, whether it was rotated this turn, whether it shows
    the rotated mark (rotated, while the rotate steps last: ``rotating``), and the pending paid rotation of it
    (orientation, pieces still to pay) or None; ``paying``: the observation's pending paid rotation as (tile,
    orientation, pieces still to pay), or None."""
    turned = name in rotated
    pending = (paying[1], paying[2]) if paying is not None and paying[0] == name else None
    return name in rocks, turned, turned and rotating, pending


def _rock(name: str) -> str:
    return (
        f'<g id="rock-{suffix(name)}" class="rock" transform="translate(0,-27)">'
        f"{_title(f'Rock on {name}. ' + RULES['rock'])}"
        '<path d="M-12,7 C-13,-3 -6,-9 0,-9 C8,-9 13,-3 12,7 Z" fill="#5d5d5d" stroke="#fff" '
        'stroke-width="2"/><path d="M-6,-4 C-3,-6 2,-6 5,-4" stroke="#aaa" stroke-width="1.5" '
        'fill="none"/></g>'
    )


Meaning = tuple[str, int] | None  # what a click on a cell would mean now: (step kind, moving llama's slot)


def click_meaning(obs: Obs) -> Meaning:
    """What a click on a cell means for the seat to act, derived once per picture (``_meant`` writes it per cell):
    None for anyone else, while a payment is asked (PK-132) and at the end."""
    if obs.get("observer") != obs["active"] or obs["paying"] or obs["winner"] is not None or obs["draw"]:
        return None
    step = obs["step"]
    if step in ("rotate", "rotate-paid"):
        return ("rotate", -1)
    k = moving_llama(obs)
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


def meant_layer(obs: Obs, meaning: Meaning, village_of: tuple[tuple[str, str], ...]) -> str:
    """An invisible hex under each cell naming the action a click there would mean (``data-action``), so that the
    client can ask why it is not legal when the cell is no target (a rock, a llama on the tile, a cell out of reach;
    PK-040/PK-138/PK-139, PK-160..). It lies under the cells: the client searches everything under the pointer, and
    the cells themselves stay the same from one step to the next (only this layer changes with the step)."""
    villages = dict(village_of)
    out = [f'<g class="meant"><defs><polygon id="meant-hex" points="{hex_points(S - 1.5)}" fill="transparent"/></defs>']
    for name in CELL_NAMES:
        if name in villages:
            action = _meant(meaning, name, 1, villages[name])
        else:
            action = _meant(
                meaning, name, (obs["tiles"][name][1] + 1) % N_SIDES if meaning and meaning[0] == "rotate" else 0
            )
        if action:
            x, y = cell_xy(name)
            out.append(f'<use href="#meant-hex" x="{_fmt(x)}" y="{_fmt(y)}" data-action="{action}"/>')
    out.append("</g>")
    return "".join(out)


def _multi_region(obs: Obs) -> bool:
    """Whether some tile type has two regions of one terrain (PK-050: move ids then name the region)."""
    return any(
        len([t for t, _ in regions if t == terrain]) > 1
        for regions in obs["tile_types"].values()
        for terrain in ("V", "M")
    )


def flags(upper: str, lower: str, x: float, y: float, scale: float = 1.0) -> str:
    """Two demand flags on one pole: the upper (large) and lower (small) flag (PK-008)."""

    def f(v: float) -> str:
        return _fmt(v * scale)

    return (
        f'<g transform="translate({_fmt(x)},{_fmt(y)})">'
        f'<line x1="0" y1="{f(-2)}" x2="0" y2="{f(30)}" stroke="#3b2a1a" stroke-width="{f(2)}"/>'
        f'<path class="flag upper" d="M{f(1)},{f(-1)}H{f(26)}L{f(20)},{f(6.5)}L{f(26)},{f(14)}H{f(1)}Z" '
        f'fill="{PIECE_FILL[upper]}" stroke="#222" stroke-width="1"/>'
        f'<path class="flag lower" d="M{f(1)},{f(16)}H{f(17)}L{f(13)},{f(21)}L{f(17)},{f(26)}H{f(1)}Z" '
        f'fill="{PIECE_FILL[lower]}" stroke="#222" stroke-width="1"/></g>'
    )


def _village_cell(obs: Obs, colour: str, name: str, sold: bool) -> str:
    x, y = cell_xy(name)
    v = COLOURS.index(colour)
    fill = PIECE_FILL[colour]
    label = f"{colour.capitalize()} village ({QUECHUA[v]}) at {name}"
    out = [
        f'<g id="{cell_id(name)}" class="cell village-cell" transform="translate({_fmt(x)},{_fmt(y)})" '
        f'data-cell="{name}">',
        _title(f"{label}: {demand_text(obs, colour)}."),
        f'<polygon class="hex" points="{hex_points(S - 1.5)}" fill="{VILLAGE_FILL}" stroke="{fill}" stroke-width="5"/>',
        f'<g id="village-{colour}" class="village">',
        _title(
            f"{label}{' (sold here this turn)' if sold else ''}. "
            + RULES["village"].format(up=PAYOUT[0], low=PAYOUT[1], none=PAYOUT[2], cost=LLAMA_COST)
        ),
        _houses(fill),
    ]
    d = obs["villages"][colour]
    out.append(f'<g id="demand-{colour}" class="demand">')
    if d is None:
        out.append(_title(f"{label}: {demand_text(obs, colour)}. {RULES['no-demand']}"))
        out.append(
            '<rect x="-4" y="-39" width="26" height="24" rx="3" fill="none" stroke="#7a6a50" '
            'stroke-width="1.5" stroke-dasharray="3 3"/>'
        )
    else:
        up, low = obs["demands"][d]
        out.append(_title(f"{label}: {demand_text(obs, colour)}. {RULES['demand']}"))
        out.append(flags(up, low, -5, -38, 0.85))
    out.append("</g></g></g>")
    return "".join(out)


def _houses(fill: str) -> str:
    """Two small adobe houses with roofs in the village colour (decoration)."""
    parts = []
    for hx, hy in ((-26, -18), (-15, -27)):
        parts.append(
            f'<rect x="{hx}" y="{hy}" width="11" height="9" fill="#d8b98a" stroke="#6b4b2a" '
            f'stroke-width="0.8"/><path d="M{hx - 2},{hy}L{hx + 5.5},{hy - 6}L{hx + 13},{hy}Z" '
            f'fill="{fill}" stroke="#333" stroke-width="0.8"/>'
        )
    return "".join(parts)


LLAMA_PATH = (
    "M-9,-1 C-9,-4 -6,-5 -3,-5 L4,-5 L5,-14 C5,-16 7,-17 9,-16 L12,-14 L12,-12 L9,-12 L9,-3 "
    "C10,0 9,3 7,4 L7,10 L5,10 L4,5 L-4,5 L-5,10 L-7,10 L-7,4 C-9,3 -10,1 -9,-1 Z "
    "M6,-16 L6,-19 L7.5,-16.5 Z M8,-16 L9,-19 L9.5,-16 Z"
)


def _llama(obs: Obs, ll: Mapping[str, Any], x: float, y: float, scale: float, selected: bool) -> str:
    black = ll["side"] == "black"
    body, edge = ("#1e1e1e", "#f0f0f0") if black else ("#fbfaf4", "#2a2a2a")
    classes = "piece llama " + ll["side"] + (" selected" if selected else "")
    out = [
        f'<g id="{llama_id(ll["side"], ll["slot"])}" class="{classes}" '
        f'style="transform:translate({_fmt(x)}px,{_fmt(y)}px)" data-seat="{ll["seat"]}">',
        _title(llama_title(obs, ll)),
        f'<g transform="scale({_fmt(scale)})">',
    ]
    if selected:
        out.append(
            '<circle class="selected-ring" r="17" fill="#ffe14d" fill-opacity="0.55" stroke="#c79a00" '
            'stroke-width="2"/>'
        )
    out.append(f'<path d="{LLAMA_PATH}" fill="{body}" stroke="{edge}" stroke-width="1.3" stroke-linejoin="round"/>')
    if ll["cell"] is not None:
        if ll["load"] is not None:
            out.append(
                f'<circle class="load" data-colour="{ll["load"]}" cx="-2" cy="-8" r="5.5" '
                f'fill="{PIECE_FILL[ll["load"]]}" stroke="#111" stroke-width="1.4"/>'
            )
        else:
            out.append(
                '<circle class="load empty" cx="-2" cy="-8" r="5.5" fill="none" stroke="#777" '
                'stroke-width="1.4" stroke-dasharray="2 1.5"/>'
            )
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
            out[k] = (
                x + dx * (0.9 if village else 1.0),
                y + dy * (0.7 if village else 1.0) + (12 if village else 0),
                scale,
            )
    return out


def frame() -> str:
    pts = []
    for c in CORNERS:
        x, y = cell_xy(cell_name(c))
        pts.append((BOARD_X + (x - BOARD_X) * FRAME_SCALE, BOARD_Y + (y - BOARD_Y) * FRAME_SCALE))
    pts.sort(key=lambda p: math.atan2(p[1] - BOARD_Y, p[0] - BOARD_X))
    poly = " ".join(fmt_pt(p) for p in pts)
    return (
        f'<g id="frame">{_title("Frame. " + RULES["frame"])}'
        f'<polygon points="{poly}" fill="{FRAME_FILL}" stroke="{FRAME_EDGE}" stroke-width="4" '
        f'stroke-linejoin="round"/></g>'
    )


def legend() -> str:
    """Key to the terrain drawing, in the empty top-left corner of the board area."""
    return (
        '<g id="legend" class="legend">'
        f'<rect x="8" y="8" width="18" height="14" fill="{VALLEY_FILL}" stroke="#3d4a2a"/>'
        f'<path d="M9,15H25" stroke="{VALLEY_PATH}" stroke-width="4"/>'
        + svg_text(32, 20, "valley: White llamas", "small")
        + f'<path d="M8,44L17,30L26,44Z" fill="{MOUNTAIN_LIGHT}" stroke="{MOUNTAIN_RIDGE}"/>'
        + svg_text(32, 42, "mountain: Black llamas", "small")
        + '<path d="M9,66C8,58 13,54 17,54C22,54 26,58 25,66Z" fill="#5d5d5d" stroke="#fff"/>'
        + svg_text(32, 64, "rock: no rotation this turn", "small")
        + "</g>"
    )


def frame_sides() -> str:
    """Dark marks on tile sides that face the frame (PK-039: impassable for both colours)."""
    marks = []
    for i, name in enumerate(CELL_NAMES):
        for d in range(6):
            if NEIGH[i][d] < 0:
                x, y = cell_xy(name)
                a, b = hex_edge(d, S - 1.5)
                marks.append(f"M{_fmt(x + a[0])},{_fmt(y + a[1])}L{_fmt(x + b[0])},{_fmt(y + b[1])}")
    return f'<path class="frame-sides" d="{"".join(marks)}" stroke="{FRAME_EDGE}" stroke-width="3" fill="none"/>'


def cell_group(obs: Obs, cells: tuple[tuple[str, str | None, Any], ...]) -> str:
    """Board cells in order: (name, its village colour or None, the village's "sold here" or the tile's marks)."""
    types = obs["tile_types"]
    faces = {kind: (regions_key(types[kind]), face_id(obs, kind)) for kind in types}  # once for the group's cells
    return "".join(
        _village_cell(obs, colour, name, marks) if colour is not None else _tile_cell(obs, name, marks, faces)
        for name, colour, marks in cells
    )


def pieces(obs: Obs, mover: int) -> str:
    """The llamas; ``mover``: the one whose move is being asked, or -1."""
    spots = _llama_spots(obs)
    out = ['<g id="llamas">']
    for k, ll in enumerate(obs["llamas"]):
        if k in spots:
            x, y, sc = spots[k]
        else:
            x, y, sc = waiting_spot(obs, ll)
        out.append(_llama(obs, ll, x, y, sc, k == mover))
    out.append("</g>")
    return "".join(out)


def moving_llama(obs: Obs) -> int:
    """Index of the llama whose move is being asked (spec "Decision points" 3), or -1."""
    if obs["step"] != "move" or obs["paying"] or obs["move_slot"] > 2:
        return -1
    return int(obs["active"]) * LLAMAS_PER_PLAYER + int(obs["move_slot"])


def regions_key(regions: Sequence[Sequence[Any]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple((str(t), tuple(sides)) for t, sides in regions)
