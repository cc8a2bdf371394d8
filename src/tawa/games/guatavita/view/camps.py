"""The edge of the Guatavita board: the score track around it and each player's camp in its corner."""

from __future__ import annotations

from tawa.core.svg import at as _at
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _text
from tawa.core.svg import title as _title
from tawa.games.guatavita.view.layout import (
    BOARD_EDGE,
    BOARD_FILL,
    BOARD_X0,
    BOARD_X1,
    BOARD_Y0,
    BOARD_Y1,
    CAMP_CORNER,
    CAMP_H,
    CAMP_W,
    SCORE_SPACES,
    SPOT_CORNER,
    TRACK,
    Obs,
    Seats,
)
from tawa.games.guatavita.view.shapes import machine, meeple, pipe
from tawa.games.guatavita.view.texts import Texts, num


def _track_point(i: float) -> tuple[float, float, str]:
    """Centre of score space i (0 at the top-left corner, clockwise) and the edge it lies on."""
    x0, y0 = BOARD_X0 + TRACK / 2, BOARD_Y0 + TRACK / 2
    w, h = BOARD_X1 - BOARD_X0 - TRACK, BOARD_Y1 - BOARD_Y0 - TRACK
    d = (i + 0.5) * 2 * (w + h) / SCORE_SPACES
    if d < w:
        return x0 + d, y0, "top"
    d -= w
    if d < h:
        return x0 + w, y0 + d, "right"
    d -= h
    if d < w:
        return x0 + w - d, y0 + h, "bottom"
    return x0, y0 + h - (d - w), "left"


def score_track(obs: Obs, seats: Seats, tx: Texts) -> str:
    """The score track's group and its hover text (every seat's VP): its drawing, the same in every game, follows
    as ``SCORE_TRACK_BODY`` (a part of its own, drawn once)."""
    vps = ", ".join(f"{seats.who(s)} {p['vp']}" for s, p in enumerate(obs["players"]))
    return '<g id="score-track">' + _title(f"Score track: {vps}. {tx.rule('score')}")


def _score_track_body() -> str:
    out = [
        _rect(BOARD_X0, BOARD_Y0, BOARD_X1 - BOARD_X0, BOARD_Y1 - BOARD_Y0, "#e9dcc1", BOARD_EDGE, 6),
        _rect(
            BOARD_X0 + TRACK,
            BOARD_Y0 + TRACK,
            BOARD_X1 - BOARD_X0 - 2 * TRACK,
            BOARD_Y1 - BOARD_Y0 - 2 * TRACK,
            BOARD_FILL,
            BOARD_EDGE,
            3,
        ),
    ]
    ticks = []
    for i in range(SCORE_SPACES):
        x, y, edge = _track_point(i - 0.5)
        if edge in ("top", "bottom"):
            ticks.append(f"M{_n(x)},{_n(y - TRACK / 2)}v{_n(TRACK)}")
        else:
            ticks.append(f"M{_n(x - TRACK / 2)},{_n(y)}h{_n(TRACK)}")
        if i % 5 == 0:
            cx, cy, _ = _track_point(i)
            out.append(_text(cx, cy + 3.5, str(i), "track-num strong" if i % 10 == 0 else "track-num", "middle"))
    out.append(f'<path d="{"".join(ticks)}" stroke="#b89b6e" stroke-width="1"/>')
    out.append("</g>")
    return "".join(out)


SCORE_TRACK_BODY = _score_track_body()


SCORE_OFFSETS = ((-5.0, -5.0), (5.0, -5.0), (-5.0, 5.0), (5.0, 5.0))


def score_markers(obs: Obs, seats: Seats, tx: Texts) -> str:
    out = []
    for s, p in enumerate(obs["players"]):
        vp = int(p["vp"])
        x, y, _ = _track_point(max(vp, 0) % SCORE_SPACES)
        dx, dy = SCORE_OFFSETS[s % 4]
        lap = ""
        if vp >= SCORE_SPACES or vp < 0:
            lap = _text(0, 3, f"+{vp // SCORE_SPACES * SCORE_SPACES}" if vp > 0 else "-", "tiny strong", "middle")
        out.append(
            f'<g id="score-s{s}" class="piece marker score" data-seat="{s}" data-vp="{vp}" '
            f"{_at(x + dx, y + dy)}>"
            + _title(f"Score marker of {seats.who(s)}: {vp} VP. " + tx.rule("score"))
            + f'<circle r="6" fill="{seats.fill(s)}" stroke="#1d1d1d" stroke-width="1.2"/>{lap}</g>'
        )
    return "".join(out)


def camp_area(obs: Obs, seats: Seats, tx: Texts, s: int, housed: int) -> str:
    """Seat ``s``'s camp; ``housed``: its workers that count against the camp level (``housed_count``)."""
    p = obs["players"][s]
    x, y = CAMP_CORNER[SPOT_CORNER[str(p["spot"])]]
    camp = p["camp"]
    lo, hi = int(num(obs, "CAMP_LEVEL_MIN")), int(num(obs, "CAMP_LEVEL_MAX"))
    vps = list(num(obs, "CAMP_TRACK_VP"))
    level = int(p["camp_level"])
    fill = seats.fill(s)
    text = (
        f"Camp of {seats.who(s)}: {_plural(int(camp['workers']), 'worker')}, "
        f"{_plural(int(camp['machines']), 'machine')}, {_plural(int(camp['pipes']), 'pipe')}; camp level {level} "
        f"(houses {level}; {housed} housed now); end VP by level "
        + ", ".join(f"{lv}: {v}" for lv, v in zip(range(lo, hi + 1), vps, strict=False))
        + ". "
        + tx.rule("camp")
    )
    out = [
        f'<g id="seat{s}-camp" class="camp" data-seat="{s}" data-workers="{camp["workers"]}" '
        f'data-machines="{camp["machines"]}" data-pipes="{camp["pipes"]}">',
        _title(text),
        _rect(x, y, CAMP_W, CAMP_H, "#efe3c8", fill, 7, ' stroke-width="2.5" opacity="0.96"'),
        _rect(x, y, CAMP_W, 20, fill, fill, 7),
        _rect(x, y + 12, CAMP_W, 8, fill, "none"),
        _text(x + 8, y + 14.5, f"{seats.who(s)} · camp", "camp-head", extra=f' style="fill:{seats.ink(s)}"'),
        _text(x + 8, y + 34, "camp level", "tiny muted"),
    ]
    cw = (CAMP_W - 16) / (hi - lo + 1)
    for i, lv in enumerate(range(lo, hi + 1)):
        cx = x + 8 + i * cw
        on = lv <= level
        out.append(_rect(cx, y + 38, cw - 2, 18, "#fff6dc" if on else "#f2eadb", "#b89b6e", 2))
        out.append(_text(cx + cw / 2 - 1, y + 51, str(lv), "tiny strong", "middle"))
        if i < len(vps):
            out.append(_text(cx + cw / 2 - 1, y + 65, f"{vps[i]}", "tiny muted", "middle"))
    out.append(_text(x + CAMP_W - 8, y + 34, "end VP below", "tiny muted", "end"))
    out.append(_text(x + 8, y + 78, f"workers {camp['workers']} · housed {housed}/{level}", "tiny muted"))
    for i in range(int(camp["workers"])):
        out.append(meeple(fill, x + 14 + i * 15.5, y + 92, 0.85))
    out.append(_text(x + 8, y + 111, f"machines {camp['machines']}", "tiny muted"))
    for i in range(int(camp["machines"])):
        out.append(machine(fill, x + 14 + i * 15, y + 124, 11))
    out.append(_text(x + 78, y + 111, f"pipes {camp['pipes']}", "tiny muted"))
    for i in range(int(camp["pipes"])):
        out.append(pipe(fill, x + 80 + (i % 12) * 5.8, y + 124, 12))
    he = p["head_explorers"]
    out.append(
        _text(x + 8, y + 148, f"pump level {p['pump_level']}" + (" + worker" if p["pump_worker"] else ""), "tiny")
    )
    out.append(_text(x + 8, y + 162, f"head explorers: {', '.join(he) or 'none'}", "tiny"))
    out.append("</g>")
    return "".join(out)


def housed_count(obs: Obs, s: int) -> int:
    """GV-642 [P]: workers in camp, on action boxes, on the balsa and on the pump."""
    p = obs["players"][s]
    boxes = sum(int(e[1]) for es in obs["boxes"].values() for e in es if int(e[0]) == s)
    return int(p["camp"]["workers"]) + boxes + int(p["balsa"]["workers"]) + int(p["pump_worker"])


def camp_markers(obs: Obs, seats: Seats, tx: Texts) -> str:
    out = []
    lo, hi = int(num(obs, "CAMP_LEVEL_MIN")), int(num(obs, "CAMP_LEVEL_MAX"))
    cw = (CAMP_W - 16) / (hi - lo + 1)
    for s, p in enumerate(obs["players"]):
        x, y = CAMP_CORNER[SPOT_CORNER[str(p["spot"])]]
        level = int(p["camp_level"])
        mx, my = x + 8 + (level - lo) * cw + cw / 2 - 1, y + 47
        out.append(
            f'<g id="camp-marker-s{s}" class="piece marker camp-marker" data-level="{level}" '
            f'pointer-events="none" {_at(mx, my)}>'
            + _title(f"Camp marker of {seats.who(s)} on level {level}. " + tx.rule("camp"))
            + f'<rect x="-7" y="-7" width="14" height="14" rx="3" fill="{seats.fill(s)}" stroke="#1d1d1d" '
            f'stroke-width="1.2" opacity="0.85"/>'
            + _text(0, 3.5, str(level), "tiny strong", "middle", f' style="fill:{seats.ink(s)}"')
            + "</g>"
        )
    return "".join(out)
