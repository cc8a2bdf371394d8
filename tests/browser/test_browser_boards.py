"""The four boards in the browser (issue 18), with real clicks in Chromium: for each game a person creates a table
with bots in the lobby and plays it to the end by clicks on the board and its choosers only (never the action
list), and the end screen's ranking is the engine's; a click on an element that is no target says why (the rule
from ``explain_illegal`` where the element names the action it would mean); hover shows an element's text; the
pieces that moved glide; the board's client logic (click resolution through pieces and id'd parts, what changed
since a picture) on a small SVG of its own; the replay steps through a finished game on the same board."""

from __future__ import annotations

import json
import random
import re

import pytest
from harness import Server
from playwright.sync_api import Page, expect
from table_ui import (
    WATCH_JS,
    Shot,
    check_end_screen,
    lobby_table,
    moves_of,
    play_by_board,
    target_actions,
)

from tawa.core.registry import short_games

# a short whole game of every registered game (GameInfo.short_game), with cheap bots, so the suite stays quick
# on 2 cores; shorter still where a game allows (fewer seats, an earlier cap); the decision from which on the
# docs' screenshot of the board is taken
SHORTER = {"pachakuna": (2, {"TURN_CAP": 16}), "guatavita": (2, {"MAX_ROUNDS": 2})}
SHOT_AT = {"sacred-valley": 7, "pachakuna": 10, "ayar": 12, "guatavita": 1}


def form_value(value: object) -> str:
    """An option as typed into the lobby's form (a list as JSON, a number as its digits)."""
    return json.dumps(value, separators=(",", ":")) if isinstance(value, list | dict) else str(value)


def _games() -> list[tuple[str, int, dict[str, str], int]]:
    out = []
    for game, players, options in short_games():
        players, options = SHORTER.get(game, (players, options))
        out.append((game, players, {k: form_value(v) for k, v in options.items()}, SHOT_AT.get(game, 1)))
    return out


GAMES = _games()
RULE_ID = re.compile(r"\b(SV|PK|AY|GV)-\d{3}\b")


@pytest.mark.parametrize("game,players,options,shot_at", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_clicks_on_the_board(
    page: Page, server: Server, shot: Shot, game: str, players: int, options: dict[str, str], shot_at: int
) -> None:
    table, errors = lobby_table(page, server.url, game, players, options, "[data-testid=table] .board-svg svg")
    page.evaluate(WATCH_JS)

    taken = []
    asked: list[str] = []
    rng = random.Random(24)

    def at(n: int) -> None:  # the docs' picture: from decision `shot_at` on, the first with a few targets
        if n >= shot_at and not taken and len(target_actions(page)) >= 3:
            page.wait_for_timeout(900)  # the last glide over, the changes marked
            shot(page, f"client-{game}")
            taken.append(n)
        if n % 2 == 0:  # issue 24: a named element that is no target answers with a rule and what opens it
            asked.append(click_a_non_target(page, rng))

    played = play_by_board(page, random.Random(18), on_decision=at)
    check_end_screen(page, server.url, table, game, players)
    record = json.loads(page.request.get(f"{server.url}/api/tables/{table}/record").text())
    # every one of my moves was one click on a target, one pick in a chooser or one button, never the list
    assert moves_of(game, players, record, 0) == played.moves > 0
    assert played.board > 0
    assert len(asked) >= 2 and len(set(asked)) >= 2, asked
    assert page.evaluate("window.__listClicks") == 0
    # pieces moved during the game, and each glided from its old place (a running animation after the update)
    moved = page.evaluate("window.__moved")
    assert moved and all(n > 0 for _, n in moved), moved
    if game == "pachakuna":  # a tile's cell holds the tile's own id'd face: the click lands on it and finds the cell
        assert played.covered > 0 and played.choosers > 0
    assert errors == []


# The named elements of the board (an id and a hover text) that are no target and where a click finds no target:
# [id, x, y] of a point of each where the board is on top.
NON_TARGETS_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.board-svg svg [id][data-tip]:not(.target)')) {
    if (el.closest('.target')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) continue;
    const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    if (!top || !el.ownerSVGElement.contains(top)) continue;
    const stack = document.elementsFromPoint(x, y);
    if (stack.some((h) => h.closest('.target'))) continue;
    out.push([el.id, x, y]);
  }
  return out;
}"""


def click_a_non_target(page: Page, rng: random.Random) -> str:
    """Click a named board element that is no target (one drawn by ``rng``): the notice names a rule ID and what
    would open it (every refusal says so, issue 24, whether the part means an action not legal now or none at
    all), and nothing is played; the notice is dismissed. Returns the element's id."""
    v = page.get_by_test_id("table").get_attribute("data-v")
    found = page.evaluate(NON_TARGETS_JS)
    assert found, "every named element is a target"
    ident, x, y = rng.choice(found)
    page.mouse.click(x, y)
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text(RULE_ID)
    expect(notice).to_contain_text("what opens it:")
    assert page.get_by_test_id("table").get_attribute("data-v") == v
    notice.locator("button").click()
    expect(notice).to_have_count(0)
    return str(ident)


def short_name(tip: str) -> str:
    """What a thing is: its hover text up to the first sentence mark (as the client shows it)."""
    m = re.match(r"^(.*?[.:;])(\s|$)", tip)
    return (m.group(1) if m else tip).rstrip(".:;")


def open_my_seat(page: Page, server: Server, game: str, players: int, options: dict[str, object]) -> str:
    """A table made over REST (the lobby form is tested above): me at seat 0, cheap bots; its page at my turn."""
    page.set_viewport_size({"width": 1400, "height": 900})
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
    page.wait_for_selector("[data-testid=move-panel][data-busy=no]")
    return str(made.json()["id"])


def click_on(page: Page, selector: str) -> None:
    """A real click at the middle of the first element that matches (whatever lies on top there gets it)."""
    box = page.locator(selector).first.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize("game,players,options", [(g, n, o) for g, n, o, _ in GAMES], ids=[g[0] for g in GAMES])
def test_a_click_on_what_is_no_target_says_why(
    page: Page, server: Server, game: str, players: int, options: dict[str, str]
) -> None:
    open_my_seat(page, server, game, players, {k: json.loads(v) for k, v in options.items()})
    v = page.get_by_test_id("table").get_attribute("data-v")
    targets = target_actions(page)
    assert targets
    # an element that names the action a click on it would mean: the rule that forbids that action now
    meant = page.evaluate("""() => {
        for (const el of document.querySelectorAll('.board-svg svg [data-action]:not(.target)')) {
          const r = el.getBoundingClientRect();
          const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
          // as the board resolves a click: no target anywhere under the pointer, and `el` the first that names an
          // action (it may lie under what is drawn there)
          const top = document.elementFromPoint(x, y);
          if (!top || !el.ownerSVGElement.contains(top)) continue;
          const stack = document.elementsFromPoint(x, y);
          if (stack.some((h) => h.closest('.target'))) continue;
          const named = stack.find((h) => h.closest('[data-action]'));
          if (named && named.closest('[data-action]') === el) return [el.dataset.action, x, y];
        }
        return null;
    }""")
    assert meant, "the board names the action of some element that is no target"
    action, x, y = meant
    page.mouse.click(x, y)
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text(RULE_ID)
    assert all(action not in acts for acts in targets.values())
    # an element that means no action: what it is, the game's rule of the turn and what to do instead
    page.get_by_test_id("notice").locator("button").click()
    plain = page.evaluate("""() => {
        for (const el of document.querySelectorAll('.board-svg svg [id][data-tip]:not(.target)')) {
          if (el.closest('[data-action], .target')) continue;
          const r = el.getBoundingClientRect();
          if (r.width < 4 || r.height < 4) continue;
          const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
          const top = document.elementFromPoint(x, y);
          const owner = top && top.closest('[id]');
          if (owner !== el) continue;
          if (document.elementsFromPoint(x, y).some((h) => h.closest('[data-action], .target'))) continue;
          return [el.dataset.tip, x, y];
        }
        return null;
    }""")
    assert plain
    tip, x, y = plain
    page.mouse.click(x, y)
    expect(notice).to_contain_text(RULE_ID)
    expect(notice).to_contain_text("what opens it:")
    assert short_name(tip) in notice.inner_text()
    # hover: the element's own text beside the pointer, at once
    page.mouse.move(x + 1, y + 1)
    expect(page.get_by_test_id("tip")).to_have_text(tip)
    # nothing was played by these clicks
    assert page.get_by_test_id("table").get_attribute("data-v") == v
    assert page.locator("[data-testid=move-panel][data-busy=no]").count() == 1


def test_a_target_with_several_actions_opens_a_chooser_with_previews(page: Page, server: Server) -> None:
    """P'achakuna's rotate step: every tile is a target of its six orientations; the chooser beside it draws the
    tile at each; cancel and Escape close it without playing; a pick plays that rotation."""
    open_my_seat(page, server, "pachakuna", 2, {"TURN_CAP": 16})
    v = page.get_by_test_id("table").get_attribute("data-v")
    cell, actions = next((el, a) for el, a in target_actions(page).items() if len(a) == 6)
    click_on(page, f'.board-svg svg [id="{cell}"]')
    chooser = page.locator(f'[data-testid=chooser][data-element="{cell}"]')
    expect(chooser.locator("button[data-action-id]")).to_have_count(6)
    expect(chooser.locator("button[data-action-id] .preview svg")).to_have_count(6)
    expect(page.locator(f'.board-svg svg [id="{cell}"].chosen')).to_have_count(1)
    # beside the tile, inside the board area
    cbox, tbox = chooser.bounding_box(), page.locator(f'.board-svg svg [id="{cell}"]').bounding_box()
    area = page.locator(".board-area").bounding_box()
    assert cbox and tbox and area
    assert cbox["x"] >= area["x"] - 1 and cbox["x"] + cbox["width"] <= area["x"] + area["width"] + 1
    assert cbox["x"] >= tbox["x"] + tbox["width"] or cbox["x"] + cbox["width"] <= tbox["x"]
    page.get_by_test_id("chooser-cancel").click()
    expect(chooser).to_have_count(0)
    click_on(page, f'.board-svg svg [id="{cell}"]')
    page.keyboard.press("Escape")
    expect(chooser).to_have_count(0)
    assert page.get_by_test_id("table").get_attribute("data-v") == v
    click_on(page, f'.board-svg svg [id="{cell}"]')
    pick = actions[-1]
    chooser.locator(f'button[data-action-id="{pick}"]').click()
    expect(page.get_by_test_id("table")).not_to_have_attribute("data-v", v or "")
    log = page.get_by_test_id("log").inner_text()
    assert f"tile {cell.removeprefix('cell-q').replace('r', ',')}" in log


SVG_PAGE = """async ([a, b]) => {
  const m = await import('/static/boardsvg.mjs');
  const box = document.createElement('div');
  box.style.width = '400px';
  document.body.prepend(box);
  m.mount(box, a);
  const svg = box.querySelector('svg');
  const before = m.fingerprints(svg);
  const out = {};
  const hit = (id) => {
    const r = svg.getElementById(id).getBoundingClientRect();
    return m.resolveClick(svg, r.left + r.width / 2, r.top + r.height / 2, (t) => t === 'cell-a' || t === 'cell-b');
  };
  let h = hit('alpaca');  out.alpaca = [h.kind, h.el.id];      // a piece over a space
  h = hit('face');        out.face = [h.kind, h.el.id];        // a part with its own id inside a space
  h = hit('market');      out.market = [h.kind, h.el.id, h.el.dataset.action];
  h = hit('bag');         out.bag = [h.kind, h.el.id];
  out.tip = m.tipAt(svg, svg.getElementById('face').firstElementChild);
  out.titles = svg.querySelectorAll('title').length;
  out.moved = m.mount(box, b);
  const svg2 = box.querySelector('svg');
  out.playing = svg2.getElementById('alpaca').getAnimations().length;
  out.changed = m.changedSince(svg2, before, m.fingerprints(svg2)).sort();
  box.remove();
  return out;
}"""

SVG_A = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">
<g id="cells"><g id="cell-a" transform="translate(20,20)"><title>Grid a: empty</title>
  <rect width="100" height="100" fill="#9c6"/><g id="face"><title>Face of a</title><rect x="10" y="10" width="30"
  height="30" fill="#333"/></g></g>
<g id="cell-b" transform="translate(140,20)"><title>Grid b</title><rect width="100" height="100" fill="#9c6"/></g></g>
<g id="market" data-action="buy slot1"><title>Market slot 1</title><rect x="20" y="200" width="80" height="60"/></g>
<g id="bag"><title>Bag: 3 tiles</title><rect x="140" y="200" width="60" height="60" fill="#c96"/></g>
<g id="pieces"><g id="alpaca" class="piece" style="transform:translate(90px,90px)"><title>Alpaca</title>
  <circle r="14" fill="#fff"/></g></g></svg>"""
SVG_B = (
    SVG_A.replace("translate(90px,90px)", "translate(200px,80px)")
    .replace("Bag: 3 tiles", "Bag: 2 tiles")
    .replace('data-action="buy slot1"', 'data-action="buy slot2"')
)


def test_board_logic_resolves_clicks_glides_pieces_and_marks_changes(page: Page, server: Server) -> None:
    """On a small SVG of its own: a click on a piece over a space or on an id'd part inside one finds the space
    (the nearest target under the pointer); else the element naming its action; else the element. A piece that
    moved glides (a running animation from its old place); what changed is the piece and the bag, not the market
    (whose action is no part of the table)."""
    page.goto(server.url + "/")
    out = page.evaluate(SVG_PAGE, [SVG_A, SVG_B])
    assert out["alpaca"] == ["target", "cell-a"]
    assert out["face"] == ["target", "cell-a"]
    assert out["market"] == ["action", "market", "buy slot1"]
    assert out["bag"] == ["element", "bag"]
    assert out["tip"] == "Face of a" and out["titles"] == 0
    assert out["moved"] == ["alpaca"] and out["playing"] == 1
    assert out["changed"] == ["alpaca", "bag"]


def test_the_replay_steps_through_a_finished_game_on_the_board(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    assert page.request.post(f"{server.url}/api/me", data={"name": "Ana"}).ok
    body = {
        "game": "pachakuna",
        "players": 2,
        "options": {"TURN_CAP": 6},
        "seats": [{"kind": "bot", "bot": "progress"}] * 2,
    }
    made = page.request.post(f"{server.url}/api/tables", data=body)
    assert made.ok, made.text()
    table = made.json()["id"]
    page.goto(f"{server.url}/table/{table}")
    page.wait_for_selector("[data-testid=end-screen]", timeout=60_000)
    page.get_by_test_id("replay-link").click()
    page.wait_for_selector("[data-testid=replay] .board-svg svg")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0")
    first = page.locator(".board-svg svg").inner_html()
    for _ in range(4):
        page.get_by_test_id("forward").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "4")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "5")
    assert page.locator(".board-svg svg").inner_html() != first
    assert page.get_by_test_id("step-events").locator("li").count() >= 1
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "4")
    page.get_by_test_id("last").click()
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    # no targets on a replay: a click says what the element is and that this is a replay
    click_on(page, ".board-svg svg [id^=cell-]")
    expect(page.get_by_test_id("notice")).to_contain_text("this is a replay")
