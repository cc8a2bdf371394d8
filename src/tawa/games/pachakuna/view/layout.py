"""Sizes, colours, screen positions and element ids of the P'achakuna board, and the small SVG helpers
(pointy-top hexes, centre of (q, r) at x = sqrt(3)(q + r/2), y = 1.5 r with y downwards, spec "Screen convention" [D]).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import quoteattr

from tawa.core.svg import escape
from tawa.core.svg import n as _fmt
from tawa.games.pachakuna.data import DIRECTIONS

Obs = Mapping[str, Any]

# ----------------------------------------------------------------------------- colours and sizes
PIECE_FILL = {
    "white": "#f6f3ea",
    "red": "#c8302c",
    "orange": "#e8822a",
    "yellow": "#f2c531",
    "green": "#3f9b45",
    "blue": "#2f62c4",
    "purple": "#7c3c9e",
    "brown": "#7a4a24",
}
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


def pt(angle: float, radius: float) -> tuple[float, float]:
    return radius * math.cos(angle), radius * math.sin(angle)


def hex_edge(d: int, radius: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of side d of a hex of ``radius`` (pointy-top: corners 30 degrees either side)."""
    a = SIDE_ANGLE[d]
    return pt(a - math.pi / 6, radius), pt(a + math.pi / 6, radius)


@functools.lru_cache(maxsize=32)
def hex_points(radius: float) -> str:
    """The corners of a hex of ``radius`` centred on 0,0 (a handful of radii: kept once drawn)."""
    return " ".join(fmt_pt(pt(SIDE_ANGLE[0] + math.pi / 6 + k * math.pi / 3, radius)) for k in range(6))


def fmt_pt(p: tuple[float, float]) -> str:
    return f"{_fmt(p[0])},{_fmt(p[1])}"


def cell_id(name: str) -> str:
    """``"1,-2"`` -> ``"cell-q1r-2"``."""
    q, r = name.split(",")
    return f"cell-q{q}r{r}"


def suffix(name: str) -> str:
    return cell_id(name)[5:]


def llama_id(side: str, slot: int) -> str:
    return f"llama-{side[0]}{slot}"


def supply_id(seat: int, piece: str) -> str:
    return f"seat{seat}-supply-{piece}"


def _attrs(**kw: Any) -> str:
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in kw.items() if v is not None)


def svg_text(x: float, y: float, text: str, cls: str = "", **kw: Any) -> str:
    return f"<text{_attrs(x=_fmt(x), y=_fmt(y), class_=cls or None, **kw)}>{escape(text)}</text>"


SEAT_Y = (128.0, 418.0)
SEAT_H = 270.0


def waiting_spot(obs: Obs, ll: Mapping[str, Any]) -> tuple[float, float, float]:
    return PANEL_X + 60 + ll["slot"] * 90, SEAT_Y[ll["seat"]] + 104, 1.3
