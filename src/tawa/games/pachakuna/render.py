"""Terminal picture of P'achakuna, in named parts fitted to a width, and the help texts.

The board: pointy-top hexes, 3 text lines per cell; row r is shifted by half a cell per step, so the side marks of
neighbouring cells sit next to each other (side 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west,
5 south-east; spec "Screen convention"). ``^`` mountain, ``.`` valley, ``#`` rock. The full board is 12 columns a
cell (108 in all); below that width a compact board of 8 columns a cell (72 in all) is drawn, and every text line
is folded to the width, so that nothing wraps at 80 columns.

Parts: ``board``, ``legend`` (the goal, the marks, the side numbers, the colours), ``villages`` (demands, bag),
one part per seat named after it (``white``, ``black``: its supply slots and llamas) and ``status`` (whose turn,
which step, or the result).
"""

from __future__ import annotations

import textwrap

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    BOARD_RADIUS,
    BROWN,
    COLOURS,
    INDEX,
    LETTER,
    N_COLOURS,
    PLAYERS,
    QUECHUA,
    SIDE_DIRECTIONS,
    SIDE_NAMES,
    Tables,
    cell_name,
    llama_name,
    llamas_of,
)
from tawa.games.pachakuna.rules.move import Move
from tawa.games.pachakuna.rules.rotate import Rotate, stranded_llamas
from tawa.games.pachakuna.rules.trade import Sell, sale_gain
from tawa.games.pachakuna.scoring import colours_held
from tawa.games.pachakuna.state import PachakunaState, Phase

FULL, COMPACT = 12, 8  # columns per cell
MARK = (".", "^")  # by terrain: valley, mountain
WALKS = ("valleys .", "mountains ^")  # by llama colour (PK-060)


def seat_label(s: PachakunaState, seat: int) -> str:
    """White or Black: the colour the seat plays (PK-001, PK-093)."""
    return SIDE_NAMES[s.colour_of(seat)]


# ---------------------------------------------------------------------------- the board
def _llama_tag(s: PachakunaState, cell: int, room: int) -> str:
    """``w01b0``: White llamas 0 and 1 and Black llama 0 stand here; ``2+1`` (2 White, 1 Black) where that does
    not fit in ``room`` characters."""
    parts = []
    counts = []
    for seat in sorted(range(PLAYERS), key=s.colour_of):
        slots = "".join(llama_name(k)[-1] for k in llamas_of(seat) if s.pos[k] == cell)
        counts.append(len(slots))
        if slots:
            parts.append(seat_label(s, seat)[0].lower() + slots)
    tag = "".join(parts)
    return tag if len(tag) <= room else "+".join(str(n) for n in counts)


def _cell_lines(s: PachakunaState, tables: Tables, cell: int, compact: bool) -> tuple[str, str, str]:
    """One cell in 3 lines of 12 columns (8 when compact); the side marks keep their places next to the
    neighbours' marks (a village's sides are both terrains: ``+``)."""
    v = tables.village_at[cell]
    if v >= 0:
        d = s.demand[v]
        flags = tables.demand_flags[d] if d >= 0 else "---"
        name = COLOURS[v][:3].upper()
        if compact:
            return f"  +{name}+ ", f"+{flags:^6}+", f"+{_llama_tag(s, cell, 6):^6}+"
        ll = _llama_tag(s, cell, 5)
        return f"   +{name:^5}+  ", f"+ {'*' + flags + '*':^8} +", f"   +{ll:^5}+  "
    tt = tables.tile_types[s.types[cell]]
    t = [MARK[x] for x in tt.side_terrain[s.orient[cell]]]
    typ = f"{s.types[cell]}{s.orient[cell]}{'#' if cell in s.rocks else ''}"
    name = cell_name(cell)
    if compact:
        ll = _llama_tag(s, cell, 3)
        return f"  {t[2]}{typ:^3}{t[1]} ", f"{t[3]}{name:^6}{t[0]}", f"  {t[4]}{ll:^3}{t[5]} "
    ll = _llama_tag(s, cell, 5)
    return f"   {t[2]}{typ:^5}{t[1]}  ", f"{t[3]} {name:^8} {t[0]}", f"   {t[4]}{ll:^5}{t[5]}  "


def board_text(s: PachakunaState, tables: Tables, compact: bool = False) -> str:
    w = COMPACT if compact else FULL
    lines: list[str] = []
    for r in range(-BOARD_RADIUS, BOARD_RADIUS + 1):
        qs = [q for q in range(-BOARD_RADIUS, BOARD_RADIUS + 1) if (q, r) in INDEX]
        indent = int((qs[0] + r / 2 + BOARD_RADIUS) * w)
        rows = ["", "", ""]
        for q in qs:
            for i, part in enumerate(_cell_lines(s, tables, INDEX[(q, r)], compact)):
                rows[i] += part
        lines.extend(" " * indent + row.rstrip() for row in rows)
    return "\n".join(lines)


FULL_WIDTH = (2 * BOARD_RADIUS + 1) * FULL  # the widest row of the full board


# ---------------------------------------------------------------------------- the text parts
def fold(items: list[str], width: int, first: str = "", indent: str = "  ", sep: str = "; ") -> list[str]:
    """``first`` then the items joined by ``sep``, in lines of at most ``width`` columns; an item is never
    broken."""
    lines: list[str] = []
    line = first
    for item in items:
        gap = sep if line.strip() and line != first else ""
        if line.strip() and len(line) + len(gap) + len(item) > width:
            lines.append(line.rstrip())
            line = indent + item
        else:
            line += gap + item
    lines.append(line.rstrip())
    return lines


def _prose(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)


def legend_text(width: int) -> str:
    sides = ", ".join(f"{d} {name}" for d, name in enumerate(SIDE_DIRECTIONS))
    colours = [f"{LETTER[c]} {c} ({QUECHUA[i]})" for i, c in enumerate(COLOURS)]
    lines = _prose(
        f"Goal: the first player whose supply holds one piece of each of the {N_COLOURS} colours wins at once.", width
    )
    lines += _prose(
        f"Sides: {sides}; each side is ^ mountain or . valley; 'N3#' = tile type N at orientation 3, "
        "with a rock. Villages: +RED+ with the *upper/lower* flags of its demand.",
        width,
    )
    lines += fold(
        [
            "w01 = White llamas 0 and 1 (walk valleys .)",
            "b0 = Black llama 0 (walk mountains ^)",
            "1+2 = 1 White and 2 Black",
        ],
        width,
        "Llamas: ",
        sep=", ",
    )
    lines += fold([*colours, f"brown ({QUECHUA[BROWN]}) only pays costs"], width, "Colours: ", sep=", ")
    return "\n".join(lines)


def villages_text(s: PachakunaState, tables: Tables, params: Params, width: int) -> str:
    items = []
    for v in range(N_COLOURS):
        d = s.demand[v]
        shown = tables.demand_name(d) if d >= 0 else "sold, refill at the turn's end"
        items.append(f"{COLOURS[v]} {cell_name(tables.village_cell[v])} {shown}")
    up, low, _ = params.PAYOUT
    lines = fold(items, width, f"Villages (a sale on the upper flag pays {up}, on the lower {low}): ")
    rocks = f"rocks on {', '.join(cell_name(c) for c in s.rocks)}" if s.rocks else "no rocks"
    lines += fold([f"bag {len(s.bag)} demands", f"discard pile {len(s.discard)}", rocks], width)
    return "\n".join(lines)


def seat_text(s: PachakunaState, seat: int, observer: int | None, width: int) -> str:
    """A seat's area: its 7 supply slots by colour (PK-251), its brown piece and its llamas."""
    colour = s.colour_of(seat)
    me = " (you)" if observer == seat else ""
    sup = s.supply[seat]
    held = colours_held(s, seat)
    letters = " ".join(LETTER[c] for c in COLOURS)
    cutouts = " ".join(LETTER[c] if sup[i] else "_" for i, c in enumerate(COLOURS))  # PK-251: filled iff held
    pieces = [f"{ALL_PIECES[i]} {n}" for i, n in enumerate(sup) if n] or ["empty"]
    lines = [
        f"{SIDE_NAMES[colour]}{me}: llamas walk {WALKS[colour]}; {held} of the {N_COLOURS} colours held",
        f"  colour slots  {letters}",
    ]
    lines += fold(pieces, width, f"               [{cutouts}]  supply: ", "    ", sep=", ")
    llamas = []
    for k in llamas_of(seat):
        if s.pos[k] < 0:
            llamas.append(f"{llama_name(k)} off the board")
        else:
            load = COLOURS[s.load[k]] if s.load[k] >= 0 else "nothing (loaded at the refill)"
            llamas.append(f"{llama_name(k)} on {cell_name(s.pos[k])} carrying {load}")
    lines += fold(llamas, width, "  ", "  ")
    return "\n".join(lines)


_STEP_TEXT = {
    Phase.ROTATE_FREE: "rotate step (the free rotation)",
    Phase.ROTATE_PAID: "rotate step (paid rotations)",
    Phase.MOVE: "move step",
    Phase.TRADE: "trade step",
}


def status_text(s: PachakunaState, params: Params, width: int) -> str:
    if s.winner >= 0:
        return f"GAME OVER: {seat_label(s, s.winner)} holds all {N_COLOURS} colours and wins (PK-300)"
    if s.draw:
        return f"GAME OVER: draw, the turn cap of {params.TURN_CAP} turns was reached (PK-320)"
    cap = f" of at most {params.TURN_CAP}" if params.TURN_CAP is not None else ""
    extra = ""
    if s.paying:
        extra = f": paying {s.pay_need} more piece{'s' if s.pay_need > 1 else ''} for the {s.paying}"
    elif s.step == Phase.MOVE:
        extra = f": {llama_name(s.move_slot)} to move"
    return "\n".join(
        fold(
            [f"Turn {s.turn + 1}{cap}", f"{seat_label(s, s.active)} to play", f"{_STEP_TEXT[s.step]}{extra}"],
            width,
            sep=" · ",
        )
    )


def render_parts(
    s: PachakunaState, tables: Tables, params: Params, seat: int | None, width: int | None
) -> list[tuple[str, str]]:
    compact = width is not None and width < FULL_WIDTH
    fit = FULL_WIDTH if width is None else width  # text is folded to the width, or to the full board's
    parts = [
        ("board", board_text(s, tables, compact)),
        ("legend", legend_text(fit)),
        ("villages", villages_text(s, tables, params, fit)),
    ]
    for who in sorted(range(PLAYERS), key=s.colour_of):
        parts.append((seat_label(s, who).lower(), seat_text(s, who, seat, fit)))
    parts.append(("status", status_text(s, params, fit)))
    return parts


# ---------------------------------------------------------------------------- help texts (the CLI's `?`)
def rule_help(params: Params, verb: str) -> str:
    """What the rules say about one kind of action, with this game's values."""
    up, low, none = params.PAYOUT
    cost, price = params.ROTATION_COST, params.LLAMA_COST
    texts = {
        "rotate": f"PK-130..PK-140: the first rotation of a turn is free, each further one costs {cost} pieces; a tile "
        "with a llama or a rock cannot turn; each tile turns at most once; rocks go on the rotated tiles "
        "when the rotate step ends and protect them during the opponent's next turn.",
        "end": "PK-140/141 ends the rotate step (rocks on exactly this turn's rotated tiles), or PK-270 ends the trade "
        "step: villages that sold draw new demands and llamas that sold or were bought are loaded.",
        "pay": "PK-134/231/253: pay one piece of any colour (brown included) from your supply.",
        "move": "PK-060..PK-066, PK-161: White llamas follow valleys, Black llamas mountains, as far as the path "
        "goes; a village ends the move.",
        "stay": "PK-164: a llama on a village may rest there.",
        "sell": f"PK-200..PK-209: upper flag +{up}, lower flag +{low}, neither {none} pieces of the sold colour; the "
        "demand is discarded and the llama is loaded with the village colour at refill.",
        "buy": f"PK-230..PK-236: pay {price} pieces; the new llama stands empty on this village and is loaded at "
        "refill.",
    }
    return texts.get(verb, "")


def sale_text(s: PachakunaState, tables: Tables, params: Params, load: int, village: int) -> str:
    """What selling ``load`` at ``village`` would pay now, and what it does to the seller's colours."""
    d = s.demand[village]
    if load < 0 or load == village or d < 0:
        return ""
    gain = sale_gain(tables, params.PAYOUT, load, d)
    upper, lower = tables.demands[d]
    flag = "the upper flag" if load == upper else "the lower flag" if load == lower else "neither flag"
    colour = COLOURS[load]
    text = f"Selling {colour} at the {COLOURS[village]} village ({tables.demand_name(d)}, {colour} on {flag}) pays "
    text += f"{gain} {colour}" if gain else "nothing (the llama only swaps its load)"
    held = s.supply[s.active]
    if gain and not held[load]:
        after = colours_held(s, s.active) + 1
        text += f": a new colour, {after} of {N_COLOURS}" + (" (all of them: you win)" if after == N_COLOURS else "")
    return text + f"; the llama is then loaded with {COLOURS[village]} at the refill."


def help_text(s: PachakunaState, tables: Tables, params: Params, action: Action) -> str:
    lines = [action.text]
    data = action.data
    if isinstance(data, Sell):
        lines.append(sale_text(s, tables, params, s.load[data.llama], tables.village_at[s.pos[data.llama]]))
    elif isinstance(data, Move) and tables.village_at[data.cell] >= 0:
        lines.append(sale_text(s, tables, params, s.load[data.llama], tables.village_at[data.cell]))
    lines.append(rule_help(params, action.id.split()[0]))
    lines.append(rotation_warning(s, tables, action) or "")
    return "\n".join(line for line in lines if line)


def rotation_warning(s: PachakunaState, tables: Tables, action: Action) -> str | None:
    """PK-325: a warning (the rotation stays legal) when this rotation leaves one of the player's own llamas with
    no reachable cell."""
    if not isinstance(action.data, Rotate):
        return None
    stuck = stranded_llamas(s, tables, action.data.cell, action.data.orientation)
    if not stuck:
        return None
    names = ", ".join(llama_name(k) for k in stuck)
    return f"Warning: after this rotation your {names} cannot move anywhere (PK-325)."
