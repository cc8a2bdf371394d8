"""The main board of Ayar: the four paths with their spots from Lake Titicaca to Cusco, the Raymi tiles on their
steps, the Ayar figures, the Tambos on spots, and the temple track with its rows.
"""

from __future__ import annotations

from tawa.core.svg import escape
from tawa.core.svg import n as _f
from tawa.core.svg import title as _title
from tawa.games.ayar.data import ACTIVITY_NAMES, PATHS
from tawa.games.ayar.view.layout import (
    ACT_DARK,
    ACT_FILL,
    BOARD_EDGE,
    MAIN_Y,
    PATH_FILL,
    PATH_TINT,
    PATH_X,
    ROW_H,
    TEMPLE_X,
    WIDTH,
    Obs,
    components,
    path_y,
    player_count,
    seat_fill,
    seat_key,
    seat_name,
    spot_id,
    spot_w,
    step_x,
)
from tawa.games.ayar.view.shapes import circle, piece, rect, svg_text, use
from tawa.games.ayar.view.texts import RULES

MAIN_FRAME = rect(4, MAIN_Y - 4, TEMPLE_X - 12, 4 * ROW_H + 4, rx="8", fill="#efe2c4", stroke=BOARD_EDGE)


def cusco_column(obs: Obs) -> str:
    cusco = components(obs)["cusco"]
    cx = step_x(obs, cusco)
    title = f"Cusco, step {cusco} of every path. " + RULES["cusco"].format(cusco=cusco)
    return (
        f'<g id="cusco" class="space">{_title(title)}'
        + rect(cx + 2, MAIN_Y, 46, 4 * ROW_H - 6, rx="6", fill="#c9a25a", stroke="#6b4b1f", stroke_width="1.5")
        + f'<path d="M{_f(cx + 13)},{_f(MAIN_Y + 3 * ROW_H + 16)} v-12 l4,-4 l4,4 v-6 l4,-4 l4,4 v6 l4,-4 '
        f'l4,4 v12 z" fill="#e9d29b" stroke="#6b4b1f"/>'
        + svg_text(
            cx + 29,
            MAIN_Y + 1.6 * ROW_H,
            "CUSCO",
            "label mid",
            transform=f"rotate(-90 {_f(cx + 29)} {_f(MAIN_Y + 1.6 * ROW_H)})",
        )
        + "</g>"
    )


def path_row(obs: Obs, q: int) -> str:
    """Path ``q``'s band, name and step track (its spots and Raymi tiles follow: ``spots``, ``raymis``)."""
    comp = components(obs)
    name = PATHS[q]
    y0 = path_y(q)
    active = obs["ayars"]["active"][q]
    step = obs["ayars"]["step"][q]
    cusco = comp["cusco"]
    state = f"Ayar on step {step}" if active else "Ayar retired"
    out = [
        f'<g id="path-{name}" class="path{"" if active else " retired"}">',
        _title(f"The {name} path (path {q + 1}): {state}. " + RULES["path"]),
        rect(
            8,
            y0,
            TEMPLE_X - 20,
            ROW_H - 3,
            rx="5",
            fill=PATH_TINT[name],
            stroke=PATH_FILL[name],
            opacity=None if active else "0.55",
        ),
        circle(21, y0 + 21, 9, fill=PATH_FILL[name], stroke="#fff", stroke_width="1.5"),
        svg_text(34, y0 + 18, name, "label"),
        svg_text(34, y0 + 31, f"step {step}" if active else "retired", "small"),
        "</g>",
    ]
    # the step track: a tick at every step, numbers every 5
    ticks = "".join(f"M{_f(step_x(obs, s))},{_f(y0 + 13)}v4" for s in range(cusco + 1))
    out.append(
        f'<path d="{ticks}M{_f(PATH_X)},{_f(y0 + 15)}H{_f(step_x(obs, cusco))}" stroke="{PATH_FILL[name]}" '
        f'opacity="0.7"/>'
    )
    out.append("".join(svg_text(step_x(obs, s), y0 + ROW_H - 4, str(s), "tiny mid") for s in range(0, cusco, 5)))
    return "".join(out)


def spots(obs: Obs, q: int, mine: bool) -> str:
    """The action spots of path ``q``; ``mine``: the acting seat places a Tambo on this path now."""
    comp = components(obs)
    name = PATHS[q]
    y0 = path_y(q)
    active = obs["ayars"]["active"][q]
    cusco = comp["cusco"]
    sw = spot_w(obs)
    out = []
    acts = comp["spot_activity"][q]
    start = comp["start_step"]
    cap = comp["spot_capacity"]
    for k in range(1, cusco + 1):
        a = acts[k - 1]
        x = step_x(obs, k - 1) + 0.6
        occ = obs["spots"][q][k]
        where = f"{name} spot {k} (between steps {k - 1} and {k}): {ACTIVITY_NAMES.get(a, a)}"
        if k <= start:
            cls, text = "spot unused", f"{where}, behind the start step. " + RULES["spot-unused"].format(start=start)
        elif not active:
            cls, text = "spot closed", f"{where}. " + RULES["spot-retired"]
        else:
            held = ", ".join(f"a Tambo of {seat_name(o)}" for o in occ) or "free"
            cls, text = "spot", f"{where}; {held}. " + RULES["spot"].format(cap=cap)
        act = f' data-action="spot {k}"' if mine and k > start else ""
        letter = "" if occ else f'<text x="{_f(x + (sw - 1.2) / 2)}" y="{_f(y0 + 29.5)}">{escape(a)}</text>'
        out.append(
            f'<g id="{spot_id(q, k)}" class="{cls} a-{escape(a)}"{act}>{_title(text)}'
            f'<rect x="{_f(x)}" y="{_f(y0 + 17)}" width="{_f(sw - 1.2)}" height="18" rx="2"/>{letter}</g>'
        )
    return "".join(out)


def raymis(obs: Obs, q: int) -> str:
    return "".join(_raymi(obs, q, j, rs) for j, rs in enumerate(components(obs)["raymi_steps"]))


def _raymi(obs: Obs, q: int, j: int, rs: int) -> str:
    tile = obs["raymi"][q * len(components(obs)["raymi_steps"]) + j]
    x, y = step_x(obs, rs), path_y(q) + 8
    ident = f"raymi-{PATHS[q]}-{rs}"
    if tile:
        act = ACTIVITY_NAMES.get(tile, tile)
        text = (
            f"Raymi tile on {PATHS[q]} step {rs}: {act}. Reaching it scores every player's {act} Sun value into "
            f"their Inti dial. " + RULES["raymi"]
        )
        body = (
            f'<path d="M{_f(x)},{_f(y - 8)} l8,8 l-8,8 l-8,-8 z" fill="{ACT_FILL.get(tile, "#ddd")}" '
            f'stroke="{ACT_DARK.get(tile, "#333")}" stroke-width="1.5"/>'
            + svg_text(x, y + 3.5, tile, "raymi-letter mid", style=f"fill:{ACT_DARK.get(tile, '#333')}")
        )
    else:
        text = f"Raymi space on {PATHS[q]} step {rs}: no tile. " + RULES["raymi-gone"]
        body = (
            f'<path d="M{_f(x)},{_f(y - 7)} l7,7 l-7,7 l-7,-7 z" fill="none" stroke="#9a8f7a" stroke-dasharray="2 2"/>'
        )
    return f'<g id="{ident}" class="raymi" data-tile="{escape(tile)}">{_title(text)}{body}</g>'


def temple_track(obs: Obs, acting: bool) -> str:
    n = player_count(obs)
    out = [
        rect(TEMPLE_X - 4, MAIN_Y - 4, WIDTH - TEMPLE_X, 4 * ROW_H + 4, rx="8", fill="#e8dcc0", stroke=BOARD_EDGE),
        svg_text(TEMPLE_X + 6, MAIN_Y + 8, "Temple track", "small"),
    ]
    num = components(obs)["rule_numbers"]
    rule = RULES["temple"].format(sun=num["TEMPLE_SUN_PER_NIGHT"], fallback=num["TEMPLE_FALLBACK_SUN"])
    for q in range(4):
        name = PATHS[q]
        y0 = path_y(q)
        closed = obs["temple_closed"][q]
        markers = obs["temple"][q]
        tokens = obs["temple_token"][q]
        who = ", ".join(seat_name(s) for s in markers) or "none"
        state = (
            "closed: its Ayar retired and its markers scored"
            if closed
            else f"Temple markers: {who}; {tokens} Viracocha beside the sister"
        )
        act = f' data-action="temple {name}"' if acting else ""
        out.append(
            f'<g id="temple-{name}" class="temple-row{" closed" if closed else ""}"{act}>'
            + _title(f"{name.capitalize()} temple row: {state}. {rule}")
            + rect(
                TEMPLE_X + 2,
                y0 + 10,
                WIDTH - TEMPLE_X - 14,
                ROW_H - 13,
                rx="5",
                fill=PATH_TINT[name],
                stroke=PATH_FILL[name],
                stroke_width="1.2",
                opacity="0.6" if closed else None,
            )
            + use(f"ay-sister-{q}", TEMPLE_X + 16, y0 + 38)
        )
        for i in range(tokens):
            out.append(use("ay-token", TEMPLE_X + 34 + i * 6, y0 + 25, 1.2))
        for i in range(n):
            x = TEMPLE_X + 60 + i * 26
            if i in markers:
                fill, ink = seat_fill(i)
                out.append(
                    rect(x - 9, y0 + 16, 18, 18, rx="9", fill=fill, stroke="#222")
                    + svg_text(x, y0 + 28.5, str(i + 1), "glyph mid", style=f"fill:{ink}")
                )
            else:
                out.append(
                    circle(
                        x,
                        y0 + 25,
                        8,
                        fill="none",
                        stroke=PATH_FILL[name],
                        stroke_width="0.8",
                        stroke_dasharray="2 2",
                        opacity="0.7",
                    )
                )
        if closed:
            out.append(svg_text(WIDTH - 52, y0 + 29, "closed", "small mid"))
        out.append("</g>")
    return "".join(out)


def ayar_pieces(obs: Obs, acting: bool) -> str:
    out = []
    for q in range(4):
        name = PATHS[q]
        step = obs["ayars"]["step"][q]
        stamp = obs["ayars"]["stamp"][q]
        active = obs["ayars"]["active"][q]
        if active:
            x, y = step_x(obs, step), path_y(q) + 15
            text = f"The {name} Ayar on step {step} (last move stamp {stamp or 'none: never moved'}). " + RULES["ayar"]
        else:
            x, y = WIDTH - 26, path_y(q) + 38
            text = f"The {name} Ayar, retired to the temple track. " + RULES["ayar-retired"]
        out.append(
            piece(
                f"ayar-{name}",
                "ayar",
                x,
                y,
                text,
                use(f"ay-ayar-{q}"),
                action=f"ayar {name}" if acting and active else None,
            )
        )
    return "".join(out)


def spot_tambos(obs: Obs) -> str:
    comp = components(obs)
    cap = comp["spot_capacity"]
    sw = spot_w(obs)
    scale = min(1.0, (sw - 2) / 14)
    out = []
    for q in range(4):
        for k in range(1, comp["cusco"] + 1):
            occ = obs["spots"][q][k]
            for i, o in enumerate(occ):
                x = step_x(obs, k - 1) + sw / 2 + (i - (len(occ) - 1) / 2) * 6
                ident = f"tambo-{PATHS[q]}-{k}" + (f"-{i}" if i else "")
                out.append(
                    piece(
                        ident,
                        "tambo",
                        x,
                        path_y(q) + 26.5,
                        f"Tambo of {seat_name(o)} on {PATHS[q]} spot {k}. " + RULES["tambo-spot"],
                        use(f"ay-tambo-{seat_key(o)}", scale=scale),
                        passive=len(occ) < cap,
                    )
                )
    return "".join(out)
