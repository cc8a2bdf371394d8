"""Terminal picture of the lake, the action board and every player's resources."""
from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules.common import he_positions, pipes_in_lake
from tawa.games.guatavita.scoring import breakdown
from tawa.games.guatavita.state import Stage, State

CELL = 8
_BOX_TITLES = (("sabotage", "Sabotage"), ("camp", "Camp Upgrade"), ("pumpre", "Pump/Re-explore"),
               ("harvest", "Harvest"), ("pioneer", "Pioneer"), ("commerce_machine", "Commerce machine"),
               ("commerce_pipe", "Commerce pipe"), ("recruit", "Recruitment"), ("loan", "Loan"))


_STAGE_NAMES = {"balsa_setup": "setup: balsa start tiles", "start": "planning (start)", "plan": "planning phase",
                "lake": "execution: lake tiles", "balsa": "execution: balsas", "boxes": "execution: action boxes",
                "game over": "game over"}


def _decision_text(st: State, tb: Tables) -> str:
    """The pending decision in words."""
    d = st.decision
    assert d is not None
    kind = d.ask.value
    where = tb.names[d.pos] if d.pos >= 0 else ""
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


def _cell(st: State, tb: Tables, pos: int, seat: int | None) -> tuple[str, str]:
    """Two lines for one lake position: its name (+ markers) and its state."""
    t = tb.tiles[st.tile_at[pos]]
    top = tb.names[pos]
    letters = [p.colour[0] for p in st.players]
    if st.drained[pos]:
        owners = "".join(letters[s].upper() if st.he[pos] == s else letters[s]
                         for s in range(len(st.players)) if st.pipes[pos][s])
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
    return top[:CELL - 1].ljust(CELL), bottom[:CELL - 1].ljust(CELL)


def render_text(st: State, tb: Tables, params: Params, seat: int | None) -> str:
    lines: list[str] = []
    stage = "game over" if st.stage == Stage.OVER else st.stage.key
    stage = _STAGE_NAMES.get(stage, stage)
    lines.append(f"GUATAVITA  round {st.round}  {stage}  Pioneer: {st.players[st.pioneer].colour}  "
                 f"emerald supply: {st.supply}" + (f"  ends after this round: {', '.join(st.end_triggers)}"
                                                  if st.end_triggers and st.stage != Stage.OVER else ""))
    lines.append("")
    lines.append("Lake  ~21 under water, needs 2 workers + 1 machine   * being explored")
    lines.append("      =rB drained, pipes of red and blue (capital: head explorer there)")
    lines.append("      (NE) red2: red's pump on spot NE, level 2"
                 + ("   ?: you inspected it" if seat is not None and st.players[seat].inspected else ""))
    if params.balsa:
        lines.append("      br / Br: red's balsa there (B: protected)")
    coords = {qr: i for i, qr in enumerate(tb.coords)}
    spots = {(v.q, v.r): (k, s) for s, p in enumerate(st.players) for k, v in tb.spots.items() if k == p.spot}
    for r in range(-4, 5):
        top, bottom = [], []
        for q in range(max(-4, -4 - r), min(4, 4 - r) + 1):
            if (q, r) in coords:
                a, b = _cell(st, tb, coords[(q, r)], seat)
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
    drained = [pos for pos in range(tb.npos) if st.drained[pos]]
    if drained:
        lines.append("")
        lines.append("Drained tiles:")
        for pos in drained:
            t = tb.tiles[st.tile_at[pos]]
            extra = f" {t.special}" if t.special else ""
            if t.box:
                extra += f" box {t.box}"
            lines.append(f"  {tb.names[pos]:>3} {t.id}: {t.emeralds}E {t.gold}G {t.prestige}VP{extra}")
    if seat is not None and st.players[seat].inspected:
        lines.append("You know (inspected, private):")
        for pos in st.players[seat].inspected:
            t = tb.tiles[st.tile_at[pos]]
            lines.append(f"  {tb.names[pos]:>3} {t.id}: {t.emeralds}E {t.gold}G {t.prestige}VP {t.special}")
    if st.explorations:
        lines.append("Pending explorations:")
        for e in st.explorations:
            if st.drained[e.pos]:
                continue
            sab = f", saboteur {st.players[e.saboteur].colour}" if e.saboteur >= 0 else ""
            ins = f", {e.insured} insured" if e.insured else ""
            src = "pump" if e.source < 0 else tb.names[e.source]
            who = st.players[e.owner].colour
            lines.append(f"  {tb.names[e.pos]}: {who} {e.workers}W {e.machines}M from {src}{ins}{sab}")
    lines.append("")
    lines.append("Action board:")
    for key, title in _BOX_TITLES:
        entries = st.boxes.get(key, [])
        slots = params.SLOTS[key]
        shown = []
        for slot in entries:
            if slot.workers or slot.machines:
                what = f"{st.players[slot.seat].colour} {slot.workers}W"
                what += f"+{slot.machines}M" if slot.machines else ""
            else:
                what = f"{st.players[slot.seat].colour} (resolved)"
            if slot.target >= 0:
                what += f"@{tb.names[slot.target]}"
            shown.append(what)
        shown.extend(["·"] * (slots - len(entries)))
        lines.append(f"  {title:<17} " + " | ".join(shown))
    lines.append("")
    lines.append("Players: gold food emeralds VP | camp, personal supply: Workers Machines Pipes")
    for s, p in enumerate(st.players):
        mark = ">" if st.decision is not None and st.decision.seat == s else " "
        you = " (you)" if seat == s else ""
        flags = ", passed" if p.passed and st.stage == Stage.PLAN else ""
        flags += ", must open with Loan" if p.gold_duty and not p.placed and st.stage == Stage.PLAN else ""
        balsa = ""
        if params.balsa:
            if p.balsa_alive:
                balsa = f", balsa {tb.names[p.balsa_pos]}{' protected' if p.balsa_protected else ''}"
                if p.balsa_workers:
                    balsa += " (activated)"
            else:
                balsa = ", balsa not placed yet" if st.stage == Stage.BALSA_SETUP else ", balsa destroyed"
        lines.append(
            f" {mark}{p.colour:<6} [{p.spot:>2}]{you:<6} {p.gold}g {p.food}f {p.emeralds}e {p.vp:>3}VP | "
            f"camp {p.camp_workers}W {p.camp_machines}M {p.camp_pipes}P | "
            f"supply {p.sup_workers}W {p.sup_machines}M {p.sup_pipes}P")
        he = ", ".join(tb.names[x] for x in he_positions(st, s)) or "none"
        lines.append(
            f"          camp lvl {p.camp_level}, pump {p.pump_level}{' (+worker)' if p.pump_worker else ''}"
            f", loan {p.loan}, lake pipes {pipes_in_lake(st, s)}, HE: {he}{balsa}{flags}")
    if st.stage == Stage.OVER:
        lines.append("")
        lines.append("Final scores:")
        for s, parts in enumerate(breakdown(st, tb, params)):
            items = ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total" and v)
            lines.append(f"  {st.players[s].colour:<6} {parts['total']:>4}  ({items})")
    elif st.decision is not None:
        lines.append("")
        lines.append(f"Waiting for {st.players[st.decision.seat].colour}: {_decision_text(st, tb)}")
    return "\n".join(lines)


def render_parts(st: State, tb: Tables, params: Params, seat: int | None, width: int | None) -> list[tuple[str, str]]:
    return [("table", render_text(st, tb, params, seat))]


def seat_name(st: State, seat: int) -> str:
    return st.players[seat].colour.capitalize()


_RULE_OF_KIND = {
    "explore": ("GV-170", "an exploration needs an undrained, untargeted tile reachable from your pump or an own "
                          "adjacent tile, a level-2 pump for phases 3-4, and its workers, machines and pipes in camp"),
    "cross": ("GV-200", "a crossing needs a drained tile owned only by others, reachable from a source, the rent "
                        "in gold and the pipes in camp"),
    "sabotage": ("GV-250", "sabotage needs a free slot, 2 workers and another player's pending exploration "
                           "without a saboteur"),
    "camp": ("GV-131", "Camp Upgrade needs a free slot, 2 workers + 1 machine, and the camp below level 9"),
    "pump": ("GV-133", "Pump Upgrade needs a free slot, 1 worker, a level-1 pump and no pump placement yet"),
    "reexplore": ("GV-134", "re-exploration needs an own damp tile with a box, 1 worker + 1 machine"),
    "harvest": ("GV-136", "Harvest needs a free slot and the workers in camp"),
    "pioneer": ("GV-137", "Pioneer needs its free slot and 1 worker"),
    "commerce": ("GV-139", "Commerce needs a free slot of that type, 1 worker, and at most 2 of your workers there"),
    "recruit": ("GV-141", "Recruitment needs a free slot and 1 worker"),
    "loan": ("GV-144", "Loan needs a free slot, 1 worker and the loan track not at its end"),
    "balsa": ("GV-775", "the balsa can be activated once a round, with 2 workers, if it is not destroyed and its "
                        "tile is not being explored"),
    "pass": ("GV-270", "pass: no more placements this planning phase (impossible while you must open with a Loan, "
                       "GV-111)"),
    "declare": ("GV-422", "emeralds: take all the tile's emeralds; gold: take 1 gold; prestige: both score its VP. "
                          "If the tile shows none of it (or is a landslide) the saboteur is lost (GV-425, GV-426)"),
    "keep": ("GV-395", "keep every head explorer in the lake (each scores 3 VP at the end)"),
    "return_he": ("GV-101", "the head explorer comes back to camp as a worker; the tile keeps its pipes (GV-396)"),
    "pay": ("GV-105", "2 workers from your personal supply for 1 gold or 4 emeralds"),
    "balsa_start": ("GV-772", "start your balsa on this shore tile"),
    "step": ("GV-778", "move the balsa one tile (at most 2 steps); entering an unprotected balsa pushes it"),
    "stop": ("GV-778", "end the balsa's move here"),
    "push": ("GV-782", "your pushed balsa goes to this tile"),
    "inspect": ("GV-786", "pay 2 emeralds to see this tile's drained side, privately"),
    "protect": ("GV-788", "2 emeralds on the balsa: exploring its tile needs 1 more machine until you activate it"),
    "nothing": ("GV-785", "do nothing more with the balsa"),
    "exchange": ("GV-601", "Pioneer exchange: 1 gold <-> 4 emeralds, or none"),
}


def help_text(st: State, tb: Tables, params: Params, action: Action) -> str:
    rule = _RULE_OF_KIND.get(action.data.kind) if action.data else None
    extra = f"\n[{rule[0]}] {rule[1]}" if rule else ""
    return f"{action.text}{extra}"
