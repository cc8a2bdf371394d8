"""Payments (PK-132/134, PK-230/231, PK-253..PK-255): the pieces of a paid rotation or a llama, one at a time."""

from __future__ import annotations

from typing import NamedTuple

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import ALL_PIECES, SIDE_NAMES, Tables
from tawa.games.pachakuna.rules.rotate import turn_tile
from tawa.games.pachakuna.rules.trade import place_bought_llama
from tawa.games.pachakuna.state import PachakunaState, Payment


class Pay(NamedTuple):
    """Pay one piece of colour ``piece`` (0..7, brown last)."""

    kind: str  # "pay"
    piece: int


PAY_ACTIONS = tuple(Action(f"pay {name}", f"Pay one {name} piece", Pay("pay", c)) for c, name in enumerate(ALL_PIECES))

NOTHING_OWED = Refusal(
    "PK-324",
    "nothing to pay for now",
    "a paid rotation (PK-132) or a purchase (PK-230): then pieces are paid one by one",
)
NOT_HELD = Refusal(
    "PK-254", "you can only pay with pieces you hold", "paying with a piece that your supply holds (PK-254)"
)


def pay_first(s: PachakunaState) -> Refusal:
    """While pieces are owed, nothing else is done (PK-132 a rotation's 2 pieces, PK-230 a llama's 4)."""
    rule = "PK-132" if s.paying == Payment.ROTATION else "PK-230"
    return Refusal(rule, f"finish paying for the {s.paying} first ({s.pay_need} more pieces)")


def pay_refusal(s: PachakunaState, piece: int) -> Refusal | None:
    if not s.paying:
        return NOTHING_OWED
    if s.supply[s.active][piece] <= 0:
        return NOT_HELD
    return None


def legal_pay(s: PachakunaState, tables: Tables, params: Params) -> list[Action]:
    return [a for a in PAY_ACTIONS if pay_refusal(s, a.data.piece) is None]


def pay_piece(s: PachakunaState, tables: Tables, params: Params, c: int) -> list[Event]:
    """PK-134/231 any colours incl. brown; PK-253/254 into the general supply, never below zero. The last piece
    turns the tile (PK-143) or places the llama (PK-233)."""
    seat = s.active
    who = SIDE_NAMES[s.colour_of(seat)]
    s.supply[seat][c] -= 1
    s.pay_need -= 1
    events = [Event("pay", f"{who} pays one {ALL_PIECES[c]}", data={"piece": ALL_PIECES[c]})]
    if s.pay_need > 0:
        return events
    if s.paying == Payment.ROTATION:
        events += turn_tile(s, s.pay_cell, s.pay_orient, who, f"paid {params.ROTATION_COST}")
        s.pay_cell = s.pay_orient = -1
    else:
        events += place_bought_llama(s, tables, who)
    s.paying = Payment.NONE
    return events
