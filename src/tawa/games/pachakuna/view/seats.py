"""The side panel of the P'achakuna board: the turn and step, each seat's llamas and personal supply, the
bag and the discard pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tawa.core.svg import escape
from tawa.core.svg import n as _fmt
from tawa.core.svg import title as _title
from tawa.core.svgparts import Marked, ObserverWords
from tawa.games.pachakuna.data import ALL_PIECES, COLOURS, LETTER, QUECHUA
from tawa.games.pachakuna.view.board import LLAMA_PATH, flags, moving_llama
from tawa.games.pachakuna.view.layout import (
    PANEL_X,
    PIECE_FILL,
    SEAT_H,
    SEAT_Y,
    WIDTH,
    Obs,
    supply_id,
    svg_text,
    waiting_spot,
)
from tawa.games.pachakuna.view.texts import FREE_ROTATIONS, LLAMA_COST, ROTATION_COST, RULES, STEP_LABELS, side_name

TURN = ObserverWords(0xE000, 2, "your turn", "to play")  # what the seat to act is told (P'achakuna is for two (PK-001))


def status(obs: Obs, me: int | Marked | None) -> str:
    """The status line as the observer ``me`` reads it (``MARKED``: a mark where it tells the seat to act)."""
    step = obs["step"]
    active = obs["active"]
    if obs["winner"] is not None:
        w = obs["winner"]
        head = f"{side_name(obs, w)} wins"
        detail = "PK-300 [R]: the first to hold all 7 colours wins at once"
    elif obs["draw"]:
        head = "Draw"
        detail = f"PK-320 [D]: the turn cap of {obs['turn_cap']} turns was reached"
    else:
        who = TURN.of(active, me)
        head = f"Turn {obs['turn'] + 1} · {side_name(obs, active)} {who}"
        detail = _step_detail(obs)
    out = [
        f'<g id="status" data-step="{escape(step)}">',
        _title(f"{head}. {detail}".strip()),
        f'<rect x="{PANEL_X}" y="10" width="{WIDTH - PANEL_X - 10}" height="106" rx="8" fill="#fffaf0" '
        f'stroke="#b89b6e"/>',
        svg_text(PANEL_X + 12, 34, head, "head"),
    ]
    x = PANEL_X + 12
    over = step == "over"
    for key, label in STEP_LABELS:
        on = key == step and not over
        w = 88
        out.append(
            f'<g id="step-{key}" class="step{" current" if on else ""}">'
            f'<rect x="{_fmt(x)}" y="46" width="{w}" height="24" rx="12" '
            f'fill="{"#2f62c4" if on else "#efe6d4"}" stroke="#8a7350"/>'
            + svg_text(x + w / 2, 62, label, "step-label", text_anchor="middle", style="fill:#fff" if on else None)
            + "</g>"
        )
        x += w + 4
    out.append(svg_text(PANEL_X + 12, 94, detail, "detail"))
    out.append("</g>")
    return "".join(out)


def _step_detail(obs: Obs) -> str:
    pay = obs["paying"]
    step = obs["step"]
    if pay:
        if pay["for"] == "rotation":
            what = f"the rotation of tile {pay['tile']} to orientation {pay['orientation']}"
        else:
            what = f"a llama at the {pay['village']} village"
        return f"Pay {pay['still']} more for {what}"
    if step == "rotate":
        return f"{FREE_ROTATIONS} free rotation, then {ROTATION_COST} pieces each (PK-130/132)"
    if step == "rotate-paid":
        done = ", ".join(obs["rotated"]) or "none"
        return f"Further rotations: {ROTATION_COST} pieces each; rotated {done}"
    if step == "move":
        k = moving_llama(obs)
        ll = obs["llamas"][k]
        return f"Move llama{ll['slot']} from {ll['cell']} to a cell of its reach"
    if step == "trade":
        return f"Sell loads at villages; a llama costs {LLAMA_COST} pieces"
    return ""


def seat_head(obs: Obs, seat: int, me: bool, active: bool, winner: bool) -> str:
    """Seat ``seat``'s area, drawn in three parts (what changes most, the llamas, apart): this one, its group, frame,
    name, who is to play or won, and the heading of its llamas; then ``seat_llamas`` and ``seat_supply``."""
    y0 = SEAT_Y[seat]
    side = side_name(obs, seat)
    walks = "valleys" if side == "White" else "mountains"
    supply: Mapping[str, int] = obs["supply"][seat]
    held = sum(1 for c in COLOURS if supply.get(c, 0) > 0)
    head = f"{side}{' (you)' if me else ''}"
    out = [
        f'<g id="seat{seat}" class="seat{" active" if active else ""}{" mine" if me else ""}">',
        _title(f"{head}: llamas walk the {walks}; {held} of 7 colours held."),
        f'<rect x="{PANEL_X}" y="{_fmt(y0)}" width="{WIDTH - PANEL_X - 10}" height="{SEAT_H}" rx="8" '
        f'fill="{"#fff6d8" if active else "#faf6ee"}" stroke="{"#c79a00" if active else "#b89b6e"}" '
        f'stroke-width="{3 if active else 1}"/>',
        svg_text(PANEL_X + 12, y0 + 26, head, "head"),
        svg_text(PANEL_X + 12, y0 + 46, f"llamas walk the {walks} · {held} of 7 colours", "detail"),
    ]
    if active:
        out.append(svg_text(WIDTH - 22, y0 + 26, "to play", "badge", text_anchor="end"))
    elif winner:
        out.append(svg_text(WIDTH - 22, y0 + 26, "winner", "badge", text_anchor="end"))
    out.append(svg_text(PANEL_X + 12, y0 + 74, "Llamas", "label"))
    return "".join(out)


def seat_llamas(obs: Obs, llamas: tuple[int, ...]) -> str:
    """The waiting places of a seat's llamas (``llamas``: their indexes in the observation's list), each with a faint
    copy of the llama when it is on the board, where it is and what it carries."""
    out = []
    for k in llamas:
        ll = obs["llamas"][k]
        x, y, _ = waiting_spot(obs, ll)
        out.append(
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y - 4)}" r="24" fill="none" stroke="#b89b6e" stroke-dasharray="4 3"/>'
        )
        if ll["cell"] is not None:  # a faint copy in the owner's area: the piece itself is on the board
            body = "#1e1e1e" if ll["side"] == "black" else "#fbfaf4"
            out.append(
                f'<path d="{LLAMA_PATH}" transform="translate({_fmt(x)},{_fmt(y)}) scale(1.3)" '
                f'fill="{body}" stroke="#888" opacity="0.35"/>'
            )
        where = "waiting" if ll["cell"] is None else f"on {ll['cell']}"
        if ll["cell"] is not None:
            where += f" · {ll['load'] or 'empty'}"
        out.append(svg_text(x, y + 34, f"llama{ll['slot']}", "small", text_anchor="middle"))
        out.append(svg_text(x, y + 48, where, "small", text_anchor="middle"))
    return "".join(out)


def seat_supply(obs: Obs, seat: int) -> str:
    """The seat's personal supply, and the end of its area's group."""
    y0 = SEAT_Y[seat]
    supply: Mapping[str, int] = obs["supply"][seat]
    return (
        svg_text(PANEL_X + 12, y0 + 184, "Personal supply", "label")
        + _supply(seat, side_name(obs, seat), supply, y0 + 214)
        + "</g>"
    )


def _supply(seat: int, side: str, supply: Mapping[str, int], y: float) -> str:
    """The 7 cutouts (filled iff held, PK-251) and the brown piece, each with its count."""
    out = []
    for i, piece in enumerate(ALL_PIECES):
        x = PANEL_X + 30 + i * 45 + (10 if piece == "brown" else 0)
        n = supply.get(piece, 0)
        name = f"{piece} ({QUECHUA[i]})"
        rule = RULES["brown"] if piece == "brown" else RULES["supply"]
        out.append(
            f'<g id="{supply_id(seat, piece)}" class="supply{" held" if n else ""}" data-piece="{piece}" '
            f'data-count="{n}">{_title(f"{side} supply: {n} {name}. {rule}")}'
        )
        if piece == "brown":
            if n:
                out.append(
                    f'<rect x="{_fmt(x - 13)}" y="{_fmt(y - 13)}" width="26" height="26" rx="5" '
                    f'fill="{PIECE_FILL[piece]}" stroke="#222" stroke-width="1.5"/>'
                )
            else:
                out.append(
                    f'<rect x="{_fmt(x - 13)}" y="{_fmt(y - 13)}" width="26" height="26" rx="5" '
                    f'fill="none" stroke="#aaa" stroke-dasharray="3 3"/>'
                )
        else:
            fill = PIECE_FILL[piece] if n else "#efe6d4"
            stroke = "#222" if n else PIECE_FILL[piece]
            out.append(
                f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="15" fill="{fill}" stroke="{stroke}" '
                f'stroke-width="{1.5 if n else 3}"/>'
            )
        if n:
            dark = piece in ("white", "yellow", "orange")
            out.append(svg_text(x, y + 5, str(n), "count", text_anchor="middle", style=None if dark else "fill:#fff"))
        out.append(svg_text(x, y + 32, LETTER.get(piece, "Br"), "small", text_anchor="middle"))
        out.append("</g>")
    return "".join(out)


def bag_panel(obs: Obs) -> str:
    y = 708.0
    bag, discard = obs["bag"], obs["discard"]

    def names(ids: Iterable[int]) -> str:
        return ", ".join(f"D{d:02d} {LETTER[obs['demands'][d][0]]}/{LETTER[obs['demands'][d][1]]}" for d in ids)

    out = [
        f'<g id="bag">{_title(f"Cloth bag: {len(bag)} demands ({names(bag)}). " + RULES["bag"])}'
        f'<path d="M{PANEL_X + 20},{y + 10} C{PANEL_X + 8},{y + 60} {PANEL_X + 72},{y + 60} {PANEL_X + 60},'
        f'{y + 10} Z" fill="#c9b48a" stroke="#6b4b2a"/>'
        f"{svg_text(PANEL_X + 40, y + 44, str(len(bag)), 'count', text_anchor='middle')}"
        f"{svg_text(PANEL_X + 72, y + 30, 'bag', 'small')}</g>"
    ]
    out.append(
        '<g id="discard">' + _title(f"Discard pile: {len(discard)} demands ({names(discard)}). " + RULES["discard"])
    )
    out.append(svg_text(PANEL_X + 110, y + 20, f"discard pile ({len(discard)})", "small"))
    for i, d in enumerate(discard[-9:]):
        up, low = obs["demands"][d]
        out.append(flags(up, low, PANEL_X + 110 + i * 30, y + 30, 0.7))
    out.append("</g>")
    return "".join(out)
