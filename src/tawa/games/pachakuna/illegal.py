"""Why an action id is not legal now (PK-324 and the rule that forbids it), from the rules' own predicates.

``explain`` asks the same predicates that the legal-action generator asks (``rules/rotate.py``, ``move.py``,
``trade.py``, ``pay.py``), in the generator's order, and finally that the id is written exactly as the generator
writes it; so it finds nothing against an id exactly when the id is legal.
"""
from __future__ import annotations

import re

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    COLOURS,
    LLAMAS_PER_PLAYER,
    N_ORIENTATIONS,
    Tables,
    llama_name,
    parse_cell,
)
from tawa.games.pachakuna.rules import move, pay, rotate, trade
from tawa.games.pachakuna.state import PachakunaState, Phase

OVER = Refusal("PK-306", "the game is over: nothing more is played")
NOT_AN_ACTION = Refusal("PK-324", "not an action of P'achakuna (see the list of legal actions)")
STEP_OVER = Refusal("PK-112", "that step is not the current one", "that step of your next turn (PK-111, PK-112)")

_ROTATE = re.compile(r"rotate (\S+) (\S+)")
_LLAMA = re.compile(r"(move|stay|sell) llama(\d)(?: .*)?")
_PAY = re.compile(r"pay (\S+)")
_BUY = re.compile(r"buy at (\S+)")


def explain(s: PachakunaState, tables: Tables, params: Params, action_id: str) -> IllegalAction | None:
    """``IllegalAction`` naming the rule that forbids ``action_id`` now, or None when it is legal."""
    refusal = refusal_of(s, tables, params, action_id)
    if refusal is None:
        return None
    return refusal.error(action_id, OPENS)


# what opens a refusal (issue 24), by the rule that closes it, where the refusal does not say it itself: every rule
# a refusal names has its entry
OPENS: dict[str, str] = {
    "PK-306": "never in this game: the game is over (PK-306)",
    "PK-324": "never in this game: choose one of the listed legal actions (PK-324)",
    "PK-112": "your next turn: its steps come in order Rotate, Move, Trade, Refill (PK-111, PK-112)",
    "PK-030": "never in this game: a cell of the board (PK-030)",
    "PK-047": "never in this game: an orientation o0 to o5 (PK-047)",
    "PK-144": "the rotate step at the start of your next turn (PK-144)",
    "PK-040": "never in this game: only terrain tiles rotate (PK-040)",
    "PK-138": "a later turn in which no llama stands on the tile (PK-138)",
    "PK-139": "your next turn: the rocks then mark only the tiles your opponent rotated (PK-139, PK-142)",
    "PK-135": "your next turn's rotate step (PK-135)",
    "PK-007": "your next turn's rotate step (MAX_ROTATIONS, PK-007)",
    "PK-131": "a new orientation: the free rotation must change it in this game (FREE_ZERO_ROTATION, PK-131)",
    "PK-137": "a new orientation: a paid rotation must change it in this game (PAID_ZERO_ROTATION, PK-137)",
    "PK-132": "2 pieces in your supply: sell loads at villages in the trade step (PK-132, PK-200)",
    "PK-230": "paying the pieces owed first (PK-230)",
    "PK-160": "moving the llamas in slot order: that llama's move comes when it is its turn (PK-160)",
    "PK-162": ("a turn in which the llama starts on a village, or can reach no cell: only then may it stay "
               "(PK-162, PK-163, PK-164)"),
    "PK-161": "a rotation in your next rotate step that opens a path to that cell (PK-161)",
    "PK-168": "your next turn: a bought llama moves from then on (PK-168)",
    "PK-095": "buying that llama in a trade step (PK-230)",
    "PK-184": "moving the llama onto a village (PK-184)",
    "PK-237": "your next turn: a bought llama trades from then on (PK-237)",
    "PK-181": "never in this game: a llama that stays does not trade (STAYED_LLAMA_TRADES, PK-181)",
    "PK-205": "the refill step, which loads the llama again (PK-205)",
    "PK-200": "a village of another colour than the load (PK-200)",
    "PK-207": "your next turn: each village allows one sale per turn (PK-207)",
    "PK-183": "selling before buying: sales come first in this game (TRADE_ORDER, PK-183)",
    "PK-234": "your next turn's trade step: one purchase per turn in this game (MULTI_BUY, PK-234)",
    "PK-232": "never in this game: you own the most llamas (PK-232)",
    "PK-233": "one of your llamas on the village, ready to trade (PK-233)",
    "PK-254": "more pieces in your supply: sell loads at villages in the trade step (PK-200, PK-254)",
}

def refusal_of(s: PachakunaState, tables: Tables, params: Params, aid: str) -> Refusal | None:
    if s.step == Phase.OVER:
        return OVER
    paying = _PAY.fullmatch(aid)
    if s.paying and not paying:
        return pay.pay_first(s)
    if paying:
        name = paying.group(1)
        return pay.pay_refusal(s, ALL_PIECES.index(name)) if name in ALL_PIECES else NOT_AN_ACTION
    if aid == rotate.END_ROTATE.id:
        return None if rotate.rotating(s) else STEP_OVER
    if aid == trade.END_TRADE.id:
        return None if trade.trading(s) else STEP_OVER
    found = _ROTATE.fullmatch(aid)
    if found:
        return _rotation(s, params, aid, found.group(1), found.group(2))
    found = _LLAMA.fullmatch(aid)
    if found and int(found.group(2)) < LLAMAS_PER_PLAYER:
        k = s.active * LLAMAS_PER_PLAYER + int(found.group(2))
        if found.group(1) == "sell":
            return _sale(s, tables, params, aid, k)
        return _move(s, tables, aid, k)
    found = _BUY.fullmatch(aid)
    if found and found.group(1) in COLOURS:
        return _purchase(s, tables, params, COLOURS.index(found.group(1)))
    return NOT_AN_ACTION


def _rotation(s: PachakunaState, params: Params, aid: str, cell_text: str, orientation_text: str) -> Refusal | None:
    if not rotate.rotating(s):
        return rotate.NOT_NOW
    cell = parse_cell(cell_text)
    if cell is None:
        return Refusal("PK-030", f"no cell {cell_text} on the board")
    o = _orientation(orientation_text)
    bad_orientation = Refusal("PK-047", f"orientation must be o0 to o{N_ORIENTATIONS - 1}") if o is None else None
    return (rotate.tile_refusal(s, cell) or bad_orientation or rotate.step_refusal(s, params)
            or (rotate.zero_rotation_refusal(s, params) if o == s.orient[cell] else None)
            or (None if o is not None and aid == rotate.rotate_id(cell, o) else NOT_AN_ACTION))


def _orientation(text: str) -> int | None:
    if len(text) == 2 and text[0] == "o" and text[1].isdigit() and int(text[1]) < N_ORIENTATIONS:
        return int(text[1])
    return None


def _move(s: PachakunaState, tables: Tables, aid: str, k: int) -> Refusal | None:
    if not move.moving(s):
        return move.BOUGHT if s.bought[k] else move.NOT_NOW
    now = move.mover(s)
    if k != now:
        return Refusal("PK-160", f"{llama_name(now)} moves now (slot order; a llama moves once, bought llamas not "
                                 "at all)")
    if aid.startswith("stay"):
        if aid != move.stay_id(k):
            return NOT_AN_ACTION
        return None if move.may_stay(s, tables, k) else move.MUST_MOVE
    ids = {move.move_id(tables, k, cell, region) for cell, region in move.destinations(s, tables, k)}
    return None if aid in ids else move.UNREACHABLE


def _sale(s: PachakunaState, tables: Tables, params: Params, aid: str, k: int) -> Refusal | None:
    if not trade.trading(s):
        return trade.NOT_NOW
    if aid != trade.sell_id(k):
        return NOT_AN_ACTION
    return trade.sell_refusal(s, tables, params, k)


def _purchase(s: PachakunaState, tables: Tables, params: Params, village: int) -> Refusal | None:
    if not trade.trading(s):
        return trade.NOT_NOW
    refusal = trade.purchase_refusal(s, params)
    if refusal is not None:
        return refusal
    return None if village in trade.buy_villages(s, tables, params) else trade.NO_LLAMA_THERE
