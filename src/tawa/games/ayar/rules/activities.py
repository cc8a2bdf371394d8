"""The four activities (rulebook section "The Four Activities", AY-240..AY-363) and Viracocha tokens.

Each rule that makes a unit (a Pot, a Textile, a cube, a Boat destination) illegal is one small predicate
here; the generators below build the offered choices from them and ``illegal.py`` explains a refusal with
the same predicates.
"""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.ayar.data import BOX_NAMES, SECTIONS, SIDE_BIT, WEAVE_DIRECTIONS, WEAVE_DIRS, Tables, flip, rotate
from tawa.games.ayar.state import AyarState, PlayerState

DIRS = WEAVE_DIRS
OFFSET = WEAVE_DIRECTIONS


# ================================================================ Viracocha (AY-380..AY-392)
def gain_tokens(st: AyarState, seat: int, n: int = 1) -> None:
    """Queue ``n`` tokens for ``seat``; each is placed on a bonus space before the next decision (AY-380)."""
    if n <= 0:
        return
    st.tok_seat = seat
    st.tok_n += n


def space_complete(p: PlayerState, t: Tables, space: int) -> bool:
    """AY-382 a bonus space holding its required tokens is closed."""
    return p.bonus[space] >= t.bonus_need[space]


def open_spaces(p: PlayerState, t: Tables) -> list[int]:
    """AY-382 bonus spaces not yet complete."""
    return [i for i in range(len(t.bonus_need)) if not space_complete(p, t, i)]


def place_token(st: AyarState, t: Tables, params: Params, seat: int, space: int | None) -> str:
    """Place one token on ``space`` (None: every space complete -> Llama, AY-386). Returns a short text."""
    p = st.players[seat]
    st.tok_n -= 1
    if st.tok_n == 0:
        st.tok_seat = -1
    if space is None:
        p.llamas += params.OVERFLOW_LLAMAS
        return f"all bonus spaces complete: +{params.OVERFLOW_LLAMAS} Llama"
    p.bonus[space] += 1
    text = f"Viracocha on V{space + 1}"
    if p.bonus[space] == t.bonus_need[space]:  # AY-383 available at once
        effect, amount = t.bonus_effect[space]
        if effect == "llamas":  # AY-387
            p.llamas += amount
            text += f" (complete: +{amount} Llamas)"
        elif effect == "inti":  # AY-390
            p.inti += amount
            text += f" (complete: +{amount} Inti)"
        else:
            text += " (complete)"
    return text


def power_bonus(p: PlayerState, t: Tables, act: str) -> int:
    """AY-152/AY-388/AY-389 +power from complete V2 (Pottery, Weaving) and V3 (Farming, Reed)."""
    extra = 0
    for i, (effect, amount) in enumerate(t.bonus_effect):
        complete = p.bonus[i] >= t.bonus_need[i]
        if complete and ((effect == "power_pw" and act in "PW") or (effect == "power_fr" and act in "FR")):
            extra += amount
    return extra


def night_moon_bonus(p: PlayerState, t: Tables) -> int:
    """AY-391 Moon from complete V5-type spaces at every Night."""
    return sum(a for i, (e, a) in enumerate(t.bonus_effect) if e == "moon" and p.bonus[i] >= t.bonus_need[i])


# ================================================================ can perform (AY-156)
def can_perform(st: AyarState, t: Tables, params: Params, seat: int, act: str, power: int) -> bool:
    if act == "P":
        return bool(pot_sources(st, t, params, seat, power))
    if act == "W":
        return bool(textile_stacks(st, t, seat, power))
    if act == "F":
        return can_plant(st, t, seat)
    return bool(reed_destinations(st, t, seat, power))


# ================================================================ Pottery (AY-240..AY-264)
FACEDOWN = -1  # the pot source "top of the facedown stack"


def pot_row_full(p: PlayerState, t: Tables) -> bool:
    """AY-258 no empty pot space is left."""
    return len(p.pots) >= len(t.pot_row)


def pot_limit_reached(st: AyarState, params: Params) -> bool:
    """AY-241 at most two Pots per action."""
    limit: int = params.POTS_PER_ACTION
    return st.taken >= limit


def facedown_stack_empty(st: AyarState) -> bool:
    """AY-252 no facedown Pot is left to take."""
    return not st.stack


def facedown_limit_reached(st: AyarState, params: Params) -> bool:
    """AY-243 at most ``FACEDOWN_MAX`` facedown Pots per action."""
    limit: int = params.FACEDOWN_MAX
    return st.facedown_taken >= limit


def pot_cost(st: AyarState, t: Tables, params: Params, source: int) -> int:
    """AY-240/AY-242 the power a source costs: the printed power, or ``FACEDOWN_COST`` for the facedown top."""
    return params.FACEDOWN_COST if source == FACEDOWN else t.pot_power[st.market[source]]


def pot_sources(st: AyarState, t: Tables, params: Params, seat: int, power: int) -> list[int]:
    """Market slot indexes (0-based) and -1 (facedown top) that may be taken now with ``power`` left."""
    if pot_row_full(st.players[seat], t) or pot_limit_reached(st, params):
        return []
    out = [i for i, pid in enumerate(st.market) if pid >= 0 and t.pot_power[pid] <= power]  # AY-240, AY-251
    if (
        not facedown_stack_empty(st)
        and pot_cost(st, t, params, FACEDOWN) <= power
        and not facedown_limit_reached(st, params)
    ):
        out.append(FACEDOWN)
    return out


def take_pot(st: AyarState, t: Tables, params: Params, seat: int, source: int) -> tuple[int, bool, int]:
    """Take one pot (AY-240..AY-248, AY-255). Returns (pot id, facedown, power spent)."""
    p = st.players[seat]
    if source == FACEDOWN:
        pid = st.stack.pop(0)  # AY-243 the stack's top at this time
        st.facedown_taken += 1
        p.pots.append(pid)
        p.pot_down.append(True)  # AY-244/245 never revealed
        return pid, True, params.FACEDOWN_COST
    pid = st.market[source]
    st.market[source] = -1  # AY-251 slide and refill after the action
    p.pots.append(pid)
    p.pot_down.append(False)
    if t.pot_viracocha[pid]:  # AY-248 (never for facedown pots, AY-247)
        gain_tokens(st, seat)
    return pid, False, t.pot_power[pid]


def slide_and_refill(st: AyarState, t: Tables) -> None:
    """AY-249/AY-250/AY-252: close gaps toward slot 1, refill the empty slots from the stack top."""
    kept = [x for x in st.market if x >= 0]
    while len(kept) < t.market_slots and st.stack:
        kept.append(st.stack.pop(0))
    st.market = kept + [-1] * (t.market_slots - len(kept))


# ================================================================ Weaving (AY-280..AY-296)
def has_adjacent_pair(p: PlayerState, t: Tables) -> bool:
    """AY-287/AY-290 two orthogonally adjacent empty cells are left."""
    rows, cols = t.weave_rows, t.weave_cols
    w = p.weave
    for r in range(rows):
        for c in range(cols):
            if w[r * cols + c] >= 0:
                continue
            if c + 1 < cols and w[r * cols + c + 1] < 0:
                return True
            if r + 1 < rows and w[(r + 1) * cols + c] < 0:
                return True
    return False


def stack_used(st: AyarState, stack: int) -> bool:
    """AY-281 at most one Textile from each stack per action."""
    return bool((st.used_stacks >> stack) & 1)


def textile_stacks(st: AyarState, t: Tables, seat: int, power: int) -> list[int]:
    """AY-281/AY-282/AY-287/AY-289 stacks (0-based) whose top may be taken now."""
    if not has_adjacent_pair(st.players[seat], t):
        return []
    return [i for i, s in enumerate(st.stacks) if s and not stack_used(st, i) and t.textiles[s[0]].stack <= power]


def canonical_masks(t: Tables, tile: int) -> tuple[int, int]:
    a = b = 0
    for hs in t.textiles[tile].half_suns:
        if hs[0] == "a":
            a |= SIDE_BIT[hs[1]]
        else:
            b |= SIDE_BIT[hs[1]]
    return a, b


def orient(t: Tables, tile: int, d: str, flipped: bool) -> tuple[int, int]:
    """C10 geometry: flip (N<->S) first, then rotate clockwise r times for d = E, S, W, N."""
    a, b = canonical_masks(t, tile)
    if flipped:
        a, b = flip(a), flip(b)
    r = DIRS.index(d)
    return rotate(a, r), rotate(b, r)


def inside_area(t: Tables, r: int, c: int, d: str) -> bool:
    """AY-286 both cells of a placement (1-based anchor, direction of cell b) lie inside the weaving area."""
    return any(x[0] == r and x[1] == c for x in t.weave_pairs[d])


def cells_empty(p: PlayerState, ia: int, ib: int) -> bool:
    """AY-285 both cells (indexes) of a placement are still empty."""
    return p.weave[ia] < 0 and p.weave[ib] < 0


def covers_empty_cells(p: PlayerState, t: Tables, r: int, c: int, d: str) -> bool:
    """AY-285 both cells of a placement inside the area are still empty."""
    dr, dc = OFFSET[d]
    ia = (r - 1) * t.weave_cols + c - 1
    return cells_empty(p, ia, ia + dr * t.weave_cols + dc)


def _cells_key(ia: int, ib: int, ma: int, mb: int) -> tuple[int, int, int, int]:
    return (ia, ib, ma, mb) if ia < ib else (ib, ia, mb, ma)


def placement_key(t: Tables, tile: int, r: int, c: int, d: str, fl: bool) -> tuple[int, int, int, int]:
    """What a placement (1-based anchor) leaves on the board: the two cells and their half-sun masks, in cell
    order. Two placements with the same key are the same move (C10: duplicates may be merged)."""
    ma, mb = orient(t, tile, d, fl)
    dr, dc = OFFSET[d]
    ia = (r - 1) * t.weave_cols + c - 1
    return _cells_key(ia, ia + dr * t.weave_cols + dc, ma, mb)


def placements(st: AyarState, t: Tables, seat: int, tile: int) -> list[tuple[int, int, str, bool]]:
    """AY-284..AY-286: distinct legal placements (row, col 1-based, d, flip) of ``tile``: inside the area, on
    two empty cells, the first (in the order E, S, W, N x flip 0, 1) of placements with the same result."""
    p = st.players[seat]
    out = []
    seen = set()
    for d in DIRS:
        pairs = t.weave_pairs[d]
        for fl in (False, True):
            ma, mb = orient(t, tile, d, fl)
            for r, c, ia, ib in pairs:
                if not cells_empty(p, ia, ib):
                    continue
                key = _cells_key(ia, ib, ma, mb)
                if key in seen:  # merge symmetric duplicates
                    continue
                seen.add(key)
                out.append((r, c, d, fl))
    return out


def place_textile(st: AyarState, t: Tables, seat: int, stack: int, r: int, c: int, d: str, fl: bool) -> int:
    """Take the stack's top tile and lay it (AY-282..AY-288). Returns the tile id."""
    p = st.players[seat]
    tile = st.stacks[stack].pop(0)
    ma, mb = orient(t, tile, d, fl)
    dr, dc = OFFSET[d]
    cols = t.weave_cols
    ia = (r - 1) * cols + (c - 1)
    ib = (r - 1 + dr) * cols + (c - 1 + dc)
    k = len(p.tiles)
    p.tiles.append(tile)
    p.weave[ia], p.weave[ib] = ma, mb
    p.weave_tile[ia] = p.weave_tile[ib] = k
    st.used_stacks |= 1 << stack
    if t.textiles[tile].viracocha:  # AY-283
        gain_tokens(st, seat)
    return tile


# ================================================================ Farming (AY-310..AY-326)
def cubes_left(p: PlayerState, t: Tables) -> int:
    return sum(len(s) - k for s, k in zip(t.box_suns, p.boxes, strict=True))


def terrace_full(st: AyarState, t: Tables) -> bool:
    """AY-311 no empty terrace space is left."""
    return len(st.terrace) >= t.terrace_cells


def box_empty(p: PlayerState, t: Tables, box: int) -> bool:
    """AY-312 no cube is left in the box."""
    return p.boxes[box] >= len(t.box_suns[box])


def can_plant(st: AyarState, t: Tables, seat: int) -> bool:
    """AY-326/AY-311 an empty terrace space and a cube left."""
    return not terrace_full(st, t) and cubes_left(st.players[seat], t) > 0


def maize_boxes(st: AyarState, t: Tables, seat: int) -> list[int]:
    p = st.players[seat]
    if terrace_full(st, t):
        return []
    return [b for b in range(len(p.boxes)) if not box_empty(p, t, b)]


def plant(st: AyarState, t: Tables, seat: int, box: int) -> tuple[int, bool]:
    """AY-310/AY-312/AY-314: leftmost cube of ``box`` to the next terrace space. Returns (Suns, emptied)."""
    p = st.players[seat]
    k = p.boxes[box]
    p.boxes[box] = k + 1
    st.terrace.append(seat)
    emptied = p.boxes[box] == len(t.box_suns[box])
    if emptied and t.box_viracocha[box]:
        gain_tokens(st, seat)
    return t.box_suns[box][k], emptied


def box_name(b: int) -> str:
    return BOX_NAMES[b]


# ================================================================ Reed (AY-340..AY-363)
def entry_cost(st: AyarState, t: Tables, space: int) -> int:
    """AY-345/AY-346/AY-347 entering a space with an Island costs 0, else its printed cost."""
    return 0 if st.route[space] else t.route_cost[space]


def route_cost(st: AyarState, t: Tables, seat: int, dest: int) -> int:
    """AY-340/AY-343 the cost of every space entered on the way from the Boat to ``dest``."""
    pos = st.players[seat].boat
    step = 1 if dest > pos else -1
    return sum(entry_cost(st, t, s) for s in range(pos + step, dest + step, step))


def other_boats(st: AyarState, seat: int) -> set[int]:
    """The route spaces where the other players' Boats stand."""
    return {q.boat for i, q in enumerate(st.players) if i != seat}


def yellow_taken(t: Tables, others: set[int], space: int) -> bool:
    """AY-350/AY-352 a yellow slot where another Boat stands (``others``) may be passed but not ended on."""
    return t.route_yellow[space] and space in others


def reed_destinations(st: AyarState, t: Tables, seat: int, power: int) -> list[int]:
    """AY-340..AY-352/AY-361 legal destination spaces with their route cost within ``power``."""
    return [d for d, _ in reed_costs(st, t, seat, power)]


def reed_costs(st: AyarState, t: Tables, seat: int, power: int) -> list[tuple[int, int]]:
    pos = st.players[seat].boat
    others = other_boats(st, seat)
    out = []
    for step in (1, -1):
        cost = 0
        s = pos
        while True:
            s += step
            if s < 1 or s > t.route_len:  # AY-344 the dock cannot be re-entered
                break
            cost += entry_cost(st, t, s)
            if cost > power:
                break
            if yellow_taken(t, others, s):  # AY-352 pass, but do not stop
                continue
            out.append((s, cost))
    out.sort()
    return out


def island_drops(st: AyarState, t: Tables, seat: int, dest: int) -> list[tuple[int, int, int]]:
    """The Islands a move to ``dest`` places (AY-343, AY-348..AY-356), without moving: a list of
    (route space, Island slot 1-6, Lake section giving a Viracocha or -1)."""
    p = st.players[seat]
    step = 1 if dest > p.boat else -1
    out: list[tuple[int, int, int]] = []
    lake = list(st.lake)
    placed = len(p.island_at)
    s = p.boat
    while s != dest:
        s += step
        if t.route_moon[s] == 0:  # no Island slot
            continue
        if seat in st.route[s] or placed >= len(t.island_suns):
            continue  # AY-348/AY-349
        if t.route_yellow[s] and st.route[s]:  # AY-350/AY-351
            continue
        placed += 1  # leftmost Island on the board
        sec = -1
        if placed in t.island_viracocha:  # AY-354..AY-356
            k = t.route_section[s]
            if lake[k] > 0:
                lake[k] -= 1
                sec = k
        out.append((s, placed, sec))
    return out


def move_boat(st: AyarState, t: Tables, seat: int, dest: int) -> list[str]:
    """Move the Boat to ``dest`` entering every space on the way (AY-343), placing Islands (AY-348..AY-356)."""
    p = st.players[seat]
    notes = []
    for s, slot, sec in island_drops(st, t, seat, dest):
        p.island_at.append(s)
        st.route[s] = (*st.route[s], seat)
        notes.append(f"Island {slot} on space {s}")
        if sec >= 0:
            st.lake[sec] -= 1
            gain_tokens(st, seat)
            notes.append(f"Viracocha from Lake section {SECTIONS[sec]}")
    p.boat = dest
    return notes
