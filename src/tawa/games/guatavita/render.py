"""The terminal picture of what one seat sees, as named parts, and the help text of an offered action.

Parts, in display order: ``header`` (round, phase, Pioneer, supply), ``lake`` (the map and its legend), ``tiles``
(the drained tiles, public), ``you`` (the seat's own inspections: its private area; only with La Balsa),
``explorations`` (pending this round), ``boxes`` (the action boxes), ``players`` and ``status`` (whose decision is
pending, or the final ranking). Below ``WIDE`` columns (and when no width is given) the compact form keeps every
line within 80 columns; from ``WIDE`` on, the lake's legend goes beside the map and each player takes one line.
Every screen names seats by their colour (``name``), as the log and the prompt do.
"""

from __future__ import annotations

import textwrap

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.guatavita.data import BOX_RESOLUTION, Tables, Tile
from tawa.games.guatavita.rules.common import he_positions, name, pipes_in_lake
from tawa.games.guatavita.rules.planning import rent
from tawa.games.guatavita.scoring import SOURCE_LABELS, SOURCES, standings
from tawa.games.guatavita.state import Ask, GuatavitaState, Phase

WIDE = 100  # columns from which the wide form is drawn
COMPACT = 80  # the compact form fits this width
CELL = 8  # columns of one lake position

STAGE_TEXT = {
    Phase.BALSA_SETUP: "setup: balsa start tiles",
    Phase.START: "planning phase (start)",
    Phase.PLAN: "planning phase",
    Phase.LAKE: "execution: lake tiles",
    Phase.BALSA: "execution: balsas",
    Phase.BOXES: "execution: action boxes",
    Phase.OVER: "game over",
}
BOX_TITLES = {
    "sabotage": "Sabotage",
    "camp": "Camp Upgrade",
    "pumpre": "Pump Upgrade / Re-exploration",
    "harvest": "Harvest",
    "pioneer": "Pioneer",
    "commerce_machine": "Commerce (machine)",
    "commerce_pipe": "Commerce (pipe)",
    "recruit": "Recruitment",
    "loan": "Loan",
}
BOX_ORDER = ("sabotage", *(box for group in BOX_RESOLUTION for box in group))  # the board, in resolution order


def render_parts(
    st: GuatavitaState, tb: Tables, params: Params, seat: int | None, width: int | None
) -> list[tuple[str, str]]:
    """What ``seat`` sees (``None``: a spectator), as (name, text) parts fitted to ``width`` columns."""
    wide = width is not None and width >= WIDE
    cols = width if wide and width is not None else COMPACT
    parts = [
        ("header", _header(st, params, wide)),
        ("lake", _lake(st, tb, params, seat, cols)),
        ("tiles", _tiles("Drained tiles (public):", [p for p in range(tb.npos) if st.drained[p]], st, tb, cols)),
    ]
    if seat is not None and params.balsa:  # GV-832: what this seat alone has seen
        mine = st.players[seat].inspected
        parts.append(
            (
                "you",
                _tiles("Your inspections (only you see them):", mine, st, tb, cols)
                if mine
                else "Your inspections (only you see them): none yet",
            )
        )
    parts += [
        ("explorations", _explorations(st, tb)),
        ("boxes", _boxes(st, tb, params, cols)),
        ("players", _players(st, tb, params, seat, wide, cols)),
        ("status", _status(st, tb, params, cols)),
    ]
    return [(key, _fit(text, min(cols, width or cols)) if key != "lake" else text) for key, text in parts if text]


def _fit(text: str, limit: int) -> str:
    """Fold any line longer than ``limit`` at a space, indenting what follows under the line's start."""
    out = []
    for line in text.splitlines():
        if len(line) <= limit:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, limit, subsequent_indent=indent, break_on_hyphens=False) or [line])
    return "\n".join(out)


# --------------------------------------------------------------------------- parts
def _header(st: GuatavitaState, params: Params, wide: bool) -> str:
    cap = f" (round cap {params.MAX_ROUNDS})" if params.MAX_ROUNDS is not None else ""
    first = f"GUATAVITA  round {st.round}{cap}  {STAGE_TEXT[st.stage]}"
    second = f"Pioneer: {name(st, st.pioneer)}  emerald supply: {st.supply}"
    if st.end_triggers:
        when = "ended after this round" if st.stage == Phase.OVER else "ends after this round"
        second += f"  {when}: {', '.join(st.end_triggers)}"
    elif st.capped:
        second += "  ended at the round cap"
    return f"{first}  {second}" if wide else f"{first}\n{second}"


def _legend(st: GuatavitaState, seat: int | None, params: Params, beside: bool) -> list[str]:
    """The map's legend in this game's colours: a few long lines above the map, or narrow ones beside it."""
    a, b = name(st, 0), name(st, 1)
    ia, ib = a[:1].lower(), b[:1].lower()
    spot = st.players[0].spot
    inspected = seat is not None and bool(st.players[seat].inspected)
    if beside:
        out = [
            "~21   under water: 2 workers, 1 machine",
            "S03*  being explored this round",
            f"={ia}{ib.upper()}   drained: {a}'s and {b}'s pipes,",
            "      capital: a head explorer there",
            f"({spot})  {a}'s pump; {a[:3]}2: level 2",
        ]
        out += ["?     you inspected it"] if inspected else []
        out += [f"b{ia}    {a}'s balsa (B{ia}: protected)"] if params.balsa else []
        return out
    out = [
        "Lake  ~21: under water, needs 2 workers + 1 machine    *: being explored",
        f"      ={ia}{ib.upper()}: drained, pipes of {a} and {b} (capital: head explorer)",
        f"      ({spot}) {a[:3]}2: {a}'s pump on spot {spot}, level 2"
        + ("    ?: you inspected it" if inspected else ""),
    ]
    if params.balsa:
        out.append(f"      b{ia} / B{ia}: {a}'s balsa there (B: protected)")
    return out


def _cell(st: GuatavitaState, tb: Tables, pos: int, seat: int | None) -> tuple[str, str]:
    """Two lines for one lake position: its name (+ markers) and its state."""
    t = tb.tiles[st.tile_at[pos]]
    top = tb.names[pos]
    letters = [p.colour[:1].lower() for p in st.players]
    if st.drained[pos]:
        owners = "".join(
            letters[s].upper() if st.he[pos] == s else letters[s] for s in range(len(st.players)) if st.pipes[pos][s]
        )
        bottom = f"={owners}"
    else:
        bottom = f"~{t.workers}{t.machines if t.machines else ''}"
        if any(e.pos == pos for e in st.explorations):
            top += "*"
        for s, p in enumerate(st.players):
            if p.balsa_alive and p.balsa_pos == pos:
                bottom += ("B" if p.balsa_protected else "b") + letters[s]
        if seat is not None and pos in st.players[seat].inspected:
            bottom += "?"
    return top[: CELL - 1].ljust(CELL), bottom[: CELL - 1].ljust(CELL)


def _map(st: GuatavitaState, tb: Tables, seat: int | None) -> list[str]:
    coords = {qr: i for i, qr in enumerate(tb.coords)}
    spots = {(v.q, v.r): (k, s) for s, p in enumerate(st.players) for k, v in tb.spots.items() if k == p.spot}
    reach = max(max(abs(q), abs(r), abs(q + r)) for q, r in [*coords, *spots])
    lines = []
    for r in range(-reach, reach + 1):
        top, bottom = [], []
        for q in range(max(-reach, -reach - r), min(reach, reach - r) + 1):
            if (q, r) in coords:
                a, b = _cell(st, tb, coords[(q, r)], seat)
            elif (q, r) in spots:
                k, s = spots[(q, r)]
                a, b = f"({k})".ljust(CELL), f"{name(st, s)[:3]}{st.players[s].pump_level}".ljust(CELL)
            else:
                a = b = " " * CELL
            top.append(a)
            bottom.append(b)
        indent = "  " + " " * (abs(r) * CELL // 2)
        if "".join(top).strip():
            lines.append((indent + "".join(top)).rstrip())
            lines.append((indent + "".join(bottom)).rstrip())
    return lines


def _lake(st: GuatavitaState, tb: Tables, params: Params, seat: int | None, cols: int) -> str:
    lake = _map(st, tb, seat)
    room = max(len(line) for line in lake) + 3
    beside = _legend(st, seat, params, beside=True)
    if room + max(len(line) for line in beside) <= cols:  # the wide form: the legend beside the map
        lines = [line.ljust(room) + (beside[i] if i < len(beside) else "") for i, line in enumerate(lake)]
        return "\n".join(["Lake:", *(line.rstrip() for line in lines)])
    return "\n".join([*_legend(st, seat, params, beside=False), *lake])


def tile_text(t: Tile) -> str:
    """A drained side in the board's words: emeralds, gold, VP and its special."""
    extra = f" {t.special}" if t.special else ""
    if t.box:
        extra += f" box {t.box}"
    return f"{t.id} {t.emeralds}E {t.gold}G {t.prestige}VP{extra}"


def _tiles(title: str, positions: list[int], st: GuatavitaState, tb: Tables, cols: int) -> str:
    if not positions:
        return ""
    cells = [f"{tb.names[p]:>3} {tile_text(tb.tiles[st.tile_at[p]])}" for p in positions]
    size = max(len(c) for c in cells) + 2
    per_line = max(1, (cols - 2) // size)
    rows = [
        "  " + "".join(c.ljust(size) for c in cells[i : i + per_line]).rstrip() for i in range(0, len(cells), per_line)
    ]
    return "\n".join([title, *rows])


def _explorations(st: GuatavitaState, tb: Tables) -> str:
    lines = []
    for e in st.explorations:
        if st.drained[e.pos]:
            continue
        sab = f", saboteur {name(st, e.saboteur)}" if e.saboteur >= 0 else ""
        ins = f", {e.insured} insured" if e.insured else ""
        src = "pump" if e.source < 0 else tb.names[e.source]
        lines.append(f"  {tb.names[e.pos]}: {name(st, e.owner)} {e.workers}W {e.machines}M from {src}{ins}{sab}")
    return "\n".join(["Pending explorations:", *lines]) if lines else ""


def _boxes(st: GuatavitaState, tb: Tables, params: Params, cols: int) -> str:
    size = max(len(t) for t in BOX_TITLES.values()) + 2
    lines = ["Action board (· free slot, done: resolved):"]
    for key in BOX_ORDER:
        shown = []
        for slot in st.boxes.get(key, []):
            if slot.workers or slot.machines:
                what = f"{name(st, slot.seat)} {slot.workers}W" + (f"+{slot.machines}M" if slot.machines else "")
            else:
                what = f"{name(st, slot.seat)} done"
            if slot.target >= 0:
                what += f"@{tb.names[slot.target]}"
            shown.append(what)
        shown.extend(["·"] * (params.SLOTS[key] - len(st.boxes.get(key, []))))
        lines.append(f"  {BOX_TITLES[key]:<{size}}" + " | ".join(shown))
    return "\n".join(lines)


def _players(st: GuatavitaState, tb: Tables, params: Params, seat: int | None, wide: bool, cols: int) -> str:
    lines = ["Players: gold food emeralds VP | camp, personal supply: Workers Machines Pipes"]
    for s, p in enumerate(st.players):
        mark = ">" if st.decision is not None and st.decision.seat == s else " "
        you = " (you)" if seat == s else ""
        first = (
            f" {mark}{name(st, s):<6} [{p.spot:>2}]{you:<6} {p.gold}g {p.food}f {p.emeralds}e {p.vp:>3}VP | "
            f"camp {p.camp_workers}W {p.camp_machines}M {p.camp_pipes}P | "
            f"supply {p.sup_workers}W {p.sup_machines}M {p.sup_pipes}P"
        )
        flags = ", passed" if p.passed and st.stage == Phase.PLAN else ""
        flags += ", must open with a Loan" if p.gold_duty and not p.placed and st.stage == Phase.PLAN else ""
        balsa = ""
        if params.balsa:
            if p.balsa_alive:
                balsa = f", balsa on {tb.names[p.balsa_pos]}{' (protected)' if p.balsa_protected else ''}"
                balsa += " (activated)" if p.balsa_workers else ""
            else:
                balsa = ", balsa not placed yet" if st.stage == Phase.BALSA_SETUP else ", balsa destroyed"
        he = ", ".join(tb.names[x] for x in he_positions(st, s)) or "none"
        second = (
            f"camp level {p.camp_level}, pump level {p.pump_level}{' (+worker)' if p.pump_worker else ''}, "
            f"loan {p.loan}, pipes in the lake {pipes_in_lake(st, s)}, head explorers: {he}{balsa}{flags}"
        )
        if wide and len(first) + 3 + len(second) <= cols:
            lines.append(f"{first} | {second}")
        else:
            lines.append(first)
            lines.extend(textwrap.wrap(second, cols, initial_indent=" " * 10, subsequent_indent=" " * 10))
    return "\n".join(lines)


ASK_TEXT = {
    Ask.PLAN: "planning turn (one placement, or pass)",
    Ask.BALSA_START: "choose the balsa's start tile",
    Ask.HE_RETURN: "no worker in camp: choose a head explorer to bring back",
    Ask.PAY: "no worker at all: pay gold or emeralds for workers",
    Ask.DECLARE: "the saboteur on {pos} declares emeralds, gold or prestige",
    Ask.JOIN: "paths joined at {pos}: keep every head explorer or send one to camp",
    Ask.BALSA_MOVE: "move the balsa one step, or stop",
    Ask.PUSH: "your balsa is pushed off {pos}: choose where it goes",
    Ask.BALSA_ACT: "after the move: inspect a tile, protect the balsa, or nothing",
    Ask.EXCHANGE: "Pioneer exchange (gold <-> emeralds) or none",
}


def _status(st: GuatavitaState, tb: Tables, params: Params, cols: int) -> str:
    d = st.decision
    if d is not None:
        where = tb.names[d.pos] if d.pos >= 0 else ""
        return f"Waiting for {name(st, d.seat)}: {ASK_TEXT[d.ask].format(pos=where)}"
    if st.stage != Phase.OVER:
        return ""
    return final_text(st, tb, params)


def final_text(st: GuatavitaState, tb: Tables, params: Params) -> str:
    """The final ranking (GV-750..GV-753): place, score, what decided the place, and the points by source."""
    table = standings(st, tb, params)
    lines = ["Final scores and ranking:"]
    for row in sorted(table, key=lambda r: (r.place, r.seat)):
        why = f"  ({row.decisive})" if row.decisive else ""
        lines.append(f"  {row.place}. {name(st, row.seat):<7} {row.score:>4.0f} VP{why}")
    shown = [k for k in SOURCES if k != "balsa" or params.balsa]
    lines.append("Points by source: " + ", ".join(f"{SOURCE_LABELS[k][1]} {SOURCE_LABELS[k][0]}" for k in shown))
    lines.append(" " * 10 + "".join(f"{SOURCE_LABELS[k][1]:>5}" for k in shown) + "  total")
    for row in table:
        values = "".join(f"{row.breakdown[SOURCE_LABELS[k][0]]:>5.0f}" for k in shown)
        lines.append(f"  {name(st, row.seat):<8}{values}{row.score:>7.0f}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- help
def rule_of_kind(params: Params) -> dict[str, tuple[str, str]]:
    """The rule each kind of choice follows, in the numbers of these params."""
    cw, cm, _ = params.CAMP_UPGRADE
    nw, gold, emer = params.WORKER_PURCHASE
    swap_gold, swap_emer = params.PIONEER_SWAP
    return {
        "explore": (
            "GV-170",
            "an exploration needs an undrained, untargeted tile reachable from your pump or an own "
            "adjacent tile, a level-2 pump for phases 3-4, and its workers, machines and pipes in "
            "camp",
        ),
        "cross": (
            "GV-200",
            "a crossing needs a drained tile owned only by others, reachable from a source, the rent "
            "in gold and the pipes in camp",
        ),
        "sabotage": (
            "GV-250",
            "sabotage needs a free slot, 2 workers and another player's pending exploration without a saboteur",
        ),
        "camp": (
            "GV-131",
            f"Camp Upgrade needs a free slot, {cw} workers + {cm} machine, and the camp below level "
            f"{params.CAMP_LEVEL_MAX}",
        ),
        "pump": ("GV-133", "Pump Upgrade needs a free slot, 1 worker, a level-1 pump and no pump placement yet"),
        "reexplore": ("GV-134", "re-exploration needs an own damp tile with a box, 1 worker + 1 machine"),
        "harvest": ("GV-136", "Harvest needs a free slot and the workers in camp"),
        "pioneer": ("GV-137", f"Pioneer needs its free slot and {params.PIONEER_WORKERS} worker(s)"),
        "commerce": (
            "GV-139",
            f"Commerce needs a free slot of that type, 1 worker, and at most "
            f"{params.COMMERCE_MAX_WORKERS} of your workers there",
        ),
        "recruit": ("GV-141", f"Recruitment needs a free slot and {params.RECRUIT_WORKERS} worker(s)"),
        "loan": ("GV-144", "Loan needs a free slot, 1 worker and the loan track not at its end"),
        "balsa": (
            "GV-775",
            f"the balsa can be activated once a round, with {params.BALSA_WORKERS} workers, if it is "
            "not destroyed and its tile is not being explored",
        ),
        "pass": (
            "GV-270",
            "pass: no more placements this planning phase (impossible while you must open with a Loan, GV-111)",
        ),
        "declare": (
            "GV-422",
            "emeralds: take all the tile's emeralds; gold: take 1 gold; prestige: both score its "
            "VP. If the tile shows none of it (or is a landslide) the saboteur is lost (GV-425, "
            "GV-426)",
        ),
        "keep": (
            "GV-395",
            f"keep every head explorer in the lake (each scores {params.VP_HEAD_EXPLORER} VP at the end)",
        ),
        "return_he": ("GV-101", "the head explorer comes back to camp as a worker; the tile keeps its pipes (GV-396)"),
        "pay": ("GV-105", f"{nw} workers from your personal supply for {gold} gold or {emer} emeralds"),
        "balsa_start": ("GV-772", "start your balsa on this shore tile"),
        "step": (
            "GV-778",
            f"move the balsa one tile (at most {params.BALSA_MAX_STEPS} steps); entering an "
            "unprotected balsa pushes it",
        ),
        "stop": ("GV-778", "end the balsa's move here"),
        "push": ("GV-782", "your pushed balsa goes to this tile"),
        "inspect": ("GV-786", f"pay {params.INSPECT_COST} emeralds to see this tile's drained side, privately"),
        "protect": (
            "GV-788",
            f"{params.PROTECT_EMERALDS} emeralds on the balsa: exploring its tile needs "
            f"{params.PROTECT_EXTRA_MACHINES} more machine(s) until you activate it",
        ),
        "nothing": ("GV-785", "do nothing more with the balsa"),
        "exchange": ("GV-601", f"Pioneer exchange: {swap_gold} gold <-> {swap_emer} emeralds, or none"),
    }


def help_text(st: GuatavitaState, tb: Tables, params: Params, action: Action) -> str:
    """The action's text, the rule it follows, and what it would bring from here (public knowledge only)."""
    move = action.data
    rule = rule_of_kind(params).get(move.kind) if move is not None else None
    lines = [action.text]
    if rule:
        lines.append(f"[{rule[0]}] {rule[1]}")
    if move is not None and move.kind == "explore":
        phase = tb.phase_of_pos[move.pos]
        same = [t for t in tb.tiles if t.phase == phase]
        span = {
            k: (min(getattr(t, k) for t in same), max(getattr(t, k) for t in same))
            for k in ("emeralds", "gold", "prestige")
        }
        lines.append(
            f"{tb.names[move.pos]} is a phase-{phase} tile: its drained side shows "
            + ", ".join(
                f"{lo}-{hi} {word}" for word, (lo, hi) in zip(("emeralds", "gold", "VP"), span.values(), strict=True)
            )
            + " (GV-344, the tiles of T-TILES)"
        )
    if move is not None and move.kind in ("explore", "cross") and (move.via >= 0 or move.kind == "cross"):
        crossed = move.via if move.kind == "explore" else move.pos
        owners = ", ".join(name(st, q) for q, c in enumerate(st.pipes[crossed]) if c > 0)
        lines.append(
            f"Crossing {tb.names[crossed]} pays {rent(st, params, crossed)} gold to {owners} and scores "
            f"{tb.tiles[st.tile_at[crossed]].prestige} VP now (GV-203, GV-205)"
        )
    if move is not None and move.kind == "harvest" and st.decision is not None and st.decision.seat == st.pioneer:
        lines.append(f"You hold the Pioneer marker: +{params.HARVEST_PIONEER_BONUS} food once this round (GV-581)")
    return "\n".join(lines[:1] + [_fit(line, COMPACT) for line in lines[1:]])
