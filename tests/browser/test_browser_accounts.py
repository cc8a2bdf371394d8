"""Accounts in the browser (issue 26): a guest registers in one browser context and creates a table; a second
context logs in to the same account and finds that table in "My tables"; logging out there leaves it a visitor. On
SQLite and (in CI) PostgreSQL."""

from __future__ import annotations

from harness import Server
from playwright.sync_api import Browser, expect
from table_ui import DESKTOP, account_form, new_table, people, set_name

PASSWORD = "a long browser password"


def test_register_create_a_table_and_find_it_from_a_second_context(browser: Browser, db_server: Server) -> None:
    server = db_server
    (ana, there), errors = people(browser, DESKTOP, DESKTOP)
    ana.goto(server.url + "/")
    set_name(ana, "Ana")
    account_form(ana, "register", "ana_browser", PASSWORD)
    expect(ana.get_by_test_id("my-username")).to_have_text("ana_browser")
    expect(ana.get_by_test_id("my-name")).to_have_text("ana_browser")  # the display name defaults to the username
    new_table(ana, "ayar", 2, ["me", "invite"], {})
    expect(ana.get_by_test_id("created")).to_be_visible()
    table = ana.get_by_test_id("spectate-link").get_attribute("href").rsplit("/", 1)[1]  # type: ignore[union-attr]

    there.goto(server.url + "/")
    expect(there.get_by_test_id("my-tables")).to_contain_text("none yet")
    account_form(there, "login", "ana_browser", "not the password")
    expect(there.get_by_test_id("account-error")).to_have_text("the username or the password is wrong")
    there.fill("[data-testid=account-form] input[name=password]", PASSWORD)
    there.get_by_test_id("account-submit").click()
    expect(there.get_by_test_id("my-username")).to_have_text("ana_browser")
    expect(there.get_by_test_id("my-tables").get_by_test_id(f"row-{table}")).to_be_visible()
    expect(there.get_by_test_id("my-tables").get_by_test_id(f"row-{table}").get_by_test_id("you-sit")).to_be_visible()
    # the cookie is HttpOnly: the page's script cannot read it
    assert there.evaluate("() => document.cookie") == ""
    cookie = next(c for c in there.context.cookies() if c["name"] == "tawa_guest")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"

    there.get_by_test_id("logout").click()
    expect(there.get_by_test_id("register")).to_be_visible()
    expect(there.get_by_test_id("my-tables")).to_contain_text("none yet")
    ana.reload()
    expect(ana.get_by_test_id("my-username")).to_have_text("ana_browser")  # logging out elsewhere kept this one
    assert errors == []
    for p in (ana, there):
        p.context.close()
