"""Terminal rendering (smoke tests with real checks)."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.ayar.testing import into_activity, new, play, put_textile, random_playout, tile_id
from tawa.lab.playout import random_action


def test_render_shows_boards_and_weaving_suns():
    g = new(2)
    put_textile(g, 0, "T03", 1, 1, "e")  # AY-608: one complete Sun above (1,2)
    text = g.render(0)
    for part in (
        "PATHS",
        "TEMPLE ROWS",
        "LAKE BOARD",
        "PLAYER P1 (you)",
        "PLAYER P2",
        "Weaving area",
        "Pot row",
        "Maize boxes",
        "Route",
        "Viracocha spaces",
    ):
        assert part in text
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "Weaving area" in line) + 1
    assert lines[top].strip().startswith("+--o--+--*--+")  # frame half-sun alone, then a complete Sun
    assert " 03    03 " in lines[top + 1]  # one tile over two cells, no wall between
    assert "teal" in text and "step 12" in text


def test_render_after_game_and_spectator():
    g = random_playout(new(3, 1), 1)
    text = g.render(None)
    assert "FINAL:" in text and "(you)" not in text


def test_render_texts_for_humans():
    g = random_playout(new(1, 3), 3)
    assert f"Solo result: {g.solo_title()}" in g.render(0)  # AY-515
    g2 = new(2)
    text = g2.render(0)
    assert "at the dock: P1 P2" in text
    assert "V2 0/2 (+1 power on later Pottery and Weaving)" in text


def _positions(players: int, seed: int, every: int = 11):
    """Clones of a progress-biased game every ``every`` actions, to its end."""
    g = new(players, seed)
    rng = tawa.Rng(seed)
    out, k = [g.clone()], 0
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
        k += 1
        if k % every == 0 or g.is_over:
            out.append(g.clone())
    return out


def _names(g, seat, width=None):
    return [name for name, _ in g.render_parts(seat, width)]


def test_render_parts_are_named_and_the_seat_has_its_own():
    g = new(3)
    assert _names(g, 1) == ["header", "board", "lake", "P1", "you", "P3"]
    assert _names(g, None) == ["header", "board", "lake", "P1", "P2", "P3"]
    assert _names(new(1), 0) == ["header", "board", "lake", "rival", "you"]
    play(g, "marker teal")
    assert _names(g, 0)[-1] == "turn" and "THIS TURN: P1, teal marker" in g.render(0)
    done = random_playout(new(2, 4), 4)
    assert _names(done, 0)[-1] == "final"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_compact_form_fits_80_columns_and_the_full_form_100(players):
    """Issue 17: below 100 columns nothing is wider than the terminal; the full form stays under 100."""
    for g in _positions(players, players + 20)[::3]:
        for seat in (None, *range(players)):
            for width in (80, 60):
                assert max(len(line) for line in g.render(seat, width).splitlines()) <= width
            assert max(len(line) for line in g.render(seat).splitlines()) < 100
            assert max(len(line) for line in g.render(seat, 120).splitlines()) < 100
    if players == 4:  # a seat's compact view: the others in four lines each (121 lines before)
        assert len(new(4).render(0, 80).splitlines()) < 80 < len(new(4).render(0).splitlines())


def test_a_seats_own_moves_redraw_only_what_they_change():
    """Between two decisions of one turn the other players' parts stay the same text; the header, the board and
    the seat's own board are what change."""
    g = new(2)
    before = dict(g.render_parts(0, 80))
    play(g, "marker gold", "slot c2")  # lays the marker: the Ayar is chosen next
    after = dict(g.render_parts(0, 80))
    assert after["P2"] == before["P2"] and after["lake"] == before["lake"]
    assert after["you"] != before["you"] and after["header"] != before["header"]
    play(g, "ayar purple")  # the Ayar moves: the board changes, P2 still does not
    moved = dict(g.render_parts(0, 80))
    assert moved["board"] != after["board"] and moved["P2"] == after["P2"]


def test_one_vocabulary_for_seats_and_player_counts():
    """Issue 17: "P1" in the prompt as on the board; never "1 players"; the decision in words."""
    g = new(1)
    assert g.seat_label(0) == "P1"
    head = dict(g.render_parts(0))["header"]
    assert "solo against the Rival" in head and "1 players" not in head
    assert "P1 to lay a Step marker" in head
    g3 = new(3)
    assert [g3.seat_label(s) for s in range(3)] == ["P1", "P2", "P3"]
    assert "3 players" in dict(g3.render_parts(None))["header"]
    ev = play(g3, "marker brown", "slot r4")
    assert all("Seat" not in e.text for e in ev) and any(e.text.startswith("P1 lays") for e in ev)


def test_help_names_the_rules_of_the_step():
    g = new(2)
    a = next(a for a in g.legal_actions() if a.id == "marker gold")
    text = g.help_text(a)
    assert text.startswith("lay the gold Step marker") and "AY-090" in text


def test_the_log_says_what_the_textile_menu_said():
    """Issue 17: a placement is logged with the cells and half-sun sides the offered action named, not with the
    direction letter of its id (a half-sun N choice was logged as "e")."""
    g = new(2)
    t03 = tile_id(g, "T03")
    g.state.stacks[0].remove(t03)
    g.state.stacks[0].insert(0, t03)
    into_activity(g, 0, "W", 1)
    play(g, "textile 1")
    offered = next(a for a in g.legal_actions() if a.id == "place r1c1 e")
    assert offered.text == "lay T03 on r1c1 + r1c2: half-suns r1c1 N, r1c2 N"
    (logged,) = [e.text for e in play(g, "place r1c1 e") if e.kind == "textile"]
    assert logged == "P1 lays T03 on r1c1 + r1c2: half-suns r1c1 N, r1c2 N"
