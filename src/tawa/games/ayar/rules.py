"""Setup, the Day turn (AY-080..AY-193) as small decisions, Inti scoring, and the automatic flow.

The flow is a small state machine: ``legal`` lists the decision of ``st.phase``; ``apply`` carries one out;
``advance`` then resolves everything automatic (forced choices, step 5, end of turn, the Rival, the Night)
until the next real decision.
"""
from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar import activities as A
from tawa.games.ayar.data import ACTIVITY_NAMES, BONUS_NAMES, GOLD, LANES, MARKERS, PATHS
from tawa.games.ayar.scoring import sun_value
from tawa.games.ayar.state import AyarState, PlayerState

QUADRANTS = ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15))   # C4 TL, TR, BL, BR


# ================================================================ setup (AY-030..AY-047)
def setup(st: AyarState, params: Params, rng: Rng) -> None:
    t = st.t
    tiles = list(t.raymi_tiles)
    rng.shuffle(tiles)                                        # AY-033 deal order of C3
    st.raymi = tiles[: len(st.raymi)]
    st.temple_token = [params.TEMPLE_TOKENS] * 4              # AY-032
    for i, tile in enumerate(t.textiles):                     # AY-034
        st.stacks[tile.stack - 1].append(i)
    for s in st.stacks:
        rng.shuffle(s)
    pots = list(range(len(t.pot_colour)))                     # AY-035
    rng.shuffle(pots)
    st.market = pots[: t.market_slots]
    st.stack = pots[t.market_slots:]
    st.lake = [params.LAKE_TOKENS] * 4                        # AY-036
    for seat, p in enumerate(st.players):                     # AY-039..AY-045
        p.weave = [-1] * (t.weave_rows * t.weave_cols)
        p.weave_tile = [-1] * (t.weave_rows * t.weave_cols)
        p.temples = params.TEMPLE_MARKERS
        p.llamas = t.start_llamas[seat]
    if st.n == 1:                                             # AY-046
        deck = list(range(len(t.rival_cards)))
        rng.shuffle(deck)
        st.rival_deck = deck
        st.rival_tambos = len(deck)
        st.rival_cubes = params.RIVAL_CUBES
    st.start = 0                                              # AY-047 seat 1 starts
    begin_turn(st, 0, params)


# ================================================================ lanes and feasibility
LANE_CELLS = tuple(tuple(s * 4 + c for c in range(4)) if s < 4 else tuple(r * 4 + s - 4 for r in range(4))
                   for s in range(8))


def lane_cells(slot: int) -> tuple[int, ...]:
    """AY-090 cells of lane r1..r4 (slots 0-3) or c1..c4 (slots 4-7)."""
    return LANE_CELLS[slot]


def lane_tambos(p: PlayerState, slot: int) -> int:
    g = p.grid
    return sum(1 for i in LANE_CELLS[slot] if g[i])


def marker_paths(st: AyarState, m: int) -> list[int]:
    """AY-110..AY-112 Ayars a marker may move."""
    if m != GOLD and st.active[m]:
        return [m]
    return [q for q in range(4) if st.active[q]]


def free_spots(st: AyarState, path: int, upto: int) -> list[int]:
    """AY-133/AY-134/AY-137 free action spots behind an Ayar on ``upto``."""
    if not st.active[path]:
        return []
    row = st.spots[path]
    cap = st.t.spot_capacity
    return [k for k in range(st.t.start_step + 1, upto + 1) if len(row[k]) < cap]


class Planner:
    """Which (marker, slot, Ayar, spot) choices lead to a performable activity (AY-095, AY-135, AY-812)."""

    def __init__(self, st: AyarState, seat: int, params: Params) -> None:
        self.st = st
        self.seat = seat
        self.params = params
        self.memo: dict[tuple[str, int], bool] = {}
        self.spot_memo: dict[tuple[int, int, int], bool] = {}

    def ok(self, act: str, base: int) -> bool:
        key = (act, base)
        v = self.memo.get(key)
        if v is None:
            p = self.st.players[self.seat]
            power = base + A.power_bonus(p, self.st.t, act)
            v = self.memo[key] = A.can_perform(self.st, self.seat, act, power, self.params)
        return v

    def spots(self, path: int, new_step: int, base: int) -> list[int]:
        acts = self.st.t.spot_activity[path]
        return [k for k in free_spots(self.st, path, new_step) if self.ok(acts[k - 1], base)]

    def has_spot(self, path: int, new_step: int, base: int) -> bool:
        key = (path, new_step, base)
        v = self.spot_memo.get(key)
        if v is None:
            st = self.st
            v = False
            if st.active[path]:
                acts = st.t.spot_activity[path]
                row = st.spots[path]
                cap = st.t.spot_capacity
                for k in range(st.t.start_step + 1, new_step + 1):
                    if len(row[k]) < cap and self.ok(acts[k - 1], base):
                        v = True
                        break
            self.spot_memo[key] = v
        return v

    def paths(self, m: int, slot: int, first: bool = False) -> list[int]:
        st = self.st
        p = st.players[self.seat]
        left = lane_tambos(p, slot)
        if (p.slots[slot] >= 0 and p.slots[slot] != m) or left == 0:   # AY-092/AY-093
            return []
        if st.fallback:
            return marker_paths(st, m)
        base = 5 - left                                 # AY-151 counted after the Tambo leaves
        arrows = st.t.slot_arrows[slot]
        cusco = st.t.cusco
        out = []
        for q in marker_paths(st, m):
            if self.has_spot(q, min(cusco, st.step[q] + arrows), base):
                out.append(q)
                if first:
                    break
        return out

    def slots(self, m: int) -> list[int]:
        return [s for s in range(8) if self.paths(m, s, first=True)]

    def markers(self) -> list[int]:
        p = self.st.players[self.seat]
        return [m for m in range(5) if p.markers[m] < 0                           # AY-094
                and any(self.paths(m, s, first=True) for s in range(8))]


def begin_turn(st: AyarState, seat: int, params: Params) -> None:
    """Start a Day turn: reset the turn context and decide whether the fallback applies (AY-190, AY-812)."""
    st.seat = seat
    st.phase = "marker"
    st.marker = st.slot = st.path = st.cell = st.spot = -1
    st.act = ""
    st.base = st.power = st.taken = st.facedown_taken = st.used_stacks = st.b5 = 0
    st.chosen_stack = st.raymi_hit = -1
    st.fallback = False
    if not Planner(st, seat, params).markers():
        st.fallback = True


# ================================================================ legal actions
def legal(st: AyarState, params: Params) -> list[Action]:
    t = st.t
    seat = st.seat
    p = st.players[seat] if seat >= 0 else None
    if st.tok_n > 0:                                         # AY-380/AY-384/AY-809
        q = st.players[st.tok_seat]
        return [Action(f"token {BONUS_NAMES[i]}", f"place a Viracocha on V{i + 1} (holds {q.bonus[i]}/"
                       f"{t.bonus_need[i]}; when complete: {bonus_text(*t.bonus_effect[i])})", i)
                for i in A.open_spaces(q, t)]
    ph = st.phase
    assert p is not None
    if ph == "marker":
        pl = Planner(st, seat, params)
        return [Action(f"marker {MARKERS[m]}", f"lay the {MARKERS[m]} Step marker", m) for m in pl.markers()]
    if ph == "slot":
        pl = Planner(st, seat, params)
        out = []
        movable = marker_paths(st, st.marker)
        for s in pl.slots(st.marker):
            power = 5 - lane_tambos(p, s)
            arrows = t.slot_arrows[s]
            if len(movable) == 1:
                q = movable[0]
                move = f"{PATHS[q]} Ayar {st.step[q]} -> {min(t.cusco, st.step[q] + arrows)}"
            else:
                move = "an Ayar of your choice"
            out.append(Action(f"slot {LANES[s]}", f"Step slot {LANES[s].upper()}: {arrows} arrow(s) ({move}), "
                              f"Moon {t.slot_moon[s]}, power {power} before bonuses", s))
        return out
    if ph == "ayar":
        pl = Planner(st, seat, params)
        return [Action(f"ayar {PATHS[q]}", f"move the {PATHS[q]} Ayar (step {st.step[q]})", q)
                for q in pl.paths(st.marker, st.slot)]
    if ph == "tambo":
        return [Action(f"tambo {cell_name(c)}", f"take the Tambo at {cell_name(c)}"
                       + (" (it leaves the game: no activity is possible, AY-191)" if st.fallback else ""), c)
                for c in lane_cells(st.slot) if p.grid[c]]
    if ph == "spot":
        pl = Planner(st, seat, params)
        acts = t.spot_activity[st.path]
        out = []
        for k in pl.spots(st.path, st.step[st.path], st.base):
            a = acts[k - 1]
            pw = st.base + A.power_bonus(p, t, a)
            text = f"Tambo on {PATHS[st.path]} spot {k}: {ACTIVITY_NAMES[a]} with power {pw}"
            out.append(Action(f"spot {k}", text, k))
        return out
    if ph == "pot":
        out = []
        for src in A.pot_sources(st, seat, st.power, params):
            if src < 0:
                out.append(Action("pot facedown", f"take the facedown top Pot (cost {params.FACEDOWN_COST}, wild)", -1))
            else:
                pid = st.market[src]
                out.append(Action(f"pot m{src + 1}", f"take {pot_name(st, pid)} from market slot {src + 1}", src))
        if st.taken:
            out.append(Action("pot done", "stop taking Pots", None))
        return out
    if ph == "textile":
        out = [Action(f"textile {i + 1}", f"take {textile_name(st, st.stacks[i][0])} from stack {i + 1}", i)
               for i in A.textile_stacks(st, seat, st.power)]
        if st.taken:
            out.append(Action("weave done", "stop taking Textiles", None))
        return out
    if ph == "place":
        tile = st.stacks[st.chosen_stack][0]
        return [Action(placement_id(r, c, d, fl), placement_text(st, tile, r, c, d, fl), (r, c, d, fl))
                for r, c, d, fl in A.placements(st, seat, tile)]
    if ph == "maize":
        out = [Action(f"maize {A.box_name(b)}", f"plant the leftmost cube of box {A.box_name(b).upper()}", b)
               for b in A.maize_boxes(st, seat)]
        if st.taken:
            out.append(Action("maize done", "stop planting", None))
        return out
    if ph == "boat":
        return [Action(f"boat {d}", boat_text(st, seat, d, cost), d) for d, cost in A.reed_costs(st, seat, st.power)]
    if ph == "temple":
        return [Action(f"temple {PATHS[q]}", f"Temple marker on the {PATHS[q]} row", q) for q in temple_rows(st, seat)]
    raise AssertionError(f"no decision in phase {ph}")


def bonus_text(effect: str, amount: int) -> str:
    """C15 bonus effects in words."""
    return {"llamas": f"+{amount} Llamas at once", "inti": f"+{amount} Inti at once",
            "power_pw": f"+{amount} power on later Pottery and Weaving", "moon": f"+{amount} Moon every Night",
            "power_fr": f"+{amount} power on later Farming and Reed"}.get(effect, f"{effect} {amount}")


def textile_name(st: AyarState, tile: int) -> str:
    x = st.t.textiles[tile]
    return f"{x.id} (power {x.stack}, half-suns {' '.join(x.half_suns)}{', Viracocha' if x.viracocha else ''})"


def _sides(mask: int) -> str:
    return "".join(ch for ch, bit in (("N", 1), ("E", 2), ("S", 4), ("W", 8)) if mask & bit) or "none"


_SIDES: dict[tuple[int, int, str, bool], tuple[str, str, str]] = {}


def placement_text(st: AyarState, tile: int, r: int, c: int, d: str, fl: bool) -> str:
    """C10: which two cells the Textile covers and where its half-suns end up (N/E/S/W of each cell)."""
    key = (id(st.t), tile, d, fl)
    got = _SIDES.get(key)
    if got is None:
        ma, mb = A.orient(st.t, tile, d, fl)
        got = _SIDES[key] = (st.t.textiles[tile].id, _sides(ma), _sides(mb))
    name, sa, sb = got
    dr, dc = A.OFFSET[d]
    return f"lay {name} on r{r}c{c} + r{r + dr}c{c + dc}: half-suns r{r}c{c} {sa}, r{r + dr}c{c + dc} {sb}"


def boat_text(st: AyarState, seat: int, dest: int, cost: int) -> str:
    """AY-808: destination, route cost, and the Islands / Lake Viracocha the move brings."""
    notes = []
    for s, slot, sec in A.island_drops(st, seat, dest):
        notes.append(f"Island {slot} on space {s}" + (f" + Viracocha from Lake {'ABCD'[sec]}" if sec >= 0 else ""))
    return f"move your Boat to space {dest} (cost {cost}" + ("; " + ", ".join(notes) if notes else "") + ")"


def placement_id(r: int, c: int, d: str, fl: bool) -> str:
    return f"place r{r}c{c} {d}" + (" flip" if fl else "")


def cell_name(c: int) -> str:
    return f"r{c // 4 + 1}c{c % 4 + 1}"


def pot_name(st: AyarState, pid: int) -> str:
    t = st.t
    return f"{t.colours[t.pot_colour[pid]]} {t.pot_power[pid]}" + (" (Viracocha)" if t.pot_viracocha[pid] else "")


def temple_rows(st: AyarState, seat: int) -> list[int]:
    """AY-173 rows of active Ayars without your marker."""
    if st.players[seat].temples <= 0:
        return []
    return [q for q in range(4) if st.active[q] and not st.temple_closed[q] and seat not in st.temple[q]]


# ================================================================ apply
def apply(st: AyarState, action: Action, params: Params, rng: Rng) -> list[Event]:
    ev: list[Event] = []
    seat = st.seat
    t = st.t
    p = st.players[seat]
    verb = action.id.split(" ", 1)[0]
    if st.tok_n > 0:
        tseat = st.tok_seat
        ev.append(Event("viracocha", f"P{tseat + 1}: " + A.place_token(st, tseat, action.data, params)))
    elif verb == "marker":                                   # AY-090
        st.marker = action.data
        st.phase = "slot"
    elif verb == "slot":
        s = action.data
        st.slot = s
        p.slots[s] = st.marker
        p.markers[st.marker] = s
        ev.append(Event("step", f"P{seat + 1} lays the {MARKERS[st.marker]} marker on {LANES[s].upper()}"))
        paths = Planner(st, seat, params).paths(st.marker, s)
        if len(paths) == 1:                                   # AY-802 no choice to ask
            move_ayar(st, seat, paths[0], ev)
        else:
            st.phase = "ayar"
    elif verb == "ayar":
        move_ayar(st, seat, action.data, ev)
    elif verb == "tambo":
        take_tambo(st, seat, action.data, ev)
    elif verb == "spot":                                     # AY-132..AY-135, AY-150..AY-155
        k = action.data
        st.spot = k
        st.spots[st.path][k] = (*st.spots[st.path][k], seat)
        p.on_board += 1
        st.act = t.spot_activity[st.path][k - 1]
        st.power = st.base + A.power_bonus(p, t, st.act)      # AY-153 fixed now
        st.phase = {"P": "pot", "W": "textile", "F": "maize", "R": "boat"}[st.act]
        ev.append(Event("spot", f"P{seat + 1} places a Tambo on {PATHS[st.path]} spot {k}: "
                        f"{ACTIVITY_NAMES[st.act]} with power {st.power}"))
    elif verb == "pot":
        if action.data is None:
            finish_activity(st)
        else:
            pid, down, cost = A.take_pot(st, seat, action.data, params)
            st.power -= cost
            st.taken += 1
            ev.append(Event("pot", f"P{seat + 1} takes " + ("a facedown Pot" if down else pot_name(st, pid))))
            if st.taken >= params.POTS_PER_ACTION or not A.pot_sources(st, seat, st.power, params):
                finish_activity(st)
    elif verb == "textile":
        st.chosen_stack = action.data
        st.phase = "place"
    elif verb == "place":
        r, c, d, fl = action.data
        stack = st.chosen_stack
        tile = A.place_textile(st, seat, stack, r, c, d, fl)
        st.power -= t.textiles[tile].stack
        st.taken += 1
        ev.append(Event("textile", f"P{seat + 1} weaves {t.textiles[tile].id} at r{r}c{c} {d}"
                        + (" flipped" if fl else "")))
        st.phase = "textile"
        if not A.textile_stacks(st, seat, st.power):
            finish_activity(st)
    elif verb == "weave":
        finish_activity(st)
    elif verb == "maize":
        if action.data is None:
            finish_activity(st)
        else:
            suns, emptied = A.plant(st, seat, action.data)
            st.power -= 1
            st.taken += 1
            ev.append(Event("maize", f"P{seat + 1} plants from box {A.box_name(action.data).upper()} "
                            f"(+{suns} Sun value)"
                            + (", box emptied" if emptied else "")))
            if st.power <= 0 or not A.maize_boxes(st, seat):
                finish_activity(st)
    elif verb == "boat":
        notes = A.move_boat(st, seat, action.data)
        ev.append(Event("boat", f"P{seat + 1} moves the Boat to space {action.data}"
                        + ("; " + ", ".join(notes) if notes else "")))
        finish_activity(st)
    elif verb == "temple":
        place_temple(st, seat, action.data, ev)
        st.phase = "bonus"
        st.b5 = 1
    else:
        raise AssertionError(action.id)
    advance(st, params, rng, ev)
    return ev


def move_ayar(st: AyarState, seat: int, path: int, ev: list[Event]) -> None:
    """AY-113..AY-117 move by the slot's arrows, stamp the move, note a reached Raymi space (AY-212)."""
    p = st.players[seat]
    p.laid.append((st.marker, st.slot, path))
    st.path = path
    hit = move_figure(st, path, st.t.slot_arrows[st.slot])
    st.raymi_hit = hit
    ev.append(Event("move", f"the {PATHS[path]} Ayar moves to step {st.step[path]}"))
    st.phase = "tambo"
    cells = [c for c in lane_cells(st.slot) if p.grid[c]]
    if len(cells) == 1:                                       # AY-803 skipped if only one
        take_tambo(st, seat, cells[0], ev)


def move_figure(st: AyarState, path: int, steps: int) -> int:
    """Move an Ayar (player or Rival); return the index of a Raymi tile reached, or -1 (AY-212, AY-214)."""
    old = st.step[path]
    new = min(st.t.cusco, old + steps)                        # AY-115
    st.step[path] = new
    st.moves += 1                                             # AY-117
    st.stamp[path] = st.moves
    for j, rs in enumerate(st.t.raymi_steps):
        idx = path * len(st.t.raymi_steps) + j
        if old < rs <= new and st.raymi[idx]:
            return idx
    return -1


def take_tambo(st: AyarState, seat: int, cell: int, ev: list[Event]) -> None:
    """AY-130/AY-131 take a Tambo from the lane; AY-191 it leaves the game in the fallback."""
    p = st.players[seat]
    p.grid[cell] = False
    st.cell = cell
    st.base = 4 - lane_tambos(p, st.slot)                     # AY-150/AY-151
    if st.fallback:
        p.discarded += 1
        ev.append(Event("fallback", f"P{seat + 1} can perform no activity: the Tambo leaves the game (AY-190)"))
        st.phase = "bonus"
        st.b5 = 0
    else:
        st.phase = "spot"


def finish_activity(st: AyarState) -> None:
    if st.act == "P":
        A.slide_and_refill(st)                               # AY-251 once, after the whole action
    st.phase = "bonus"
    st.b5 = 0


def place_temple(st: AyarState, seat: int, row: int, ev: list[Event]) -> None:
    p = st.players[seat]
    p.temples -= 1
    st.temple[row] = (*st.temple[row], seat)
    ev.append(Event("temple", f"P{seat + 1} places a Temple marker on the {PATHS[row]} row"))


def inti_scoring(st: AyarState, idx: int, ev: list[Event]) -> None:
    """AY-210/AY-213/AY-217: every player adds their Sun value in the tile's activity to the Inti dial."""
    act = st.raymi[idx]
    st.raymi[idx] = ""
    gains = []
    for i, q in enumerate(st.players):
        g = sun_value(q, st.t, act)
        q.inti += g
        gains.append(f"P{i + 1} +{g}")
    ev.append(Event("inti", f"Raymi {ACTIVITY_NAMES[act]} scoring: " + ", ".join(gains)))


def clan_bonus(st: AyarState, seat: int, lane: int, params: Params, ev: list[Event]) -> None:
    """AY-175/AY-176 the clan bonus of an emptied lane."""
    p = st.players[seat]
    kind, amount = st.t.slot_bonus[lane]
    if kind == "viracocha":
        A.gain_tokens(st, seat, amount)
    elif kind == "llamas":
        p.llamas += amount
    elif kind == "inti":
        p.inti += amount                                     # AY-219
    elif kind == "moon":
        p.moon += amount
    else:
        raise AssertionError(kind)
    ev.append(Event("clan", f"P{seat + 1} empties {LANES[lane].upper()}: +{amount} {kind}"))


def step5(st: AyarState, params: Params, ev: list[Event]) -> bool:
    """AY-170/AY-171 quadrant, then lanes, then Raymi. Returns False when a Temple choice is needed."""
    seat = st.seat
    p = st.players[seat]
    if st.b5 == 0:
        st.b5 = 1
        quad = next(q for q in QUADRANTS if st.cell in q)
        if not any(p.grid[c] for c in quad):                 # AY-172
            rows = temple_rows(st, seat)
            if not rows:                                     # AY-174
                p.sun += params.TEMPLE_FALLBACK_SUN
                ev.append(Event("temple", f"P{seat + 1} empties a quadrant: no legal temple row, "
                                f"+{params.TEMPLE_FALLBACK_SUN} Sun"))
            elif len(rows) == 1:
                place_temple(st, seat, rows[0], ev)
            else:
                st.phase = "temple"
                return False
    if st.b5 == 1:                                           # AY-177 row first, then column
        st.b5 = 2
        r, c = divmod(st.cell, 4)
        for lane in (r, 4 + c):
            if lane_tambos(p, lane) == 0:
                clan_bonus(st, seat, lane, params, ev)
        if st.tok_n > 0:                                     # AY-380 place the clan Viracocha first
            return True
    if st.b5 == 2:                                           # AY-179/AY-213
        st.b5 = 3
        if st.raymi_hit >= 0 and st.raymi[st.raymi_hit]:
            inti_scoring(st, st.raymi_hit, ev)
    st.phase = "end"
    return True


def advance(st: AyarState, params: Params, rng: Rng, ev: list[Event]) -> None:
    """Resolve automatic steps until a decision is needed or the game is over."""
    from tawa.games.ayar.night import end_turn, run_night  # night.py builds on this module

    t = st.t
    while True:
        if st.tok_n > 0:                                     # AY-809 automatic with 0 or 1 open space
            q = st.players[st.tok_seat]
            spaces = A.open_spaces(q, t)
            if len(spaces) >= 2:
                return
            seat = st.tok_seat
            text = A.place_token(st, seat, spaces[0] if spaces else None, params)
            ev.append(Event("viracocha", f"P{seat + 1}: " + text))
            continue
        ph = st.phase
        if ph == "bonus":
            if not step5(st, params, ev):
                return
            continue
        if ph == "end":
            end_turn(st, params, rng, ev)
            continue
        if ph == "night":
            run_night(st, params, rng, ev)
            continue
        return
