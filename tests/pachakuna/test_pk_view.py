"""The P'achakuna board in the browser (issue 18): the observation's geometry keys, the SVG view, its targets,
buttons and previews (games/pachakuna/view/)."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import board_views
import tawa
from board_views import NS, by_id, ids_of, parse, title, translate
from tawa import Rng
from tawa.games.pachakuna import view
from tawa.games.pachakuna.data import TILE_CELLS
from tawa.games.pachakuna.game import PachakunaGame
from tawa.games.pachakuna.testing import (
    at_step,
    make_game,
    put_llama,
    reach_cells,
    set_demand,
    set_supply,
    set_tile,
)
from tawa.lab.playout import automated_options, random_action


@pytest.mark.rule("PK-011", "PK-041", "PK-340")
def test_observation_names_village_cells_and_tile_regions_from_the_options():
    """A view reads the geometry from the observation, so options that move villages or change the tile set
    show on the board."""
    swapped = {"red": (0, 4), "orange": (4, 0), "yellow": (-4, 4), "green": (-4, 0), "blue": (0, -4), "purple": (4, -4)}
    tiles = {
        "F": (("M", (0, 1)), ("V", (2, 3, 4, 5))),
        "N": (("V", (0, 1, 2)), ("M", (3, 4, 5))),
        "M": (("M", (0, 1, 2, 3)), ("V", (4, 5))),
    }
    obs = make_game("A", VILLAGE_COLOURS=swapped, TILE_TYPES=tiles).observation(None)
    assert obs["village_cells"] == {
        "white": "0,0",
        "red": "0,4",
        "orange": "4,0",
        "yellow": "-4,4",
        "green": "-4,0",
        "blue": "0,-4",
        "purple": "4,-4",
    }
    assert obs["tile_types"]["N"] == [["V", [0, 1, 2]], ["M", [3, 4, 5]]]
    default = make_game("B").observation(0)
    assert default["village_cells"]["red"] == "4,0" and default["village_cells"]["white"] == "0,0"
    assert default["tile_types"]["M"] == [["M", [0, 1, 2, 3]], ["V", [4, 5]]]


# ============================================================================= the view over whole games


def decision(obs: dict) -> str:
    return "pay-" + obs["paying"]["for"] if obs["paying"] else obs["step"]


def sampled_positions(game: PachakunaGame, seed: int, biased: bool, every: int) -> Iterator[PachakunaGame]:
    """Every ``every``-th position of a seeded whole game, each first position of a kind of decision, and the
    end."""
    return board_views.sampled_positions(game, seed, biased, every, lambda g: decision(g.observation(None)))


HOVER = ("cell-", "village-", "demand-", "rock-", "seat", "status", "bag", "discard", "frame")
# a tile set with two regions of one terrain (PK-050: move ids name the region) and White on seat 1 (PK-093)
SPLIT_TILES = {
    "F": (("V", (0, 1)), ("M", (2,)), ("V", (3, 4)), ("M", (5,))),
    "N": (("M", (0, 1, 2)), ("V", (3, 4, 5))),
    "M": (("M", (0, 1, 2, 3)), ("V", (4, 5))),
}
GAMES = [
    ("A", 1, True, {}),
    ("B", 2, True, {}),
    ("random", 3, True, {}),
    ("A", 4, False, {}),
    ("random", 5, False, {}),
    ("A", 6, True, {"TILE_TYPES": SPLIT_TILES, "WHITE_SEAT": 1}),
]


@pytest.mark.parametrize(("layout", "seed", "biased", "options"), GAMES)
def test_every_sampled_position_renders_and_every_action_is_a_target_or_a_button(layout, seed, biased, options):
    g = tawa.new_game("pachakuna", 2, seed, automated_options("pachakuna", {"layout": layout, **options}))
    assert isinstance(g, PachakunaGame)
    kinds = set()
    for pos in sampled_positions(g, seed, biased, every=120 if biased else 150):
        seat = pos.current_player
        for who in (0, 1, None):
            obs = pos.observation(who)
            root = parse(view.svg(obs))
            ids = ids_of(root)
            assert len(ids) == len(set(ids)), "ids are unique"
            for e in root.iter():  # every piece and space has its hover text
                ident = e.get("id", "")
                if "piece" in (e.get("class") or "").split() or ident.startswith(HOVER) or "-supply-" in ident:
                    assert title(e), ident
            if who != seat:
                continue
            legal = [a.id for a in pos.legal_actions()]
            kinds.add(decision(obs))
            targets = view.targets(obs, legal)
            assert set(targets) <= set(legal)
            assert set(targets.values()) <= set(ids), "every target exists in the SVG"
            for aid in legal:
                assert (aid in targets) != view.is_button(aid), aid
            previews = view.previews(obs, legal)
            assert set(previews) == {a for a in legal if a.startswith("rotate ")}
            for aid in list(previews)[:6]:
                parse(previews[aid])
    assert g.is_over
    assert {"rotate", "move", "trade"} <= kinds


def test_buttons_are_exactly_the_actions_about_no_element():
    """Of every action id the game can offer, only the two step ends are buttons; every other id names an
    element (tile, cell, llama, village, supply piece)."""
    g = make_game()
    obs = g.observation(0)
    ids = g.action_space.ids
    assert sorted(a for a in ids if view.is_button(a)) == ["end rotate", "end trade"]
    for aid in ids:
        assert (view.target_of(obs, aid) is None) == view.is_button(aid), aid


@pytest.mark.rule("PK-341", "PK-343", "PK-344")
def test_scrambled_hidden_parts_give_the_same_svg_for_the_seat_and_the_spectator():
    """The only hidden thing is the order of future draws (the RNG): a scrambled copy draws the same table."""
    g = make_game("random", seed=11)
    rng = Rng(11)
    for _ in range(120):
        g.apply(random_action(g, rng, biased=True))
    for seat in (0, 1):
        other = g.scramble_hidden(seat, Rng(99 + seat))
        assert view.svg(other.observation(seat)) == view.svg(g.observation(seat))
        assert view.svg(other.observation(None)) == view.svg(g.observation(None))
    spectator, mine = view.svg(g.observation(None)), view.svg(g.observation(0))
    assert "(you)" in mine and "(you)" not in spectator


# ============================================================================= exact checks per component


def side_angles(root: ET.Element, face: str, terrain: str) -> list[float]:
    """Screen angles (degrees) of the side triangles of one terrain in a tile face (orientation 0)."""
    path = next(e for e in by_id(root, face) if e.get("class") == f"side {terrain}")
    out = []
    for tri in re.findall(r"M0,0L(-?[\d.]+),(-?[\d.]+)L(-?[\d.]+),(-?[\d.]+)Z", path.get("d", "")):
        ax, ay, bx, by = (float(v) for v in tri)
        out.append(math.degrees(math.atan2((ay + by) / 2, (ax + bx) / 2)))
    return out


def board_side(angle_deg: float) -> int:
    """Board side index of a screen angle: side d faces direction d (east 0, then counter-clockwise on screen,
    i.e. towards negative angles with y downwards)."""
    return round(-angle_deg / 60) % 6


@pytest.mark.rule("PK-046", "PK-042", "PK-043", "PK-044")
@pytest.mark.parametrize(("kind", "o"), [("M", 3), ("F", 1), ("N", 5), ("N", 0)])
def test_a_tile_is_drawn_with_its_mountain_sides_at_its_orientation(kind, o):
    g = make_game("A")
    set_tile(g, (1, -2), kind, o)
    obs = g.observation(None)
    root = parse(view.svg(obs))
    tile = by_id(root, "tile-q1r-2")
    turn = float(re.fullmatch(r"transform:rotate\((-?[\d.]+)deg\)", tile.get("style", "")).group(1))
    use = tile.find("s:use", NS)
    face = use.get("href").lstrip("#")
    drawn = sorted(board_side(a + turn) for a in side_angles(root, face, "mountain"))
    assert drawn == list(g.tables.tile_types[kind].mountain_sides(o))
    valley = sorted(board_side(a + turn) for a in side_angles(root, face, "valley"))
    assert sorted(drawn + valley) == [0, 1, 2, 3, 4, 5]
    text = title(by_id(root, "cell-q1r-2"))
    assert f"type {kind}" in text and f"orientation {o}" in text and "PK-046 [P]" in text


def test_layout_a_tile_and_direction_names_in_the_hover_text():
    """Layout A has (1,0) M4: mountain on board sides 4,5,0,1 = south-west, south-east, east, north-east."""
    root = parse(view.svg(make_game("A").observation(None)))
    text = title(by_id(root, "cell-q1r0"))
    assert "type M (mostly mountainous), orientation 4" in text
    assert "mountain: east, north-east, south-west, south-east; valley: north-west, west" in text


@pytest.mark.rule("PK-094")
def test_llamas_stand_on_their_cells_with_their_loads():
    g = make_game("A")
    put_llama(g, "white", 0, (2, -1), "red")
    put_llama(g, "black", 1, (-4, 0), None)
    root = parse(view.svg(g.observation(None)))
    x, y = translate(by_id(root, "llama-w0"))
    cx, cy = view.cell_xy("2,-1")
    assert math.hypot(x - cx, y - cy) < view.S / 2, "alone on a tile: in its middle"
    load = by_id(root, "llama-w0").find(".//s:circle[@class='load']", NS)
    assert load.get("data-colour") == "red" and load.get("fill") == view.PIECE_FILL["red"]
    bx, by = translate(by_id(root, "llama-b1"))
    vx, vy = view.cell_xy("-4,0")
    assert math.hypot(bx - vx, by - vy) < view.S
    assert by_id(root, "llama-b1").find(".//s:circle[@class='load empty']", NS) is not None
    assert "empty, loaded at refill" in title(by_id(root, "llama-b1"))
    assert "PK-060 [R] a Black llama travels only over mountains" in title(by_id(root, "llama-b1"))
    # the third White llama waits in its owner's area, away from the board
    wx, _ = translate(by_id(root, "llama-w2"))
    assert wx > view.PANEL_X and "waiting off the board" in title(by_id(root, "llama-w2"))


def test_llamas_sharing_a_cell_do_not_overlap():
    g = make_game("A")
    for side in ("white", "black"):
        for slot in range(3):
            put_llama(g, side, slot, (0, 0), "white")
    root = parse(view.svg(g.observation(None)))
    spots = [translate(by_id(root, view.llama_id(side, slot))) for side in ("white", "black") for slot in range(3)]
    for i, a in enumerate(spots):
        for b in spots[i + 1 :]:
            assert math.hypot(a[0] - b[0], a[1] - b[1]) >= 15


@pytest.mark.rule("PK-008", "PK-202", "PK-203")
def test_a_village_shows_its_demand_flags_upper_and_lower():
    g = make_game("A")
    set_demand(g, "blue", "Y/R")
    obs = g.observation(None)
    root = parse(view.svg(obs))
    demand = by_id(root, "demand-blue")
    upper = demand.find(".//s:path[@class='flag upper']", NS)
    lower = demand.find(".//s:path[@class='flag lower']", NS)
    assert upper.get("fill") == view.PIECE_FILL["yellow"] and lower.get("fill") == view.PIECE_FILL["red"]
    assert "upper (large) flag yellow pays 2, lower (small) flag red pays 1" in title(demand)
    village = by_id(root, "village-blue")
    assert "PK-202 [R] upper flag +2" in title(village) and "PK-207 [R]" in title(village)
    assert by_id(root, view.cell_id(obs["village_cells"]["blue"])) is not None


def test_a_village_that_sold_this_turn_shows_no_flags():
    g = make_game("A")
    set_demand(g, "red", None)
    g.state.sold = [1]
    root = parse(view.svg(g.observation(None)))
    demand = by_id(root, "demand-red")
    assert demand.find(".//s:path[@class='flag upper']", NS) is None
    assert "PK-207 [R]" in title(demand)


def test_moved_villages_are_drawn_where_the_options_put_them():
    swapped = {"red": (0, 4), "orange": (4, 0), "yellow": (-4, 4), "green": (-4, 0), "blue": (0, -4), "purple": (4, -4)}
    root = parse(view.svg(make_game("A", VILLAGE_COLOURS=swapped).observation(None)))
    assert "Red village" in title(by_id(root, "cell-q0r4"))
    assert "Orange village" in title(by_id(root, "cell-q4r0"))


@pytest.mark.rule("PK-139", "PK-140")
def test_rocks_and_this_turns_rotations_are_marked():
    g = make_game("A")
    set_supply(g, "white", {"red": 2})  # a paid rotation stays possible: the rotate step goes on
    g.apply("rotate 2,-1 o3")
    root = parse(view.svg(g.observation(None)))
    assert by_id(root, "cell-q2r-1").find("s:polygon[@class='rotated-mark']", NS) is not None
    assert not [i for i in ids_of(root) if i.startswith("rock-")]
    g.apply("end rotate")
    root = parse(view.svg(g.observation(None)))
    assert [i for i in ids_of(root) if i.startswith("rock-")] == ["rock-q2r-1"]
    assert "PK-139 [R] a tile carrying a rock cannot be rotated" in title(by_id(root, "rock-q2r-1"))


@pytest.mark.rule("PK-251")
def test_supply_cutouts_show_counts_and_fill_only_held_colours():
    g = make_game("A")
    set_supply(g, "white", {"red": 2, "blue": 1})
    root = parse(view.svg(g.observation(0)))
    red = by_id(root, "seat0-supply-red")
    assert red.get("data-count") == "2" and "held" in red.get("class")
    assert by_id(root, "seat0-supply-green").get("data-count") == "0"
    assert "held" not in by_id(root, "seat0-supply-green").get("class")
    assert by_id(root, "seat1-supply-brown").get("data-count") == "1"  # PK-096
    assert "PK-004 [R]" in title(by_id(root, "seat1-supply-brown"))


# ============================================================================= targets of each decision


def test_rotations_target_their_tile_and_preview_each_orientation():
    g = make_game("A")
    obs = g.observation(0)
    legal = [a.id for a in g.legal_actions()]
    t = view.targets(obs, legal)
    assert {t[f"rotate 2,-1 o{o}"] for o in range(6)} == {"cell-q2r-1"}
    assert "end rotate" not in t and view.is_button("end rotate")
    assert len({v for k, v in t.items() if k.startswith("rotate")}) == len(TILE_CELLS) - 0
    pv = view.previews(obs, legal)
    root = parse(pv["rotate 2,-1 o3"])
    assert root.get("data-orientation") == "3"
    assert "mountain: west, south-west, south-east; valley: east, north-east, north-west" in title(root)
    assert "keep" in parse(pv["rotate 2,-1 o1"]).find("s:text", NS).text  # layout A: (2,-1) N1


@pytest.mark.rule("PK-161")
def test_move_targets_are_the_reach_of_the_selected_llama():
    g = make_game("A")
    g.apply("end rotate")
    obs = g.observation(0)
    legal = [a.id for a in g.legal_actions()]
    t = view.targets(obs, legal)
    reach = {view.cell_id(f"{q},{r}") for q, r in reach_cells(g, "white", (0, 0))}
    moves = {v for k, v in t.items() if k.startswith("move ")}
    assert moves == reach == {"cell-q-1r1", "cell-q0r-1", "cell-q1r0"}  # PK-914
    assert t["stay llama0"] == "llama-w0"  # PK-164: a click on the llama itself keeps it on its village
    root = parse(view.svg(obs))
    assert "selected" in by_id(root, "llama-w0").get("class")
    assert "Move llama0" in title(by_id(root, "status"))


def test_trade_and_pay_targets():
    g = make_game("A")
    put_llama(g, "white", 0, (4, 0), "yellow")
    set_demand(g, "red", "Y/B")
    set_supply(g, "white", {"red": 2, "blue": 1, "brown": 0, "green": 1})
    at_step(g, "trade")
    obs = g.observation(0)
    t = view.targets(obs, [a.id for a in g.legal_actions()])
    assert t == {"sell llama0": "llama-w0", "buy at red": "village-red"}
    g.apply("buy at red")
    obs = g.observation(0)
    legal = [a.id for a in g.legal_actions()]
    assert view.targets(obs, legal) == {f"pay {c}": f"seat0-supply-{c}" for c in ("red", "green", "blue")}
    assert "Pay 4 more for a llama at the red village" in title(by_id(parse(view.svg(obs)), "status"))


def test_targets_of_black_name_black_pieces_and_black_supply():
    g = make_game("A")
    set_supply(g, "black", {"brown": 1, "red": 1})
    put_llama(g, "black", 0, (4, 0), "yellow")
    at_step(g, "rotate", side="black")
    g.apply("rotate 2,-1 o2")  # the free rotation
    g.apply("rotate 1,-2 o0")  # a paid one: now the 2 pieces are asked
    obs = g.observation(1)
    legal = [a.id for a in g.legal_actions()]
    assert view.targets(obs, legal) == {"pay brown": "seat1-supply-brown", "pay red": "seat1-supply-red"}
    assert "Pay 2 more for the rotation of tile 1,-2 to orientation 0" in title(by_id(parse(view.svg(obs)), "status"))
    g.apply("pay brown")
    g.apply("pay red")
    obs = g.observation(1)
    assert obs["step"] == "move"  # nothing left to pay with: the rotate step ended by itself
    t = view.targets(obs, [a.id for a in g.legal_actions()])
    assert t and all(v.startswith("cell-") or v == "llama-b0" for v in t.values())
    assert t.get("stay llama0") == "llama-b0"


def test_a_paid_rotation_waiting_for_its_pieces_marks_its_tile():
    g = make_game("A")
    set_supply(g, "white", {"red": 2})
    g.apply("rotate 2,-1 o3")
    g.apply("rotate 1,-2 o0")
    root = parse(view.svg(g.observation(0)))
    mark = by_id(root, "cell-q1r-2").find("s:polygon[@class='pending-mark']", NS)
    assert mark is not None and "orientation 0 waits for 2 more pieces" in title(mark)


def test_the_view_of_a_json_round_tripped_observation_is_the_same():
    """The server may keep or send observations as JSON: lists for tuples change nothing."""
    g = make_game("random", seed=8)
    rng = Rng(8)
    for _ in range(90):
        g.apply(random_action(g, rng, biased=True))
    obs = g.observation(1)
    again = json.loads(json.dumps(obs))
    assert view.svg(again) == view.svg(obs)
    legal = [a.id for a in g.legal_actions()]
    assert view.targets(again, legal) == view.targets(obs, legal)
    assert view.previews(again, legal) == view.previews(obs, legal)
