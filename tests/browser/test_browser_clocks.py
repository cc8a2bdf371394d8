"""Clocks in the browser (issue 25), by real clicks in Chromium: the lobby's "Table rules" choose a clock, both
pages show every seat's time with the running one counting down, a seat whose time runs out is marked and played by
a bot until its person clicks "Take my seat back", and the lobby lists the table with its time left. The server's
time is moved forward through its clock offset file (no test waits through a time control)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server
from playwright.sync_api import Browser, Page, expect
from table_ui import DESKTOP, PHONE, invite_in, new_table, people, set_name


@pytest.fixture
def timed(each_db: str, tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """A server with its own clock offset file, on each database."""
    offset = tmp_path / "clock-offset"
    offset.write_text("0")
    srv = Server(each_db, tmp_path, TAWA_CLOCK_OFFSET_FILE=str(offset), TAWA_BOT_DELAY="0.3").start()
    try:
        yield srv, offset
    finally:
        srv.stop()


def clock_of(page: Page, seat: int) -> str:
    return page.get_by_test_id(f"clock-{seat}").inner_text()


def test_a_clock_chosen_in_the_lobby_runs_for_the_seat_to_act_and_a_timed_out_seat_can_be_taken_back(
    browser: Browser, timed: tuple[Server, Path]
) -> None:
    srv, offset = timed
    (ana, bo), errors = people(browser, DESKTOP, PHONE)  # Bo plays on a phone
    ana.goto(srv.url + "/")
    set_name(ana, "Ana")
    new_table(ana, "pachakuna", 2, ["me", "invite"], {"TURN_CAP": "24"}, {"clock": "fast", "on_timeout": "bot"})
    invite_in(ana, bo, "Bo")
    for page in (ana, bo):
        page.wait_for_selector("[data-testid=table][data-status=running]")
    for page in (ana, bo):
        expect(page.get_by_test_id("clock-rule")).to_contain_text("5 min + 5 s a turn")
        expect(page.get_by_test_id("clock-rule")).to_contain_text("a bot plays the seat")
    late_page, late = (ana, 0) if ana.get_by_test_id("move-panel").count() else (bo, 1)
    other_page = bo if late_page is ana else ana
    for page in (ana, bo):  # both clocks shown; the seat to act's runs, the other's stands at 5:00
        expect(page.get_by_test_id(f"clock-{late}")).to_have_class(re.compile(r"\brunning\b"))
        expect(page.get_by_test_id(f"clock-{1 - late}")).to_have_text("5:00")
    first = clock_of(late_page, late)
    expect(late_page.get_by_test_id(f"clock-{late}")).not_to_have_text(first, timeout=15_000)  # it counts down
    # the seat to act walks away for five minutes: both pages see it timed out and played by a bot
    offset.write_text("301")
    for page in (ana, bo):
        expect(page.get_by_test_id(f"out-{late}")).to_have_text("timed out: a bot plays", timeout=30_000)
    expect(late_page.get_by_test_id("notice")).to_contain_text("ran out of time")
    expect(late_page.get_by_test_id("come-back")).to_be_visible()
    expect(other_page.get_by_test_id("come-back")).to_have_count(0)
    late_page.get_by_test_id("return").click()
    for page in (ana, bo):
        expect(page.get_by_test_id(f"out-{late}")).to_have_count(0, timeout=30_000)
    expect(late_page.get_by_test_id("notice")).to_contain_text("is back")
    expect(late_page.get_by_test_id("come-back")).to_have_count(0)
    # the lobby lists the table with its clock: the time left to the seat to act (a person's)
    ana.goto(srv.url + "/")
    row = ana.locator("[data-testid=my-tables] li.table-row").first
    expect(row.locator(".time-left")).to_contain_text("left")
    assert errors == []
    for p in (ana, bo):
        p.context.close()
