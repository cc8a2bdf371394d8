"""Accessibility measured by axe-core (issue 24, item 9): the lobby, and one table of each game after its board
loaded at my turn (targets marked), have no violation axe rates serious or critical, and their headings are in
order under one level-one heading. Before the fix axe found, on a table, ``aria-prohibited-attr`` on 14-138 board
elements (a name on a plain ``<g>``), 2 ``color-contrast`` nodes (the copy buttons) and ``heading-order``; on the
lobby no level-one heading.

axe-core is vendored (tests/browser/vendor/axe-core: its one file, version and licence). It is evaluated in the
page through Playwright's ``page.evaluate`` (CDP's Runtime.evaluate, which the server's strict Content-Security-Policy
does not govern; a script tag would be refused), so the page is tested under the policy it is served with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from playwright.sync_api import Page
from test_browser_boards import GAMES, open_my_seat

AXE_VERSION = "4.14.1"
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")
ORDER = ("heading-order", "page-has-heading-one")  # moderate in axe, and fixed all the same (issue 24)

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ') + ': '
      + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of the page as it is now."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    assert page.evaluate("axe.version") == AXE_VERSION
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return found


def grave(found: list[dict[str, Any]]) -> list[str]:
    """The serious and critical violations (and those of the headings' order), readable: rule, impact, how many
    nodes, the first few."""
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}: {json.dumps(v['nodes'][:4])}"
        for v in found
        if v["impact"] in GRAVE or v["id"] in ORDER
    ]


def test_the_lobby_has_no_serious_accessibility_violation(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    assert page.request.post(f"{server.url}/api/me", data={"name": "Ana"}).ok
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=new-table]")
    assert grave(axe_violations(page)) == []
    assert page.locator("h1").count() == 1


@pytest.mark.parametrize("game,players,options", [(g, n, o) for g, n, o, _ in GAMES], ids=[g[0] for g in GAMES])
def test_a_table_has_no_serious_accessibility_violation(
    page: Page, server: Server, game: str, players: int, options: dict[str, str]
) -> None:
    open_my_seat(page, server, game, players, {k: json.loads(v) for k, v in options.items()})
    page.wait_for_selector(".board-svg svg .target")
    assert grave(axe_violations(page)) == []
