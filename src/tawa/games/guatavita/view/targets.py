"""What a click on the Guatavita board means: the element each legal action is about, the actions about none
(buttons), and the previews of what an exploration, crossing, Harvest, declaration, payment or exchange would
put down or take.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import quoteattr

from tawa.core.svg import escape
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import title as _title
from tawa.games.guatavita.view.action_board import free_slot
from tawa.games.guatavita.view.lake import Lake, centred_offsets
from tawa.games.guatavita.view.layout import EARTH, POS_NAMES, QR, WATER, WATER_EDGE, Obs, Seats, hex_points
from tawa.games.guatavita.view.shapes import emerald, famine_icon, gold_bar, machine, meeple, pump_shape, vp_star
from tawa.games.guatavita.view.texts import ACTION_BOX, DECLARE_TEXT, num, text_values

BUTTONS = frozenset(("pass", "keep all", "balsa stop", "balsa nothing", "exchange none"))
HEX_VERBS = frozenset(("explore", "cross", "sabotage", "reexplore", "inspect"))


def is_button(action_id: str) -> bool:
    """Actions about no board element: passing (GV-270), keeping every head explorer (GV-395), ending a balsa's
    move (GV-778) or doing nothing after it (GV-785), and making no Pioneer exchange (GV-601)."""
    return action_id in BUTTONS


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about: the lake tile it names (explorations and crossings on their tile, sabotage,
    re-exploration, inspection, balsa start, step and push, head explorer returns, the saboteur's declaration on
    the tile it is about), the free slot a box placement takes, the own balsa card (activation, protection), the
    own camp (buying workers), the resolving Pioneer slot (exchanges); None for a button."""
    w = action_id.split()
    if not w or action_id in BUTTONS:
        return None
    d = obs["decision"]
    seat = None if d is None else int(d[1])
    if w[0] in HEX_VERBS and len(w) > 1 and w[1] in QR:
        return f"hex-{w[1]}"
    if (
        w[:2] in (["return", "he"], ["balsa", "start"], ["balsa", "step"], ["push", "balsa"])
        and len(w) == 3
        and w[2] in QR
    ):
        return f"hex-{w[2]}"
    if w[0] == "declare" and d is not None and len(d) > 2:
        return f"hex-{POS_NAMES[int(d[2])]}"
    if action_id in ACTION_BOX:
        return free_slot(obs, ACTION_BOX[action_id])
    if seat is None:
        return None
    if action_id in ("balsa", "protect"):
        return f"seat{seat}-balsa"
    if w[:2] == ["pay", "workers"]:
        return f"seat{seat}-camp"
    if w[0] == "exchange":
        q = obs["queue"]
        i = obs["idx"]
        if 0 <= i < len(q) and q[i][0] == "pioneer":
            return f"slot-pioneer-{int(q[i][1]) + 1}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each legal action about an element, that element's id (the buttons are left out)."""
    return {aid: t for aid in legal if (t := target_of(observation, aid)) is not None}


def _preview_doc(label: str, detail: str, body: str, title: str, data: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -34 120 92" class="preview" {data}>'
        f"{_title(title)}{body}"
        f'<text x="0" y="42" text-anchor="middle" font-size="10" font-weight="700" '
        f'font-family="system-ui,sans-serif">{escape(label)}</text>'
        f'<text x="0" y="53" text-anchor="middle" font-size="8" font-family="system-ui,sans-serif">'
        f"{escape(detail)}</text></svg>"
    )


def _mini_hex(x: float, y: float, fill: str, label: str, radius: float = 16.0) -> str:
    return (
        f'<g transform="translate({_n(x)},{_n(y)})"><polygon points="{hex_points(radius)}" fill="{fill}" '
        f'stroke="{WATER_EDGE}" stroke-width="1"/><text y="3" text-anchor="middle" font-size="7.5" '
        f'font-weight="700" font-family="system-ui,sans-serif" fill="#1d1d1d">{escape(label)}</text></g>'
    )


def _exit_pipes(obs: Obs, lake: Lake, src: str) -> int:
    """Pipes to leave a source (GV-177, GV-178, GV-500)."""
    if src == "pump":
        return int(num(obs, "PUMP_SOURCE_PIPES"))
    damp = lake.cells[src].get("special") == "damp"
    return int(num(obs, "DAMP_EXIT_PIPES" if damp else "NORMAL_EXIT_PIPES"))


def preview_lake(obs: Obs, action_id: str) -> str:
    """An exploration or crossing drawn as its pipeline: source → (crossed tile →) target, with what it puts down
    and pays (GV-172, GV-177, GV-181, GV-203, GV-205, GV-230)."""
    lake, seats = Lake(obs), Seats(obs)
    w = action_id.split()
    seat = seats.active if seats.active is not None else 0
    fill = seats.fill(seat)
    src = w[w.index("from") + 1]
    via = w[w.index("via") + 1] if "via" in w else (w[1] if w[0] == "cross" else "")
    target = w[1] if w[0] == "explore" else ""
    insure = int(w[w.index("insure") + 1]) if "insure" in w else 0
    nodes = [("pump" if src == "pump" else src)] + ([via] if via else []) + ([target] if target else [])
    xs = centred_offsets(len(nodes), 40)
    body = [f'<path d="M{_n(xs[0])},-6H{_n(xs[-1])}" stroke="{fill}" stroke-width="4" stroke-dasharray="5 3"/>']
    for node, x in zip(nodes, xs, strict=True):
        if node == "pump":
            body.append(f'<g transform="translate({_n(x)},-6) scale(0.9)">{pump_shape(fill, 1)}</g>')
            continue
        cell = lake.cells[node]
        colour = EARTH if cell["drained"] else WATER[int(cell["phase"])]
        body.append(_mini_hex(x, -6, colour, node))
    pipes = _exit_pipes(obs, lake, src) + (_exit_pipes(obs, lake, via) if via and target else 0)
    parts = [_plural(pipes, "pipe")]
    if via:
        rent = int(num(obs, "RENT_PER_OWNER")) * len(lake.owners(via))
        parts.append(f"rent {rent} gold, +{lake.cells[via]['P']} VP")
    if target:
        cell = lake.cells[target]
        extra = int(num(obs, "PROTECT_EXTRA_MACHINES")) if lake.protected(target, obs) else 0
        wn, mn = int(cell["W"]), int(cell["M"]) + extra
        for x in centred_offsets(wn, 9):
            body.append(meeple(fill, xs[-1] + x, 20, 0.6, inline=True))
        for i, x in enumerate(centred_offsets(mn, 11)):
            body.append(machine(fill, xs[-1] + x, 31, 8, inline=True))
            if i < insure:
                body.append(emerald(xs[-1] + x + 4, 27, 3, inline=True))
        label = f"{target} from {src}" + (f" via {via}" if via else "")
        parts.insert(0, f"{wn}W {mn}M")
        if insure:
            parts.append(f"insure {insure}")
    else:
        label = f"cross {via} from {src}"
    return _preview_doc(
        label,
        " · ".join(parts),
        "".join(body),
        f"{action_id}: {', '.join(parts)}",
        f"data-action={quoteattr(action_id)}",
    )


def _icons_preview(action_id: str, label: str, detail: str, icons: str) -> str:
    return _preview_doc(label, detail, icons, f"{action_id}: {detail}", f"data-action={quoteattr(action_id)}")


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For the choosers: each exploration or crossing as its pipeline with its pieces, pipes, rent and insurance;
    the two Harvest sizes; the three declarations; the two payments; the two exchanges."""
    obs = observation
    seats = Seats(obs)
    fill = seats.fill(seats.active if seats.active is not None else 0)
    v = text_values(obs)
    out = {}
    for aid in legal:
        w = aid.split()
        if w[0] in ("explore", "cross"):
            out[aid] = preview_lake(obs, aid)
        elif w[0] == "harvest":
            k = int(w[1])
            icons = "".join(meeple(fill, x, -8, 1.3, inline=True) for x in centred_offsets(k, 18)) + famine_icon(34, -8)
            out[aid] = _icons_preview(aid, f"Harvest with {k}", f"{v['HF1' if k == 1 else 'HF2']} food (GV-580)", icons)
        elif w[0] == "declare":
            icon = {
                "emeralds": emerald(0, -8, 12, inline=True),
                "gold": gold_bar(0, -8, 13, inline=True),
                "prestige": vp_star(0, -8, 14, inline=True),
            }
            out[aid] = _icons_preview(aid, f"declare {w[1]}", DECLARE_TEXT[w[1]], icon[w[1]])
        elif w[:2] == ["pay", "workers"]:
            gold = w[2] == "gold"
            icons = (gold_bar(-18, -8, 11, inline=True) if gold else emerald(-18, -8, 11, inline=True)) + "".join(
                meeple(fill, x, -8, 1.2, inline=True) for x in (12, 28)
            )
            price = f"{v['WP_G']} gold" if gold else f"{v['WP_E']} emeralds"
            out[aid] = _icons_preview(aid, f"pay {price}", f"{v['WP_N']} workers into camp (GV-105)", icons)
        elif w[0] == "exchange" and aid != "exchange none":
            to_gems = w[1] == "gold"
            pay, get = (gold_bar, emerald) if to_gems else (emerald, gold_bar)
            icons = (
                pay(-22, -8, 10, inline=True)
                + get(22, -8, 10, inline=True)
                + '<path d="M-8,-8H8M3,-13L8,-8L3,-3" stroke="#1d1d1d" stroke-width="2" fill="none"/>'
            )
            detail = (
                f"{v['SW_G']} gold for {v['SW_E']} emeralds"
                if to_gems
                else f"{v['SW_E']} emeralds for {v['SW_G']} gold"
            )
            out[aid] = _icons_preview(aid, "exchange", detail + " (GV-601)", icons)
    return out
