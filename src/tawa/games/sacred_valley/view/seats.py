"""The status line and every player's board of Sacred Valley (Technology storage, Warehouse, Camayo Work
Zone with one-shot markers, debts, coins: the seat's own only, SV-600).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tawa.core.svg import at as _at
from tawa.core.svg import escape
from tawa.core.svg import n as _n
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _label
from tawa.core.svg import title as _title
from tawa.core.svgparts import Marked, ObserverWords
from tawa.games.sacred_valley.data import CAMAYO_AGE, CAMAYO_NAMES, CAMAYO_ONE_SHOT, CAMAYO_REWARD
from tawa.games.sacred_valley.data import who as seat_label
from tawa.games.sacred_valley.view.layout import (
    AGE_FILL,
    BOARD_H,
    PANEL_EDGE,
    PANEL_FILL,
    WIDTH,
    Obs,
    board_boxes,
    crop_colour,
)
from tawa.games.sacred_valley.view.shapes import cube, meeple, tile
from tawa.games.sacred_valley.view.texts import (
    CAMAYO_TYPE,
    MODE_TEXT,
    ROMAN,
    RULES,
    UNLOCK_FEE,
    N,
    camayo_title,
    money,
    pretty,
    seat_name,
)


def _places(obs: Obs) -> list[int]:
    """SV-586: by score, then Warehouse tiles (SV-584); full ties share a place."""
    keys = [(obs["scores"][p], len(obs["player"][p]["warehouse"])) for p in range(obs["players"])]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]


def _decision(obs: Obs) -> str:
    mode = obs["mode"]
    pl = obs["planting"]
    if mode == "main":
        if not obs["turn"]["regular_done"]:
            return "choose the regular action: Plant, Harvest, Purchase or Work (SV-062)"
        return (
            f"regular action done (last: {obs['turn']['last_action']}): extra actions, free-window abilities "
            "or end the turn (SV-067, SV-068)"
        )
    if mode == "exemption" and pl:
        return f"plant {pl['crop']} on {pl['grid']} without its Technology: use Yanacona or Foreigner (SV-494)"
    if mode == "partner" and pl:
        return f"{pl['crop']} on {pl['grid']} unlocks its level: name the work partner (SV-175)"
    if mode == "farmer" and pl:
        return f"{pl['hp_to_assign']} HP to place: choose the farmer that advances (SV-504)"
    if mode == "discard_seed":
        what = f"the {obs['pending_tile']} tile" if obs["pending_tile"] else "a tile"
        return f"Warehouse full: discard a tile to make room for {what} (SV-265)"
    if mode == "discard_camayo":
        what = pretty(obs["pending_camayo"]) if obs["pending_camayo"] else "the hire"
        return f"Work Zone full: discard a Camayo to make room for {what} (SV-282)"
    text = MODE_TEXT.get(mode) or mode
    return text.format(base=N["WAREHOUSE_BASE"], moves=N["HERDER_MOVES"])


TURN = ObserverWords(0xE000, 5, "your turn", "to play")  # what the seat to act is told (3-5 players)


def status(obs: Obs, me: int | Marked | None) -> str:
    """The status line as the observer ``me`` reads it (``MARKED``: a mark where it tells the seat to act)."""
    if obs["over"]:
        places = _places(obs)
        best = [p for p in range(obs["players"]) if places[p] == 1]
        win = " and ".join(seat_name(obs, p) for p in best)
        head = f"Game over · {win} {'win' if len(best) > 1 else 'wins'} with {obs['scores'][best[0]]}"
        detail = "final harvest done, debts deducted (SV-565–SV-567); score = coins + end rewards (SV-580)"
        if obs.get("capped"):
            detail = "the turn cap ended the game (SV-630 [D]); " + detail
    else:
        act = obs["active"]
        who = TURN.of(act, me)
        head = (
            f"Round {obs['round']} · {seat_name(obs, act)} {who}"
            if obs["mode"] != "crop_choice"
            else f"Setup · {seat_name(obs, act)} {who}"
        )
        detail = _decision(obs)
    out = [
        f'<g id="status" data-mode="{escape(obs["mode"])}">',
        _title(f"{head}: {detail}"),
        _rect(8, 6, WIDTH - 16, 52, PANEL_FILL, PANEL_EDGE, 8),
        _label(20, 27, head, "head"),
        _label(20, 47, detail, "detail"),
        "</g>",
        _turn_state(obs),
    ]
    return "".join(out)


def _turn_state(obs: Obs) -> str:
    t = obs["turn"]
    first = f"first player {seat_label(obs['first_player'])}"
    lines = [first]
    if not obs["over"] and obs["mode"] != "crop_choice":
        lines.append("regular action " + ("done" if t["regular_done"] else "not yet taken"))
        if obs["mode"] == "purchase" or t["items"]:
            lines.append(f"{t['items']} item{'s' if t['items'] != 1 else ''} bought")
        if t["weaver_used"]:
            lines.append("Weaver used")
        if t["saboteur_used"]:
            lines.append("Saboteur used")
    pend = []
    if obs["pending_tile"]:
        pend.append(f"pending tile: {obs['pending_tile']}")
    if obs["pending_camayo"]:
        pend.append(f"pending Camayo: {pretty(obs['pending_camayo'])}")
    pl = obs["planting"]
    if pl:
        pend.append(
            f"planting {pl['crop']} on {pl['grid']}"
            + (f", {pl['hp_to_assign']} HP to assign" if pl["hp_to_assign"] else "")
        )
    text = " · ".join(lines)
    out = [
        '<g id="turn-state">',
        _title("Turn state: " + "; ".join(lines + pend)),
        _label(WIDTH - 20, 27, text, "detail", "end"),
    ]
    if pend:
        out.append(_label(WIDTH - 20, 47, " · ".join(pend), "detail strong", "end"))
    out.append("</g>")
    return "".join(out)


def _warehouse_cap(d: Mapping[str, Any]) -> int:
    keeper = any(c["kind"] == "warehouse_keeper" for c in d["camayos"])
    return int(N["WAREHOUSE_KEEPER"] if keeper else N["WAREHOUSE_BASE"])


def board(obs: Obs, p: int, n: int, me: bool, active: bool, first: bool) -> str:
    """Seat ``p``'s board (of ``n``); ``me``: the observer's, ``active``: to play, ``first``: the first player."""
    x, y, w = board_boxes(n)[p]
    d = obs["player"][p]
    colour = crop_colour(d["crop"])
    out = [
        f'<g id="seat{p}" class="seat{" active" if active else ""}{" mine" if me else ""}" data-seat="{p}">',
        _title(
            f"{seat_name(obs, p)}'s player board: Technology storage, Warehouse and Camayo Work Zone "
            "(§2.1); the coins stay behind the screen (SV-600)."
        ),
        _rect(
            x,
            y,
            w,
            BOARD_H,
            "#fff6d8" if active else "#faf6ee",
            "#c79a00" if active else PANEL_EDGE,
            8,
            f' stroke-width="{3 if active else 1}"',
        ),
    ]
    crop = (d["crop"] or "no crop yet").capitalize()
    head = f"{seat_label(p)} · {crop}{' (you)' if me else ''}"
    badge = _badge(obs, p, active)
    notes = [badge] if badge else []
    if first:
        notes.append("first player (SV-020)")
    out.append(
        f'<g id="seat{p}-head" class="seat-head" data-action="partner {p}">'
        + _title(
            f"{head}: {', '.join(notes) or 'waiting'}; Technologies "
            f"{', '.join(d['technologies']) or 'none'}; farmers on "
            f"{', '.join(str(f) for f in d['farmers'])}."
        )
        + _rect(x + 1, y + 1, w - 2, 28, colour, "none", 7)
        + _rect(x + 1, y + 20, w - 2, 9, colour)
        + _label(x + 10, y + 20, head, "seat-name")
        + "</g>"
    )
    return "".join(out)


def _badge(obs: Obs, p: int, active: bool) -> str:
    if obs["over"]:
        place = _places(obs)[p]
        return "winner" if place == 1 else f"place {place}"
    return "to play" if active else ""


def board_marks(obs: Obs, p: int, n: int, active: bool, first: bool) -> str:
    """The first player's mark and the badge (to play, the place at the end) on seat ``p``'s board."""
    x, y, w = board_boxes(n)[p]
    badge = _badge(obs, p, active)
    out = []
    if first:
        out.append(
            f'<circle cx="{_n(x + w - 76)}" cy="{_n(y + 15)}" r="10" fill="#fff" stroke="#3a2d1c"/>'
            + _label(x + w - 76, y + 19, "1st", "tiny strong", "middle")
        )
    if badge:
        out.append(_label(x + w - 10, y + 44, badge, "badge", "end"))
    return "".join(out)


BOARD_END = "</g>"


def coins(obs: Obs, p: int, n: int) -> str:
    x, y, w = board_boxes(n)[p]
    right, y = x + w - 10, y + 20
    d = obs["player"][p]
    if "coins" in d:
        text = money(d["coins"])
        rule = RULES["coins-end"] if obs["over"] else RULES["coins-own"]
        title = f"{seat_name(obs, p)}'s coins: ${d['coins']}. {rule}"
    else:
        text, title = "$ ?", f"{seat_name(obs, p)}'s coins are hidden. {RULES['coins-hidden']}"
    return (
        f'<g id="seat{p}-coins" class="coins" data-hidden="{"false" if "coins" in d else "true"}">'
        + _title(title)
        + _rect(right - 50, y - 15, 50, 20, "#fff3c4", "#9a7412", 10)
        + _label(right - 25, y, text, "coins", "middle")
        + "</g>"
    )


def techs(obs: Obs, p: int, n: int) -> str:
    x, y, _ = board_boxes(n)[p]
    d = obs["player"][p]
    costs = obs["tech_costs"]
    out = [_label(x + 10, y + 44, "Technology", "small strong")]
    for i in range(N["MAX_TECH"]):
        sx = x + 10 + i * 30
        crop = d["technologies"][i] if i < len(d["technologies"]) else None
        price = "start" if i == 0 else (money(costs[i - 1]) if i - 1 < len(costs) else "")
        if crop:
            what = f"{crop} Technology" + (" (the starting one, SV-024)" if i == 0 else "")
        else:
            what = f"open, costs {price}" if i else "empty until the crop is chosen"
        title = f"{seat_name(obs, p)} Technology slot {i + 1}: {what}. " + RULES["tech"].format(
            costs=", $".join(str(c) for c in costs), max=N["MAX_TECH"]
        )
        out.append(
            f'<g id="seat{p}-tech-{i + 1}" class="tech-slot" data-crop="{crop or ""}">{_title(title)}'
            + _rect(sx, y + 50, 24, 24, "#efe3c8", "#b89b6e", 3)
            + (f'<g transform="translate({_n(sx + 12)},{_n(y + 62)})">{cube(crop_colour(crop))}</g>' if crop else "")
            + _label(sx + 12, y + 85, price, "tiny", "middle")
            + "</g>"
        )
    return "".join(out)


def seat_debts(obs: Obs, p: int, n: int) -> str:
    x, y, w = board_boxes(n)[p]
    debts = obs["player"][p]["debts"]
    owed = sum(UNLOCK_FEE.get(lv, 0) for lv in debts)
    text = f"owes ${owed}: level {', '.join(str(lv) for lv in debts)} cover" if debts else "no debt"
    return (
        f'<g id="seat{p}-debts" data-count="{len(debts)}">'
        + _title(f"{seat_name(obs, p)}: {text}. " + RULES["cover-debt"].format(fee=owed))
        + _label(x + w - 10, y + 90, text if debts else "", "small warn", "end")
        + "</g>"
    )


def warehouse(obs: Obs, p: int, n: int) -> str:
    x, y, w = board_boxes(n)[p]
    d = obs["player"][p]
    cap = _warehouse_cap(d)
    wh = d["warehouse"]
    fs = d["farmers"]
    rule = RULES["warehouse"].format(base=N["WAREHOUSE_BASE"], keeper=N["WAREHOUSE_KEEPER"])
    size = min(30.0, (w - 20) / max(cap, len(wh)) - 4)
    out = [
        f'<g id="seat{p}-warehouse" class="warehouse" data-count="{len(wh)}">'
        + _title(f"{seat_name(obs, p)}'s Warehouse: {len(wh)} of {cap} ({', '.join(wh) or 'empty'}). {rule}")
        + _label(x + 10, y + 104, f"Warehouse {len(wh)}/{cap}", "small strong")
    ]
    for i in range(max(cap, len(wh))):
        out.append(_rect(x + 10 + i * (size + 4), y + 110, size, size, "none", "#b89b6e", 3, ' stroke-dasharray="3 2"'))
    out.append(_label(x + w - 10, y + 104, "farmers on " + ", ".join(str(f) for f in fs), "small", "end"))
    out.append("</g>")
    for i, crop in enumerate(wh):
        cx = x + 10 + i * (size + 4) + size / 2
        meant = f' data-action="plant {crop}"' if obs["seat"] == p else ""  # my tile: why it cannot be planted
        out.append(
            f'<g id="seat{p}-wh-{i + 1}" class="wh-tile" data-crop="{crop}"{meant} '
            f'transform="translate({_n(cx)},{_n(y + 110 + size / 2)})">'
            + _title(f"{seat_name(obs, p)}'s Warehouse tile {i + 1}: {crop}. {rule}")
            + tile(crop, size)
            + "</g>"
        )
    return "".join(out)


def work_zone(obs: Obs, p: int, n: int) -> str:
    x, y, w = board_boxes(n)[p]
    d = obs["player"][p]
    cams = d["camayos"]
    cw = (w - 20 - 2 * 6) / N["MAX_CAMAYOS"]
    top = y + 158
    out = [_label(x + 10, y + 152, f"Camayos {len(cams)}/{N['MAX_CAMAYOS']}", "small strong")]
    if obs["over"]:
        score = obs["scores"][p]
        rewards = score - d["coins"]
        out.append(
            f'<g id="seat{p}-score" data-score="{score}">'
            + _title(
                f"{seat_name(obs, p)} scores {score}: ${d['coins']} + {rewards} from end rewards. " + RULES["score"]
            )
            + _label(x + w - 10, y + 152, f"score {score} = ${d['coins']} + {rewards}", "score", "end")
            + "</g>"
        )
    for i in range(N["MAX_CAMAYOS"]):
        cx = x + 10 + i * (cw + 6)
        ident = f"seat{p}-camayo-{i + 1}"
        if i >= len(cams):
            out.append(
                f'<g id="{ident}" class="work-zone empty">'
                + _title(f"{seat_name(obs, p)}'s Work Zone place {i + 1}: empty. " + RULES["work-zone"])
                + _rect(cx, top, cw, 66, "none", "#b89b6e", 5, ' stroke-dasharray="4 3"')
                + "</g>"
            )
            continue
        kind = cams[i]["kind"]
        k = CAMAYO_NAMES.index(kind)
        one_shot = CAMAYO_ONE_SHOT[k]
        unused = bool(cams[i]["unused_marker"])
        state = (
            " — one-shot marker on it: not used yet. " + RULES["marker"]
            if unused
            else " — one-shot used. " + RULES["one-shot-used"]
            if one_shot
            else ""
        )
        out.append(
            f'<g id="{ident}" class="work-zone" data-kind="{kind}" data-unused="{str(unused).lower()}">'
            + _title(camayo_title(kind, f"{seat_name(obs, p)}'s Work Zone place {i + 1}") + state)
            + _rect(cx, top, cw, 66, "#fdf6e6", "#8a6a3e", 5)
            + _rect(cx, top, cw, 14, AGE_FILL[CAMAYO_AGE[k]], "#8a6a3e", 5)
            + _label(cx + 5, top + 11, ROMAN[CAMAYO_AGE[k]], "tiny strong")
            + _label(cx + cw - 4, top + 11, f"reward {CAMAYO_REWARD[k]}", "tiny", "end")
        )
        words = pretty(kind).split()
        for j, word in enumerate(words[:2]):
            out.append(_label(cx + 5, top + 27 + j * 12, word, "zone-name"))
        kind_text = "used" if one_shot and not unused else CAMAYO_TYPE[kind].split(" + ")[0]
        out.append(_label(cx + 5, top + 61, kind_text, "tiny muted"))
        out.append("</g>")
    return "".join(out)


def markers(obs: Obs) -> str:
    """One-shot markers (SV-289): a meeple of the holder's colour on each unused one-shot Camayo. They never catch
    clicks, so a click on the Camayo names the Camayo."""
    boxes = board_boxes(obs)
    out = []
    for p, d in enumerate(obs["player"]):
        x, y, w = boxes[p]
        cw = (w - 20 - 2 * 6) / N["MAX_CAMAYOS"]
        for i, c in enumerate(d["camayos"]):
            if c["unused_marker"]:
                mx, my = x + 10 + i * (cw + 6) + cw - 12, y + 158 + 52
                text = f"One-shot marker on {pretty(c['kind'])}. " + RULES["marker"]
                out.append(
                    f'<g id="seat{p}-marker-{i + 1}" class="piece marker" pointer-events="none" '
                    f"{_at(mx, my)}>{_title(text)}{meeple(crop_colour(d['crop']), 0.9)}</g>"
                )
    return "".join(out)
