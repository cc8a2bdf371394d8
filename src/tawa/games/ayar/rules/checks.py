"""Why one Ayar choice is refused once its decision asks its verb (AY-820..AY-826): one check per verb (``CHECKS``),
each asking, in order, the same predicates the choice generators are built from (``turn.py``, ``activities.py``),
and what opens each refusal (``OPENS``, issue 24). The checks part of the routing table (``rules/routes.py``), read
by ``illegal.py``. The rule code is the spec's list of illegal actions (AY-820..AY-825) where the case is listed
there, the underlying rule otherwise; the message names the underlying rule as well.
"""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.ayar.data import BONUS_NAMES, BOX_NAMES, LANES, MARKERS, PATHS, Tables
from tawa.games.ayar.rules.activities import (
    DIRS,
    FACEDOWN,
    box_empty,
    covers_empty_cells,
    facedown_limit_reached,
    facedown_stack_empty,
    has_adjacent_pair,
    inside_area,
    other_boats,
    placement_key,
    placements,
    pot_cost,
    pot_limit_reached,
    pot_row_full,
    route_cost,
    space_complete,
    stack_used,
    terrace_full,
    yellow_taken,
)
from tawa.games.ayar.rules.texts import CELL_BY_NAME, placement_id
from tawa.games.ayar.rules.turn import (
    Planner,
    has_temple,
    lane_cells,
    lane_empty,
    marker_laid,
    marker_paths,
    slot_used,
    spot_behind,
    spot_full,
    temple_row_closed,
)
from tawa.games.ayar.state import AyarState

Check = Callable[[AyarState, Tables, Params, int, list[str], str], Refusal | None]


# what opens a refusal (issue 24), by its kind: the rule that closes it and what a player can do about it
OPENS: dict[str, str] = {
    "unknown": "never in this game: no such choice exists (AY-826); choose one of the offered actions",
    "over": "never in this game: the game is over (AY-480)",
    # choices 1 and 2 (AY-800, AY-801)
    "marker_laid": "the next round: Step markers return at Night (AY-094)",
    "no_fallback_slot": "another Step marker, or the next round when the slots are free again (AY-190, AY-092)",
    "marker_no_turn": "another Step marker whose Ayar reaches a free spot with an activity you can perform "
    "(AY-095, AY-135)",
    "slot_used": "the next round: slots are free again once the markers return at Night (AY-092)",
    "lane_empty": "never in this game: Tambos never return to the grid (AY-093, AY-178)",
    "slot_no_turn": "another slot, whose lane gives the power for an activity on a free spot behind the Ayar "
    "(AY-095, AY-150)",
    # choices 3 to 5 (AY-802..AY-804)
    "retired": "never in this game: a retired Ayar does not return (AY-111, AY-820)",
    "marker_colour": "the gold Step marker, which moves any active Ayar (AY-110, AY-111)",
    "ayar_no_spot": "another Ayar with a free spot behind him whose activity you can perform (AY-095, AY-135)",
    "tambo_gone": "never in this game: a Tambo taken from the grid does not return (AY-130, AY-178)",
    "tambo_lane": "a Tambo in the chosen lane; another lane needs its own Step slot next turn (AY-130)",
    "spot_ahead": "moving the Ayar past that spot in a later turn (AY-133)",
    "spot_full": "never in this game: a Tambo on a spot stays there (AY-134, AY-136)",
    "spot_retired": "never in this game: the spots of a retired Ayar stay closed (AY-137)",
    "spot_power": "more power: a lane with more spaces free of Tambos (AY-150), or a complete V2 or V3 bonus "
    "space (AY-152)",
    # the activities (AY-805..AY-808)
    "take_one_pot": "taking a Pot first: at least one per Pottery action (AY-156)",
    "pot_row_full": "never in this game: a placed Pot never leaves your pot row (AY-258, AY-264)",
    "pot_limit": "your next Pottery action (AY-241)",
    "facedown_empty": "never in this game: the facedown stack is not refilled (AY-252)",
    "facedown_limit": "your next Pottery action (AY-243)",
    "facedown_cost": "more power left: the facedown Pot costs 3 (AY-242, AY-150)",
    "market_empty": "the refill after this action (AY-251)",
    "pot_cost": "more power left: take that Pot first, or with more power in a later action (AY-240)",
    "stack_used": "your next Weaving action (AY-281)",
    "stack_empty": "never in this game: Textile stacks are never refilled (AY-289)",
    "textile_cost": "more power left: take that Textile first, or with more power in a later action (AY-280)",
    "no_pair": "never in this game: Textiles stay where they are laid (AY-285, AY-287)",
    "take_one_textile": "taking a Textile first: at least one per Weaving action (AY-156)",
    "outside": "a placement whose two cells lie inside the weaving area (AY-286)",
    "overlap": "a placement on two empty cells (AY-285)",
    "same_placement": "the offered placement that lays the Textile the same way (AY-286)",
    "plant_one": "planting a cube first: at least one per Farming action (AY-156)",
    "terrace_full": "the Night: after its harvest the whole terrace is cleared (AY-311, AY-323)",
    "box_empty": "never in this game: a box is not refilled; plant from another box (AY-312)",
    "dock": "never in this game: the dock is not re-entered (AY-344)",
    "boat_still": "a space your Boat does not stand on (AY-156)",
    "route_cost": "more power, or a nearer space: spaces with an Island cost 0 (AY-340, AY-345)",
    "yellow_taken": "another space: the yellow slot frees when the other Boat moves on (AY-352)",
    # step 5 and the Viracocha tokens (AY-809, AY-810)
    "no_temple": "never in this game: Temple markers do not come back (AY-043, AY-173)",
    "row_closed": "never in this game: the row of a retired Ayar takes no marker (AY-433)",
    "have_temple": "the row of another active Ayar (AY-173)",
    "space_complete": "an open bonus space: a complete one takes no more tokens (AY-380, AY-382)",
}


def refused(why: str, rule: str, opens: str) -> Refusal:
    """The refusal of ``rule`` for ``why``, opened as the ``OPENS`` entry of that key says."""
    return Refusal(rule, why, OPENS[opens])


def _unknown(action_id: str, verb: str) -> Refusal:
    return refused(f"{action_id!r} is not a valid {verb} choice", "AY-826", "unknown")


def _index(text: str, low: int, high: int) -> int | None:
    """A number written as an action id writes it (no sign, no leading zero) within low..high, else None."""
    if not text.isdigit() or str(int(text)) != text:
        return None
    value = int(text)
    return value if low <= value <= high else None


def _one(args: list[str], choices: tuple[str, ...] | str) -> int | None:
    """The index of the one argument among ``choices`` (a string of one-letter names is a choice per letter: "ab" or
    "" is not one of "abcd"), None otherwise."""
    names = tuple(choices)
    return names.index(args[0]) if len(args) == 1 and args[0] in names else None


def _marker(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    m = _one(args, MARKERS)
    if m is None:
        return _unknown(aid, "marker")
    if marker_laid(st.players[seat], m):
        return refused("that Step marker was already laid this round (AY-094)", "AY-094", "marker_laid")
    if not Planner(st, t, params, seat).marker_ok(m):
        if st.fallback:
            return refused(
                "no free Step slot whose lane holds a Tambo is left (AY-190, AY-193)", "AY-190", "no_fallback_slot"
            )
        return refused(
            "no legal turn can be completed with that marker: no Ayar it may move reaches a free spot whose "
            "activity you could perform (AY-095, AY-135)",
            "AY-095",
            "marker_no_turn",
        )
    return None


def _slot(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    s = _one(args, LANES)
    if s is None:
        return _unknown(aid, "slot")
    p = st.players[seat]
    if slot_used(p, s, st.marker):
        return refused("that Step slot already holds a marker this round (AY-092)", "AY-092", "slot_used")
    if lane_empty(p, s):
        return refused("that lane holds no Tambo (AY-093)", "AY-093", "lane_empty")
    if not Planner(st, t, params, seat).paths(st.marker, s, first=True):
        return refused(
            "through that slot no Ayar the marker may move reaches a free spot whose activity you could "
            "perform with the lane's power (AY-095, AY-135)",
            "AY-095",
            "slot_no_turn",
        )
    return None


def _ayar(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    q = _one(args, PATHS)
    if q is None:
        return _unknown(aid, "ayar")
    name = PATHS[q]
    if not st.active[q]:
        return refused(f"the {name} Ayar has retired and cannot move (AY-111, AY-820)", "AY-820", "retired")
    if q not in marker_paths(st, st.marker):
        return refused(
            f"the {MARKERS[st.marker]} marker moves only the {MARKERS[st.marker]} Ayar (AY-110)",
            "AY-110",
            "marker_colour",
        )
    if q not in Planner(st, t, params, seat).paths(st.marker, st.slot):
        return refused(
            f"after moving the {name} Ayar no free spot behind him has an activity you could perform (AY-095, AY-135)",
            "AY-095",
            "ayar_no_spot",
        )
    return None


def _tambo(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    cell = CELL_BY_NAME.get(args[0]) if len(args) == 1 else None
    if cell is None:
        return _unknown(aid, "tambo")
    if cell not in lane_cells(st.slot):
        return refused(f"{args[0]} is not in the chosen lane {LANES[st.slot].upper()} (AY-130)", "AY-130", "tambo_lane")
    if not st.players[seat].grid[cell]:
        return refused(f"there is no Tambo at {args[0]} (AY-130)", "AY-130", "tambo_gone")
    return None


def _spot(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    k = _index(args[0], 1, t.cusco) if len(args) == 1 else None
    if k is None:
        return _unknown(aid, "spot")
    path = st.path
    if not spot_behind(st, t, path, k):
        return refused(
            f"spot {k} is not behind the {PATHS[path]} Ayar: spots {t.start_step + 1}..{st.step[path]} are (AY-133)",
            "AY-133",
            "spot_ahead",
        )
    if spot_full(st, t, path, k):
        return refused(f"spot {k} already holds a Tambo (AY-134)", "AY-134", "spot_full")
    if not st.active[path]:
        return refused(
            f"the {PATHS[path]} Ayar has retired: his spots can no longer be used (AY-137)", "AY-137", "spot_retired"
        )
    if not Planner(st, t, params, seat).ok(t.spot_activity[path][k - 1], st.base):
        return refused(
            f"spot {k} shows an activity you cannot perform with your power (AY-135, AY-156)", "AY-135", "spot_power"
        )
    return None


def _pot(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    arg = args[0] if len(args) == 1 else ""
    if arg == "done":
        return None if st.taken else refused("take at least one Pot before stopping (AY-156)", "AY-156", "take_one_pot")
    if arg == "facedown":
        source: int | None = FACEDOWN
    else:
        i = _index(arg[1:], 1, t.market_slots) if arg.startswith("m") else None
        if i is None:
            return _unknown(aid, "pot")
        source = i - 1
    if pot_row_full(st.players[seat], t):
        return refused("your pot row is full (AY-258)", "AY-821", "pot_row_full")
    if pot_limit_reached(st, params):
        return refused(f"at most {params.POTS_PER_ACTION} Pots per action (AY-241)", "AY-821", "pot_limit")
    if source == FACEDOWN:
        if facedown_stack_empty(st):
            return refused("the facedown stack is empty (AY-252)", "AY-821", "facedown_empty")
        if facedown_limit_reached(st, params):
            return refused(
                f"at most {params.FACEDOWN_MAX} facedown Pots per action (AY-243)", "AY-821", "facedown_limit"
            )
        if pot_cost(st, t, params, FACEDOWN) > st.power:
            return refused(
                f"the facedown Pot costs {params.FACEDOWN_COST} and you have {st.power} power left (AY-240, AY-242)",
                "AY-821",
                "facedown_cost",
            )
        return None
    assert source is not None
    if st.market[source] < 0:
        return refused(
            f"market slot {source + 1} is empty (refills come only after the action, AY-251, AY-252)",
            "AY-821",
            "market_empty",
        )
    cost = pot_cost(st, t, params, source)
    if cost > st.power:
        return refused(f"that Pot costs {cost} and you have {st.power} power left (AY-240)", "AY-821", "pot_cost")
    return None


def _textile(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    i = _index(args[0], 1, t.stacks) if len(args) == 1 else None
    if i is None:
        return _unknown(aid, "textile")
    stack = st.stacks[i - 1]
    if stack_used(st, i - 1):
        return refused("at most one Textile from each stack per action (AY-281)", "AY-822", "stack_used")
    if not stack:
        return refused(f"stack {i} is empty and never refilled (AY-289)", "AY-822", "stack_empty")
    if t.textiles[stack[0]].stack > st.power:
        return refused(
            f"that Textile costs {t.textiles[stack[0]].stack} and you have {st.power} power left (AY-280)",
            "AY-822",
            "textile_cost",
        )
    if not has_adjacent_pair(st.players[seat], t):
        return refused("no two adjacent empty cells are left in your weaving area (AY-287)", "AY-822", "no_pair")
    return None


def _weave(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    if args != ["done"]:
        return _unknown(aid, "weave")
    return (
        refused("take at least one Textile before stopping (AY-156)", "AY-156", "take_one_textile")
        if not st.taken
        else None
    )


def _place(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    where = _placement(args)
    if where is None:
        return _unknown(aid, "place")
    r, c, d, fl = where
    if not inside_area(t, r, c, d):
        return refused(
            f"the Textile must lie on two orthogonally adjacent cells inside the {t.weave_rows}x"
            f"{t.weave_cols} area (AY-286)",
            "AY-822",
            "outside",
        )
    if not covers_empty_cells(st.players[seat], t, r, c, d):
        return refused("the Textile must cover two empty cells, never an earlier Textile (AY-285)", "AY-285", "overlap")
    tile = st.stacks[st.chosen_stack][0]
    offered = placements(st, t, seat, tile)
    if where in offered:
        return None
    key = placement_key(t, tile, r, c, d, fl)
    same = next(placement_id(*x) for x in offered if placement_key(t, tile, *x) == key)
    return refused(
        f"this lays the Textile exactly as {same!r} does; identical placements of a symmetric tile "
        f"are offered once (C10, AY-286): choose {same!r}",
        "AY-286",
        "same_placement",
    )


def _placement(args: list[str]) -> tuple[int, int, str, bool] | None:
    """(row, col, direction, flip) of ``r2c3 e [flip]``, or None."""
    if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "flip") or args[1] not in DIRS:
        return None
    cell = args[0]
    if not cell.startswith("r") or "c" not in cell:
        return None
    r_txt, c_txt = cell[1:].split("c", 1)
    r, c = _index(r_txt, 1, 99), _index(c_txt, 1, 99)
    if r is None or c is None:
        return None
    return r, c, args[1], len(args) == 3


def _maize(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    if args == ["done"]:
        return None if st.taken else refused("plant at least one cube before stopping (AY-156)", "AY-156", "plant_one")
    b = _one(args, BOX_NAMES[: len(t.box_suns)])
    if b is None:
        return _unknown(aid, "maize")
    if terrace_full(st, t):
        return refused("the terrace has no empty space (AY-311)", "AY-823", "terrace_full")
    if box_empty(st.players[seat], t, b):
        return refused(f"box {BOX_NAMES[b].upper()} is empty (AY-312)", "AY-823", "box_empty")
    return None


def _boat(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    d = _index(args[0], 0, t.route_len) if len(args) == 1 else None
    if d is None:
        return _unknown(aid, "boat")
    if d == 0:
        return refused("the dock cannot be re-entered (AY-344)", "AY-824", "dock")
    if d == st.players[seat].boat:
        return refused("the Boat must move at least one space (AY-156)", "AY-824", "boat_still")
    cost = route_cost(st, t, seat, d)
    if cost > st.power:
        return refused(
            f"entering the spaces up to {d} costs {cost} and you have {st.power} power (AY-340, AY-345)",
            "AY-824",
            "route_cost",
        )
    if yellow_taken(t, other_boats(st, seat), d):
        return refused(
            f"space {d} is a yellow slot where another Boat stands: pass it, do not stop (AY-350, AY-352)",
            "AY-824",
            "yellow_taken",
        )
    return None


def _temple(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    q = _one(args, PATHS)
    if q is None:
        return _unknown(aid, "temple")
    if st.players[seat].temples <= 0:
        return refused("you have no Temple marker left (AY-043, AY-173)", "AY-825", "no_temple")
    if temple_row_closed(st, q):
        return refused(
            f"the {PATHS[q]} Ayar has retired: his row takes no Temple marker (AY-173, AY-433)", "AY-825", "row_closed"
        )
    if has_temple(st, seat, q):
        return refused(f"you already have a Temple marker in the {PATHS[q]} row (AY-173)", "AY-825", "have_temple")
    return None


def _token(st: AyarState, t: Tables, params: Params, seat: int, args: list[str], aid: str) -> Refusal | None:
    v = _one(args, BONUS_NAMES[: len(t.bonus_need)])
    if v is None:
        return _unknown(aid, "token")
    if space_complete(st.players[seat], t, v):
        return refused(
            f"V{v + 1} is already complete; place the token on an open space (AY-380, AY-382)",
            "AY-825",
            "space_complete",
        )
    return None


CHECKS: dict[str, Check] = {
    "marker": _marker,
    "slot": _slot,
    "ayar": _ayar,
    "tambo": _tambo,
    "spot": _spot,
    "pot": _pot,
    "textile": _textile,
    "weave": _weave,
    "place": _place,
    "maize": _maize,
    "boat": _boat,
    "temple": _temple,
    "token": _token,
}
