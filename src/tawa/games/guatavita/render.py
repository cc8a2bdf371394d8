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
from tawa.games.guatavita.state import OVER, State

CELL = 8
_BOX_TITLES = (("sabotage", "Sabotage"), ("camp", "Camp Upgrade"), ("pumpre", "Pump/Re-explore"),
               ("harvest", "Harvest"), ("pioneer", "Pioneer"), ("commerce_machine", "Commerce machine"),
               ("commerce_pipe", "Commerce pipe"), ("recruit", "Recruitment"), ("loan", "Loan"))


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
    lines.append(f"GUATAVITA  round {st.round}  stage: {stage}  Pioneer: {st.players[st.pioneer].colour}  "
                 f"emerald supply: {st.supply}" + (f"  ends after this round: {', '.join(st.end_triggers)}"
                                                  if st.end_triggers and st.stage != OVER else ""))
    lines.append("")
    lines.append("Lake  ~21 undrained: needs 2 workers 1 machine   * being explored   ? you inspected")
    lines.append("      =rB drained: pipes of red, blue (capital letter: head explorer there)")
    lines.append("      br / Br balsa of red (B: protected)   (NE) red2: red's pump on spot NE, level 2")
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
    lines.append("Players  gold food emeralds VP | camp W/M/P | personal supply W/M/P |")
    lines.append("         camp level, pump, loan, head explorers, pipes in the lake")
    for s, p in enumerate(st.players):
        mark = ">" if st.decision is not None and st.decision[1] == s else " "
        you = " (you)" if seat == s else ""
        flags = " passed" if p.passed and st.stage == "plan" else ""
        flags += " must-loan" if p.gold_duty and not p.placed and st.stage == "plan" else ""
        balsa = ""
        if params.balsa:
            balsa = (f" balsa {POS_NAMES[p.balsa_pos]}{' prot' if p.balsa_protected else ''}"
                     if p.balsa_alive else " balsa destroyed")
        lines.append(
            f" {mark}{p.colour:<6} [{p.spot:>2}]{you:<6} {p.gold}g {p.food}f {p.emeralds}e {p.vp:>3}VP | "
            f"{p.camp_workers}/{p.camp_machines}/{p.camp_pipes} | {p.sup_workers}/{p.sup_machines}/{p.sup_pipes} | "
            f"lvl {p.camp_level} pump {p.pump_level}{'+w' if p.pump_worker else ''} loan {p.loan} "
            f"HE {len(he_positions(st, s))} pipes {pipes_in_lake(st, s)}{balsa}{flags}")
    if st.stage == OVER:
        lines.append("")
        lines.append("Final scores:")
        for s, b in enumerate(breakdown(st, params)):
            items = ", ".join(f"{k} {v}" for k, v in b.items() if k != "total" and v)
            lines.append(f"  {st.players[s].colour:<6} {b['total']:>4}  ({items})")
    elif st.decision is not None:
        lines.append("")
        lines.append(f"Waiting for {st.players[st.decision[1]].colour}: {st.decision[0]}")
    return "\n".join(lines)
