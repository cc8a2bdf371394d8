"""Why an action id is not legal now (AY-820..AY-826): a precise message and the rule that forbids it.

The rule code is the spec's list of illegal actions (AY-820..AY-825) where the case is listed there, the
underlying rule otherwise; the message names the underlying rule as well.
"""
from __future__ import annotations

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.games.ayar import activities as A
from tawa.games.ayar import rules as R
from tawa.games.ayar.data import BONUS_NAMES, BOX_NAMES, LANES, MARKERS, PATHS
from tawa.games.ayar.state import AyarState

# the decision each verb answers (AY-800..AY-810)
VERB_PHASE = {"marker": "marker", "slot": "slot", "ayar": "ayar", "tambo": "tambo", "spot": "spot", "pot": "pot",
              "textile": "textile", "weave": "textile", "place": "place", "maize": "maize", "boat": "boat",
              "temple": "temple", "token": "token"}


def _int(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def explain(st: AyarState, params: Params, action_id: str) -> IllegalAction:
    def err(msg: str, rule: str) -> IllegalAction:
        return IllegalAction(msg, rule=rule, action=action_id)

    words = action_id.split()
    verb = words[0] if words else ""
    arg = words[1] if len(words) > 1 else ""
    phase = "token" if st.tok_n > 0 else st.phase
    want = VERB_PHASE.get(verb)
    if want is None:
        return err(f"{action_id!r} is not an Ayar action", "AY-826")
    if phase == "over":
        return err("the game is over (AY-480)", "AY-480")
    if want != phase:
        return err(f"{action_id!r}: the decision now is {phase!r} (turn order AY-080, AY-800..AY-810)", "AY-080")
    t = st.t
    seat = st.tok_seat if phase == "token" else st.seat
    p = st.players[seat]
    unknown = err(f"{action_id!r} is not a valid {verb} choice", "AY-826")

    if verb == "marker":
        if arg not in MARKERS:
            return unknown
        if p.markers[MARKERS.index(arg)] >= 0:
            return err("that Step marker was already laid this round (AY-094)", "AY-094")
        return err("no legal turn can be completed with that marker: no Ayar it may move reaches a free spot whose "
                   "activity you could perform (AY-095, AY-135)", "AY-095")

    if verb == "slot":
        if arg not in LANES:
            return unknown
        s = LANES.index(arg)
        if p.slots[s] >= 0:
            return err("that Step slot already holds a marker this round (AY-092)", "AY-092")
        if R.lane_tambos(p, s) == 0:
            return err("that lane holds no Tambo (AY-093)", "AY-093")
        return err("through that slot no Ayar the marker may move reaches a free spot whose activity you could "
                   "perform with the lane's power (AY-095, AY-135)", "AY-095")

    if verb == "ayar":
        if arg not in PATHS:
            return unknown
        q = PATHS.index(arg)
        if not st.active[q]:
            return err(f"the {arg} Ayar has retired and cannot move (AY-111, AY-820)", "AY-820")
        return err(f"after moving the {arg} Ayar no free spot behind him has an activity you could perform "
                   "(AY-095, AY-135)", "AY-095")

    if verb == "tambo":
        cell = _cell(arg)
        if cell is None:
            return unknown
        if cell not in R.lane_cells(st.slot):
            return err(f"{arg} is not in the chosen lane {LANES[st.slot].upper()} (AY-130)", "AY-130")
        return err(f"there is no Tambo at {arg} (AY-130)", "AY-130")

    if verb == "spot":
        k = _int(arg)
        if k is None or not 1 <= k <= t.cusco:
            return unknown
        path = st.path
        if k <= t.start_step or k > st.step[path]:
            return err(f"spot {k} is not behind the {PATHS[path]} Ayar: spots {t.start_step + 1}..{st.step[path]} "
                       "are (AY-133)", "AY-133")
        if len(st.spots[path][k]) >= t.spot_capacity:
            return err(f"spot {k} already holds a Tambo (AY-134)", "AY-134")
        return err(f"spot {k} shows an activity you cannot perform with your power (AY-135, AY-156)", "AY-135")

    if verb == "pot":
        if arg == "done":
            return err("take at least one Pot before stopping (AY-156)", "AY-156")
        if len(p.pots) >= len(t.pot_row):
            return err("your pot row is full (AY-258)", "AY-821")
        if st.taken >= params.POTS_PER_ACTION:
            return err("at most two Pots per action (AY-241)", "AY-821")
        if arg == "facedown":
            if not st.stack:
                return err("the facedown stack is empty (AY-252)", "AY-821")
            if st.facedown_taken >= params.FACEDOWN_MAX:
                return err(f"at most {params.FACEDOWN_MAX} facedown Pots per action (AY-243)", "AY-821")
            return err(f"the facedown Pot costs {params.FACEDOWN_COST} and you have {st.power} power left "
                       "(AY-240, AY-242)", "AY-821")
        i = _int(arg[1:]) if arg.startswith("m") else None
        if i is None or not 1 <= i <= t.market_slots:
            return unknown
        pid = st.market[i - 1]
        if pid < 0:
            return err(f"market slot {i} is empty (refills come only after the action, AY-251, AY-252)", "AY-821")
        return err(f"that Pot costs {t.pot_power[pid]} and you have {st.power} power left (AY-240)", "AY-821")

    if verb == "weave":
        return err("take at least one Textile before stopping (AY-156)", "AY-156")

    if verb == "textile":
        i = _int(arg)
        if i is None or not 1 <= i <= len(st.stacks):
            return unknown
        if (st.used_stacks >> (i - 1)) & 1:
            return err("at most one Textile from each stack per action (AY-281)", "AY-822")
        if not st.stacks[i - 1]:
            return err(f"stack {i} is empty and never refilled (AY-289)", "AY-822")
        if t.textiles[st.stacks[i - 1][0]].stack > st.power:
            return err(f"that Textile costs {i} and you have {st.power} power left (AY-280)", "AY-822")
        return err("no two adjacent empty cells are left in your weaving area (AY-287)", "AY-822")

    if verb == "place":
        return _place(st, seat, words, err, unknown)

    if verb == "maize":
        if arg == "done":
            return err("plant at least one cube before stopping (AY-156)", "AY-156")
        if arg not in BOX_NAMES[: len(t.box_suns)]:
            return unknown
        if len(st.terrace) >= t.terrace_cells:
            return err("the terrace has no empty space (AY-311)", "AY-823")
        return err(f"box {arg.upper()} is empty (AY-312)", "AY-823")

    if verb == "boat":
        d = _int(arg)
        if d is None or d > t.route_len:
            return unknown
        if d == 0:
            return err("the dock cannot be re-entered (AY-344)", "AY-824")
        if d == p.boat:
            return err("the Boat must move at least one space (AY-156)", "AY-824")
        step = 1 if d > p.boat else -1
        cost = sum(0 if st.route[s] else t.route_cost[s] for s in range(p.boat + step, d + step, step))
        if cost > st.power:
            return err(f"entering the spaces up to {d} costs {cost} and you have {st.power} power (AY-340, AY-345)",
                       "AY-824")
        return err(f"space {d} is a yellow slot where another Boat stands: pass it, do not stop (AY-350, AY-352)",
                   "AY-824")

    if verb == "temple":
        if arg not in PATHS:
            return unknown
        q = PATHS.index(arg)
        if not st.active[q] or st.temple_closed[q]:
            return err(f"the {arg} Ayar has retired: his row takes no Temple marker (AY-173, AY-433)", "AY-825")
        return err(f"you already have a Temple marker in the {arg} row (AY-173)", "AY-825")

    # token
    if arg not in BONUS_NAMES[: len(t.bonus_need)]:
        return unknown
    return err(f"{arg.upper()} is already complete; place the token on an open space (AY-380, AY-382)", "AY-825")


def _cell(name: str) -> int | None:
    if len(name) == 4 and name[0] == "r" and name[2] == "c" and name[1] in "1234" and name[3] in "1234":
        return (int(name[1]) - 1) * 4 + int(name[3]) - 1
    return None


def _place(st: AyarState, seat: int, words: list[str], err, unknown) -> IllegalAction:  # type: ignore[no-untyped-def]
    t = st.t
    p = st.players[seat]
    if len(words) not in (3, 4) or (len(words) == 4 and words[3] != "flip") or words[2] not in A.DIRS:
        return unknown
    cell = words[1]
    if not (cell.startswith("r") and "c" in cell):
        return unknown
    r_txt, c_txt = cell[1:].split("c", 1)
    r, c = _int(r_txt), _int(c_txt)
    if r is None or c is None:
        return unknown
    d, fl = words[2], len(words) == 4
    dr, dc = A.OFFSET[d]
    r2, c2 = r + dr, c + dc
    if not (1 <= r <= t.weave_rows and 1 <= c <= t.weave_cols and 1 <= r2 <= t.weave_rows and 1 <= c2 <= t.weave_cols):
        return err("the Textile must lie on two orthogonally adjacent cells inside the 3x6 area (AY-286)", "AY-822")
    ia, ib = (r - 1) * t.weave_cols + c - 1, (r2 - 1) * t.weave_cols + c2 - 1
    if p.weave[ia] >= 0 or p.weave[ib] >= 0:
        return err("the Textile must cover two empty cells, never an earlier Textile (AY-285)", "AY-285")
    tile = st.stacks[st.chosen_stack][0]
    key = A.placement_key(t, tile, r, c, d, fl)
    for rr, cc, dd, ff in A.placements(st, seat, tile):
        if A.placement_key(t, tile, rr, cc, dd, ff) == key:
            same = R.placement_id(rr, cc, dd, ff)
            return err(f"this lays the Textile exactly as {same!r} does; identical placements of a symmetric tile "
                       f"are offered once (C10, AY-286): choose {same!r}", "AY-286")
    return err("the Textile must cover exactly two empty adjacent cells (AY-285, AY-286)", "AY-822")
