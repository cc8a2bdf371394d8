"""P'achakuna rules: the legal decisions of each step and applying them (spec PK-110..PK-325).

A turn is Rotate (free rotation, paid rotations) -> Move (one decision per llama with a choice) -> Trade (sells,
buys) -> Refill (automatic). Payments are collected one piece at a time (``pay red``). Decisions with a single
option are resolved automatically by ``advance`` (PK-323 and the rulings in data.py). The topic modules hold each
step's predicates (one per rule, each returning the ``Refusal`` that names it), its actions and its effects; the
routing table ``routes.ROUTES`` (``tawa.core.routing``) routes a decision to its offers, a kind of action to its
handler and to its check (``checks``), and ``illegal.py`` explains a refusal from the same table.
"""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.pachakuna.data import (
    LLAMAS_PER_PLAYER,
    N_CELLS,
    N_COLOURS,
    N_ORIENTATIONS,
    N_SIDES,
    SIDE_NAMES,
    TILE_CELLS,
    Tables,
    llamas_of,
)
from tawa.games.pachakuna.rules.move import (
    move_id,
    next_mover,
    stay_id,
)
from tawa.games.pachakuna.rules.pay import PAY_ACTIONS
from tawa.games.pachakuna.rules.refill import end_trade
from tawa.games.pachakuna.rules.rotate import (
    END_ROTATE,
    end_rotate,
    is_rotatable,
    paid_rotation_possible,
    rotate_id,
)
from tawa.games.pachakuna.rules.routes import ROUTES, decision
from tawa.games.pachakuna.rules.trade import (
    END_TRADE,
    buy_id,
    buy_villages,
    can_sell,
    sell_id,
)
from tawa.games.pachakuna.state import PachakunaState, Phase


def legal(s: PachakunaState, tables: Tables, params: Params) -> list[Action]:
    """The active player's legal actions, in the order the game has always offered them (``routes.ROUTES``)."""
    return ROUTES.legal(decision(s), s, tables, params)


def apply(s: PachakunaState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one that ``legal`` offered) with the handler of its kind, then resolve what has no
    choice."""
    who = SIDE_NAMES[s.colour_of(s.active)]
    events: list[Event] = []
    events += ROUTES.handlers[action.data.kind](s, tables, params, rng, action.data, who)
    events += advance(s, tables, params, rng)
    return events


def advance(s: PachakunaState, tables: Tables, params: Params, rng: Rng) -> list[Event]:
    """Resolve decisions that have a single option (PK-323 and the rulings in data.py)."""
    events: list[Event] = []
    while s.step != Phase.OVER and not s.paying:
        who = SIDE_NAMES[s.colour_of(s.active)]
        if s.step == Phase.ROTATE_PAID:
            if paid_rotation_possible(s, params) and any(is_rotatable(s, c) for c in TILE_CELLS):
                return events
            events += end_rotate(s, who)
        elif s.step == Phase.MOVE:
            if next_mover(s, tables):
                return events
            s.step = Phase.TRADE
        elif s.step == Phase.TRADE:
            if buy_villages(s, tables, params) or any(can_sell(s, tables, params, k) for k in llamas_of(s.active)):
                return events
            events += end_trade(s, tables, params, rng, who)
        else:
            return events
    return events


def action_ids(tables: Tables) -> list[str]:
    """Every action id the game can ever offer with these tables (the fixed action space)."""
    ids = [rotate_id(c, o) for c in TILE_CELLS for o in range(N_ORIENTATIONS)]
    ids += [END_ROTATE.id, END_TRADE.id]
    ids += [a.id for a in PAY_ACTIONS]
    for slot in range(LLAMAS_PER_PLAYER):
        for c in range(N_CELLS):
            ids.append(move_id(tables, slot, c, -1))
            if tables.multi and tables.village_at[c] < 0:
                ids += [move_id(tables, slot, c, rg) for rg in range(N_SIDES)]
        ids += [stay_id(slot), sell_id(slot)]
    ids += [buy_id(v) for v in range(N_COLOURS)]
    return ids
