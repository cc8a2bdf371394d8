"""The Guatavita board in the browser (issue 18): the observation's option values, the SVG view, its targets,
buttons and previews (games/guatavita/view/)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from gv_games import progress_game

import board_views
import tawa
from board_views import NS, SVG, by_id, ids_of, parse, title, translate
from tawa import Rng
from tawa.games.guatavita import view
from tawa.games.guatavita.data import LAKE_COORDS
from tawa.games.guatavita.game import GuatavitaGame
from tawa.games.guatavita.testing import (
    act,
    drain,
    pass_all,
    put_balsa,
    put_tile,
    scenario,
    set_camp,
    set_stock,
)
from tawa.lab.playout import automated_options, random_action

POSITIONS = [name for name, _, _ in LAKE_COORDS]
RULE_ID = re.compile(r"GV-\d{3} \[(R|S|P|D|R/P|P/R)\]")

# ============================================================================= helpers


def texts(e: ET.Element) -> list[str]:
    return [t.text or "" for t in e.iter(SVG + "text")]


def hex_centre(root: ET.Element, pos: str) -> tuple[float, float]:
    m = re.fullmatch(r"translate\((-?[\d.]+),(-?[\d.]+)\)", by_id(root, f"hex-{pos}").get("transform", ""))
    assert m
    return float(m.group(1)), float(m.group(2))


def uses(e: ET.Element, glyph: str) -> list[ET.Element]:
    return [u for u in e.iter(SVG + "use") if u.get("href") == f"#gv-{glyph}"]


def legal_of(g: tawa.Game) -> list[str]:
    return [a.id for a in g.legal_actions()]


def check_decision(g: tawa.Game) -> dict[str, str]:
    """``board_views.check_decision``, and every preview a document of its own (no reference into the board)."""
    obs = g.observation(g.current_player)
    assert not any("href=" in pv for pv in view.previews(obs, legal_of(g)).values())
    return board_views.check_decision(view, g)


def decision_kind(g: tawa.Game) -> str:
    d = g.observation(None)["decision"]
    return "over" if d is None else str(d[0])


def sampled_positions(g: tawa.Game, seed: int, biased: bool, every: int) -> Iterator[tawa.Game]:
    return board_views.sampled_positions(g, seed, biased, every, decision_kind)


def new_game(players: int, seed: int, **options: object) -> GuatavitaGame:
    g = tawa.new_game("guatavita", players, seed, automated_options("guatavita", options))
    assert isinstance(g, GuatavitaGame)
    return g


def two(**kw: object) -> GuatavitaGame:  # red NE (seat 0, Pioneer), blue SW (seat 1)
    return scenario(2, spots=["NE", "SW"], pioneer=0, **kw)


# ============================================================================= the observation's option values


def test_observation_names_the_option_values_a_board_draws():
    """A view reads the game's own slot counts, tracks and prices from the observation's ``overrides``."""
    g = new_game(
        3, 1, SLOTS={"loan": 3, "pioneer": 2}, CAMP_UPGRADE=[2, 1, 3], LOAN_GOLD=[0, 3, 4, 5, 5, 6], GOLD_CAP=10
    )
    obs = g.observation(0)
    assert obs["overrides"]["SLOTS"] == {"loan": 3, "pioneer": 2}
    assert obs["overrides"]["MAX_ROUNDS"] == 40  # the round cap of automated runs (GV-863)
    assert json.loads(json.dumps(obs)) == obs
    assert new_game(2, 1).observation(None)["overrides"] == {"MAX_ROUNDS": 40}
    assert view.num(obs, "SLOTS")["loan"] == 3 and view.num(obs, "SLOTS")["camp"] == 2  # the rest: defaults
    root = parse(view.svg(obs))
    found = set(ids_of(root))
    assert {"slot-loan-3", "slot-pioneer-2", "slot-camp-2"} <= found and "slot-loan-4" not in found
    assert "slot-camp-3" not in found and "slot-pioneer-3" not in found
    assert "at execution pay 3 gold: camp level +1" in title(by_id(root, "box-camp"))
    loan = by_id(root, "seat0").find("s:g[@class='loan-track']", NS)
    assert loan is not None and "1: +3 gold -5 VP, 2: +4 gold -6 VP" in title(loan)
    gold = by_id(root, "seat0").find("s:g[@class='gold-track']", NS)
    assert gold is not None and texts(gold)[-1] == "10" and "at most 10 gold" in title(gold)
    food = by_id(root, "seat0").find("s:g[@class='food-track']", NS)
    assert food is not None
    gold_end = max(float(r.get("x")) + float(r.get("width")) for r in gold.iter(SVG + "rect"))
    assert gold_end < min(float(r.get("x")) for r in food.iter(SVG + "rect")), "11 gold spaces fit before the food"
    default = parse(view.svg(new_game(3, 1).observation(0)))
    assert "slot-loan-3" not in set(ids_of(default))
    assert "at execution pay 2 gold" in title(by_id(default, "box-camp"))


# ============================================================================= the view over whole games


HOVER = (
    "hex-",
    "spot-",
    "box-",
    "slot-",
    "seat",
    "status",
    "turn-order",
    "emerald-supply",
    "end-triggers",
    "score-track",
)
GAMES = [
    (2, 1, True, True),
    (3, 2, True, False),
    (4, 3, True, True),
    (2, 4, False, False),
    (3, 5, False, True),
    (4, 6, False, True),
]


@pytest.mark.parametrize(("players", "seed", "biased", "balsa"), GAMES)
def test_every_sampled_position_renders_and_every_action_is_a_target_or_a_button(players, seed, biased, balsa):
    g = new_game(players, seed, balsa=balsa)
    kinds = set()
    for pos in sampled_positions(g, seed, biased, every=25 if biased else 60):
        for who in (*range(players), None):
            obs = pos.observation(who)
            root = board_views.check_svg(view.svg(obs), HOVER)  # ids unique, every piece and space with its title
            found = set(ids_of(root))
            assert all(f"hex-{p}" in found for p in POSITIONS)
            if who is not None and who == pos.current_player:
                check_decision(pos)
                kinds.add(obs["decision"][0])
    assert g.is_over
    assert {"plan"} <= kinds
    if balsa:
        assert "balsa_start" in kinds


def first_decision(kind: str) -> tawa.Game:
    """The first position of a seeded progress-biased game at a decision of this kind."""
    for seed in range(40):
        for players in (2, 3, 4):
            g = new_game(players, seed, balsa=True)
            rng = Rng(seed)
            while not g.is_over:
                if decision_kind(g) == kind:
                    return g
                g.apply(random_action(g, rng, biased=True))
    raise AssertionError(f"no {kind} decision in the seeded games")


NAMED_TILE = ("return he", "balsa start", "balsa step", "push balsa", "inspect", "sabotage", "reexplore", "cross")


@pytest.mark.parametrize(
    "kind",
    ["plan", "balsa_start", "he_return", "pay", "declare", "join", "balsa_move", "push", "balsa_act", "exchange"],
)
def test_every_kind_of_decision_names_its_elements(kind):
    """Every decision of spec section 6 has its actions on the board, on the element each is about."""
    g = first_decision(kind)
    targets = check_decision(g)
    d = g.observation(g.current_player)["decision"]
    for aid, ident in targets.items():
        w = aid.split()
        if kind == "declare":
            assert ident == f"hex-{POSITIONS[d[2]]}", "the saboteur declares on its tile"
        elif kind == "exchange":
            assert ident.startswith("slot-pioneer-"), "the exchange belongs to the resolving Pioneer slot"
        elif kind == "pay":
            assert ident == f"seat{d[1]}-camp", "the bought workers go into the camp"
        elif w[0] == "explore":
            assert ident == f"hex-{w[1]}", "an exploration is about its target tile"
        elif aid.startswith(NAMED_TILE):
            assert ident == f"hex-{next(x for x in w if x in POSITIONS)}", aid
        elif aid in ("balsa", "protect"):
            assert ident == f"seat{d[1]}-balsa"
        else:
            assert ident.startswith("slot-"), aid


def test_buttons_are_exactly_the_actions_about_no_element():
    """Of every action id the game can offer, only the flow actions are buttons; every other one names an
    element once its decision is pending (a lake tile, a free slot, the own balsa or camp, the Pioneer slot)."""
    g = two(balsa=True)
    put_balsa(g, 0, "S03")
    obs = dict(g.observation(0))
    every = g.action_space.ids
    assert sorted(a for a in every if view.is_button(a)) == sorted(
        ["pass", "keep all", "balsa stop", "balsa nothing", "exchange none"]
    )
    decided = {"declare": ["declare", 0, POSITIONS.index("S03")], "exchange": ["exchange", 0]}
    for aid in every:
        if view.is_button(aid):
            assert view.target_of(obs, aid) is None, aid
            continue
        here = dict(obs, decision=decided.get(aid.split()[0], obs["decision"]))
        if aid.startswith("exchange"):
            here["queue"], here["idx"] = [["pioneer", 0]], 0
        ident = view.target_of(here, aid)
        assert ident is not None, aid
        assert ident.startswith(("hex-", "slot-", "seat0-")), ident


@pytest.mark.rule("GV-830", "GV-831", "GV-832", "GV-833", "GV-836")
def test_scrambled_hidden_tiles_give_the_same_svg_for_each_seat_and_the_spectator():
    """The drained side of undrained tiles is hidden (the seat's own inspections excepted): a scrambled copy
    draws the same table, and only the inspector sees what it inspected."""
    g = two(balsa=True)
    put_balsa(g, 0, "I0")
    put_tile(g, "M00", "P2-09")
    set_stock(g, 0, emeralds=3)
    act(g, "balsa")
    pass_all(g)
    act(g, "balsa stop", "inspect M00")
    assert not g.is_over and "M00" in g.observation(0)["known"]
    for seat in (0, 1):
        for k in range(3):
            other = g.scramble_hidden(seat, Rng(40 + 7 * k + seat))
            assert view.svg(other.observation(seat)) == view.svg(g.observation(seat))
            assert view.svg(other.observation(None)) == view.svg(g.observation(None))
    mine, theirs, spectator = (parse(view.svg(g.observation(s))) for s in (0, 1, None))
    assert "You inspected it: P2-09: 0 emeralds, 0 gold, 4 VP, landslide" in title(by_id(mine, "hex-M00"))
    assert "0" in texts(by_id(mine, "hex-M00")) and "4" in texts(by_id(mine, "hex-M00")), "the strip of what it saw"
    for root in (theirs, spectator):
        hexm = by_id(root, "hex-M00")
        assert "P2-09" not in ET.tostring(root, encoding="unicode")
        assert "Inspected by Red" in title(hexm) and "GV-833 [P]" in title(hexm)
        assert "4" not in texts(hexm)
    undrained = [p for p in POSITIONS if not g.observation(None)["lake"][POSITIONS.index(p)]["drained"]]
    for p in undrained:  # no tile id, nor any drained-side value, on a tile under water
        t = title(by_id(spectator, f"hex-{p}"))
        assert not re.search(r"\b(P[123]-\d\d|C-[123])\b", t), t


# ============================================================================= exact checks per component


@pytest.mark.rule("GV-834", "GV-342", "GV-500", "GV-502", "GV-450", "GV-350")
def test_tiles_show_their_water_side_or_their_drained_face_with_its_rules():
    g = two()
    drain(g, "S02", {0: 1}, tile="P1-07", he=0)  # damp, box 1: 0 E, 1 G, 1 VP
    drain(g, "M00", {1: 2}, tile="P2-09")  # landslide: 0 E, 0 G, 4 VP
    drain(g, "M01", {0: 1, 1: 1}, tile="P2-07")  # famine
    put_tile(g, "S03", "P1-15")  # water side 3W 0M
    put_tile(g, "M02", "P2-04")  # water side 3W 1M
    obs = g.observation(None)
    root = parse(view.svg(obs))
    s02 = by_id(root, "hex-S02")
    assert "drained" in s02.get("class") and texts(s02)[1:4] == ["0", "1", "1"] and "1" in texts(s02)[4:]
    t = title(s02)
    assert "P1-07: 0 emeralds, 1 gold, 1 VP, damp, re-exploration box 1 VP" in t and "Pipes: Red 1" in t
    assert "GV-500 [R] damp terrain: leaving it (as a source) takes 2 pipes instead of 1" in t
    assert "GV-502 [R] re-exploration box" in t and "T-TILES [P]" in t
    assert "Head explorer of Red" in t
    assert "GV-450 [R] landslide" in title(by_id(root, "hex-M00")) and "Pipes: Blue 2" in title(by_id(root, "hex-M00"))
    assert "GV-350 [R] famine icon" in title(by_id(root, "hex-M01"))
    assert "Pipes: Red 1, Blue 1" in title(by_id(root, "hex-M01"))
    for pos, w, m in (("S03", 3, 0), ("M02", 3, 1)):
        cell = by_id(root, f"hex-{pos}")
        assert "water" in cell.get("class")
        assert len(cell.findall("s:circle", NS)) == w and len(cell.findall("s:rect", NS)) == m
        assert f"needs {w} workers and {m} machine" in title(cell) and "GV-834 [P]" in title(cell)
    assert "GV-173 [R]" in title(by_id(root, "hex-I0")) and "GV-681 [R]" in title(by_id(root, "hex-C"))
    # the head explorer stands on its tile, its pipes below it
    hx, hy = translate(by_id(root, "he-S02"))
    cx, cy = hex_centre(root, "S02")
    assert abs(hx - cx) < 40 and abs(hy - cy) < 40
    assert "piece" in by_id(root, "he-S02").get("class") and "GV-725 [R] 3 VP" in title(by_id(root, "he-S02"))
    assert len([r for r in s02.iter(SVG + "rect") if r.get("width") == "4"]) == 1, "one pipe"


def test_every_tile_and_space_shows_a_rule_with_its_id_and_tag():
    g = progress_game(4, 8, steps=90)
    root = parse(view.svg(g.observation(0)))
    for e in root.iter():
        ident = e.get("id", "")
        if ident.startswith(
            (
                "hex-",
                "spot-",
                "box-",
                "slot-",
                "seat",
                "he-",
                "balsa-",
                "pioneer",
                "score-",
                "emerald-supply",
                "turn-order",
                "end-triggers",
            )
        ):
            assert RULE_ID.search(title(e)) or "T-" in title(e), ident
    for key, text in view.RULES.items():
        assert RULE_ID.search(text) or text.startswith("T-"), key
    for box, *_ in view.BOX_ROWS:
        assert RULE_ID.search(view.Texts(g.observation(0)).box(box)), box


@pytest.mark.rule("GV-170", "GV-172", "GV-230", "GV-250")
def test_a_pending_exploration_stands_on_its_tile_with_its_pipeline_and_saboteur():
    g = two()
    put_tile(g, "S02", "P1-10")  # water side 2W 0M
    act(g, "explore S02 from pump")
    set_camp(g, 1, workers=4)
    act(g, "sabotage S02")  # blue
    root = parse(view.svg(g.observation(1)))
    s02 = by_id(root, "hex-S02")
    assert "explored" in s02.get("class")
    red = view.COLOUR_HEX["red"]
    blue = view.COLOUR_HEX["blue"]
    workers = [u.get("fill") for u in uses(s02, "meeple")]
    assert workers.count(red) == 2 and workers.count(blue) == 1, "2 explorers and the saboteur"
    t = title(s02)
    assert "Explored by Red from pump (2W 0M; pipes Red 1), resolving 1. of this round" in t
    assert "Saboteur of Blue (you)" in t and "GV-420 [R]" in t
    slot = by_id(root, "slot-sabotage-1")
    assert slot.get("data-seat") == "1" and "Blue (you), 1 worker, saboteur on S02" in title(slot)
    assert "S02" in texts(slot)
    arrows = root.find(".//s:g[@class='arrows']", NS)
    assert arrows is not None and arrows.get("pointer-events") == "none" and len(arrows) == 3  # line, line, head
    # the target of a sabotage is the tile
    assert view.target_of(g.observation(1), "sabotage S02") == "hex-S02"


@pytest.mark.rule("GV-073", "GV-077", "GV-130")
def test_box_slots_show_who_stands_there_and_a_placement_targets_the_next_free_slot():
    g = two()
    set_camp(g, 0, workers=5, machines=1)
    assert view.targets(g.observation(0), ["camp upgrade"]) == {"camp upgrade": "slot-camp-1"}
    act(g, "camp upgrade")
    set_camp(g, 1, workers=5, machines=1)
    obs = g.observation(1)
    assert view.targets(obs, legal_of(g))["camp upgrade"] == "slot-camp-2"
    assert view.targets(obs, ["harvest 1", "harvest 2"]) == {
        "harvest 1": "slot-harvest-1",
        "harvest 2": "slot-harvest-1",
    }
    root = parse(view.svg(obs))
    slot = by_id(root, "slot-camp-1")
    assert slot.get("data-seat") == "0" and "Red, 2 workers + 1 machine" in title(slot)
    assert len(uses(slot, "meeple")) == 2 and len(uses(slot, "machine")) == 1
    assert "free" in by_id(root, "slot-camp-2").get("class")
    assert by_id(root, "slot-camp-2").get("data-action") == "camp upgrade", "a click that is no target is explained"
    assert "GV-130 [R] 2 workers + 1 machine" in title(by_id(root, "box-camp"))
    assert "2 slots" in title(by_id(root, "box-camp")) and "GV-074 [R]" in title(by_id(root, "box-camp"))


def test_track_markers_stand_on_their_values():
    g = two()
    set_stock(g, 0, gold=7, food=2, loan=2, vp=23, camp_level=5)
    set_stock(g, 1, gold=1, food=8, vp=-3)
    root = parse(view.svg(g.observation(0)))
    assert translate(by_id(root, "gold-s0"))[0] > translate(by_id(root, "gold-s1"))[0], "7 gold right of 1"
    assert translate(by_id(root, "food-s0"))[0] < translate(by_id(root, "food-s1"))[0], "2 food left of 8"
    assert by_id(root, "gold-s0").get("data-value") == "7" and by_id(root, "loan-s0").get("data-value") == "2"
    assert translate(by_id(root, "loan-s0"))[0] > translate(by_id(root, "loan-s1"))[0]
    assert by_id(root, "score-s0").get("data-vp") == "23" and "23 VP" in title(by_id(root, "score-s0"))
    assert by_id(root, "score-s1").get("data-vp") == "-3"
    sx, sy = translate(by_id(root, "score-s0"))
    assert sy < 40 and 640 < sx < 690, "space 23 lies at the board's top-right corner"
    marker = by_id(root, "camp-marker-s0")
    assert marker.get("data-level") == "5" and marker.get("pointer-events") == "none"
    assert "5" in texts(marker)
    assert "GV-370 [R] at most 8 gold" in title(by_id(root, "gold-s0"))
    assert "6: 4, 7: 6, 8: 9, 9: 12" in title(by_id(root, "seat0-camp")), "end VP by camp level (T-CAMP)"


@pytest.mark.rule("GV-051", "GV-053", "GV-020")
def test_camps_pumps_turn_order_and_the_pioneer_marker():
    g = scenario(3, spots=["N", "SW", "SE"], pioneer=1)
    set_camp(g, 2, workers=5, machines=2, pipes=4)
    set_stock(g, 0, pump_level=2)
    root = parse(view.svg(g.observation(2)))
    camp = by_id(root, "seat2-camp")
    assert (camp.get("data-workers"), camp.get("data-machines"), camp.get("data-pipes")) == ("5", "2", "4")
    assert len(uses(camp, "meeple")) == 5 and len(uses(camp, "machine")) == 2
    assert "Yellow (you) · camp" in texts(camp)
    # yellow's pump spot SE: its camp is in the board's south-east corner (T-PUMPS)
    cx, cy = float(camp.find("s:rect", NS).get("x")), float(camp.find("s:rect", NS).get("y"))
    assert cx > 400 and cy > 500
    spot = by_id(root, "spot-N")
    assert spot.get("data-seat") == "0" and spot.get("data-level") == "2"
    assert "with its worker on it; connected to S04 and S05" in title(spot)
    assert "free" in by_id(root, "spot-NE").get("class")
    assert title(by_id(root, "turn-order")).startswith("Turn order from the Pioneer holder: Blue → Yellow (you) → Red")
    _, py = translate(by_id(root, "pioneer"))
    board = by_id(root, "seat1").find("s:rect", NS)
    assert float(board.get("y")) < py < float(board.get("y")) + float(board.get("height"))
    status = by_id(root, "status")
    assert status.get("data-decision") == "plan" and "Blue to play" in texts(status)[0]


@pytest.mark.rule("GV-774", "GV-788", "GV-790", "GV-795")
def test_balsas_on_the_lake_their_cards_and_their_targets():
    g = two(balsa=True)
    put_balsa(g, 0, "S03", protected=True)
    put_balsa(g, 1, "S09")
    obs = g.observation(0)
    root = parse(view.svg(obs))
    b = by_id(root, "balsa-s0")
    bx, by = translate(b)
    cx, cy = hex_centre(root, "S03")
    assert abs(bx - cx) < 40 and abs(by - cy) < 40 and b.get("pointer-events") == "none"
    assert "Balsa of Red (you) on S03, protected" in title(b) and "GV-790 [R]" in title(b)
    assert len(uses(b, "emerald")) == 2, "the two protection emeralds"
    assert "Balsa of Red (you), protected" in title(by_id(root, "hex-S03"))
    card = by_id(root, "seat0-balsa")
    assert card.get("data-state") == "on S03, protected" and card.get("data-action") == "balsa"
    assert view.targets(obs, legal_of(g))["balsa"] == "seat0-balsa"
    act(g, "balsa")
    root = parse(view.svg(g.observation(None)))
    assert len(uses(by_id(root, "balsa-s0"), "meeple")) == 2, "its two workers ride on it"
    assert "2 workers on it" in title(by_id(root, "seat0-balsa"))
    # a drained tile destroys its balsa (GV-795): the raft is drawn wrecked in its camp
    g = two(balsa=True)
    put_balsa(g, 1, "S10")
    put_tile(g, "S10", "P1-01")  # 1 worker
    act(g, "pass", "explore S10 from pump")  # blue drains the tile under its own balsa
    pass_all(g)
    assert not g.observation(None)["players"][1]["balsa"]["alive"]
    root = parse(view.svg(g.observation(None)))
    assert "wrecked" in by_id(root, "balsa-s1").get("class") and "GV-795 [R]" in title(by_id(root, "balsa-s1"))
    assert by_id(root, "seat1-balsa").get("data-state") == "destroyed"


def test_without_la_balsa_there_is_no_raft():
    root = parse(view.svg(two().observation(0)))
    assert not [i for i in ids_of(root) if "balsa" in i]


@pytest.mark.rule("GV-175", "GV-177", "GV-500", "GV-203", "GV-205", "GV-233")
def test_previews_draw_each_exploration_with_its_source_pipes_and_insurance():
    g = two()
    drain(g, "S02", {0: 1}, tile="P1-07")  # red's damp tile
    drain(g, "S03", {1: 1}, tile="P1-01")  # blue's tile: 1 VP
    put_tile(g, "M02", "P2-04")  # 3W 1M
    set_camp(g, 0, workers=6, machines=2, pipes=6)
    set_stock(g, 0, emeralds=2, gold=3)
    legal = legal_of(g)
    obs = g.observation(0)
    targets = view.targets(obs, legal)
    on_m02 = {a for a, t in targets.items() if t == "hex-M02"}
    assert {"explore M02 from S02", "explore M02 from S02 insure 1"} <= on_m02, "one chooser on the tile"
    pv = view.previews(obs, legal)
    damp = parse(pv["explore M02 from S02 insure 1"])
    assert "3W 1M · 2 pipes · insure 1" in texts(damp)
    assert "M02 from S02" in texts(damp)
    crossing = next(a for a in legal if a.startswith("explore") and " via S03 " in a)
    assert "rent 1 gold, +1 VP" in " ".join(texts(parse(pv[crossing])))
    assert "cross S03 from S02" in pv and "rent 1 gold, +1 VP" in " ".join(texts(parse(pv["cross S03 from S02"])))
    assert "2 food (GV-580)" in texts(parse(pv["harvest 1"]))


@pytest.mark.rule("GV-680", "GV-470")
def test_status_shows_end_triggers_famine_and_the_end():
    g = two()
    obs = dict(g.observation(None), end_triggers=["centre"], famine_due=True)
    root = parse(view.svg(obs))
    trig = by_id(root, "end-triggers")
    assert trig.get("data-triggers") == "centre" and trig.get("data-famine") == "true"
    assert "last round: centre · famine due · cap: round" not in texts(trig)  # no cap in a hand-made scenario
    assert texts(trig) == ["last round: centre · famine due"]
    assert "GV-472 [R]" in title(trig)
    over = progress_game(2, 9, {"balsa": False})
    assert over.is_over
    root = parse(view.svg(over.observation(None)))
    assert "game over" in texts(by_id(root, "status"))[0] and by_id(root, "status").get("data-decision") == ""


def test_a_click_on_a_tile_that_is_no_target_names_the_action_meant():
    """The client asks the server why a tile's action is illegal (issue 18): the tile names the placement a
    click on it would mean for the viewing seat."""
    g = two()
    drain(g, "S02", {0: 1})
    drain(g, "S03", {1: 1})
    root = parse(view.svg(g.observation(0)))
    assert by_id(root, "hex-M02").get("data-action") == "explore M02 from S02"
    assert by_id(root, "hex-S05").get("data-action") == "explore S05 from pump"
    assert by_id(root, "hex-S03").get("data-action") == "cross S03 from S02"
    assert by_id(root, "hex-S02").get("data-action") == "reexplore S02"
    assert by_id(parse(view.svg(g.observation(None))), "hex-M02").get("data-action") is None
