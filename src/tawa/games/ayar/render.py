"""Terminal picture of an Ayar game, as named parts fitted to the terminal's width.

Parts, in display order: ``header`` (round, turn, who decides what), ``board`` (the four paths and the temple
rows), ``lake`` (Textile stacks, Pot market, terrace, Boat route), ``rival`` (solo only), one part per player
in seat order, named by its seat (``P2`` ...) except the viewing seat's own board, ``you`` (a spectator sees
every player as ``P1`` ...), then ``turn`` (the turn being played) or ``final`` (the end). Ayar has no private
information (AY-705), so ``you`` differs from the others only in being shown in full in the compact form. The
terminal redraws only the parts that changed between two decisions of one turn.

Below ``FULL_WIDTH`` columns the compact form is used: shorter legends, two Textile stacks a line, the other
players in three summary lines; every line of every form is folded to the width when one is given.
"""

from __future__ import annotations

import textwrap

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.ayar.data import (
    ACTIVITIES,
    BOX_NAMES,
    GRID,
    LANES,
    MARKERS,
    NEUTRAL,
    PATHS,
    ROUNDS,
    SECTIONS,
    E,
    N,
    S,
    Tables,
    W,
    solo_title,
)
from tawa.games.ayar.rules.texts import RIVAL, activity_name, bonus_text, cell_name, owner_label, seat_label
from tawa.games.ayar.scoring import farm_sun, moon_values, pottery_sun, reed_sun, scores, sun_value, weave_sun
from tawa.games.ayar.state import DECISIONS, AyarState, Phase, PlayerState

FULL_WIDTH = 100  # narrower terminals get the compact form
LINE = {True: 79, False: 99}  # the longest line each form writes before any folding (compact, full)

DECIDING = {
    Phase.MARKER: "lay a Step marker",
    Phase.SLOT: "choose the Step slot",
    Phase.AYAR: "choose the Ayar to move",
    Phase.TAMBO: "take a Tambo of the lane",
    Phase.SPOT: "place the Tambo on a spot",
    Phase.POT: "take Pots",
    Phase.TEXTILE: "take a Textile",
    Phase.PLACE: "lay the Textile",
    Phase.MAIZE: "plant Maize",
    Phase.BOAT: "move the Boat",
    Phase.TEMPLE: "place a Temple marker",
}
SHORT_BONUS = {
    "llamas": "+{} Llamas",
    "inti": "+{} Inti",
    "power_pw": "+{} power P/W",
    "power_fr": "+{} power F/R",
    "moon": "+{} Moon a Night",
}


def render_table(
    st: AyarState, t: Tables, params: Params, seat: int | None, width: int | None
) -> list[tuple[str, str]]:
    """The terminal picture of what ``seat`` sees, under a finished solo game's C17 title (AY-515)."""
    title = solo_title(params, int(scores(st)[0])) if st.final and st.n == 1 else ""
    return render_parts(st, t, seat, width, params.SET_MOON, tuple(params.SOLO_BANDS), title)


def render_parts(
    st: AyarState,
    t: Tables,
    seat: int | None,
    width: int | None,
    set_moon: tuple[int, ...],
    solo_bands: tuple[str, ...],
    solo_title: str,
) -> list[tuple[str, str]]:
    """What ``seat`` sees (``None``: a spectator), as (name, text) parts in display order."""
    compact = width is not None and width < FULL_WIDTH
    parts = [("header", header(st, t)), ("board", board(st, t, compact)), ("lake", lake(st, t, compact))]
    if st.n == 1:
        parts.append(("rival", rival(st, t)))
    for i in range(st.n):  # in seat order; the viewing seat's board is "you"
        if i == seat:
            parts.append(("you", player_area(st, t, i, set_moon, True, compact, False)))
        else:
            summary = compact and seat is not None
            parts.append((seat_label(i), player_area(st, t, i, set_moon, False, compact, summary)))
    if st.final:
        parts.append(("final", final(st, solo_bands, solo_title)))
    elif st.phase in DECISIONS and st.tok_n == 0 and st.phase != Phase.MARKER:
        parts.append(("turn", "\n".join(pack("THIS TURN: ", turn_parts(st, t), LINE[compact], ", "))))
    return [(name, fit(text if name == "header" else "\n" + text, width)) for name, text in parts]


def fit(text: str, width: int | None) -> str:
    """Fold every line longer than ``width`` at spaces, continuing with its own indentation plus two."""
    out = []
    for line in text.split("\n"):
        line = line.rstrip()
        if width is None or len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False))
    return "\n".join(out)


# ---------------------------------------------------------------- header and turn
def header(st: AyarState, t: Tables) -> str:
    """Two lines: the game, the round and Day turn (or Night), the start player; who decides what now."""
    who = "solo against the Rival" if st.n == 1 else f"{st.n} players"
    if st.phase == Phase.OVER:
        when = f"game over after Night {ROUNDS}"
    elif st.phase == Phase.NIGHT:
        when = f"round {st.round}/{ROUNDS}, Night {st.round}"
    else:
        when = f"round {st.round}/{ROUNDS}, Day turn {st.turn + 1}/{t.turns_per_round[st.round - 1] * st.n}"
    head = f"Ayar — {who} — {when} — start player {seat_label(st.start)}"
    if st.phase == Phase.OVER:
        return head
    if st.tok_n:
        now = f"{seat_label(st.tok_seat)} places a Viracocha token on a bonus space"
    else:
        now = f"{seat_label(st.seat)} to {DECIDING.get(st.phase, 'act')}" + (
            " (no activity is possible: fallback, AY-190)" if st.fallback and st.phase in DECISIONS else ""
        )
    return head + "\n" + now


def turn_parts(st: AyarState, t: Tables) -> list[str]:
    """What the turn being played has chosen so far."""
    parts = [seat_label(st.seat)]
    if st.marker >= 0:
        parts.append(f"{MARKERS[st.marker]} marker")
    if st.slot >= 0:
        parts.append(f"slot {LANES[st.slot].upper()}")
    if st.path >= 0:
        parts.append(f"{PATHS[st.path]} Ayar at step {st.step[st.path]}")
    if st.cell >= 0:
        parts.append(f"Tambo {cell_name(st.cell)} taken (power {st.base} before bonuses)")
    if st.fallback:
        parts.append("FALLBACK: no activity possible (AY-190)")
    if st.act:
        parts.append(f"spot {st.spot}: {activity_name(st.act)}, power left {st.power}")
    if st.chosen_stack >= 0 and st.phase == Phase.PLACE:
        parts.append(f"placing {t.textiles[st.stacks[st.chosen_stack][0]].id} from stack {st.chosen_stack + 1}")
    return parts


def final(st: AyarState, solo_bands: tuple[str, ...], solo_title: str) -> str:
    """The final scores (the ranking with its tie-breaks is ``Game.standings``) and the solo band."""
    text = "\n".join(
        pack(
            "FINAL: ",
            [f"{seat_label(i)} {f.final} (Sun {f.sun}, Moon {f.moon})" for i, f in enumerate(st.final)],
            LINE[True],
            "; ",
        )
    )
    if st.n == 1 and solo_bands:  # AY-515
        text += f"\nSolo result: {solo_title} (bands {', '.join(solo_bands)})"
    return text


# ---------------------------------------------------------------- the main board
def owner(o: int) -> str:
    """One character for a piece's owner on a board: the seat number, ``#`` for the Rival."""
    return "#" if o == NEUTRAL else str(o + 1)


def board(st: AyarState, t: Tables, compact: bool) -> str:
    if compact:
        out = [
            "PATHS  spot k lies before step k: P/W/F/R free, 1-4 Tambo of P1-P4, # Rival",
            "       . unused; lower case: retired path; below: A = Ayar, p/w/f/r = Raymi",
        ]
    else:
        out = [
            "PATHS  spot k lies before step k: letter = free spot (P/W/F/R), digit = player's Tambo, # = Rival,",
            "       . = unused; lower case = retired path.  Under each path: A = Ayar, p/w/f/r = Raymi tile",
        ]
    out.append("       " + "".join(str(k // 10) if k % 10 == 0 else " " for k in range(1, t.cusco + 1)))
    for q in range(len(PATHS)):
        row = []
        for k in range(1, t.cusco + 1):
            occ = st.spots[q][k]
            if k <= t.start_step:
                row.append(".")
            elif occ:
                row.append(owner(occ[-1]))
            else:
                row.append(t.spot_activity[q][k - 1] if st.active[q] else t.spot_activity[q][k - 1].lower())
        where = f"step {st.step[q]}" if st.active[q] else "retired"
        out.append(f"{PATHS[q]:<7}" + "".join(row) + f"  {where}")
        marks = [" "] * (t.cusco + 1)
        for j, rs in enumerate(t.raymi_steps):
            tile = st.raymi[q * len(t.raymi_steps) + j]
            if tile and rs <= t.cusco:
                marks[rs] = tile.lower()
        if st.active[q]:
            marks[min(st.step[q], t.cusco)] = "A"
        if "".join(marks).strip():
            out.append(("       " + "".join(marks[1:])).rstrip())
    out.append("")
    out.append("TEMPLE ROWS")
    for q in range(len(PATHS)):
        held = " ".join(seat_label(s) for s in st.temple[q]) or "-"
        status = "closed" if st.temple_closed[q] else f"Viracocha {st.temple_token[q]}"
        out.append(f"  {PATHS[q]:<7} markers: {held:<12} {status}")
    return "\n".join(out)


# ---------------------------------------------------------------- the Lake board and the Rival
def lake(st: AyarState, t: Tables, compact: bool) -> str:
    out = ["LAKE BOARD"]
    tops = []
    for i, s in enumerate(st.stacks):
        if not s:
            tops.append(f"stack {i + 1}: empty")
            continue
        tile = t.textiles[s[0]]
        vir = " V" if tile.viracocha else ""
        tops.append(
            f"{i + 1}: {tile.id} {' '.join(tile.half_suns)}{vir} ({len(s)})"
            if compact
            else f"stack {i + 1}: {tile.id} [{' '.join(tile.half_suns)}]{vir} ({len(s)} left)"
        )
    out.extend(pack("  Textiles  ", tops, LINE[compact], " | "))
    market = []
    for i, pid in enumerate(st.market):
        if pid < 0:
            market.append(f"{i + 1}:-")
        else:
            vir = "V" if t.pot_viracocha[pid] else ""
            market.append(f"{i + 1}:{t.colours[t.pot_colour[pid]]} {t.pot_power[pid]}{vir}")
    stack = f"  facedown {len(st.stack)}" if compact else f"  facedown stack: {len(st.stack)}"
    out.extend(pack("  Pottery   market ", [*market, stack], LINE[compact], "  "))
    cols = t.terrace_cols
    cells = [owner(o) for o in st.terrace] + ["."] * (t.terrace_cells - len(st.terrace))
    out.append(
        "  Terrace   "
        + "  ".join("".join(cells[r : r + cols]) for r in range(0, t.terrace_cells, cols))
        + "   (digit = planter, # = Rival)"
    )
    spaces = range(1, t.route_len + 1)
    cell = 3 if compact else 4
    out.append("  Route     space:" + "".join(f"{s:>{cell}}" for s in spaces))
    out.append("            cost: " + "".join(f"{t.route_cost[s]:>{cell}}" for s in spaces))
    out.append(
        "      Island Moon:"
        + "".join(
            f"{(str(t.route_moon[s]) + ('y' if t.route_yellow[s] else '')) if t.route_moon[s] else '':>{cell}}"
            for s in spaces
        )
    )
    islands = [f"{s}: {' '.join(owner_label(o) for o in st.route[s])}" for s in spaces if st.route[s]]
    out.extend(pack("            Islands (y: a yellow slot holds one): ", islands or ["none"], LINE[compact], "; "))
    boats: dict[int, list[str]] = {}
    for i, p in enumerate(st.players):
        boats.setdefault(p.boat, []).append(seat_label(i))
    where = [f"at the dock: {' '.join(boats[0])}"] if 0 in boats else []
    where += [f"{s}: {' '.join(boats[s])}" for s in spaces if s in boats]
    out.append("            Boats: " + "; ".join(where))
    out.append("  Lake sections A-D Viracocha: " + " ".join(f"{SECTIONS[i]}={n}" for i, n in enumerate(st.lake)))
    return "\n".join(out)


def rival(st: AyarState, t: Tables) -> str:
    """AY-503/AY-704 the Rival's revealed cards (public) and neutral pieces."""
    islands = sum(1 for isl in st.route if NEUTRAL in isl)
    out = [
        f"{RIVAL.upper()}: {len(st.rival_deck)} cards left; neutral Tambos {st.rival_tambos}, cubes "
        f"{st.rival_cubes}, Islands placed {islands}"
    ]
    if st.rival_shown:
        cid, sel, steps, prio = t.rival_cards[st.rival_shown[-1]]
        out.append(f"  last card {cid}: {sel} Ayar {steps} step(s), spot priority {' '.join(prio)}")
        out.extend(pack("  shown: ", [t.rival_cards[c].id for c in st.rival_shown], LINE[False], " "))
    return "\n".join(out)


# ---------------------------------------------------------------- a player's board
def player_area(
    st: AyarState, t: Tables, i: int, set_moon: tuple[int, ...], you: bool, compact: bool, summary: bool
) -> str:
    """One player's board: in full, or (``summary``) in four lines."""
    p = st.players[i]
    moons = moon_values(p, t, set_moon)
    suns = {a: sun_value(p, t, a) for a in ACTIVITIES}
    head = (
        f"PLAYER {seat_label(i)}{' (you)' if you else ''}: Sun {p.sun}  Moon {p.moon}  Inti {p.inti}  "
        f"Llamas {p.llamas}  Temple markers {p.temples}"
    )
    if summary:
        return "\n".join([head, *_summary(t, p, suns, moons)])
    out = [
        head,
        "  Sun values:  " + ", ".join(f"{activity_name(a)} {suns[a]}" for a in ACTIVITIES),
        "  Moon values: " + ", ".join(f"{activity_name(a)} {moons[a]}" for a in ACTIVITIES),
    ]

    def slot_txt(s: int) -> str:
        m = p.slots[s]
        return f"{MARKERS[m][:2]}" if m >= 0 else f"{t.slot_arrows[s]}>"

    columns = " ".join(f"{LANES[s]}:{slot_txt(s)}" for s in range(GRID, len(LANES)))
    out.append("  Tambo grid (slot: arrows> or marker laid)     " + columns)
    for r in range(GRID):
        cells = " ".join("T" if p.grid[r * GRID + c] else "." for c in range(GRID))
        out.append(f"    {LANES[r]}:{slot_txt(r):<3} {cells}")
    pots = []
    for k in range(len(t.pot_row)):
        if k < len(p.pots):
            pid = p.pots[k]
            pots.append("?wild" if p.pot_down[k] else f"{t.colours[t.pot_colour[pid]]}")
        else:
            pots.append(f"({t.pot_row[k]}☼)")
    out.extend(pack("  Pot row: ", [*pots, f"  Sun {pottery_sun(p, t)}"], LINE[compact], " "))
    legend = (
        "(* complete Sun, o open half-sun, numbers = Textile ids)"
        if compact
        else "(* complete Sun, o open half-sun; numbers = textile ids)"
    )
    out.append(f"  Weaving area {legend}  Sun {weave_sun(p, t)}")
    out.extend("    " + line for line in weave_lines(t, p))
    out.append("    Moon: " + "".join(f"{m:^6}" for m in t.column_moon))
    boxes = []
    for b, k in enumerate(p.boxes):
        cubes = "".join("x" if j >= k else str(t.box_suns[b][j]) for j in range(len(t.box_suns[b])))
        boxes.append(f"{BOX_NAMES[b].upper()}[{cubes}]{'V' if t.box_viracocha[b] else ''}")
    label = "  Maize (x cube, n Sun): " if compact else "  Maize boxes (x = cube, digit = Sun revealed): "
    out.extend(pack(label, [*boxes, f"  Sun {farm_sun(p, t)}"], LINE[compact], " "))
    isl = [
        f"{k + 1}@{p.island_at[k]}"
        if k < len(p.island_at)
        else f"{k + 1}:({t.island_suns[k]}☼{'V' if k + 1 in t.island_viracocha else ''})"
        for k in range(len(t.island_suns))
    ]
    out.extend(pack(f"  Boat at {p.boat}; Islands: ", [*isl, f"  Sun {reed_sun(p, t)}"], LINE[compact], " "))
    spaces = []
    for k in range(len(t.bonus_need)):
        effect, amount = t.bonus_effect[k]
        what = SHORT_BONUS[effect].format(amount) if compact else f"({bonus_text(effect, amount)})"
        done = " done" if p.bonus[k] >= t.bonus_need[k] else ""
        spaces.append(f"V{k + 1} {p.bonus[k]}/{t.bonus_need[k]}{done} {what}")
    out.extend(pack("  Viracocha spaces: ", spaces, LINE[compact], "; "))
    return "\n".join(out)


def _summary(t: Tables, p: PlayerState, suns: dict[str, int], moons: dict[str, int]) -> list[str]:
    """Another player's board in four lines (the compact form)."""
    laid = ", ".join(f"{MARKERS[x.marker]} {LANES[x.slot].upper()}" for x in p.laid) or "none"
    down = sum(p.pot_down)
    boxes = " ".join(f"{BOX_NAMES[b].upper()}{len(t.box_suns[b]) - k}" for b, k in enumerate(p.boxes))
    return [
        "  values Sun "
        + " ".join(f"{a} {suns[a]}" for a in ACTIVITIES)
        + " | Moon "
        + " ".join(f"{a} {moons[a]}" for a in ACTIVITIES)
        + f" | Tambos left {sum(p.grid)}",
        f"  Step markers laid this round: {laid}",
        "  Viracocha spaces " + " ".join(f"V{k + 1} {p.bonus[k]}/{t.bonus_need[k]}" for k in range(len(t.bonus_need))),
        f"  Pots {len(p.pots)}" + (f" ({down} facedown)" if down else "") + f", Textiles {len(p.tiles)}, "
        f"cubes left {boxes}, Boat at {p.boat}, Islands {len(p.island_at)}",
    ]


def pack(label: str, items: list[str], width: int, sep: str) -> list[str]:
    """``label`` then the items joined by ``sep``, as many a line as fit in ``width`` (never splitting one);
    continuation lines are indented under the first item."""
    lines: list[str] = []
    line = label
    for item in items:
        piece = item if line in (label, " " * len(label)) else sep + item
        if len(line) + len(piece) > width and line.strip() and line not in (label, " " * len(label)):
            lines.append(line)
            line = " " * len(label) + item.lstrip()
        else:
            line += piece
    lines.append(line)
    return lines


def weave_lines(t: Tables, p: PlayerState) -> list[str]:
    """The 3x6 weaving area: edges show '*' (complete Sun) or 'o' (a lone half-sun, tile or frame)."""
    rows, cols = t.weave_rows, t.weave_cols

    def m(r: int, c: int) -> int:
        if 0 <= r < rows and 0 <= c < cols:
            return p.weave[r * cols + c]
        return -1

    def tid(r: int, c: int) -> int:
        return p.weave_tile[r * cols + c] if 0 <= r < rows and 0 <= c < cols else -2

    def edge(here: bool, there: bool) -> str:
        return "*" if here and there else ("o" if here or there else "")

    lines = []
    for r in range(rows + 1):
        # horizontal edge above row r
        seg = []
        for c in range(cols):
            up, dn = m(r - 1, c), m(r, c)
            if r == 0:
                a, b = (1, c + 1, "N") in t.frame, dn >= 0 and bool(dn & N)
            elif r == rows:
                a, b = up >= 0 and bool(up & S), (rows, c + 1, "S") in t.frame
            else:
                a, b = up >= 0 and bool(up & S), dn >= 0 and bool(dn & N)
            sym = edge(a, b)
            same = r not in (0, rows) and tid(r - 1, c) >= 0 and tid(r - 1, c) == tid(r, c)
            seg.append("+" + (f"--{sym}--" if sym else ("     " if same else "-----")))
        lines.append("".join(seg) + "+")
        if r == rows:
            break
        mid = []
        for c in range(cols + 1):
            left, right = m(r, c - 1), m(r, c)
            if c == 0:
                a = (r + 1, 1, "W") in t.frame
                b = right >= 0 and bool(right & W)
            elif c == cols:
                a = left >= 0 and bool(left & E)
                b = (r + 1, cols, "E") in t.frame
            else:
                a = left >= 0 and bool(left & E)
                b = right >= 0 and bool(right & W)
            sym = edge(a, b)
            same = 0 < c < cols and tid(r, c - 1) >= 0 and tid(r, c - 1) == tid(r, c)
            mid.append(sym or (" " if same else "|"))
            if c < cols:
                k = tid(r, c)
                mid.append(f" {t.textiles[p.tiles[k]].id[1:]:>2}  " if k >= 0 else "  .  ")
        lines.append("".join(mid))
    return lines


HELP = {
    "marker": "Step 1 (AY-090..AY-095): lay a Step marker; coloured markers move their Ayar, gold moves any.",
    "slot": "Step 1 (AY-090..AY-093): the slot picks the lane; its arrows move the Ayar (AY-113); power = empty "
    "spaces of the lane after the Tambo leaves (AY-150).",
    "ayar": "Step 2 (AY-111/AY-112): choose the active Ayar that the gold (or retired colour) marker moves.",
    "tambo": "Step 3 (AY-130/AY-131): take a Tambo of the lane.",
    "spot": "Step 3 (AY-132..AY-135): place the Tambo on a free spot behind the moved Ayar; you perform its activity.",
    "pot": "Pottery (AY-240..AY-264): up to 2 Pots, printed powers (facedown: 3) within your power.",
    "textile": "Weaving (AY-280..AY-290): at most one Textile per stack, total power within your power.",
    "weave": "Weaving: stop taking Textiles.",
    "place": "Weaving (AY-284..AY-286, C10): lay the Textile on two empty adjacent cells, rotated or flipped; "
    "the ids read 'place <cell of half a> <direction of half b> [flip]', the text says where its half-suns "
    "end up.",
    "maize": "Farming (AY-310..AY-317): plant the leftmost cube of a box into the next terrace space.",
    "boat": "Reed (AY-340..AY-356): move the Boat; spaces with an Island cost 0; Islands are placed on the way.",
    "token": "Viracocha (AY-380..AY-391): place the token on an open bonus space.",
    "temple": "Step 5 (AY-172/AY-173): place a Temple marker on the row of an active Ayar.",
}


def help_text(action: Action) -> str:
    """The CLI's ``? N``: the offered action and the rules of its step."""
    verb = action.id.split(" ", 1)[0]
    return f"{action.text}\n{HELP.get(verb, '')}"
