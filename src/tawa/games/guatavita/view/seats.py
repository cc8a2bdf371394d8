"""Each player's resource board of Guatavita: gold and food tracks, emeralds, loan track, personal supply and
La Balsa's card, with the markers on them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tawa.core.svg import at as _at
from tawa.core.svg import escape
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _text
from tawa.core.svg import title as _title
from tawa.games.guatavita.view.layout import BOARD_H, BOARD_TOP, PANEL_EDGE, PANEL_FILL, RIGHT_W, RIGHT_X, Obs, Seats
from tawa.games.guatavita.view.shapes import balsa_shape, emerald, gold_bar
from tawa.games.guatavita.view.texts import Texts, num


def _track(x: float, y: float, lo: int, hi: int, value: int, cell: float, labels: Sequence[str] = ()) -> str:
    return _track_text(x, y, lo, hi, value, cell, tuple(labels))


@functools.lru_cache(maxsize=4096)
def _track_text(x: float, y: float, lo: int, hi: int, value: int, cell: float, labels: tuple[str, ...]) -> str:
    """A gold, food or loan track with ``value`` marked (a few hundred of them in all: kept once drawn)."""
    out = []
    for i, v in enumerate(range(lo, hi + 1)):
        cx = x + i * cell
        out.append(_rect(cx, y, cell - 2, 16, "#fff6dc" if v == value else "#f6eedd", "#b89b6e", 2))
        out.append(_text(cx + cell / 2 - 1, y + 11.5, str(v), "tiny muted", "middle"))
        if labels and i < len(labels) and labels[i]:
            out.append(_text(cx + cell / 2 - 1, y + 25, labels[i], "micro", "middle"))
    return "".join(out)


def _cell_width(cap: int) -> float:
    """A gold or food track's space: 0..8 fit the board at CELL each; a larger cap (an option) narrows them."""
    return CELL * 8 / cap if cap > 8 else CELL


def _board_y(s: int) -> float:
    return BOARD_TOP + s * (BOARD_H + 3)


GOLD_X, FOOD_X, CELL = 60.0, 294.0, 20.0
LOAN_X, LOAN_CELL = 190.0, 30.0


def resource_board(obs: Obs, seats: Seats, tx: Texts, s: int, active: bool) -> str:
    """Seat ``s``'s resource board; ``active``: it is to act."""
    return resource_head(obs, seats, tx, s, active) + resource_body(obs, seats, tx, s)


def resource_head(obs: Obs, seats: Seats, tx: Texts, s: int, active: bool) -> str:
    """The head of seat ``s``'s resource board: its opening tag, its hover text, its frame (marked when ``active``:
    it is to act), its name, VP and flags; ``resource_body`` draws the rest."""
    p = obs["players"][s]
    y = _board_y(s)
    x = RIGHT_X
    fill = seats.fill(s)
    flags = []
    if obs["stage"] == "plan" and p["passed"]:
        flags.append("passed")
    if obs["stage"] == "plan" and p["gold_duty"] and not p["placed"]:
        flags.append("must open with Loan (GV-109)")
    if active:
        flags.insert(0, seats.turn(s))
    head = f"{seats.who(s)} · pump {p['spot']}"
    sup = p["supply"]
    uses = ", ".join(f"{k} {v}" for k, v in p["uses"].items() if v)
    text = (
        f"Resource board of {seats.who(s)}: {p['gold']} gold, {p['food']} food, "
        f"{_plural(int(p['emeralds']), 'emerald')}, {p['vp']} VP, loan space {p['loan']}; personal supply "
        f"{sup['workers']}W {sup['machines']}M {sup['pipes']}P; {p['pipes_in_lake']} pipes in the lake"
        + (f"; used this planning phase: {uses}" if uses else "")
        + (f"; {', '.join(flags)}" if flags else "")
        + ". "
        + tx.rule("board")
    )
    out = [
        f'<g id="seat{s}" class="seat{" active" if active else ""}{seats.mine(s)}" data-seat="{s}">',
        _title(text),
        _rect(
            x,
            y,
            RIGHT_W,
            BOARD_H,
            "#fff6d8" if active else PANEL_FILL,
            "#c79a00" if active else PANEL_EDGE,
            7,
            f' stroke-width="{3 if active else 1}"',
        ),
        _rect(x, y, 6, BOARD_H, fill, "none", 3),
        _text(x + 14, y + 17, head, "seat-name"),
        _text(x + RIGHT_W - 60, y + 17, f"{p['vp']} VP", "vp", "end"),
    ]
    if flags:
        out.append(_text(x + 230, y + 17, " · ".join(flags), "badge"))
    return "".join(out)


BODY_READS = ("gold", "food", "emeralds", "loan", "supply", "pipes_in_lake", "head_explorers", "uses", "balsa")
"""What the body of a resource board shows of its seat (``resource_body``): read one by one, so that the body is not
drawn again when only its head changes (the seat to act, the flags, the VP)."""


def resource_body(obs: Obs, seats: Seats, tx: Texts, s: int) -> str:
    """Seat ``s``'s resource board below its head (``resource_head``): the tracks, the supply, La Balsa's card and
    the board's closing tag. It shows nothing of the seat to act."""
    p = obs["players"][s]
    y = _board_y(s)
    x = RIGHT_X
    sup = p["supply"]
    uses = ", ".join(f"{k} {v}" for k, v in p["uses"].items() if v)
    gold_cap, food_cap = int(num(obs, "GOLD_CAP")), int(num(obs, "FOOD_CAP"))
    loan_end = int(num(obs, "LOAN_END"))
    lg, lv = list(num(obs, "LOAN_GOLD")), list(num(obs, "LOAN_VP"))
    out = []
    # gold and food tracks (0..cap): the markers are pieces
    gold_title, food_title = f"Gold: {p['gold']}. {tx.rule('gold')}", f"Food: {p['food']}. {tx.rule('food')}"
    out.append(
        f'<g class="gold-track">{_title(gold_title)}'
        + gold_bar(x + 24, y + 34, 6)
        + _text(x + 34, y + 38, "gold", "tiny muted")
        + _track(x + GOLD_X, y + 26, 0, gold_cap, int(p["gold"]), _cell_width(gold_cap))
        + "</g>"
    )
    out.append(
        f'<g class="food-track">{_title(food_title)}'
        + _text(x + FOOD_X - 30, y + 38, "food", "tiny muted")
        + _track(x + FOOD_X, y + 26, 0, food_cap, int(p["food"]), _cell_width(food_cap))
        + "</g>"
    )
    # emeralds, loan track
    em = int(p["emeralds"])
    out.append(
        f'<g class="emeralds">{_title(f"Emeralds: {em}. " + tx.rule("emeralds"))}'
        + emerald(x + 24, y + 58, 6.5)
        + _text(x + 34, y + 62, _plural(em, "emerald"), "small strong")
        + "</g>"
    )
    labels = [f"+{g}/-{v}" if i else "start" for i, (g, v) in enumerate(zip(lg, lv, strict=False))]
    loan_text = ", ".join(f"{i}: +{g} gold -{v} VP" for i, (g, v) in enumerate(zip(lg, lv, strict=False)) if i)
    loan_title = f"Loan space {p['loan']} ({loan_text}). {tx.rule('loan')}"
    out.append(
        f'<g class="loan-track">{_title(loan_title)}'
        + _text(x + LOAN_X - 30, y + 62, "loan", "tiny muted")
        + _track(x + LOAN_X, y + 50, 0, loan_end, int(p["loan"]), LOAN_CELL, labels)
        + "</g>"
    )
    # personal supply, lake figures
    sup_text = f"Personal supply: {sup['workers']} workers, {sup['machines']} machines, {sup['pipes']} pipes. "
    out.append(
        f'<g class="supply">{_title(sup_text + tx.rule("supply"))}'
        + _text(
            x + 14,
            y + 92,
            f"supply {sup['workers']}W {sup['machines']}M {sup['pipes']}P · lake "
            f"{p['pipes_in_lake']} pipes, {len(p['head_explorers'])} HE" + (f" · used {uses}" if uses else ""),
            "tiny",
        )
        + "</g>"
    )
    if obs["options"].get("balsa"):
        out.append(_balsa_card(obs, seats, tx, s, x + RIGHT_W - 100, y + 52))
    out.append("</g>")
    return "".join(out)


def _balsa_card(obs: Obs, seats: Seats, tx: Texts, s: int, x: float, y: float) -> str:
    """La Balsa's own action space on the resource board (GV-774): the 2 workers go on the boat."""
    b = obs["players"][s]["balsa"]
    if b["alive"] and b["pos"] is not None:
        state = f"on {b['pos']}" + (", protected" if b["protected"] else "")
        line1, line2 = f"balsa · {b['pos']}", ("protected" if b["protected"] else "")
    elif obs["stage"] == "balsa_setup":
        state, line1, line2 = "not placed yet", "balsa", "not placed yet"
    else:
        state, line1, line2 = "destroyed", "balsa", "destroyed"
    if b["workers"]:
        line2 = f"{line2} + {b['workers']}W" if line2 else f"{_plural(int(b['workers']), 'worker')} on it"
    workers = f", {b['workers']} workers on it" if b["workers"] else ""
    rule = tx.rule("wrecked") if state == "destroyed" else tx.rule("balsa")
    return (
        f'<g id="seat{s}-balsa" class="balsa-card" data-action="balsa" data-state="{escape(state)}">'
        + _title(f"Balsa of {seats.who(s)}: {state}{workers}. {rule}")
        + _rect(x, y, 92, 26, "#f1e3c6", "#8a5a32", 5)
        + f'<g transform="translate({_n(x + 18)},{_n(y + 16)}) scale(0.8)">'
        + balsa_shape(seats.fill(s), bool(b["protected"]), 0, seats.fill(s))
        + "</g>"
        + _text(x + 34, y + 11, line1, "tiny strong")
        + _text(x + 34, y + 21, line2, "micro")
        + "</g>"
    )


def resource_markers(obs: Obs, seats: Seats, tx: Texts) -> str:
    """The gold, food and loan markers (pieces on the tracks) and the Pioneer marker beside its holder's name."""
    out = []
    gold_cap, food_cap = int(num(obs, "GOLD_CAP")), int(num(obs, "FOOD_CAP"))
    for s, p in enumerate(obs["players"]):
        y = _board_y(s)
        fill = seats.fill(s)
        for key, x0, cap, cell_y, cell in (
            ("gold", GOLD_X, gold_cap, 26, _cell_width(gold_cap)),
            ("food", FOOD_X, food_cap, 26, _cell_width(food_cap)),
            ("loan", LOAN_X, int(num(obs, "LOAN_END")), 50, LOAN_CELL),
        ):
            v = int(p[key])
            mx, my = RIGHT_X + x0 + min(v, cap) * cell + cell / 2 - 1, y + cell_y + 8
            out.append(
                f'<g id="{key}-s{s}" class="piece marker {key}" data-value="{v}" {_at(mx, my)}>'
                + _title(f"{key.capitalize()} marker of {seats.who(s)}: {v}. {tx.rule(key)}")
                + f'<circle r="6.5" fill="{fill}" stroke="#1d1d1d" stroke-width="1.2" opacity="0.9"/>'
                + _text(0, 3, str(v), "micro strong", "middle", f' style="fill:{seats.ink(s)}"')
                + "</g>"
            )
    holder = int(obs["pioneer"])
    out.append(
        f'<g id="pioneer" class="piece marker pioneer" data-seat="{holder}" '
        f"{_at(RIGHT_X + RIGHT_W - 30, _board_y(holder) + 13)}>"
        + _title(f"Pioneer marker: {seats.who(holder)}. {tx.rule('pioneer')}")
        + '<path d="M-9,8L0,-10L9,8Z" fill="#f4e2a0" stroke="#5c3a1e" stroke-width="1.4"/>'
        + '<path d="M0,-10V-16L6,-13Z" fill="#c4302b" stroke="#5c3a1e" stroke-width="0.8"/></g>'
    )
    return "".join(out)
