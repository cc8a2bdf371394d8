"""The clocks' arithmetic (``tawa.web.clock.Clocks``), row by row: who is charged for each interval of the log, when
the increment comes, what a take-back gives back, and that folding the log in any split gives the same clocks (a
restart folds it all at once, a live room one row at a time)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tawa.web.clock import DAY, PRESETS, Clocks, TimeControl, idle_control, preset
from tawa.web.ledger import RESIGN, RETURN, TIMEOUT, UNDO

FISCHER = TimeControl("t", "fischer", 100.0, 10.0, "bot")
DAYS = TimeControl("d", "days", 1 * DAY, 0.0, "bot")


def clocks(control: TimeControl = FISCHER, players: int = 2, bots: tuple[int, ...] = ()) -> Clocks:
    return Clocks.start(control, players, bots, 0, 1000.0)


def test_each_interval_is_charged_to_the_seat_to_act_and_the_increment_comes_when_the_turn_is_handed_over() -> None:
    c = clocks()
    c.fold(0, "a", 1004.0, 0)  # seat 0 decides in 4 s and is still to act (a turn of several decisions)
    assert c.left == [96.0, 100.0] and c.running == 0
    c.fold(0, "b", 1010.0, 1)  # 6 s more, then the turn goes to seat 1: one increment for the whole turn
    assert c.left == [100.0, 100.0] and c.running == 1
    assert c.left_at(1, 1030.0) == 80.0 and c.left_at(0, 1030.0) == 100.0  # only the running seat's time runs
    assert c.deadline() == 1110.0


def test_a_bot_seat_is_never_charged_nor_is_a_person_seat_a_bot_plays() -> None:
    c = clocks(bots=(1,), players=3)
    c.fold(0, "a", 1005.0, 1)
    assert c.running is None and c.deadline() is None  # the bot's thinking and the bot delay count for nobody
    c.fold(1, "b", 1500.0, 2)
    assert c.left == [105.0, 100.0, 100.0]
    c.fold(2, RESIGN, 1510.0, 2)  # seat 2 resigned while to act: charged up to then, not after
    assert c.left[2] == 90.0 and c.running is None
    c.fold(2, "c", 1900.0, 0)  # the bot's move for seat 2
    assert c.left == [105.0, 100.0, 90.0] and c.running == 0


def test_a_take_back_costs_the_taker_the_time_since_its_decision_and_gives_back_what_the_decision_gave() -> None:
    c = clocks()
    c.fold(0, "a", 1020.0, 1)  # 20 s, handed over: 100 - 20 + 10
    assert c.left == [90.0, 100.0]
    c.fold(0, UNDO, 1027.0, 0)  # seat 1 was to act for 7 s, but the undoer pays them, and loses the increment
    assert c.left == [73.0, 100.0] and c.running == 0


def test_turn_based_time_starts_again_at_each_turn_and_a_take_back_does_not_renew_it() -> None:
    c = clocks(DAYS)
    c.fold(0, "a", 1000.0 + 0.5 * DAY, 0)
    c.fold(0, "b", 1000.0 + 0.75 * DAY, 1)
    assert c.left == [DAY, DAY]  # seat 0's next turn has a whole day again
    c.fold(0, UNDO, 1000.0 + 0.8 * DAY, 0)
    assert c.left[0] == pytest.approx(0.2 * DAY)  # as it was at its decision, less the time since
    assert c.deadline() == pytest.approx(1000.0 + DAY)


def test_a_time_out_leaves_the_seat_at_zero_and_a_return_gives_it_the_grace() -> None:
    c = clocks()
    c.fold(0, TIMEOUT, 1100.0, 0)
    assert c.left[0] == 0.0 and c.running is None  # a bot plays it now
    c.fold(0, "a", 1200.0, 1)
    c.fold(0, RETURN, 1300.0, 1)
    assert c.left[0] == FISCHER.grace == 70.0 and c.running == 1
    assert preset("days3", "end").grace == 3 * DAY


def test_the_presets_and_the_untimed_limit() -> None:
    assert [p.label for p in PRESETS.values()] == [
        "30 min + 30 s a turn",
        "15 min + 15 s a turn",
        "5 min + 5 s a turn",
        "1 day a move",
        "3 days a move",
        "7 days a move",
    ]
    idle = idle_control(14)
    assert idle.base == 14 * DAY and not idle.shown and idle.per_turn
    p = preset("fast", "end")
    assert TimeControl.from_json(p.to_json()) == p


ROW = st.tuples(
    st.integers(0, 2),
    st.sampled_from(["a", "b", UNDO, RESIGN, TIMEOUT, RETURN]),
    st.floats(0, 50, allow_nan=False),
    st.one_of(st.none(), st.integers(0, 2)),
)


@given(st.lists(ROW, max_size=40), st.sampled_from([FISCHER, DAYS]))
def test_no_interval_is_charged_twice_nor_to_a_bot(
    rows: list[tuple[int, str, float, int | None]], c0: TimeControl
) -> None:
    """Whatever the log: the bot seat keeps its time, a deadline exists exactly while a person's time runs, and
    (with no take-back, time-out or return, which set a seat's time) the seats together lost at most the time that
    passed: each interval is charged once, to one seat."""
    c = Clocks.start(c0, 3, (2,), 0, 1000.0)
    at = 1000.0
    for seat, action, gap, to_act in rows:
        at += gap
        c.fold(seat, action, at, to_act)
        assert c.left[2] == c0.base
        assert (c.deadline() is None) == (c.running is None)
    if not any(a in (UNDO, TIMEOUT, RETURN) for _s, a, _g, _t in rows):
        assert sum(c0.base - x for x in c.left) <= at - 1000.0 + 1e-6
