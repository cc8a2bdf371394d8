"""What opens a refusal (issue 24): the Sabotage box, which is no action of its own, names GV-250 and says that a
sabotage is placed by clicking the hex of the exploration; a click on a part that means no action gets the rule of
the planning turn."""

from __future__ import annotations

import pytest

from tawa.games.guatavita.illegal import SABOTAGE_HOW
from tawa.games.guatavita.testing import act, put_tile, scenario


@pytest.mark.rule("GV-250")
def test_the_sabotage_box_says_where_a_sabotage_is_placed() -> None:
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=0)
    put_tile(g, "S04", "P1-01")
    before = g.to_json()
    err = g.explain_illegal("sabotage")
    assert err.rule == "GV-250" and err.opens == SABOTAGE_HOW and "hex" in err.opens
    assert "nobody is exploring" in str(err)
    act(g, "explore S04 from pump")  # red explores; blue may sabotage it
    err = g.explain_illegal("sabotage")
    assert err.rule == "GV-250" and "highlighted" in str(err)
    assert any(a.id == "sabotage S04" for a in g.legal_actions())
    assert g.to_json() != before  # (the game moved on by the explore, never by an explanation)
    state = g.to_json()
    g.explain_illegal("sabotage")
    assert g.to_json() == state


@pytest.mark.rule("GV-251")
def test_a_second_saboteur_says_what_opens_it() -> None:
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=0)
    put_tile(g, "S04", "P1-01")
    act(g, "explore S04 from pump", "sabotage S04")
    err = g.explain_illegal("sabotage S04")
    assert err.rule == "GV-251" and err.opens


@pytest.mark.rule("GV-070")
def test_a_part_that_means_no_action_gets_the_rule_of_the_turn() -> None:
    g = scenario(2, spots=["NE", "SW"], pioneer=0)
    err = g.explain_place("score-track")
    assert err.rule == "GV-070" and err.opens
