"""Driving the browser client in the browser tests: the lobby form, and a table played by clicks on the board only
(issue 18): the board's highlighted targets, the choosers they open, and the buttons of the actions about no
element; never the action list.

Which action to take is read, not clicked: one of the decision's legal actions (the first, or one drawn by a seeded
``random.Random``), from the page's action list. Where it is about a board element, the click goes to a point of
that element where the browser's own hit testing finds it as the nearest target under the pointer, preferring a
point where something else lies on top (a piece over a space, an id'd part inside it), so that it is the client's
click resolution that finds the target."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

import tawa

READY = "[data-testid=end-screen], [data-testid=move-panel][data-busy=no]"
Shot = Callable[[Page, str], None]  # the ``shot`` fixture: a screenshot into docs/img/ when asked for

# A point of `el` (a board target) where the board is on top and the nearest target under the pointer is `el`:
# [x, y, covered], covered when the topmost element there is not `el`'s own drawing (a piece on top, or a part with
# an id of its own).
POINT_JS = """(el) => {
  const svg = el.ownerSVGElement;
  const nearestTarget = (x, y) => {
    for (const h of document.elementsFromPoint(x, y)) {
      for (let a = h; a && a !== svg; a = a.parentElement) if (a.classList && a.classList.contains('target')) return a;
    }
    return null;
  };
  const r = el.getBoundingClientRect();
  let plain = null, covered = null;
  const N = 8, points = [];
  for (let i = 1; i < N; i++) for (let j = 1; j < N; j++) points.push([i / N, j / N]);
  points.sort((a, b) => Math.hypot(a[0] - .5, a[1] - .5) - Math.hypot(b[0] - .5, b[1] - .5));   // middle first
  for (const [fx, fy] of points) {
    // whole pixels, as a mouse reports them (a click's clientX/clientY are integers): the board resolves those
    const x = Math.round(r.left + r.width * fx), y = Math.round(r.top + r.height * fy);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    if (!top || !svg.contains(top) || nearestTarget(x, y) !== el) continue;   // nothing of the page over it
    const owner = top.closest('[id]');
    if (owner !== el) { if (!covered) covered = [x, y, true]; } else if (!plain) plain = [x, y, false];
  }
  return covered || plain;
}"""

# Counts, in the page, the clicks that reach the action list, and every update's moved pieces with whether their
# glide (a Web Animation) was playing right after the new picture went in.
WATCH_JS = """() => {
  window.__listClicks = 0;
  window.__moved = [];
  document.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('[data-testid=actions]')) window.__listClicks++;
  }, true);
  new MutationObserver((records) => {
    for (const r of records) {
      const ids = (r.target.dataset.moved || '').split(' ').filter(Boolean);
      for (const id of ids) {
        const el = document.getElementById(id);
        window.__moved.push([id, el ? el.getAnimations().length : -1]);
      }
    }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-moved']});
}"""


DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def people(browser: Browser, *viewports: dict[str, int]) -> tuple[list[Page], list[str]]:
    """A page per person, each in a browser context of its own (its own cookies and storage) at its viewport, and the
    list their script errors are collected in. Close them with ``page.context.close()``."""
    errors: list[str] = []
    pages = [browser.new_context(viewport=v).new_page() for v in viewports]
    for page in pages:
        page.on("pageerror", lambda e: errors.append(str(e)))
    return pages, errors


def set_name(page: Page, name: str) -> None:
    page.fill("input[name=display-name]", name)
    page.click("[data-testid=name-form] button[type=submit]")
    expect(page.get_by_test_id("my-name")).to_have_text(name)


def account_form(page: Page, which: str, username: str, password: str) -> None:
    """Open the lobby's account form (``which``: ``register`` or ``login``) and send it."""
    page.get_by_test_id(which).click()
    page.fill("[data-testid=account-form] input[name=username]", username)
    page.fill("[data-testid=account-form] input[name=password]", password)
    page.get_by_test_id("account-submit").click()


def new_table(
    page: Page, game: str, players: int, seats: list[str], options: dict[str, str], rules: dict[str, str] | None = None
) -> None:
    """Fill the lobby's new-table form and create the table; ``rules``: the "Table rules" selects to choose (``clock``,
    ``on_timeout``, ``leaver``, ``spectator_chat``), in that order."""
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
    if rules:
        page.click("[data-testid=new-table] details.table-rules summary")
        for key, value in rules.items():
            page.select_option(f"select[name={key}]", value)
    page.click("[data-testid=create]")


def invite_in(host: Page, guest: Page, name: str, seat: int = 1) -> None:
    """The table ``host`` just created has an open seat ``seat``: ``guest`` follows its invite link, chooses the name
    ``name`` and takes it; then ``host`` goes to the table. Both pages show the table when this returns."""
    invite = host.get_by_test_id(f"invite-{seat}").get_attribute("href")
    assert invite
    guest.goto(invite)
    set_name(guest, name)
    guest.get_by_test_id("take-seat").click()
    guest.wait_for_selector("[data-testid=table]")
    host.get_by_test_id("go-table").click()
    host.wait_for_selector("[data-testid=table]")


def lobby_table(
    page: Page, base_url: str, game: str, players: int, options: dict[str, str], ready: str
) -> tuple[str, list[str]]:
    """Through the lobby form, as Ana: a table of me and progress bots; waits for ``ready`` on its page. Returns
    the table id and the list the page's script errors will be collected in."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(base_url + "/")
    set_name(page, "Ana")
    new_table(page, game, players, ["me"] + ["spec:progress"] * (players - 1), options)
    page.wait_for_selector(ready)
    return page.url.rsplit("/", 1)[1], errors


def check_end_screen(page: Page, base_url: str, table: str, game: str, players: int) -> tawa.Game:
    """The end screen's ranking and scores are the engine's, from the record replayed; returns that game."""
    rows = page.locator("[data-testid=end-screen] tbody tr")
    shown = [(int(r.get_attribute("data-seat") or -1), int(r.get_attribute("data-place") or -1)) for r in rows.all()]
    rec = json.loads(page.request.get(f"{base_url}/api/tables/{table}/record").text())
    g = tawa.replay(game, players, rec["seed"], rec["options"], rec["history"])
    assert shown == sorted(((st.seat, st.place) for st in g.standings()), key=lambda x: (x[1], x[0]))
    texts = rows.all_inner_texts()
    for st, text in zip(sorted(g.standings(), key=lambda s: (s.place, s.seat)), texts, strict=True):
        assert g.seat_label(st.seat) in text and f"{st.score:g}" in text.replace(".0", "")
    return g


def moves_of(game: str, players: int, record: dict, seat: int) -> int:  # type: ignore[type-arg]
    """How many moves of a finished game's record ``seat`` made."""
    g = tawa.new_game(game, players, record["seed"], record["options"])
    n = 0
    for action in record["history"]:
        n += g.current_player == seat
        g.apply(action)
    return n


@dataclass
class Played:
    """What a game played by board clicks did: clicks on targets, of which how many landed where something else lay
    on top of the target (a piece, a part with its own id), choosers opened, picks in them, button clicks, and the
    actions taken by their first word."""

    board: int = 0
    covered: int = 0
    choosers: int = 0
    buttons: int = 0
    verbs: dict[str, int] = field(default_factory=dict)

    @property
    def moves(self) -> int:
        """Decisions taken: a click on a target with one action, a pick in a chooser, or a button."""
        return self.board + self.buttons


def legal_actions(page: Page) -> list[str]:
    """The legal actions of the decision, in the server's order (read from the page; never clicked)."""
    ids: list[str] = page.eval_on_selector_all(
        "[data-testid=actions] [data-action-id]", "els => els.map(e => e.dataset.actionId)"
    )
    assert ids
    return ids


def target_actions(page: Page) -> dict[str, list[str]]:
    """Element id -> the actions it is the target of, as the board marks them."""
    found: dict[str, list[str]] = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('.board-svg svg .target[data-actions]')]
          .map((el) => [el.id, JSON.parse(el.dataset.actions)]))""")
    return found


def click_target(page: Page, ident: str, played: Played) -> None:
    """Click on board element ``ident`` (a target) at a point where the pointer finds it."""
    el = page.locator(f'.board-svg svg [id="{ident}"]')
    el.evaluate("(e) => e.scrollIntoView({block: 'center', inline: 'center'})")  # clear of a sticky move panel
    # as a person would: once the pieces of the last move have glided to their places
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
    point = el.evaluate(POINT_JS)
    assert point, f"no point of {ident} reaches it through what lies on it"
    page.mouse.click(point[0], point[1])
    played.board += 1
    played.covered += bool(point[2])


def play_one(page: Page, played: Played, rng: random.Random | None = None) -> None:
    """Take one legal action of this decision (the first, or one drawn by ``rng``) by clicks on the board (and its
    chooser) or a button, and wait for the table's next version."""
    legal = legal_actions(page)
    action = rng.choice(legal) if rng else legal[0]
    verb = action.split()[0]
    played.verbs[verb] = played.verbs.get(verb, 0) + 1
    v = page.get_by_test_id("table").get_attribute("data-v")
    holder = next(((el, acts) for el, acts in target_actions(page).items() if action in acts), None)
    if holder is None:
        page.locator(f'[data-testid=board-buttons] button[data-action-id="{action}"]').click()
        played.buttons += 1
    else:
        ident, actions = holder
        click_target(page, ident, played)
        if len(actions) > 1:
            chooser = page.locator(f'[data-testid=chooser][data-element="{ident}"]')
            expect(chooser.locator("button[data-action-id]")).to_have_count(len(actions))
            chooser.locator(f'button[data-action-id="{action}"]').click()
            played.choosers += 1
    try:
        # not wait_for_function: it evaluates its text, which the strict policy forbids (no unsafe-eval)
        expect(page.get_by_test_id("table")).not_to_have_attribute("data-v", v or "", timeout=60_000)
    except (PlaywrightError, AssertionError) as e:
        notice = page.locator("[data-testid=notice]")
        said = notice.inner_text() if notice.count() else "nothing"
        raise AssertionError(
            f"{action!r} (on {holder[0] if holder else 'a button'}) was not played; the page said {said!r}"
        ) from e


def play_by_board(
    page: Page, rng: random.Random | None = None, limit: int = 600, on_decision: Callable[[int], None] | None = None
) -> Played:
    """Play this seat's decisions by board clicks until the end screen shows."""
    played = Played()
    for n in range(limit):
        page.wait_for_selector(READY, timeout=90_000)
        if page.locator("[data-testid=end-screen]").count():
            return played
        if on_decision is not None:
            on_decision(n)
        play_one(page, played, rng)
    raise AssertionError(f"the game did not end in {limit} decisions")
