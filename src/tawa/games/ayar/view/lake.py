"""The Lake board of Ayar: the four Textile stacks with their tops, the pottery market and the facedown stack,
the terrace, and the boat route with its Island slots, yellow slots and Lake sections.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tawa.core.svg import n as _f
from tawa.core.svg import title as _title
from tawa.games.ayar.data import NEUTRAL, SECTIONS, SIDE_BIT, WEAVE_DIRS, flip, rotate
from tawa.games.ayar.view.layout import (
    LAKE_H,
    LAKE_Y,
    MARKET_X,
    OPPOSITE_SIDE,
    ROUTE_X,
    STACK_X,
    TERRACE_X,
    TEXTILE_FILL,
    TILE_CELL,
    WATER,
    WATER_DARK,
    WIDTH,
    Obs,
    components,
    edge_mid,
    route_dx,
    route_xy,
    seat_key,
    seat_name,
    stack_top_xy,
)
from tawa.games.ayar.view.shapes import circle, half_sun, piece, pot_ref, rect, svg_text, use
from tawa.games.ayar.view.texts import POTS_PER_ACTION, RULES, pot_words

LAKE_FRAME = (
    f'<g id="lake">{_title("The Lake board. " + RULES["lake"])}'
    + rect(4, LAKE_Y, WIDTH - 8, LAKE_H, rx="10", fill="#e3eef0", stroke="#6f9bb0", stroke_width="1.5")
    + "</g>"
)


def stacks(obs: Obs, acting: bool, used_stacks: int, chosen_stack: int) -> str:
    """The Textile stacks; ``used_stacks``: the bits of the stacks used in this Weaving action (0 outside one),
    ``chosen_stack``: the stack whose top is being laid (-1 when none)."""
    comp = components(obs)
    out = [svg_text(STACK_X, LAKE_Y + 18, "Weaving · Textile stacks", "label")]
    for i, size in enumerate(obs["textile_sizes"]):
        x, y = STACK_X + i * 64, LAKE_Y + 28
        top = obs["textile_tops"][i]
        colour = TEXTILE_FILL[i % 4]
        if top is None:
            what = "empty"
        else:
            tid, power, halves, vir = comp["textiles"][top]
            what = (
                f"top {tid} (power {power}, half-suns {' '.join(halves)}{', Viracocha' if vir else ''}); "
                f"{size} Textile(s) in the stack"
            )
        used = (used_stacks >> i) & 1
        chosen = chosen_stack == i
        note = (
            "; its top is being laid now (AY-806)"
            if chosen
            else ("; already used in this action (AY-281)" if used else "")
        )
        act = f' data-action="textile {i + 1}"' if acting else ""
        out.append(
            f'<g id="textile-stack-{i + 1}" class="stack"{act}>'
            + _title(f"Textile stack {i + 1} (power {i + 1}): {what}{note}. " + RULES["stack"])
            + rect(
                x,
                y,
                58,
                86,
                rx="6",
                fill="#fff6d8" if chosen else "#f7f1e3",
                stroke="#c79a00" if chosen else colour,
                stroke_width="3" if chosen else "2",
                stroke_dasharray="4 3" if top is None else None,
                opacity="0.6" if used and not chosen else None,
            )
            + svg_text(x + 8, y + 16, str(i + 1), "count", style=f"fill:{colour}")
            + svg_text(x + 52, y + 15, f"×{size}", "small end")
            + "".join(
                rect(
                    x + 7 + d * 2,
                    y + 34 + d * 2.5,
                    2 * TILE_CELL,
                    TILE_CELL,
                    rx="3",
                    fill="#d9ccb0",
                    stroke="#a08f6e",
                    stroke_width="0.6",
                )
                for d in range(min(size - 1, 4), 0, -1)
            )
            + "</g>"
        )
    return "".join(out)


def tile_body(
    comp: Mapping[str, Any],
    tile: int,
    cells: Sequence[tuple[float, float, int]],
    cell: float,
    r: float,
    highlight: bool = False,
) -> str:
    """A Textile over its two cells ((x, y, half-sun mask) relative to the piece origin), with its half-suns."""
    tid, stack, _, vir = comp["textiles"][tile]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs) + cell, max(ys) + cell
    fill = TEXTILE_FILL[(stack - 1) % 4]
    out = [
        rect(
            x0 + 1,
            y0 + 1,
            x1 - x0 - 2,
            y1 - y0 - 2,
            rx="3",
            fill=fill,
            stroke="#ffec99" if highlight else "#2b1d12",
            stroke_width="2.2" if highlight else "1",
        )
    ]
    # a woven zigzag along the tile
    if x1 - x0 > y1 - y0:
        pts = [(x0 + 4 + k * (x1 - x0 - 8) / 8, (y0 + y1) / 2 + (2.5 if k % 2 else -2.5)) for k in range(9)]
    else:
        pts = [((x0 + x1) / 2 + (2.5 if k % 2 else -2.5), y0 + 4 + k * (y1 - y0 - 8) / 8) for k in range(9)]
    zig = "M" + "L".join(f"{_f(px)},{_f(py)}" for px, py in pts)
    out.append(f'<path d="{zig}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/>')
    for cx, cy, mask in cells:
        for side, bit in SIDE_BIT.items():
            if mask & bit:
                ex, ey = edge_mid(cx, cy, cell, side)
                out.append(half_sun(ex, ey, OPPOSITE_SIDE[side], r))
    if vir:
        out.append(use("ay-token", x1 - 5, y0 + 5, 0.68))
    out.append(svg_text((x0 + x1) / 2, y1 - 2.5, tid, "tile-id mid"))
    return "".join(out)


def canonical_masks(comp: Mapping[str, Any], tile: int) -> tuple[int, int]:
    """C10 canonical form: the half-sun sides of cell a and of cell b (b to the right of a)."""
    a = b = 0
    for hs in comp["textiles"][tile][2]:
        if hs[0] == "a":
            a |= SIDE_BIT[hs[1]]
        else:
            b |= SIDE_BIT[hs[1]]
    return a, b


def oriented_masks(comp: Mapping[str, Any], tile: int, d: str, flipped: bool) -> tuple[int, int]:
    """C10 placement geometry: flip (N<->S) first, then rotate clockwise once per step of E, S, W, N."""
    a, b = canonical_masks(comp, tile)
    if flipped:
        a, b = flip(a), flip(b)
    r = WEAVE_DIRS.index(d)
    return rotate(a, r), rotate(b, r)


def stack_tops(obs: Obs) -> str:
    comp = components(obs)
    out = []
    for i, top in enumerate(obs["textile_tops"]):
        if top is None:
            continue
        x, y = stack_top_xy(i)
        a, b = canonical_masks(comp, top)
        tid, power, halves, vir = comp["textiles"][top]
        text = f"Textile {tid} on top of stack {i + 1}: power {power}, half-suns {' '.join(halves)}" + (
            ", Viracocha symbol (AY-283 [R] a token at once)." if vir else "."
        )
        out.append(
            piece(
                f"textile-{tid}",
                "textile",
                x,
                y,
                text,
                tile_body(comp, top, ((0, 0, a), (TILE_CELL, 0, b)), TILE_CELL, 6.0),
                passive=True,
            )
        )
    return "".join(out)


def market(obs: Obs, acting: bool) -> str:
    comp = components(obs)
    num = comp["rule_numbers"]
    slots = comp["market_slots"]
    rule = RULES["market"].format(per=POTS_PER_ACTION)
    out = [svg_text(MARKET_X, LAKE_Y + 18, "Pottery · market", "label")]
    for i in range(slots):
        x, y = MARKET_X + i * 40, LAKE_Y + 28
        pid = obs["market"][i] if i < len(obs["market"]) else -1
        what = pot_words(comp, pid) if pid is not None and pid >= 0 else "empty"
        act = f' data-action="pot m{i + 1}"' if acting else ""
        out.append(
            f'<g id="market-{i + 1}" class="market-slot"{act}>{_title(f"Market slot {i + 1}: {what}. {rule}")}'
            + rect(x, y, 36, 60, rx="5", fill="#f6eadf", stroke="#9c4a22")
            + svg_text(x + 18, y + 56, str(i + 1), "tiny mid")
            + "</g>"
        )
    sx = MARKET_X + slots * 40 + 6
    size = obs["stack_size"]
    act = ' data-action="pot facedown"' if acting else ""
    stack = "".join(
        use("ay-pot-down", sx + 22 - d * 1.8, LAKE_Y + 56 - d * 2.6, 1.2) for d in range(min(size, 4) - 1, -1, -1)
    )
    out.append(
        f'<g id="pot-stack" class="pot-stack"{act}>'
        + _title(
            f"Facedown Pot stack: {size} Pot(s). "
            + RULES["pot-stack"].format(
                cost=num["FACEDOWN_COST"], max=num["FACEDOWN_MAX"], below=num["RESHUFFLE_BELOW"]
            )
        )
        + rect(
            sx,
            LAKE_Y + 28,
            44,
            60,
            rx="5",
            fill="#efe3d2",
            stroke="#5b4636",
            stroke_dasharray="4 3" if size == 0 else None,
        )
        + stack
        + svg_text(sx + 22, LAKE_Y + 73, f"×{size}", "tiny mid")
        + svg_text(sx + 22, LAKE_Y + 84, f"cost {num['FACEDOWN_COST']}", "tiny mid")
        + "</g>"
    )
    return "".join(out)


def market_pots(obs: Obs) -> str:
    comp = components(obs)
    out = []
    for i, pid in enumerate(obs["market"]):
        if pid is None or pid < 0:
            continue
        out.append(
            piece(
                f"pot-{pid}",
                "pot",
                MARKET_X + i * 40 + 18,
                LAKE_Y + 54,
                f"Pot {pot_words(comp, pid)} in market slot {i + 1}.",
                use(pot_ref(comp, pid), scale=1.4),
                passive=True,
            )
        )
    return "".join(out)


def terrace(obs: Obs) -> str:
    comp = components(obs)
    cells = obs["terrace_cells"]
    cols = comp["terrace_cols"]
    rows = -(-cells // cols)
    size = min(18.0, 124.0 / cols, 120.0 / rows)
    counts: dict[int, int] = {}
    for o in obs["terrace"]:
        counts[o] = counts.get(o, 0) + 1
    planted = ", ".join(f"{seat_name(o)} {k}" for o, k in sorted(counts.items(), key=lambda kv: (kv[0] < 0, kv[0])))
    title = (
        f"Terrace: {len(obs['terrace'])} of {cells} spaces planted this round"
        + (f" ({planted})" if planted else "")
        + ". "
        + RULES["terrace"]
    )
    out = [
        svg_text(TERRACE_X, LAKE_Y + 18, "Terrace", "label"),
        f'<g id="terrace">{_title(title)}'
        + rect(TERRACE_X - 4, LAKE_Y + 26, cols * size + 8, rows * size + 8, rx="4", fill="#b99a6b", stroke="#6b4b1f")
        + "</g>",
    ]
    for k in range(cells):
        r, c = divmod(k, cols)
        x, y = TERRACE_X + c * size, LAKE_Y + 30 + r * size
        owner = obs["terrace"][k] if k < len(obs["terrace"]) else None
        what = f"Maize of {seat_name(owner)}" if owner is not None else "empty"
        body = rect(x + 0.5, y + 0.5, size - 1, size - 1, class_="tspace")
        if owner is None:
            body += svg_text(x + size / 2, y + size / 2 + 3, str(k + 1), "tiny mid faint")
        else:
            body += use(f"ay-cube-{seat_key(owner)}", x + size / 2, y + size / 2, size / 15)
        out.append(
            f'<g id="terrace-{k + 1}" class="terrace-space">{_title(f"Terrace space {k + 1}: {what}.")}{body}</g>'
        )
    return "".join(out)


def boat_route(obs: Obs, acting: bool) -> str:
    comp = components(obs)
    route = comp["route"]
    n = len(route)
    dx = route_dx(obs)
    out = [svg_text(ROUTE_X, LAKE_Y + 18, "Reed · Boat route", "label")]
    # Lake sections: a water band behind each run of spaces of one section in one row, labelled where it starts
    per = (n + 1) // 2
    runs: list[tuple[int, int, int]] = []
    for s in range(1, n):
        sec = route[s][3]
        if runs and runs[-1][0] == sec and (runs[-1][2] < per) == (s < per):
            runs[-1] = (sec, runs[-1][1], s)
        else:
            runs.append((sec, s, s))
    labelled: set[int] = set()
    for sec, a, b in runs:
        (xa, ya), (xb, _) = route_xy(obs, a), route_xy(obs, b)
        lo, hi = min(xa, xb) - dx / 2 + 1, max(xa, xb) + dx / 2 - 1
        tokens = obs["lake"][sec] if 0 <= sec < len(obs["lake"]) else 0
        letter = SECTIONS[sec] if 0 <= sec < len(SECTIONS) else "?"
        first = sec not in labelled
        labelled.add(sec)
        ident = f' id="lake-{letter}"' if first else ""
        title = _title(f"Lake section {letter}: {tokens} Viracocha token(s). " + RULES["section"])
        end, way = (lo + 8, 1) if a < per else (hi - 8, -1)
        out.append(
            f'<g{ident} class="lake-section" data-section="{letter}">{title}'
            + rect(lo, ya - 32, hi - lo, 64, rx="14", fill=WATER, stroke=WATER_DARK)
            + svg_text(end, ya - 17, letter, "label mid", style="fill:#245d93")
        )
        if first:
            out.append("".join(use("ay-token", end + way * t * 10, ya + 23, 0.92) for t in range(tokens)))
        out.append("</g>")
    pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in (route_xy(obs, s) for s in range(n)))
    out.append(f'<polyline points="{pts}" fill="none" stroke="#7a6a3a" stroke-width="2.5" stroke-dasharray="5 3"/>')
    boats: dict[int, list[int]] = {}
    for i, p in enumerate(obs["players"]):
        boats.setdefault(p["boat"], []).append(i)
    for s in range(n):
        out.append(_route_space(obs, s, boats.get(s, []), acting))
    return "".join(out)


def _route_space(obs: Obs, s: int, here: Sequence[int], acting: bool) -> str:
    comp = components(obs)
    x, y = route_xy(obs, s)
    cost, moon, yellow, sec = comp["route"][s]
    isl = obs["route"][s]
    pieces = []
    if isl:
        pieces.append("Islands of " + ", ".join(seat_name(o) for o in isl))
    if here:
        pieces.append("Boats of " + ", ".join(seat_name(o) for o in here))
    what = ("; " + "; ".join(pieces)) if pieces else ""
    if s == 0:
        body = (
            rect(x - 16, y - 10, 32, 20, rx="3", fill="#a97c50", stroke="#5b3b1f")
            + '<path d="'
            + "".join(f"M{_f(x - 12 + k * 8)},{_f(y - 10)}v20" for k in range(4))
            + '" stroke="#5b3b1f" stroke-width="0.8"/>'
        )
        title = _title(f"The dock (route space 0){what}. " + RULES["dock"])
        return f'<g id="route-0" class="route-space dock">{title}{body}</g>'
    sect = SECTIONS[sec] if 0 <= sec < len(SECTIONS) else "?"
    kind = "yellow Island slot" if yellow else ("Island slot" if moon else "space")
    cost_now = 0 if isl else cost
    text = (
        f"Route space {s}: {kind}, cost {cost}"
        + (" (0 now: it holds an Island)" if isl else "")
        + (f", Island Moon {moon}" if moon else "")
        + f", Lake section {sect}{what}. "
        + RULES["route"]
        + (" " + RULES["route-slot"] if moon else "")
        + (" " + RULES["route-yellow"] if yellow else "")
    )
    r = 15.0 if moon else 12.0
    cls = "rsp yellow" if yellow else ("rsp slot" if moon else "rsp")
    act = f' data-action="boat {s}"' if acting else ""
    body = circle(x, y, r, class_=cls) + svg_text(x, y - (3 if moon else -3.5), str(s), "route-num mid")
    if moon:
        body += svg_text(x, y + 9, f"☾{moon}", "tiny mid moon")
    body += svg_text(x + r - 1, y - r + 3, str(cost_now), "cost mid")
    return (
        f'<g id="route-{s}" class="route-space{" yellow" if yellow else ""}" data-cost="{cost_now}"{act}>'
        f"{_title(text)}{body}</g>"
    )


def _boat_xy(obs: Obs, seat: int) -> tuple[float, float]:
    s = obs["players"][seat]["boat"]
    same = [i for i, q in enumerate(obs["players"]) if q["boat"] == s]
    k = same.index(seat)
    x, y = route_xy(obs, s)
    return x - (len(same) - 1) * 6 + k * 12, y - 21


def island_xy_route(obs: Obs, s: int, k: int, count: int) -> tuple[float, float]:
    x, y = route_xy(obs, s)
    return x - (count - 1) * 7 + k * 14, y + 21


def route_pieces(obs: Obs) -> str:
    out = []
    for i, p in enumerate(obs["players"]):
        x, y = _boat_xy(obs, i)
        where = "at the dock" if p["boat"] == 0 else f"on route space {p['boat']}"
        out.append(
            piece(
                f"boat-{i}",
                "boat",
                x,
                y,
                f"Boat of {seat_name(i)} {where}. " + RULES["boat"],
                use(f"ay-boat-{i}"),
                passive=True,
            )
        )
    # the Rival's neutral Islands have no slot on a board: drawn with their route space (its title names them)
    for s, owners in enumerate(obs["route"]):
        for k, o in enumerate(owners):
            if o == NEUTRAL:
                x, y = island_xy_route(obs, s, k, len(owners))
                out.append(f'<g class="neutral-island passive">{use("ay-island-r", x, y)}</g>')
    return "".join(out)
