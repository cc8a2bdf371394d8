"""The Day turn (AY-080..AY-193): lanes and the choices that can complete a turn, the moves of steps 1-4,
the bonuses of step 5 and Inti scoring.

Each legality rule of steps 1-3 is one predicate here (``marker_laid`` AY-094, ``slot_used`` AY-092,
``lane_empty`` AY-093, ``spot_behind`` AY-133, ``spot_full`` AY-134, and the ``Planner``'s AY-095/AY-135
look-ahead); ``rules.py`` builds the offered choices from them and ``illegal.py`` explains refusals with them.
"""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.ayar.data import GOLD, GRID, LANE_CELLS, LANES, MARKERS, PATHS, QUADRANTS, Tables
from tawa.games.ayar.rules.activities import can_perform, gain_tokens, power_bonus, slide_and_refill
from tawa.games.ayar.rules.texts import activity_name, seat_label
from tawa.games.ayar.scoring import sun_value
from tawa.games.ayar.state import ACTIVITY_PHASE, AyarState, BonusCheck, Laid, Phase, PlayerState


# ================================================================ lanes and feasibility
def lane_cells(slot: int) -> tuple[int, ...]:
    """AY-090 cells of lane r1..r4 (slots 0-3) or c1..c4 (slots 4-7)."""
    return LANE_CELLS[slot]


def lane_tambos(p: PlayerState, slot: int) -> int:
    g = p.grid
    return sum(1 for i in LANE_CELLS[slot] if g[i])


def power_of_lane(left: int) -> int:
    """AY-150/AY-151 power = empty spaces of the lane once its Tambo has left (``left`` Tambos before)."""
    return GRID + 1 - left


def marker_laid(p: PlayerState, m: int) -> bool:
    """AY-094 each Step marker is laid at most once per round."""
    return p.markers[m] >= 0


def slot_used(p: PlayerState, slot: int, m: int) -> bool:
    """AY-092 a slot holding another marker this round is closed (``m`` is the marker being laid)."""
    return p.slots[slot] >= 0 and p.slots[slot] != m


def lane_empty(p: PlayerState, slot: int) -> bool:
    """AY-093 a slot whose lane holds no Tambo cannot be used."""
    return lane_tambos(p, slot) == 0


def marker_paths(st: AyarState, m: int) -> list[int]:
    """AY-110..AY-112 Ayars a marker may move."""
    if m != GOLD and st.active[m]:
        return [m]
    return [q for q in range(len(PATHS)) if st.active[q]]


def spot_behind(st: AyarState, t: Tables, path: int, k: int) -> bool:
    """AY-133 spots START_STEP + 1 up to the Ayar's step are behind him."""
    return t.start_step < k <= st.step[path]


def spot_full(st: AyarState, t: Tables, path: int, k: int) -> bool:
    """AY-134 a spot holding SPOT_CAPACITY Tambos is closed."""
    return len(st.spots[path][k]) >= t.spot_capacity


def free_spots(st: AyarState, t: Tables, path: int, upto: int) -> list[int]:
    """AY-133/AY-134/AY-137 free action spots behind an Ayar on ``upto``."""
    if not st.active[path]:
        return []
    row = st.spots[path]
    cap = t.spot_capacity
    return [k for k in range(t.start_step + 1, upto + 1) if len(row[k]) < cap]


class Planner:
    """Which (marker, slot, Ayar, spot) choices lead to a performable activity (AY-095, AY-135, AY-812)."""

    def __init__(self, st: AyarState, t: Tables, params: Params, seat: int) -> None:
        self.st = st
        self.t = t
        self.seat = seat
        self.params = params
        self.memo: dict[tuple[str, int], bool] = {}
        self.spot_memo: dict[tuple[int, int, int], bool] = {}

    def ok(self, act: str, base: int) -> bool:
        """AY-135/AY-156 the activity can be performed with the lane's power ``base`` (+ bonuses)."""
        key = (act, base)
        v = self.memo.get(key)
        if v is None:
            p = self.st.players[self.seat]
            power = base + power_bonus(p, self.t, act)
            v = self.memo[key] = can_perform(self.st, self.t, self.params, self.seat, act, power)
        return v

    def spots(self, path: int, new_step: int, base: int) -> list[int]:
        acts = self.t.spot_activity[path]
        return [k for k in free_spots(self.st, self.t, path, new_step) if self.ok(acts[k - 1], base)]

    def has_spot(self, path: int, new_step: int, base: int) -> bool:
        key = (path, new_step, base)
        v = self.spot_memo.get(key)
        if v is None:
            st, t = self.st, self.t
            v = False
            if st.active[path]:
                acts = t.spot_activity[path]
                row = st.spots[path]
                cap = t.spot_capacity
                for k in range(t.start_step + 1, new_step + 1):
                    if len(row[k]) < cap and self.ok(acts[k - 1], base):
                        v = True
                        break
            self.spot_memo[key] = v
        return v

    def paths(self, m: int, slot: int, first: bool = False) -> list[int]:
        """The Ayars that marker ``m`` on ``slot`` may move so that the turn completes (AY-095); in the
        fallback (AY-190) every Ayar the marker may move."""
        st = self.st
        p = st.players[self.seat]
        left = lane_tambos(p, slot)
        if slot_used(p, slot, m) or left == 0:  # AY-092, AY-093 (lane_empty)
            return []
        if st.fallback:
            return marker_paths(st, m)
        base = power_of_lane(left)
        arrows = self.t.slot_arrows[slot]
        cusco = self.t.cusco
        out = []
        for q in marker_paths(st, m):
            if self.has_spot(q, min(cusco, st.step[q] + arrows), base):
                out.append(q)
                if first:
                    break
        return out

    def slots(self, m: int) -> list[int]:
        return [s for s in range(len(LANES)) if self.paths(m, s, first=True)]

    def marker_ok(self, m: int) -> bool:
        """AY-095 some slot and Ayar complete a turn with marker ``m``."""
        return any(self.paths(m, s, first=True) for s in range(len(LANES)))

    def markers(self) -> list[int]:
        p = self.st.players[self.seat]
        return [m for m in range(len(MARKERS)) if not marker_laid(p, m) and self.marker_ok(m)]


def begin_turn(st: AyarState, t: Tables, params: Params, seat: int) -> None:
    """Start a Day turn: reset the turn context and decide whether the fallback applies (AY-190, AY-812)."""
    st.seat = seat
    st.phase = Phase.MARKER
    st.marker = st.slot = st.path = st.cell = st.spot = -1
    st.act = ""
    st.base = st.power = st.taken = st.facedown_taken = st.used_stacks = 0
    st.b5 = BonusCheck.QUADRANT
    st.chosen_stack = st.raymi_hit = -1
    st.fallback = False
    if not Planner(st, t, params, seat).markers():
        st.fallback = True


# ================================================================ steps 1-4
def lay_marker(st: AyarState, t: Tables, params: Params, seat: int, slot: int, ev: list[Event]) -> None:
    """AY-090 lay the chosen marker on ``slot``; the Ayar moves at once when only one may (AY-802)."""
    p = st.players[seat]
    st.slot = slot
    p.slots[slot] = st.marker
    p.markers[st.marker] = slot
    ev.append(Event("step", f"{seat_label(seat)} lays the {MARKERS[st.marker]} marker on {LANES[slot].upper()}"))
    paths = Planner(st, t, params, seat).paths(st.marker, slot)
    if len(paths) == 1:  # AY-802 no choice to ask
        move_ayar(st, t, seat, paths[0], ev)
    else:
        st.phase = Phase.AYAR


def move_ayar(st: AyarState, t: Tables, seat: int, path: int, ev: list[Event]) -> None:
    """AY-113..AY-117 move by the slot's arrows, stamp the move, note a reached Raymi space (AY-212)."""
    p = st.players[seat]
    p.laid.append(Laid(st.marker, st.slot, path))
    st.path = path
    hit = move_figure(st, t, path, t.slot_arrows[st.slot])
    st.raymi_hit = hit
    ev.append(Event("move", f"the {PATHS[path]} Ayar moves to step {st.step[path]}"))
    st.phase = Phase.TAMBO
    cells = [c for c in lane_cells(st.slot) if p.grid[c]]
    if len(cells) == 1:  # AY-803 skipped if only one
        take_tambo(st, seat, cells[0], ev)


def move_figure(st: AyarState, t: Tables, path: int, steps: int) -> int:
    """Move an Ayar (player or Rival); return the index of a Raymi tile reached, or -1 (AY-212, AY-214)."""
    old = st.step[path]
    new = min(t.cusco, old + steps)  # AY-115
    st.step[path] = new
    st.moves += 1  # AY-117
    st.stamp[path] = st.moves
    for j, rs in enumerate(t.raymi_steps):
        idx = path * len(t.raymi_steps) + j
        if old < rs <= new and st.raymi[idx]:
            return idx
    return -1


def take_tambo(st: AyarState, seat: int, cell: int, ev: list[Event]) -> None:
    """AY-130/AY-131 take a Tambo from the lane; AY-191 it leaves the game in the fallback."""
    p = st.players[seat]
    p.grid[cell] = False
    st.cell = cell
    st.base = GRID - lane_tambos(p, st.slot)  # AY-150/AY-151
    if st.fallback:
        p.discarded += 1
        ev.append(Event("fallback", f"{seat_label(seat)} can perform no activity: the Tambo leaves the game (AY-190)"))
        st.phase = Phase.BONUS
        st.b5 = BonusCheck.QUADRANT
    else:
        st.phase = Phase.SPOT


def place_tambo(st: AyarState, t: Tables, seat: int, k: int, ev: list[Event]) -> None:
    """AY-132..AY-135, AY-150..AY-155 the Tambo on spot ``k``; its activity begins with a fixed power."""
    p = st.players[seat]
    st.spot = k
    st.spots[st.path][k] = (*st.spots[st.path][k], seat)
    p.on_board += 1
    st.act = t.spot_activity[st.path][k - 1]
    st.power = st.base + power_bonus(p, t, st.act)  # AY-153 fixed now
    st.phase = ACTIVITY_PHASE[st.act]
    ev.append(
        Event(
            "spot",
            f"{seat_label(seat)} places a Tambo on {PATHS[st.path]} spot {k}: "
            f"{activity_name(st.act)} with power {st.power}",
        )
    )


def finish_activity(st: AyarState, t: Tables) -> None:
    if st.act == "P":
        slide_and_refill(st, t)  # AY-251 once, after the whole action
    st.phase = Phase.BONUS
    st.b5 = BonusCheck.QUADRANT


# ================================================================ step 5
def temple_rows(st: AyarState, seat: int) -> list[int]:
    """AY-173 rows of active Ayars without your marker."""
    if st.players[seat].temples <= 0:
        return []
    return [q for q in range(len(PATHS)) if not temple_row_closed(st, q) and not has_temple(st, seat, q)]


def temple_row_closed(st: AyarState, row: int) -> bool:
    """AY-173/AY-433 the row of a retired Ayar takes no Temple marker."""
    return not st.active[row] or st.temple_closed[row]


def has_temple(st: AyarState, seat: int, row: int) -> bool:
    """AY-173 at most one Temple marker per player in a row."""
    return seat in st.temple[row]


def place_temple(st: AyarState, seat: int, row: int, ev: list[Event]) -> None:
    p = st.players[seat]
    p.temples -= 1
    st.temple[row] = (*st.temple[row], seat)
    ev.append(Event("temple", f"{seat_label(seat)} places a Temple marker on the {PATHS[row]} row"))


def inti_scoring(st: AyarState, t: Tables, idx: int, ev: list[Event]) -> None:
    """AY-210/AY-213/AY-217: every player adds their Sun value in the tile's activity to the Inti dial."""
    act = st.raymi[idx]
    st.raymi[idx] = ""
    gains = []
    for i, q in enumerate(st.players):
        g = sun_value(q, t, act)
        q.inti += g
        gains.append(f"{seat_label(i)} +{g}")
    ev.append(Event("inti", f"Raymi {activity_name(act)} scoring: " + ", ".join(gains)))


def clan_bonus(st: AyarState, t: Tables, seat: int, lane: int, ev: list[Event]) -> None:
    """AY-175/AY-176 the clan bonus of an emptied lane."""
    p = st.players[seat]
    kind, amount = t.slot_bonus[lane]
    if kind == "viracocha":
        gain_tokens(st, seat, amount)
    elif kind == "llamas":
        p.llamas += amount
    elif kind == "inti":
        p.inti += amount  # AY-219
    elif kind == "moon":
        p.moon += amount
    else:
        raise AssertionError(kind)
    ev.append(Event("clan", f"{seat_label(seat)} empties {LANES[lane].upper()}: +{amount} {kind}"))


def bonus_step(st: AyarState, t: Tables, params: Params, ev: list[Event]) -> bool:
    """One check of step 5 (AY-170/AY-171: quadrant, then lanes, then Raymi). False when the Temple row must be
    chosen (AY-810); a Viracocha gained from a lane is placed before the Raymi check (AY-380)."""
    seat = st.seat
    p = st.players[seat]
    stage = st.b5
    if stage == BonusCheck.QUADRANT:
        st.b5 = BonusCheck.LANES
        quad = next(q for q in QUADRANTS if st.cell in q)
        if not any(p.grid[c] for c in quad):  # AY-172
            rows = temple_rows(st, seat)
            if not rows:  # AY-174
                p.sun += params.TEMPLE_FALLBACK_SUN
                ev.append(
                    Event(
                        "temple",
                        f"{seat_label(seat)} empties a quadrant: no legal temple row, "
                        f"+{params.TEMPLE_FALLBACK_SUN} Sun",
                    )
                )
            elif len(rows) == 1:
                place_temple(st, seat, rows[0], ev)
            else:
                st.phase = Phase.TEMPLE
                return False
        return True
    if stage == BonusCheck.LANES:  # AY-177 row first, then column
        st.b5 = BonusCheck.RAYMI
        r, c = divmod(st.cell, GRID)
        for lane in (r, GRID + c):
            if lane_empty(p, lane):
                clan_bonus(st, t, seat, lane, ev)
        return True
    if stage == BonusCheck.RAYMI:  # AY-179/AY-213
        st.b5 = BonusCheck.DONE
        if st.raymi_hit >= 0 and st.raymi[st.raymi_hit]:
            inti_scoring(st, t, st.raymi_hit, ev)
    st.phase = Phase.END
    return True
