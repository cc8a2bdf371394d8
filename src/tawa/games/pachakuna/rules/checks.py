"""Why one P'achakuna action is refused (PK-324 and the rule that forbids it): the check of each kind of action once
its decision offers the kind (``CHECKS``), and the refusal of a kind that the decision does not offer
(``not_now``). The checks part of the routing table (``rules/routes.py``), read by ``illegal.py``; each asks the
same predicates as the legal-action generator, in the generator's order, and finally that the id is written
exactly as the generator writes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import LLAMAS_PER_PLAYER, N_ORIENTATIONS, Tables, llama_name, parse_cell
from tawa.games.pachakuna.rules import move, pay, rotate, trade
from tawa.games.pachakuna.state import PachakunaState

OVER = Refusal("PK-306", "the game is over: nothing more is played")
NOT_AN_ACTION = Refusal("PK-324", "not an action of P'achakuna (see the list of legal actions)")
STEP_OVER = Refusal("PK-112", "that step is not the current one", "that step of your next turn (PK-111, PK-112)")

Check = Callable[[PachakunaState, Tables, Params, str, Any], Refusal | None]


def llama(s: PachakunaState, slot: int) -> int:
    """The active player's llama in ``slot`` (0..2, as the ids name it: ``llama0``)."""
    return s.active * LLAMAS_PER_PLAYER + slot


def not_now(s: PachakunaState, kind: str, args: Any) -> Refusal:
    """The refusal of an action of ``kind`` that the current decision does not offer."""
    if s.paying:
        return pay.pay_first(s)
    if kind == "pay":
        return NOT_AN_ACTION if args is None else pay.NOTHING_OWED
    if kind == "rotate":
        return rotate.NOT_NOW
    if kind in ("move", "stay"):
        return move.BOUGHT if s.bought[llama(s, args)] else move.NOT_NOW
    if kind in ("sell", "buy"):
        return trade.NOT_NOW
    return STEP_OVER  # end_rotate, end_trade


def _pay(s: PachakunaState, tables: Tables, params: Params, aid: str, piece: int | None) -> Refusal | None:
    return NOT_AN_ACTION if piece is None else pay.pay_refusal(s, piece)


def _rotation(s: PachakunaState, tables: Tables, params: Params, aid: str, args: tuple[str, str]) -> Refusal | None:
    cell_text, orientation_text = args
    cell = parse_cell(cell_text)
    if cell is None:
        return Refusal("PK-030", f"no cell {cell_text} on the board")
    o = _orientation(orientation_text)
    bad_orientation = Refusal("PK-047", f"orientation must be o0 to o{N_ORIENTATIONS - 1}") if o is None else None
    return (
        rotate.tile_refusal(s, cell)
        or bad_orientation
        or rotate.step_refusal(s, params)
        or (rotate.zero_rotation_refusal(s, params) if o == s.orient[cell] else None)
        or (None if o is not None and aid == rotate.rotate_id(cell, o) else NOT_AN_ACTION)
    )


def _orientation(text: str) -> int | None:
    if len(text) == 2 and text[0] == "o" and text[1].isdigit() and int(text[1]) < N_ORIENTATIONS:
        return int(text[1])
    return None


def _end(s: PachakunaState, tables: Tables, params: Params, aid: str, args: Any) -> Refusal | None:
    return None  # ending the step is open whenever the step is


def _mover(s: PachakunaState, k: int) -> Refusal | None:
    now = move.mover(s)
    if k != now:
        return Refusal(
            "PK-160", f"{llama_name(now)} moves now (slot order; a llama moves once, bought llamas not at all)"
        )
    return None


def _move(s: PachakunaState, tables: Tables, params: Params, aid: str, slot: int) -> Refusal | None:
    k = llama(s, slot)
    ids = {move.move_id(tables, k, cell, region) for cell, region in move.destinations(s, tables, k)}
    return _mover(s, k) or (None if aid in ids else move.UNREACHABLE)


def _stay(s: PachakunaState, tables: Tables, params: Params, aid: str, slot: int) -> Refusal | None:
    k = llama(s, slot)
    if (wrong := _mover(s, k)) is not None:
        return wrong
    if aid != move.stay_id(k):
        return NOT_AN_ACTION
    return None if move.may_stay(s, tables, k) else move.MUST_MOVE


def _sale(s: PachakunaState, tables: Tables, params: Params, aid: str, slot: int) -> Refusal | None:
    k = llama(s, slot)
    if aid != trade.sell_id(k):
        return NOT_AN_ACTION
    return trade.sell_refusal(s, tables, params, k)


def _purchase(s: PachakunaState, tables: Tables, params: Params, aid: str, village: int) -> Refusal | None:
    refusal = trade.purchase_refusal(s, params)
    if refusal is not None:
        return refusal
    return None if village in trade.buy_villages(s, tables, params) else trade.NO_LLAMA_THERE


CHECKS: dict[str, Check] = {
    "pay": _pay,
    "rotate": _rotation,
    "end_rotate": _end,
    "move": _move,
    "stay": _stay,
    "sell": _sale,
    "buy": _purchase,
    "end_trade": _end,
}
