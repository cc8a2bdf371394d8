"""Real clicks in Chromium: for each game, a person creates a table with bots in the lobby, plays it to the
end through the action list, and the end screen's ranking is the engine's; two people at one table over an
invite link see each other's moves, and the one whose turn it is not cannot act."""
from __future__ import annotations

import json

import pytest
from harness import Server
from playwright.sync_api import Browser, Page, expect

import tawa

# short games (the games' own caps as options) and cheap bots, so the suite stays quick on 2 cores
GAMES = [
    ("sacred-valley", 3, {"TURN_CAP_ROUNDS": "3"}),
    ("pachakuna", 2, {"TURN_CAP": "16"}),
    ("ayar", 2, {"TURNS_PER_ROUND": "[1,1,1,1]"}),
    ("guatavita", 2, {"MAX_ROUNDS": "2"}),
]


def set_name(page: Page, name: str) -> None:
    page.fill("input[name=display-name]", name)
    page.click("[data-testid=name-form] button[type=submit]")
    expect(page.get_by_test_id("my-name")).to_have_text(name)


def new_table(page: Page, game: str, players: int, seats: list[str], options: dict[str, str]) -> None:
    page.select_option("select[name=game]", game)
    page.select_option("select[name=players]", str(players))
    for i, kind in enumerate(seats):
        if kind.startswith("spec:"):
            page.select_option(f"select[name=seat-{i}]", "bot:custom")
            page.fill(f"input[name=spec-{i}]", kind[5:])
        else:
            page.select_option(f"select[name=seat-{i}]", kind)
    if options:
        page.click("[data-testid=new-table] details summary")
        for key, value in options.items():
            page.fill(f"input[name=opt-{key}]", value)
    page.click("[data-testid=create]")


def play_to_the_end(page: Page, limit: int = 400) -> int:
    """Click the first offered action whenever it is this seat's turn, until the end screen shows."""
    clicks = 0
    ready = "[data-testid=end-screen], [data-testid=actions] h3:not(:has(span))"
    while clicks < limit:
        page.wait_for_selector(ready, timeout=60_000)
        if page.locator("[data-testid=end-screen]").count():
            return clicks
        closed = page.locator("details.group:not([open]) summary")
        if not page.locator("ul.actions button.action:visible").count() and closed.count():
            closed.first.click()
        button = page.locator("ul.actions button.action:visible:not([disabled])").first
        v = page.get_by_test_id("table").get_attribute("data-v")
        button.click()
        clicks += 1
        page.wait_for_function(f"document.querySelector('[data-testid=table]').dataset.v !== '{v}'",
                               timeout=60_000)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_one_person_against_bots_to_the_end(page: Page, server: Server, shot, game: str, players: int,
                                            options: dict[str, str]) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    set_name(page, "Ana")
    seats = ["me"] + ["spec:progress"] * (players - 1)
    new_table(page, game, players, seats, options)
    page.wait_for_selector("[data-testid=table]")
    table = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("[data-testid=actions]")
    if game == "ayar":
        shot(page, "server-table")
    clicks = play_to_the_end(page)
    assert clicks > 0
    rows = page.locator("[data-testid=end-screen] tbody tr")
    shown = [(int(r.get_attribute("data-seat")), int(r.get_attribute("data-place"))) for r in rows.all()]
    rec = json.loads(page.request.get(f"{server.url}/api/tables/{table}/record").text())
    g = tawa.replay(game, players, rec["seed"], rec["options"], rec["history"])
    assert shown == sorted(((st.seat, st.place) for st in g.standings()), key=lambda x: (x[1], x[0]))
    texts = rows.all_inner_texts()
    for st, text in zip(sorted(g.standings(), key=lambda s: (s.place, s.seat)), texts, strict=True):
        assert g.seat_label(st.seat) in text and f"{st.score:g}" in text.replace(".0", "")
    if game == "ayar":
        shot(page, "server-end")
    assert errors == []


def test_two_people_over_an_invite_link(browser: Browser, server: Server, shot) -> None:
    ana_ctx, bo_ctx = browser.new_context(), browser.new_context()
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
    ana.wait_for_selector("[data-testid=actions]")
    # the name is shown as text, never as markup
    seat0 = bo.locator("[data-testid=seats] li").first
    expect(seat0).to_contain_text("Ana <i>&amp;</i>")
    assert seat0.locator("i").count() == 0
    # Bo is not to act: no actions, and a move forced over his own socket is refused
    expect(bo.get_by_test_id("status")).to_contain_text(f"{tawa.new_game('ayar', 2).seat_label(0)} to act")
    assert bo.locator("button.action").count() == 0
    table = bo.url.rsplit("/", 1)[1]
    code = bo.evaluate("""([table, v]) => new Promise((resolve) => {
        const seat = JSON.parse(localStorage.getItem('tawa.seats'))[table];
        const ws = new WebSocket(`ws://${location.host}/ws/v1`);
        ws.onopen = () => ws.send(JSON.stringify({t: 'join', table, token: seat.token}));
        ws.onmessage = (e) => {
            const m = JSON.parse(e.data);
            if (m.t === 'full') ws.send(JSON.stringify({t: 'move', table, seq: m.v, action: 'marker teal', ack: 1}));
            if (m.t === 'reject') { resolve(m.code); ws.close(); }
        };
    })""", [table, 0])
    assert code == "not_your_turn"
    # Ana's moves appear on Bo's page, version by version
    for _ in range(3):
        v = ana.get_by_test_id("table").get_attribute("data-v")
        ana.locator("ul.actions button.action:visible").first.click()
        want = str(int(v or 0) + 1)
        expect(ana.get_by_test_id("table")).to_have_attribute("data-v", want)
        expect(bo.get_by_test_id("table")).to_have_attribute("data-v", want)
    assert bo.get_by_test_id("log").inner_text() == ana.get_by_test_id("log").inner_text()
    ana_ctx.close()
    bo_ctx.close()
