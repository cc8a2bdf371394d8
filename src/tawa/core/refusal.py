"""Why the rules refuse an action now: one ``Refusal`` for every game (issue 27).

The legal-action generator asks a game's predicates only whether they find a refusal; ``illegal.py`` turns the
first one found into the ``IllegalAction`` a player reads, through ``Refusal.error``, the one conversion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from tawa.core.errors import IllegalAction


class Refusal(NamedTuple):
    """The rule that forbids an action (its spec ID), why, in the players' terms, and what would open it (issue 24)
    where the refusal itself can say; a game's table of openings by rule says it for the others."""

    rule: str
    why: str
    opens: str | None = None

    def error(self, action_id: str, opens_by_rule: Mapping[str, str] | None = None, lead: str = "") -> IllegalAction:
        """The refusal as ``apply`` raises it for ``action_id``: the message is ``lead`` then ``why``; what opens it is
        the refusal's own, else the entry of its rule in ``opens_by_rule`` (a game gives one for every rule it
        names, so a rule without one is a bug: ``KeyError``)."""
        opens = self.opens
        if opens is None and opens_by_rule is not None:
            opens = opens_by_rule[self.rule]
        return IllegalAction(lead + self.why, rule=self.rule, action=action_id, opens=opens)
