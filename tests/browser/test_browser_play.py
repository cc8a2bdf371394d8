"""Real clicks in Chromium on the table page around the board: a whole game played through the action list (the
list stays, folded under the board's buttons, for whoever prefers it), and two people at one table over an invite
link see each other's moves, while the one whose turn it is not cannot act."""

from __future__ import annotations

import pytest
from harness import Server
from playwright.sync_api import Browser, Page, expect
from table_ui import Played, Shot, check_end_screen, lobby_table, new_table, play_one, set_name

import tawa


def play_by_list(page: Page, limit: int = 400) -> int:
    """Click the first offered action of the (unfolded) action list whenever it is this seat's turn."""
    clicks = 0
    ready = "[data-testid=end-screen], [data-testid=move-panel][data-busy=no]"
    while clicks < limit:
        page.wait_for_selector(ready, timeout=60_000)
        if page.locator("[data-testid=end-screen]").count():
            return clicks
        folded = page.locator("details.action-list:not([open]) > summary")
        if folded.count():
            folded.click()
        closed = page.locator("details.group:not([open]) summary")
        if not page.locator("ul.actions button.action:visible").count() and closed.count():
            closed.first.click()
        button = page.locator("ul.actions button.action:visible:not([disabled])").first
        v = page.get_by_test_id("table").get_attribute("data-v")
        button.click()
        clicks += 1
        # not wait_for_function: it evaluates its text, which the strict policy forbids (no unsafe-eval)
        expect(page.get_by_test_id("table")).not_to_have_attribute("data-v", v or "", timeout=60_000)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game,players,options", [("ayar", 2, {"TURNS_PER_ROUND": "[1,1,1,1]"})], ids=["ayar"])
def test_one_person_against_bots_through_the_action_list(
    page: Page, server: Server, shot: Shot, game: str, players: int, options: dict[str, str]
) -> None:
    table, errors = lobby_table(page, server.url, game, players, options, "[data-testid=move-panel]")
    shot(page, "server-table")
    assert play_by_list(page) > 0
    check_end_screen(page, server.url, table, game, players)
    shot(page, "server-end")
    assert errors == []


def test_two_people_over_an_invite_link(browser: Browser, server: Server, shot: Shot) -> None:
    ana_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    bo_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ana, bo = ana_ctx.new_page(), bo_ctx.new_page()
    ana.goto(server.url + "/")
    set_name(ana, "Ana <i>&amp;</i>")
    shot(ana, "server-lobby")
    new_table(ana, "ayar", 2, ["me", "invite"], {"TURNS_PER_ROUND": "[1,1,1,1]"})
    invite = ana.get_by_test_id("invite-1").get_attribute("href")
    assert invite and "/join/" in invite and "?k=" in invite
    bo.goto(invite)
    set_name(bo, "Bo")
    bo.get_by_test_id("take-seat").click()
    bo.wait_for_selector("[data-testid=table]")
    ana.get_by_test_id("go-table").click()
    ana.wait_for_selector("[data-testid=move-panel]")
    # the name is shown as text, never as markup
    seat0 = bo.locator("[data-testid=seats] li").first
    expect(seat0).to_contain_text("Ana <i>&amp;</i>")
    assert seat0.locator("i").count() == 0
    # Bo is not to act: no move panel, no targets, a click on the board says whose turn it is, and a move forced
    # over his own socket is refused
    label0 = tawa.new_game("ayar", 2).seat_label(0)
    expect(bo.get_by_test_id("status")).to_contain_text(f"{label0} to act")
    expect(bo.get_by_test_id("waiting")).to_contain_text(label0)
    assert bo.locator("button.action").count() == 0
    assert bo.locator(".board-svg svg .target").count() == 0
    box = bo.locator(".board-svg svg [id=status]").bounding_box()
    assert box
    bo.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(bo.get_by_test_id("notice")).to_contain_text(f"it is {label0}'s turn, not yours")
    table = bo.url.rsplit("/", 1)[1]
    code = bo.evaluate(
        """([table, v]) => new Promise((resolve) => {
        const seat = JSON.parse(localStorage.getItem('tawa.seats'))[table];
        const ws = new WebSocket(`ws://${location.host}/ws/v1`);
        ws.onopen = () => ws.send(JSON.stringify({t: 'join', table, token: seat.token}));
        ws.onmessage = (e) => {
            const m = JSON.parse(e.data);
            if (m.t === 'full') ws.send(JSON.stringify({t: 'move', table, seq: m.v, action: 'marker teal', ack: 1}));
            if (m.t === 'reject') { resolve(m.code); ws.close(); }
        };
    })""",
        [table, 0],
    )
    assert code == "not_your_turn"
    # Ana's moves, made on her board, appear on Bo's page, version by version, and are marked there as changed
    played = Played()
    for _ in range(3):
        v = ana.get_by_test_id("table").get_attribute("data-v")
        ana.wait_for_selector("[data-testid=move-panel][data-busy=no]")
        play_one(ana, played)
        want = str(int(v or 0) + 1)
        expect(ana.get_by_test_id("table")).to_have_attribute("data-v", want)
        expect(bo.get_by_test_id("table")).to_have_attribute("data-v", want)
    assert bo.get_by_test_id("log").inner_text() == ana.get_by_test_id("log").inner_text()
    assert bo.locator(".board-svg svg .changed").count() > 0
    ana_ctx.close()
    bo_ctx.close()
