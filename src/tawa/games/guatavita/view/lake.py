"""The lake of Guatavita: its 37 tiles (the water side, and the drained side a seat has inspected, GV-832/GV-834),
the pump spots around it, the exploration arrows, and the pieces on the lake.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple
from xml.sax.saxutils import quoteattr

from tawa.core.svg import at as _at
from tawa.core.svg import move as _move
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import text as _text
from tawa.core.svg import title as _title
from tawa.games.guatavita.data import PUMP_SPOTS
from tawa.games.guatavita.view.layout import (
    CAMP_CORNER,
    CAMP_W,
    CENTRE,
    NEIGHBOURS,
    POS_NAMES,
    SPOT_CORNER,
    SPOT_SHORE,
    WATER,
    Obs,
    R,
    Seats,
    hex_points,
    hex_xy,
    spot_xy,
)
from tawa.games.guatavita.view.shapes import (
    balsa_shape,
    damp_icon,
    emerald,
    famine_icon,
    gold_bar,
    landslide_icon,
    machine,
    meeple,
    pipe,
    pump_shape,
    vp_star,
)
from tawa.games.guatavita.view.texts import Texts


def pending_explorations(obs: Obs) -> dict[str, tuple[int, int]]:
    """The explorations still pending, on tiles not drained: each one's tile -> (its index in
    ``obs["explorations"]``, its order this round, from 1)."""
    drained = {c["pos"] for c in obs["lake"] if c["drained"]}
    out: dict[str, tuple[int, int]] = {}
    for k, e in enumerate(obs["explorations"]):
        if e["pos"] not in drained:
            out[e["pos"]] = (k, len(out) + 1)
    return out


def balsa_positions(obs: Obs) -> dict[str, int]:
    """The tile of every balsa afloat -> its seat."""
    out: dict[str, int] = {}
    for s, p in enumerate(obs["players"]):
        b = p["balsa"]
        if b["alive"] and b["pos"] is not None:
            out[b["pos"]] = s
    return out


def reexplore_machines(obs: Obs) -> dict[str, list[int]]:
    """Re-exploration machines (GV-134): the Pump/Re-exploration box's slots that name a tile, tile -> seats."""
    out: dict[str, list[int]] = {}
    for e in obs["boxes"].get("pumpre", []):
        if e[3] >= 0 and e[2] > 0:
            out.setdefault(POS_NAMES[e[3]], []).append(int(e[0]))
    return out


class TileSight(NamedTuple):
    """What the part of tile ``pos`` shows beyond the pieces of the observation it reads (a board draws each tile
    as a part of its own, ``drawing.parts``): worked out once for every tile."""

    pos: str
    cell: int  # its index in ``obs["lake"]``
    source: str  # the source a click on it would explore or cross from (``sources``)
    pending: tuple[int, int] | None  # its pending exploration (``pending_explorations``)
    reexplore: tuple[int, ...]  # the seats of the re-exploration machines on it
    resolving: bool  # whether its exploration resolves now


class Lake:
    """The lake of one observation: cells by position, pending explorations, saboteurs, balsas, boxes' targets."""

    source: str | None = None  # a tile's part: the source a click on it explores or crosses from (``sources``)

    def __init__(self, obs: Obs, resolving: str | None = None) -> None:
        """``resolving``: the tile whose exploration resolves now ("" for none), when the caller knows it (a part
        drawn from a projection without the stage); else it is read from the observation."""
        self.cells: dict[str, Mapping[str, Any]] = {c["pos"]: c for c in obs["lake"]}
        explorations = obs["explorations"]
        pending = pending_explorations(obs)
        self.pending: dict[str, Mapping[str, Any]] = {pos: explorations[k] for pos, (k, _) in pending.items()}
        self.order: dict[str, int] = {pos: n for pos, (_, n) in pending.items()}
        self.balsa_at: dict[str, int] = balsa_positions(obs)
        self.reexplore: dict[str, list[int]] = reexplore_machines(obs)
        self.known: Mapping[str, Mapping[str, Any]] = obs.get("known") or {}
        self.inspectors: dict[str, list[int]] = {}
        for s, p in enumerate(obs["players"]):
            for pos in p["inspected"]:
                self.inspectors.setdefault(pos, []).append(s)
        self.resolving = resolving_tile(obs) if resolving is None else resolving

    @classmethod
    def of_tile(cls, obs: Obs, t: TileSight) -> Lake:
        """The lake as the part of tile ``t.pos`` sees it (``TileSight``): its cell, its pending exploration, the
        balsas and inspections of every seat, the re-exploration machines on it and whether its exploration resolves
        now."""
        pos = t.pos
        lake = cls.__new__(cls)
        lake.cells = {pos: obs["lake"][t.cell]}
        lake.source = t.source
        lake.pending, lake.order = {}, {}
        if t.pending is not None:
            lake.pending[pos] = obs["explorations"][t.pending[0]]
            lake.order[pos] = t.pending[1]
        lake.balsa_at = balsa_positions(obs)
        lake.inspectors = {}
        for s, p in enumerate(obs["players"]):
            for x in p["inspected"]:
                if x == pos:
                    lake.inspectors.setdefault(pos, []).append(s)
        lake.reexplore = {pos: list(t.reexplore)} if t.reexplore else {}
        known = obs["known"]
        lake.known = {pos: known[pos]} if pos in known else {}
        lake.resolving = pos if t.resolving else ""
        return lake

    def owners(self, pos: str) -> list[int]:
        return [s for s, n in enumerate(self.cells[pos]["pipes"]) if n > 0]

    def protected(self, pos: str, obs: Obs) -> bool:
        s = self.balsa_at.get(pos)
        return s is not None and bool(obs["players"][s]["balsa"]["protected"])


def resolving_tile(obs: Obs) -> str:
    """The tile whose exploration the lake phase resolves now, or ""."""
    if obs["stage"] == "lake" and 0 <= obs["idx"] < len(obs["explorations"]):
        return str(obs["explorations"][obs["idx"]]["pos"])
    return ""


def face_text(face: Mapping[str, Any]) -> str:
    """'P2-04: 1 emerald, 2 gold, 3 VP, damp, box 2 VP'."""
    parts = [_plural(int(face["E"]), "emerald"), f"{face['G']} gold", f"{face['P']} VP"]
    if face["special"]:
        parts.append(str(face["special"]))
    if face["box"]:
        parts.append(f"re-exploration box {face['box']} VP")
    return f"{face['tile']}: " + ", ".join(parts)


def _face_rules(tx: Texts, face: Mapping[str, Any]) -> list[str]:
    out = []
    if face["special"] in ("famine", "landslide", "damp"):
        out.append(tx.rule(str(face["special"])))
    if face["box"]:
        out.append(tx.rule("box"))
    return out


def _source_for(lake: Lake, seat: int | None, pos: str) -> str:
    """A source ``seat`` could use for ``pos`` (an own drained tile beside it, else the pump), for the action a click
    on a tile that is no target asks about."""
    if lake.source is not None:  # a tile's part: worked out for every tile at once (``sources``)
        return lake.source
    if seat is not None:
        for n in NEIGHBOURS[pos]:
            if lake.cells[n]["drained"] and lake.cells[n]["pipes"][seat] > 0:
                return n
    return "pump"


def _hex_action(lake: Lake, seat: int | None, pos: str) -> str:
    """The action a click on this tile means for ``seat`` when it is no target (the server explains why not)."""
    if seat is None:
        return ""
    cell = lake.cells[pos]
    if not cell["drained"]:
        if pos in lake.pending and lake.pending[pos]["owner"] != seat:
            return f"sabotage {pos}"
        return f"explore {pos} from {_source_for(lake, seat, pos)}"
    if cell["pipes"][seat] > 0:
        return f"reexplore {pos}"
    return f"cross {pos} from {_source_for(lake, seat, pos)}"


def centred_offsets(n: int, step: float) -> list[float]:
    return [(i - (n - 1) / 2) * step for i in range(n)]


def _water_side(lake: Lake, seats: Seats, pos: str) -> str:
    """The printed circles and squares of an undrained tile, filled with the explorer's pieces if any (GV-172)."""
    cell = lake.cells[pos]
    e = lake.pending.get(pos)
    w = max(int(cell["W"]), int(e["workers"]) if e else 0)
    m = max(int(cell["M"]), int(e["machines"]) if e else 0)
    out = []
    for i, x in enumerate(centred_offsets(w, 14.5)):
        if e and i < int(e["workers"]):
            out.append(meeple(seats.fill(int(e["owner"])), x, -7, 0.78))
        else:
            out.append(f'<circle cx="{_n(x)}" cy="-7" r="6" fill="none" stroke="#f4fbff" stroke-width="1.6"/>')
    for i, x in enumerate(centred_offsets(m, 15.0)):
        extra = i >= int(cell["M"])  # GV-181: the protected balsa's extra machine
        if e and i < int(e["machines"]):
            out.append(machine(seats.fill(int(e["owner"])), x, 10, 11))
            if i < int(e["insured"]):
                out.append(emerald(x + 5, 6, 3.6))
        else:
            dash = ' stroke-dasharray="2 2"' if extra else ""
            out.append(
                f'<rect x="{_n(x - 5.5)}" y="4.5" width="11" height="11" fill="none" stroke="#f4fbff" '
                f'stroke-width="1.6"{dash}/>'
            )
    if e:
        if int(e["saboteur"]) >= 0:
            out.append(meeple(seats.fill(int(e["saboteur"])), 26, 4, 0.8, ' stroke-dasharray="2 1"'))
            out.append('<path d="M22,-8l8,8M30,-8l-8,8" stroke="#1d1d1d" stroke-width="1.6"/>')
        out.append(
            f'<circle cx="-27" cy="-3" r="7" fill="#fffaf0" stroke="{seats.fill(int(e["owner"]))}" '
            f'stroke-width="2"/>' + _text(-27, 0.5, str(lake.order[pos]), "order", "middle")
        )
    return "".join(out)


def _special_icon(special: str, x: float, y: float) -> str:
    icon = {"famine": famine_icon, "landslide": landslide_icon, "damp": damp_icon}.get(special)
    return icon(x, y) if icon else ""


def _known_strip(face: Mapping[str, Any]) -> str:
    """What this seat saw of an undrained tile through La Balsa (GV-832): a parchment strip under the squares."""
    wide = bool(face["special"])
    half = 30 if wide else 24
    out = [
        f'<rect x="-{half}" y="16" width="{2 * half}" height="12" rx="6" fill="#fff3cf" stroke="#a07800" '
        'stroke-width="1"/>',
        emerald(-half + 7, 22, 3.6),
        _text(-half + 12, 25.5, str(face["E"]), "tiny strong"),
        gold_bar(-half + 22, 22, 3.8),
        _text(-half + 27, 25.5, str(face["G"]), "tiny strong"),
        vp_star(-half + 36, 22, 4),
        _text(-half + 41, 25.5, str(face["P"]), "tiny strong"),
    ]
    if wide:
        out.append(f'<g transform="translate(23,22) scale(0.55)">{_special_icon(str(face["special"]), 0, 0)}</g>')
    return "".join(out)


def _drained_side(lake: Lake, seats: Seats, pos: str) -> str:
    cell = lake.cells[pos]
    out = [
        emerald(-28, -8, 5.2),
        _text(-21, -4, str(cell["E"]), "reward"),
        gold_bar(-6, -8, 5.4),
        _text(1, -4, str(cell["G"]), "reward"),
        vp_star(15, -8, 6),
        _text(22, -4, str(cell["P"]), "reward"),
    ]
    out.append(_special_icon(str(cell["special"]), -20, 10))
    if cell["box"]:
        out.append(
            '<rect x="-9" y="3" width="15" height="15" rx="2" fill="#fffaf0" stroke="#3f7fc0" '
            'stroke-width="1.4"/>' + _text(-1.5, 14.5, str(cell["box"]), "reward", "middle")
        )
        for i, s in enumerate(lake.reexplore.get(pos, [])):
            out.append(machine(seats.fill(s), 2 + 5 * i, 4, 8))
    bars = [s for s, n in enumerate(cell["pipes"]) for _ in range(int(n))]
    for i, x in enumerate(centred_offsets(len(bars), 5.5)):
        out.append(pipe(seats.fill(bars[i]), x, 27))
    return "".join(out)


def _hex_title(obs: Obs, lake: Lake, seats: Seats, tx: Texts, pos: str) -> str:
    cell = lake.cells[pos]
    phase = int(cell["phase"])
    where = "the centre" if pos == CENTRE else f"phase {phase}"
    lines = []
    if cell["drained"]:
        owners = lake.owners(pos)
        lines.append(
            f"{pos} ({where}), drained: {face_text(cell)}. Pipes: "
            + ", ".join(f"{seats.who(s)} {cell['pipes'][s]}" for s in owners)
            + "."
        )
        if int(cell["he"]) >= 0:
            lines.append(f"Head explorer of {seats.who(int(cell['he']))}. {tx.rule('he')}")
        for s in lake.reexplore.get(pos, []):
            lines.append(f"Re-exploration machine of {seats.who(s)}. {tx.rule('reexplore')}")
        lines += [tx.rule("drained"), *_face_rules(tx, cell), tx.rule("rent"), tx.rule("pipes")]
    else:
        lines.append(
            f"{pos} ({where}), under water: needs {_plural(int(cell['W']), 'worker')} and "
            f"{_plural(int(cell['M']), 'machine')}. {tx.rule('water')}"
        )
        e = lake.pending.get(pos)
        if e:
            src = e["source"]
            sab = ""
            if int(e["saboteur"]) >= 0:
                said = f", declared {e['declared']}" if e["declared"] else ""
                sab = f" Saboteur of {seats.who(int(e['saboteur']))}{said}. {tx.rule('saboteur')}"
            ins = f", {e['insured']} insured ({tx.rule('insured')})" if e["insured"] else ""
            pipes = ", ".join(f"{seats.who(s)} {n}" for s, n in enumerate(cell["pipes"]) if n)
            lines.append(
                f"Explored by {seats.who(int(e['owner']))} from {src} ({e['workers']}W {e['machines']}M"
                f"{ins}; pipes {pipes}), resolving {lake.order[pos]}. of this round"
                + (" (now)" if lake.resolving == pos else "")
                + f". {tx.rule('exploration')}{sab}"
            )
        boat = lake.balsa_at.get(pos)
        if boat is not None:
            prot = lake.protected(pos, obs)
            lines.append(
                f"Balsa of {seats.who(boat)}"
                + (", protected" if prot else "")
                + f". {tx.rule('protected') if prot else tx.rule('balsa')}"
            )
        if pos in lake.known:
            lines.append(f"You inspected it: {face_text(lake.known[pos])}. {tx.rule('known')}")
        others = [i for i in lake.inspectors.get(pos, []) if i != seats.observer]
        if others:
            lines.append("Inspected by " + ", ".join(seats.who(i) for i in others) + f". {tx.rule('inspected')}")
        if phase >= 3:
            lines.append(tx.rule("centre") if pos == CENTRE else tx.rule("deep"))
    if pos == CENTRE and cell["drained"]:
        lines.append(tx.rule("centre"))
    return " ".join(lines)


def tile(obs: Obs, lake: Lake, seats: Seats, tx: Texts, pos: str) -> str:
    """One tile of the lake (GV-830..GV-834), with its hover text and the action a click on it means."""
    cell = lake.cells[pos]
    phase = int(cell["phase"])
    x, y = hex_xy(pos)
    drained = bool(cell["drained"])
    act = _hex_action(lake, seats.observer, pos)
    cls = f"hex phase{phase}" + (" drained" if drained else " water") + (" explored" if pos in lake.pending else "")
    out = [
        f'<g id="hex-{pos}" class="{cls}" data-pos="{pos}" {_move(x, y)}'
        + (f" data-action={quoteattr(act)}" if act else "")
        + ">",
        _title(_hex_title(obs, lake, seats, tx, pos)),
    ]
    if drained:
        out.append(f'<use href="#gv-hex" fill="{WATER[phase]}"/><use href="#gv-earth"/>')
        out.append(_text(0, -25, pos, "pos dark", "middle"))
        out.append(_drained_side(lake, seats, pos))
    else:
        out.append(f'<use href="#gv-hex" fill="{WATER[phase]}"/><use href="#gv-waves"/>')
        out.append(_text(0, -25, pos, "pos", "middle"))
        out.append(_water_side(lake, seats, pos))
        if pos in lake.known:
            out.append(
                f'<polygon points="{hex_points(R - 3.5)}" fill="none" stroke="#ffd23f" stroke-width="2.2" '
                'stroke-dasharray="5 3"/>'
            )
            out.append(_known_strip(lake.known[pos]))
        for i, s in enumerate(i for i in lake.inspectors.get(pos, []) if i != seats.observer):
            out.append(_eye(seats.fill(s), 24, -20 + 9 * i))
        if lake.resolving == pos:
            out.append(f'<polygon points="{hex_points(R - 2.5)}" fill="none" stroke="#ffffff" stroke-width="3"/>')
    out.append("</g>")
    return "".join(out)


def _eye(fill: str, x: float, y: float) -> str:
    """The mark of another player's inspection (GV-833: public)."""
    return (
        f'<g transform="translate({_n(x)},{_n(y)})"><path d="M-5,0Q0,-5 5,0Q0,5 -5,0Z" fill="#fffaf0" '
        f'stroke="{fill}" stroke-width="1.6"/><circle r="1.8" fill="{fill}"/></g>'
    )


def spots(obs: Obs, seats: Seats, tx: Texts) -> str:
    """The six pump spots (T-PUMPS): a pump in its owner's colour with its level and worker, the pipe stubs to
    its two shore tiles; the spots this player count leaves free faintly."""
    owner = {str(p["spot"]): s for s, p in enumerate(obs["players"])}
    out = []
    for spot in PUMP_SPOTS:
        x, y = spot_xy(spot)
        a, b = SPOT_SHORE[spot]
        s = owner.get(spot)
        if s is None:
            out.append(
                f'<g id="spot-{spot}" class="spot free" {_move(x, y)}>'
                + _title(f"Pump spot {spot} (touches {a} and {b}). {tx.rule('spot-free')}")
                + '<circle r="17" fill="none" stroke="#f4fbff" stroke-opacity="0.7" stroke-width="1.5" '
                'stroke-dasharray="4 3"/></g>'
            )
            continue
        p = obs["players"][s]
        level = int(p["pump_level"])
        stubs = "".join(
            f'<path d="M0,0L{_n((hex_xy(t)[0] - x) * 0.42)},{_n((hex_xy(t)[1] - y) * 0.42)}" stroke="#1d1d1d" '
            f'stroke-width="7" stroke-linecap="round"/><path d="M0,0L{_n((hex_xy(t)[0] - x) * 0.42)},'
            f'{_n((hex_xy(t)[1] - y) * 0.42)}" stroke="{seats.fill(s)}" stroke-width="4.5" stroke-linecap="round"/>'
            for t in (a, b)
        )
        worker = meeple(seats.fill(s), 15, -12, 0.8) if p["pump_worker"] else ""
        text = (
            f"Water pump of {seats.who(s)} on spot {spot}, level {level}"
            + (" with its worker on it" if p["pump_worker"] else "")
            + f"; connected to {a} and {b}. "
            + tx.rule("pump")
        )
        out.append(
            f'<g id="spot-{spot}" class="spot" data-seat="{s}" data-level="{level}" {_move(x, y)}'
            + (' data-action="pump upgrade"' if s == seats.observer else "")
            + ">"
            + _title(text)
            + stubs
            + f'<circle r="19" fill="#efe3c8" stroke="{seats.fill(s)}" stroke-width="3"/>'
            + pump_shape(seats.fill(s), level)
            + worker
            + "</g>"
        )
    return "".join(out)


def explore_arrows(obs: Obs, lake: Lake, seats: Seats) -> str:
    """Each pending exploration's pipeline, from its source (tile or pump) to its tile (GV-177, GV-178)."""
    spot_of = {s: str(p["spot"]) for s, p in enumerate(obs["players"])}
    out = ['<g class="arrows" pointer-events="none">']
    for pos, e in lake.pending.items():
        tx_, ty = hex_xy(pos)
        src = str(e["source"])
        sx, sy = spot_xy(spot_of[int(e["owner"])]) if src == "pump" else hex_xy(src)
        dx, dy = tx_ - sx, ty - sy
        d = math.hypot(dx, dy) or 1.0
        x0, y0 = sx + dx / d * 16, sy + dy / d * 16
        x1, y1 = tx_ - dx / d * 30, ty - dy / d * 30
        fill = seats.fill(int(e["owner"]))
        line = f"M{_n(x0)},{_n(y0)}L{_n(x1)},{_n(y1)}"
        head = (
            f"M{_n(x1 + dx / d * 8)},{_n(y1 + dy / d * 8)}L{_n(x1 - dy / d * 6)},{_n(y1 + dx / d * 6)}"
            f"L{_n(x1 + dy / d * 6)},{_n(y1 - dx / d * 6)}Z"
        )
        out.append(
            f'<path d="{line}" stroke="#1d1d1d" stroke-width="7" stroke-linecap="round" opacity="0.8"/>'
            f'<path d="{line}" stroke="{fill}" stroke-width="4.5" stroke-linecap="round"/>'
            f'<path d="{head}" fill="{fill}" stroke="#1d1d1d" stroke-width="1"/>'
        )
    out.append("</g>")
    return "".join(out)


def lake_pieces(obs: Obs, lake: Lake, seats: Seats, tx: Texts) -> str:
    """Head explorers on their tiles and the balsas (pieces; clicks go through to the tile beneath)."""
    out = []
    for pos in POS_NAMES:
        he = int(lake.cells[pos]["he"])
        if he >= 0:
            x, y = hex_xy(pos)
            out.append(
                f'<g id="he-{pos}" class="piece he" data-seat="{he}" pointer-events="none" '
                f"{_at(x + 19, y + 9)}>"
                + _title(f"Head explorer of {seats.who(he)} on {pos}. " + tx.rule("he"))
                + meeple(seats.fill(he), 0, 0, 1.25)
                + '<circle cx="0" cy="-9" r="2.2" fill="#fffaf0" '
                'stroke="#1d1d1d" stroke-width="0.8"/></g>'
            )
    if obs["options"].get("balsa"):
        for s, p in enumerate(obs["players"]):
            out.append(_balsa_piece(obs, seats, tx, s, p))
    return "".join(out)


def _balsa_piece(obs: Obs, seats: Seats, tx: Texts, s: int, p: Mapping[str, Any]) -> str:
    b = p["balsa"]
    cx, cy = CAMP_CORNER[SPOT_CORNER[str(p["spot"])]]
    if b["alive"] and b["pos"] is not None:
        x, y = hex_xy(str(b["pos"]))
        x, y = x - 8, y + 27
        where = f"on {b['pos']}"
        rule = tx.rule("protected") if b["protected"] else tx.rule("balsa")
        state = "lake"
    elif obs["stage"] == "balsa_setup":
        x, y = cx + CAMP_W - 20, cy + 108
        where, rule, state = "waiting in camp for its start tile", tx.rule("balsa"), "waiting"
    else:
        x, y = cx + CAMP_W - 20, cy + 108
        where, rule, state = "destroyed", tx.rule("wrecked"), "wrecked"
    text = (
        f"Balsa of {seats.who(s)} {where}"
        + (", protected" if b["protected"] else "")
        + (f", {b['workers']} workers on it" if b["workers"] else "")
        + f". {rule}"
    )
    wreck = '<path d="M-14,-8L14,6M-14,6L14,-8" stroke="#1d1d1d" stroke-width="2"/>' if state == "wrecked" else ""
    return (
        f'<g id="balsa-s{s}" class="piece balsa {state}" data-seat="{s}" pointer-events="none" {_at(x, y)}'
        + (' opacity="0.55"' if state == "wrecked" else "")
        + ">"
        + _title(text)
        + balsa_shape(seats.fill(s), bool(b["protected"]), int(b["workers"]), seats.fill(s))
        + wreck
        + "</g>"
    )


# the lake's group and its shore: a larger hex under every tile, whose inner edges the tiles cover
LAKE_OPEN = (
    '<g id="lake"><g class="shore" pointer-events="none">'
    + "".join(f'<use href="#gv-shore" {_move(*hex_xy(pos))}/>' for pos in POS_NAMES)
    + "</g>"
)


def sources(cells: Sequence[Mapping[str, Any]], seat: int | None) -> dict[str, str]:
    """``_source_for`` of every position that has one other than the pump: the first drained tile beside it where
    ``seat`` has pipes (a spectator has none)."""
    if seat is None:
        return {}
    mine = {str(c["pos"]) for c in cells if c["drained"] and c["pipes"][seat] > 0}
    out: dict[str, str] = {}
    for m in mine:
        for pos in NEIGHBOURS[m]:  # the neighbours of a neighbour: the relation is symmetric
            if pos not in out:
                out[pos] = next(n for n in NEIGHBOURS[pos] if n in mine)
    return out
