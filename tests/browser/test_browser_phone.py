"""The table on a phone (issue 24): 390x844, a touch screen, real taps in Chromium. For each game a person plays 20
decisions by taps on the board, its choosers and the panel's buttons; each thing tapped was on the screen and not
covered (what the browser finds at the point tapped is that element or a part of it, or a piece of the board lying on
it: never the sticky panel or anything else of the page), and a target too small for a finger (under 24 px) was
zoomed to by a first tap before the tap that used it. The board zooms and pans by pinch and by its buttons; the
panel folds; a chooser's options are never under the panel."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from harness import Server
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from table_ui import READY, Shot, legal_actions, target_actions

from tawa.core.registry import short_games

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
MIN_TARGET = 24  # px: the least size of a target at the moment it is tapped to be used
GAMES = [(game, players, {}) for game, players, _ in short_games()]  # every registered game, uncapped
DECISIONS = 20

# The point of `el` to tap, and what lies there: [x, y, how] where how is "own" (the topmost element at the point is
# `el` or inside it), "piece" (a piece of the board lies on `el` there, and the board's click resolution, the nearest
# target under the pointer, is `el`) or null when no point of `el` on the screen is either (it is covered by the
# page). The middle of `el` first, then points around it, on whole pixels as a finger's tap reports them.
AIM_JS = """(el) => {
  const svg = el.ownerSVGElement;
  const r = el.getBoundingClientRect();
  const pts = [[.5, .5]];
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) pts.push([i / 8, j / 8]);
  pts.sort((a, b) => Math.hypot(a[0] - .5, a[1] - .5) - Math.hypot(b[0] - .5, b[1] - .5));
  const nearest = (x, y) => {
    for (const h of document.elementsFromPoint(x, y)) {
      for (let a = h; a && a !== svg; a = a.parentElement) if (a.classList && a.classList.contains('target')) return a;
    }
    return null;
  };
  let piece = null;
  for (const [fx, fy] of pts) {
    const x = Math.round(r.left + r.width * fx), y = Math.round(r.top + r.height * fy);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    if (!top || !svg.contains(top)) continue;                      // the page (the panel, a notice) is on top
    if ((top === el || el.contains(top)) && nearest(x, y) === el) return [x, y, 'own'];
    if (!piece && nearest(x, y) === el) piece = [x, y, 'piece'];
  }
  return piece;
}"""

# What lies at the middle of an element: the topmost element (tag, id of it or its nearest ancestor with one, class).
WHAT_JS = """(el) => {
  const r = el.getBoundingClientRect();
  const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
  return document.elementsFromPoint(x, y).slice(0, 4).map((t) => {
    const o = t.closest('[id]');
    return `${t.tagName}#${o ? o.id : ''}.${t.getAttribute('class') || ''}`;
  }).join(' > ') + ` at ${x},${y} of ${innerWidth}x${innerHeight}`;
}"""

# Whether an element of the page (a chooser option, a button) is wholly on the screen and on top at its middle.
ON_TOP_JS = """(el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
    && top !== null && (top === el || el.contains(top));
}"""


@dataclass
class Taps:
    """What playing by taps did: decisions taken, taps that zoomed to a small target first, taps at a point where a
    piece lay on the target, choosers opened, buttons tapped, and the smallest target size met when it was used."""

    decisions: int = 0
    zooms: int = 0
    on_pieces: int = 0
    choosers: int = 0
    buttons: int = 0
    smallest_used: float = float("inf")
    sizes_before: list[float] = field(default_factory=list)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        yield page
    finally:
        ctx.close()


def open_table(page: Page, server: Server, game: str, players: int, options: dict[str, object]) -> str:
    """A table made over REST (the lobby form has its own tests): me at seat 0, cheap bots; its page at my turn."""
    assert page.request.post(f"{server.url}/api/me", data={"name": "Ana"}).ok
    body = {
        "game": game,
        "players": players,
        "options": options,
        "seats": [{"kind": "me"}] + [{"kind": "bot", "bot": "progress"}] * (players - 1),
    }
    made = page.request.post(f"{server.url}/api/tables", data=body)
    assert made.ok, made.text()
    page.goto(made.json()["me"]["seat_url"])
    page.wait_for_selector(READY, timeout=90_000)
    return str(made.json()["id"])


def settle(page: Page) -> None:
    """As a person would: once the pieces of the last move have glided to their places."""
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")


def zoom_of(page: Page) -> float:
    return float(page.locator(".board-area").get_attribute("data-zoom") or 1)


def tap_page_element(page: Page, selector: str) -> None:
    """Tap a control of the page (a chooser's option, a board button) after checking it is on screen and on top."""
    el = page.locator(selector).first
    el.scroll_into_view_if_needed()
    assert el.evaluate(ON_TOP_JS), f"{selector} is off the screen or covered"
    box = el.bounding_box()
    assert box
    page.touchscreen.tap(round(box["x"] + box["width"] / 2), round(box["y"] + box["height"] / 2))


def tap_target(page: Page, ident: str, taps: Taps) -> None:
    """Bring the board element ``ident`` into view (the page scrolls what it shows clear of the panel), zoom to it
    with a first tap when it is too small for a finger, then tap it where the browser finds it."""
    el = page.locator(f'.board-svg svg [id="{ident}"]')
    for attempt in range(4):
        el.evaluate("(e) => e.scrollIntoView({block: 'center', inline: 'center'})")
        settle(page)
        # its size as the page measures it (the client decides from the same numbers whether a tap zooms first)
        box = el.evaluate("(e) => { const r = e.getBoundingClientRect(); return {width: r.width, height: r.height}; }")
        side = min(box["width"], box["height"])
        if attempt == 0:
            taps.sizes_before.append(side)
        aim = el.evaluate(AIM_JS)
        assert aim, f"no point of {ident} is on the screen and uncovered (size {box}): {el.evaluate(WHAT_JS)}"
        x, y, how = aim
        if side >= MIN_TARGET:
            taps.smallest_used = min(taps.smallest_used, side)
            taps.on_pieces += how == "piece"
            page.touchscreen.tap(x, y)
            return
        before = zoom_of(page)  # too small for a finger: this tap zooms there, plays nothing
        v = page.get_by_test_id("table").get_attribute("data-v")
        page.touchscreen.tap(x, y)
        for _ in range(600):  # the zoom grows (polled: no evaluated text under the policy)
            if zoom_of(page) > before:
                break
            page.wait_for_timeout(50)
        assert zoom_of(page) > before
        expect(page.get_by_test_id("zoom-hint")).to_be_visible()
        assert page.get_by_test_id("table").get_attribute("data-v") == v
        taps.zooms += 1
    raise AssertionError(f"{ident} stayed under {MIN_TARGET} px after zooming")


def play_by_taps(page: Page, rng: random.Random, decisions: int, taps: Taps | None = None) -> Taps:
    """Take ``decisions`` decisions by taps (fewer when the game ends first), counted into ``taps``."""
    taps = Taps() if taps is None else taps
    for _ in range(decisions):
        page.wait_for_selector(READY, timeout=90_000)
        if page.locator("[data-testid=end-screen]").count():
            break
        legal = legal_actions(page)
        action = rng.choice(legal)
        v = page.get_by_test_id("table").get_attribute("data-v")
        holder = next(((el, acts) for el, acts in target_actions(page).items() if action in acts), None)
        if holder is None:
            tap_page_element(page, f'[data-testid=board-buttons] button[data-action-id="{action}"]')
            taps.buttons += 1
        else:
            ident, actions = holder
            tap_target(page, ident, taps)
            if len(actions) > 1:
                chooser = page.locator(f'[data-testid=chooser][data-element="{ident}"]')
                expect(chooser.locator("button[data-action-id]")).to_have_count(len(actions))
                tap_page_element(page, f'[data-testid=chooser] button[data-action-id="{action}"]')
                taps.choosers += 1
        try:
            # not wait_for_function: it evaluates its text, which the strict policy forbids (no unsafe-eval)
            expect(page.get_by_test_id("table")).not_to_have_attribute("data-v", v or "", timeout=60_000)
        except (PlaywrightError, AssertionError) as e:
            notice = page.locator("[data-testid=notice]")
            said = notice.inner_text() if notice.count() else "nothing"
            choosers = page.locator("[data-testid=chooser]").count()
            raise AssertionError(
                f"{action!r} (on {holder[0] if holder else 'a button'}) was not played; the page "
                f"said {said!r}; choosers open: {choosers}; zoom {zoom_of(page)}; {taps}"
            ) from e
        taps.decisions += 1
    return taps


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_twenty_decisions_by_taps_on_a_phone(
    phone: Page, server: Server, shot: Shot, game: str, players: int, options: dict[str, object]
) -> None:
    errors: list[str] = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    open_table(phone, server, game, players, options)
    assert phone.evaluate("innerWidth") == 390
    # the board opens fitted to the screen's width
    assert zoom_of(phone) == 1
    board = phone.locator(".board-svg svg").bounding_box()
    assert board and board["width"] <= 390
    rng = random.Random(24)
    taps = play_by_taps(phone, rng, DECISIONS)
    tables = 1
    while taps.decisions < DECISIONS and tables < 3:
        # a game may end first by its own rules (a Guatavita player who decides at random goes bankrupt within 20
        # decisions in about 3% of games against the progress bots, GV-663); the end screen shows, and the taps go on
        # at a new table
        expect(phone.get_by_test_id("end-screen")).to_be_visible()
        open_table(phone, server, game, players, options)
        tables += 1
        play_by_taps(phone, rng, DECISIONS - taps.decisions, taps)
    assert taps.decisions == DECISIONS, f"the games ended after {taps.decisions} decisions at {tables} tables"
    assert taps.smallest_used >= MIN_TARGET
    if min(taps.sizes_before) < MIN_TARGET:  # a target too small at the zoom met: a tap zoomed to it first
        assert taps.zooms > 0
    if game == "ayar":  # its Step markers are 6 px at the opening zoom
        assert min(taps.sizes_before) < MIN_TARGET and taps.zooms > 0
    if game in ("ayar", "guatavita"):  # the docs show these two (README)
        shot(phone, f"phone-{game}")
    assert errors == []


def test_the_board_zooms_by_its_buttons_and_by_pinch(phone: Page, server: Server) -> None:
    open_table(phone, server, "ayar", 2, {})
    v = phone.get_by_test_id("table").get_attribute("data-v")
    level = phone.get_by_test_id("zoom-level")
    expect(level).to_have_text("100%")
    expect(phone.get_by_test_id("zoom-out")).to_be_disabled()
    phone.get_by_test_id("zoom-in").tap()
    expect(level).to_have_text("150%")
    width = phone.locator(".board-svg svg").bounding_box()
    viewport = phone.locator(".board-viewport").bounding_box()
    assert width and viewport and width["width"] > viewport["width"] * 1.4  # wider than the screen: it pans
    phone.locator(".board-viewport").evaluate("(v) => { v.scrollLeft = 120; }")
    assert phone.locator(".board-viewport").evaluate("(v) => v.scrollLeft") == 120
    phone.get_by_test_id("zoom-fit").tap()
    expect(level).to_have_text("100%")
    # two fingers spreading apart over the board: it zooms about the point between them, which stays in place
    # (the same point of the picture under it before and after, as a fraction of the picture's width and height)
    vp = phone.locator(".board-viewport").bounding_box()
    assert vp
    cx, cy = round(vp["x"] + vp["width"] / 2), round(vp["y"] + min(vp["height"], 844 - vp["y"]) / 2)
    where = """([x, y]) => { const r = document.querySelector('.board-svg svg').getBoundingClientRect();
                             return [(x - r.left) / r.width, (y - r.top) / r.height]; }"""
    before = phone.evaluate(where, [cx, cy])
    assert 0 < before[0] < 1 and 0 < before[1] < 1
    cdp = phone.context.new_cdp_session(phone)

    def touch(kind: str, spread: int) -> None:
        points = (
            [] if kind == "touchEnd" else [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        )
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for spread in range(25, 81, 5):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    expect(level).not_to_have_text("100%")
    assert 3.2 <= zoom_of(phone) <= 4.8  # spread 40 px -> 160 px: about four times
    after = phone.evaluate(where, [cx, cy])
    assert abs(after[0] - before[0]) < 0.01 and abs(after[1] - before[1]) < 0.01, (before, after)
    assert phone.get_by_test_id("table").get_attribute("data-v") == v  # a pinch plays nothing


def test_the_panel_folds_and_a_chooser_is_never_under_it(phone: Page, server: Server, shot: Shot) -> None:
    """P'achakuna's rotate step (six orientations of a tile in one chooser, o2 and o3 were under the panel): every
    option is on the screen and on top; the panel folds to its head and unfolds."""
    open_table(phone, server, "pachakuna", 2, {"TURN_CAP": 16})
    v = phone.get_by_test_id("table").get_attribute("data-v")
    panel = phone.get_by_test_id("move-panel")
    cell, actions = next((el, a) for el, a in target_actions(phone).items() if len(a) == 6)
    taps = Taps()
    tap_target(phone, cell, taps)
    chooser = phone.locator(f'[data-testid=chooser][data-element="{cell}"]')
    expect(chooser.locator("button[data-action-id]")).to_have_count(6)
    for action in actions:
        option = chooser.locator(f'button[data-action-id="{action}"]')
        option.scroll_into_view_if_needed()
        assert option.evaluate(ON_TOP_JS), f"option {action} is covered or off the screen"
    shot(phone, "phone-chooser")
    tap_page_element(phone, "[data-testid=chooser-cancel]")
    expect(chooser).to_have_count(0)
    # fold: only the head stays, the board has the screen; unfold: the prompt and the list are back
    full = panel.bounding_box()
    phone.get_by_test_id("panel-toggle").tap()
    expect(panel).to_have_attribute("data-folded", "yes")
    folded = panel.bounding_box()
    assert full and folded and folded["height"] < min(80, full["height"])
    assert panel.locator(".prompt").count() == 0
    padding = phone.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--panel-h')").strip()
    assert abs(float(padding.removesuffix("px")) - folded["height"]) <= 1.5  # what scrolls into view stops above it
    # a decision taken with the panel folded: the board still plays, and the panel stays folded
    tap_target(phone, cell, taps)
    tap_page_element(phone, f'[data-testid=chooser] button[data-action-id="{actions[0]}"]')
    expect(phone.get_by_test_id("table")).not_to_have_attribute("data-v", v or "")
    phone.wait_for_selector(READY, timeout=90_000)
    if phone.get_by_test_id("move-panel").count():
        expect(phone.get_by_test_id("move-panel")).to_have_attribute("data-folded", "yes")
        phone.get_by_test_id("panel-toggle").tap()
        expect(phone.get_by_test_id("move-panel")).to_have_attribute("data-folded", "no")
        expect(phone.get_by_test_id("move-panel").locator("details.action-list")).to_have_count(1)
