"""Why an action is not legal now (spec section 6), from the routing table that ``legal`` and ``apply`` read
(``rules.routes.ROUTES``): a choice the decision does not ask names the rule of when it is asked (``WHEN_ASKED``),
else its kind's check (``rules/checks.py``) names the first rule that forbids it; ``explain`` finds nothing against
an id exactly when the legal-action generator offers it. ``parse`` reads an id back into its move: from the action
space, or of the same form for ids the game never offers, so that their refusal can name the rule."""

from __future__ import annotations

from tawa.core.errors import IllegalAction
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules import action_moves, lake
from tawa.games.guatavita.rules.checks import PLAN_KINDS, sabotage_refusal
from tawa.games.guatavita.rules.common import PUMP, Move
from tawa.games.guatavita.rules.routes import ROUTES
from tawa.games.guatavita.state import GuatavitaState, Phase

# the rule that says when each kind of choice is asked, and when that is (the decisions that ask it: the routing
# table, ``rules.routes.OFFERS``)
WHEN_ASKED: dict[str, tuple[str, str]] = {
    **{k: ("GV-070", "placements and passing happen on your planning turn") for k in PLAN_KINDS},
    "balsa_start": ("GV-772", "balsas are put on the lake during setup"),
    "return_he": (
        "GV-396",
        "a head explorer leaves the lake only when its camp is empty at the start of planning "
        "(GV-101) or when two of its paths join (GV-395)",
    ),
    "pay": (
        "GV-103",
        "workers are bought only at the start of planning, by a player with no worker in camp and no head explorer",
    ),
    "keep": ("GV-395", "that choice is asked only when two paths of head explorers join"),
    "declare": ("GV-420", "a saboteur declares just before its tile flips"),
    "step": ("GV-778", "a balsa moves only while it resolves, at most its steps"),
    "stop": ("GV-778", "a balsa moves only while it resolves, at most its steps"),
    "push": ("GV-782", "only the owner of a pushed balsa chooses where it goes, then"),
    "inspect": ("GV-785", "a balsa inspects, protects or does nothing after its move"),
    "protect": ("GV-785", "a balsa inspects, protects or does nothing after its move"),
    "nothing": ("GV-785", "a balsa inspects, protects or does nothing after its move"),
    "exchange": ("GV-601", "the Pioneer exchange is made when the Pioneer box resolves"),
}


def explain(state: GuatavitaState, tables: Tables, params: Params, action_id: str) -> IllegalAction | None:
    """Why ``action_id`` is not legal now, naming the rule; ``None`` exactly when it is legal."""
    st, tb = state, tables
    if st.stage == Phase.OVER or st.decision is None:
        return IllegalAction(f"{action_id!r}: the game is over", rule="GV-680", action=action_id, opens=OPENS["GV-680"])
    if action_id == "sabotage":  # the Sabotage box: a sabotage is placed on the tile (issue 24)
        return _sabotage_box(st, tb, params, action_id)
    move = parse(tb, params, action_id)
    if move is None:
        return IllegalAction(f"{action_id!r} is not an action of Guatavita", action=action_id)
    d = st.decision
    found = ROUTES.refusal(
        d.ask, move.kind, (st, tb, params, d), (st, tb, params, d, move), lambda: _not_asked(move.kind)
    )
    return None if found is None else found.error(action_id, OPENS, lead=f"{action_id!r} is not legal now: ")


def _not_asked(kind: str) -> Refusal:
    """A choice that the decision now does not ask: the rule that says when it is asked."""
    rule, when = WHEN_ASKED[kind]
    return Refusal(rule, when, ASKED_OPENS.get(kind, OPENS[rule]))


SABOTAGE_HOW = "click the lake hex of another player's exploration this round that has no saboteur yet"
# what opens a refusal, by the rule that closes it (issue 24): every rule a refusal names has its entry
OPENS: dict[str, str] = {
    "GV-680": "never in this game: the game is over (GV-680)",
    # planning turn and pieces
    "GV-070": "your next planning turn (GV-070)",
    "GV-071": "workers, machines or pipes back in your camp (they come back at the end of the round, GV-071)",
    "GV-072": "more emeralds in your stock, or fewer machines insured (GV-072, GV-233)",
    "GV-073": "a box with a free slot (slots free again next round, GV-073)",
    "GV-074": "the next planning phase: each action may be chosen twice per phase (GV-074)",
    "GV-111": "a Loan placement first: with 0 gold it must be your first placement (GV-109, GV-111)",
    # lake placements
    "GV-170": "an undrained lake tile to explore (GV-170)",
    "GV-171": "a tile nobody explores this round, or the next round (GV-171)",
    "GV-172": "the workers and machines the tile requires in your camp (GV-172, GV-071)",
    "GV-173": "a Pump Upgrade to level 2 (GV-132, GV-173)",
    "GV-175": "a source next to the tile: one of your pump's two shore tiles, or a drained tile of yours adjacent "
    "to it (GV-175)",
    "GV-176": "the next round: a tile explored this round is a source once it has drained (GV-176)",
    "GV-200": "a drained tile owned only by other players to cross (GV-200)",
    "GV-201": "a source next to the crossed tile: your pump's shore tile or a drained tile of yours (GV-201)",
    "GV-204": "gold enough for the rent of every owner of the crossed tile (GV-204)",
    "GV-206": "a target tile adjacent to the crossed tile (GV-206)",
    "GV-233": "insuring at most the machines placed on the tile (GV-233)",
    "GV-250": SABOTAGE_HOW,
    "GV-251": "another player's exploration without a saboteur (GV-251)",
    # action boxes
    "GV-130": "2 workers and 1 machine in your camp (GV-130)",
    "GV-131": "never in this game: with the upgrades placed your camp reaches its highest level (GV-131)",
    "GV-133": "a pump below level 2 and no Pump Upgrade placed this phase: the next planning phase (GV-133)",
    "GV-134": "a damp tile of yours with a re-exploration box, and a machine in your camp (GV-134)",
    "GV-136": "the workers of the Harvest in your camp (GV-136)",
    "GV-137": "the Pioneer's worker in your camp (GV-137)",
    "GV-139": "fewer than 2 of your workers in the Commerce box: they leave it when the box resolves (GV-139)",
    "GV-141": "a worker in your camp (GV-141)",
    "GV-144": "never in this game: with the Loans placed your loan track reaches its end (GV-144)",
    "GV-623": "a free slot of that Commerce good (slots free again next round, GV-623)",
    # La Balsa
    "GV-770": "never in this game: La Balsa is not in play (option LA_BALSA, GV-770)",
    "GV-772": "a phase-1 shore tile within reach of your pump, during setup (GV-772)",
    "GV-773": "a shore tile that holds no balsa (GV-773)",
    "GV-774": "2 workers in your camp (GV-774)",
    "GV-775": "the next round, while your balsa is not destroyed (GV-775)",
    "GV-778": "an adjacent undrained tile, while your activated balsa moves (GV-778)",
    "GV-780": "another way round the protected balsa (GV-780)",
    "GV-782": "an undrained adjacent tile without a balsa, when your balsa is pushed (GV-782)",
    "GV-783": "a step onto a balsa that has somewhere to be pushed (GV-783)",
    "GV-785": "your activated balsa's move, then its act (GV-785)",
    "GV-786": "2 emeralds and an undrained tile next to your balsa (GV-786)",
    "GV-787": "never in this game: the centre tile is never inspected (GV-787)",
    "GV-788": "2 emeralds in your stock (GV-788)",
    "GV-789": "your balsa off the centre tile (GV-789)",
    "GV-798": "a round in which your balsa's tile is not being explored (GV-798)",
    # the other decisions
    "GV-102": "a head explorer of yours on that tile (GV-102)",
    "GV-103": "the start of planning with no worker in camp and no head explorer (GV-103)",
    "GV-395": "one of your head explorers on the joined tile or your tiles next to it (GV-395)",
    "GV-396": "an empty camp at the start of planning (GV-101), or two of your paths joining (GV-395)",
    "GV-420": "a saboteur of yours on a tile about to flip (GV-420)",
    "GV-601": "the Pioneer box resolving with your worker on it (GV-601)",
    "GV-602": "4 emeralds (or 1 gold) of yours and, for emeralds, 4 in the shared supply (GV-602)",
}
# what opens a choice of another decision than the one asked now, by its kind (else its rule's ``OPENS``)
ASKED_OPENS: dict[str, str] = {
    "keep": "two of your head explorers' paths joining (GV-395)",
    "step": "your balsa's activation (GV-774), then its move in the execution phase (GV-778)",
    "stop": "your balsa's activation (GV-774), then its move in the execution phase (GV-778)",
    "push": "another player's balsa pushing yours (GV-782)",
}


def _sabotage_box(st: GuatavitaState, tb: Tables, params: Params, action_id: str) -> IllegalAction:
    """GV-250: the Sabotage box is not where a sabotage is chosen; the hex of the exploration is. Why none is
    possible now, where none is."""
    seat = st.decision.seat if st.decision is not None else 0
    found = [
        sabotage_refusal(st, tb, params, seat, Move("sabotage", t))
        for t in range(len(tb.names))
        if lake.exploration_at(st, t) is not None
    ]
    if not found:
        why = "; nobody is exploring a tile this round"
    elif any(f is None for f in found):
        why = "; a sabotage is open now: its hex is highlighted"
    else:
        why = f"; none is open now: {next(f for f in found if f is not None).why}"
    return IllegalAction(
        "a sabotage is placed on the tile of the exploration it sabotages, not on this box" + why,
        rule="GV-250",
        action=action_id,
        opens=SABOTAGE_HOW,
    )


# words of the ids that name one position, and the kind of their move
ONE_POSITION: dict[tuple[str, ...], str] = {
    ("sabotage",): "sabotage",
    ("reexplore",): "reexplore",
    ("inspect",): "inspect",
    ("balsa", "step"): "step",
    ("push", "balsa"): "push",
    ("return", "he"): "return_he",
    ("balsa", "start"): "balsa_start",
}


def parse(tb: Tables, params: Params, action_id: str) -> Move | None:
    """The move an id asks for: an id of the action space, or one of the same form that the game never offers
    (``inspect C``, ``explore M00 via S03 from S02``), so that its refusal can name the rule; None for text that is
    no Guatavita action at all."""
    move = action_moves(tb, params).get(action_id)
    if move is not None:
        return move
    words = action_id.split()
    if not words or " ".join(words) != action_id:
        return None
    place = tb.index.get(words[-1])
    if place is not None and tuple(words[:-1]) in ONE_POSITION:
        return Move(ONE_POSITION[tuple(words[:-1])], place)
    return _lake_move(tb, words)


NOWHERE = -2  # a word that names no position


def _lake_move(tb: Tables, words: list[str]) -> Move | None:
    """``explore T [via R] from S [insure n]`` or ``cross R from S``: positions of the lake (S may be the pump),
    n of 1 or more written as the ids write it."""
    kind, rest = words[0], words[1:]
    if kind not in ("explore", "cross") or len(rest) < 3:
        return None
    first, rest = tb.index.get(rest[0], NOWHERE), rest[1:]
    via = -1
    if kind == "explore" and rest[0] == "via" and len(rest) >= 4:
        via, rest = tb.index.get(rest[1], NOWHERE), rest[2:]
    if rest[0] != "from":
        return None
    source, rest = (PUMP if rest[1] == "pump" else tb.index.get(rest[1], NOWHERE)), rest[2:]
    insure = 0
    if kind == "explore" and len(rest) == 2 and rest[0] == "insure" and rest[1].isdigit() and rest[1][0] != "0":
        insure, rest = int(rest[1]), []
    if rest or NOWHERE in (first, via, source):
        return None
    return Move(kind, first, via, source, insure) if kind == "explore" else Move(kind, first, source=source)
