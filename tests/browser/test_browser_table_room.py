"""The table room in the browser (issue 25): a take-back offered after my own move and seen by the other player, the
chat (shown as text, never markup; a seat muted in this browser; spectators' lines apart) and a resignation that
ends a 2-player game for both pages, by real clicks in Chromium, on SQLite and (in CI) PostgreSQL."""

from __future__ import annotations

import re

from harness import Server
from playwright.sync_api import Browser, expect
from table_ui import DESKTOP, Played, invite_in, new_table, people, play_one, set_name

MARKUP = "<b>bold</b> & <img src=x onerror=alert(1)>"


def test_take_back_chat_and_resign_between_two_people(browser: Browser, db_server: Server) -> None:
    server = db_server
    (ana, bo, spy), errors = people(browser, DESKTOP, DESKTOP, DESKTOP)
    ana.goto(server.url + "/")
    set_name(ana, "Ana")
    new_table(ana, "pachakuna", 2, ["me", "invite"], {"TURN_CAP": "24"})
    invite_in(ana, bo, "Bo")
    table = ana.url.rsplit("/", 1)[1]
    # the seat to act plays one move on the board; then its page offers to take it back, the other's does not
    ana.wait_for_selector("[data-testid=table][data-status=running]")
    first, other = (ana, bo) if ana.get_by_test_id("move-panel").count() else (bo, ana)
    first.wait_for_selector("[data-testid=move-panel][data-busy=no]")
    v0 = int(first.get_by_test_id("table").get_attribute("data-v") or 0)
    play_one(first, Played())
    expect(first.get_by_test_id("table")).to_have_attribute("data-v", str(v0 + 1))
    expect(other.get_by_test_id("table")).to_have_attribute("data-v", str(v0 + 1))
    if first.get_by_test_id("undo").count():  # the move kept the turn: it was the mover's latest decision
        expect(other.get_by_test_id("undo")).to_have_count(0)
        first.get_by_test_id("undo").click()
        notice = first.get_by_test_id("notice")
        first.wait_for_selector("[data-testid=notice]")
        text = notice.inner_text()
        if "took back a decision" in text:  # granted: both pages go back to the position before the move
            expect(other.get_by_test_id("notice")).to_contain_text("took back a decision")
            expect(first.get_by_test_id("table")).to_have_attribute("data-v", str(v0 + 2))
            expect(other.get_by_test_id("table")).to_have_attribute("data-v", str(v0 + 2))
        else:  # refused, naming the rule and what would open it
            assert "[undo]" in text and "what opens it:" in text, text
    # chat: markup is shown as text; a muted seat's lines disappear from this browser only
    spy.goto(server.url + "/")
    set_name(spy, "Kibitz")
    spy.goto(f"{server.url}/table/{table}")
    spy.wait_for_selector("[data-testid=chat]")
    ana.get_by_test_id("say").fill(MARKUP)
    ana.get_by_test_id("say-send").click()
    for page in (ana, bo, spy):
        line = page.locator("[data-testid=chat-lines] li").last
        expect(line).to_contain_text(MARKUP)
        assert line.locator("b img, .chat-text b, .chat-text img").count() == 0
    spy.get_by_test_id("say").fill("spectators only")
    spy.get_by_test_id("say-send").click()
    expect(spy.locator("[data-testid=chat-lines] li").last).to_contain_text("spectators only")
    bo.get_by_test_id("say").fill("hi from Bo")
    bo.get_by_test_id("say-send").click()
    expect(ana.locator("[data-testid=chat-lines] li").last).to_contain_text("hi from Bo")
    assert "spectators only" not in ana.get_by_test_id("chat-lines").inner_text()
    bo.get_by_test_id("mute-0").check()
    expect(bo.get_by_test_id("chat-lines")).not_to_contain_text("bold")
    expect(bo.get_by_test_id("chat-lines")).to_contain_text("hi from Bo")
    bo.reload()  # the mute is kept by this browser
    expect(bo.get_by_test_id("chat-lines")).to_contain_text("hi from Bo")
    expect(bo.get_by_test_id("chat-lines")).not_to_contain_text("bold")
    # Bo resigns (asked twice): both pages show the end, Ana first, Bo "resigned"
    bo.get_by_test_id("resign").click()
    bo.get_by_test_id("resign-yes").click()
    for page in (ana, bo):
        expect(page.get_by_test_id("end-screen")).to_be_visible()
        expect(page.get_by_test_id("notice")).to_contain_text("resigned")
    first_row = ana.locator("[data-testid=end-screen] tbody tr").first
    expect(first_row).to_contain_text("Ana")
    expect(ana.locator("[data-testid=end-screen] tbody tr").last).to_contain_text("resigned")
    expect(ana.get_by_test_id("seat-controls")).to_have_count(0)
    # the replay shows the chat each could read live: Ana (a seat) sees no spectator's line, the spy sees it
    ana.goto(f"{server.url}/replay/{table}")
    expect(ana.get_by_test_id("replay-chat")).to_contain_text("hi from Bo")
    assert "spectators only" not in ana.get_by_test_id("replay-chat").inner_text()
    spy.goto(f"{server.url}/replay/{table}")
    expect(spy.get_by_test_id("replay-chat")).to_contain_text("spectators only")
    # a rematch (issue 26): Bo asks from the end screen and lands at the new table; Ana is offered it and joins; the
    # seats have moved round by one, and the table starts
    ana.goto(f"{server.url}/table/{table}")
    expect(spy.get_by_test_id("rematch")).to_have_count(0)  # a spectator is offered none
    bo.get_by_test_id("rematch").click()
    bo.wait_for_url(re.compile(r"/table/(?!" + re.escape(table) + ")"))
    expect(ana.get_by_test_id("rematch-offer")).to_contain_text("offers a rematch")
    ana.get_by_test_id("rematch").click()
    ana.wait_for_url(bo.url)
    for page in (ana, bo):
        expect(page.get_by_test_id("table")).to_have_attribute("data-status", "running")
        seats = page.get_by_test_id("seats")
        expect(seats.locator("li").nth(0)).to_contain_text("Bo")  # Bo sat at seat 2: now seat 1
        expect(seats.locator("li").nth(1)).to_contain_text("Ana")
    assert errors == []
    for p in (ana, bo, spy):
        p.context.close()
