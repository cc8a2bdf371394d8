"""The Sacred Valley board as one SVG document in parts (``tawa.core.svgparts``)."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from tawa.core.svg import rect as _rect
from tawa.core.svgparts import LEN, ForObserver, Part, Path, document
from tawa.games.sacred_valley.data import CROPS
from tawa.games.sacred_valley.view.catus import (
    age_piles,
    camayo_catu,
    has_seed_rantic,
    main_catu,
    supplies,
    tech_reserve,
    vine_catu,
)
from tawa.games.sacred_valley.view.layout import HEIGHT, WIDTH, Obs
from tawa.games.sacred_valley.view.seats import (
    BOARD_END,
    TURN,
    board,
    board_marks,
    coins,
    markers,
    seat_debts,
    status,
    techs,
    warehouse,
    work_zone,
)
from tawa.games.sacred_valley.view.shapes import face40
from tawa.games.sacred_valley.view.terrace import (
    alpaca_pieces,
    covers,
    farmers,
    harvest_track,
    meeples,
    reserves,
    terrace_part,
)

# every rule is scoped to this board's <svg> (an inline SVG's <style> applies to the whole page)
_RULES = (
    "text{font-family:system-ui,'Segoe UI',Roboto,sans-serif;fill:#3a2d1c}.head{font-size:16px;font-weight:600}"
    ".detail{font-size:12.5px}.strong{font-weight:600}.label{font-size:14px;font-weight:700}.small{font-size:11px}"
    ".tiny{font-size:9.5px}.muted{fill:#7a6a55}.count{font-size:14px;font-weight:700}.count.light{fill:#fff}"
    ".price{font-size:15px;font-weight:700}.name{font-size:13.5px;font-weight:700}.ability{font-size:10px}"
    ".age{font-size:13px;font-weight:700}.coin{font-size:11px;font-weight:700}"
    ".reward{font-size:10px;font-weight:700;fill:#fff}.level{font-size:15px;font-weight:700;fill:#5e4a2c}"
    ".track-hp{font-size:15px;font-weight:700}.track-coins{font-size:12px;font-weight:600;fill:#8a6412}"
    ".seat-name{font-size:14px;font-weight:700;fill:#fff}.coins{font-size:13px;font-weight:700}"
    ".badge{font-size:11.5px;font-weight:700;fill:#a07800}.zone-name{font-size:10.5px;font-weight:700}"
    ".score{font-size:12px;font-weight:700;fill:#5a2d82}.warn{fill:#a0281e;font-weight:600}"
    ".cover-text{font-size:10px;font-weight:700;fill:#3b2410}"
    ".meeple-letter{font-size:8px;font-weight:700;fill:#fff}"
    ".veil{font-size:15px;font-weight:700;fill:#fff;paint-order:stroke;stroke:#3e3020;stroke-width:3px}"
    ".piece{transition:transform .6s ease}"
)
STYLE = "".join(f"svg.sacred-valley {rule}" for rule in re.findall(r"[^{}]+\{[^{}]*\}", _RULES))


def _defs() -> str:
    """The patterns and tile faces every board uses (the same for every table: see ``DEFS``)."""
    stones = (
        '<pattern id="sv-stones" width="24" height="12" patternUnits="userSpaceOnUse">'
        '<rect width="24" height="12" fill="#9a8c76"/><path d="M0,6H24M12,0V6M6,6V12M18,6V12" '
        'stroke="#5e5240" stroke-width="1"/></pattern>'
    )
    hatch = (
        '<pattern id="sv-locked" width="10" height="10" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="10" height="10" fill="#6b5a44" fill-opacity="0.28"/>'
        '<path d="M0,0V10" stroke="#3e3020" stroke-width="3" stroke-opacity="0.35"/></pattern>'
    )
    faces = "".join(
        f'<g id="sv-tile-{crop}{"-iso" if iso else ""}">{face40(crop, iso)}</g>'
        for crop in CROPS
        for iso in (False, True)
    )
    return f"<defs>{stones}{hatch}{faces}</defs>"


DEFS = _defs()


HEAD = (
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
    'class="board sacred-valley" data-game="sacred-valley">'
)
TERRACE: tuple[Path, ...] = (("terrace",), ("cross_level_adjacency",))


STATUS = ForObserver(status, TURN)
"""The status line: "your turn" for the seat to act, "to play" for the others, so it is drawn once for every observer
(``tawa.core.svgparts.ForObserver``), its observer the part's argument. It reads of each seat only its crop and how
many Warehouse tiles it holds (the places at the end, SV-586), never its entry whole: only the observer's holds its
coins (SV-600), and a read of it would give every observer a projection, and a template, of its own."""
STATUS_READS: tuple[Path, ...] = tuple(
    (k,)
    for k in (
        "over",
        "players",
        "scores",
        "capped",
        "active",
        "round",
        "mode",
        "turn",
        "planting",
        "pending_tile",
        "pending_camayo",
        "first_player",
    )
)
CATU: tuple[Path, ...] = (("main_catu",), ("main_catu_prices",))
ENDING: tuple[Path, ...] = (("scores",), ("player",), ("players",))  # the places at the end (SV-586) compare seats


class _Fixed:
    """The parts of a player count that no observation changes (one object each, shared by every drawing: a server
    compares a drawing's parts with the previous one's, ``tawa.core.svgparts``), and the read paths of the others,
    during the game and at its end."""

    def __init__(self, n: int) -> None:
        crops = tuple(("player", p, "crop") for p in range(n))
        self.head = [
            Part("head", HEAD),
            Part("style", f"<style>{STYLE}</style>"),
            Part("defs", DEFS),
            Part("ground", _rect(0, 0, WIDTH, HEIGHT, "#efe3c8")),
        ]
        self.status_reads = (
            *STATUS_READS,
            *(("player", p, "crop") for p in range(n)),
            *(("player", p, "warehouse", LEN) for p in range(n)),
        )
        self.vine_reads = (*CATU, ("vine_catu",), ("vine_catu_capacity",))
        self.middle = [
            Part(
                "supplies", supplies, (("bag_size",), ("seed_discard",), ("seeds_out_of_game",), ("bag_composition",))
            ),
            Part("reserves", reserves, (("alpaca_reserve",),)),
            Part("terrace", terrace_part, (*TERRACE, ("covers",), ("first_row",), ("planting",), *crops)),
            Part("harvest-track", harvest_track, (("harvest_track",),)),
            Part(
                "piles",
                age_piles,
                (("camayo_piles",), ("camayo_discard",), ("camayos_removed_face_up",), ("camayos_purged_face_down",)),
            ),
            Part("camayo-catu", camayo_catu, (("camayo_catu",),)),
            Part("crops", tech_reserve, (*crops, ("technology_reserve",))),
        ]
        self.seats = [[self._seat(n, p, ()), self._seat(n, p, ENDING)] for p in range(n)]
        self.pieces = [
            Part("pieces", '<g id="pieces">'),
            Part(
                "covers",
                covers,
                (*TERRACE, ("covers",), ("players",), *crops, *(("player", p, "debts") for p in range(n))),
            ),
            Part("alpacas", alpaca_pieces, TERRACE),
            Part("meeples", meeples, (*TERRACE, *crops)),
            Part("farmers", farmers, (("harvest_track",), *crops, *(("player", p, "farmers") for p in range(n)))),
            Part("markers", markers, (("players",), *crops, *(("player", p, "camayos") for p in range(n)))),
            Part("end", "</g></svg>"),
        ]

    @staticmethod
    def _seat(n: int, p: int, ending: tuple[Path, ...]) -> _Seat:
        def mine(*keys: str) -> tuple[Path, ...]:
            return (("over",), ("player", p, "crop"), *(("player", p, k) for k in keys), *ending)

        return _Seat(
            board=mine("technologies", "farmers"),
            marks=mine(),
            fixed=[
                Part(f"seat{p}-techs", techs, (*mine("technologies"), ("tech_costs",)), (p, n)),
                Part(f"seat{p}-debts", seat_debts, mine("debts"), (p, n)),
                Part(f"seat{p}-warehouse", warehouse, (*mine("warehouse", "farmers", "camayos"), ("seat",)), (p, n)),
                Part(f"seat{p}-camayos", work_zone, (*mine("camayos", "coins"), ("scores",)), (p, n)),
                Part(f"seat{p}-end", BOARD_END),
            ],
            coins=Part(f"seat{p}-coins", coins, mine("coins"), (p, n)),
        )


class _Seat(NamedTuple):
    """A seat's board: the reads of its parts that depend on the observation, and its fixed parts."""

    board: tuple[Path, ...]
    marks: tuple[Path, ...]
    fixed: list[Part]
    coins: Part


@functools.lru_cache(maxsize=8)
def _fixed(n: int) -> _Fixed:
    return _Fixed(n)


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (who is to play, who has the Seed Rantic ...)."""
    obs = observation
    n = obs["players"]
    over = obs["over"]
    fx = _fixed(n)
    rantic = has_seed_rantic(obs)
    out = [
        *fx.head,
        Part("status", STATUS, fx.status_reads, (obs["seat"],)),
        Part("main-catu", main_catu, CATU, (rantic,)),
        Part("vine-catu", vine_catu, fx.vine_reads, (rantic,)),
        *fx.middle,
    ]
    observer, to_act, first_player = obs["seat"], obs["active"], obs["first_player"]
    for p in range(n):
        active, first = to_act == p and not over, p == first_player
        seat = fx.seats[p][1 if over else 0]
        out += [
            Part(f"seat{p}", board, seat.board, (p, n, observer == p, active, first)),
            seat.coins,
            Part(f"seat{p}-marks", board_marks, seat.marks, (p, n, active, first)),
            *seat.fixed,
        ]
    out += fx.pieces
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (SV-600: other seats' coins are not in it, and not
    drawn; SV-587: at the end every seat's coins and score)."""
    return document(parts(observation), observation)
