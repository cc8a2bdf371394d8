"""The Guatavita board as one SVG document in parts (``tawa.core.svgparts``)."""

from __future__ import annotations

import functools

from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _text
from tawa.core.svgparts import ForObserver, Part, Path, document
from tawa.games.guatavita.view.action_board import ACTION_BOARD, box_row, current_slot, status
from tawa.games.guatavita.view.camps import (
    SCORE_TRACK_BODY,
    camp_area,
    camp_markers,
    housed_count,
    score_markers,
    score_track,
)
from tawa.games.guatavita.view.lake import (
    LAKE_OPEN,
    Lake,
    TileSight,
    explore_arrows,
    lake_pieces,
    pending_explorations,
    reexplore_machines,
    resolving_tile,
    sources,
    spots,
    tile,
)
from tawa.games.guatavita.view.layout import (
    BOARD_Y1,
    HEIGHT,
    LX,
    MINE,
    POS_NAMES,
    TRACK,
    TURN,
    WATER,
    WATER_EDGE,
    WIDTH,
    YOU,
    Obs,
    Seats,
    active_seat,
)
from tawa.games.guatavita.view.seats import BODY_READS, resource_body, resource_head, resource_markers
from tawa.games.guatavita.view.shapes import defs
from tawa.games.guatavita.view.texts import BOX_ROWS, Texts

_RULES = (
    "text{font-family:system-ui,'Segoe UI',Roboto,sans-serif;fill:#3a2d1c}.head{font-size:15px;font-weight:700}"
    ".detail{font-size:12px}.strong{font-weight:700}.small{font-size:11px}.tiny{font-size:9.5px}"
    ".micro{font-size:7.5px}.muted{fill:#7a6a55}.warn{fill:#a0281e;font-weight:700}.count{font-size:13px;"
    "font-weight:700}.pos{font-size:9px;font-weight:700;fill:#f4fbff}.pos.dark{fill:#5c3a1e}"
    ".reward{font-size:10.5px;font-weight:700;fill:#2a2215}.order{font-size:9px;font-weight:700}"
    ".pump-level{font-size:10px;font-weight:800;fill:#fff;paint-order:stroke;stroke:#1d1d1d;stroke-width:2px}"
    ".track-num{font-size:8.5px;fill:#6b5234}.camp-head{font-size:11px;font-weight:700}"
    ".chip{font-size:9px;font-weight:700}.box-name{font-size:11.5px;font-weight:700}"
    ".seat-name{font-size:13px;font-weight:700}.vp{font-size:13px;font-weight:800;fill:#5a2d82}"
    ".badge{font-size:11px;font-weight:700;fill:#a07800}.legend{font-size:9.5px;fill:#f4fbff}"
    ".piece{transition:transform .6s ease}"
)
STYLE = "".join(f"svg.guatavita {rule}" for rule in (r + "}" for r in _RULES.split("}") if r))


def _legend() -> str:
    """Phase colours of the lake's rings, at the bottom of the board."""
    out = ['<g class="legend" pointer-events="none">']
    x, y = LX - 110, BOARD_Y1 - TRACK - 20
    for ph in range(1, 5):
        out.append(_rect(x, y - 9, 12, 12, WATER[ph], WATER_EDGE, 2))
        out.append(_text(x + 16, y + 1, "centre" if ph == 4 else f"phase {ph}", "tiny"))
        x += 58
    out.append("</g>")
    return "".join(out)


# ----------------------------------------------------------------------------- the document in parts
# Each part's drawing from its projection: the seats from the colours, the observer and (where shown) the seat to
# act, given as arguments; the lake and the texts from the observation's pieces the part reads.
def _track_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return score_track(obs, Seats.known(colours, me), Texts(obs))


def _camp_part(obs: Obs, s: int, housed: int, colours: tuple[str, ...], me: int | None) -> str:
    return camp_area(obs, Seats.known(colours, me), Texts(obs), s, housed)


def _tile_part(obs: Obs, t: TileSight, colours: tuple[str, ...], me: int | None) -> str:
    return tile(obs, Lake.of_tile(obs, t), Seats.known(colours, me), Texts(obs), t.pos)


@functools.lru_cache(maxsize=8192)
def _tile(t: TileSight, players: int, colours: tuple[str, ...], me: int | None) -> Part:
    """Tile ``t.pos``'s part (one object for the same arguments: most tiles are the same from one move to the next):
    it reads its cell, its own exploration, every seat's balsa and inspections, what this seat knows of it (GV-832)
    and the options' texts; what it shows of its neighbours (the source a click on it would use) and of the boxes
    comes in ``t``, worked out once for every tile."""
    reads: tuple[Path, ...] = (
        ("lake", t.cell),
        *(("players", s, k) for s in range(players) for k in ("balsa", "inspected")),
        ("known", t.pos),
        OVERRIDES,
    )
    if t.pending is not None:
        reads += (("explorations", t.pending[0]),)
    return Part(f"hex-{t.pos}", _tile_part, reads, (t, colours, me))


@functools.lru_cache(maxsize=256)
def _plain_tiles(
    positions: tuple[str, ...], players: int, colours: tuple[str, ...], me: int | None
) -> tuple[Part, ...]:
    """Every tile's part as it is with no exploration, no re-exploration machine and the pump as its source (most
    tiles, most of the time), in ``POS_NAMES`` order; ``positions``: the observation's ``lake`` list's order."""
    index = {pos: i for i, pos in enumerate(positions)}
    return tuple(_tile(TileSight(pos, index[pos], "pump", None, (), False), players, colours, me) for pos in POS_NAMES)


def _tiles(obs: Obs, resolving: str, colours: tuple[str, ...], me: int | None) -> list[Part]:
    """The lake's tiles as parts, each with what it shows of its neighbours, the explorations and the
    re-exploration machines (worked out here, once for all tiles, as ``Lake`` does)."""
    positions = tuple(c["pos"] for c in obs["lake"])
    players = len(obs["players"])
    out = list(_plain_tiles(positions, players, colours, me))
    pending = pending_explorations(obs)
    reexplore = reexplore_machines(obs)
    source = sources(obs["lake"], me)
    for pos in {*pending, *reexplore, *source, resolving} - {""}:
        t = TileSight(
            pos,
            positions.index(pos),
            source.get(pos, "pump"),
            pending.get(pos),
            tuple(reexplore.get(pos, ())),
            pos == resolving,
        )
        out[TILE_AT[pos]] = _tile(t, players, colours, me)
    return out


TILE_AT = {pos: i for i, pos in enumerate(POS_NAMES)}


def _spots_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return spots(obs, Seats.known(colours, me), Texts(obs))


def _arrows_part(obs: Obs, resolving: str, colours: tuple[str, ...], me: int | None) -> str:
    return explore_arrows(obs, Lake(obs, resolving), Seats.known(colours, me))


def _status_part(obs: Obs, active: int | None, colours: tuple[str, ...], me: int | None) -> str:
    return status(obs, Seats.known(colours, me, active), Texts(obs))


def _box_row_part(obs: Obs, r: int, current: int, colours: tuple[str, ...], me: int | None) -> str:
    return box_row(obs, Seats.known(colours, me), Texts(obs), r, current)


def _board_head_part(obs: Obs, s: int, active: bool, colours: tuple[str, ...], me: int | None) -> str:
    return resource_head(obs, Seats.known(colours, me), Texts(obs), s, active)


def _board_body_part(obs: Obs, s: int, colours: tuple[str, ...], me: int | None) -> str:
    return resource_body(obs, Seats.known(colours, me), Texts(obs), s)


def _lake_pieces_part(obs: Obs, resolving: str, colours: tuple[str, ...], me: int | None) -> str:
    return lake_pieces(obs, Lake(obs, resolving), Seats.known(colours, me), Texts(obs))


def _score_markers_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return score_markers(obs, Seats.known(colours, me), Texts(obs))


def _camp_markers_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return camp_markers(obs, Seats.known(colours, me), Texts(obs))


def _resource_markers_part(obs: Obs, colours: tuple[str, ...], me: int | None) -> str:
    return resource_markers(obs, Seats.known(colours, me), Texts(obs))


# The parts whose text says something of the observer only through marks (" (you)", "your turn", " mine"): drawn once
# for every observer whose projection is the same, each observer's words filled in (``ForObserver``). The lake's tiles
# and the pump spots show the observer in what they draw (its own inspections, its clickable pump): not these.
(
    TRACK_PART,
    CAMP,
    ARROWS,
    STATUS,
    BOX_ROW,
    BOARD_HEAD,
    BOARD_BODY,
    LAKE_PIECES,
    SCORE_MARKERS,
    CAMP_MARKERS,
    RESOURCE_MARKERS,
) = (
    ForObserver(draw, YOU, TURN, MINE)
    for draw in (
        _track_part,
        _camp_part,
        _arrows_part,
        _status_part,
        _box_row_part,
        _board_head_part,
        _board_body_part,
        _lake_pieces_part,
        _score_markers_part,
        _camp_markers_part,
        _resource_markers_part,
    )
)

STYLE_TAG, DEFS, GROUND, LEGEND = f"<style>{STYLE}</style>", defs(), _rect(0, 0, WIDTH, HEIGHT, "#efe3c8"), _legend()
OVERRIDES: Path = ("overrides",)
CAMP_READS = ("spot", "camp", "camp_level", "head_explorers", "pump_level", "pump_worker")
"""What a camp shows of its seat (read one by one: a move elsewhere on the seat's board does not redraw it)."""


class _Fixed:
    """The parts of one player count, colours and observer that no other part of the observation changes (one object
    each, shared by every drawing: a server compares a drawing's parts with the previous one's,
    ``tawa.core.svgparts``), and the read paths of the others."""

    def __init__(self, colours: tuple[str, ...], me: int | None) -> None:
        n = len(colours)
        who = (colours, me)

        def each(*keys: str) -> tuple[Path, ...]:
            return tuple(("players", s, k) for s in range(n) for k in keys)

        self.lake = (
            ("lake",),
            ("explorations",),
            ("boxes", "pumpre"),
            ("known",),
            *each("balsa", "inspected"),
            OVERRIDES,
        )
        self.head = [
            Part(
                "head",
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
                f'class="board guatavita" data-game="guatavita" data-players="{n}">',
            ),
            Part("style", STYLE_TAG),
            Part("defs", DEFS),
            Part("ground", GROUND),
            Part("score-track", TRACK_PART, (*each("vp"), OVERRIDES), who),
            Part("score-track-body", SCORE_TRACK_BODY),
        ]
        self.camp_reads = [(*(("players", s, k) for k in CAMP_READS), OVERRIDES) for s in range(n)]
        self.lake_open = Part("lake", LAKE_OPEN)
        self.lake_end = [
            Part("lake-end", "</g>"),
            Part("spots", _spots_part, (*each("spot", "pump_level", "pump_worker"), OVERRIDES), who),
        ]
        self.arrows_reads = (*self.lake, *each("spot"))
        self.legend = Part("legend", LEGEND)
        self.status_reads = (
            ("stage",),
            ("decision",),
            ("round",),
            ("balsa_steps",),
            ("turn_order",),
            *each("passed"),
            ("end_triggers",),
            ("famine_due",),
            ("options",),
            ("supply",),
            OVERRIDES,
        )
        self.action_board = Part("action-board", ACTION_BOARD)
        self.box_reads = [(("boxes", row[0]), OVERRIDES) for row in BOX_ROWS]
        self.action_board_end = Part("action-board-end", "</g>")
        self.head_reads = [(("players", s), ("stage",), OVERRIDES) for s in range(n)]
        self.bodies = [
            Part(
                f"seat{s}-body",
                BOARD_BODY,
                (*(("players", s, k) for k in BODY_READS), ("stage",), ("options",), OVERRIDES),
                (s, *who),
            )
            for s in range(n)
        ]
        self.pieces = Part("pieces", '<g id="pieces">')
        self.lake_pieces_reads = (*self.lake, ("stage",), *each("spot"), ("options",))
        self.markers = [
            Part("score-markers", SCORE_MARKERS, (*each("vp"), OVERRIDES), who),
            Part("camp-markers", CAMP_MARKERS, (*each("spot", "camp_level"), OVERRIDES), who),
            Part(
                "resource-markers",
                RESOURCE_MARKERS,
                (*each("gold", "food", "loan"), ("pioneer",), OVERRIDES),
                who,
            ),
            Part("end", "</g></svg>"),
        ]


@functools.lru_cache(maxsize=256)
def _fixed(colours: tuple[str, ...], me: int | None) -> _Fixed:
    return _Fixed(colours, me)


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads, the
    seats' colours, the observer and, where it shows, the seat to act."""
    obs = observation
    n = len(obs["players"])
    colours = tuple(str(p["colour"]) for p in obs["players"])
    me = obs["seat"]
    who = (colours, me)
    fx = _fixed(colours, me)
    active = active_seat(obs)
    resolving = resolving_tile(obs)
    now = current_slot(obs)
    out = [
        *fx.head,
        *(Part(f"camp{s}", CAMP, fx.camp_reads[s], (s, housed_count(obs, s), *who)) for s in range(n)),
        fx.lake_open,
        *_tiles(obs, resolving, colours, me),
        *fx.lake_end,
        Part("arrows", ARROWS, fx.arrows_reads, (resolving, *who)),
        fx.legend,
        Part("status", STATUS, fx.status_reads, (active, *who)),
        fx.action_board,
    ]
    out += [
        Part(
            f"box-{row[1]}",
            BOX_ROW,
            fx.box_reads[r],
            (r, now[1] if now is not None and now[0] == row[0] else -1, *who),
        )
        for r, row in enumerate(BOX_ROWS)
    ]
    out.append(fx.action_board_end)
    for s in range(n):
        out += (Part(f"seat{s}", BOARD_HEAD, fx.head_reads[s], (s, active == s, *who)), fx.bodies[s])
    out += [
        fx.pieces,
        Part("lake-pieces", LAKE_PIECES, fx.lake_pieces_reads, (resolving, *who)),
        *fx.markers,
    ]
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (GV-830..GV-836: undrained tiles show their water side
    only; the seat's own inspections, GV-832, and nobody else's)."""
    return document(parts(observation), observation)
