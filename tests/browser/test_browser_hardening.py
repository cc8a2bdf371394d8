"""In Chromium (issue 23): a seat link opened in a tab that already shows the table takes the seat; every page runs
under the server's strict Content-Security-Policy without a violation; a cross-site page cannot frame the lobby;
the invite code leaves the address bar."""

from __future__ import annotations

import httpx
from harness import Server
from playwright.sync_api import Page, expect


def _table_with_my_seat(server: Server) -> tuple[str, str, str]:
    """A two-person Ayar table of a guest made over REST: its id, the creator's seat link and an invite link."""
    c = httpx.Client(base_url=server.url, timeout=30)
    assert c.post("/api/me", json={"name": "Ana"}).status_code == 200
    made = c.post(
        "/api/tables",
        json={
            "game": "ayar",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "invite"}],
            "options": {"TURNS_PER_ROUND": [1, 1, 1, 1]},
        },
    ).json()
    c.close()
    return made["id"], made["me"]["seat_url"], made["invites"][0]["url"]


def _csp_violations(page: Page) -> list[str]:
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if "Content Security Policy" in m.text else None)
    return seen


def test_a_seat_link_opened_in_a_tab_watching_that_table_takes_the_seat(page: Page, server: Server) -> None:
    violations = _csp_violations(page)
    table, seat_url, _ = _table_with_my_seat(server)
    page.goto(f"{server.url}/table/{table}")
    expect(page.get_by_test_id("status")).to_contain_text("watching")
    page.goto(seat_url)  # the same page, only the fragment differs: no new document
    expect(page.get_by_test_id("status")).not_to_contain_text("watching")
    expect(page.get_by_test_id("seats").locator("li.me")).to_have_count(1)
    assert page.evaluate("location.hash") == ""  # the token left the address bar
    token = seat_url.split("token=", 1)[1]
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('tawa.seats'))['{table}']")
    assert stored == {"seat": 0, "token": token}
    expect(page.get_by_test_id("seat-link")).to_be_visible()
    assert violations == []


def test_every_page_runs_under_the_strict_policy_and_cannot_be_framed(page: Page, server: Server) -> None:
    violations = _csp_violations(page)
    table, _, invite = _table_with_my_seat(server)
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=name-form]")
    page.goto(f"{server.url}/table/{table}")
    page.wait_for_selector("[data-testid=table] .board-svg svg")
    page.goto(invite)
    page.wait_for_selector("[data-testid=join]")
    assert "k=" not in page.url  # the invite code left the address bar
    assert violations == [], violations
    # a page of another origin framing the lobby gets nothing drawn in the frame
    page.goto("about:blank")
    page.set_content(f'<iframe id="f" src="{server.url}/" width="600" height="400"></iframe>')
    page.wait_for_timeout(1500)
    frame = page.frame_locator("#f")
    assert frame.locator("[data-testid=name-form]").count() == 0


def test_the_lobby_shows_each_options_bounds_and_the_servers_refusal(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.fill("input[name=display-name]", "Ana")
    page.click("[data-testid=name-form] button[type=submit]")
    page.select_option("select[name=game]", "guatavita")
    page.click("[data-testid=new-table] details summary")
    expect(page.get_by_test_id("shape-GOLD_CAP")).to_have_text("from 0 to 40")
    page.fill("input[name=opt-GOLD_CAP]", "100000")
    page.click("[data-testid=create]")
    expect(page.get_by_test_id("create-error")).to_contain_text("GOLD_CAP (GV-370): 100000 is out of range")
