"""Accounts in the browser (issue 26): a guest registers in one browser context and creates a table; a second
context logs in to the same account and finds that table in "My tables"; logging out there leaves it a visitor. On
SQLite and (in CI) PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server
from playwright.sync_api import Browser, expect
from table_ui import account_form, new_table, set_name

PASSWORD = "a long browser password"


@pytest.fixture
def server(each_db: str, tmp_path: Path) -> Iterator[Server]:
    """This module's own server, on each database (the accounts live in it)."""
    srv = Server(each_db, tmp_path).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_register_create_a_table_and_find_it_from_a_second_context(browser: Browser, server: Server) -> None:
    one = browser.new_context(viewport={"width": 1400, "height": 900})
    two = browser.new_context(viewport={"width": 1400, "height": 900})
    ana, there = one.new_page(), two.new_page()
    errors: list[str] = []
    for p in (ana, there):
        p.on("pageerror", lambda e: errors.append(str(e)))
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
    cookie = next(c for c in two.cookies() if c["name"] == "tawa_guest")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"

    there.get_by_test_id("logout").click()
    expect(there.get_by_test_id("register")).to_be_visible()
    expect(there.get_by_test_id("my-tables")).to_contain_text("none yet")
    ana.reload()
    expect(ana.get_by_test_id("my-username")).to_have_text("ana_browser")  # logging out elsewhere kept this one
    assert errors == []
    one.close()
    two.close()
