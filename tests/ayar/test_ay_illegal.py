"""Illegal actions name the rule that forbids them (AY-820..AY-826), and the texts offered describe the move."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.ayar.rules.activities import placement_key
from tawa.games.ayar.state import Phase
from tawa.games.ayar.testing import ids, into_activity, new, play, pot_id, set_market, tile_id


def _why(g, action_id):
    e = g.explain_illegal(action_id)
    return e.rule, str(e)


@pytest.mark.rule("AY-821", "AY-826")
def test_pottery_reasons():
    g = new(2)
    m = [pot_id(g, "red", 1), pot_id(g, "blue", 6), pot_id(g, "green", 2), pot_id(g, "white", 4)]
    set_market(g, m)
    into_activity(g, 0, "P", 2)
    assert ids(g) == ["pot m1", "pot m3"]
    rule, text = _why(g, "pot m2")
    assert rule == "AY-821" and "AY-240" in text and "costs 4" in text
    rule, text = _why(g, "pot facedown")
    assert rule == "AY-821" and "AY-242" in text
    assert _why(g, "pot done")[0] == "AY-156"
    play(g, "pot m1")  # red 2: nothing left to afford, the action ends
    g2 = new(2)
    set_market(g2, m)
    g2.state.pots_out.extend(g2.state.stack)
    g2.state.stack = []
    into_activity(g2, 0, "P", 5)
    play(g2, "pot m1")
    rule, text = _why(g2, "pot m1")  # the slot stays empty until the action ends (AY-251)
    assert rule == "AY-821" and "empty" in text
    assert "AY-252" in _why(g2, "pot facedown")[1]
    with pytest.raises(tawa.IllegalAction) as e:
        g2.apply("pot m9")
    assert e.value.rule == "AY-826"


@pytest.mark.rule("AY-822", "AY-286")
def test_weaving_reasons_and_merged_duplicates():
    g = new(2)
    st = g.state
    t = g.tables
    t01 = tile_id(g, "T01")  # aW bE: symmetric under flip and half-turn
    st.stacks[0].remove(t01)
    st.stacks[0].insert(0, t01)
    into_activity(g, 0, "W", 3)
    assert "AY-280" in _why(g, "textile 4")[1]
    assert _why(g, "weave done")[0] == "AY-156"
    play(g, "textile 1")
    legal = ids(g)
    assert "place r1c1 e" in legal and "place r1c1 e flip" not in legal and "place r1c2 w" not in legal
    for dup in ("place r1c1 e flip", "place r1c2 w"):
        rule, text = _why(g, dup)
        assert rule == "AY-286" and "'place r1c1 e'" in text
        assert placement_key(t, t01, 1, 2, "w", False) == placement_key(t, t01, 1, 1, "e", False)
    rule, text = _why(g, "place r1c6 e")  # leaves the area
    assert rule == "AY-822" and "AY-286" in text
    play(g, "place r1c1 e")
    assert st.players[0].weave[:2] == [8, 2]  # W on (1,1), E on (1,2)
    assert st.phase == Phase.TEXTILE and "textile 2" in ids(g) and "textile 1" not in ids(g)  # a power-1 tile is left
    rule, text = _why(g, "textile 1")
    assert rule == "AY-822" and "AY-281" in text


@pytest.mark.rule("AY-823", "AY-824", "AY-825")
def test_farming_reed_and_token_reasons():
    g = new(2)
    st = g.state
    st.players[0].boxes = [3, 0, 0, 0]
    into_activity(g, 0, "F", 2)
    rule, text = _why(g, "maize a")
    assert rule == "AY-823" and "AY-312" in text
    g2 = new(2)
    st2 = g2.state
    st2.players[1].boat = 4
    into_activity(g2, 0, "R", 4)
    assert "boat 4" not in ids(g2)
    rule, text = _why(g2, "boat 4")
    assert rule == "AY-824" and "AY-352" in text
    rule, text = _why(g2, "boat 6")
    assert rule == "AY-824" and "AY-340" in text and "costs 7" in text
    st2.tok_seat, st2.tok_n = 0, 1
    st2.players[0].bonus[0] = 1
    g2.invalidate_cache()
    rule, text = _why(g2, "token v1")
    assert rule == "AY-825" and "complete" in text


@pytest.mark.rule("AY-808", "AY-806", "AY-809")
def test_offered_texts_describe_the_outcome():
    g = new(2)
    st = g.state
    into_activity(g, 0, "R", 4)
    text = next(a.text for a in g.legal_actions() if a.id == "boat 4")
    assert text == (
        "move your Boat to space 4 (cost 4; Island 1 on space 2, Island 2 on space 4 + Viracocha from Lake A)"
    )
    play(g, "boat 4")
    assert st.players[0].island_at == [2, 4] and st.lake[0] == 1 and st.tok_n == 1
    t17 = tile_id(g, "T17")
    st.stacks[2].remove(t17)
    st.stacks[2].insert(0, t17)
    st.tok_n, st.tok_seat = 0, -1
    into_activity(g, 1, "W", 3)
    assert "take T17 (power 3, half-suns aN aS bN bS, Viracocha) from stack 3" in [a.text for a in g.legal_actions()]
    play(g, "textile 3")
    texts = {a.id: a.text for a in g.legal_actions()}
    assert texts["place r2c3 s"] == "lay T17 on r2c3 + r3c3: half-suns r2c3 EW, r3c3 EW"


@pytest.mark.rule("AY-823")
def test_a_box_name_is_one_letter_a_run_of_letters_or_an_empty_one_is_refused_not_a_crash():
    """The boxes are named by one letter each ("abcd"): "maize ab", "maize " (an empty name) and "maize abcd" were
    taken as substrings of the names and crashed ``explain_illegal`` with a ValueError; they are unknown boxes."""
    g = new(2)
    into_activity(g, 0, "F", 3)
    for aid in ("maize ", "maize ab", "maize abcd", "maize  a", "maize e"):
        why = g.explain_illegal(aid)
        assert isinstance(why, tawa.IllegalAction) and why.rule, aid
        with pytest.raises(tawa.IllegalAction):
            g.apply(aid)
    assert "maize a" in ids(g)  # the one-letter name still works
