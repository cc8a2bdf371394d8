"""The flow of an Ayar game as small decisions (AY-800..AY-813): ``legal`` lists the choices of the decision
now, ``apply`` carries one out, then ``advance`` resolves everything automatic (forced choices, step 5, the end
of a turn, the Rival, the Night) until the next real decision.

The decision now is ``state.phase`` (a ``Phase``), or the placement of a Viracocha token while one waits
(AY-380, AY-809). Action ids, texts and order are part of the saved games' format: they never change.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tawa.core.actions import Action
from tawa.core.errors import BadState
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar.data import BONUS_NAMES, BOX_NAMES, LANES, MARKERS, PATHS, TAMBOS, Tables
from tawa.games.ayar.rules.activities import (
    DIRS,
    FACEDOWN,
    box_name,
    maize_boxes,
    move_boat,
    open_spaces,
    place_textile,
    place_token,
    placements,
    plant,
    pot_limit_reached,
    pot_sources,
    power_bonus,
    reed_costs,
    take_pot,
    textile_stacks,
)
from tawa.games.ayar.rules.night import run_night
from tawa.games.ayar.rules.solo import rival_turn
from tawa.games.ayar.rules.texts import (
    activity_name,
    boat_text,
    bonus_text,
    cell_name,
    placement_id,
    placement_text,
    placement_words,
    pot_name,
    seat_label,
    textile_name,
)
from tawa.games.ayar.rules.turn import (
    Planner,
    begin_turn,
    bonus_step,
    finish_activity,
    lane_cells,
    lane_tambos,
    lay_marker,
    marker_paths,
    move_ayar,
    place_tambo,
    place_temple,
    power_of_lane,
    take_tambo,
    temple_rows,
)
from tawa.games.ayar.state import AyarState, BonusCheck, NightStep, Phase, check_history


# ================================================================ the action space
def action_ids(t: Tables) -> list[str]:
    """Every action id the game can ever offer with these tables, in a fixed order."""
    ids = [f"marker {m}" for m in MARKERS]
    ids += [f"slot {lane}" for lane in LANES]
    ids += [f"ayar {p}" for p in PATHS]
    ids += [f"tambo {cell_name(c)}" for c in range(TAMBOS)]
    ids += [f"spot {k}" for k in range(1, t.cusco + 1)]
    ids += [f"pot m{i + 1}" for i in range(t.market_slots)] + ["pot facedown", "pot done"]
    ids += [f"textile {i + 1}" for i in range(t.stacks)] + ["weave done"]
    ids += [placement_id(r, c, d, fl) for r in range(1, t.weave_rows + 1) for c in range(1, t.weave_cols + 1)
            for d in DIRS for fl in (False, True)]
    ids += [f"maize {b}" for b in BOX_NAMES[: len(t.box_suns)]] + ["maize done"]
    ids += [f"boat {s}" for s in range(1, t.route_len + 1)]
    ids += [f"token {v}" for v in BONUS_NAMES[: len(t.bonus_need)]]
    ids += [f"temple {p}" for p in PATHS]
    return ids


# ================================================================ legal actions
def legal(st: AyarState, t: Tables, params: Params) -> list[Action]:
    """The choices of the decision now, in their fixed order."""
    if st.tok_n > 0:
        return token_actions(st, t)
    return _LEGAL[st.phase](st, t, params)


def token_actions(st: AyarState, t: Tables) -> list[Action]:
    """AY-380/AY-384/AY-809 an open bonus space for the waiting Viracocha."""
    q = st.players[st.tok_seat]
    return [Action(f"token {BONUS_NAMES[i]}", f"place a Viracocha on V{i + 1} (holds {q.bonus[i]}/"
                   f"{t.bonus_need[i]}; when complete: {bonus_text(*t.bonus_effect[i])})", i)
            for i in open_spaces(q, t)]


def _marker_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    pl = Planner(st, t, params, st.seat)
    return [Action(f"marker {MARKERS[m]}", f"lay the {MARKERS[m]} Step marker", m) for m in pl.markers()]


def _slot_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    p = st.players[st.seat]
    pl = Planner(st, t, params, st.seat)
    out = []
    movable = marker_paths(st, st.marker)
    for s in pl.slots(st.marker):
        power = power_of_lane(lane_tambos(p, s))
        arrows = t.slot_arrows[s]
        if len(movable) == 1:
            q = movable[0]
            move = f"{PATHS[q]} Ayar {st.step[q]} -> {min(t.cusco, st.step[q] + arrows)}"
        else:
            move = "an Ayar of your choice"
        out.append(Action(f"slot {LANES[s]}", f"Step slot {LANES[s].upper()}: {arrows} arrow(s) ({move}), "
                          f"Moon {t.slot_moon[s]}, power {power} before bonuses", s))
    return out


def _ayar_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    pl = Planner(st, t, params, st.seat)
    return [Action(f"ayar {PATHS[q]}", f"move the {PATHS[q]} Ayar (step {st.step[q]})", q)
            for q in pl.paths(st.marker, st.slot)]


def _tambo_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    p = st.players[st.seat]
    return [Action(f"tambo {cell_name(c)}", f"take the Tambo at {cell_name(c)}"
                   + (" (it leaves the game: no activity is possible, AY-191)" if st.fallback else ""), c)
            for c in lane_cells(st.slot) if p.grid[c]]


def _spot_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    p = st.players[st.seat]
    pl = Planner(st, t, params, st.seat)
    acts = t.spot_activity[st.path]
    out = []
    for k in pl.spots(st.path, st.step[st.path], st.base):
        a = acts[k - 1]
        pw = st.base + power_bonus(p, t, a)
        out.append(Action(f"spot {k}", f"Tambo on {PATHS[st.path]} spot {k}: {activity_name(a)} with power {pw}", k))
    return out


def _pot_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    out = []
    for src in pot_sources(st, t, params, st.seat, st.power):
        if src == FACEDOWN:
            out.append(Action("pot facedown", f"take the facedown top Pot (cost {params.FACEDOWN_COST}, wild)",
                              FACEDOWN))
        else:
            out.append(Action(f"pot m{src + 1}", f"take {pot_name(t, st.market[src])} from market slot {src + 1}",
                              src))
    if st.taken:
        out.append(Action("pot done", "stop taking Pots", None))
    return out


def _textile_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    out = [Action(f"textile {i + 1}", f"take {textile_name(t, st.stacks[i][0])} from stack {i + 1}", i)
           for i in textile_stacks(st, t, st.seat, st.power)]
    if st.taken:
        out.append(Action("weave done", "stop taking Textiles", None))
    return out


def _place_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    tile = st.stacks[st.chosen_stack][0]
    return [Action(placement_id(r, c, d, fl), placement_text(t, tile, r, c, d, fl), (r, c, d, fl))
            for r, c, d, fl in placements(st, t, st.seat, tile)]


def _maize_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    out = [Action(f"maize {box_name(b)}", f"plant the leftmost cube of box {box_name(b).upper()}", b)
           for b in maize_boxes(st, t, st.seat)]
    if st.taken:
        out.append(Action("maize done", "stop planting", None))
    return out


def _boat_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    return [Action(f"boat {d}", boat_text(st, t, st.seat, d, cost), d)
            for d, cost in reed_costs(st, t, st.seat, st.power)]


def _temple_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    return [Action(f"temple {PATHS[q]}", f"Temple marker on the {PATHS[q]} row", q) for q in temple_rows(st, st.seat)]


def _no_decision(st: AyarState, t: Tables, params: Params) -> list[Action]:
    raise AssertionError(f"no decision in phase {st.phase.word}")


_LEGAL: dict[Phase, Callable[[AyarState, Tables, Params], list[Action]]] = {
    Phase.MARKER: _marker_actions, Phase.SLOT: _slot_actions, Phase.AYAR: _ayar_actions,
    Phase.TAMBO: _tambo_actions, Phase.SPOT: _spot_actions, Phase.POT: _pot_actions,
    Phase.TEXTILE: _textile_actions, Phase.PLACE: _place_actions, Phase.MAIZE: _maize_actions,
    Phase.BOAT: _boat_actions, Phase.TEMPLE: _temple_actions, Phase.BONUS: _no_decision, Phase.END: _no_decision,
    Phase.NIGHT: _no_decision, Phase.OVER: _no_decision,
}


# ================================================================ apply
def apply(st: AyarState, t: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one ``legal`` offered) and everything automatic after it."""
    ev: list[Event] = []
    perform(st, t, params, action, ev)
    advance(st, t, params, rng, ev)
    return ev


def perform(st: AyarState, t: Tables, params: Params, action: Action, ev: list[Event]) -> None:
    """The action itself, without the automatic steps that follow it."""
    if st.tok_n > 0:
        seat = st.tok_seat
        ev.append(Event("viracocha", f"{seat_label(seat)}: " + place_token(st, t, params, seat, action.data)))
    else:
        _PERFORM[st.phase](st, t, params, action.data, ev)


def _choose_marker(st: AyarState, t: Tables, params: Params, m: int, ev: list[Event]) -> None:
    st.marker = m                                            # AY-090
    st.phase = Phase.SLOT


def _choose_slot(st: AyarState, t: Tables, params: Params, slot: int, ev: list[Event]) -> None:
    lay_marker(st, t, params, st.seat, slot, ev)


def _choose_ayar(st: AyarState, t: Tables, params: Params, path: int, ev: list[Event]) -> None:
    move_ayar(st, t, st.seat, path, ev)


def _choose_tambo(st: AyarState, t: Tables, params: Params, cell: int, ev: list[Event]) -> None:
    take_tambo(st, st.seat, cell, ev)


def _choose_spot(st: AyarState, t: Tables, params: Params, k: int, ev: list[Event]) -> None:
    place_tambo(st, t, st.seat, k, ev)


def _take_pot(st: AyarState, t: Tables, params: Params, source: int | None, ev: list[Event]) -> None:
    """AY-240..AY-255; the action ends by itself after two Pots or when nothing is affordable."""
    if source is None:
        finish_activity(st, t)
        return
    seat = st.seat
    pid, down, cost = take_pot(st, t, params, seat, source)
    st.power -= cost
    st.taken += 1
    ev.append(Event("pot", f"{seat_label(seat)} takes " + ("a facedown Pot" if down else pot_name(t, pid))))
    if pot_limit_reached(st, params) or not pot_sources(st, t, params, seat, st.power):
        finish_activity(st, t)


def _choose_textile(st: AyarState, t: Tables, params: Params, stack: int | None, ev: list[Event]) -> None:
    if stack is None:                                        # "weave done"
        finish_activity(st, t)
        return
    st.chosen_stack = stack
    st.phase = Phase.PLACE


def _lay_textile(st: AyarState, t: Tables, params: Params, where: tuple[int, int, str, bool],
                 ev: list[Event]) -> None:
    """AY-282..AY-288; the action ends by itself when no further Textile can be taken."""
    r, c, d, fl = where
    seat = st.seat
    tile = place_textile(st, t, seat, st.chosen_stack, r, c, d, fl)
    st.power -= t.textiles[tile].stack
    st.taken += 1
    name, a, b, sa, sb = placement_words(t, tile, r, c, d, fl)      # the sides, as the action text says
    ev.append(Event("textile", f"{seat_label(seat)} lays {name} on {a} + {b}: half-suns {a} {sa}, {b} {sb}"))
    st.phase = Phase.TEXTILE
    if not textile_stacks(st, t, seat, st.power):
        finish_activity(st, t)


def _plant(st: AyarState, t: Tables, params: Params, box: int | None, ev: list[Event]) -> None:
    """AY-310..AY-314; the action ends by itself when power, terrace space or cubes run out."""
    if box is None:
        finish_activity(st, t)
        return
    seat = st.seat
    suns, emptied = plant(st, t, seat, box)
    st.power -= 1
    st.taken += 1
    ev.append(Event("maize", f"{seat_label(seat)} plants from box {box_name(box).upper()} (+{suns} Sun value)"
                             + (", box emptied" if emptied else "")))
    if st.power <= 0 or not maize_boxes(st, t, seat):
        finish_activity(st, t)


def _move_boat(st: AyarState, t: Tables, params: Params, dest: int, ev: list[Event]) -> None:
    notes = move_boat(st, t, st.seat, dest)
    ev.append(Event("boat", f"{seat_label(st.seat)} moves the Boat to space {dest}"
                            + ("; " + ", ".join(notes) if notes else "")))
    finish_activity(st, t)


def _choose_temple(st: AyarState, t: Tables, params: Params, row: int, ev: list[Event]) -> None:
    place_temple(st, st.seat, row, ev)                      # AY-173, AY-810
    st.phase = Phase.BONUS
    st.b5 = BonusCheck.LANES


_PERFORM: dict[Phase, Callable[[AyarState, Tables, Params, Any, list[Event]], None]] = {
    Phase.MARKER: _choose_marker, Phase.SLOT: _choose_slot, Phase.AYAR: _choose_ayar, Phase.TAMBO: _choose_tambo,
    Phase.SPOT: _choose_spot, Phase.POT: _take_pot, Phase.TEXTILE: _choose_textile, Phase.PLACE: _lay_textile,
    Phase.MAIZE: _plant, Phase.BOAT: _move_boat, Phase.TEMPLE: _choose_temple,
}


# ================================================================ a consistent position
def load_state(data: object, t: Tables, params: Params) -> AyarState:
    """A saved state read field by field (``AyarState.from_dict``) that is also a position play reaches
    (``check_loaded``); ``BadState`` names what is wrong."""
    st = AyarState.from_dict(data, t, params)
    try:
        check_loaded(st, t, params)
    except AssertionError as e:
        raise BadState(f"not a position that play reaches ({e})", "state") from None
    return st


def check_loaded(st: AyarState, t: Tables, params: Params) -> None:
    """A loaded position is one that play reaches (``state.check_history``) and a turn waiting for its Tambo or
    spot can still be completed (AY-095: the Ayar already moved has a spot whose activity can be performed).
    AssertionError names what does not fit; the component invariants are checked after this."""
    check_history(st, t)
    if st.tok_n == 0 and st.phase in (Phase.TAMBO, Phase.SPOT) and not st.fallback:
        p = st.players[st.seat]
        base = st.base if st.phase == Phase.SPOT else power_of_lane(lane_tambos(p, st.slot))
        assert Planner(st, t, params, st.seat).spots(st.path, st.step[st.path], base), \
            "the moved Ayar has a spot for the Tambo (AY-095)"


# ================================================================ the automatic flow
def advance(st: AyarState, t: Tables, params: Params, rng: Rng, ev: list[Event]) -> None:
    """Resolve automatic steps until a decision is needed or the game is over."""
    while advance_step(st, t, params, rng, ev):
        pass


def advance_step(st: AyarState, t: Tables, params: Params, rng: Rng, ev: list[Event]) -> bool:
    """Resolve one automatic step (a forced Viracocha, one check of step 5, the end of a turn, one Night step);
    False when a decision is needed or the game is over."""
    if st.tok_n > 0:                                         # AY-809 automatic with 0 or 1 open space
        seat = st.tok_seat
        spaces = open_spaces(st.players[seat], t)
        if len(spaces) >= 2:
            return False
        ev.append(Event("viracocha", f"{seat_label(seat)}: " + place_token(st, t, params, seat,
                                                                        spaces[0] if spaces else None)))
        return True
    if st.phase == Phase.BONUS:
        return bonus_step(st, t, params, ev)
    if st.phase == Phase.END:
        end_turn(st, t, params, ev)
        return True
    if st.phase == Phase.NIGHT:
        run_night(st, t, params, rng, ev)
        return True
    return False


def end_turn(st: AyarState, t: Tables, params: Params, ev: list[Event]) -> None:
    """AY-062 next player clockwise; AY-502 the Rival plays after each solo turn; the Night after the last turn."""
    if st.n == 1 and st.rival_deck:
        rival_turn(st, t, params, ev)
    st.turn += 1
    if st.turn >= t.turns_per_round[st.round - 1] * st.n:
        st.phase = Phase.NIGHT
        st.night_step = NightStep.RETIRE
        st.seat = -1
        return
    begin_turn(st, t, params, (st.start + st.turn) % st.n)
