"""The Terrace of Sacred Valley (its cells, stone risers, covers, river edge and the reserve beside it) and the
Harvest Track below it, with the pieces on them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import Any

from tawa.core.svg import at as _at
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _label
from tawa.core.svg import title as _title
from tawa.games.sacred_valley.data import ALPACA_NAMES, WHITE_ALPACAS
from tawa.games.sacred_valley.view.layout import (
    COVERS_Y,
    LEVEL_FILL,
    RESERVE_Y,
    RISER,
    TERRACE_H,
    TERRACE_W,
    TERRACE_X,
    TERRACE_Y,
    TRACK_W,
    TRACK_X,
    TRACK_Y,
    Obs,
    board_boxes,
    cover_out_spot,
    crop_colour,
    parse_grid,
    reserve_spot,
)
from tawa.games.sacred_valley.view.shapes import alpaca_shape, meeple, tile
from tawa.games.sacred_valley.view.texts import AGE_PURGE, ROMAN, RULES, UNLOCK_FEE, N, money, seat_name


class Terrace:
    """Screen geometry of the observation's LAYOUT (SV-633): rows top (highest) first, a stone riser wherever
    the level changes, cells as large as the area allows."""

    def __init__(self, obs: Obs) -> None:
        self.cells: dict[str, Mapping[str, Any]] = {c["grid"]: c for c in obs["terrace"]}
        pos = {g: parse_grid(g) for g in self.cells}
        self.pos = pos
        rows = sorted({r for r, _ in pos.values()}, reverse=True)
        cols = sorted({c for _, c in pos.values()})
        self.level_of_row = {r: min(self.cells[g]["level"] for g, (rr, _) in pos.items() if rr == r) for r in rows}
        self.levels = sorted(set(self.level_of_row.values()))
        risers = sum(1 for a, b in itertools.pairwise(rows) if self.level_of_row[a] != self.level_of_row[b])
        span = max(cols) - min(cols) + 1
        self.size = min(60.0, TERRACE_W / span, (TERRACE_H - risers * RISER) / len(rows))
        self.row_y: dict[int, float] = {}
        y = float(TERRACE_Y)
        for i, r in enumerate(rows):
            if i and self.level_of_row[r] != self.level_of_row[rows[i - 1]]:
                y += RISER
            self.row_y[r] = y
            y += self.size
        self.bottom = y
        self.col_x = {c: TERRACE_X + (c - min(cols)) * self.size for c in range(min(cols), max(cols) + 1)}
        self.right = TERRACE_X + span * self.size
        self.rows, self.cols = rows, cols
        self.cross = bool(obs["cross_level_adjacency"])

    def xy(self, grid: str) -> tuple[float, float]:
        """Top-left corner of a grid."""
        r, c = self.pos[grid]
        return self.col_x[c], self.row_y[r]

    def level_band(self, level: int) -> tuple[float, float]:
        """Top and bottom y of a level's rows."""
        ys = [self.row_y[r] for r in self.rows if self.level_of_row[r] == level]
        return min(ys), max(ys) + self.size

    def farmland_neighbours(self, grid: str) -> list[str]:
        """SV-097: the orthogonal grids of LAYOUT, across level steps unless CROSS_LEVEL_ADJACENCY is off."""
        r, c = self.pos[grid]
        out = []
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            g = f"r{r + dr}c{c + dc}"
            if g in self.cells and (self.cross or self.cells[g]["level"] == self.cells[grid]["level"]):
                out.append(g)
        return out

    def farmland(self, grid: str, crop: str) -> list[str]:
        """The Farmland of ``crop`` that ``grid`` would be part of if it held ``crop`` (SV-005, SV-120)."""
        seen = [grid]
        stack = [grid]
        while stack:
            for g in self.farmland_neighbours(stack.pop()):
                if g not in seen and self.cells[g].get("tile") == crop:
                    seen.append(g)
                    stack.append(g)
        return seen


def farmland_size(t: Terrace, grid: str, crop: str) -> tuple[int, int]:
    """(tiles, alpacas) of the Farmland a tile of ``crop`` on ``grid`` makes (SV-120, SV-121)."""
    land = t.farmland(grid, crop)
    return len(land), sum(1 for g in land if "alpaca" in t.cells[g])


def farmland_text(t: Terrace, grid: str, crop: str) -> str:
    """What a tile of ``crop`` on ``grid`` makes: the vine value, or the Farmland's tiles and alpacas (SV-121)."""
    if crop == "vine":
        return f"a vine planting yields {N['VINE_HP']} HP (SV-122)"
    tiles, alpacas = farmland_size(t, grid, crop)
    plus = f" + {_plural(alpacas, 'alpaca')}" if alpacas else ""
    return f"Farmland of {tiles} {crop}{plus}: base {tiles + alpacas} HP (SV-121)"


def reserves(obs: Obs) -> str:
    names = ", ".join(obs["alpaca_reserve"]) or "none"
    out = [
        '<g id="alpaca-reserve">',
        _title(f"Alpaca reserve: {names}. " + RULES["gray-reserve"]),
        _label(14, RESERVE_Y + 12, "Alpaca reserve", "small strong"),
    ]
    for k in range(len(ALPACA_NAMES)):
        x, y = reserve_spot(k)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="17" fill="none" stroke="#b89b6e" stroke-dasharray="4 3"/>')
    out.append("</g>")
    out.append(
        f'<g id="covers-out">{_title("Covers out of play. " + RULES["cover-out"])}'
        + _label(14, COVERS_Y + 10, "Covers out of play", "small strong")
        + "</g>"
    )
    return "".join(out)


def _cell(obs: Obs, t: Terrace, grid: str) -> str:
    cell = t.cells[grid]
    x, y = t.xy(grid)
    level = cell["level"]
    r, c = t.pos[grid]
    crop = cell.get("tile")
    m = cell.get("meeple")
    pl = obs["planting"]
    return _cell_text(
        grid,
        x,
        y,
        t.size,
        level,
        r,
        c,
        crop,
        bool(cell.get("isolated")),
        cell.get("alpaca"),
        None if m is None else f"{m['kind'].capitalize()} meeple of {seat_name(obs, m['seat'])}",
        r == obs["first_row"],
        obs["covers"].get(str(level)) == "on_terrace",
        farmland_size(t, grid, crop)[0] if crop and crop != "vine" else -1,
        LEVEL_FILL[min(t.levels.index(level), len(LEVEL_FILL) - 1)],
        pl["crop"] if pl and pl["grid"] == grid else None,
    )


@functools.lru_cache(maxsize=8192)
def _cell_text(
    grid: str,
    x: float,
    y: float,
    s: float,
    level: int,
    r: int,
    c: int,
    crop: str | None,
    isolated: bool,
    alpaca: str | None,
    meeple: str | None,
    river: bool,
    locked: bool,
    farmland: int,
    fill: str,
    planting: str | None,
) -> str:
    """Grid ``grid`` from all it shows (its place and size, level, Seed Tile, alpaca, meeple, whether it is the river
    row or locked, its Farmland's size, the crop being planted on it): a move changes a cell or two of the terrace,
    whose other cells are kept once drawn."""
    parts = [f"Grid {grid} (row {r}, column {c}, level {level})"]
    if crop:
        parts.append(f"{crop} Seed Tile" + (" (isolated)" if isolated else ""))
        if crop != "vine":
            parts.append(f"its Farmland has {_plural(farmland, 'tile')}")
    else:
        parts.append("no Seed Tile")
    if alpaca is not None:
        parts.append(f"alpaca {alpaca}")
    if meeple is not None:
        parts.append(meeple)
    occupied = crop or alpaca is not None or meeple is not None
    parts.append("occupied" if occupied else "empty")
    rules = [RULES["grid"]]
    if river:
        rules.append(RULES["river"])
    if isolated:
        rules.append(RULES["isolated"])
    if locked:
        rules.append(RULES["locked"].format(fee=UNLOCK_FEE.get(level, 0)))
    title = "; ".join(parts) + ". " + " ".join(rules)
    meant = "" if crop else f' data-action="plant {grid}"'  # an empty grid: why no planting there (issue 24)
    out = [
        f'<g id="cell-{grid}" class="cell{" river" if river else ""}" data-grid="{grid}" data-level="{level}" '
        f'data-crop="{crop or ""}"{meant} transform="translate({_n(x)},{_n(y)})">',
        _title(title),
        _rect(1, 1, s - 2, s - 2, fill, "#5e6b34", 3, ' stroke-width="0.8"'),
        f'<path d="M4,{_n(s * 0.35)}H{_n(s - 4)}M4,{_n(s * 0.65)}H{_n(s - 4)}" stroke="#000" '
        f'stroke-opacity="0.08" stroke-width="2"/>',
    ]
    if crop:
        out.append(f'<g transform="translate({_n(s / 2)},{_n(s / 2)})">{tile(crop, s - 8, isolated)}</g>')
    if planting is not None:
        if not crop:
            out.append(f'<g transform="translate({_n(s / 2)},{_n(s / 2)})" opacity="0.55">{tile(planting, s - 8)}</g>')
        out.append(_rect(2, 2, s - 4, s - 4, "none", "#ffd21f", 4, ' stroke-width="3.5" class="planting-mark"'))
    out.append("</g>")
    return "".join(out)


def terrace_part(obs: Obs) -> str:
    return _terrace(obs, Terrace(obs))


def _terrace(obs: Obs, t: Terrace) -> str:
    out = ['<g id="terrace">']
    top = t.row_y[t.rows[0]]
    out.append(_rect(TERRACE_X - 6, top - 6, t.right - TERRACE_X + 12, t.bottom - top + 12, "#7b6a52", "#4f4232", 6))
    for c, x in t.col_x.items():
        out.append(_label(x + t.size / 2, top - 10, f"c{c}", "small", "middle"))
    for i, r in enumerate(t.rows):
        y = t.row_y[r]
        out.append(_label(TERRACE_X - 10, y + t.size / 2 + 4, f"r{r}", "small", "end"))
        if i and t.level_of_row[r] != t.level_of_row[t.rows[i - 1]]:
            out.append(
                _rect(TERRACE_X - 6, y - RISER, t.right - TERRACE_X + 12, RISER, "url(#sv-stones)", "#4f4232", 1)
            )
    for level in t.levels:
        y0, y1 = t.level_band(level)
        out.append(_label(TERRACE_X - 36, (y0 + y1) / 2 + 5, f"L{level}", "level", "middle"))
    out.append(_river(obs, t))
    out.append('<g id="cells">')
    out.extend(_cell(obs, t, g) for g in t.cells)
    out.append("</g>")
    for level in t.levels:  # a veil over each locked level (drawn over the cells, never catching clicks)
        if obs["covers"].get(str(level)) == "on_terrace":
            y0, y1 = t.level_band(level)
            fee = UNLOCK_FEE.get(level, 0)
            out.append(
                '<g class="locked-veil" pointer-events="none">'
                + _rect(TERRACE_X, y0, t.right - TERRACE_X, y1 - y0, "url(#sv-locked)", "none", 3)
                + _label(
                    (TERRACE_X + t.right) / 2,
                    (y0 + y1) / 2 + 6,
                    f"level {level} locked · unlock ${fee}",
                    "veil",
                    "middle",
                )
                + "</g>"
            )
    out.append("</g>")
    return "".join(out)


def _river(obs: Obs, t: Terrace) -> str:
    """The river along the FIRST_ROW edge (SV-094): below the bottom row, or above the top row."""
    first = obs["first_row"]
    if first not in t.row_y:
        return ""
    y = t.bottom + 6 if first == t.rows[-1] else (t.row_y[first] - 26 if first == t.rows[0] else None)
    if y is None:
        return ""
    w = t.right - TERRACE_X + 12
    waves = "".join(f"M{_n(TERRACE_X - 6 + k)},{_n(y + 10)}q6,-4 12,0t12,0" for k in range(4, int(w) - 20, 36))
    return (
        f'<g id="river">{_title("River edge: row " + str(first) + ". " + RULES["river"])}'
        + _rect(TERRACE_X - 6, y, w, 18, "#6aa8d8", "#3d74a8", 4)
        + f'<path d="{waves}" stroke="#e6f3ff" stroke-width="1.5" fill="none"/>'
        + _label(t.right + 10, y + 13, "river", "small")
        + "</g>"
    )


def _cover_spot(
    obs: Obs, t: Terrace, level: int, seat_boards: Mapping[int, tuple[float, float, float]]
) -> tuple[float, float]:
    state = obs["covers"][str(level)]
    locked = [lv for lv in t.levels if str(lv) in obs["covers"]]
    if state == "on_terrace":
        y0, y1 = t.level_band(level)
        return t.right + 10, (y0 + y1) / 2 - 13
    if state == "debt":
        for p, d in enumerate(obs["player"]):
            if level in d["debts"]:
                x, y, w = seat_boards[p]
                return x + w - 54 - 48 * d["debts"].index(level), y + 52
    x, y = cover_out_spot(locked.index(level))
    return x, y


def covers(obs: Obs) -> str:
    t = Terrace(obs)
    boxes = board_boxes(obs)
    return "".join(_cover(obs, t, int(lv), boxes) for lv in sorted(obs["covers"], key=int))


def _cover(obs: Obs, t: Terrace, level: int, boards: Mapping[int, tuple[float, float, float]]) -> str:
    state = obs["covers"][str(level)]
    fee = UNLOCK_FEE.get(level, 0)
    x, y = _cover_spot(obs, t, level, boards)
    if state == "on_terrace":
        text = f"Level {level} cover on the Terrace: level {level} is locked (unlock fee ${fee}). " + RULES[
            "cover-on"
        ].format(purge=ROMAN.get(AGE_PURGE.get(level, 0), "?"))
    elif state == "debt":
        debtor = next(p for p, d in enumerate(obs["player"]) if level in d["debts"])
        text = f"Level {level} cover in front of {seat_name(obs, debtor)}: a debt of ${fee}. " + RULES[
            "cover-debt"
        ].format(fee=fee)
    else:
        text = f"Level {level} cover out of play: level {level} is open. " + RULES["cover-out"]
    return (
        f'<g id="cover-{level}" class="piece cover" data-state="{state}" {_at(x, y)}>{_title(text)}'
        + _rect(0, 0, 44, 26, "#c89a5c", "#6b4520", 3, ' stroke-width="1.5"')
        + '<path d="M2,9H42M2,17H42" stroke="#8a6230" stroke-width="0.8"/>'
        + _label(22, 12, f"L{level}", "cover-text", "middle")
        + _label(22, 23, f"${fee}", "cover-text", "middle")
        + "</g>"
    )


def _track_geometry(obs: Obs) -> tuple[float, int]:
    n = len(obs["harvest_track"])
    return TRACK_W / n, n


def harvest_track(obs: Obs) -> str:
    w, n = _track_geometry(obs)
    values = ", ".join(f"{i}: ${v}" for i, v in enumerate(obs["harvest_track"]))
    out = [
        '<g id="harvest-track" data-action="harvest">',
        _title(f"Harvest Track (HP: coins) {values}. " + RULES["track"].format(hp_max=n - 1)),
        _rect(TRACK_X - 4, TRACK_Y - 4, TRACK_W + 8, 96, "#e8d8b4", "#8a6a3e", 6),
    ]
    for i, v in enumerate(obs["harvest_track"]):
        x = TRACK_X + i * w
        out.append(_rect(x + 1, TRACK_Y, w - 2, 88, "#f7ecd2", "#b89b6e", 4))
        out.append(_label(x + 8, TRACK_Y + 16, str(i), "track-hp"))
        out.append(_label(x + w - 6, TRACK_Y + 16, money(v), "track-coins", "end"))
    out.append("</g>")
    return "".join(out)


def _farmer_spots(obs: Obs) -> dict[tuple[int, int], tuple[float, float]]:
    """Screen position of each farmer (seat, 1-based index), several on one space side by side."""
    w, n = _track_geometry(obs)
    per_row = max(1, int((w - 6) // 13))
    by_space: dict[int, list[tuple[int, int]]] = {}
    for p, d in enumerate(obs["player"]):
        for i, hp in enumerate(d["farmers"], start=1):
            by_space.setdefault(min(hp, n - 1), []).append((p, i))
    out: dict[tuple[int, int], tuple[float, float]] = {}
    for hp, who in by_space.items():
        for k, key in enumerate(who):
            out[key] = (TRACK_X + hp * w + 9 + (k % per_row) * 13, TRACK_Y + 34 + (k // per_row) * 17)
    return out


def farmers(obs: Obs) -> str:
    out = []
    for (p, i), (x, y) in _farmer_spots(obs).items():
        d = obs["player"][p]
        hp = d["farmers"][i - 1]
        pay = obs["harvest_track"][min(hp, len(obs["harvest_track"]) - 1)]
        text = (
            f"{seat_name(obs, p)}'s farmer {i} on {hp} HP: a Harvest pays ${pay} and resets it (SV-220). "
            + RULES["farmer"]
        )
        out.append(
            f'<g id="farmer-s{p}-{i}" class="piece farmer" data-seat="{p}" data-hp="{hp}" {_at(x, y)}>'
            f"{_title(text)}{meeple(crop_colour(d['crop']), 0.95, str(i) if len(d['farmers']) > 1 else '')}"
            "</g>"
        )
    return "".join(out)


def alpaca_pieces(obs: Obs) -> str:
    t = Terrace(obs)
    where = {c["alpaca"]: g for g, c in t.cells.items() if "alpaca" in c}
    out = []
    for k, name in enumerate(ALPACA_NAMES):
        white = k in WHITE_ALPACAS
        colour = "White" if white else "Gray"
        if name in where:
            g = where[name]
            gx, gy = t.xy(g)
            x, y = gx + t.size - 16, gy + 19
            text = f"{colour} alpaca {name} on {g}. " + RULES["alpaca"]
        else:
            x, y = reserve_spot(k)
            text = f"{colour} alpaca {name} in the reserve. " + RULES["gray-reserve"]
        out.append(
            f'<g id="alpaca-{name}" class="piece alpaca" data-grid="{where.get(name, "")}" {_at(x, y)}>'
            f"{_title(text)}{alpaca_shape(white, 1.3)}</g>"
        )
    return "".join(out)


def meeples(obs: Obs) -> str:
    t = Terrace(obs)
    out = []
    for g, c in t.cells.items():
        m = c.get("meeple")
        if not m:
            continue
        gx, gy = t.xy(g)
        kind = m["kind"]
        seat = m["seat"]
        rule = RULES[kind].format(fee=N["TOCRICOC_FEE"])
        text = f"{kind.capitalize()} meeple of {seat_name(obs, seat)} on {g}. {rule}"
        colour = crop_colour(obs["player"][seat]["crop"])
        out.append(
            f'<g id="meeple-{g}" class="piece meeple {kind}" data-seat="{seat}" '
            f"{_at(gx + 13, gy + t.size - 14)}>{_title(text)}{meeple(colour, 1.2, kind[0].upper())}</g>"
        )
    return "".join(out)
