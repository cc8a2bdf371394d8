"""Ayar's routing table (``tawa.core.routing``), read by ``legal``, ``apply`` (``perform``) and ``illegal.explain``
alike: the decision now (``decision``: the ``Phase``, or the placement of a waiting Viracocha token, AY-809) ->
its choices (the makers here, AY-800..AY-810), each verb (an id's first word) -> its handler (here) and its check
(``checks.CHECKS``). Action ids, texts and order are part of the saved games' format: they never change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.routing import Offer, Routes, always_open, kinds
from tawa.games.ayar.data import BONUS_NAMES, LANES, MARKERS, PATHS, Tables
from tawa.games.ayar.rules.activities import (
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
from tawa.games.ayar.rules.checks import CHECKS
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
from tawa.games.ayar.state import AyarState, BonusCheck, Phase


# ================================================================ the choices of each decision
def token_actions(st: AyarState, t: Tables) -> list[Action]:
    """AY-380/AY-384/AY-809 an open bonus space for the waiting Viracocha."""
    q = st.players[st.tok_seat]
    return [
        Action(
            f"token {BONUS_NAMES[i]}",
            f"place a Viracocha on V{i + 1} (holds {q.bonus[i]}/"
            f"{t.bonus_need[i]}; when complete: {bonus_text(*t.bonus_effect[i])})",
            i,
        )
        for i in open_spaces(q, t)
    ]


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
        out.append(
            Action(
                f"slot {LANES[s]}",
                f"Step slot {LANES[s].upper()}: {arrows} arrow(s) ({move}), "
                f"Moon {t.slot_moon[s]}, power {power} before bonuses",
                s,
            )
        )
    return out


def _ayar_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    pl = Planner(st, t, params, st.seat)
    return [
        Action(f"ayar {PATHS[q]}", f"move the {PATHS[q]} Ayar (step {st.step[q]})", q)
        for q in pl.paths(st.marker, st.slot)
    ]


def _tambo_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    p = st.players[st.seat]
    return [
        Action(
            f"tambo {cell_name(c)}",
            f"take the Tambo at {cell_name(c)}"
            + (" (it leaves the game: no activity is possible, AY-191)" if st.fallback else ""),
            c,
        )
        for c in lane_cells(st.slot)
        if p.grid[c]
    ]


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
            out.append(
                Action("pot facedown", f"take the facedown top Pot (cost {params.FACEDOWN_COST}, wild)", FACEDOWN)
            )
        else:
            out.append(Action(f"pot m{src + 1}", f"take {pot_name(t, st.market[src])} from market slot {src + 1}", src))
    if st.taken:
        out.append(Action("pot done", "stop taking Pots", None))
    return out


def _textile_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    out = [
        Action(f"textile {i + 1}", f"take {textile_name(t, st.stacks[i][0])} from stack {i + 1}", i)
        for i in textile_stacks(st, t, st.seat, st.power)
    ]
    if st.taken:
        out.append(Action("weave done", "stop taking Textiles", None))
    return out


def _place_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    tile = st.stacks[st.chosen_stack][0]
    return [
        Action(placement_id(r, c, d, fl), placement_text(t, tile, r, c, d, fl), (r, c, d, fl))
        for r, c, d, fl in placements(st, t, st.seat, tile)
    ]


def _maize_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    out = [
        Action(f"maize {box_name(b)}", f"plant the leftmost cube of box {box_name(b).upper()}", b)
        for b in maize_boxes(st, t, st.seat)
    ]
    if st.taken:
        out.append(Action("maize done", "stop planting", None))
    return out


def _boat_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    return [
        Action(f"boat {d}", boat_text(st, t, st.seat, d, cost), d) for d, cost in reed_costs(st, t, st.seat, st.power)
    ]


def _temple_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    return [Action(f"temple {PATHS[q]}", f"Temple marker on the {PATHS[q]} row", q) for q in temple_rows(st, st.seat)]


def _no_decision(st: AyarState, t: Tables, params: Params) -> list[Action]:
    raise AssertionError(f"no decision in phase {st.phase.word}")


# ================================================================ carrying a choice out
def _choose_marker(st: AyarState, t: Tables, params: Params, m: int, ev: list[Event]) -> None:
    st.marker = m  # AY-090
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
    if stack is None:  # "weave done"
        finish_activity(st, t)
        return
    st.chosen_stack = stack
    st.phase = Phase.PLACE


def _lay_textile(st: AyarState, t: Tables, params: Params, where: tuple[int, int, str, bool], ev: list[Event]) -> None:
    """AY-282..AY-288; the action ends by itself when no further Textile can be taken."""
    r, c, d, fl = where
    seat = st.seat
    tile = place_textile(st, t, seat, st.chosen_stack, r, c, d, fl)
    st.power -= t.textiles[tile].stack
    st.taken += 1
    name, a, b, sa, sb = placement_words(t, tile, r, c, d, fl)  # the sides, as the action text says
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
    ev.append(
        Event(
            "maize",
            f"{seat_label(seat)} plants from box {box_name(box).upper()} (+{suns} Sun value)"
            + (", box emptied" if emptied else ""),
        )
    )
    if st.power <= 0 or not maize_boxes(st, t, seat):
        finish_activity(st, t)


def _move_boat(st: AyarState, t: Tables, params: Params, dest: int, ev: list[Event]) -> None:
    notes = move_boat(st, t, st.seat, dest)
    ev.append(
        Event(
            "boat", f"{seat_label(st.seat)} moves the Boat to space {dest}" + ("; " + ", ".join(notes) if notes else "")
        )
    )
    finish_activity(st, t)


def _choose_temple(st: AyarState, t: Tables, params: Params, row: int, ev: list[Event]) -> None:
    place_temple(st, st.seat, row, ev)  # AY-173, AY-810
    st.phase = Phase.BONUS
    st.b5 = BonusCheck.LANES


TOKEN = "token"  # the Viracocha placement (AY-809), asked whatever the phase while a token waits
Decision = Phase | str


def decision(st: AyarState) -> Decision:
    """The decision now: the placement of a waiting Viracocha token, else the phase."""
    return TOKEN if st.tok_n > 0 else st.phase


def _token_actions(st: AyarState, t: Tables, params: Params) -> list[Action]:
    return token_actions(st, t)


def _place_token(st: AyarState, t: Tables, params: Params, space: int, ev: list[Event]) -> None:
    seat = st.tok_seat
    ev.append(Event("viracocha", f"{seat_label(seat)}: " + place_token(st, t, params, seat, space)))


def _one(kind: str, make: Callable[[AyarState, Tables, Params], list[Action]], *more: str) -> tuple[Offer, ...]:
    return (Offer(kinds(kind, *more), always_open, make),)


_NONE = (Offer(kinds(), always_open, _no_decision),)  # the automatic phases ask nothing
OFFERS: dict[Decision, tuple[Offer, ...]] = {
    Phase.MARKER: _one("marker", _marker_actions),
    Phase.SLOT: _one("slot", _slot_actions),
    Phase.AYAR: _one("ayar", _ayar_actions),
    Phase.TAMBO: _one("tambo", _tambo_actions),
    Phase.SPOT: _one("spot", _spot_actions),
    Phase.POT: _one("pot", _pot_actions),
    Phase.TEXTILE: _one("textile", _textile_actions, "weave"),
    Phase.PLACE: _one("place", _place_actions),
    Phase.MAIZE: _one("maize", _maize_actions),
    Phase.BOAT: _one("boat", _boat_actions),
    Phase.TEMPLE: _one("temple", _temple_actions),
    TOKEN: _one("token", _token_actions),
    Phase.BONUS: _NONE,
    Phase.END: _NONE,
    Phase.NIGHT: _NONE,
    Phase.OVER: _NONE,
}

HANDLERS: dict[str, Callable[[AyarState, Tables, Params, Any, list[Event]], None]] = {
    "marker": _choose_marker,
    "slot": _choose_slot,
    "ayar": _choose_ayar,
    "tambo": _choose_tambo,
    "spot": _choose_spot,
    "pot": _take_pot,
    "textile": _choose_textile,
    "weave": _choose_textile,
    "place": _lay_textile,
    "maize": _plant,
    "boat": _move_boat,
    "temple": _choose_temple,
    "token": _place_token,
}

ROUTES = Routes(OFFERS, HANDLERS, CHECKS)
