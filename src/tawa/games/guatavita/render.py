"""Terminal picture of the lake, the action board and every player's resources."""
from __future__ import annotations

from typing import Any

from tawa.games.guatavita.data import (
    LAKE_COORDS,
    NPOS,
    POS_INDEX,
    POS_NAMES,
    PUMP_SPOTS,
    T_BOX,
    T_E,
    T_G,
    T_ID,
    T_M,
    T_P,
    T_SPECIAL,
    T_W,
    TILES,
)
from tawa.games.guatavita.rules import he_positions, pipes_in_lake
from tawa.games.guatavita.scoring import breakdown
from tawa.games.guatavita.state import BALSA_SETUP, OVER, State

CELL = 8
_BOX_TITLES = (("sabotage", "Sabotage"), ("camp", "Camp Upgrade"), ("pumpre", "Pump/Re-explore"),
               ("harvest", "Harvest"), ("pioneer", "Pioneer"), ("commerce_machine", "Commerce machine"),
               ("commerce_pipe", "Commerce pipe"), ("recruit", "Recruitment"), ("loan", "Loan"))


_STAGE_NAMES = {"balsa_setup": "setup: balsa start tiles", "start": "planning (start)", "plan": "planning phase",
                "lake": "execution: lake tiles", "balsa": "execution: balsas", "boxes": "execution: action boxes",
                "game over": "game over"}


def _decision_text(st: State) -> str:
    """The pending decision in words."""
    d = st.decision
    assert d is not None
    kind = d[0]
    where = POS_NAMES[d[2]] if len(d) > 2 and isinstance(d[2], int) and d[2] >= 0 else ""
    return {
        "plan": "planning turn (one placement, or pass)",
        "balsa_start": "choose the balsa's start tile",
        "he_return": "no worker in camp: choose a head explorer to bring back",
        "pay": "no worker at all: pay 1 gold or 4 emeralds for 2 workers",
        "declare": f"the saboteur on {where} declares emeralds, gold or prestige",
        "join": f"paths joined at {where}: keep every head explorer or send one to camp",
        "balsa_move": "move the balsa one step, or stop",
        "push": f"your balsa is pushed off {where}: choose where it goes",
        "balsa_act": "after the move: inspect a tile, protect the balsa, or nothing",
        "exchange": "Pioneer exchange (1 gold <-> 4 emeralds) or none",
    }.get(kind, kind)


def _cell(st: State, pos: int, seat: int | None) -> tuple[str, str]:
    """Two lines for one lake position: its name (+ markers) and its state."""
    t = TILES[st.tile_at[pos]]
    top = POS_NAMES[pos]
    letters = [p.colour[0] for p in st.players]
    if st.drained[pos]:
        owners = "".join(letters[s].upper() if st.he[pos] == s else letters[s]
                         for s in range(len(st.players)) if st.pipes[pos][s])
        bottom = f"={owners}"
    else:
        bottom = f"~{t[T_W]}{t[T_M] if t[T_M] else ''}"
        if any(e[0] == pos for e in st.explorations):
            top += "*"
        for s, p in enumerate(st.players):
            if p.balsa_alive and p.balsa_pos == pos:
                bottom += ("B" if p.balsa_protected else "b") + letters[s]
        if seat is not None and pos in st.players[seat].inspected:
            bottom += "?"
    return top[:CELL - 1].ljust(CELL), bottom[:CELL - 1].ljust(CELL)


def render_text(st: State, params: Any, seat: int | None) -> str:
    lines: list[str] = []
    stage = "game over" if st.stage == OVER else st.stage
    stage = _STAGE_NAMES.get(stage, stage)
    lines.append(f"GUATAVITA  round {st.round}  {stage}  Pioneer: {st.players[st.pioneer].colour}  "
                 f"emerald supply: {st.supply}" + (f"  ends after this round: {', '.join(st.end_triggers)}"
                                                  if st.end_triggers and st.stage != OVER else ""))
    lines.append("")
    lines.append("Lake  ~21 under water, needs 2 workers + 1 machine   * being explored")
    lines.append("      =rB drained, pipes of red and blue (capital: head explorer there)")
    lines.append("      (NE) red2: red's pump on spot NE, level 2"
                 + ("   ?: you inspected it" if seat is not None and st.players[seat].inspected else ""))
    if params.balsa:
        lines.append("      br / Br: red's balsa there (B: protected)")
    coords = {(q, r): POS_INDEX[name] for name, q, r in LAKE_COORDS}
    spots = {(v[0], v[1]): (k, s) for s, p in enumerate(st.players) for k, v in PUMP_SPOTS.items() if k == p.spot}
    for r in range(-4, 5):
        top, bottom = [], []
        for q in range(max(-4, -4 - r), min(4, 4 - r) + 1):
            if (q, r) in coords:
                a, b = _cell(st, coords[(q, r)], seat)
            elif (q, r) in spots:
                k, s = spots[(q, r)]
                p = st.players[s]
                a, b = f"({k})".ljust(CELL), f"{p.colour[:3]}{p.pump_level}".ljust(CELL)
            else:
                a = b = " " * CELL
            top.append(a)
            bottom.append(b)
        indent = "  " + " " * (abs(r) * CELL // 2)
        if "".join(top).strip():
            lines.append((indent + "".join(top)).rstrip())
            lines.append((indent + "".join(bottom)).rstrip())
    drained = [pos for pos in range(NPOS) if st.drained[pos]]
    if drained:
        lines.append("")
        lines.append("Drained tiles:")
        for pos in drained:
            t = TILES[st.tile_at[pos]]
            extra = f" {t[T_SPECIAL]}" if t[T_SPECIAL] else ""
            if t[T_BOX]:
                extra += f" box {t[T_BOX]}"
            lines.append(f"  {POS_NAMES[pos]:>3} {t[T_ID]}: {t[T_E]}E {t[T_G]}G {t[T_P]}VP{extra}")
    if seat is not None and st.players[seat].inspected:
        lines.append("You know (inspected, private):")
        for pos in st.players[seat].inspected:
            t = TILES[st.tile_at[pos]]
            lines.append(f"  {POS_NAMES[pos]:>3} {t[T_ID]}: {t[T_E]}E {t[T_G]}G {t[T_P]}VP {t[T_SPECIAL]}")
    if st.explorations:
        lines.append("Pending explorations:")
        for e in st.explorations:
            if st.drained[e[0]]:
                continue
            sab = f", saboteur {st.players[e[6]].colour}" if e[6] >= 0 else ""
            ins = f", {e[4]} insured" if e[4] else ""
            src = "pump" if e[5] < 0 else POS_NAMES[e[5]]
            lines.append(f"  {POS_NAMES[e[0]]}: {st.players[e[1]].colour} {e[2]}W {e[3]}M from {src}{ins}{sab}")
    lines.append("")
    lines.append("Action board:")
    for key, title in _BOX_TITLES:
        entries = st.boxes.get(key, [])
        slots = params.SLOTS[key]
        shown = []
        for e in entries:
            if e[1] or e[2]:
                what = f"{st.players[e[0]].colour} {e[1]}W" + (f"+{e[2]}M" if e[2] else "")
            else:
                what = f"{st.players[e[0]].colour} (resolved)"
            if e[3] >= 0:
                what += f"@{POS_NAMES[e[3]]}"
            shown.append(what)
        shown.extend(["·"] * (slots - len(entries)))
        lines.append(f"  {title:<17} " + " | ".join(shown))
    lines.append("")
    lines.append("Players: gold food emeralds VP | camp, personal supply: Workers Machines Pipes")
    for s, p in enumerate(st.players):
        mark = ">" if st.decision is not None and st.decision[1] == s else " "
        you = " (you)" if seat == s else ""
        flags = ", passed" if p.passed and st.stage == "plan" else ""
        flags += ", must open with Loan" if p.gold_duty and not p.placed and st.stage == "plan" else ""
        balsa = ""
        if params.balsa:
            if p.balsa_alive:
                balsa = f", balsa {POS_NAMES[p.balsa_pos]}{' protected' if p.balsa_protected else ''}"
                if p.balsa_workers:
                    balsa += " (activated)"
            else:
                balsa = ", balsa not placed yet" if st.stage == BALSA_SETUP else ", balsa destroyed"
        lines.append(
            f" {mark}{p.colour:<6} [{p.spot:>2}]{you:<6} {p.gold}g {p.food}f {p.emeralds}e {p.vp:>3}VP | "
            f"camp {p.camp_workers}W {p.camp_machines}M {p.camp_pipes}P | "
            f"supply {p.sup_workers}W {p.sup_machines}M {p.sup_pipes}P")
        he = ", ".join(POS_NAMES[x] for x in he_positions(st, s)) or "none"
        lines.append(
            f"          camp lvl {p.camp_level}, pump {p.pump_level}{' (+worker)' if p.pump_worker else ''}"
            f", loan {p.loan}, lake pipes {pipes_in_lake(st, s)}, HE: {he}{balsa}{flags}")
    if st.stage == OVER:
        lines.append("")
        lines.append("Final scores:")
        for s, b in enumerate(breakdown(st, params)):
            items = ", ".join(f"{k} {v}" for k, v in b.items() if k != "total" and v)
            lines.append(f"  {st.players[s].colour:<6} {b['total']:>4}  ({items})")
    elif st.decision is not None:
        lines.append("")
        lines.append(f"Waiting for {st.players[st.decision[1]].colour}: {_decision_text(st)}")
    return "\n".join(lines)
