"""Terminal picture of an Ayar game: the four paths, the temple rows, the Lake board and each player's board."""
from __future__ import annotations

from tawa.core.actions import Action
from tawa.games.ayar.data import ACTIVITY_NAMES, BOX_NAMES, LANES, MARKERS, NEUTRAL, PATHS, Tables
from tawa.games.ayar.scoring import E, N, S, W, farm_sun, moon_values, pottery_sun, reed_sun, sun_value, weave_sun
from tawa.games.ayar.state import DECISIONS, AyarState, Phase, PlayerState
from tawa.games.ayar.texts import bonus_text


def owner(o: int) -> str:
    return "#" if o == NEUTRAL else str(o + 1)


def render(st: AyarState, t: Tables, seat: int | None, set_moon: tuple[int, ...]) -> str:
    out: list[str] = []
    who = "game over" if st.phase == Phase.OVER else (
        f"P{st.tok_seat + 1} places a Viracocha" if st.tok_n else f"P{st.seat + 1} to act ({st.phase.word})")
    out.append(f"=== Ayar: Children of the Sun — round {st.round}, turn {st.turn + 1}, start player "
               f"P{st.start + 1} — {who} ===")
    if st.n == 1:
        shown = ", ".join(t.rival_cards[c][0] for c in st.rival_shown) or "none"
        if st.rival_shown:
            cid, sel, steps, prio = t.rival_cards[st.rival_shown[-1]]
            shown += f"; last {cid}: {sel} Ayar {steps} step(s), spot priority {' '.join(prio)}"
        out.append(f"Rival: {len(st.rival_deck)} cards left (shown: {shown}); neutral Tambos {st.rival_tambos}, "
                   f"cubes {st.rival_cubes}")
    if st.phase in DECISIONS and st.phase != Phase.MARKER:
        out.append("THIS TURN: " + turn_line(st, t))
    out.append("")
    out.append("PATHS  spot k lies before step k: letter = free spot (P/W/F/R), digit = player's Tambo, # = Rival,")
    out.append("       . = unused; lower case = retired path.  Under each path: A = Ayar, p/w/f/r = Raymi tile")
    out.append("       " + "".join(str(k // 10) if k % 10 == 0 else " " for k in range(1, t.cusco + 1)))
    for q in range(4):
        row = []
        for k in range(1, t.cusco + 1):
            occ = st.spots[q][k]
            if k <= t.start_step:
                row.append(".")
            elif occ:
                row.append(owner(occ[-1]))
            else:
                row.append(t.spot_activity[q][k - 1] if st.active[q] else t.spot_activity[q][k - 1].lower())
        state = f"step {st.step[q]}" if st.active[q] else "retired"
        out.append(f"{PATHS[q]:<7}" + "".join(row) + f"  {state}")
        marks = [" "] * (t.cusco + 1)
        for j, rs in enumerate(t.raymi_steps):
            tile = st.raymi[q * len(t.raymi_steps) + j]
            if tile and rs <= t.cusco:
                marks[rs] = tile.lower()
        if st.active[q]:
            marks[st.step[q]] = "A"
        out.append("       " + "".join(marks[1:]))
    out.append("")
    out.append("TEMPLE ROWS")
    for q in range(4):
        held = " ".join(f"P{s + 1}" for s in st.temple[q]) or "-"
        status = "closed" if st.temple_closed[q] else f"Viracocha {st.temple_token[q]}"
        out.append(f"  {PATHS[q]:<7} markers: {held:<12} {status}")
    out.append("")
    out.extend(render_lake(st, t))
    for i, p in enumerate(st.players):
        out.append("")
        out.extend(render_player(st, t, i, p, set_moon, you=(seat == i)))
    if st.final:
        out.append("")
        out.append("FINAL: " + "; ".join(f"P{i + 1} {f[0]} (Sun {f[4]}, Moon {f[5]})" for i, f in enumerate(st.final)))
    return "\n".join(out)


def turn_line(st: AyarState, t: Tables) -> str:
    parts = [f"P{st.seat + 1}"]
    if st.marker >= 0:
        parts.append(f"{MARKERS[st.marker]} marker")
    if st.slot >= 0:
        parts.append(f"slot {LANES[st.slot].upper()}")
    if st.path >= 0:
        parts.append(f"{PATHS[st.path]} Ayar at step {st.step[st.path]}")
    if st.cell >= 0:
        parts.append(f"Tambo r{st.cell // 4 + 1}c{st.cell % 4 + 1} taken (power {st.base} before bonuses)")
    if st.fallback:
        parts.append("FALLBACK: no activity possible (AY-190)")
    if st.act:
        parts.append(f"spot {st.spot}: {ACTIVITY_NAMES[st.act]}, power left {st.power}")
    if st.chosen_stack >= 0 and st.phase == Phase.PLACE:
        parts.append(f"placing {t.textiles[st.stacks[st.chosen_stack][0]].id} from stack {st.chosen_stack + 1}")
    return ", ".join(parts)


def render_lake(st: AyarState, t: Tables) -> list[str]:
    out = ["LAKE BOARD"]
    tops = []
    for i, s in enumerate(st.stacks):
        if s:
            tile = t.textiles[s[0]]
            tops.append(f"stack {i + 1}: {tile.id} [{' '.join(tile.half_suns)}]{' V' if tile.viracocha else ''}"
                        f" ({len(s)} left)")
        else:
            tops.append(f"stack {i + 1}: empty")
    out.append("  Textiles  " + " | ".join(tops))
    market = []
    for i, pid in enumerate(st.market):
        if pid < 0:
            market.append(f"{i + 1}:-")
        else:
            vir = "V" if t.pot_viracocha[pid] else ""
            market.append(f"{i + 1}:{t.colours[t.pot_colour[pid]]} {t.pot_power[pid]}{vir}")
    out.append("  Pottery   market " + "  ".join(market) + f"   facedown stack: {len(st.stack)}")
    cols = t.terrace_cols
    cells = [owner(o) for o in st.terrace] + ["."] * (t.terrace_cells - len(st.terrace))
    out.append("  Terrace   " + "  ".join("".join(cells[r:r + cols]) for r in range(0, t.terrace_cells, cols))
               + "   (digit = planter, # = Rival)")
    out.append("  Route     space: " + " ".join(f"{s:>3}" for s in range(1, t.route_len + 1)))
    out.append("            cost:  " + " ".join(f"{t.route_cost[s]:>3}" for s in range(1, t.route_len + 1)))
    out.append("            slot:  " + " ".join(
        f"{(str(t.route_moon[s]) + ('y' if t.route_yellow[s] else '')) if t.route_moon[s] else '':>3}"
        for s in range(1, t.route_len + 1)) + "   (Island Moon, y = yellow)")
    out.append("            isl.:  " + " ".join(f"{''.join(owner(o) for o in st.route[s]):>3}"
                                                   for s in range(1, t.route_len + 1)))
    boats: dict[int, list[str]] = {}
    for i, p in enumerate(st.players):
        boats.setdefault(p.boat, []).append(str(i + 1))
    docked = " ".join(f"P{x}" for x in boats.get(0, [])) or "-"
    out.append("            boat:  " + " ".join(f"{''.join(boats.get(s, [])):>3}" for s in range(1, t.route_len + 1))
               + f"   (digit = player; at the dock: {docked})")
    out.append("  Lake sections A-D Viracocha: " + " ".join(f"{'ABCD'[i]}={n}" for i, n in enumerate(st.lake)))
    return out


def render_player(st: AyarState, t: Tables, i: int, p: PlayerState, set_moon: tuple[int, ...], you: bool
                  ) -> list[str]:
    moons = moon_values(p, t, set_moon)
    head = f"PLAYER P{i + 1}{' (you)' if you else ''}: Sun {p.sun}  Moon {p.moon}  Inti {p.inti}  Llamas {p.llamas}" \
           f"  Temple markers {p.temples}"
    out = [head]
    sv = {a: sun_value(p, t, a) for a in "PWFR"}
    out.append("  activity values  Sun: " + ", ".join(f"{ACTIVITY_NAMES[a]} {sv[a]}" for a in "PWFR")
               + "  | Moon: " + ", ".join(f"{ACTIVITY_NAMES[a]} {moons[a]}" for a in "PWFR"))
    # Tambo grid with Step slots
    def slot_txt(s: int) -> str:
        m = p.slots[s]
        return f"{MARKERS[m][:2]}" if m >= 0 else f"{t.slot_arrows[s]}>"
    columns = " ".join(f"{LANES[s]}:{slot_txt(s)}" for s in range(4, 8))
    out.append("  Tambo grid (slot: arrows> or marker laid)     " + columns)
    for r in range(4):
        cells = " ".join("T" if p.grid[r * 4 + c] else "." for c in range(4))
        out.append(f"    {LANES[r]}:{slot_txt(r):<3} {cells}")
    pots = []
    for k in range(len(t.pot_row)):
        if k < len(p.pots):
            pid = p.pots[k]
            pots.append("?wild" if p.pot_down[k] else f"{t.colours[t.pot_colour[pid]]}")
        else:
            pots.append(f"({t.pot_row[k]}☼)")
    out.append("  Pot row: " + " ".join(pots) + f"   Sun {pottery_sun(p, t)}")
    out.append(f"  Weaving area (* complete Sun, o open half-sun; numbers = textile ids)   Sun {weave_sun(p, t)}")
    out.extend("    " + line for line in weave_lines(t, p))
    out.append("    Moon: " + "".join(f"{m:^6}" for m in t.column_moon))
    boxes = []
    for b, k in enumerate(p.boxes):
        cubes = "".join("x" if j >= k else str(t.box_suns[b][j]) for j in range(len(t.box_suns[b])))
        boxes.append(f"{BOX_NAMES[b].upper()}[{cubes}]{'V' if t.box_viracocha[b] else ''}")
    out.append("  Maize boxes (x = cube, digit = Sun revealed): " + " ".join(boxes) + f"   Sun {farm_sun(p, t)}")
    isl = " ".join(f"{k + 1}@{p.island_at[k]}" if k < len(p.island_at) else f"{k + 1}:({t.island_suns[k]}☼"
                   f"{'V' if k + 1 in t.island_viracocha else ''})" for k in range(len(t.island_suns)))
    out.append(f"  Boat at {p.boat}; Islands: {isl}   Sun {reed_sun(p, t)}")
    out.append("  Viracocha spaces: " + "; ".join(
        f"V{k + 1} {p.bonus[k]}/{t.bonus_need[k]}{' done' if p.bonus[k] >= t.bonus_need[k] else ''}"
        f" ({bonus_text(*t.bonus_effect[k])})" for k in range(len(t.bonus_need))))
    return out


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
    "place": "Weaving (AY-284..AY-286, C10): lay the Textile on two empty adjacent cells, rotated or flipped.",
    "maize": "Farming (AY-310..AY-317): plant the leftmost cube of a box into the next terrace space.",
    "boat": "Reed (AY-340..AY-356): move the Boat; spaces with an Island cost 0; Islands are placed on the way.",
    "token": "Viracocha (AY-380..AY-391): place the token on an open bonus space.",
    "temple": "Step 5 (AY-172/AY-173): place a Temple marker on the row of an active Ayar.",
}


def help_text(action: Action) -> str:
    """The CLI's ``? N``: the offered action and the rules of its step."""
    verb = action.id.split(" ", 1)[0]
    return f"{action.text}\n{HELP.get(verb, '')}"
