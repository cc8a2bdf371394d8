"""The right side of the Guatavita board: the status line, the round and turn order, the end triggers, the
emerald supply and the action boxes with their slots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tawa.core.svg import escape
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _text
from tawa.core.svg import title as _title
from tawa.games.guatavita.data import (
    COMMERCE_WORKERS,
    HARVEST_SIZES,
    LOAN_WORKERS,
    PUMP_WORKERS,
    SABOTAGE_WORKERS,
    SABOTEUR,
)
from tawa.games.guatavita.view.lake import centred_offsets
from tawa.games.guatavita.view.layout import (
    BOX_ROW,
    BOX_Y,
    PANEL_EDGE,
    PANEL_FILL,
    POS_NAMES,
    RIGHT_W,
    RIGHT_X,
    Obs,
    Seats,
)
from tawa.games.guatavita.view.shapes import emerald, machine, meeple
from tawa.games.guatavita.view.texts import BOX_ACTION, BOX_ID, BOX_NAME, BOX_ROWS, BOX_SHORT, STAGE_TEXT, Texts, num


def status(obs: Obs, seats: Seats, tx: Texts) -> str:
    stage = str(obs["stage"])
    d = obs["decision"]
    if d is None:
        head = f"Round {obs['round']} · game over"
        detail = "scores and ranking on the end screen (GV-710-GV-727; ties GV-751, GV-752)"  # fits the panel
    else:
        a = int(d[1])
        head = f"Round {obs['round']} · {STAGE_TEXT.get(stage, stage)} · {seats.name(a)} " + seats.turn(a)
        pos = POS_NAMES[int(d[2])] if len(d) > 2 and isinstance(d[2], int) and d[2] >= 0 else ""
        detail = tx.decision(str(d[0]), pos)
        if d[0] == "balsa_move":
            detail += f"; {obs['balsa_steps']} of {num(obs, 'BALSA_MAX_STEPS')} steps taken"
    out = [
        f'<g id="status" data-stage="{escape(stage)}" data-decision="{escape(str(d[0]) if d else "")}">',
        _title(f"{head}: {detail}"),
        _rect(RIGHT_X, 6, RIGHT_W, 70, PANEL_FILL, PANEL_EDGE, 8),
        _text(RIGHT_X + 12, 26, head, "head"),
        _text(RIGHT_X + 12, 44, detail, "detail"),
        "</g>",
        _turn_order(obs, seats, tx),
        _end_triggers(obs, tx),
        _emerald_supply(obs, tx),
    ]
    return "".join(out)


def _turn_order(obs: Obs, seats: Seats, tx: Texts) -> str:
    order = [int(s) for s in obs["turn_order"]]
    names = " → ".join(
        seats.who(s) + (" (passed)" if obs["players"][s]["passed"] and obs["stage"] == "plan" else "") for s in order
    )
    out = [
        '<g id="turn-order">',
        _title(f"Turn order from the Pioneer holder: {names}. {tx.rule('turn-order')}"),
        _text(RIGHT_X + 12, 65, "turn order", "tiny muted"),
    ]
    x = RIGHT_X + 64
    for s in order:
        passed = obs["players"][s]["passed"] and obs["stage"] == "plan"
        on = s == seats.active
        faded = ' opacity="0.45"' if passed else ""
        out.append(_rect(x, 55, 46, 14, seats.fill(s), "#1d1d1d" if on else "none", 7, f' stroke-width="2"{faded}'))
        out.append(_text(x + 23, 65.5, seats.name(s)[:6], "chip", "middle", f' style="fill:{seats.ink(s)}"'))
        x += 50
    out.append("</g>")
    return "".join(out)


def _end_triggers(obs: Obs, tx: Texts) -> str:
    trig = list(obs["end_triggers"])
    parts = []
    if trig and obs["decision"] is not None:
        parts.append("last round: " + ", ".join(trig))
    if obs["famine_due"]:
        parts.append("famine due")
    cap = obs["options"].get("MAX_ROUNDS")
    if cap:
        parts.append(f"cap: round {cap}")
    text = " · ".join(parts)
    title = (
        f"End triggers: {', '.join(trig) or 'none yet'}. {tx.rule('end')}"
        + (" Famine due this execution phase: " + tx.rule("famine") if obs["famine_due"] else "")
        + (f" {tx.rule('cap')}" if cap else "")
    )
    return (
        f'<g id="end-triggers" data-triggers="{escape(",".join(trig))}" '
        f'data-famine="{str(bool(obs["famine_due"])).lower()}">'
        + _title(title)
        + _text(RIGHT_X + RIGHT_W - 80, 65, text, "tiny warn", "end")
        + "</g>"
    )


def _emerald_supply(obs: Obs, tx: Texts) -> str:
    n = int(obs["supply"])
    total = int(num(obs, "EMERALD_SUPPLY"))
    x, y = RIGHT_X + RIGHT_W - 60, 58
    return (
        f'<g id="emerald-supply" data-count="{n}">'
        + _title(f"Shared supply: {n} of {total} emeralds. {tx.rule('emerald-supply')}")
        + emerald(x, y + 3, 8)
        + emerald(x + 9, y + 5, 6)
        + _text(x + 18, y + 11, f"{n}/{total}", "count")
        + "</g>"
    )


def _slot_pieces(seats: Seats, e: Sequence[Any], x: float, y: float, w: float) -> str:
    """What one filled slot holds: the owner's workers and machines, the tile it names, or a resolved mark."""
    s, wn, mn, arg = int(e[0]), int(e[1]), int(e[2]), int(e[3])
    fill = seats.fill(s)
    out = []
    if wn == 0 and mn == 0:  # resolved: its pieces went back (GV-298) or onto the pump (GV-540)
        out.append(_rect(x + 3, y + 3, w - 6, BOX_ROW - 12, fill, "none", 4, ' opacity="0.35"'))
        out.append(_text(x + w / 2, y + BOX_ROW / 2 + 1, "done", "tiny strong", "middle"))
        return "".join(out)
    items = [meeple(fill, 0, 0, 0.78)] * wn + ["m"] * mn
    xs = centred_offsets(len(items), 12.5)
    for it, dx in zip(items, xs, strict=True):
        cx = x + w / 2 + dx - (9 if arg >= 0 else 0)
        if it == "m":
            out.append(machine(fill, cx, y + BOX_ROW / 2 - 3, 10))
        else:
            out.append(meeple(fill, cx, y + BOX_ROW / 2 - 3, 0.78))
    if arg >= 0:
        out.append(_text(x + w - 3, y + BOX_ROW / 2 + 1, POS_NAMES[arg], "tiny strong", "end"))
    return "".join(out)


# the pieces of a placement on the boxes whose needs are [R] rules, not options: (workers, machines)
FIXED_NEED = {
    "sabotage": (SABOTAGE_WORKERS - SABOTEUR, 0),
    "pumpre": (PUMP_WORKERS, 0),
    "harvest": (HARVEST_SIZES[0], 0),
    "commerce_machine": (COMMERCE_WORKERS, 0),
    "commerce_pipe": (COMMERCE_WORKERS, 0),
    "loan": (LOAN_WORKERS, 0),
}


def _slot_need(obs: Obs, box: str, x: float, y: float, w: float) -> str:
    """The pieces a placement puts in an empty slot, printed faintly (T-ACTIONS)."""
    cu = num(obs, "CAMP_UPGRADE")
    need = {
        "camp": (cu[0], cu[1]),
        "pioneer": (num(obs, "PIONEER_WORKERS"), 0),
        "recruit": (num(obs, "RECRUIT_WORKERS"), 0),
    }.get(box) or FIXED_NEED[box]
    items = ["w"] * int(need[0]) + ["m"] * int(need[1])
    out = []
    for it, dx in zip(items, centred_offsets(len(items), 12.5), strict=True):
        cx, cy = x + w / 2 + dx, y + BOX_ROW / 2 - 3
        if it == "m":
            out.append(
                f'<rect x="{_n(cx - 5)}" y="{_n(cy - 5)}" width="10" height="10" fill="none" stroke="#b89b6e" '
                f'stroke-width="1.2"/>'
            )
        else:
            out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="5" fill="none" stroke="#b89b6e" stroke-width="1.2"/>')
    return "".join(out)


def _slot_text(seats: Seats, box: str, e: Sequence[Any] | None, i: int) -> str:
    name = f"{BOX_NAME[box]} slot {i}"
    if e is None:
        return f"{name}: free."
    s, wn, mn, arg = int(e[0]), int(e[1]), int(e[2]), int(e[3])
    if wn == 0 and mn == 0:
        return f"{name}: {seats.who(s)}'s placement, resolved."
    what = _plural(wn, "worker") + (f" + {_plural(mn, 'machine')}" if mn else "")
    if box == "pumpre":
        what += f", re-exploring {POS_NAMES[arg]}" if arg >= 0 else ", pump upgrade"
    elif box == "sabotage" and arg >= 0:
        what += f", saboteur on {POS_NAMES[arg]}"
    return f"{name}: {seats.who(s)}, {what} (placed {int(e[4]) + 1}.)."


def current_slot(obs: Obs) -> tuple[str, int] | None:
    """The action box slot (box, 0-based slot) that the execution phase resolves now, or None."""
    queue = obs["queue"]
    if obs["stage"] == "boxes" and 0 <= obs["idx"] < len(queue):
        return str(queue[obs["idx"]][0]), int(queue[obs["idx"]][1])
    return None


ACTION_BOARD = '<g id="action-board">' + _rect(
    RIGHT_X, BOX_Y - 4, RIGHT_W, len(BOX_ROWS) * BOX_ROW + 8, PANEL_FILL, PANEL_EDGE, 8
)


def box_row(obs: Obs, seats: Seats, tx: Texts, r: int, now_slot: int) -> str:
    """Row ``r`` of the action board (``BOX_ROWS``); ``now_slot``: its slot resolved now (-1 for none)."""
    slots = num(obs, "SLOTS")
    sw = 46.0
    box, ident, name, step, _ = BOX_ROWS[r]
    y = BOX_Y + r * BOX_ROW
    n = int(slots.get(box, 0))
    entries = obs["boxes"].get(box, [])
    act = BOX_ACTION.get(box)
    out = [
        f'<g id="box-{ident}" class="box" data-box="{box}"'
        + (f' data-action="{act}"' if act else "")
        + ">"
        + _title(f"{tx.box(box)} {_plural(n, 'slot')}. {tx.rule('slots')}")
        + (_rect(RIGHT_X + 4, y, RIGHT_W - 8, BOX_ROW, "#f6eedd", "none", 4) if r % 2 else "")
        + _text(RIGHT_X + 12, y + 14, name, "box-name")
        + _text(RIGHT_X + 12, y + 26, f"{step} · {BOX_SHORT[box].format(**tx.v)}", "tiny muted")
    ]
    x0 = RIGHT_X + 204
    for i in range(max(n, len(entries))):
        x = x0 + i * (sw + 4)
        e = entries[i] if i < len(entries) else None
        current = now_slot == i
        out.append(
            f'<g id="slot-{ident}-{i + 1}" class="slot{" free" if e is None else ""}" data-box="{box}" '
            f'data-slot="{i + 1}"'
            + (f' data-seat="{int(e[0])}"' if e is not None else "")
            + (f' data-action="{act}"' if act else "")
            + ">"
            + _title(_slot_text(seats, box, e, i + 1) + " " + tx.box(box))
            + _rect(
                x,
                y + 3,
                sw,
                BOX_ROW - 6,
                "#fffdf6" if e is None else "#ffffff",
                "#1d1d1d" if current else "#b89b6e",
                4,
                ' stroke-width="2.5"' if current else (' stroke-dasharray="3 2"' if e is None else ""),
            )
            + (_slot_need(obs, box, x, y + 3, sw) if e is None else _slot_pieces(seats, e, x, y + 3, sw))
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


def free_slot(obs: Obs, box: str) -> str | None:
    """The slot a placement on ``box`` takes (GV-077 [P]: the lowest free one; slots fill in order)."""
    n = int(num(obs, "SLOTS").get(box, 0))
    used = len(obs["boxes"].get(box, []))
    return f"slot-{BOX_ID[box]}-{used + 1}" if used < n else None
