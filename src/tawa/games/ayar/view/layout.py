"""Colours, sizes, screen positions and element ids of the Ayar board, and what the drawing reads from the
observation everywhere (its component tables, the number of players, the seat to act).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tawa.core.svg import n as _f
from tawa.games.ayar.data import NEUTRAL, PATHS

Obs = Mapping[str, Any]

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
PATH_X = 84.0  # step 0 (Lake Titicaca) of every path
SPOTS_W = 820.0  # steps 0..Cusco span this width
TEMPLE_X = 962.0
LAKE_Y = 236.0
LAKE_H = 166.0
BOARDS_Y = 408.0
BOARD_W, BOARD_H = 290.0, 386.0
GAP = 6.0
MAX_ZOOM = 1.25  # boards of 1-3 players are enlarged up to this
CELL = 24.0  # Tambo grid cell
WCELL = 20.0  # weaving cell
SUN_R = 5.5  # half-sun radius in the weaving area
STACK_X, MARKET_X, TERRACE_X, ROUTE_X = 14.0, 284.0, 548.0, 688.0
TILE_CELL = 22.0  # a stack's top Textile
EIGHT = ((1, 0), (0.707, 0.707), (0, 1), (-0.707, 0.707), (-1, 0), (-0.707, -0.707), (0, -1), (0.707, -0.707))


def seat_name(seat: int) -> str:
    return "the Rival" if seat == NEUTRAL else f"P{seat + 1}"


def seat_fill(seat: int) -> tuple[str, str]:
    return (RIVAL_FILL, RIVAL_INK) if seat == NEUTRAL else (SEAT_FILL[seat % 4], SEAT_INK[seat % 4])


def seat_key(seat: int) -> str:
    return "r" if seat == NEUTRAL else str(seat)


def cell_name(c: int) -> str:
    """A Tambo grid cell (C4), 1-based: ``r2c3``."""
    return f"r{c // 4 + 1}c{c % 4 + 1}"


def cname(r: int, c: int) -> str:
    """A 1-based weaving cell name ``r2c5``."""
    return f"r{r}c{c}"


def components(obs: Obs) -> Mapping[str, Any]:
    comp: Mapping[str, Any] = obs["components"]
    return comp


def player_count(obs: Obs) -> int:
    return len(obs["players"])


def actor_seat(obs: Obs) -> int:
    """The seat whose decision it is (a pending Viracocha is placed by its gainer, AY-809), or -1."""
    pend = obs["tokens_pending"]
    if pend["n"] > 0:
        return int(pend["seat"])
    return int(obs["to_move"]) if obs["phase"] not in ("night", "over") else -1


def lane_cells(s: int) -> list[int]:
    """AY-090 the cells of lane r1..r4 (s = 0..3) or c1..c4 (s = 4..7)."""
    return [s * 4 + c for c in range(4)] if s < 4 else [r * 4 + s - 4 for r in range(4)]


def edge_mid(x: float, y: float, cell: float, side: str) -> tuple[float, float]:
    return {
        "N": (x + cell / 2, y),
        "S": (x + cell / 2, y + cell),
        "W": (x, y + cell / 2),
        "E": (x + cell, y + cell / 2),
    }[side]


OPPOSITE_SIDE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def step_x(obs: Obs, step: int) -> float:
    return PATH_X + SPOTS_W * step / int(components(obs)["cusco"])


def path_y(q: int) -> float:
    return MAIN_Y + q * ROW_H


def spot_w(obs: Obs) -> float:
    return SPOTS_W / int(components(obs)["cusco"])


def spot_id(path: int, k: int) -> str:
    return f"spot-{PATHS[path]}-{k}"


def stack_top_xy(i: int) -> tuple[float, float]:
    return STACK_X + i * 64 + 7, LAKE_Y + 28 + 34


# ---- the route: two rows, spaces 0..half left to right, then back right to left
ROUTE_ROWS = (LAKE_Y + 58, LAKE_Y + 128)


def route_dx(obs: Obs) -> float:
    per = (len(components(obs)["route"]) + 1) // 2
    return (WIDTH - 10 - ROUTE_X) / max(per, 1)


def route_xy(obs: Obs, s: int) -> tuple[float, float]:
    n = len(components(obs)["route"])
    per = (n + 1) // 2
    dx = route_dx(obs)
    if s < per:
        return ROUTE_X + dx / 2 + s * dx, ROUTE_ROWS[0]
    return ROUTE_X + dx / 2 + (n - 1 - s) * dx, ROUTE_ROWS[1]


class Layout:
    """Where each seat's board lies and how much it is enlarged (boards are drawn at BOARD_W x BOARD_H)."""

    def __init__(self, obs: Obs | int) -> None:
        n = obs if isinstance(obs, int) else player_count(obs)
        slots = max(n, 2)  # a solo game shows the Rival beside the board
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
IX, IY = 214.0, 150.0  # Inti dial
TX, TY = 176.0, 184.0  # Temple marker reserve
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
