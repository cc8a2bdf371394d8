"""The small things a player meets at the table (issue 24, item 5), with real clicks in Chromium: the lobby offers no
seat at a table where I sit already; the tab's title says the page and whose turn it is; each board's status texts
fit their panel at the end of a game (Guatavita's was cut off); the "changed" mark leaves a label inside it readable.
"""

from __future__ import annotations

import io
import re

import pytest
from harness import Server
from PIL import Image
from playwright.sync_api import Browser, Page, expect
from table_ui import READY, set_name

import tawa
from tawa.core.rng import Rng
from tawa.lab.playout import random_action


def test_the_lobby_offers_no_seat_at_a_table_where_i_sit(browser: Browser, server: Server) -> None:
    """Ana's public table with an open seat: her lobby says where she sits and offers no "join as" (a click gave a
    409); Bo's lobby offers the open seat, named as the table names it."""
    ana_ctx, bo_ctx = browser.new_context(), browser.new_context()
    ana, bo = ana_ctx.new_page(), bo_ctx.new_page()
    ana.goto(server.url + "/")
    set_name(ana, "Ana")
    made = ana.request.post(
        f"{server.url}/api/tables",
        data={"game": "pachakuna", "players": 2, "options": {}, "seats": [{"kind": "me"}, {"kind": "invite"}]},
    ).json()
    table = made["id"]
    ana.reload()
    for rows in ("my-tables", "open-tables"):
        row = ana.get_by_test_id(rows).get_by_test_id(f"row-{table}")
        expect(row).to_be_visible()
        expect(row.get_by_test_id("you-sit")).to_have_text("you: White")
        assert row.locator("a.button", has_text="join as").count() == 0
    bo.goto(server.url + "/")
    set_name(bo, "Bo")
    row = bo.get_by_test_id("open-tables").get_by_test_id(f"row-{table}")
    expect(row.get_by_test_id("join-1")).to_have_text("join as Black")
    assert row.get_by_test_id("you-sit").count() == 0
    ana_ctx.close()
    bo_ctx.close()


def test_the_lobby_form_names_the_seats_as_the_table_will(page: Page, server: Server) -> None:
    """The new-table form's rows: the game's own names where the default options fix them (P1.., White/Black), a
    plain number where the setup deals the colour (Guatavita), and the plain number once an option is set."""
    page.goto(server.url + "/")
    set_name(page, "Ana")
    names = page.locator("[data-testid=new-table] .seat-name")
    page.select_option("select[name=game]", "sacred-valley")
    page.select_option("select[name=players]", "4")
    expect(names).to_have_text(["P1", "P2", "P3", "P4"])
    page.select_option("select[name=game]", "pachakuna")
    expect(names).to_have_text(["White", "Black"])
    page.click("[data-testid=new-table] details summary")
    page.select_option("select[name=opt-WHITE_SEAT]", "1")
    expect(names).to_have_text(["Seat 1", "Seat 2"])  # the options may move the names: none is promised
    page.select_option("select[name=game]", "guatavita")
    page.select_option("select[name=players]", "2")
    expect(names).to_have_text(["Seat 1", "Seat 2"])
    expect(page.locator("[data-testid=new-table] .seat-choice").first).to_contain_text("colour dealt at the start")
    # the bots of the form: by strength, with the spec each plays
    expect(page.locator("select[name=seat-1] option[value='bot:normal']")).to_have_text("bot: normal (ismcts)")


def test_the_tab_title_says_the_page_and_whose_turn(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    set_name(page, "Ana")
    expect(page).to_have_title("Lobby · Tawa")
    made = page.request.post(
        f"{server.url}/api/tables",
        data={
            "game": "ayar",
            "players": 2,
            "options": {"TURNS_PER_ROUND": [1, 1, 1, 1]},
            "seats": [{"kind": "me"}, {"kind": "invite"}],
        },
    ).json()
    page.goto(made["me"]["seat_url"])
    expect(page).to_have_title("Waiting for players · Ayar: Children of the Sun · Tawa")
    page.goto(made["invites"][0]["url"])
    expect(page).to_have_title("Invitation to Ayar: Children of the Sun · Tawa")
    # a game of bots: "P1 to act" while it runs, "Game over" at its end, then its replay
    bots = page.request.post(
        f"{server.url}/api/tables",
        data={
            "game": "pachakuna",
            "players": 2,
            "options": {"TURN_CAP": 6},
            "seats": [{"kind": "bot", "bot": "progress"}] * 2,
        },
    ).json()
    page.goto(f"{server.url}/table/{bots['id']}")
    page.wait_for_selector("[data-testid=end-screen]", timeout=90_000)
    expect(page).to_have_title("Game over · P'achakuna · Tawa")
    page.goto(f"{server.url}/replay/{bots['id']}")
    expect(page).to_have_title("Replay: P'achakuna · Tawa")
    # my turn at a table: the title says so (a tab in the background tells whose turn it is)
    mine = page.request.post(
        f"{server.url}/api/tables",
        data={
            "game": "guatavita",
            "players": 2,
            "options": {},
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "progress"}],
        },
    ).json()
    page.goto(mine["me"]["seat_url"])
    page.wait_for_selector(READY, timeout=90_000)
    expect(page).to_have_title(re.compile(r"^(\(1\) Your turn|\w+ to act) · Guatavita · Tawa$"))
    if page.get_by_test_id("move-panel").count():
        expect(page).to_have_title("(1) Your turn · Guatavita · Tawa")  # headed by how many tables wait


def finished_board(game: str, players: int, seed: int) -> str:
    g = tawa.new_game(game, players, seed=seed)
    rng = Rng(seed)
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
    return type(g).board_svg(g.observation(0))


# every text of the board's status group, as drawn, against the status panel (its first rect): how far it runs
# past the panel's right edge (px; 0 or less when it fits)
OVERFLOW_JS = """() => {
  const status = document.querySelector('svg #status');
  const panel = status.querySelector('rect').getBBox();
  return [...status.querySelectorAll('text')].map((t) => {
    const b = t.getBBox();
    return [t.textContent, b.x + b.width - (panel.x + panel.width)];
  });
}"""


@pytest.mark.parametrize("game,players", [("sacred-valley", 3), ("pachakuna", 2), ("ayar", 2), ("guatavita", 2)])
def test_the_status_texts_fit_their_panel_at_the_end(page: Page, game: str, players: int) -> None:
    page.set_content(f"<body style='margin:0;width:1400px'>{finished_board(game, players, 5)}</body>")
    texts = page.evaluate(OVERFLOW_JS)
    assert texts
    over = [(text, round(past, 1)) for text, past in texts if past > 0]
    assert over == [], f"past the status panel's edge: {over}"


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def label_contrast(page: Page, selector: str) -> float:
    """The contrast (WCAG ratio) between a text's ink and the ground right beside its letters, as drawn: the darkest
    pixels of its box (the ink) against the median of the pixels that touch them and are no ink."""
    text = page.locator(selector)
    box = text.bounding_box()
    assert box
    png = page.screenshot(
        clip={"x": box["x"] - 2, "y": box["y"] - 2, "width": box["width"] + 4, "height": box["height"] + 4}
    )
    with Image.open(io.BytesIO(png)) as im:
        w, h = im.size
        raw = im.convert("RGB").tobytes()
        lum = [luminance((raw[i], raw[i + 1], raw[i + 2])) for i in range(0, len(raw), 3)]
    darkest = sorted(lum)[: max(1, len(lum) // 20)]
    ink = sum(darkest) / len(darkest)
    is_ink = [v <= ink + 0.08 for v in lum]

    def touches_ink(x: int, y: int) -> bool:
        return any(
            is_ink[yy * w + xx]
            for yy in range(max(0, y - 1), min(h, y + 2))
            for xx in range(max(0, x - 1), min(w, x + 2))
        )

    beside = sorted(lum[y * w + x] for y in range(h) for x in range(w) if not is_ink[y * w + x] and touches_ink(x, y))
    back = beside[len(beside) // 2]
    return (max(ink, back) + 0.05) / (min(ink, back) + 0.05)


def test_the_changed_mark_leaves_a_label_readable(page: Page, server: Server) -> None:
    """Guatavita's turn order (its label is small muted text): marked as changed, its label keeps its contrast with
    the ground around its letters (the glow lies clear of the shapes, around them, never under the letters)."""
    page.set_viewport_size({"width": 1400, "height": 900})
    assert page.request.post(f"{server.url}/api/me", data={"name": "Ana"}).ok
    made = page.request.post(
        f"{server.url}/api/tables",
        data={"game": "guatavita", "players": 2, "options": {}, "seats": [{"kind": "me"}, {"kind": "invite"}]},
    ).json()
    page.goto(made["me"]["seat_url"])
    page.wait_for_selector("[data-testid=table] .board-svg svg #turn-order")
    label = ".board-svg svg #turn-order text"
    expect(page.locator(label).first).to_have_text("turn order")
    plain = label_contrast(page, f"{label} >> nth=0")
    page.evaluate("() => document.querySelector('.board-svg svg #turn-order').classList.add('changed')")
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
    page.wait_for_timeout(100)
    marked = label_contrast(page, f"{label} >> nth=0")
    assert plain >= 3
    assert marked >= 0.8 * plain, (plain, marked)


def test_a_table_page_loads_its_own_modules_compressed_and_then_from_the_cache(page: Page, server: Server) -> None:
    """Page weight (issue 24): a table page fetches the modules it runs and no other (not the lobby's, the
    invitation's or the replay's), gzipped; loaded again, every one comes from the browser's cache (versioned names,
    cached for a year), so only the page's shell crosses the network."""
    assert page.request.post(f"{server.url}/api/me", data={"name": "Ana"}).ok
    made = page.request.post(
        f"{server.url}/api/tables",
        data={"game": "guatavita", "players": 2, "options": {}, "seats": [{"kind": "me"}, {"kind": "invite"}]},
    ).json()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.clearBrowserCache")
    seen: dict[str, dict[str, object]] = {}
    cdp.on(
        "Network.responseReceived",
        lambda e: seen.setdefault(e["requestId"], {}).update(
            url=e["response"]["url"],
            cached=e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache"),
            headers={k.lower(): v for k, v in e["response"]["headers"].items()},
        ),
    )
    cdp.on("Network.requestServedFromCache", lambda e: seen.setdefault(e["requestId"], {}).update(cached=True))
    cdp.on(
        "Network.loadingFinished", lambda e: seen.setdefault(e["requestId"], {}).update(bytes=e["encodedDataLength"])
    )

    def load(first: bool) -> dict[str, dict[str, object]]:
        seen.clear()
        if first:
            page.goto(made["me"]["seat_url"])
        else:
            page.reload()
        page.wait_for_selector("[data-testid=table] .board-svg svg")
        page.wait_for_timeout(300)
        return {
            str(r["url"]).split("/static/", 1)[1].split("/", 1)[1]: r
            for r in seen.values()
            if "/static/" in str(r.get("url", ""))
        }

    shell = page.request.get(f"{server.url}/table/{made['id']}").text()
    preloaded = re.findall(r'rel="modulepreload" href="/static/[0-9a-f]{12}/([^"]+)"', shell)
    files = load(True)
    modules = sorted(name for name in files if name.endswith(".mjs"))
    # this page is the creator of a waiting table: its invite panel loads invite.mjs (invite by username) on demand;
    # no other table page does
    assert modules == sorted([*preloaded, "invite.mjs"])
    assert "invite.mjs" not in preloaded and int(str(files["invite.mjs"].get("bytes", 0))) < 1_500
    assert not {"lobby.mjs", "join.mjs", "replay.mjs"} & set(modules)
    for name, r in files.items():
        headers = r["headers"]
        assert isinstance(headers, dict)
        assert headers.get("content-encoding") == "gzip", name
        assert "immutable" in headers.get("cache-control", ""), name
    module_bytes = sum(int(str(r.get("bytes", 0))) for name, r in files.items() if name in preloaded)
    # 73.6 kB before (13 modules, nothing compressed); 41.7 kB before the alerts (alerts.mjs, on every page: 5.4 kB)
    assert module_bytes < 48_000, module_bytes
    again = load(False)
    # from the cache: flagged so, or not one byte over the network
    assert all(r.get("cached") or r.get("bytes") == 0 for r in again.values()), again
    network = sum(int(str(r.get("bytes", 0))) for r in seen.values())
    assert network < 6_000, network  # the shell and the REST answers only
