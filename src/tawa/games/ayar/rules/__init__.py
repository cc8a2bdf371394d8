"""The flow of an Ayar game as small decisions (AY-800..AY-813): ``legal`` lists the choices of the decision
now, ``apply`` carries one out, then ``advance`` resolves everything automatic (forced choices, step 5, the end
of a turn, the Rival, the Night) until the next real decision.

The decision now is ``state.phase`` (a ``Phase``), or the placement of a Viracocha token while one waits
(AY-380, AY-809). Action ids, texts and order are part of the saved games' format: they never change.
"""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.errors import BadState
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar.data import BONUS_NAMES, BOX_NAMES, LANES, MARKERS, PATHS, TAMBOS, Tables
from tawa.games.ayar.rules.activities import (
    DIRS,
    open_spaces,
    place_token,
)
from tawa.games.ayar.rules.night import run_night
from tawa.games.ayar.rules.routes import ROUTES, decision
from tawa.games.ayar.rules.solo import rival_turn
from tawa.games.ayar.rules.texts import (
    cell_name,
    placement_id,
    seat_label,
)
from tawa.games.ayar.rules.turn import (
    Planner,
    begin_turn,
    bonus_step,
    lane_tambos,
    power_of_lane,
)
from tawa.games.ayar.state import AyarState, NightStep, Phase, check_history


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
    ids += [
        placement_id(r, c, d, fl)
        for r in range(1, t.weave_rows + 1)
        for c in range(1, t.weave_cols + 1)
        for d in DIRS
        for fl in (False, True)
    ]
    ids += [f"maize {b}" for b in BOX_NAMES[: len(t.box_suns)]] + ["maize done"]
    ids += [f"boat {s}" for s in range(1, t.route_len + 1)]
    ids += [f"token {v}" for v in BONUS_NAMES[: len(t.bonus_need)]]
    ids += [f"temple {p}" for p in PATHS]
    return ids


# ================================================================ legal actions, apply (the routing table, routes.py)
def legal(st: AyarState, t: Tables, params: Params) -> list[Action]:
    """The choices of the decision now, in their fixed order."""
    return ROUTES.legal(decision(st), st, t, params)


def apply(st: AyarState, t: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one ``legal`` offered) and everything automatic after it."""
    ev: list[Event] = []
    perform(st, t, params, action, ev)
    advance(st, t, params, rng, ev)
    return ev


def perform(st: AyarState, t: Tables, params: Params, action: Action, ev: list[Event]) -> None:
    """The action itself, by the handler of its verb, without the automatic steps that follow it."""
    ROUTES.handlers[action.id.split(" ", 1)[0]](st, t, params, action.data, ev)


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
        assert Planner(st, t, params, st.seat).spots(st.path, st.step[st.path], base), (
            "the moved Ayar has a spot for the Tambo (AY-095)"
        )


# ================================================================ the automatic flow
def advance(st: AyarState, t: Tables, params: Params, rng: Rng, ev: list[Event]) -> None:
    """Resolve automatic steps until a decision is needed or the game is over."""
    while advance_step(st, t, params, rng, ev):
        pass


def advance_step(st: AyarState, t: Tables, params: Params, rng: Rng, ev: list[Event]) -> bool:
    """Resolve one automatic step (a forced Viracocha, one check of step 5, the end of a turn, one Night step);
    False when a decision is needed or the game is over."""
    if st.tok_n > 0:  # AY-809 automatic with 0 or 1 open space
        seat = st.tok_seat
        spaces = open_spaces(st.players[seat], t)
        if len(spaces) >= 2:
            return False
        ev.append(
            Event(
                "viracocha", f"{seat_label(seat)}: " + place_token(st, t, params, seat, spaces[0] if spaces else None)
            )
        )
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
