"""The Sacred Valley board in the browser (issue 18): the observation's option keys, the SVG view, its targets,
buttons and previews (games/sacred_valley/view/)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import board_views
import tawa
from board_views import NS, SVG, by_id, ids_of, parse, title, translate
from tawa import Rng
from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley import view
from tawa.games.sacred_valley.game import SacredValley
from tawa.lab.playout import automated_options, random_playout

# ============================================================================= helpers


def cell_box(root: ET.Element, grid: str) -> tuple[float, float]:
    """Top-left corner of a grid (its group's translate)."""
    m = re.fullmatch(r"translate\((-?[\d.]+),(-?[\d.]+)\)", by_id(root, f"cell-{grid}").get("transform", ""))
    assert m
    return float(m.group(1)), float(m.group(2))


def texts(e: ET.Element) -> list[str]:
    return [t.text or "" for t in e.iter(SVG + "text")]


def legal_of(g: SacredValley) -> list[str]:
    return [a.id for a in g.legal_actions()]


def check_decision(g: SacredValley) -> dict[str, str]:
    return board_views.check_decision(view, g)


def decision_kind(g: SacredValley) -> str:
    return g.observation(None)["mode"]


def sampled_positions(g: SacredValley, seed: int, biased: bool, every: int) -> Iterator[SacredValley]:
    return board_views.sampled_positions(g, seed, biased, every, decision_kind)


def new_game(players: int, seed: int, **options: object) -> SacredValley:
    g = tawa.new_game("sacred-valley", players, seed, automated_options("sacred-valley", options))
    assert isinstance(g, SacredValley)
    return g


def play(g: SacredValley, steps: int, seed: int) -> SacredValley:
    random_playout(g, Rng(seed), biased=True, stop_after=steps)
    return g


# ============================================================================= the observation's option keys


@pytest.mark.rule("SV-633", "SV-220", "SV-260", "SV-311", "SV-363")
def test_observation_names_the_option_values_a_board_draws():
    """A view reads the [P] options it draws from the observation, so option games show their own numbers."""
    track = [0, 2, 4, 7, 10, 13, 17, 21]
    g = new_game(
        4,
        1,
        HARVEST_TRACK=track,
        MAIN_CATU_PRICES=[1, 2, 2, 3, 3, 4],
        TECH_COSTS=[3, 5, 7],
        VINE_CATU_CAPACITY=4,
        CROSS_LEVEL_ADJACENCY=False,
    )
    obs = g.observation(None)
    assert obs["harvest_track"] == track and obs["main_catu_prices"] == [1, 2, 2, 3, 3, 4]
    assert obs["tech_costs"] == [3, 5, 7] and obs["vine_catu_capacity"] == 4
    assert obs["first_row"] == 1 and obs["cross_level_adjacency"] is False
    default = new_game(3, 1).observation(0)
    assert default["harvest_track"] == list(D.PARAMS.params["HARVEST_TRACK"].default)
    assert default["cross_level_adjacency"] is True
    root = parse(view.svg(play(g, 40, 1).observation(None)))
    assert "0: $0, 1: $2, 2: $4, 3: $7, 4: $10" in title(by_id(root, "harvest-track"))
    assert "$21" in texts(by_id(root, "harvest-track"))
    assert "printed price $4" in title(by_id(root, "main-slot6"))
    assert "of 4 vines" in title(by_id(root, "vine-catu"))


# ============================================================================= the view over whole games


HOVER = (
    "cell-",
    "main-slot",
    "vine-catu",
    "camayo-slot",
    "pile-",
    "crop-",
    "tech-reserve-",
    "seat",
    "bag",
    "seed-discard",
    "seeds-out",
    "camayo-discard",
    "camayos-",
    "harvest-track",
    "status",
    "turn-state",
    "alpaca-reserve",
    "covers-out",
    "river",
)
GAMES = [(3, 1, True), (4, 2, True), (5, 3, True), (3, 4, False), (4, 5, False), (5, 6, False)]


@pytest.mark.parametrize(("players", "seed", "biased"), GAMES)
def test_every_sampled_position_renders_and_every_action_is_a_target_or_a_button(players, seed, biased):
    g = new_game(players, seed)
    kinds = set()
    for pos in sampled_positions(g, seed, biased, every=60 if biased else 150):
        for who in (*range(players), None):
            obs = pos.observation(who)
            board_views.check_svg(view.svg(obs), HOVER)  # ids unique, every piece and space with its hover text
            if who == pos.current_player:
                check_decision(pos)
                kinds.add(obs["mode"])
    assert g.is_over
    assert {"crop_choice", "main", "purchase"} <= kinds


def test_buttons_are_exactly_the_actions_about_no_element():
    """Of every action id the game can offer, only the flow actions are buttons; every other one names an
    element (a grid, a Catu slot, a crop, a farmer, a Work Zone Camayo, a Warehouse tile, a seat)."""
    g = T.blank_game(5)
    for name in ("hatun_runa", "barterer", "chasqui"):
        T.give_camayo(g, 0, name)
    obs = g.observation(0)
    ids = g.action_space.ids
    assert sorted(a for a in ids if view.is_button(a)) == sorted(
        ["purchase", "work", "end turn", "end purchase", "stop herding", "keep vine"]
    )
    held = {"use hatun_runa", "use barterer", "use chasqui"}
    for aid in ids:
        if view.is_button(aid):
            assert view.target_of(obs, aid) is None, aid
        elif aid.split()[0] not in ("weave", "exempt", "discard", "dismiss", "use") or aid in held:
            assert view.target_of(obs, aid) is not None, aid


@pytest.mark.rule("SV-600", "SV-604", "SV-605")
def test_scrambled_hidden_parts_give_the_same_svg_for_each_seat_and_the_spectator():
    """The bag and pile orders and the other seats' coins are hidden: a scrambled copy draws the same table."""
    g = play(new_game(4, 11), 160, 11)
    assert not g.is_over
    for seat in range(4):
        other = g.scramble_hidden(seat, Rng(99 + seat))
        assert [d.get("coins") for d in other.observation(None)["player"]] == [None] * 4
        assert view.svg(other.observation(seat)) == view.svg(g.observation(seat))
        assert view.svg(other.observation(None)) == view.svg(g.observation(None))
    spectator, mine = view.svg(g.observation(None)), view.svg(g.observation(0))
    assert "(you)" in mine and "(you)" not in spectator


@pytest.mark.rule("SV-600", "SV-587")
def test_coins_show_for_their_owner_only_until_the_end():
    g = T.blank_game(4)
    T.set_coins(g, 2, 17)
    T.set_coins(g, 1, 5)
    root = parse(view.svg(g.observation(1)))
    assert texts(by_id(root, "seat1-coins")) == ["$5"] and by_id(root, "seat1-coins").get("data-hidden") == "false"
    hidden = by_id(root, "seat2-coins")
    assert texts(hidden) == ["$ ?"] and hidden.get("data-hidden") == "true" and "SV-600 [P]" in title(hidden)
    assert "17" not in json.dumps(
        [title(e) + "".join(texts(e)) for e in root.iter() if e.get("id", "").startswith("seat2")]
    )
    spectator = parse(view.svg(g.observation(None)))
    assert all(texts(by_id(spectator, f"seat{p}-coins")) == ["$ ?"] for p in range(4))


@pytest.mark.rule("SV-580", "SV-587", "SV-586")
def test_the_end_shows_every_seats_coins_and_score_and_the_winner():
    g = play(new_game(3, 21), 3000, 21)
    assert g.is_over
    obs = g.observation(None)
    root = parse(view.svg(obs))
    scores = [int(v) for v in g.scores()]
    for p in range(3):
        coins = obs["player"][p]["coins"]
        assert texts(by_id(root, f"seat{p}-coins")) == [f"${coins}"]
        score = by_id(root, f"seat{p}-score")
        assert score.get("data-score") == str(scores[p])
        assert f"${coins} + {scores[p] - coins} from end rewards" in title(score)
    winners = [p for p in range(3) if g.ranking()[p] == 1]
    assert all("winner" in texts(by_id(root, f"seat{p}")) for p in winners)
    assert title(by_id(root, "status")).startswith("Game over")


# ============================================================================= exact checks per component


@pytest.mark.rule("SV-098", "SV-121", "SV-155")
def test_tiles_alpacas_and_meeples_stand_on_their_grids():
    g = T.blank_game(4)
    T.put_tile(g, "r2c5", "beans", isolated=True)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili"})
    T.put_alpaca(g, "r2c5", "w1")
    T.put_alpaca(g, "r1c2", "g2")
    T.put_meeple(g, "r1c1", 2, "tocricoc")
    T.put_meeple(g, "r4c4", 1, "warrior")
    root = parse(view.svg(g.observation(None)))
    assert by_id(root, "cell-r2c5").get("data-crop") == "beans"
    assert by_id(root, "cell-r2c5").find(".//s:use[@href='#sv-tile-beans-iso']", NS) is not None
    assert "(isolated)" in title(by_id(root, "cell-r2c5")) and "SV-099 [R]" in title(by_id(root, "cell-r2c5"))
    assert "its Farmland has 2 tiles" in title(by_id(root, "cell-r1c1"))
    assert by_id(root, "cell-r3c3").get("data-crop") == ""
    size = 60.0
    for piece, grid in (("alpaca-w1", "r2c5"), ("alpaca-g2", "r1c2"), ("meeple-r1c1", "r1c1"), ("meeple-r4c4", "r4c4")):
        x, y = translate(by_id(root, piece))
        cx, cy = cell_box(root, grid)
        assert cx < x < cx + size and cy < y < cy + size, piece
    assert "Tocricoc meeple of P3" in title(by_id(root, "meeple-r1c1"))
    assert "SV-459 [R]" in title(by_id(root, "meeple-r1c1")) and "$2" in title(by_id(root, "meeple-r1c1"))
    assert "SV-454 [R] only the Warrior's holder" in title(by_id(root, "meeple-r4c4"))
    # the other gray and the second white alpaca wait in the reserve, left of the Terrace
    rx, _ = translate(by_id(root, "alpaca-g1"))
    assert rx < 250 and "in the reserve" in title(by_id(root, "alpaca-g1"))


@pytest.mark.rule("SV-170", "SV-200", "SV-205")
def test_covers_lie_on_the_terrace_in_front_of_the_debtor_or_out_of_play():
    g = T.blank_game(4)
    root = parse(view.svg(g.observation(None)))
    for level in (2, 3):
        cover = by_id(root, f"cover-{level}")
        assert cover.get("data-state") == "on_terrace" and "piece" in cover.get("class")
        assert f"level {level} is locked" in title(cover)
        assert "SV-170 [R]" in title(by_id(root, f"cell-r{2 * level}c1"))
    assert len(root.findall(".//s:g[@class='locked-veil']", NS)) == 2
    T.unlock(g, 2, debtor=3)
    T.unlock(g, 3)
    root = parse(view.svg(g.observation(None)))
    debt = by_id(root, "cover-2")
    x, y = translate(debt)
    bx = float(by_id(root, "seat3").find("s:rect", NS).get("x"))
    assert debt.get("data-state") == "debt" and x > bx and y > 600, "in front of the debtor's board"
    assert "in front of P4 (Beans): a debt of $1. SV-200 [R] a cover in front of a player is a debt of $1" in title(
        debt
    )
    assert "owes $1" in texts(by_id(root, "seat3-debts"))[0]
    assert by_id(root, "cover-3").get("data-state") == "out_of_play"
    assert not root.findall(".//s:g[@class='locked-veil']", NS)


@pytest.mark.rule("SV-220", "SV-503")
def test_farmers_stand_on_their_track_spaces():
    g = T.blank_game(4)
    T.give_camayo(g, 1, "supervisor")
    T.set_farmers(g, 1, [5, 7])
    T.set_farmers(g, 0, [5])
    obs = g.observation(None)
    root = parse(view.svg(obs))
    width = view.TRACK_W / len(obs["harvest_track"])
    for piece, hp in (("farmer-s1-1", 5), ("farmer-s1-2", 7), ("farmer-s0-1", 5), ("farmer-s2-1", 0)):
        x, _ = translate(by_id(root, piece))
        assert view.TRACK_X + hp * width < x < view.TRACK_X + (hp + 1) * width, piece
    assert translate(by_id(root, "farmer-s1-1")) != translate(by_id(root, "farmer-s0-1")), "side by side"
    assert "a Harvest pays $20" in title(by_id(root, "farmer-s1-2"))


@pytest.mark.rule("SV-261", "SV-280", "SV-399")
def test_catu_slots_go_bottom_up_with_their_prices():
    g = T.blank_game(4)
    T.set_main_catu(g, ["chili", "corn", "potato", "beans", "quinoa", "corn"])
    T.set_camayo_catu(g, ["rantic", "weaver", "herder", "umu", "chasqui"])
    T.set_vine_catu(g, 2)
    root = parse(view.svg(g.observation(None)))

    def top(ident: str) -> float:
        return float(by_id(root, ident).find("s:rect", NS).get("y"))

    assert top("main-slot1") > top("main-slot2") > top("main-slot6")
    assert top("camayo-slot1") > top("camayo-slot5")
    assert by_id(root, "main-slot3").get("data-crop") == "potato" and "$2" in texts(by_id(root, "main-slot3"))
    assert by_id(root, "vine-catu").get("data-count") == "2" and "$2" in texts(by_id(root, "vine-catu"))
    umu = by_id(root, "camayo-slot4")  # printed $5, +$1 in slot 4
    assert "$6" in texts(umu) and "price $6 ($5 + $1 in slot 4)" in title(umu)
    T.give_camayo(g, 0, "seed_rantic")
    root = parse(view.svg(g.observation(0)))
    assert "$1" in texts(by_id(root, "main-slot6")) and "Seed Rantic (SV-399)" in title(by_id(root, "main-slot6"))


@pytest.mark.parametrize("kind", D.CAMAYO_NAMES)
def test_each_camayo_shows_its_rule_text_with_rule_ids_and_tags(kind):
    """Every Camayo, in the Catu and in a Work Zone, shows its printed data and its spec rules on hover."""
    g = T.blank_game(4)
    T.set_camayo_catu(g, [kind, None, None, None, None])
    in_catu = parse(view.svg(g.observation(None)))
    T.give_camayo(g, 2, kind)  # (a kind of one copy leaves the Catu for the Work Zone)
    root = parse(view.svg(g.observation(None)))
    k = D.CAMAYO_NAMES.index(kind)
    for ident, where in (("camayo-slot1", in_catu), ("seat2-camayo-1", root)):
        text = title(by_id(where, ident))
        assert text.startswith(kind.replace("_", " ").title())
        assert f"printed cost ${D.CAMAYO_COST[k]}" in text and f"end reward {D.CAMAYO_REWARD[k]}" in text
        for rid, tag, _, _ in view.CAMAYO_RULES[kind]:
            assert f"{rid} [{tag}]" in text
        assert "{" not in text, "every number filled in from the data"
    assert ("one-shot" in view.CAMAYO_TYPE[kind]) == D.CAMAYO_ONE_SHOT[k]
    marker = [i for i in ids_of(root) if i == "seat2-marker-1"]
    assert bool(marker) == D.CAMAYO_ONE_SHOT[k], "a one-shot marker sits on an unused one-shot"


def test_the_camayo_rule_table_has_every_kind_with_rules_of_its_age():
    """Each Camayo cites its own rules: spec §3.17 (Age I, SV-390–SV-412), §3.18 (Age II, SV-450–SV-465),
    §3.19 (Age III, SV-490–SV-507), with a provenance tag."""
    sections = {1: range(390, 413), 2: range(450, 466), 3: range(490, 508)}
    assert set(view.CAMAYO_RULES) == set(D.CAMAYO_NAMES) == set(view.CAMAYO_TYPE)
    for k, kind in enumerate(D.CAMAYO_NAMES):
        rules = view.CAMAYO_RULES[kind]
        assert int(rules[0][0].removeprefix("SV-")) in sections[D.CAMAYO_AGE[k]], kind
        assert all(re.fullmatch(r"SV-\d{3}", rid) and tag in "RSPD" for rid, tag, _, _ in rules)
        assert view.camayo_face_text(kind), "the tile face shows at least one ability line"


@pytest.mark.rule("SV-289", "SV-582")
def test_a_used_one_shot_keeps_its_tile_without_marker():
    g = T.blank_game(4)
    T.give_camayo(g, 1, "chasqui", unused=False)
    T.give_camayo(g, 1, "barterer")
    root = parse(view.svg(g.observation(None)))
    used = by_id(root, "seat1-camayo-1")
    assert used.get("data-unused") == "false" and "used" in texts(used)
    assert "seat1-marker-1" not in ids_of(root)
    marker = by_id(root, "seat1-marker-2")
    assert "piece" in marker.get("class") and marker.get("pointer-events") == "none"
    assert "SV-289 [R]" in title(by_id(root, "seat1-camayo-2"))


@pytest.mark.rule("SV-040", "SV-310", "SV-264")
def test_player_boards_show_technologies_warehouse_and_the_reserve():
    g = T.blank_game(4, crops=["chili", "corn", "potato", "beans"])
    T.give_tech(g, 0, "quinoa")
    T.give_tiles(g, 0, ["vine", "corn"])
    obs = g.observation(0)
    root = parse(view.svg(obs))
    assert by_id(root, "seat0-tech-1").get("data-crop") == "chili"
    assert by_id(root, "seat0-tech-2").get("data-crop") == "quinoa"
    assert by_id(root, "seat0-tech-3").get("data-crop") == "" and "costs $6" in title(by_id(root, "seat0-tech-3"))
    assert [by_id(root, f"seat0-wh-{i}").get("data-crop") for i in (1, 2, 3)] == ["chili", "corn", "vine"]
    assert "Warehouse 3/3" in texts(by_id(root, "seat0-warehouse"))
    reserve = {c: by_id(root, f"tech-reserve-{c}").get("data-count") for c in ("chili", "quinoa")}
    assert reserve == {"chili": "2", "quinoa": str(obs["technology_reserve"]["quinoa"])}
    assert "P2" in texts(by_id(root, "crop-corn")) and "no player" in title(by_id(root, "crop-quinoa"))
    T.give_camayo(g, 0, "warehouse_keeper")
    assert "Warehouse 3/5" in texts(by_id(parse(view.svg(g.observation(0))), "seat0-warehouse"))


@pytest.mark.rule("SV-604", "SV-605")
def test_bag_discards_and_piles_show_their_sizes():
    g = play(new_game(4, 8), 120, 8)
    obs = g.observation(None)
    root = parse(view.svg(obs))
    assert by_id(root, "bag").get("data-count") == str(obs["bag_size"])
    assert by_id(root, "seed-discard").get("data-count") == str(sum(obs["seed_discard"].values()))
    assert by_id(root, "seeds-out").get("data-count") == str(sum(obs["seeds_out_of_game"].values()))
    for age in (1, 2, 3):
        assert by_id(root, f"pile-{age}").get("data-count") == str(obs["camayo_piles"][age - 1])
    assert by_id(root, "camayos-purged").get("data-count") == str(obs["camayos_purged_face_down"])
    assert "SV-605 [P]" in title(by_id(root, "camayos-purged"))


def test_an_alternative_layout_is_drawn_from_the_observation():
    layout = [(r, c, (r + 1) // 2) for r in range(1, 7) for c in range(1, 6)]  # five columns (SV-633)
    g = play(new_game(3, 4, LAYOUT=layout), 80, 4)
    root = parse(view.svg(g.observation(None)))
    cells = [i for i in ids_of(root) if i.startswith("cell-")]
    assert len(cells) == 30 and "cell-r1c6" not in cells


# ============================================================================= targets of each decision


def test_plant_targets_the_grid_and_previews_each_crop_with_its_farmland():
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "chili", "r1c2": "chili"})
    T.put_alpaca(g, "r1c3", "w1")
    T.give_tiles(g, 0, ["vine"])
    t = check_decision(g)
    assert t["plant chili r1c3"] == t["plant vine r1c3"] == "cell-r1c3"
    assert t["harvest"] == "harvest-track" and view.is_button("purchase")
    pv = view.previews(g.observation(0), legal_of(g))
    chili = parse(pv["plant chili r1c3"])
    assert "Farmland of 3 chili + 1 alpaca: base 4 HP (SV-121)" in title(chili)
    assert "a vine planting yields 2 HP (SV-122)" in title(parse(pv["plant vine r1c3"]))


@pytest.mark.rule("SV-175")
def test_an_unlocking_planting_marks_its_grid_and_targets_the_partner_seats():
    g = T.blank_game(4)
    T.put_tiles(g, {"r2c3": "chili"})
    T.act(g, "plant chili r3c3")
    assert T.mode(g) == "partner"
    t = check_decision(g)
    assert t == {"partner 1": "seat1-head", "partner 2": "seat2-head", "partner 3": "seat3-head"}
    root = parse(view.svg(g.observation(0)))
    assert by_id(root, "cell-r3c3").find(".//s:rect[@class='planting-mark']", NS) is not None
    assert "name the work partner" in title(by_id(root, "status"))


@pytest.mark.rule("SV-504", "SV-494")
def test_farmer_and_exemption_choices_target_the_farmers_and_the_camayos():
    g = T.blank_game(4)
    T.give_camayo(g, 0, "supervisor")
    T.put_tiles(g, {"r1c1": "chili"})
    T.act(g, "plant chili r1c2")
    assert T.mode(g) == "farmer"
    assert check_decision(g) == {"farmer 1": "farmer-s0-1", "farmer 2": "farmer-s0-2"}
    assert "2 HP to assign" in title(by_id(parse(view.svg(g.observation(0))), "turn-state"))
    h = T.blank_game(4)
    T.give_camayo(h, 0, "foreigner")
    T.give_camayo(h, 0, "yanacona")
    T.give_tiles(h, 0, ["potato"])
    T.act(h, "plant potato r1c1")
    assert check_decision(h) == {"exempt foreigner": "seat0-camayo-1", "exempt yanacona": "seat0-camayo-2"}


def test_purchase_items_target_their_slots_and_reserve():
    g = T.blank_game(4)
    T.set_coins(g, 0, 20)
    T.set_vine_catu(g, 1)
    T.act(g, "purchase")
    t = check_decision(g)
    assert t["buy slot1"] == "main-slot1" and t["buy vine"] == "vine-catu"
    assert t["hire slot5"] == "camayo-slot5" and t["tech corn"] == "tech-reserve-corn"
    assert "end purchase" not in t


def test_immediate_and_free_seed_decisions():
    g = T.blank_game(4)
    T.set_coins(g, 0, 30)
    T.set_camayo_catu(g, ["terrace_worker", "warrior", "tocricoc", None, None])
    T.put_tiles(g, {"r1c1": "corn"})
    T.set_vine_catu(g, 1)
    T.act(g, "purchase", "hire slot1")
    assert T.mode(g) == "free_seed"
    t = check_decision(g)
    assert t["take slot1"] == "main-slot1" and t["take vine"] == "vine-catu"
    T.act(g, "take vine", "hire slot2")
    assert T.mode(g) == "warrior"
    t = check_decision(g)
    assert t["warrior r6c6"] == "cell-r6c6" and "warrior r1c1" not in t
    T.act(g, "warrior r6c6", "hire slot3")
    assert T.mode(g) == "tocricoc" and check_decision(g) == {"tocricoc r1c1": "cell-r1c1"}


def rich_seat0(camayos: tuple[str, ...], tiles: tuple[str, ...]) -> SacredValley:
    """Seat 0 to act with $30, these Camayos held and these tiles added to its Warehouse."""
    g = T.blank_game(4)
    T.set_coins(g, 0, 30)
    for name in camayos:
        T.give_camayo(g, 0, name)
    T.give_tiles(g, 0, tiles)
    return g


def test_discard_decisions_target_the_warehouse_tile_and_the_work_zone_camayo():
    g = rich_seat0((), ("corn", "corn"))
    T.act(g, "purchase", "buy slot1")
    assert T.mode(g) == "discard_seed"
    assert check_decision(g) == {"discard chili": "seat0-wh-1", "discard corn": "seat0-wh-2"}
    h = rich_seat0(("rantic", "warrior", "herder"), ())
    T.act(h, "purchase", "hire slot1")
    assert T.mode(h) == "discard_camayo"
    assert check_decision(h) == {"dismiss 1": "seat0-camayo-1", "dismiss 3": "seat0-camayo-3"}
    k = rich_seat0(("warehouse_keeper", "warrior", "tocricoc"), ("corn", "corn", "beans", "quinoa"))
    T.act(k, "purchase", "hire slot1", "dismiss 1")
    assert T.mode(k) == "keeper_discard"
    assert check_decision(k)["discard corn"] == "seat0-wh-3"  # sorted: beans, chili, corn


@pytest.mark.rule("SV-499")
def test_saboteur_targets_grids_and_keeping_is_a_button():
    g = T.blank_game(4)
    T.give_camayo(g, 0, "saboteur")
    T.set_vine_catu(g, 2)
    T.set_coins(g, 0, 6)
    T.act(g, "purchase", "buy vine")
    assert T.mode(g) == "saboteur"
    t = check_decision(g)
    assert t["sabotage r1c1"] == "cell-r1c1" and "keep vine" not in t and view.is_button("keep vine")
    assert "plant the bought vine on r1c1" in title(
        parse(view.previews(g.observation(0), legal_of(g))["sabotage r1c1"])
    )


@pytest.mark.rule("SV-394", "SV-390", "SV-408", "SV-465")
def test_free_window_abilities_and_herder_moves():
    g = T.blank_game(4)
    T.give_camayo(g, 0, "alpaca_worker")
    T.give_camayo(g, 0, "cleaner")
    T.give_camayo(g, 0, "weaver")
    T.put_tiles(g, {"r1c1": "vine"})
    T.give_tiles(g, 0, ["chili"])
    t = check_decision(g)
    assert t["alpaca r2c2"] == "cell-r2c2" and t["clean r1c1 chili"] == "cell-r1c1"
    assert t["weave chili"] == "seat0-camayo-3"
    pv = view.previews(g.observation(0), legal_of(g))
    assert "replace the vine with chili on r1c1" in title(parse(pv["clean r1c1 chili"]))
    assert "two chili tiles for $4" in title(parse(pv["weave chili"]))
    h = T.blank_game(4)
    T.give_camayo(h, 0, "herder")
    T.put_alpaca(h, "r1c1", "w1")
    T.put_alpaca(h, "r2c2", "w2")
    T.act(h, "harvest")
    assert T.mode(h) == "herder"
    t = check_decision(h)
    assert t["herd w1 r3c3"] == t["herd w2 r3c3"] == "cell-r3c3" and view.is_button("stop herding")
    pv = view.previews(h.observation(0), legal_of(h))
    assert "move alpaca w2 from r2c2 to r3c3" in title(parse(pv["herd w2 r3c3"]))


@pytest.mark.rule("SV-340", "SV-452", "SV-490")
def test_extra_actions_target_their_camayos():
    g = T.blank_game(4)
    T.give_camayo(g, 0, "hatun_runa")
    T.give_camayo(g, 0, "chasqui")
    T.give_tiles(g, 0, ["chili"])
    T.act(g, "plant chili r1c1")
    t = check_decision(g)
    assert t == {"use hatun_runa": "seat0-camayo-1", "use chasqui": "seat0-camayo-2"}
    T.act(g, "use hatun_runa")
    assert T.mode(g) == "extra_plant" and check_decision(g)["plant chili r1c2"] == "cell-r1c2"
    T.act(g, "plant chili r1c2", "use chasqui")
    assert T.mode(g) == "extra_any" and check_decision(g)["harvest"] == "harvest-track"


def test_crop_choice_targets_the_crops():
    g = tawa.new_game("sacred-valley", 3, 5, {"CROP_ASSIGNMENT": "reverse_turn_order"})
    assert g.observation(None)["mode"] == "crop_choice"
    t = check_decision(g)
    assert t == {f"crop {c}": f"crop-{c}" for c in ("chili", "corn", "potato", "beans", "quinoa")}


def test_the_view_of_a_json_round_tripped_observation_is_the_same():
    """The server may keep or send observations as JSON: lists for tuples, string keys change nothing."""
    g = play(new_game(5, 9), 200, 9)
    seat = g.current_player
    obs = g.observation(seat)
    again = json.loads(json.dumps(obs))
    assert view.svg(again) == view.svg(obs)
    legal = legal_of(g)
    assert view.targets(again, legal) == view.targets(obs, legal)
    assert view.previews(again, legal) == view.previews(obs, legal)
