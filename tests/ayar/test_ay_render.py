"""Terminal rendering (smoke tests with real checks)."""
from __future__ import annotations

from tawa.games.ayar.testing import new, put_textile, random_playout


def test_render_shows_boards_and_weaving_suns():
    g = new(2)
    put_textile(g, 0, "T03", 1, 1, "e")            # AY-608: one complete Sun above (1,2)
    text = g.render(0)
    for part in ("PATHS", "TEMPLE ROWS", "LAKE BOARD", "PLAYER P1 (you)", "PLAYER P2", "Weaving area", "Pot row",
                 "Maize boxes", "Route", "Viracocha spaces"):
        assert part in text
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "Weaving area" in line) + 1
    assert lines[top].strip().startswith("+--o--+--*--+")      # frame half-sun alone, then a complete Sun
    assert " 03    03 " in lines[top + 1]                       # one tile over two cells, no wall between
    assert "teal" in text and "step 12" in text


def test_render_after_game_and_spectator():
    g = random_playout(new(3, 1), 1)
    text = g.render(None)
    assert "FINAL:" in text and "(you)" not in text


def test_render_texts_for_humans():
    g = random_playout(new(1, 3), 3)
    assert f"Solo result: {g.solo_title()}" in g.render(0)          # AY-515
    g2 = new(2)
    text = g2.render(0)
    assert "at the dock: P1 P2" in text
    assert "V2 0/2 (+1 power on later Pottery and Weaving)" in text
