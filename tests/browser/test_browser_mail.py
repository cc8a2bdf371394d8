"""E-mail in the browser (issue 26), against a real SMTP server (aiosmtpd): a player adds an address in the account
panel and confirms it by the mailed link's page; on a second browser "forgot password?" mails a reset link, whose
page sets a new password and logs that browser in (the first one is logged out). At desktop and phone sizes; the
account panel with its e-mail part and the reset page have no serious axe-core violation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server
from playwright.sync_api import Browser, expect
from smtp_box import Mailbox
from table_ui import DESKTOP, PHONE, account_form, people, set_name
from test_browser_axe import axe_violations, grave

PASSWORD = "a long browser password"
NEW_PASSWORD = "another long password"


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Mailbox]]:
    tmp = tmp_path_factory.mktemp("browser-mail")
    box = Mailbox().start()
    srv = Server(f"sqlite:///{tmp / 'tawa.db'}", Path(tmp), **box.env).start()
    try:
        yield srv, box
    finally:
        srv.stop()
        box.stop()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_add_an_address_then_forgot_password_reset_page_logs_in(
    browser: Browser, mail_server: tuple[Server, Mailbox], size: str
) -> None:
    server, box = mail_server
    viewport = DESKTOP if size == "desktop" else PHONE
    username, address = f"ana_{size}", f"ana.{size}@example.org"
    (ana, other), errors = people(browser, viewport, viewport)
    ana.goto(server.url + "/")
    set_name(ana, "Ana")
    account_form(ana, "register", username, PASSWORD)
    expect(ana.get_by_test_id("my-username")).to_have_text(username)
    ana.get_by_test_id("account-more").click()
    ana.fill("[data-testid=mail-form] input[name=email]", address)
    ana.fill("[data-testid=mail-form] input[name=mail-password]", PASSWORD)
    ana.get_by_test_id("mail-submit").click()
    expect(ana.get_by_test_id("mail-pending")).to_contain_text(address)
    (verify,) = box.wait(address)
    ana.goto(verify.link())
    expect(ana.get_by_test_id("verified")).to_contain_text(address)
    assert "#" not in ana.url  # the token left the address bar
    ana.goto(server.url + "/")
    ana.get_by_test_id("account-more").click()
    expect(ana.get_by_test_id("mail-address")).to_have_text(address)
    expect(ana.get_by_test_id("mail-alerts")).to_be_checked()
    assert grave(axe_violations(ana)) == []

    other.goto(server.url + "/")
    other.get_by_test_id("login").click()
    other.get_by_test_id("forgot").click()
    other.fill("[data-testid=forgot-form] input[name=who]", username)
    other.get_by_test_id("forgot-submit").click()
    expect(other.get_by_test_id("forgot-said")).to_contain_text("on its way")
    reset = box.wait(address, 2)[-1]
    other.goto(reset.link())
    expect(other.get_by_test_id("reset-form")).to_be_visible()
    assert "#" not in other.url
    assert grave(axe_violations(other)) == [] and other.locator("h1").count() == 1
    other.fill("input[name=new-password]", NEW_PASSWORD)
    other.fill("input[name=new-password-again]", NEW_PASSWORD)
    other.get_by_test_id("reset-submit").click()
    expect(other.get_by_test_id("reset-done")).to_contain_text(username)
    other.get_by_test_id("to-lobby").click()
    expect(other.get_by_test_id("my-username")).to_have_text(username)
    ana.reload()
    expect(ana.get_by_test_id("register")).to_be_visible()  # logged out by the new password
    assert errors == []
    assert reset.token() not in server.output() and verify.token() not in server.output()
    for p in (ana, other):
        p.context.close()
