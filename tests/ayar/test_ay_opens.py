"""What opens a refusal (issue 24): a click on a part of the board that means no action gets the rule of the turn
and what the player can do instead; the game is unchanged."""

from __future__ import annotations

import pytest

import tawa


@pytest.mark.rule("AY-080")
def test_a_part_that_means_no_action_gets_the_rule_of_the_turn() -> None:
    g = tawa.new_game("ayar", 2, 3)
    state = g.to_json()
    err = g.explain_place("status")
    assert err.rule == "AY-080" and err.opens and "highlighted" in err.opens
    assert "[AY-080]" in str(err)
    assert g.to_json() == state
