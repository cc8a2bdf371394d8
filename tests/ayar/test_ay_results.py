"""The final ranking as players read it (AY-486..AY-490 with each seat's breakdown) and the report's Sun and Moon
by source (every point credited to where it came from, the night's scoring split by its real sources)."""

from __future__ import annotations

import re

import pytest

import tawa
from board_views import NS, by_id, parse, title
from tawa.core.rng import Rng
from tawa.core.svgparts import Memo
from tawa.games.ayar.scoring import SHARED, TIE_BREAKS
from tawa.games.ayar.testing import finished, new
from tawa.lab.playout import random_action
from tawa.terminal.standings import standings_text


@pytest.mark.rule("AY-486", "AY-487", "AY-488", "AY-489", "AY-490")
def test_standings_name_the_tie_break_of_each_place():
    table = finished([(50, 60, 0, 0), (55, 52, 0, 0), (50, 55, 0, 0)]).standings()
    assert [s.place for s in table] == [2, 1, 3]
    # AY-486: 55/52 is ahead on the final score itself, no tie-break; 50/60 ahead of 50/55 on max(Sun, Moon)
    assert table[1].decided_by == TIE_BREAKS[0] == "score" and not table[1].tie_break and table[1].decisive == ""
    assert table[0].decided_by.startswith("AY-487") and table[0].tie_break and table[0].decisive == TIE_BREAKS[1]
    assert table[2].decided_by == ""  # last place: nothing below
    table = finished([(50, 60, 1, 0), (50, 60, 3, 0)]).standings()
    assert [s.place for s in table] == [2, 1] and table[1].decided_by.startswith("AY-488")
    table = finished([(58, 60, 2, 2), (60, 60, 2, 0)]).standings()  # 60/60 each after the Llamas
    assert [s.place for s in table] == [1, 2] and table[0].decided_by.startswith("AY-489")
    table = finished([(50, 60, 2, 1), (50, 60, 2, 1), (10, 10, 0, 0)]).standings()
    assert [(s.place, s.shared) for s in table] == [(1, True), (1, True), (3, False)]
    assert table[0].decided_by == table[1].decided_by == SHARED and SHARED.startswith("AY-490")


@pytest.mark.rule("AY-481", "AY-482", "AY-483", "AY-485")
def test_standings_breakdown_is_sun_and_moon_after_the_llamas_spent():
    table = finished([(90, 97, 0, 5), (90, 97, 0, 9)]).standings()  # AY-618: 95/97 and 98/98
    assert table[0].breakdown == {"Sun": 95, "Moon": 97, "Llamas spent": 5}
    assert table[1].breakdown == {"Sun": 98, "Moon": 98, "Llamas spent": 9}
    assert [s.score for s in table] == [95.0, 98.0] and table[0].unit == ""  # each value names its unit
    during = new(2).standings()  # before the end: the scores so far
    assert [s.breakdown["Sun"] for s in during] == [0, 0] and all(s.shared for s in during)
    assert "Llamas held" in during[0].breakdown


@pytest.mark.rule("AY-481", "AY-483", "AY-485")
def test_the_seat_card_at_the_end_agrees_with_the_ranking():
    """Once the Llamas are spent, each seat's card shows the Sun and Moon the ranking counts (not the values before
    the Llamas were added) and no Llamas left."""
    g = finished([(90, 97, 0, 5), (40, 45, 0, 6)])  # 95/97 and 45/46 after the Llamas
    obs = g.observation(0)
    drawn = Memo().drawing(type(g).board_view.parts(obs), obs).svg()  # in parts, as the server draws it
    assert drawn == type(g).board_svg(obs)
    root = parse(drawn)
    for st in g.standings():
        shown = {
            key: [t.text for t in by_id(root, f"seat{st.seat}-{key}").iter(f"{{{NS['s']}}}text")]
            for key in ("sun", "moon", "llamas")
        }
        assert shown == {"sun": [f"{st.breakdown['Sun']:g}"], "moon": [f"{st.breakdown['Moon']:g}"], "llamas": ["0"]}
        assert min(st.breakdown["Sun"], st.breakdown["Moon"]) == st.score
        assert "spent at the end" in title(by_id(root, f"seat{st.seat}-sun"))


def test_a_result_on_the_score_names_no_tie_break():
    """56 to 51 is decided by the final score: no "decided by AY-486" on the end screen, no "tie-break" in the
    text of `tawa play` and `tawa replay`; the breakdown names what each value counts."""
    g = finished([(56, 60, 0, 0), (51, 55, 0, 0)])
    assert [(s.place, s.decisive, s.tie_break) for s in g.standings()] == [(1, "", False), (2, "", False)]
    text = standings_text(g)
    assert "tie-break" not in text and "AY-486" not in text
    assert "Sun 56, Moon 60, Llamas spent 0" in text


def _played(players: int, seed: int) -> tawa.Game:
    g = new(players, seed)
    rng = Rng(seed)
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
    return g


def _event_sum(g: tawa.Game, kind: str, seat: int, pattern: str) -> int:
    return sum(
        int(m.group(1))
        for e in g.log
        if e.kind == kind and e.text.startswith(f"P{seat + 1} ")
        for m in [re.search(pattern, e.text)]
        if m
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_report_credits_every_point_to_its_source(players):
    """Sun and Moon by source add up to each seat's final Sun and Moon; the night is split into Temples, the
    Dusk's Inti (by activity), Step markers, activities and V5, never one "night" bar."""
    for seed in (3, 8):
        g = _played(players, seed)
        values = g.report_extras()["seat_values"]
        assert set(values) == {"Sun by source", "Moon by source"}
        for s, f in enumerate(g.state.final):
            sun, moon = values["Sun by source"][s], values["Moon by source"][s]
            assert sum(sun.values()) == f.sun and sum(moon.values()) == f.moon
            assert "night" not in sun and "night" not in moon
            temples = _event_sum(g, "temple", s, r"\+(\d+) Sun")
            assert sun.get("Temples", 0) == temples
            dusk = _event_sum(g, "dusk", s, r"\+(\d+) Sun")
            assert sum(v for k, v in sun.items() if k not in ("Temples", "Llamas")) == dusk
            assert sun.get("Llamas", 0) + moon.get("Llamas", 0) == f.llamas
            markers = _event_sum(g, "moon", s, r"markers (\d+)")
            assert moon.get("Step markers", 0) == markers
            assert set(sun) <= {
                "Temples",
                "Llamas",
                "Pottery",
                "Weaving",
                "Farming",
                "Reed",
                "clan bonuses",
                "Viracocha spaces",
            }


def test_report_names_the_activity_of_each_raymi_scoring():
    """The Inti of a Raymi scoring pays Sun at every later Dusk under that tile's activity (AY-217, AY-221)."""
    g = _played(2, 5)
    sun = g.report_extras()["seat_values"]["Sun by source"]
    scored = {e.text.split()[1] for e in g.log if e.kind == "inti"}
    assert scored and {k for row in sun for k in row} & scored
    others = ("Temples", "Llamas", "clan bonuses", "Viracocha spaces")
    assert all(k in scored or k in others for row in sun for k in row)
