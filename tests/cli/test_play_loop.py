"""The terminal play loop driven with scripted input: hot-seat hand-over, no line shown twice, redrawing only
what changed, the terminal's width, quitting, and the final ranking."""

from __future__ import annotations

import re

import pytest
from script import CLEAR, Script, answers

import tawa
from tawa.terminal.loop import Quit, play_game, quit_text
from tawa.terminal.standings import standings_text

EVENT = re.compile(r"^  · (.*)$")


def _events_shown(lines: list[str]) -> list[str]:
    return [m.group(1) for line in lines if (m := EVENT.match(line))]


def test_hot_seat_clears_the_screen_and_waits_before_each_private_view() -> None:
    g = tawa.new_game("toy-parts", 3, seed=2)
    sc = Script(answers())
    play_game(g, ["human", "human", "random"], 2, **sc.kwargs())  # type: ignore[arg-type]
    assert g.is_over
    screens = sc.screens()
    assert len(screens) > 5  # one clear per hand-over: North <-> East, every round
    assert screens[0][0] == "North to play: pass the keyboard to North (the others look away)."  # from the start
    for screen in screens:
        # the first thing on a fresh screen asks the next player to take the keyboard, before any hand is shown
        who = re.match(r"(\w+) to play: pass the keyboard to \1", screen[0])
        assert who, screen[:2]
        assert screen[1].startswith(f"? {who.group(1)}, press Enter")
        hands = {h for line in screen if (h := re.match(r"(\w+)'s hand", line))}
        assert {h.group(1) for h in hands} <= {who.group(1)}, "another player's hand is on this screen"


def test_no_log_line_is_shown_twice_on_one_screen() -> None:
    for seats in (["human", "human", "random"], ["human", "random", "random"], ["human", "human", "human"]):
        g = tawa.new_game("toy-parts", 3, seed=5)
        sc = Script(answers())
        play_game(g, seats, 5, **sc.kwargs())  # type: ignore[arg-type]
        for screen in sc.screens():
            shown = _events_shown(screen)
            assert len(shown) == len(set(shown)), [t for t in shown if shown.count(t) > 1]
        every = [e.text for e in g.log]
        assert len(every) == len(set(every))  # the test game's lines are unique, so the check above is exact
        if seats.count("human") == 1:  # one human: every line it may see is shown once, none missing
            seen = _events_shown(sc.screens()[0])
            assert sorted(seen) == sorted(e.text for e in g.events_for(0))
            assert CLEAR not in sc.shown


def test_between_two_decisions_of_one_turn_only_the_changed_parts_are_drawn() -> None:
    g = tawa.new_game("toy-parts", 2, seed=3)
    sc = Script(answers("1", "board", "1", "q", "y"))
    with pytest.raises(Quit):
        play_game(g, ["human", "random"], 3, **sc.kwargs())  # type: ignore[arg-type]
    text = sc.shown
    prompts = [i for i, t in enumerate(text) if t.startswith("? North, your choice")]
    first, second, third = prompts[0], prompts[1], prompts[2]
    before_first = "\n".join(text[:first])
    assert "Toy Parts, North to act" in before_first and "North's hand" in before_first
    between = "\n".join(text[first + 1 : second])  # after playing a card: the same turn, the second decision
    assert "North plays" in between
    assert "Toy Parts, North to act" not in between  # the header did not change
    assert "scores: North" in between and "North's hand" in between  # these did
    after_board = "\n".join(text[second + 1 : third])  # `board` draws every part
    assert "Toy Parts, North to act" in after_board and "deck:" in after_board and "North's hand" in after_board


def test_the_board_is_fitted_to_the_terminal_width() -> None:
    for width, marker in ((50, "sc North"), (100, "scores: North")):
        g = tawa.new_game("toy-parts", 2, seed=3)
        sc = Script(answers(), width=width)
        play_game(g, ["human", "random"], 3, **sc.kwargs())  # type: ignore[arg-type]
        shown = "\n".join(sc.shown)
        assert marker in shown
        assert ("scores: North" in shown) is (width >= 60)


def test_quit_is_confirmed_and_tells_the_last_lines_of_the_seats_own_log() -> None:
    g = tawa.new_game("toy-parts", 2, seed=4)
    sc = Script(answers("", "q", "n", "1", "1", "", "quit", "y"))  # "": North, then East, takes the keyboard
    with pytest.raises(Quit) as left:
        play_game(g, ["human", "human"], 4, **sc.kwargs())  # type: ignore[arg-type]
    assert any(t.startswith("? Leave the game?") for t in sc.shown)
    assert left.value.seat == 1 and not left.value.ended and len(g.history) == 2
    text = quit_text(g, 1)
    assert "after 2 moves" in text
    assert "North plays" in text and "North ends the turn" in text
    assert "North, you draw" not in text  # North's private draw is not East's to read
    assert "before any move" in quit_text(tawa.new_game("toy-parts", 2, seed=4), 0)


def test_input_ending_leaves_at_once() -> None:
    g = tawa.new_game("toy-parts", 2, seed=4)
    sc = Script(answers(), limit=1)  # one answer, then end of input
    with pytest.raises(Quit) as left:
        play_game(g, ["human", "random"], 4, **sc.kwargs())  # type: ignore[arg-type]
    assert left.value.ended and left.value.seat == 0


def test_the_end_shows_the_standings_with_tie_breaks_and_breakdown() -> None:
    g = tawa.new_game("toy-parts", 3, seed=1)
    sc = Script(answers())
    play_game(g, ["human", "random", "random"], 1, **sc.kwargs())  # type: ignore[arg-type]
    end = "\n".join(sc.shown[-1:])
    assert end.startswith("Final ranking:")
    assert "decided by" in end and "score by source" in end and "cards " in end
    # a tie on points broken by TP-003, and a place shared after every tie-break
    g.state.scores = [9, 9, 9]
    g.state.best = [6, 5, 5]
    text = standings_text(g)
    lines = text.splitlines()[2:]
    assert lines[0].split()[:2] == ["1", "North"] and "tie-break: TP-003 highest card played" in lines[0]
    assert "2 (shared)" in lines[1] and "shared: still tied after TP-003 highest card played" in lines[1]
    assert "cards 9, bonus 0" in lines[2]
    narrow = standings_text(g, width=60).splitlines()  # the breakdown moves to its own line
    assert narrow.count("      cards 9, bonus 0") == 3 and not [x for x in narrow if "North" in x and "cards" in x]


def test_bots_alone_count_turns() -> None:
    g = tawa.new_game("toy-parts", 2, seed=1)
    seen: list[tuple[int, int]] = []
    play_game(g, ["random", "random"], 1, input, lambda t: None, on_progress=lambda t, a: seen.append((t, a)))
    assert g.is_over and seen[-1][1] == len(g.history)
    assert seen[-1][0] == len(g.history) // 2  # two decisions a turn
    assert [t for t, _ in seen] == sorted(t for t, _ in seen)


def test_q_at_the_hand_over_leaves_after_asking() -> None:
    g = tawa.new_game("toy-parts", 2, seed=4)
    sc = Script(answers("", "1", "1", "q", "n", "", "q", "y"))  # North's turn, then East: q, no; Enter; q, yes
    with pytest.raises(Quit) as left:
        play_game(g, ["human", "human"], 4, **sc.kwargs())  # type: ignore[arg-type]
    assert left.value.seat == 1 and len(g.history) == 2
    asked = [t for t in sc.shown if t.startswith("? ")][1:]  # after North's hand-over
    assert asked[2:] == [
        "? East, press Enter when you are ready (q: leave the game): ",
        "? Leave the game? [y/N] ",
        "? East, press Enter when you are ready (q: leave the game): ",
        *asked[5:],
    ]
    assert asked[5] == "? East, your choice (? for help): " and asked[6] == "? Leave the game? [y/N] "
