"""Every refusal a player can meet says the rule that keeps the action closed and what would open it (issue 24).

Whole short games of every game are played with progress-biased random moves; at each decision a sample of the ids
of the action space that are not legal now is explained: each names a spec rule ID and a non-empty ``opens``, and
explaining leaves the game exactly as it was. A click on a board part that means no action does the same.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import tawa
from tawa.core.registry import short_games
from tawa.core.rng import Rng
from tawa.lab.playout import random_action

RULE_ID = re.compile(r"(SV|PK|AY|GV)-\d{3}")
SAMPLE = 10_000  # illegal ids explained per decision (all of them, in these short games)
SEEDS = (1, 2, 3)

# the short whole games, and Guatavita once more with La Balsa, whose refusals are their own
GAMES: list[tuple[str, int, dict[str, Any]]] = [*short_games(), ("guatavita", 3, {"MAX_ROUNDS": 2, "balsa": True})]


def assert_opens(err: tawa.IllegalAction, prefix: str, what: str) -> None:
    assert err.rule is not None and RULE_ID.fullmatch(err.rule) and err.rule.startswith(prefix), (what, str(err))
    assert err.opens and err.opens.strip(), (what, err.rule, str(err))


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=[f"{g[0]}-{i}" for i, g in enumerate(GAMES)])
def test_every_refusal_says_what_opens_it(game_id: str, players: int, options: dict[str, Any]) -> None:
    rules_met: set[str] = set()
    for seed in SEEDS:
        game = tawa.new_game(game_id, players, seed, options)
        prefix = game.explain_place("x").rule
        assert prefix is not None
        prefix = prefix[:3]
        rng = Rng(seed)
        space = list(game.action_space.ids)
        while True:
            before = game.to_json()
            legal = {a.id for a in game.legal_actions()} if not game.is_over else set()
            closed = [a for a in space if a not in legal]
            rng.shuffle(closed)
            for aid in closed[:SAMPLE]:
                err = game.explain_illegal(aid)
                assert_opens(err, prefix, aid)
                rules_met.add(err.rule or "")
            assert_opens(game.explain_place("x"), prefix, "board part x")
            assert game.to_json() == before, "explaining changed the game"
            if game.is_over:
                break
            game.apply(random_action(game, rng, biased=True))
    assert len(rules_met) > 3, rules_met
