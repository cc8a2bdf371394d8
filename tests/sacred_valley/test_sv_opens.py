"""What opens a refusal (issue 24): a Warehouse tile or an empty grid clicked when Plant is not offered, or when
the crop has no Technology, names the rule and what would open it; Work offered only at $0 says so; buying a crop
without its Technology warns in the action's text; a part that means no action gets the rule of the turn."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.data import CROPS, VINE


@pytest.mark.rule("SV-101")
def test_a_crop_without_its_technology_says_buy_the_technology() -> None:
    g = T.blank_game(4)
    T.give_tiles(g, 0, ["beans"])
    state = g.to_json()
    for aid in ("plant beans", "plant beans r1c1"):
        err = g.explain_illegal(aid)
        assert err.rule == "SV-101", aid
        assert err.opens and "beans Technology" in err.opens
    assert g.to_json() == state


@pytest.mark.rule("SV-101")
def test_buying_a_crop_without_its_technology_warns() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 4)
    T.act(g, "purchase")
    texts = {a.id: a.text for a in g.legal_actions() if a.id.startswith("buy slot")}
    assert texts
    techs = g.state.techs[0]  # type: ignore[attr-defined]
    warned = 0
    for aid, text in texts.items():
        crop = CROPS.index(text.split()[1])
        needs = crop != VINE and crop not in techs
        assert ("SV-101" in text) == needs, (aid, text)
        warned += needs
    assert warned


@pytest.mark.rule("SV-062")
def test_planting_when_plant_is_not_offered_says_when_it_is() -> None:
    g = T.blank_game(4)
    T.give_tiles(g, 0, ["chili"])
    T.set_coins(g, 0, 4)
    T.act(g, "purchase")
    for aid in ("plant chili", "plant r1c1"):
        err = g.explain_illegal(aid)
        assert err.rule == "SV-062" and err.opens and "regular action" in err.opens


@pytest.mark.rule("SV-090")
def test_an_empty_grid_with_an_empty_warehouse() -> None:
    g = T.blank_game(4)
    g.state.wh[0] = []  # type: ignore[attr-defined]
    err = g.explain_illegal("plant r1c1")
    assert err.rule == "SV-090" and err.opens and "Purchase" in err.opens


@pytest.mark.rule("SV-066")
def test_work_only_at_zero_coins_says_so() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 3)
    err = g.explain_illegal("work")
    assert err.rule == "SV-066" and "$3" in str(err) and err.opens and "$0" in err.opens
    T.set_coins(g, 0, 0)
    assert any(a.id == "work" for a in g.legal_actions())


@pytest.mark.rule("SV-062")
def test_a_part_that_means_no_action_gets_the_rule_of_the_turn() -> None:
    err = T.blank_game(4).explain_place("seat1-coins")
    assert err.rule == "SV-062" and err.opens


@pytest.mark.rule("SV-021")
def test_planting_during_the_crop_choice_is_opened_by_the_first_round() -> None:
    g = tawa.new_game("sacred-valley", 3, 1)
    assert g.state.mode.name == "CROP_CHOICE"  # type: ignore[attr-defined]
    state = g.to_json()
    err = g.explain_illegal("plant r1c1")
    assert err.rule == "SV-062" and err.opens and "SV-021" in err.opens and "first round" in err.opens
    assert g.to_json() == state
