"""P'achakuna rules: the legal decisions of each step and applying them (spec PK-110..PK-325).

A turn is Rotate (free rotation, paid rotations) -> Move (one decision per llama with a choice) -> Trade (sells,
buys) -> Refill (automatic). Payments are collected one piece at a time (``pay red``). Decisions with a single
option are resolved automatically by ``advance`` (PK-323 and the rulings in data.py). The topic modules hold each
step's predicates (one per rule, each returning the ``Refusal`` that names it), its actions and its effects;
``illegal.py`` explains a refusal from the same predicates.
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
    Move,
    Stay,
    legal_move,
    move_id,
    move_llama,
    moving,
    next_mover,
    stay_id,
    stay_llama,
)
from tawa.games.pachakuna.rules.pay import PAY_ACTIONS, Pay, legal_pay, pay_piece
from tawa.games.pachakuna.rules.refill import end_trade
from tawa.games.pachakuna.rules.rotate import (
    END_ROTATE,
    EndRotate,
    Rotate,
    choose_rotation,
    end_rotate,
    is_rotatable,
    legal_rotate,
    paid_rotation_possible,
    rotate_id,
    rotating,
)
from tawa.games.pachakuna.rules.trade import (
    END_TRADE,
    Buy,
    EndTrade,
    Sell,
    buy_id,
    buy_villages,
    can_sell,
    legal_trade,
    sell,
    sell_id,
    start_purchase,
    trading,
)
from tawa.games.pachakuna.state import PachakunaState, Phase


def legal(s: PachakunaState, tables: Tables, params: Params) -> list[Action]:
    """The active player's legal actions, in the order the game has always offered them."""
    if s.paying:
        return legal_pay(s)
    if rotating(s):
        return legal_rotate(s, tables, params)
    if moving(s):
        return legal_move(s, tables)
    if trading(s):
        return legal_trade(s, tables, params)
    return []


def apply(s: PachakunaState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one that ``legal`` offered), then resolve what has no choice."""
    who = SIDE_NAMES[s.colour_of(s.active)]
    events: list[Event] = []
    match action.data:
        case Pay(piece=piece):
            events += pay_piece(s, tables, params, piece)
        case Rotate(cell=cell, orientation=orientation):
            events += choose_rotation(s, params, cell, orientation, who)
        case EndRotate():
            events += end_rotate(s, who)
        case Move(llama=llama, cell=cell, region=region):
            events += move_llama(s, tables, llama, cell, region, who)
        case Stay(llama=llama):
            events += stay_llama(s, tables, llama, who)
        case Sell(llama=llama):
            events += sell(s, tables, params, llama, who)
        case Buy(village=village):
            start_purchase(s, params, village)
        case EndTrade():
            events += end_trade(s, tables, params, rng, who)
        case other:
            raise TypeError(f"not a P'achakuna action: {other!r}")
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
