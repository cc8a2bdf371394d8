"""The Ayar board as one SVG document in parts (``tawa.core.svgparts``)."""

from __future__ import annotations

import functools

from tawa.core.svg import n as _f
from tawa.core.svgparts import LEN, ForObserver, Part, Path, document
from tawa.games.ayar.view.lake import (
    LAKE_FRAME,
    boat_route,
    market,
    market_pots,
    route_pieces,
    stack_tops,
    stacks,
    terrace,
)
from tawa.games.ayar.view.layout import (
    ACT_DARK,
    ACT_FILL,
    MOON_INK,
    SUN_EDGE,
    SUN_FILL,
    TOKEN_EDGE,
    WIDTH,
    Obs,
    actor_seat,
    layout,
    player_count,
)
from tawa.games.ayar.view.main_board import (
    MAIN_FRAME,
    ayar_pieces,
    cusco_column,
    path_row,
    raymis,
    spot_tambos,
    spots,
    temple_track,
)
from tawa.games.ayar.view.seats import (
    BOARD_END,
    board_head,
    bonus_spaces,
    boxes,
    grid,
    grid_tambos,
    inti,
    island_slots,
    islands,
    pot_pieces,
    pot_row,
    rival,
    scores,
    step_markers,
    step_slots,
)
from tawa.games.ayar.view.shapes import defs, rect
from tawa.games.ayar.view.status import WHO, status
from tawa.games.ayar.view.weaving import placed_tiles, weave_area

CSS = [
    "text{font-family:system-ui,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;fill:#3a2d1c}",
    ".head{font-size:14px;font-weight:600}",
    ".label{font-size:12px;font-weight:600}",
    ".small{font-size:10.5px}",
    ".tiny{font-size:8.5px}",
    ".count,.score{font-size:13px;font-weight:700}",
    ".glyph{font-size:8px;font-weight:700}",
    ".badge{font-size:11px;font-weight:700}",
    ".mid{text-anchor:middle}",
    ".end{text-anchor:end}",
    ".faint{opacity:.6}",
    ".strong{font-weight:700}",
    f".moon{{fill:{MOON_INK}}}",
    f".sunink{{fill:{SUN_EDGE}}}",
    ".raymi-letter{font-size:9px;font-weight:800}",
    ".route-num{font-size:8.5px;font-weight:600}",
    ".cost{font-size:7.5px;font-weight:700;fill:#7a3b00}",
    ".tile-id{font-size:5.5px;fill:#fff;opacity:.8}",
    ".spot rect,.rival-card rect{stroke-width:.8}",
    ".spot text,.rival-card g text{font-size:9px;font-weight:700;text-anchor:middle}",
    ".spot.unused rect{fill:#d9d2c3;stroke:#b5ab98}",
    ".spot.unused,.spot.closed{opacity:.5}",
    ".gcell{fill:#efe2c4;stroke:#a88a5c;stroke-width:.8}",
    ".wcell{fill:#f3e6cc;stroke:#b99a6b;stroke-width:.6}",
    ".tspace{fill:#d8c08e;stroke:#8a6d3b;stroke-width:.6;rx:2px}",
    ".pspace{fill:#f1e0cc;stroke:#9c4a22;stroke-width:.7}",
    ".islot{fill:#d6e9d0;stroke:#4d7a1f;stroke-width:.7}",
    f".bspace{{fill:#f3ead5;stroke:{TOKEN_EDGE};stroke-width:.7}}",
    ".bspace.done{fill:#f8e7b0;stroke-width:1.4}",
    f".tslot{{fill:none;stroke:{TOKEN_EDGE};stroke-width:.7;stroke-dasharray:1.5 1.5}}",
    ".slotbox{fill:#f7ecd2;stroke:#7a5c2e;stroke-width:.8}",
    ".chev{fill:none;stroke:#5b3b1f;stroke-width:1.5;stroke-linecap:round}",
    ".rsp{fill:#f7f3ea;stroke:#6b5a2a}",
    ".rsp.slot{fill:#e9f2e1;stroke-width:1.4}",
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
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_f(layout(n).height)}" '
        'class="board ayar" data-game="ayar">'
    )


def _background(_obs: Obs, n: int) -> str:
    return rect(0, 0, WIDTH, layout(n).height, fill="#e9dcc0")


COMP: Path = ("components",)


STATUS = ForObserver(status, WHO)
"""The status line: it names the seat to act as "you" for that seat only, so it is drawn once for every observer
(``tawa.core.svgparts.ForObserver``), its observer the part's argument."""
STATUS_READS: tuple[Path, ...] = (
    COMP,
    ("players",),
    ("round",),
    ("turn",),
    ("start",),
    ("phase",),
    ("to_move",),
    ("retiring",),
    ("context",),
    ("tokens_pending",),
    ("textile_tops",),
    ("final",),
    ("ayars",),
    ("spots",),
)
TEMPLE_READS: tuple[Path, ...] = (
    ("players", LEN),
    ("temple",),
    ("temple_token",),
    ("temple_closed",),
    ("components", "rule_numbers"),
)


class _Fixed:
    """The parts of a player count that no observation changes (one object each, shared by every drawing: a server
    compares a drawing's parts with the previous one's, ``tawa.core.svgparts``), and the read paths of the others."""

    def __init__(self, n: int) -> None:
        self.boats: tuple[Path, ...] = tuple(("players", i, "boat") for i in range(n))
        self.head = [
            Part("head", _head, args=(n,)),
            Part("style", f"<style>{BOARD_STYLE}</style>"),
            Part("defs", defs, (COMP, ("players", LEN))),
            Part("ground", _background, args=(n,)),
        ]
        self.main = Part("main", MAIN_FRAME)
        self.path = [
            Part(f"path{q}", path_row, (COMP, ("ayars", "active", q), ("ayars", "step", q)), (q,)) for q in range(4)
        ]
        self.spots_reads = [(COMP, ("ayars", "active", q), ("spots", q)) for q in range(4)]
        self.raymi = [Part(f"path{q}-raymi", raymis, (COMP, ("raymi",)), (q,)) for q in range(4)]
        self.cusco = Part("cusco", cusco_column, (COMP,))
        self.lake = Part("lake", LAKE_FRAME)
        self.terrace = Part("terrace", terrace, (COMP, ("terrace",), ("terrace_cells",)))
        self.route_reads = (COMP, ("lake",), ("route",), ("players", LEN), *self.boats)
        self.seat_reads = [{k: (COMP, *(("players", s, x) for x in k)) for k in SEAT_KEYS} for s in range(n)]
        self.board = [
            [
                Part(f"s{s}-scores", scores, (("final",), *self.seat_reads[s][("sun", "moon", "llamas")]), (s,)),
                Part(f"s{s}-grid", grid, self.seat_reads[s][("grid",)], (s,)),
            ]
            for s in range(n)
        ]
        self.board_rest = [
            [
                Part(f"s{s}-inti", inti, self.seat_reads[s][("inti", "temples")], (s,)),
                Part(f"s{s}-weave", weave_area, self.seat_reads[s][("weave", "tiles")], (s,)),
                Part(f"s{s}-potrow", pot_row, self.seat_reads[s][("pots",)], (s,)),
            ]
            for s in range(n)
        ]
        self.island_slots = [
            Part(f"s{s}-islandslots", island_slots, self.seat_reads[s][("island_at", "boat")], (s,)) for s in range(n)
        ]
        self.board_end = [Part(f"s{s}-end", BOARD_END) for s in range(n)]
        self.rival = [Part("rival", rival, (COMP, ("rival",), ("route",)))] if n == 1 else []
        self.pieces = [
            Part("pieces", '<g id="pieces">'),
            Part("spot-tambos", spot_tambos, (COMP, ("spots",))),
        ]
        self.pieces_rest = [
            Part("stack-tops", stack_tops, (COMP, ("textile_tops",))),
            Part("market-pots", market_pots, (COMP, ("market",))),
            Part("boats", route_pieces, (COMP, ("route",), ("players", LEN), *self.boats)),
        ]
        self.laid = [
            [
                Part(
                    f"s{s}-tiles",
                    placed_tiles,
                    (COMP, *(("players", s, k) for k in ("weave", "weave_tile", "tiles"))),
                    (s, n),
                ),
                Part(f"s{s}-pots", pot_pieces, (COMP, ("players", s, "pots")), (s, n)),
                Part(f"s{s}-islands", islands, (COMP, ("players", s, "island_at"), ("route",)), (s, n)),
            ]
            for s in range(n)
        ]
        self.tambos_reads = [(("players", s, "grid"),) for s in range(n)]
        self.markers_reads = [(("players", s, "markers"), ("players", s, "laid")) for s in range(n)]
        self.end = Part("end", "</g></svg>")


# the groups of a seat's entries that its board's parts read (with the components)
SEAT_KEYS = (
    ("sun", "moon", "inti", "llamas"),
    ("sun", "moon", "llamas"),
    ("grid",),
    ("grid", "slots"),
    ("inti", "temples"),
    ("weave", "tiles"),
    ("pots",),
    ("boxes",),
    ("island_at", "boat"),
    ("bonus",),
)


@functools.lru_cache(maxsize=8)
def _fixed(n: int) -> _Fixed:
    return _Fixed(n)


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (who acts, which path is being placed on ...)."""
    obs = observation
    n = player_count(obs)
    fx = _fixed(n)
    actor = actor_seat(obs)
    acting = actor >= 0
    phase, ctx = obs["phase"], obs["context"]
    used = ctx["used_stacks"] if phase in ("textile", "place") else 0
    chosen = ctx["chosen_stack"] if phase == "place" else -1
    pend = obs["tokens_pending"]
    observer = obs["seat"]
    out = [*fx.head, Part("status", STATUS, STATUS_READS, (observer,)), fx.main]
    for q in range(4):
        out += [
            fx.path[q],
            Part(f"path{q}-spots", spots, fx.spots_reads[q], (q, acting and ctx["path"] == q)),
            fx.raymi[q],
        ]
    out += [
        fx.cusco,
        Part("temples", temple_track, TEMPLE_READS, (acting,)),
        fx.lake,
        Part("stacks", stacks, (COMP, ("textile_sizes",), ("textile_tops",)), (acting, used, chosen)),
        Part("market", market, (COMP, ("market",), ("stack_size",)), (acting,)),
        fx.terrace,
        Part("route", boat_route, fx.route_reads, (acting,)),
    ]
    for s in range(n):
        me, acts = observer == s, actor == s
        reads = fx.seat_reads[s]
        out += [
            Part(f"s{s}", board_head, (("start",), ("final",), *reads[SEAT_KEYS[0]]), (s, n, me, acts)),
            *fx.board[s],
            Part(f"s{s}-slots", step_slots, reads[("grid", "slots")], (s, me)),
            *fx.board_rest[s],
            Part(f"s{s}-boxes", boxes, reads[("boxes",)], (s, me)),
            fx.island_slots[s],
            Part(f"s{s}-bonus", bonus_spaces, reads[("bonus",)], (s, me, pend["n"] if pend["seat"] == s else 0)),
            fx.board_end[s],
        ]
    out += fx.rival
    out += fx.pieces
    out.append(Part("ayars", ayar_pieces, (COMP, ("ayars",)), (acting,)))
    out += fx.pieces_rest
    for s in range(n):
        in_hand = ctx["cell"] if obs["to_move"] == s and phase == "spot" else -1
        out += fx.laid[s]
        out += [
            Part(f"s{s}-tambos", grid_tambos, fx.tambos_reads[s], (s, n, observer == s, in_hand)),
            Part(f"s{s}-markers", step_markers, fx.markers_reads[s], (s, n, observer == s)),
        ]
    out.append(fx.end)
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (AY-705: everything drawn is public; only the observer's
    own board is marked "you")."""
    return document(parts(observation), observation)
