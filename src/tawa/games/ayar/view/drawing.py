"""The Ayar board as one SVG document in parts (``tawa.core.svgparts``)."""

from __future__ import annotations

from tawa.core.svg import n as _f
from tawa.core.svgparts import LEN, Part, Path, document
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
from tawa.games.ayar.view.status import status
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


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (who acts, which path is being placed on ...)."""
    obs = observation
    n = player_count(obs)
    actor = actor_seat(obs)
    acting = actor >= 0
    phase, ctx = obs["phase"], obs["context"]
    used = ctx["used_stacks"] if phase in ("textile", "place") else 0
    chosen = ctx["chosen_stack"] if phase == "place" else -1
    pend = obs["tokens_pending"]
    boats = tuple(("players", i, "boat") for i in range(n))
    out = [
        Part("head", _head, args=(n,)),
        Part("style", f"<style>{BOARD_STYLE}</style>"),
        Part("defs", defs, (COMP, ("players", LEN))),
        Part("ground", _background, args=(n,)),
        Part(
            "status",
            status,
            (
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
                ("seat",),
                ("final",),
                ("ayars",),
                ("spots",),
            ),
        ),
        Part("main", MAIN_FRAME),
    ]
    for q in range(4):
        active = ("ayars", "active", q)
        out += [
            Part(f"path{q}", path_row, (COMP, active, ("ayars", "step", q)), (q,)),
            Part(f"path{q}-spots", spots, (COMP, active, ("spots", q)), (q, acting and ctx["path"] == q)),
            Part(f"path{q}-raymi", raymis, (COMP, ("raymi",)), (q,)),
        ]
    out += [
        Part("cusco", cusco_column, (COMP,)),
        Part(
            "temples",
            temple_track,
            (("players", LEN), ("temple",), ("temple_token",), ("temple_closed",), ("components", "rule_numbers")),
            (acting,),
        ),
        Part("lake", LAKE_FRAME),
        Part("stacks", stacks, (COMP, ("textile_sizes",), ("textile_tops",)), (acting, used, chosen)),
        Part("market", market, (COMP, ("market",), ("stack_size",)), (acting,)),
        Part("terrace", terrace, (COMP, ("terrace",), ("terrace_cells",))),
        Part("route", boat_route, (COMP, ("lake",), ("route",), ("players", LEN), *boats), (acting,)),
    ]
    for s in range(n):
        me, acts = obs["seat"] == s, actor == s

        def mine(*keys: str, seat: int = s) -> tuple[Path, ...]:
            return (COMP, *(("players", seat, k) for k in keys))

        out += [
            Part(
                f"s{s}", board_head, (("start",), ("final",), *mine("sun", "moon", "inti", "llamas")), (s, n, me, acts)
            ),
            Part(f"s{s}-scores", scores, (("final",), *mine("sun", "moon", "llamas")), (s,)),
            Part(f"s{s}-grid", grid, mine("grid"), (s,)),
            Part(f"s{s}-slots", step_slots, mine("grid", "slots"), (s, me)),
            Part(f"s{s}-inti", inti, mine("inti", "temples"), (s,)),
            Part(f"s{s}-weave", weave_area, mine("weave", "tiles"), (s,)),
            Part(f"s{s}-potrow", pot_row, mine("pots"), (s,)),
            Part(f"s{s}-boxes", boxes, mine("boxes"), (s, me)),
            Part(f"s{s}-islandslots", island_slots, mine("island_at", "boat"), (s,)),
            Part(f"s{s}-bonus", bonus_spaces, mine("bonus"), (s, me, pend["n"] if pend["seat"] == s else 0)),
            Part(f"s{s}-end", BOARD_END),
        ]
    if n == 1:
        out.append(Part("rival", rival, (COMP, ("rival",), ("route",))))
    out += [
        Part("pieces", '<g id="pieces">'),
        Part("spot-tambos", spot_tambos, (COMP, ("spots",))),
        Part("ayars", ayar_pieces, (COMP, ("ayars",)), (acting,)),
        Part("stack-tops", stack_tops, (COMP, ("textile_tops",))),
        Part("market-pots", market_pots, (COMP, ("market",))),
        Part("boats", route_pieces, (COMP, ("route",), ("players", LEN), *boats)),
    ]
    for s in range(n):
        in_hand = ctx["cell"] if obs["to_move"] == s and phase == "spot" else -1
        laid = tuple(("players", s, k) for k in ("weave", "weave_tile", "tiles"))
        out += [
            Part(f"s{s}-tiles", placed_tiles, (COMP, *laid), (s, n)),
            Part(f"s{s}-pots", pot_pieces, (COMP, ("players", s, "pots")), (s, n)),
            Part(f"s{s}-islands", islands, (COMP, ("players", s, "island_at"), ("route",)), (s, n)),
            Part(f"s{s}-tambos", grid_tambos, (("players", s, "grid"),), (s, n, obs["seat"] == s, in_hand)),
            Part(
                f"s{s}-markers",
                step_markers,
                (("players", s, "markers"), ("players", s, "laid")),
                (s, n, obs["seat"] == s),
            ),
        ]
    out.append(Part("end", "</g></svg>"))
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (AY-705: everything drawn is public; only the observer's
    own board is marked "you")."""
    return document(parts(observation), observation)
