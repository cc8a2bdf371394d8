"""Taking back decisions (issue 25): which of a seat's last decisions may be undone, and undoing them.

A person may take back their own latest decisions as long as nothing came of them that a take-back could not
hide: no other seat acted since (a decision that passed the turn may be taken back until the next seat decides),
no chance event happened (the RNG state is unchanged), and nothing hidden came to light to anyone.

The last test needs no game knowledge: for every seat, a few worlds that seat cannot tell from the true one
(``determinize`` of the position before a decision) play the same decision; if any of them then shows that seat
something else than the true game does (``observation``), the decision revealed a hidden thing (a tile turned, a
card drawn from a deck fixed at setup) and may not be taken back. A decision that one of those worlds refuses
depended on something hidden and cannot be taken back either. Decisions are tested one at a time: when none of
them told anyone anything, neither did all of them together.

The position before the decisions is found by playing the history again from the seed (``tawa.replay``): the
same seed and actions give the same game, so the undone game equals the one that never took those decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tawa.core.errors import IllegalAction
from tawa.core.rng import Rng

if TYPE_CHECKING:
    from tawa.core.game import Game

UNDO_RULE = "undo"
"""The rule a refused take-back names (a digital-only rule of the platform, the same in every game)."""
LOOK_BACK = 64
"""The most decisions a take-back looks at (a turn of any of the four games has fewer)."""
WORLDS = 3
"""Worlds per seat in which the decisions are played again to see whether they revealed anything."""


def _positions(g: Game, back: int) -> list[Game]:
    """Copies of ``g`` before each of its last ``back`` decisions (oldest first), by replay from the seed."""
    from tawa.core.registry import new_game

    r = new_game(g.info.id, g.players, g.seed, g.options)
    start = len(g.history) - back
    out = []
    for i, aid in enumerate(g.history):
        if i >= start:
            out.append(r.clone())
        r.apply(aid)
    return out


def _revealed(before: Game, action: str, after: Game) -> bool:
    """Whether playing ``action`` from ``before`` (giving ``after``) showed some seat something it did not know."""
    for seat in range(before.players):
        seen = after.observation(seat)
        for w in range(WORLDS):
            world = before.determinize(seat, Rng(0x5EED + 7919 * w + seat))
            if action not in {a.id for a in world.legal_actions()}:
                return True
            world.apply(action)
            if world.observation(seat) != seen:
                return True
    return False


def _undoable(g: Game, seat: int) -> tuple[int, list[Game]]:
    """``undoable``'s count, and the positions before the last decisions it looked at (oldest first)."""
    g._check_seat(seat, spectator=False)
    if g.is_over or not g.history:
        return 0, []
    back = min(LOOK_BACK, len(g.history))
    positions = _positions(g, back)
    n = 0
    for k in range(1, back + 1):
        before = positions[back - k]
        if before.current_player != seat or before.rng.state != g.rng.state:
            break
        after = positions[back - k + 1] if k > 1 else g
        if _revealed(before, g.history[len(g.history) - k], after):
            break
        n = k
    return n, positions


def undoable(g: Game, seat: int) -> int:
    """How many of the last decisions ``seat`` may take back now (0: none): the decisions at the end of the history
    that ``seat`` took with no other seat's in between, from which no chance event and no revelation came."""
    return _undoable(g, seat)[0]


def take_back(g: Game, seat: int, count: int = 1) -> Game:
    """The game as it was before ``seat``'s last ``count`` decisions (a new game; ``g`` is unchanged). Raises
    ``IllegalAction`` naming the rule when fewer may be taken back."""
    may, positions = _undoable(g, seat)
    if count < 1 or count > may:
        why = (
            "only the seat's own latest decisions, with no other seat's, no chance event and nothing hidden "
            "revealed since, can be taken back"
        )
        said = f"{count} decision{'s' if count != 1 else ''} cannot be taken back ({may} can)"
        raise IllegalAction(
            f"{said}: {why}",
            rule=UNDO_RULE,
            opens="take back before anything is drawn or revealed and before another player decides",
        )
    return positions[len(positions) - count]
