"""Ratings and profiles in Chromium (issue 26): two rated tables made with the lobby's "Rated" box and lost by
resigning; the lobby's leaderboard links to the profile, which draws the rating history and links the replays, with
no serious accessibility violation (axe-core)."""

from __future__ import annotations

import re

from harness import Server
from playwright.sync_api import Page, expect
from table_ui import account_form, set_name
from test_browser_axe import axe_violations, grave


def rated_table_resigned(page: Page, base: str) -> str:
    page.goto(base + "/")
    page.select_option("select[name=game]", "ayar")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat-1]", "bot:easy")
    page.click("[data-testid=new-table] details.table-rules summary")
    page.check("input[name=rated]")
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"/table/[\w-]+$"))
    table = page.url.rsplit("/", 1)[1]
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-yes]")
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=60_000)
    return table


def test_the_profile_shows_the_rating_chart_and_the_games(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    set_name(page, "Rita")
    account_form(page, "register", "Rita", "a long enough password")  # rated tables are for registered players
    expect(page.get_by_test_id("my-username")).to_have_text("Rita")
    tables = [rated_table_resigned(page, server.url) for _ in range(2)]
    page.goto(server.url + "/")
    board = page.get_by_test_id("leaderboard")
    link = board.get_by_role("link", name="Rita")
    expect(link).to_be_visible(timeout=30_000)
    expect(board.locator("li", has_text="easy bot")).to_contain_text("2 games, 2 won")
    link.click()
    page.wait_for_url(re.compile(r"/player/[\w-]+$"))
    expect(page.get_by_test_id("profile-name")).to_have_text("Rita")
    expect(page.get_by_test_id("played-ayar")).to_have_text("2 played")
    expect(page.get_by_test_id("won-ayar")).to_have_text("0 won")
    expect(page.get_by_test_id("chart-ayar")).to_be_visible()
    points = page.get_by_test_id("line-ayar").get_attribute("points") or ""
    assert len(points.split()) == 3  # the start and one point per rated game
    ys = [float(p.split(",")[1]) for p in points.split()]
    assert ys[2] > ys[1] > ys[0]  # two losses: the line goes down (SVG's y grows downwards)
    assert grave(axe_violations(page)) == [] and page.locator("h1").count() == 1
    for t in tables:
        expect(page.get_by_test_id(f"recent-{t}")).to_have_attribute("href", f"/replay/{t}")
    page.get_by_test_id(f"recent-{tables[0]}").click()
    page.wait_for_url(re.compile(rf"/replay/{tables[0]}$"))
