"""Finding people in the browser (issue 26): Ana (desktop) offers a seat to Bea (a phone) by username from the
table page; the invitation appears in Bea's lobby and its button seats her; then each finds the other under
"Players I have played" and by the search, and "My profile" opens one's own profile. On SQLite and (in CI)
PostgreSQL."""

from __future__ import annotations

from harness import Server
from playwright.sync_api import Browser, expect
from table_ui import DESKTOP, PHONE, account_form, new_table, people, set_name

PASSWORD = "a long browser password"


def test_invite_by_username_then_find_each_other(browser: Browser, db_server: Server) -> None:
    server = db_server
    (ana, bea), errors = people(browser, DESKTOP, PHONE)
    for page, name in ((ana, "ana_people"), (bea, "bea_people")):
        page.goto(server.url + "/")
        set_name(page, name)
        account_form(page, "register", name, PASSWORD)
        expect(page.get_by_test_id("my-username")).to_have_text(name)

    new_table(ana, "ayar", 2, ["me", "invite"], {})
    ana.get_by_test_id("go-table").click()
    ana.wait_for_selector("[data-testid=table]")
    table = ana.url.rsplit("/", 1)[1]
    form = ana.get_by_test_id("invite-name-1")
    form.locator("input[name=username]").fill("nobody_here")
    form.locator("button").click()
    expect(ana.get_by_test_id("invited-1")).to_contain_text("no registered player")
    form.locator("input[name=username]").fill("BEA_people")
    form.locator("button").click()
    expect(ana.get_by_test_id("invited-1")).to_have_text("invited: bea_people")

    accept = bea.get_by_test_id("invitations").get_by_test_id(f"accept-{table}")
    expect(accept).to_be_visible(timeout=30_000)  # the lobby reloads its lists every few seconds
    expect(bea.get_by_test_id("invitations")).to_contain_text("by ana_people")
    accept.click()
    bea.get_by_test_id("take-seat").click()
    bea.wait_for_selector("[data-testid=table]")
    expect(ana.get_by_test_id("table")).to_contain_text("bea_people", timeout=30_000)

    bea.goto(server.url + "/")
    expect(bea.get_by_test_id("invitations")).to_have_count(0)
    expect(bea.get_by_test_id("played-with")).to_contain_text("ana_people")
    bea.fill("[data-testid=find-player] input[name=find]", "ANA_p")
    bea.click("[data-testid=find-player] button")
    bea.get_by_test_id("found-ana_people").click()
    expect(bea.get_by_test_id("profile-name")).to_have_text("ana_people")
    bea.go_back()
    bea.get_by_test_id("my-profile").click()
    expect(bea.get_by_test_id("profile-name")).to_have_text("bea_people")
    expect(bea.get_by_test_id("no-games")).to_be_visible()
    width = bea.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width  # nothing widens the phone's page
    # another invitation, which Bea declines from her lobby: it goes, and the seat is kept for nobody
    seats = [{"kind": "me"}, {"kind": "invite", "username": "bea_people"}]
    r = ana.request.post(server.url + "/api/tables", data={"game": "ayar", "players": 2, "seats": seats})
    assert r.status == 201, r.text()
    second = r.json()["id"]
    bea.goto(server.url + "/")
    bea.get_by_test_id(f"decline-{second}").click()
    expect(bea.get_by_test_id("invitations")).to_have_count(0)
    row = ana.request.get(f"{server.url}/api/tables/{second}").json()
    assert [s["invited"] for s in row["seats"]] == [None, None]
    assert errors == []
    for p in (ana, bea):
        p.context.close()
