"""Positions, colours and sizes of the Guatavita board (the lake of 37 hexes, pointy-top, spec T-LAKE screen
convention; the pump spots, T-PUMPS; the camps in the board corners), and the seats' colours.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from tawa.core.svg import n as _n
from tawa.core.svgparts import Marked, ObserverWords, UndeclaredRead
from tawa.games.guatavita.data import CENTRE_NAME, LAKE_COORDS, PUMP_SPOTS, hex_distance

Obs = Mapping[str, Any]

POS_NAMES: tuple[str, ...] = tuple(n for n, _, _ in LAKE_COORDS)  # T-LAKE order (the observation's lake order)
QR: dict[str, tuple[int, int]] = {n: (q, r) for n, q, r in LAKE_COORDS}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    a: tuple(b for b in POS_NAMES if hex_distance(QR[a], QR[b]) == 1) for a in POS_NAMES
}
CENTRE = CENTRE_NAME
SPOT_SHORE: dict[str, tuple[str, str]] = {k: tuple(v[3]) for k, v in PUMP_SPOTS.items()}  # type: ignore[misc]
SCORE_SPACES = 100  # the score track is unbounded (GV-374 [P]); it is drawn as a loop of 100 spaces

# ----------------------------------------------------------------------------- colours and sizes
COLOUR_HEX = {
    "red": "#c4302b",
    "blue": "#2c5fb3",
    "yellow": "#e7b21f",
    "green": "#3c8f3f",
    "purple": "#7c3c9e",
    "orange": "#e3762a",
    "black": "#303030",
    "white": "#f4f1ea",
    "brown": "#8a5a32",
    "pink": "#d8609a",
}
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
CAMP_CORNER = {
    "NE": (BOARD_X1 - TRACK - 8 - CAMP_W, BOARD_Y0 + TRACK + 6),
    "NW": (BOARD_X0 + TRACK + 8, BOARD_Y0 + TRACK + 6),
    "SW": (BOARD_X0 + TRACK + 8, BOARD_Y1 - TRACK - 6 - CAMP_H),
    "SE": (BOARD_X1 - TRACK - 8 - CAMP_W, BOARD_Y1 - TRACK - 6 - CAMP_H),
}
SPOT_CORNER = {"NE": "NE", "N": "NW", "NW": "NW", "SW": "SW", "S": "SW", "SE": "SE"}  # T-PUMPS camp corner


def hex_xy(pos: str) -> tuple[float, float]:
    """Screen centre of a lake position (T-LAKE: x = sqrt(3)(q + r/2), y = 1.5 r, y down)."""
    q, r = QR[pos]
    return LX + R * SQ3 * (q + r / 2), LY + R * 1.5 * r


def spot_xy(spot: str) -> tuple[float, float]:
    q, r = PUMP_SPOTS[spot][0], PUMP_SPOTS[spot][1]
    return LX + R * SQ3 * (q + r / 2), LY + R * 1.5 * r


UNKNOWN = object()


# Where a part says something of the observer (``Seats.who``, ``Seats.turn``, ``Seats.mine``), a part drawn once for
# every observer (``tawa.core.svgparts.ForObserver``) has a mark that its fill replaces with each observer's words
# (Guatavita seats 2-4 players: its ``info.players``).
YOU = ObserverWords(0xE000, 4, " (you)", "")
TURN = ObserverWords(0xE010, 4, "your turn", "to play")
MINE = ObserverWords(0xE020, 4, " mine", "")


def active_seat(obs: Obs) -> int | None:
    d = obs["decision"]
    return None if d is None else int(d[1])


def hex_points(radius: float) -> str:
    return " ".join(
        f"{_n(radius * math.cos(math.radians(60 * k - 30)))},{_n(radius * math.sin(math.radians(60 * k - 30)))}"
        for k in range(6)
    )


class Seats:
    """Names and colours of the seats of one observation: the observer (``me``) and the seat to act (``active``)."""

    def __init__(self, obs: Obs) -> None:
        self.players: list[Mapping[str, Any]] = list(obs["players"])
        self.me: int | Marked | None = obs["seat"]
        self._active: int | object | None = active_seat(obs)

    @classmethod
    def known(cls, colours: tuple[str, ...], me: int | Marked | None, active: int | object | None = UNKNOWN) -> Seats:
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

    @property
    def observer(self) -> int | None:
        """The observer, for a part that draws what only it sees (its inspections, its clickable pump): such a part
        is never drawn for ``MARKED`` (it raises)."""
        if isinstance(self.me, Marked):
            raise UndeclaredRead("this part shows what its observer sees: it cannot be drawn for a marked observer")
        return self.me

    def who(self, s: int) -> str:
        return self.name(s) + YOU.of(s, self.me)

    def turn(self, s: int) -> str:
        """What seat ``s``, to act, is told: "your turn" when it is the observer, else "to play"."""
        return TURN.of(s, self.me)

    def mine(self, s: int) -> str:
        """ " mine" when seat ``s`` is the observer (a class name), else nothing."""
        return MINE.of(s, self.me)

    def fill(self, s: int) -> str:
        return COLOUR_HEX.get(str(self.players[s]["colour"]).lower(), SEAT_FALLBACK[s % len(SEAT_FALLBACK)])

    def ink(self, s: int) -> str:
        """Text colour on this seat's colour."""
        return "#2a2215" if str(self.players[s]["colour"]).lower() in LIGHT else "#ffffff"
