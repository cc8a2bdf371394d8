"""Why an action id is not legal now (PK-324 and the rule that forbids it), from the rules' own predicates.

``explain`` reads the routing table that ``legal`` and ``apply`` read (``rules.routes.ROUTES``): the decision must
offer the id's kind (``rules.routes.parse``), then the kind's check (``rules/checks.py``) asks the same predicates
that the legal-action generator asks, in the generator's order, and finally that the id is written exactly as the
generator writes it; so it finds nothing against an id exactly when the id is legal.
"""

from __future__ import annotations

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import (
    Tables,
)
from tawa.games.pachakuna.rules import pay
from tawa.games.pachakuna.rules.checks import NOT_AN_ACTION, OVER, not_now
from tawa.games.pachakuna.rules.routes import ROUTES, decision, parse
from tawa.games.pachakuna.state import PachakunaState, Phase


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
    "PK-162": (
        "a turn in which the llama starts on a village, or can reach no cell: only then may it stay "
        "(PK-162, PK-163, PK-164)"
    ),
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
    """The routing table's refusal of ``aid`` now: the game over, an id of no form the game writes, a kind that the
    decision does not offer (``checks.not_now``) or the check of its kind."""
    if s.step == Phase.OVER:
        return OVER
    found = parse(aid)
    if found is None:
        return pay.pay_first(s) if s.paying else NOT_AN_ACTION
    kind, args = found
    return ROUTES.refusal(
        decision(s), kind, (s, tables, params), (s, tables, params, aid, args), lambda: not_now(s, kind, args)
    )
