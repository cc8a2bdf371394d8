"""Terminal picture of the hex board: each cell shows its six side terrains, type, rocks and llamas.

Pointy-top hexes, 3 text lines and 12 columns per cell; row r is shifted by half a cell per step, so the side
marks of neighbouring cells sit next to each other (side 0 east, 1 north-east, 2 north-west, 3 west,
4 south-west, 5 south-east; spec "Screen convention"). ``^`` mountain, ``.`` valley, ``#`` rock.
"""
from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.pachakuna.data import ALL_PIECES, COLOURS, INDEX, LETTER, QUECHUA, Tables, cell_name, llama_name
from tawa.games.pachakuna.data import BOARD_RADIUS as RADIUS
from tawa.games.pachakuna.rules.rotate import Rotate, stranded_llamas
from tawa.games.pachakuna.state import PKState, Step

W = 12
MARK = (".", "^")


def _llama_tag(s: PKState, cell: int) -> str:
    parts = []
    for seat in sorted((0, 1), key=s.colour_of):
        slots = "".join(str(k % 3) for k in range(seat * 3, seat * 3 + 3) if s.pos[k] == cell)
        if slots:
            parts.append(("w" if s.colour_of(seat) == 0 else "b") + slots)
    tag = "".join(parts)
    if len(tag) > 5:
        tag = "".join(f"{len(p) - 1}{p[0]}" for p in parts)
    return tag


def _cell_lines(s: PKState, tables: Tables, cell: int) -> tuple[str, str, str]:
    v = tables.village_at[cell]
    ll = _llama_tag(s, cell)
    if v >= 0:
        d = s.demand[v]
        flags = tables.demand_flags[d] if d >= 0 else "---"
        name = COLOURS[v][:3].upper()
        return (f"   +{name:^5}+  ", f"+ {'*' + flags + '*':^8} +", f"   +{ll:^5}+  ")
    tt = tables.tile_types[s.types[cell]]
    t = [MARK[x] for x in tt.side_terrain[s.orient[cell]]]
    rock = "#" if cell in s.rocks else ""
    typ = f"{s.types[cell]}{s.orient[cell]}{rock}"
    return (f"   {t[2]}{typ:^5}{t[1]}  ", f"{t[3]} {cell_name(cell):^8} {t[0]}", f"   {t[4]}{ll:^5}{t[5]}  ")


def board_text(s: PKState, tables: Tables) -> str:
    lines: list[str] = []
    for r in range(-RADIUS, RADIUS + 1):
        qs = [q for q in range(-RADIUS, RADIUS + 1) if (q, r) in INDEX]
        indent = int((qs[0] + r / 2 + RADIUS) * W)
        rows = ["", "", ""]
        for q in qs:
            for i, part in enumerate(_cell_lines(s, tables, INDEX[(q, r)])):
                rows[i] += part
        lines.extend(" " * indent + row.rstrip() for row in rows)
    return "\n".join(lines)


def render(s: PKState, tables: Tables, params: Params, seat: int | None) -> str:
    out = [board_text(s, tables), ""]
    out.append("legend: side marks ^ mountain . valley; tile 'N3#' = type N, orientation 3, rock;")
    out.append("        llamas w01 = White slots 0,1, b0 = Black slot 0; villages *upper/lower* demand flags")
    out.append("villages: " + "  ".join(
        f"{COLOURS[v]}@{cell_name(tables.village_cell[v])}="
        f"{tables.demand_flags[s.demand[v]] if s.demand[v] >= 0 else '-'}" for v in range(7)))
    for seat_ in (0, 1):
        side = "White" if s.colour_of(seat_) == 0 else "Black"
        sup = s.supply[seat_]
        cut = " ".join(LETTER[COLOURS[c]] if sup[c] else "_" for c in range(7))
        pieces = ", ".join(f"{ALL_PIECES[c]} {n}" for c, n in enumerate(sup) if n) or "empty"
        ll = []
        for k in range(seat_ * 3, seat_ * 3 + 3):
            if s.pos[k] < 0:
                ll.append(f"llama{k % 3}: off board")
            else:
                load = COLOURS[s.load[k]] if s.load[k] >= 0 else "empty"
                ll.append(f"llama{k % 3}: {cell_name(s.pos[k])} carrying {load}")
        me = " (you)" if seat is not None and seat == seat_ else ""
        walks = "valleys ." if side == "White" else "mountains ^"
        out.append(f"seat {seat_} {side}{me}, llamas walk {walks}: [{cut}] supply {pieces}")
        out.append("    " + "; ".join(ll))
    out.append(f"bag {len(s.bag)} demands, discard {len(s.discard)}; rocks: "
               f"{', '.join(cell_name(c) for c in s.rocks) or 'none'}")
    if s.winner >= 0:
        out.append(f"GAME OVER: seat {s.winner} wins")
    elif s.draw:
        out.append("GAME OVER: draw (turn cap)")
    else:
        side = "White" if s.colour_of(s.active) == 0 else "Black"
        step = s.step.label
        extra = ""
        if s.paying:
            extra = f", paying {s.pay_need} more for the {s.paying}"
        elif s.step == Step.MOVE:
            extra = f", llama{s.move_slot} to move"
        out.append(f"turn {s.turn + 1}: seat {s.active} ({side}) — step {step}{extra}")
    out.append("colours: " + ", ".join(f"{c} ({QUECHUA[i]})" for i, c in enumerate(COLOURS)))
    return "\n".join(out)


# ---------------------------------------------------------------------------- help texts (the CLI's `?`)
HELP = {
    "rotate": "PK-130..PK-140: the first rotation of a turn is free, each further one costs 2 pieces; a tile with a "
              "llama or a rock cannot turn; each tile turns at most once; rocks go on the rotated tiles when the "
              "rotate step ends and protect them during the opponent's next turn.",
    "end": "PK-140/141 ends the rotate step (rocks on exactly this turn's rotated tiles), or PK-270 ends the trade "
           "step: villages that sold draw new demands and llamas that sold or were bought are loaded.",
    "pay": "PK-134/231/253: pay one piece of any colour (brown included) from your supply.",
    "move": "PK-060..PK-066, PK-161: White llamas follow valleys, Black llamas mountains, as far as the path goes; "
            "a village ends the move.",
    "stay": "PK-164: a llama on a village may rest there.",
    "sell": "PK-200..PK-209: upper flag +2, lower flag +1, neither 0 pieces of the sold colour; the demand is "
            "discarded and the llama is loaded with the village colour at refill.",
    "buy": "PK-230..PK-236: pay 4 pieces; the new llama stands empty on this village and is loaded at refill.",
}


def help_text(s: PKState, tables: Tables, action: Action) -> str:
    word = action.id.split()[0]
    text = f"{action.text}\n{HELP.get(word, '')}".strip()
    warning = rotation_warning(s, tables, action)
    return f"{text}\n{warning}" if warning else text


def rotation_warning(s: PKState, tables: Tables, action: Action) -> str | None:
    """PK-325: a warning (the rotation stays legal) when this rotation leaves one of the player's own llamas with
    no reachable cell."""
    if not isinstance(action.data, Rotate):
        return None
    stuck = stranded_llamas(s, tables, action.data.cell, action.data.orientation)
    if not stuck:
        return None
    names = ", ".join(llama_name(k) for k in stuck)
    return f"Warning: after this rotation your {names} cannot move anywhere (PK-325)."
