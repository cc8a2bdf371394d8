"""Step 4, Refill, and the end of a turn (PK-110, PK-270..PK-279, PK-303 end_of_turn, PK-320 the turn cap)."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.pachakuna.data import COLOURS, N_LLAMAS, SIDE_NAMES, Tables, llama_name, llamas_of
from tawa.games.pachakuna.rules.demands import fill_missing
from tawa.games.pachakuna.rules.end import has_all_colours, win
from tawa.games.pachakuna.state import Moved, PachakunaState, Phase


def end_trade(s: PachakunaState, tables: Tables, params: Params, rng: Rng, who: str) -> list[Event]:
    """The trade step ends: the win check (WIN_CHECK=end_of_turn), the refill, then the next turn or the cap."""
    seat = s.active
    if params.WIN_CHECK == "end_of_turn" and has_all_colours(s.supply[seat]):
        return win(s, who)
    events = fill_missing(s, tables, params, rng, setup=False)  # PK-270..PK-276
    for k in llamas_of(seat):  # PK-277/278
        if s.reload[k]:
            s.load[k] = tables.village_at[s.pos[k]]
            s.reload[k] = False
            events.append(
                Event(
                    "reload",
                    f"{who} {llama_name(k)} is loaded with {COLOURS[s.load[k]]}",
                    data={"llama": k, "colour": COLOURS[s.load[k]]},
                )
            )
    # end of turn: clear the per-turn bookkeeping, hand over (PK-110)
    s.rotated = []
    s.sold = []
    s.buys = 0
    s.moved = [Moved.NOT_YET] * N_LLAMAS
    s.bought = [False] * N_LLAMAS
    s.move_slot = 0
    s.turn += 1
    if params.TURN_CAP is not None and s.turn >= params.TURN_CAP:  # PK-320
        s.step = Phase.OVER
        s.draw = True
        events.append(Event("draw", f"Draw: {params.TURN_CAP} turns without a winner, the turn cap (PK-320)"))
        return events
    s.active = 1 - seat
    s.step = Phase.ROTATE_FREE
    events.append(turn_event(s))
    return events


def turn_event(s: PachakunaState) -> Event:
    """The log's separator between two turns (PK-110)."""
    return Event(
        "turn",
        f"── Turn {s.turn + 1}: {SIDE_NAMES[s.colour_of(s.active)]} to play ──",
        data={"turn": s.turn + 1, "seat": s.active},
    )
