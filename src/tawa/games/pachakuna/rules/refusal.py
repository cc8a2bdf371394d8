"""Why the rules refuse something: the rule ID and a sentence, shared by the legal-action generator (which only asks
whether there is a refusal) and ``illegal.py`` (which says it)."""
from __future__ import annotations

from typing import NamedTuple


class Refusal(NamedTuple):
    rule: str
    text: str
