"""The final ranking as players read it: each seat's place, what decided it, and its score breakdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Standing:
    """One seat's line of the final ranking.

    place       1 = first; seats that share a place have the same number
    shared      True when another seat has the same place
    score       the seat's final score (``Game.scores()``)
    decided_by  what separates this seat from the next one down (``"score"``, or the tie-break with its rule
                ID, e.g. ``"SV-592 more coins"``, or the rule that ended the game, e.g. PK-300's win), or why the
                place is shared; ``""`` for the last seat
    breakdown   the score by source (``{"harvest": 7, "technologies": 2}``), in the game's order; may be empty.
                Each value is counted in ``unit``; where ``unit`` is empty each label names what it counts
                ("Sun", "colours held")
    unit        what the score and the breakdown's values are counted in (``"VP"``, ``"coins"``), or ``""``
    tie_break   True when a tie-break (not the score) separated this seat from the next one down: the only
                places whose "decided by" a screen shows, with a shared place and a rule that ended the game
    """

    seat: int
    place: int
    shared: bool
    score: float
    decided_by: str = ""
    breakdown: Mapping[str, float] = field(default_factory=dict)
    unit: str = ""
    tie_break: bool = False

    @property
    def decisive(self) -> str:
        """What a screen shows in its "decided by" column: the tie-break, the shared place or the rule that ended
        the game; ``""`` where the score alone decided (or for the last place)."""
        return "" if self.decided_by in ("", SCORE) else self.decided_by

    def amount(self, value: float) -> str:
        """``9 VP``, ``51`` (no unit): a score or a breakdown value as shown."""
        return f"{value:g}" + (f" {self.unit}" if self.unit else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "place": self.place,
            "shared": self.shared,
            "score": self.score,
            "decided_by": self.decided_by,
            "breakdown": dict(self.breakdown),
            "unit": self.unit,
            "tie_break": self.tie_break,
        }


SCORE = "score"  # the name of the first sort key: the score itself decided, no tie-break


def standings_by_keys(
    scores: Sequence[float],
    keys: Sequence[Sequence[float]],
    names: Sequence[str],
    breakdowns: Sequence[Mapping[str, float]] | None = None,
    unit: str = "",
) -> list[Standing]:
    """Standings from one sort key per seat: ``keys[s]`` is the seat's tuple (score first, then the tie-breaks
    in order; higher is better) and ``names[i]`` says what key ``i`` is (``names[0]`` the score, then
    ``"SV-592 more coins"`` …). Seats with equal keys share a place. ``decided_by`` names the first key that
    separates a seat from the next seat down (``tie_break`` when it is not the score), or says that the place is
    shared after all the tie-breaks. ``unit``: what the scores and breakdowns count. Returned in seat order."""
    n = len(scores)
    order = sorted(range(n), key=lambda s: tuple(-k for k in keys[s]))
    place = [0] * n
    for i, s in enumerate(order):
        place[s] = place[order[i - 1]] if i and tuple(keys[s]) == tuple(keys[order[i - 1]]) else i + 1
    out: list[Standing] = []
    for s in range(n):
        shared = sum(1 for o in range(n) if place[o] == place[s]) > 1
        below = [o for o in order if place[o] > place[s]]
        first = 0
        if shared:
            tied = [names[i] for i in range(1, len(names))]
            decided = "shared: still tied after " + ", ".join(tied) if tied else "shared: equal score"
        elif below:
            nxt = below[0]
            first = next(i for i in range(len(keys[s])) if keys[s][i] != keys[nxt][i])
            decided = names[first] if first else SCORE  # the score alone: no tie-break to name
        else:
            decided = ""
        out.append(
            Standing(
                s,
                place[s],
                shared,
                float(scores[s]),
                decided,
                dict(breakdowns[s]) if breakdowns else {},
                unit,
                first > 0,
            )
        )
    return out
