"""Colours, sizes and screen positions of the Sacred Valley board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tawa.games.sacred_valley.data import CROP_COLOURS, CROPS

Obs = Mapping[str, Any]

# ----------------------------------------------------------------------------- colours and sizes
COLOUR_HEX = {
    "red": "#c8302c",
    "yellow": "#e0ad1c",
    "brown": "#8a5a32",
    "green": "#3f8f3f",
    "purple": "#7c3c9e",
    "none": "#6a8f2a",
}
COLOUR_BG = {
    "red": "#f7dad4",
    "yellow": "#fbefc2",
    "brown": "#ecdcc8",
    "green": "#d8ecd2",
    "purple": "#eadcf2",
    "none": "#eef1d6",
}
AGE_FILL = {1: "#d9b56a", 2: "#8fb3cf", 3: "#b88fcf"}
LEVEL_FILL = ("#9fc067", "#b4b867", "#c6a869", "#c79a78")  # by level order, bottom up
PANEL_FILL, PANEL_EDGE = "#fffaf0", "#b89b6e"
NO_CROP = "#9a9a9a"

WIDTH, HEIGHT = 1200, 840
MAIN_TOP, SLOT_STEP = 92, 48  # Main Catu: slot 6 at the top, slot 1 at the bottom
TERRACE_X, TERRACE_Y, TERRACE_W, TERRACE_H = 300, 84, 372, 396  # cells and risers
RISER = 12
TRACK_X, TRACK_Y, TRACK_W = 262, 500, 460
RIGHT_X, RIGHT_W = 742, 450
CAT_TOP, CAT_STEP, CAT_H = 134, 64, 60
BOARD_Y, BOARD_H = 602, 230


def crop_colour(crop: str | None) -> str:
    return COLOUR_HEX[CROP_COLOURS[CROPS.index(crop)]] if crop else NO_CROP


def crop_bg(crop: str) -> str:
    return COLOUR_BG[CROP_COLOURS[CROPS.index(crop)]]


def parse_grid(name: str) -> tuple[int, int]:
    """``"r3c4"`` -> (3, 4)."""
    r, c = name[1:].split("c")
    return int(r), int(c)


RESERVE_Y, COVERS_Y = 446, 520


def reserve_spot(k: int) -> tuple[float, float]:
    return 32 + k * 52, RESERVE_Y + 40


def cover_out_spot(level_index: int) -> tuple[float, float]:
    return 20 + level_index * 60, COVERS_Y + 20


def board_boxes(obs: Obs | int) -> dict[int, tuple[float, float, float]]:
    """Where each seat's board lies (x, y, width), for an observation or a player count."""
    n = obs if isinstance(obs, int) else obs["players"]
    w = (WIDTH - 16 - (n - 1) * 8) / n
    return {p: (8 + p * (w + 8), float(BOARD_Y), w) for p in range(n)}
