"""Every player's board of Ayar (Tambo grid with its eight Step slots, laid markers and clan bonuses, the marker
reserve, Inti dial, Sun, Moon and Llamas, the pot row, the maize boxes, the Island slots and the Viracocha
bonus spaces; the weaving area is ``weaving``) and, in a solo game, the Rival's cards and pieces.
"""

from __future__ import annotations

import functools

from tawa.core.svg import escape
from tawa.core.svg import n as _f
from tawa.core.svg import title as _title
from tawa.games.ayar.data import BONUS_NAMES, BOX_NAMES, LANES, MARKERS, NEUTRAL, PATHS, best_sets
from tawa.games.ayar.view.lake import island_xy_route
from tawa.games.ayar.view.layout import (
    BOARD_EDGE,
    BOARD_FILL,
    BOARD_H,
    BOARD_W,
    BONUS_Y,
    BOX_Y,
    CELL,
    EIGHT,
    GRID_X,
    GRID_Y,
    ISLAND_Y,
    IX,
    IY,
    PATH_FILL,
    POTROW_Y,
    RIVAL_FILL,
    SUN_EDGE,
    TX,
    TY,
    Obs,
    cell_name,
    components,
    grid_cell_xy,
    island_xy,
    lane_cells,
    layout,
    potrow_xy,
    reserve_xy,
    seat_fill,
    seat_key,
    slot_xy,
)
from tawa.games.ayar.view.shapes import circle, llama_path, piece, pot_ref, rect, svg_text, use
from tawa.games.ayar.view.texts import BONUS_RULES, RULES, SET_MOON, bonus_short, bonus_words, pot_words


def board_head(obs: Obs, seat: int, n: int, me: bool, actor: bool) -> str:
    """The opening of a seat's board (``<g>`` until ``BOARD_END``): its frame, name and the "to play" badge."""
    lay = layout(n)
    p = obs["players"][seat]
    fill, ink = seat_fill(seat)
    start = obs["start"] == seat
    head = f"P{seat + 1}{' (you)' if me else ''}"
    sun, moon, llamas, _ = seat_scores(obs, seat)
    summary = f"{head}'s board: Sun {sun}, Moon {moon}, Inti {p['inti']}, Llamas {llamas}."
    out = [
        f'<g id="seat{seat}" class="seat-board{" active" if actor else ""}{" mine" if me else ""}" {lay.group(seat)}>',
        _title(summary),
        rect(
            0,
            0,
            BOARD_W,
            BOARD_H,
            rx="8",
            fill="#fffaf0" if actor else BOARD_FILL,
            stroke="#c79a00" if actor else BOARD_EDGE,
            stroke_width="3" if actor else None,
        ),
        f'<path d="M0,24V8A8,8 0 0 1 8,0H{_f(BOARD_W - 8)}A8,8 0 0 1 {_f(BOARD_W)},8V24Z" fill="{fill}"/>',
        f'<g id="seat{seat}-head">{_title(head + (" — start player. " + RULES["start"] if start else "."))}'
        + svg_text(8, 17, head, "head", style=f"fill:{ink}")
        + (
            rect(BOARD_W - 154, 5, 32, 14, rx="7", fill=PATH_FILL["gold"], stroke="#5b4300")
            + svg_text(BOARD_W - 138, 15, "start", "glyph mid")
            if start
            else ""
        )
        + "</g>",
    ]
    if actor:
        out.append(svg_text(86 if me else 36, 17, "to play", "badge", style=f"fill:{ink}"))
    return "".join(out)


BOARD_END = "</g>"


def seat_scores(obs: Obs, seat: int) -> tuple[int, int, int, int]:
    """A seat's Sun, Moon and Llamas as its card shows them, and the Llamas it spent: once the game is over the
    Llamas are spent on Sun and Moon (AY-481..AY-483), so the card agrees with the ranking's final score."""
    p = obs["players"][seat]
    if obs["final"]:
        final = obs["final"][seat]  # FinalScore: final, high, tokens, llamas, sun, moon
        return int(final[4]), int(final[5]), 0, int(final[3])
    return int(p["sun"]), int(p["moon"]), int(p["llamas"]), 0


def scores(obs: Obs, seat: int) -> str:
    ink = seat_fill(seat)[1]
    x = BOARD_W - 118
    sun, moon, llamas, spent = seat_scores(obs, seat)
    values = {"sun": sun, "moon": moon, "llamas": llamas}
    after = f" after the {spent} Llama(s) spent at the end (AY-483)" if spent else ""
    out = []
    for key, dx, glyph, rule in (
        ("sun", 0, "ay-sun", "sun"),
        ("moon", 44, "ay-moon", "sun"),
        ("llamas", 88, "ay-llama", "llamas"),
    ):
        value = values[key]
        said = f"P{seat + 1} {key.capitalize()}: {value}{after if key != 'llamas' else ''}. "
        out.append(
            f'<g id="seat{seat}-{key}">{_title(said + RULES[rule])}'
            + (
                f'<g transform="translate({_f(x + dx + 2)},12)">{llama_path(ink)}</g>'
                if key == "llamas"
                else use(glyph, x + dx, 12)
            )
            + svg_text(x + dx + 10, 17, str(value), "score", style=f"fill:{ink}")
            + "</g>"
        )
    return "".join(out)


def _clan_glyph(kind: str) -> str:
    """C5 clan bonus icons: Viracocha, Llamas, Inti, Moon."""
    return {"viracocha": "ay-token", "llamas": "ay-llama", "inti": "ay-sun"}.get(kind, "ay-moon")


def grid(obs: Obs, seat: int) -> str:
    """A seat's Tambo grid: its cells and quadrants (its Step slots follow: ``step_slots``)."""
    p = obs["players"][seat]
    title = f"P{seat + 1} Tambo grid: {sum(p['grid'])} Tambos left. " + RULES["grid"]
    out = [
        f'<g class="grid">{_title(title)}'
        + rect(GRID_X - 4, GRID_Y - 4, 4 * (CELL + 2) + 6, 4 * (CELL + 2) + 6, rx="4", fill="#d7c29a", stroke="#7a5c2e")
        + "</g>"
    ]
    for c in range(16):
        x, y = grid_cell_xy(c)
        name = cell_name(c)
        out.append(
            f'<g id="seat{seat}-cell-{name}" class="grid-cell">'
            + _title(f"P{seat + 1} grid cell {name}: {'a Tambo' if p['grid'][c] else 'empty'}.")
            + f'<rect class="gcell" x="{_f(x - CELL / 2)}" y="{_f(y - CELL / 2)}" width="{_f(CELL)}" '
            f'height="{_f(CELL)}" rx="2"/></g>'
        )
    mx, my = GRID_X + 2 * (CELL + 2) - 1, GRID_Y + 2 * (CELL + 2) - 1  # quadrant dividers (C4)
    out.append(
        f'<path d="M{_f(mx)},{_f(GRID_Y - 3)}V{_f(GRID_Y + 4 * (CELL + 2) + 1)}M{_f(GRID_X - 3)},{_f(my)}'
        f'H{_f(GRID_X + 4 * (CELL + 2) + 1)}" stroke="#7a5c2e" stroke-width="1.6"/>'
    )
    return "".join(out)


def step_slots(obs: Obs, seat: int, own: bool) -> str:
    """A seat's Step slots; ``own``: the observer's own board, whose slots name the action a click on them would
    mean (``data-action``; the client asks why it is not legal, or says whose turn it is)."""
    return "".join(_slot(obs, seat, s, own) for s in range(8)) + svg_text(8, 179, "Step markers", "tiny")


def _slot(obs: Obs, seat: int, s: int, own: bool) -> str:
    comp = components(obs)
    p = obs["players"][seat]
    kind, amount = comp["slot_bonus"][s]
    left = sum(1 for c in lane_cells(s) if p["grid"][c])
    return _slot_text(seat, s, own, left, p["slots"][s], comp["slot_arrows"][s], comp["slot_moon"][s], kind, amount)


@functools.lru_cache(maxsize=8192)
def _slot_text(
    seat: int, s: int, own: bool, left: int, laid: int, arrows: int, moon: int, kind: str, amount: int
) -> str:
    """Step slot ``s`` of ``seat`` from all it shows (``left``: Tambos left in its lane; ``laid``: the marker on it or
    -1; the slot's arrows, Moon and clan bonus from the components): a few hundred texts in all, kept once drawn."""
    x, y = slot_xy(s)
    lane = LANES[s]
    state = (
        f"the {MARKERS[laid]} marker lies here"
        if laid >= 0
        else ("free" if left else "its lane is empty: no marker may be laid (AY-093)")
    )
    bonus = f"{amount} {kind.capitalize()}"
    power = f"power {5 - left} if a Tambo is taken (AY-151)" if left else "no power"
    text = (
        f"P{seat + 1} Step slot {lane.upper()}: {state}; {arrows} arrow(s), Moon {moon}, clan bonus {bonus}; "
        f"{power}. " + RULES["slot"].format(arrows=arrows, moon=moon, bonus=bonus)
    )
    act = f' data-action="slot {lane}"' if own else ""
    if s < 4:
        chev = "".join(f"M{_f(x - 5 + k * 4 - (arrows - 1) * 2)},{_f(y - 6)}l3,3.5l-3,3.5" for k in range(arrows))
    else:  # column slots point down
        chev = "".join(f"M{_f(x - 3.5)},{_f(y - 7 + k * 4 - (arrows - 1) * 2)}l3.5,3l3.5,-3" for k in range(arrows))
    body = (
        f'<rect class="slotbox" x="{_f(x - 10)}" y="{_f(y - 10)}" width="20" height="20" rx="3"/>'
        f'<path class="chev" d="{chev}"/>' + svg_text(x + 9, y + 9, str(moon), "tiny end moon")
    )
    # the clan bonus at the far end of the lane (faded once paid)
    bx, by = (GRID_X + 4 * (CELL + 2) + 9, y) if s < 4 else (x, GRID_Y + 4 * (CELL + 2) + 8)
    faded = ' opacity="0.35"' if left == 0 else ""
    clan = (
        f'<g class="clan-bonus"{faded}>'
        + svg_text(bx - 2, by + 3, str(amount), "tiny end")
        + use(_clan_glyph(kind), bx + 3.5, by, 0.62)
        + "</g>"
    )
    return f'<g id="seat{seat}-slot-{lane}" class="slot"{act}>{_title(text)}{body}</g>{clan}'


def inti(obs: Obs, seat: int) -> str:
    p = obs["players"][seat]
    temples = p["temples"]
    title = f"P{seat + 1} Inti dial: {p['inti']}. " + RULES["inti"]
    rays = "".join(f"M{_f(IX + 15 * c)},{_f(IY + 15 * s)}L{_f(IX + 19 * c)},{_f(IY + 19 * s)}" for c, s in EIGHT)
    dial = (
        f'<g id="seat{seat}-inti">{_title(title)}'
        + f'<path d="{rays}" stroke="{SUN_EDGE}" stroke-width="1.5"/>'
        + circle(IX, IY, 15, fill="#ffe9a8", stroke=SUN_EDGE, stroke_width="1.5")
        + svg_text(IX, IY + 4.5, str(p["inti"]), "count mid")
        + svg_text(IX - 26, IY + 3, "Inti", "tiny end")
        + "</g>"
    )
    fill, _ = seat_fill(seat)
    marks = "".join(
        rect(TX + i * 13, TY, 11, 11, rx="5.5", fill=fill, stroke="#222", stroke_width="0.8") for i in range(temples)
    )
    title = f"P{seat + 1}: {temples} Temple marker(s) left. " + RULES["temples"]
    res = (
        f'<g id="seat{seat}-temples">{_title(title)}'
        + svg_text(TX, TY - 4, "Temple markers", "tiny")
        + (marks or svg_text(TX, TY + 9, "none", "tiny"))
        + "</g>"
    )
    return dial + res


# ---- pottery, farming, reed, bonus spaces
def pot_row(obs: Obs, seat: int) -> str:
    comp = components(obs)
    p = obs["players"][seat]
    row = comp["pot_row"]
    pots = p["pots"]
    sun = sum(row[: len(pots)])
    counts = [0] * len(comp["colours"])
    wild = 0
    for pid in pots:
        if pid is None:
            wild += 1
        else:
            counts[comp["pot_colour"][pid]] += 1
    moon = best_sets(counts, wild, SET_MOON)
    sets = "/".join(str(v) for v in SET_MOON)
    title = (
        f"P{seat + 1} pot row: {len(pots)} Pot(s) ({wild} facedown), Pottery Sun {sun}, Pottery Moon {moon}. "
        + RULES["potrow"].format(sets=sets)
    )
    out = [
        f'<g class="potrow">{_title(title)}' + svg_text(8, POTROW_Y - 1, f"Pottery  ☀{sun} ☾{moon}", "tiny") + "</g>"
    ]
    for k, suns in enumerate(row):
        x, y = potrow_xy(k)
        what = (
            "empty"
            if k >= len(pots)
            else ("a facedown Pot (wild)" if pots[k] is None else f"Pot {pot_words(comp, pots[k])}")
        )
        out.append(
            f'<g id="seat{seat}-potrow-{k + 1}" class="potrow-space">'
            + _title(f"P{seat + 1} pot space {k + 1}: {what}; {suns} Sun(s) above it.")
            + f'<rect class="pspace" x="{_f(x - 12)}" y="{_f(y - 12)}" width="24" height="26" rx="4"/>'
            + svg_text(x, y - 14.5, f"{suns}☀", "tiny mid sunink")
            + "</g>"
        )
    return "".join(out)


def pot_pieces(obs: Obs, seat: int, n: int) -> str:
    lay = layout(n)
    comp = components(obs)
    out = []
    for k, pid in enumerate(obs["players"][seat]["pots"]):
        x, y = lay.at(seat, potrow_xy(k)[0], potrow_xy(k)[1] + 2)
        if pid is None:
            out.append(
                piece(
                    f"seat{seat}-pot-{k + 1}",
                    "pot facedown",
                    x,
                    y,
                    f"A facedown Pot of P{seat + 1} on space {k + 1}: wild, never revealed (AY-245 [P], "
                    f"AY-246 [R], AY-702 [P]).",
                    use("ay-pot-down"),
                    lay.zoom,
                )
            )
        else:
            out.append(
                piece(
                    f"pot-{pid}",
                    "pot",
                    x,
                    y,
                    f"Pot {pot_words(comp, pid)} of P{seat + 1} on space {k + 1} (AY-256 [R] never replaced).",
                    use(pot_ref(comp, pid)),
                    lay.zoom,
                )
            )
    return "".join(out)


def boxes(obs: Obs, seat: int, own: bool) -> str:
    comp = components(obs)
    p = obs["players"][seat]
    sun = sum(sum(b[:k]) for b, k in zip(comp["box_suns"], p["boxes"], strict=True))
    moon = sum(m for b, k, m in zip(comp["box_suns"], p["boxes"], comp["box_moon"], strict=True) if k >= len(b))
    out = [svg_text(8, BOX_Y - 4, f"Farming  ☀{sun} ☾{moon}", "tiny")]
    cube = f"ay-cube-{seat_key(seat)}"
    x = 8.0
    for b, suns in enumerate(comp["box_suns"]):
        name = BOX_NAMES[b]
        taken = p["boxes"][b]
        left = len(suns) - taken
        w = len(suns) * 10.5 + 27
        vir = comp["box_viracocha"][b]
        text = (
            f"P{seat + 1} maize box {name.upper()}: {left} of {len(suns)} cube(s) left; Suns under the cubes "
            f"{', '.join(map(str, suns))} ({sum(suns[:taken])} uncovered); Moon {comp['box_moon'][b]} once "
            f"emptied{'; Viracocha icon' if vir else ''}. " + RULES["box"]
        )
        act = f' data-action="maize {name}"' if own else ""
        body = [
            rect(x, BOX_Y, w, 22, rx="4", fill="#efe0b8", stroke="#8a6d3b", stroke_width="0.8"),
            svg_text(x + 5, BOX_Y + 15, name.upper(), "tiny"),
        ]
        for j, s in enumerate(suns):
            cx = x + 17 + j * 10.5
            body.append(svg_text(cx, BOX_Y + 15, str(s), "tiny mid sunink") if j < taken else use(cube, cx, BOX_Y + 11))
        body.append(
            svg_text(
                x + 13 + len(suns) * 10.5,
                BOX_Y + 15,
                f"☾{comp['box_moon'][b]}",
                "tiny moon" + (" strong" if left == 0 else ""),
            )
        )
        if vir:
            body.append(use("ay-token", x + w - 3, BOX_Y + 1, 0.72))
        out.append(f'<g id="seat{seat}-box-{name}" class="box"{act}>{_title(text)}{"".join(body)}</g>')
        x += w + 4
    return "".join(out)


def island_slots(obs: Obs, seat: int) -> str:
    comp = components(obs)
    p = obs["players"][seat]
    placed = p["island_at"]
    route = comp["route"]
    sun = sum(comp["island_suns"][: len(placed)])
    moon = max((route[s][1] for s in placed), default=0)
    where = "the dock" if p["boat"] == 0 else f"space {p['boat']}"
    out = [svg_text(8, ISLAND_Y - 4, f"Reed  ☀{sun} ☾{moon} · Boat at {where}", "tiny")]
    vir = set(comp["island_viracocha"])
    for k, suns in enumerate(comp["island_suns"]):
        x, y = island_xy(k)
        state = f"its Island is on route space {placed[k]}" if k < len(placed) else "its Island waits here"
        icon = "; Viracocha icon" if k + 1 in vir else ""
        out.append(
            f'<g id="seat{seat}-islandslot-{k + 1}" class="island-slot">'
            + _title(f"P{seat + 1} Island slot {k + 1}: {state}; {suns} Sun(s) under it{icon}. " + RULES["islandslot"])
            + f'<rect class="islot" x="{_f(x - 12)}" y="{_f(y - 11)}" width="24" height="24" rx="6"/>'
            + svg_text(x, y - 13.5, f"{suns}☀", "tiny mid sunink")
            + (use("ay-token", x + 8, y + 8, 0.68) if icon else "")
            + "</g>"
        )
    return "".join(out)


def islands(obs: Obs, seat: int, n: int) -> str:
    lay = layout(n)
    p = obs["players"][seat]
    out = []
    ref = f"ay-island-{seat_key(seat)}"
    for k in range(len(components(obs)["island_suns"])):
        ident = f"seat{seat}-island-{k + 1}"
        if k < len(p["island_at"]):
            s = p["island_at"][k]
            owners = obs["route"][s]
            x, y = island_xy_route(obs, s, owners.index(seat) if seat in owners else 0, len(owners))
            out.append(
                piece(
                    ident,
                    "island",
                    x,
                    y,
                    f"Island {k + 1} of P{seat + 1} on route space {s} (AY-360 [P] Islands never move once placed).",
                    use(ref),
                    passive=True,
                )
            )
        else:
            x, y = lay.at(seat, *island_xy(k))
            out.append(
                piece(
                    ident,
                    "island",
                    x,
                    y,
                    f"Island {k + 1} of P{seat + 1}, still on its slot (AY-348 [R] the leftmost goes next).",
                    use(ref),
                    lay.zoom,
                )
            )
    return "".join(out)


def bonus_spaces(obs: Obs, seat: int, own: bool, to_place: int) -> str:
    """The Viracocha bonus spaces; ``to_place``: the tokens this seat still has to place (AY-380)."""
    comp = components(obs)
    p = obs["players"][seat]
    waiting = f" · {to_place} to place" if to_place else ""
    out = [svg_text(8, BONUS_Y - 4, f"Viracocha bonus spaces · {sum(p['bonus'])} token(s){waiting}", "tiny")]
    spaces = len(comp["bonus_need"])
    w = (BOARD_W - 12) / max(spaces, 1) - 3
    rule = RULES["bonus"].format(overflow=comp["rule_numbers"]["OVERFLOW_LLAMAS"])
    for i, need in enumerate(comp["bonus_need"]):
        name = BONUS_NAMES[i]
        effect, amount = comp["bonus_effect"][i]
        have = p["bonus"][i]
        x = 8 + i * (w + 3)
        done = have >= need
        text = (
            f"P{seat + 1} bonus space {name.upper()}: {have} of {need} token(s){' — complete' if done else ''}; "
            f"bonus: {bonus_words(effect, amount)} ({BONUS_RULES.get(effect, 'C15 [P]')}). {rule}"
        )
        act = f' data-action="token {name}"' if own else ""
        body = [
            rect(x, BONUS_Y, w, 30, rx="4", class_="bspace done" if done else "bspace"),
            svg_text(x + 4, BONUS_Y + 11, name.upper(), "tiny"),
            svg_text(x + w / 2, BONUS_Y + 25, bonus_short(effect, amount), "tiny mid"),
        ]
        for j in range(need):
            tx = x + 22 + j * 11
            body.append(
                use("ay-token", tx, BONUS_Y + 8, 0.92)
                if j < have
                else f'<circle class="tslot" cx="{_f(tx)}" cy="{_f(BONUS_Y + 8)}" r="4.4"/>'
            )
        out.append(
            f'<g id="seat{seat}-bonus-{name}" class="bonus{" complete" if done else ""}"{act}>'
            f"{_title(text)}{''.join(body)}</g>"
        )
    return "".join(out)


# ---- pieces on a board: Tambos, Step markers
def grid_tambos(obs: Obs, seat: int, n: int, own: bool, in_hand: int) -> str:
    """A seat's Tambos on its grid; ``in_hand``: the grid cell of the Tambo it took and is placing (-1)."""
    grid = obs["players"][seat]["grid"]
    return "".join(_grid_tambo(seat, n, own, c, c == in_hand) for c in range(16) if grid[c] or c == in_hand)


@functools.lru_cache(maxsize=4096)
def _grid_tambo(seat: int, n: int, own: bool, c: int, in_hand: bool) -> str:
    """The Tambo on grid cell ``c`` of ``seat`` (``in_hand``: taken, being placed): a few hundred, kept once drawn."""
    lay = layout(n)
    name = cell_name(c)
    x, y = lay.at(seat, *grid_cell_xy(c))
    if in_hand:
        text = f"The Tambo P{seat + 1} took from {name}, to be placed on a spot (AY-132 [S])."
        y -= 6 * lay.zoom
    else:
        text = f"Tambo of P{seat + 1} on grid cell {name}. " + RULES["tambo"]
    return piece(
        f"seat{seat}-tambo-{name}",
        "tambo in-hand" if in_hand else "tambo",
        x,
        y,
        text,
        use(f"ay-tambo-{seat_key(seat)}", scale=1.25),
        lay.zoom,
        action=f"tambo {name}" if own else None,
    )


def step_markers(obs: Obs, seat: int, n: int, own: bool) -> str:
    """A seat's Step markers, in its reserve or on the slot where it was laid this round."""
    lay = layout(n)
    p = obs["players"][seat]
    out = []
    for m, colour in enumerate(MARKERS):
        s = p["markers"][m]
        if s >= 0:
            x, y = lay.at(seat, *slot_xy(s))
            where = f"laid on Step slot {LANES[s].upper()} this round"
        else:
            x, y = lay.at(seat, *reserve_xy(m))
            where = "not yet laid this round"
        moved = next((PATHS[q] for mk, _, q in p["laid"] if mk == m), None)
        if moved:
            where += f", it moved the {moved} Ayar"
        out.append(
            piece(
                f"seat{seat}-marker-{colour}",
                "marker",
                x,
                y,
                f"P{seat + 1}'s {colour} Step marker: {where}. " + RULES["marker"],
                use(f"ay-marker-{colour}"),
                lay.zoom,
                action=f"marker {colour}" if own else None,
            )
        )
    return "".join(out)


def rival_islands(obs: Obs) -> int:
    """Neutral Islands on the route (AY-511)."""
    return sum(1 for owners in obs["route"] for o in owners if o == NEUTRAL)


def rival(obs: Obs) -> str:
    lay = layout(1)
    comp = components(obs)
    rv = obs["rival"]
    cards = comp["rival_cards"]
    z = lay.zoom
    out = [
        f'<g id="rival" {lay.group(1)}>',
        _title(
            f"The Rival (solo): {rv['deck_size']} card(s) left, {rv['tambos']} neutral Tambo(s), "
            f"{rv['cubes']} neutral cube(s). " + RULES["rival"]
        ),
        rect(0, 0, BOARD_W, BOARD_H, rx="8", fill="#ecebe8", stroke="#6d6d6d"),
        f'<path d="M0,24V8A8,8 0 0 1 8,0H{_f(BOARD_W - 8)}A8,8 0 0 1 {_f(BOARD_W)},8V24Z" fill="{RIVAL_FILL}"/>',
        svg_text(8, 17, "The Rival", "head", style="fill:#fff"),
        use("ay-tambo-r", 16, 40, 1.2),
        svg_text(28, 44, f"{rv['tambos']} neutral Tambos", "small"),
        use("ay-cube-r", 126, 40),
        svg_text(136, 44, f"{rv['cubes']} neutral cubes", "small"),
        use("ay-island-r", 216, 41),
        svg_text(228, 44, f"{rival_islands(obs)} Islands out", "small"),
        "</g>",
    ]
    x0, y0 = lay.at(1, 8, 60)
    out.append(
        f'<g id="rival-deck" transform="translate({_f(x0)},{_f(y0)}) scale({z:.4g})">'
        + _title(f"Rival deck: {rv['deck_size']} card(s) face down; their order is hidden (AY-704 [P]).")
        + "".join(
            rect(d * 2, -d * 2, 50, 64, rx="5", fill="#5e5e5e", stroke="#222") for d in range(min(rv["deck_size"], 3))
        )
        + svg_text(25, 37, f"×{rv['deck_size']}", "count mid", style="fill:#fff")
        + "</g>"
    )
    for i, c in enumerate(rv["shown"]):
        cid, sel, steps, prio = cards[c]
        x, y = lay.at(1, 70 + (i % 4) * 54, 56 + (i // 4) * 70)
        last = i == len(rv["shown"]) - 1
        text = (
            f"Rival card {cid}{' (the last one revealed)' if last else ''}: {sel} Ayar, {steps} step(s), "
            f"spot priority {' '.join(prio)}. " + RULES["rival-card"]
        )
        body = [
            rect(
                0,
                0,
                50,
                64,
                rx="5",
                fill="#fff" if last else "#f4f4f2",
                stroke="#c79a00" if last else "#777",
                stroke_width="2" if last else "0.8",
            ),
            svg_text(25, 12, cid, "tiny mid"),
            svg_text(25, 25, sel, "tiny mid"),
            svg_text(25, 37, f"{steps} step{'s' if steps != 1 else ''}", "tiny mid"),
        ]
        for j, a in enumerate(prio):
            body.append(
                f'<g class="a-{escape(a)}"><rect x="{_f(4 + j * 11)}" y="46" width="10" height="12" rx="2"/>'
                f'<text x="{_f(9 + j * 11)}" y="55.5">{escape(a)}</text></g>'
            )
        out.append(
            f'<g id="rival-card-{escape(cid)}" class="rival-card" transform="translate({_f(x)},{_f(y)}) '
            f'scale({z:.4g})">{_title(text)}{"".join(body)}</g>'
        )
    return "".join(out)
