"""What a player reads (issue 17): one vocabulary and the colours as seat names, round and phase separators in the
log, La Balsa moves that say what they did, the render's named parts within 80 columns, the final ranking with its
tie-breaks and points by source, and the help of an action."""

from __future__ import annotations

import re

import pytest
from gv_games import progress_game

import tawa
from tawa.core.rng import Rng
from tawa.games.guatavita.render import rule_of_kind
from tawa.games.guatavita.testing import act, drain, pass_all, put_balsa, scenario, set_stock
from tawa.lab.playout import random_action


def two(**kw: object) -> tawa.Game:  # red NE (seat 0, Pioneer), blue SW (seat 1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, **kw)


def test_seat_labels_are_the_colours() -> None:
    g = two()
    assert [g.seat_label(s) for s in range(2)] == ["Red", "Blue"]
    with pytest.raises(tawa.BadSeat):
        g.seat_label(2)
    act(g, "harvest 1")
    assert g.log[-1].text.startswith("Red places")
    assert "Waiting for Blue:" in g.render(0) and " Red    [NE] (you)" in g.render(0)


def test_rounds_and_phases_are_separated_in_the_log() -> None:
    g = progress_game(3, 2)
    texts = [e.text for e in g.log]
    rounds = [t for t in texts if t.startswith("=== Round") and "planning" in t]
    executions = [t for t in texts if t.startswith("=== Round") and "execution" in t]
    assert len(rounds) == len(executions) == g.state.round
    assert rounds[0].startswith("=== Round 1: planning phase.") and "holds the Pioneer marker" in rounds[0]
    # each round's separator comes before its placements, each execution separator before its first flip
    first_round = texts.index(rounds[0])
    assert all(i > first_round for i, e in enumerate(g.log) if e.kind in ("explore", "place", "pass"))
    assert texts.index(executions[0]) < next(i for i, e in enumerate(g.log) if e.kind == "flip")
    assert texts[-1].startswith("=== The game ends after round") and "(GV-68" in texts[-1]


@pytest.mark.rule("GV-778", "GV-781", "GV-782")
def test_balsa_moves_say_what_they_did() -> None:
    g = two(balsa=True)
    put_balsa(g, 0, "S02")
    put_balsa(g, 1, "S03")
    act(g, "balsa")
    assert g.log[-1].text == "Red activates their balsa on S02 with 2 workers (it moves in the execution phase)"
    pass_all(g)
    act(g, "balsa step S03", "push balsa S04", "balsa stop")
    texts = [e.text for e in g.log]
    start = texts.index("Red's balsa pushes Blue's balsa from S03 to S04 (Blue's choice)")
    assert texts[start + 1 : start + 3] == [
        "Red's balsa moves from S02 to S03 (step 1 of 2)",
        "Red's balsa ends its move on S03",
    ]


@pytest.mark.rule("GV-776", "GV-785", "GV-788", "GV-796")
def test_balsa_choices_and_losses_in_the_log() -> None:
    g = two(balsa=True)
    put_balsa(g, 0, "I0")
    set_stock(g, 0, emeralds=2)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop", "protect")
    assert (
        "Red puts 2 emeralds on their balsa on I0: exploring I0 needs 1 more machine(s) until it is activated again"
    ) in [e.text for e in g.log]
    pass_all(g)
    act(g, "balsa")  # GV-776
    assert g.log[-1].text.endswith("; the 2 emeralds that protected it go back to the shared supply")
    set_stock(g, 0, emeralds=2)
    pass_all(g)
    act(g, "balsa stop", "balsa nothing")
    assert any(e.text == "Red does nothing more with the balsa on I0" for e in g.log)
    g = two(balsa=True)
    put_balsa(g, 1, "S01")
    act(g, "harvest 1", "balsa", "explore S01 from pump")
    pass_all(g)
    assert any(e.text == "Blue's balsa is destroyed: S01 drained (its 2 workers go back to camp)" for e in g.log)


def test_render_parts_and_the_private_area() -> None:
    g = progress_game(4, 19, steps=150)
    names = [n for n, _ in g.render_parts(3)]
    assert names[:3] == ["header", "lake", "tiles"] and "you" in names and names[-2:] == ["players", "status"]
    assert "you" not in [n for n, _ in g.render_parts(None)]
    assert "you" not in [n for n, _ in progress_game(2, 1, {"balsa": False}, steps=30).render_parts(0)]
    mine = dict(g.render_parts(3))["you"]
    assert mine.startswith("Your inspections (only you see them):")
    spectator = {n: t for n, t in g.render_parts(None) if n not in ("you", "players")}
    for seat in range(4):  # a seat sees what the spectator does, with its own area and "(you)" beside
        assert {n: t for n, t in g.render_parts(seat) if n not in ("you", "players")} == spectator
        you = dict(g.render_parts(seat))["players"]
        assert you.replace(" (you)", "      ") == dict(g.render_parts(None))["players"]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 19)])
def test_compact_form_fits_80_columns_and_the_wide_one_uses_the_room(players: int, seed: int) -> None:
    g = tawa.new_game("guatavita", players, seed, {"balsa": True, "MAX_ROUNDS": 40})
    rng = Rng(seed)
    seen = 0
    while True:
        if rng.below(12) == 0 or g.is_over:
            for seat in (None, *range(players)):
                for width in (None, 80, 99):
                    text = g.render(seat, width)
                    assert max(len(line) for line in text.splitlines()) <= 80, (seat, width)
                wide = g.render(seat, 130)
                assert max(len(line) for line in wide.splitlines()) <= 130
                assert len(wide.splitlines()) < len(g.render(seat, 80).splitlines())  # legend beside the map
            seen += 1
        if g.is_over:
            break
        g.apply(random_action(g, rng, biased=True))
    assert seen > 3


@pytest.mark.rule("GV-750", "GV-751", "GV-752", "GV-753")
def test_standings_name_the_tie_break_and_the_points_by_source() -> None:
    def ended(vp: tuple[int, int], pipes: tuple[int, int], gold: tuple[int, int]) -> tawa.Game:
        """Red and Blue with these VP, lake pipes (on S01 and S10) and gold, at the end of a one-round game."""
        g = two(options={"MAX_ROUNDS": 1})
        for seat, where in enumerate(("S01", "S10")):
            set_stock(g, seat, vp=vp[seat], gold=gold[seat])
            drain(g, where, {seat: pipes[seat]})
        pass_all(g)  # the round cap ends the game after this round (GV-861)
        assert g.is_over
        return g

    table = ended((30, 20), (1, 1), (5, 5)).standings()
    assert [(s.place, s.decided_by) for s in table] == [(1, "score"), (2, "")]
    table = ended((20, 22), (2, 1), (5, 5)).standings()  # equal VP, more pipes in the lake
    assert table[0].score == table[1].score and [(s.place, s.decided_by) for s in table] == [
        (1, "GV-751 more pipes in the lake"),
        (2, ""),
    ]
    g = ended((20, 21), (1, 1), (6, 5))  # equal VP and pipes, more gold
    assert [(s.place, s.decided_by) for s in g.standings()] == [(1, "GV-752 more gold"), (2, "")]
    table = ended((20, 20), (1, 1), (5, 5)).standings()
    assert all(s.place == 1 and s.shared for s in table)
    assert table[0].decided_by == "shared: still tied after GV-751 more pipes in the lake, GV-752 more gold"
    parts = table[0].breakdown
    assert list(parts)[:3] == ["score track", "camp level", "camp majority"] and sum(parts.values()) == table[0].score
    assert table[0].unit == "VP" and table[0].amount(parts["machines"]).endswith(" VP")  # points, not machines
    text = dict(g.render_parts(0))["status"]
    assert "1. Red" in text and "(GV-752 more gold)" in text and re.search(r"Red\s+\d+", text)


def test_help_names_the_rule_and_what_the_action_brings() -> None:
    g = two()
    drain(g, "S02", {0: 1})
    drain(g, "S03", {1: 1}, tile="P1-01")
    texts = {a.id: g.help_text(a) for a in g.legal_actions()}
    assert "[GV-144]" in texts["loan"] and "+4 gold, -5 VP" in texts["loan"]
    assert "Crossing S03 pays 1 gold to Blue and scores 1 VP now" in texts["cross S03 from S02"]
    assert (
        "S04 is a phase-1 tile: its drained side shows 0-2 emeralds, 0-3 gold, 1-4 VP"
        in texts["explore S04 via S03 from S02"]
    )
    assert "You hold the Pioneer marker: +2 food" in texts["harvest 1"]
    g = two(options={"WORKER_PURCHASE": [3, 1, 5]})
    assert rule_of_kind(g.params)["pay"] == ("GV-105", "3 workers from your personal supply for 1 gold or 5 emeralds")


def test_refusals_say_when_a_choice_is_asked() -> None:
    g = two()
    act(g, "pioneer")
    set_stock(g, 0, emeralds=4)
    assert g.explain_illegal("declare gold").rule == "GV-420"  # no saboteur is declaring
    assert g.explain_illegal("exchange none").rule == "GV-601"  # the Pioneer box has not resolved
    assert g.explain_illegal("balsa step S03").rule == "GV-778"
    pass_all(g)
    assert g.state.decision.ask == "exchange"
    assert g.explain_illegal("pass").rule == "GV-070"  # no planning turn now
    assert "on your planning turn" in str(g.explain_illegal("harvest 1"))
