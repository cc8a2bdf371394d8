"""A player's weaving area of Ayar (3x6 cells with the frame's half-suns and the column values), the Textiles
laid in it, and the Sun and Moon it makes (C10 geometry).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tawa.core.svg import title as _title
from tawa.games.ayar.data import E, N, S, W
from tawa.games.ayar.view.lake import tile_body
from tawa.games.ayar.view.layout import (
    SUN_R,
    WCELL,
    WEAVE_X,
    WEAVE_Y,
    Obs,
    cname,
    components,
    edge_mid,
    layout,
    weave_xy,
)
from tawa.games.ayar.view.shapes import half_sun, piece, rect, sun_rays, svg_text
from tawa.games.ayar.view.texts import RULES, sides_text


def _frame_set(comp: Mapping[str, Any]) -> set[tuple[int, int, str]]:
    return {(int(r), int(c), str(s)) for r, c, s in comp["frame"]}


def weave_suns(comp: Mapping[str, Any], weave: Sequence[int]) -> list[tuple[int, int, str]]:
    """The complete Suns of a weaving area (AY-292): (row, col 0-based, side) of one cell of each matched edge."""
    rows, cols = comp["weave_shape"]
    frame = _frame_set(comp)
    out = []
    for r in range(rows):
        for c in range(cols):
            m = weave[r * cols + c]
            if m <= 0:
                continue
            up = weave[(r - 1) * cols + c] if r > 0 else -1
            left = weave[r * cols + c - 1] if c > 0 else -1
            if m & N and ((r == 0 and (r + 1, c + 1, "N") in frame) or (up > 0 and up & S)):
                out.append((r, c, "N"))
            if m & W and ((c == 0 and (r + 1, c + 1, "W") in frame) or (left > 0 and left & E)):
                out.append((r, c, "W"))
            if m & S and r == rows - 1 and (r + 1, c + 1, "S") in frame:
                out.append((r, c, "S"))
            if m & E and c == cols - 1 and (r + 1, c + 1, "E") in frame:
                out.append((r, c, "E"))
    return out


def weave_moon(comp: Mapping[str, Any], weave: Sequence[int]) -> int:
    """AY-294..AY-296 the value under the rightmost column of the unbroken run of complete columns."""
    rows, cols = comp["weave_shape"]
    value = 0
    for c in range(cols):
        if not all(weave[r * cols + c] >= 0 for r in range(rows)):
            break
        value = comp["column_moon"][c]
    return value


def weave_area(obs: Obs, seat: int, preview: tuple[int, int, int, int, int] | None = None) -> str:
    """The weaving area of a seat's board; for a chooser preview, with one more Textile laid and no ids."""
    comp = components(obs)
    p = obs["players"][seat]
    rows, cols = comp["weave_shape"]
    weave = list(p["weave"])
    if preview is not None:
        ia, ib, ma, mb, _ = preview
        weave[ia], weave[ib] = ma, mb
    suns = weave_suns(comp, weave)
    moon = weave_moon(comp, weave)
    frame = rect(
        WEAVE_X - 7, WEAVE_Y - 7, cols * WCELL + 14, rows * WCELL + 14, rx="4", fill="#8a6a43", stroke="#4e3719"
    )
    if preview is None:
        title = (
            f"P{seat + 1} weaving area: {len(p['tiles'])} Textile(s), Weaving Sun {len(suns)}, Weaving Moon "
            f"{moon}. " + RULES["weave"]
        )
        out = [
            f'<g id="seat{seat}-weave" class="weave">{_title(title)}{frame}</g>',
            svg_text(WEAVE_X - 7, WEAVE_Y - 11, f"Weaving  ☀{len(suns)} ☾{moon}", "tiny"),
        ]
    else:
        out = [frame]
    for r in range(rows):
        for c in range(cols):
            x, y = weave_xy(r, c)
            cell = rect(x + 0.5, y + 0.5, WCELL - 1, WCELL - 1, class_="wcell")
            if preview is not None:
                out.append(cell)
                continue
            name = cname(r + 1, c + 1)
            state = "covered" if weave[r * cols + c] >= 0 else "empty"
            out.append(
                f'<g id="seat{seat}-weave-{name}" class="weave-cell" data-cell="{name}">'
                f"{_title(f'P{seat + 1} weaving cell {name}: {state}.')}{cell}</g>"
            )
    # frame half-suns, on the frame, bulging outward (C9)
    for r1, c1, side in sorted(_frame_set(comp)):
        x, y = weave_xy(r1 - 1, c1 - 1)
        out.append(half_sun(*edge_mid(x, y, WCELL, side), side))
    out.append(
        "".join(
            svg_text(
                weave_xy(rows - 1, c)[0] + WCELL / 2,
                WEAVE_Y + rows * WCELL + 17,
                str(comp["column_moon"][c]),
                "tiny mid moon",
            )
            for c in range(cols)
        )
    )
    if preview is not None:
        out.append(_preview_tiles(obs, seat, weave, preview))
    return "".join(out)


def _tile_cells(obs: Obs, seat: int) -> list[tuple[int, list[int]]]:
    """Each laid Textile of a seat with its two cell indexes (weave_tile holds the index into ``tiles``)."""
    p = obs["players"][seat]
    cells: dict[int, list[int]] = {}
    for i, k in enumerate(p["weave_tile"]):
        if k >= 0:
            cells.setdefault(k, []).append(i)
    return [(p["tiles"][k], cs) for k, cs in sorted(cells.items())]


def _preview_tiles(obs: Obs, seat: int, weave: Sequence[int], preview: tuple[int, int, int, int, int]) -> str:
    """For a preview: the laid Textiles drawn in place (faded), the new one highlighted, and the complete Suns."""
    comp = components(obs)
    cols = comp["weave_shape"][1]
    out = []
    for tile, cells in _tile_cells(obs, seat):
        xy = [(*weave_xy(i // cols, i % cols), weave[i]) for i in cells]
        out.append(f'<g opacity="0.55">{tile_body(comp, tile, xy, WCELL, SUN_R)}</g>')
    ia, ib, ma, mb, tile = preview
    xy = [(*weave_xy(ia // cols, ia % cols), ma), (*weave_xy(ib // cols, ib % cols), mb)]
    out.append(tile_body(comp, tile, xy, WCELL, SUN_R, highlight=True))
    out.append("".join(sun_rays(*edge_mid(*weave_xy(r, c), WCELL, side)) for r, c, side in weave_suns(comp, weave)))
    return "".join(out)


def placed_tiles(obs: Obs, seat: int, n: int) -> str:
    lay = layout(n)
    comp = components(obs)
    p = obs["players"][seat]
    cols = comp["weave_shape"][1]
    out = []
    for tile, cells in _tile_cells(obs, seat):
        corners = [weave_xy(i // cols, i % cols) for i in cells]
        x0, y0 = min(c[0] for c in corners), min(c[1] for c in corners)
        rel = [(cx - x0, cy - y0, p["weave"][i]) for (cx, cy), i in zip(corners, cells, strict=True)]
        tid, power, _, vir = comp["textiles"][tile]
        names = " + ".join(cname(i // cols + 1, i % cols + 1) for i in cells)
        sides = "; ".join(f"{cname(i // cols + 1, i % cols + 1)} {sides_text(p['weave'][i])}" for i in cells)
        text = (
            f"Textile {tid} (power {power}{', Viracocha' if vir else ''}) of P{seat + 1} on {names}; half-suns "
            f"{sides}. AY-288 [P] a laid Textile never moves."
        )
        x, y = lay.at(seat, x0, y0)
        out.append(piece(f"textile-{tid}", "textile", x, y, text, tile_body(comp, tile, rel, WCELL, SUN_R), lay.zoom))
    suns = weave_suns(comp, p["weave"])
    if suns:  # rays of the complete Suns, over the tiles
        rays = "".join(sun_rays(*edge_mid(*weave_xy(r, c), WCELL, side)) for r, c, side in suns)
        out.append(f'<g class="suns passive" {lay.group(seat)}>{rays}</g>')
    return "".join(out)
