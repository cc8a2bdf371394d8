"""P'achakuna's routing table (``tawa.core.routing``), read by ``legal``, ``apply`` and ``illegal.explain`` alike:
what each decision offers (the step of the turn, PK-111, or the payment of pieces owed, PK-132 and PK-230), what
carries out each kind of action (``HANDLERS``) and why one is refused (``checks.CHECKS``); and ``parse``, which
reads an action id back into its kind, the way the topic modules write it (``rotate_id``, ``move_id`` …).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.core.routing import Offer, Routes, always_open, kinds
from tawa.games.pachakuna.data import ALL_PIECES, COLOURS, LLAMAS_PER_PLAYER, Tables
from tawa.games.pachakuna.rules.checks import CHECKS
from tawa.games.pachakuna.rules.move import legal_move, move_llama, stay_llama
from tawa.games.pachakuna.rules.pay import legal_pay, pay_piece
from tawa.games.pachakuna.rules.refill import end_trade
from tawa.games.pachakuna.rules.rotate import END_ROTATE, choose_rotation, end_rotate, legal_rotate
from tawa.games.pachakuna.rules.trade import END_TRADE, legal_trade, sell, start_purchase
from tawa.games.pachakuna.state import PachakunaState, Phase

PAYING = "pay"  # the decision while pieces are owed, whatever the step (PK-132, PK-230)
Decision = Phase | str


def decision(s: PachakunaState) -> Decision:
    """What the active player decides now: the payment of pieces owed, else the step of the turn."""
    return PAYING if s.paying else s.step


_ROTATE = (Offer(kinds("rotate", "end_rotate"), always_open, legal_rotate),)
OFFERS: dict[Decision, tuple[Offer, ...]] = {
    PAYING: (Offer(kinds("pay"), always_open, legal_pay),),
    Phase.ROTATE_FREE: _ROTATE,
    Phase.ROTATE_PAID: _ROTATE,
    Phase.MOVE: (Offer(kinds("move", "stay"), always_open, legal_move),),
    Phase.TRADE: (Offer(kinds("sell", "buy", "end_trade"), always_open, legal_trade),),
    Phase.OVER: (),
}

Handler = Callable[[PachakunaState, Tables, Params, Rng, Any, str], list[Event]]


def _pay(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return pay_piece(s, tables, params, data.piece)


def _rotate(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return choose_rotation(s, params, data.cell, data.orientation, who)


def _end_rotate(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return end_rotate(s, who)


def _move(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return move_llama(s, tables, data.llama, data.cell, data.region, who)


def _stay(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return stay_llama(s, tables, data.llama, who)


def _sell(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return sell(s, tables, params, data.llama, who)


def _buy(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    start_purchase(s, params, data.village)
    return []


def _end_trade(s: PachakunaState, tables: Tables, params: Params, rng: Rng, data: Any, who: str) -> list[Event]:
    return end_trade(s, tables, params, rng, who)


HANDLERS: dict[str, Handler] = {
    "pay": _pay,
    "rotate": _rotate,
    "end_rotate": _end_rotate,
    "move": _move,
    "stay": _stay,
    "sell": _sell,
    "buy": _buy,
    "end_trade": _end_trade,
}

ROUTES = Routes(OFFERS, HANDLERS, CHECKS)


def parse(aid: str) -> tuple[str, Any] | None:
    """The kind of action an id asks for and what it names (a piece, a cell and an orientation as written, a llama
    slot, a village), for ids of the forms the game writes, offered now or not; None for any other text."""
    if aid == END_ROTATE.id:
        return "end_rotate", ()
    if aid == END_TRADE.id:
        return "end_trade", ()
    words = aid.split(" ")
    verb = words[0]
    if verb == "pay" and len(words) == 2 and _word(words[1]):
        return "pay", ALL_PIECES.index(words[1]) if words[1] in ALL_PIECES else None
    if verb == "rotate" and len(words) == 3 and _word(words[1]) and _word(words[2]):
        return "rotate", (words[1], words[2])
    if verb in ("move", "stay", "sell") and len(words) >= 2:  # the rest of a move id is checked against its ids
        name, rest = words[1], aid[len(verb) + len(words[1]) + 2 :]
        slot = name[5:]
        if (
            name.startswith("llama")
            and len(slot) == 1
            and slot.isdecimal()
            and int(slot) < LLAMAS_PER_PLAYER
            and "\n" not in rest
        ):
            return verb, int(slot)
        return None
    if verb == "buy" and len(words) == 3 and words[1] == "at" and words[2] in COLOURS:
        return "buy", COLOURS.index(words[2])
    return None


def _word(text: str) -> bool:
    """One word of an id: some text without blanks."""
    return bool(text) and not any(c.isspace() for c in text)
