"""Why an action id is not legal now (AY-820..AY-826): a precise message and the rule that forbids it, or
``None`` when the rules find nothing against it (then it is legal).

The game's routing table (``rules.routes.ROUTES``), which ``legal`` and ``apply`` read too, says which decision asks
each verb; a verb of another decision is refused by AY-080, else the verb's check (``rules/checks.py``) asks, in
order, the same predicates the choice generators are built from, so an explanation cannot drift from what is
offered.
"""

from __future__ import annotations

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.ayar.data import Tables
from tawa.games.ayar.rules.checks import refused
from tawa.games.ayar.rules.routes import ROUTES, decision
from tawa.games.ayar.state import AyarState, Phase

# what opens a choice of another decision than the one asked now (AY-080, AY-800..AY-810), by its verb
DECISION_OPENS: dict[str, str] = {
    "marker": "the start of your next Day turn: lay a Step marker (AY-800)",
    "slot": "laying a Step marker: then a Step slot is chosen (AY-801)",
    "ayar": "the gold Step marker or a retired Ayar's colour: then the Ayar to move is chosen (AY-802)",
    "tambo": "a Step slot whose lane holds more than one Tambo: then the Tambo is chosen (AY-803)",
    "spot": "taking a Tambo: then the spot behind the moved Ayar is chosen (AY-804)",
    "pot": "a Tambo on a Pottery spot: then Pots are taken (AY-805)",
    "textile": "a Tambo on a Weaving spot: then Textiles are taken (AY-806)",
    "weave": "a Tambo on a Weaving spot: then Textiles are taken (AY-806)",
    "place": "taking a Textile in Weaving: then it is placed (AY-806)",
    "maize": "a Tambo on a Farming spot: then cubes are planted (AY-807)",
    "boat": "a Tambo on a Reed spot: then the Boat moves (AY-808)",
    "temple": "emptying a quadrant of your grid: then a temple row is chosen (AY-172, AY-810)",
    "token": "gaining a Viracocha token: then its bonus space is chosen (AY-809)",
}


def explain(st: AyarState, t: Tables, params: Params, action_id: str) -> IllegalAction | None:
    """The refusal of ``action_id`` now, or None when it is legal: read from the routing table (``rules.routes``)
    that ``legal`` and ``apply`` read."""
    words = action_id.split(" ")
    verb = words[0]
    if st.phase == Phase.OVER:
        return refused("the game is over (AY-480)", "AY-480", "over").error(action_id)
    if verb not in ROUTES.kinds or len(words) < 2:
        return refused(f"{action_id!r} is not an Ayar action", "AY-826", "unknown").error(action_id)
    now = decision(st)
    found = ROUTES.refusal(
        now, verb, (st, t, params), (st, t, params, st.decider, words[1:], action_id), lambda: _not_now(action_id, now)
    )
    return None if found is None else found.error(action_id)


def _not_now(action_id: str, now: Phase | str) -> Refusal:
    """A choice of another decision than the one asked now (AY-080)."""
    word = now if isinstance(now, str) else now.word
    return Refusal(
        "AY-080",
        f"{action_id!r}: the decision now is {word!r} (turn order AY-080, AY-800..AY-810)",
        DECISION_OPENS[action_id.split(" ", 1)[0]],
    )
