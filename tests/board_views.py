"""Helpers shared by the board-view tests of every game (issue 18): parse a view's SVG, find its elements, read
their hover texts and piece positions, walk the positions of a seeded whole game, and check a decision's targets.

Importable from any test folder (``tests/conftest.py`` puts this folder on the path): ``from board_views import
parse, by_id, title``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TypeVar

from tawa import Game, Rng
from tawa.lab.playout import random_action

NS = {"s": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
G = TypeVar("G", bound=Game)


def parse(svg: str) -> ET.Element:
    """The SVG document, checked to be one ``<svg>`` with a viewBox."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    return root


def ids_of(root: ET.Element) -> list[str]:
    return [i for e in root.iter() if (i := e.get("id")) is not None]


def by_id(root: ET.Element, ident: str) -> ET.Element:
    """The one element with that id."""
    found = [e for e in root.iter() if e.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def title(e: ET.Element) -> str:
    """The hover text of an element (its ``<title>`` child), which must be there."""
    t = e.find("s:title", NS)
    assert t is not None and t.text, e.get("id")
    return t.text


def translate(e: ET.Element) -> tuple[float, float]:
    """A piece's position: its ``style="transform:translate(Xpx,Ypx)"``."""
    m = re.fullmatch(r"transform:translate\((-?[\d.]+)px,(-?[\d.]+)px\)", e.get("style", ""))
    assert m, e.get("style")
    return float(m.group(1)), float(m.group(2))


def sampled_positions(game: G, seed: int, biased: bool, every: int, kind: Callable[[G], str]) -> Iterator[G]:
    """Every ``every``-th position of a seeded whole game, each first position of a kind of decision (``kind``
    names it), and the end. The game is played on in place between two positions."""
    rng = Rng(seed)
    seen: set[str] = set()
    n = 0
    while True:
        here = kind(game)
        if here not in seen or n % every == 0 or game.is_over:
            seen.add(here)
            yield game
        if game.is_over:
            return
        game.apply(random_action(game, rng, biased))
        n += 1


def check_svg(svg: str, hover: tuple[str, ...]) -> ET.Element:
    """A view's SVG, checked: it parses, its ids are unique, every piece (``class="piece"``) and every element whose
    id starts with one of ``hover`` has a hover text, and no hover text has a number left unfilled ("{")."""
    root = parse(svg)
    ids = ids_of(root)
    assert len(ids) == len(set(ids)), "ids are unique"
    for e in root.iter():
        if e.tag == SVG + "title":
            assert "{" not in (e.text or ""), e.text
        ident = e.get("id", "")
        if "piece" in (e.get("class") or "").split() or ident.startswith(hover):
            assert title(e), ident
    return root


def check_decision(view: ModuleType, game: Game) -> dict[str, str]:
    """The view of the seat to act at ``game``: every legal action is a target (naming an element of the SVG, with
    no id-bearing element inside it, so that a click anywhere on it names it) or a button (``view.is_button``);
    every preview parses. Returns the targets."""
    obs = game.observation(game.current_player)
    root = parse(view.svg(obs))
    ids = set(ids_of(root))
    legal = [a.id for a in game.legal_actions()]
    targets: dict[str, str] = view.targets(obs, legal)
    assert set(targets) <= set(legal)
    for aid in legal:
        assert (aid in targets) != view.is_button(aid), aid
    for ident in set(targets.values()):
        assert ident in ids, ident
        inner = [e.get("id") for e in by_id(root, ident).iter() if e.get("id") and e.get("id") != ident]
        assert not inner, f"{ident} holds {inner}: a click there would name them"
    for aid, pv in view.previews(obs, legal).items():
        assert aid in legal
        parse(pv)
    return targets
