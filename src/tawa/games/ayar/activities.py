"""The four activities (rulebook section "The Four Activities", AY-240..AY-363) and Viracocha tokens."""
from __future__ import annotations

from tawa.core.params import Params
from tawa.games.ayar.data import BOX_NAMES, Tables
from tawa.games.ayar.scoring import SIDE_BIT, flip, rotate
from tawa.games.ayar.state import AyarState, PlayerState

DIRS = ("e", "s", "w", "n")                     # C10: d = E, S, W, N -> r = 0..3
OFFSET = {"e": (0, 1), "s": (1, 0), "w": (0, -1), "n": (-1, 0)}


# ================================================================ Viracocha (AY-380..AY-392)
def gain_tokens(st: AyarState, seat: int, n: int = 1) -> None:
    """Queue ``n`` tokens for ``seat``; each is placed on a bonus space before the next decision (AY-380)."""
    if n <= 0:
        return
    st.tok_seat = seat
    st.tok_n += n


def open_spaces(p: PlayerState, t: Tables) -> list[int]:
    """AY-382 bonus spaces not yet complete."""
    return [i for i, need in enumerate(t.bonus_need) if p.bonus[i] < need]


def place_token(st: AyarState, seat: int, space: int | None, params: Params) -> str:
    """Place one token on ``space`` (None: every space complete -> Llama, AY-386). Returns a short text."""
    t = st.t
    p = st.players[seat]
    st.tok_n -= 1
    if st.tok_n == 0:
        st.tok_seat = -1
    if space is None:
        p.llamas += params.OVERFLOW_LLAMAS
        return f"all bonus spaces complete: +{params.OVERFLOW_LLAMAS} Llama"
    p.bonus[space] += 1
    text = f"Viracocha on V{space + 1}"
    if p.bonus[space] == t.bonus_need[space]:          # AY-383 available at once
        effect, amount = t.bonus_effect[space]
        if effect == "llamas":                           # AY-387
            p.llamas += amount
            text += f" (complete: +{amount} Llamas)"
        elif effect == "inti":                           # AY-390
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
def can_perform(st: AyarState, seat: int, act: str, power: int, params: Params) -> bool:
    if act == "P":
        return bool(pot_sources(st, seat, power, params))
    if act == "W":
        return bool(textile_stacks(st, seat, power))
    if act == "F":
        return can_plant(st, seat)
    return bool(reed_destinations(st, seat, power))


# ================================================================ Pottery (AY-240..AY-264)
def pot_sources(st: AyarState, seat: int, power: int, params: Params) -> list[int]:
    """Market slot indexes (0-based) and -1 (facedown top) that may be taken now with ``power`` left."""
    p = st.players[seat]
    t = st.t
    if len(p.pots) >= len(t.pot_row):                          # AY-258
        return []
    out = [i for i, pid in enumerate(st.market) if pid >= 0 and t.pot_power[pid] <= power]   # AY-240
    if st.stack and power >= params.FACEDOWN_COST and st.facedown_taken < params.FACEDOWN_MAX:  # AY-242/243/252
        out.append(-1)
    return out


def take_pot(st: AyarState, seat: int, source: int, params: Params) -> tuple[int, bool, int]:
    """Take one pot (AY-240..AY-248, AY-255). Returns (pot id, facedown, power spent)."""
    p = st.players[seat]
    t = st.t
    if source < 0:
        pid = st.stack.pop(0)                    # AY-243 the stack's top at this time
        st.facedown_taken += 1
        p.pots.append(pid)
        p.pot_down.append(True)                  # AY-244/245 never revealed
        return pid, True, params.FACEDOWN_COST
    pid = st.market[source]
    st.market[source] = -1                       # AY-251 slide and refill after the action
    p.pots.append(pid)
    p.pot_down.append(False)
    if t.pot_viracocha[pid]:                     # AY-248 (never for facedown pots, AY-247)
        gain_tokens(st, seat)
    return pid, False, t.pot_power[pid]


def slide_and_refill(st: AyarState) -> None:
    """AY-249/AY-250/AY-252: close gaps toward slot 1, refill the empty slots from the stack top."""
    kept = [x for x in st.market if x >= 0]
    while len(kept) < st.t.market_slots and st.stack:
        kept.append(st.stack.pop(0))
    st.market = kept + [-1] * (st.t.market_slots - len(kept))


# ================================================================ Weaving (AY-280..AY-296)
def has_adjacent_pair(p: PlayerState, t: Tables) -> bool:
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


def textile_stacks(st: AyarState, seat: int, power: int) -> list[int]:
    """AY-281/AY-282/AY-287/AY-289 stacks (0-based) whose top may be taken now."""
    p = st.players[seat]
    t = st.t
    if not has_adjacent_pair(p, t):
        return []
    return [i for i, s in enumerate(st.stacks)
            if s and not (st.used_stacks >> i) & 1 and t.textiles[s[0]].stack <= power]


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


def placement_key(t: Tables, tile: int, r: int, c: int, d: str, fl: bool) -> tuple[int, int, int, int]:
    """What a placement (1-based anchor) leaves on the board: the two cells and their half-sun masks, in cell
    order. Two placements with the same key are the same move (C10: duplicates may be merged)."""
    ma, mb = orient(t, tile, d, fl)
    dr, dc = OFFSET[d]
    ia = (r - 1) * t.weave_cols + c - 1
    ib = (r - 1 + dr) * t.weave_cols + c - 1 + dc
    return (ia, ib, ma, mb) if ia < ib else (ib, ia, mb, ma)


def placements(st: AyarState, seat: int, tile: int) -> list[tuple[int, int, str, bool]]:
    """AY-284..AY-286: distinct legal placements (row, col 1-based, d, flip) of ``tile``."""
    p = st.players[seat]
    t = st.t
    rows, cols = t.weave_rows, t.weave_cols
    out = []
    seen = set()
    for d in DIRS:
        dr, dc = OFFSET[d]
        for fl in (False, True):
            ma, mb = orient(t, tile, d, fl)
            for r in range(rows):
                for c in range(cols):
                    r2, c2 = r + dr, c + dc
                    if not (0 <= r2 < rows and 0 <= c2 < cols):
                        continue
                    ia, ib = r * cols + c, r2 * cols + c2
                    if p.weave[ia] >= 0 or p.weave[ib] >= 0:       # AY-285 both empty
                        continue
                    key = (min(ia, ib), max(ia, ib), ma if ia < ib else mb, mb if ia < ib else ma)
                    if key in seen:                                 # merge symmetric duplicates
                        continue
                    seen.add(key)
                    out.append((r + 1, c + 1, d, fl))
    return out


def place_textile(st: AyarState, seat: int, stack: int, r: int, c: int, d: str, fl: bool) -> int:
    """Take the stack's top tile and lay it (AY-282..AY-288). Returns the tile id."""
    t = st.t
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
    if t.textiles[tile].viracocha:             # AY-283
        gain_tokens(st, seat)
    return tile


# ================================================================ Farming (AY-310..AY-326)
def cubes_left(p: PlayerState, t: Tables) -> int:
    return sum(len(s) - k for s, k in zip(t.box_suns, p.boxes, strict=True))


def can_plant(st: AyarState, seat: int) -> bool:
    """AY-326/AY-311 an empty terrace space and a cube left."""
    return len(st.terrace) < st.t.terrace_cells and cubes_left(st.players[seat], st.t) > 0


def maize_boxes(st: AyarState, seat: int) -> list[int]:
    p = st.players[seat]
    if len(st.terrace) >= st.t.terrace_cells:
        return []
    return [b for b, k in enumerate(p.boxes) if k < len(st.t.box_suns[b])]


def plant(st: AyarState, seat: int, box: int) -> tuple[int, bool]:
    """AY-310/AY-312/AY-314: leftmost cube of ``box`` to the next terrace space. Returns (Suns, emptied)."""
    t = st.t
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
def reed_destinations(st: AyarState, seat: int, power: int) -> list[int]:
    """AY-340..AY-352/AY-361 legal destination spaces with their route cost within ``power``."""
    return [d for d, _ in reed_costs(st, seat, power)]


def reed_costs(st: AyarState, seat: int, power: int) -> list[tuple[int, int]]:
    t = st.t
    pos = st.players[seat].boat
    out = []
    others = {q.boat for i, q in enumerate(st.players) if i != seat}
    for step in (1, -1):
        cost = 0
        s = pos
        while True:
            s += step
            if s < 1 or s > t.route_len:            # AY-344 the dock cannot be re-entered
                break
            cost += 0 if st.route[s] else t.route_cost[s]   # AY-345/AY-346/AY-347
            if cost > power:
                break
            if t.route_yellow[s] and s in others:   # AY-352 pass, but do not stop
                continue
            out.append((s, cost))
    out.sort()
    return out


def island_drops(st: AyarState, seat: int, dest: int) -> list[tuple[int, int, int]]:
    """The Islands a move to ``dest`` places (AY-343, AY-348..AY-356), without moving: a list of
    (route space, Island slot 1-6, Lake section giving a Viracocha or -1)."""
    t = st.t
    p = st.players[seat]
    step = 1 if dest > p.boat else -1
    out: list[tuple[int, int, int]] = []
    lake = list(st.lake)
    placed = len(p.island_at)
    s = p.boat
    while s != dest:
        s += step
        if t.route_moon[s] == 0:                            # no Island slot
            continue
        if seat in st.route[s] or placed >= len(t.island_suns):
            continue                                        # AY-348/AY-349
        if t.route_yellow[s] and st.route[s]:              # AY-350/AY-351
            continue
        placed += 1                                         # leftmost Island on the board
        sec = -1
        if placed in t.island_viracocha:                    # AY-354..AY-356
            k = t.route_section[s]
            if lake[k] > 0:
                lake[k] -= 1
                sec = k
        out.append((s, placed, sec))
    return out


def move_boat(st: AyarState, seat: int, dest: int) -> list[str]:
    """Move the Boat to ``dest`` entering every space on the way (AY-343), placing Islands (AY-348..AY-356)."""
    p = st.players[seat]
    notes = []
    for s, slot, sec in island_drops(st, seat, dest):
        p.island_at.append(s)
        st.route[s] = (*st.route[s], seat)
        notes.append(f"Island {slot} on space {s}")
        if sec >= 0:
            st.lake[sec] -= 1
            gain_tokens(st, seat)
            notes.append(f"Viracocha from Lake section {'ABCD'[sec]}")
    p.boat = dest
    return notes
