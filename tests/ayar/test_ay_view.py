"""The Ayar board in the browser (issue 18): the observation's component data, the SVG view, its targets,
buttons and previews (games/ayar/view/)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

import tawa
from board_views import NS, SVG, by_id, ids_of, parse, sampled_positions, title, translate
from tawa import Rng
from tawa.games.ayar import scoring, view
from tawa.games.ayar.data import PATHS, tables
from tawa.games.ayar.game import AyarGame
from tawa.games.ayar.testing import give_pots, into_activity, new, pot_id, put_textile, set_grid, tile_id
from tawa.lab.playout import random_action


@pytest.mark.rule("AY-700")
def test_observation_carries_the_component_data_of_the_games_options():
    """A view draws the board from the observation alone, so options that change the components (spot
    activities, the route, the terrace) show in it; the data is public, JSON, and the same for every seat."""
    spots = ("PPPPWWWWFFFFRRRRPPPPWWWWFFFFRRRRPPPPWWWW",) * 4
    route = ("1 0 - A", "2 5 y A", "1 0 - B", "3 9 - C")
    g = new(3, 1, SPOT_ACTIVITY=spots, ROUTE=route, TERRACE_SHAPE=((2, 2), (2, 2), (3, 5), (3, 5)))
    comp = g.observation(0)["components"]
    assert comp["spot_activity"] == list(spots)
    assert comp["route"] == [[0, 0, False, -1], [1, 0, False, 0], [2, 5, True, 0], [1, 0, False, 1], [3, 9, False, 2]]
    assert comp["terrace_cols"] == 5 and g.observation(0)["terrace_cells"] == 15
    assert comp["market_slots"] == 5 and comp["start_step"] == 6 and comp["spot_capacity"] == 1
    assert g.observation(None)["components"] == comp == g.observation(2)["components"]
    assert json.loads(json.dumps(comp)) == comp
    t = tables(new(2).params, 2)
    default = new(2).observation(1)["components"]
    assert default["textiles"][8] == ["T09", 2, ["aW", "aN", "bE"], True]
    assert default["frame"][0] == [1, 1, "W"] and len(default["frame"]) == len(t.frame)
    assert default["slot_bonus"][3] == ["moon", 3] and default["bonus_effect"][1] == ["power_pw", 1]
    assert default["rival_cards"][0] == ["RV01", "leader", 1, "PWFR"]
    assert default["pot_power"][:6] == list(t.pot_power[:6]) and default["pot_viracocha"][5] is True


# ============================================================================= helpers


def svg_of(g: AyarGame, seat: int | None = None) -> ET.Element:
    return parse(view.svg(g.observation(seat)))


def legal(g: AyarGame) -> list[str]:
    return [a.id for a in g.legal_actions()]


def decision(obs: dict) -> str:
    """The kind of decision an observation is at: a Viracocha to place (AY-809), else the turn's phase."""
    return "token" if obs["tokens_pending"]["n"] else obs["phase"]


def kind_of(g: AyarGame) -> str:
    return decision(g.observation(None))


# the element each kind of decision names (AY-800..AY-810)
TARGET_PATTERN = {
    "marker": r"seat{s}-marker-(teal|brown|purple|black|gold)",
    "slot": r"seat{s}-slot-[rc][1-4]",
    "ayar": r"ayar-(teal|brown|purple|black)",
    "tambo": r"seat{s}-tambo-r[1-4]c[1-4]",
    "spot": r"spot-{path}-\d+",
    "pot": r"market-\d|pot-stack",
    "textile": r"textile-stack-[1-4]",
    "place": r"seat{s}-weave-r[1-3]c[1-6]",
    "maize": r"seat{s}-box-[a-d]",
    "boat": r"route-\d+",
    "token": r"seat{s}-bonus-v[1-5]",
    "temple": r"temple-(teal|brown|purple|black)",
}
GAMES = [(1, 1, True), (2, 2, True), (3, 3, True), (4, 4, True), (3, 5, False)]


@pytest.mark.parametrize(("players", "seed", "biased"), GAMES)
def test_every_sampled_position_renders_and_every_action_is_a_target_or_a_button(players, seed, biased):
    g = tawa.new_game("ayar", players=players, seed=seed)
    assert isinstance(g, AyarGame)
    kinds = set()
    for pos in sampled_positions(g, seed, biased, every=70, kind=kind_of):
        seat = pos.current_player
        for who in [seat, None] if seat is not None else [None, 0]:
            obs = pos.observation(who)
            root = parse(view.svg(obs))
            index = {}
            for e in root.iter():  # ids are unique; every piece and space has its hover text
                ident = e.get("id")
                if ident:
                    assert ident not in index, ident
                    index[ident] = e
                    if not ident.startswith("ay-") and ident != "pieces":
                        assert title(e), ident
            if who != seat or seat is None:
                continue
            acts = legal(pos)
            kind = decision(obs)
            kinds.add(kind)
            targets = view.targets(obs, acts)
            assert set(targets) <= set(acts)
            assert set(targets.values()) <= set(index), "every target exists in the SVG"
            pattern = TARGET_PATTERN[kind].format(s=seat, path=PATHS[obs["context"]["path"]])
            for aid in acts:
                assert (aid in targets) != view.is_button(aid), aid
                if aid in targets:
                    assert re.fullmatch(pattern, targets[aid]), (aid, targets[aid])
            for ident in set(targets.values()):  # a click inside a target finds the target itself
                assert ids_of(index[ident]) == [ident], ident
            previews = view.previews(obs, acts)
            assert set(previews) == {a for a in acts if a.startswith("place ")}
            for aid in list(previews)[:4]:
                assert parse(previews[aid]).get("data-action") == aid
    assert g.is_over
    assert {"marker", "slot", "spot"} <= kinds and kinds & {"pot", "textile", "maize", "boat"}


def test_buttons_are_exactly_the_actions_about_no_element():
    """Of every action id the game can offer, only stopping an activity early is a button; every other id
    names an element of the board."""
    g = new(3, 2)
    rng = Rng(2)
    while g.observation(None)["phase"] != "spot":
        g.apply(random_action(g, rng, True))
    obs = g.observation(g.current_player)
    root = svg_of(g)
    ids = set(ids_of(root))
    buttons = sorted(a for a in g.action_space.ids if view.is_button(a))
    assert buttons == ["maize done", "pot done", "weave done"]
    for aid in g.action_space.ids:
        target = view.target_of(obs, aid)
        assert (target is None) == view.is_button(aid), aid
        if target is not None:
            assert target in ids, (aid, target)


@pytest.mark.rule("AY-701", "AY-702", "AY-703", "AY-704", "AY-706")
@pytest.mark.parametrize(("players", "seed", "moves"), [(1, 3, 60), (3, 4, 170), (4, 9, 250)])
def test_scrambled_hidden_parts_give_the_same_svg_for_the_seat_and_the_spectator(players, seed, moves):
    """The facedown stack's order, facedown Pots, the Textiles under each top and the Rival deck are hidden:
    a scrambled copy draws the same table, for each seat and for a spectator."""
    g = new(players, seed)
    rng = Rng(seed)
    for _ in range(moves):
        g.apply(random_action(g, rng, True))
    give_pots(g, 0, [(g.state.stack[0], True)])  # a facedown Pot on a board, whatever the game did
    assert not g.is_over
    for seat in range(players):
        other = g.scramble_hidden(seat, Rng(99 + seat))
        assert view.svg(other.observation(seat)) == view.svg(g.observation(seat))
        assert view.svg(other.observation(None)) == view.svg(g.observation(None))
    spectator, mine = view.svg(g.observation(None)), view.svg(g.observation(0))
    assert "(you)" in mine and "(you)" not in spectator
    assert spectator == view.svg(g.observation(None))


def test_the_view_of_a_json_round_tripped_observation_is_the_same():
    """The server may keep or send observations as JSON."""
    g = new(2, 8)
    rng = Rng(8)
    while g.observation(None)["phase"] != "place":
        g.apply(random_action(g, rng, True))
    obs = g.observation(g.current_player)
    again = json.loads(json.dumps(obs))
    assert view.svg(again) == view.svg(obs)
    acts = legal(g)
    assert view.targets(again, acts) == view.targets(obs, acts)
    assert view.previews(again, acts) == view.previews(obs, acts)


# ============================================================================= exact checks per component


@pytest.mark.rule("AY-031", "AY-113")
def test_ayars_stand_on_their_steps_and_a_retired_one_with_his_sister():
    g = new(4, 1)
    root = svg_of(g)
    for name in PATHS:
        x, _ = translate(by_id(root, f"ayar-{name}"))
        assert x == pytest.approx(view.step_x(g.observation(None), 0), abs=0.1)  # 4 players start on step 0
        assert f"The {name} Ayar on step 0" in title(by_id(root, f"ayar-{name}"))
        assert "AY-411 [S]" in title(by_id(root, f"ayar-{name}"))
    g.state.step[1] = 13
    g.state.active[0] = False
    root = svg_of(g)
    x, _ = translate(by_id(root, "ayar-brown"))
    assert x == pytest.approx(view.PATH_X + view.SPOTS_W * 13 / 40, abs=0.1)
    tx, _ = translate(by_id(root, "ayar-teal"))
    assert tx > view.TEMPLE_X and "retired to the temple track" in title(by_id(root, "ayar-teal"))
    assert "closed" in by_id(root, "spot-teal-5").get("class")


@pytest.mark.rule("AY-132", "AY-134", "AY-155")
def test_spots_show_their_activity_and_the_tambos_on_them():
    g = new(2, 1)
    g.state.spots[2][14] = (1,)
    g.state.spots[0][20] = (0,)
    root = svg_of(g)
    spot = by_id(root, "spot-purple-14")
    assert "a-" + g.observation(None)["components"]["spot_activity"][2][13] in spot.get("class")
    assert "a Tambo of P2" in title(spot)
    assert "AY-134 [P] 1 Tambo(s) per spot" in title(spot)
    tambo = by_id(root, "tambo-purple-14")
    x, _ = translate(tambo)
    assert view.step_x(g.observation(None), 13) < x < view.step_x(g.observation(None), 14)
    assert tambo.find(".//s:use", NS).get("href") == "#ay-tambo-1" and "passive" not in tambo.get("class")
    # 2 players start on step 12 (C2): the spots up to 12 are never used (AY-133)
    assert "unused" in by_id(root, "spot-teal-12").get("class")
    assert "unused" not in by_id(root, "spot-teal-13").get("class")
    assert "Weaving" in title(by_id(root, "spot-teal-1")) and "a-W" in by_id(root, "spot-teal-1").get("class")


@pytest.mark.rule("AY-210", "AY-213", "AY-217")
def test_raymi_tiles_show_their_activity_and_rule_and_disappear_when_scored():
    g = new(2, 3)
    tiles = g.state.raymi
    root = svg_of(g)
    raymi = by_id(root, "raymi-teal-18")
    assert raymi.get("data-tile") == tiles[0]
    assert "AY-210 [S]" in title(raymi) and "AY-217 [P]" in title(raymi)
    assert by_id(root, "raymi-black-28").get("data-tile") == tiles[7]
    g.state.raymi[0] = ""
    raymi = by_id(svg_of(g), "raymi-teal-18")
    assert raymi.get("data-tile") == "" and "no tile" in title(raymi)


@pytest.mark.rule("AY-173", "AY-432")
def test_temple_rows_show_markers_tokens_and_closing():
    g = new(3, 1)
    g.state.temple[1] = (0, 2)
    g.state.temple_closed[3] = True
    g.state.temple_token[3] = 0
    root = svg_of(g)
    row = by_id(root, "temple-brown")
    assert "Temple markers: P1, P3; 1 Viracocha" in title(row)
    assert "AY-432 [P] each marker scores 2 x the Night number" in title(row)
    assert "closed" in by_id(root, "temple-black").get("class")
    assert ids_of(row) == ["temple-brown"]


@pytest.mark.rule("AY-608", "AY-609", "AY-610", "AY-611", "AY-291", "AY-294")
def test_the_weaving_area_draws_textiles_at_their_orientation_and_counts_the_suns():
    """The worked example AY-608..AY-611: T03 E on r1c1, T04 E flipped on r2c1, T11 W flipped on r3c2 give
    Weaving Sun 4 and Weaving Moon 7; each tile's half-suns are drawn on the sides the placement gives."""
    g = new(2, 0)
    put_textile(g, 0, "T03", 1, 1, "e")
    root = svg_of(g)
    assert "Weaving Sun 1, Weaving Moon 0" in title(by_id(root, "seat0-weave"))
    tile = by_id(root, "textile-T03")
    assert "on r1c1 + r1c2; half-suns r1c1 N; r1c2 N" in title(tile)
    x, y = translate(tile)
    assert (x, y) == pytest.approx(view.Layout(g.observation(0)).at(0, view.WEAVE_X, view.WEAVE_Y), abs=0.1)
    # two half-suns on the top edges of the two cells: flat side on the edge, bulging into the cell
    arcs = [p.get("d") for p in tile.iter(SVG + "path") if p.get("class") == "hs"]
    assert len(arcs) == 2 and all(" 0 0 0 " in d for d in arcs)
    put_textile(g, 0, "T04", 2, 1, "e", flip=True)
    put_textile(g, 0, "T11", 3, 2, "w", flip=True)
    root = svg_of(g)
    assert "Weaving Sun 4, Weaving Moon 7" in title(by_id(root, "seat0-weave"))
    assert "r3c2 N; r3c1 NW" in title(by_id(root, "textile-T11")) or "r3c1 NW; r3c2 N" in title(
        by_id(root, "textile-T11")
    )
    assert "covered" in title(by_id(root, "seat0-weave-r3c1"))
    assert "empty" in title(by_id(root, "seat0-weave-r3c3"))


def test_frame_half_suns_are_drawn_on_the_frame():
    g = new(2, 0)
    obs = g.observation(None)
    seat0 = by_id(svg_of(g), "seat0")
    frame = [p for p in seat0.iter(SVG + "path") if p.get("class") == "hs"]
    assert len(frame) == len(obs["components"]["frame"]) == 10


@pytest.mark.rule("AY-257", "AY-259", "AY-291", "AY-294", "AY-316", "AY-317", "AY-357", "AY-359")
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_the_activity_values_on_each_board_are_the_rules_values(players, seed):
    """The Sun and Moon values printed beside each activity area agree with scoring.py all through a game."""
    g = new(players, seed)
    rng = Rng(seed)
    t = tables(g.params, players)
    k = 0
    while not g.is_over:
        if k % 40 == 0:
            obs = g.observation(None)
            text = view.svg(obs)
            for i, p in enumerate(g.state.players):
                board = text[text.index(f'id="seat{i}"') :]
                assert (
                    f"Pottery  ☀{scoring.pottery_sun(p, t)} ☾{scoring.pottery_moon(p, t, g.params.SET_MOON)}" in board
                )
                assert f"Weaving  ☀{scoring.weave_sun(p, t)} ☾{scoring.weave_moon(p, t)}" in board
                assert f"Farming  ☀{scoring.farm_sun(p, t)} ☾{scoring.farm_moon(p, t)}" in board
                assert f"Reed  ☀{scoring.reed_sun(p, t)} ☾{scoring.reed_moon(p, t)}" in board
        g.apply(random_action(g, rng, True))
        k += 1


@pytest.mark.rule("AY-240", "AY-245", "AY-702")
def test_pots_in_the_market_and_on_the_rows_facedown_ones_without_identity():
    g = new(2, 0)
    red4 = pot_id(g, "red", 6)
    give_pots(g, 1, [(red4, False), (g.state.stack[0], True)])
    obs = g.observation(1)
    root = parse(view.svg(obs))
    pot = by_id(root, f"pot-{red4}")
    assert "red 4 (Viracocha) of P2 on space 1" in title(pot)
    x, y = translate(pot)
    assert (x, y) == pytest.approx(view.Layout(obs).at(1, view.potrow_xy(0)[0], view.potrow_xy(0)[1] + 2), abs=0.1)
    down = by_id(root, "seat1-pot-2")
    assert down.find(".//s:use", NS).get("href") == "#ay-pot-down" and "facedown" in title(down)
    for i, pid in enumerate(obs["market"]):
        piece = by_id(root, f"pot-{pid}")
        assert "passive" in piece.get("class") and f"market slot {i + 1}" in title(piece)
        assert title(by_id(root, f"market-{i + 1}")).startswith(f"Market slot {i + 1}: ")
    assert f"Facedown Pot stack: {obs['stack_size']} Pot(s)" in title(by_id(root, "pot-stack"))
    assert "AY-242 [P] the top Pot costs 3 power" in title(by_id(root, "pot-stack"))
    assert "Pottery  ☀2 ☾4" in view.svg(obs)  # red + a wild: a pair (AY-259, AY-260)


@pytest.mark.rule("AY-090", "AY-113", "AY-175")
def test_step_slots_markers_and_grid_tambos():
    g = new(2, 0)
    set_grid(g, 0, ["T.TT", "TTTT", "TTTT", "TTTT"])
    g.apply("marker purple")
    g.apply("slot r1")
    obs = g.observation(0)
    root = parse(view.svg(obs))
    lay = view.Layout(obs)
    marker = by_id(root, "seat0-marker-purple")
    assert translate(marker) == pytest.approx(lay.at(0, *view.slot_xy(0)), abs=0.1)
    assert "laid on Step slot R1 this round, it moved the purple Ayar" in title(marker)
    assert translate(by_id(root, "seat0-marker-gold")) == pytest.approx(lay.at(0, *view.reserve_xy(4)), abs=0.1)
    slot = by_id(root, "seat0-slot-c3")
    assert "3 arrow(s), Moon 0, clan bonus 3 Moon" in title(slot) and "AY-441 [P]" in title(slot)
    assert "seat0-tambo-r1c2" not in ids_of(root)
    assert translate(by_id(root, "seat0-tambo-r4c4")) == pytest.approx(lay.at(0, *view.grid_cell_xy(15)), abs=0.1)


@pytest.mark.rule("AY-348", "AY-350")
def test_boats_and_islands_on_the_route():
    g = new(2, 0)
    into_activity(g, 0, "R", 4)
    g.apply("boat 4")
    root = svg_of(g)
    obs = g.observation(None)
    boat = by_id(root, "boat-0")
    bx, by = translate(boat)
    rx, ry = view.route_xy(obs, 4)
    assert abs(bx - rx) < 10 and by < ry and "passive" in boat.get("class")
    assert "Boat of P1 on route space 4" in title(boat)
    isl = by_id(root, "seat0-island-1")
    assert "on route space 2" in title(isl) and "passive" in isl.get("class")
    assert "on route space 4" in title(by_id(root, "seat0-island-2"))
    assert "still on its slot" in title(by_id(root, "seat0-island-3"))
    space = by_id(root, "route-4")
    assert "yellow Island slot" in title(space) and "AY-350 [R]" in title(space) and "Islands of P1" in title(space)
    assert space.get("data-cost") == "0"
    assert "Boats of P2" in title(by_id(root, "route-0"))


@pytest.mark.rule("AY-380", "AY-388")
def test_bonus_spaces_show_tokens_and_their_rule():
    g = new(2, 0)
    g.state.players[1].bonus = [1, 2, 1, 0, 0]
    root = svg_of(g)
    v2 = by_id(root, "seat1-bonus-v2")
    assert "2 of 2 token(s) — complete" in title(v2) and "(AY-388 [P])" in title(v2)
    assert "complete" in v2.get("class")
    assert len([u for u in v2.iter(SVG + "use") if u.get("href") == "#ay-token"]) == 2
    assert "1 of 2 token(s);" in title(by_id(root, "seat1-bonus-v3"))


def test_terrace_and_maize_boxes():
    g = new(2, 0)
    into_activity(g, 1, "F", 3)
    g.apply("maize b")
    g.apply("maize b")
    root = svg_of(g)
    assert "Maize of P2" in title(by_id(root, "terrace-1")) and "Maize of P2" in title(by_id(root, "terrace-2"))
    assert "empty" in title(by_id(root, "terrace-3"))
    box = by_id(root, "seat1-box-b")
    assert "1 of 3 cube(s) left" in title(box) and "(3 uncovered)" in title(box) and "AY-312 [R]" in title(box)
    assert "Terrace: 2 of 16 spaces planted this round (P2 2)" in title(by_id(root, "terrace"))


@pytest.mark.rule("AY-503", "AY-704")
def test_the_solo_rival_shows_its_revealed_cards_and_deck():
    g = new(1, 4)
    rng = Rng(4)
    for _ in range(40):
        g.apply(random_action(g, rng, True))
    obs = g.observation(0)
    root = parse(view.svg(obs))
    shown = obs["rival"]["shown"]
    assert shown
    cards = obs["components"]["rival_cards"]
    last = by_id(root, f"rival-card-{cards[shown[-1]][0]}")
    assert "the last one revealed" in title(last) and "AY-504 [P]" in title(last)
    assert f"Rival deck: {obs['rival']['deck_size']} card(s)" in title(by_id(root, "rival-deck"))
    assert "seat1" not in ids_of(root)


def test_status_names_the_decision_and_the_observer():
    g = new(3, 0)
    root = svg_of(g, 0)
    status = title(by_id(root, "status"))
    assert "Round 1 of 4 · Day turn 1 of 12 · you: lay a Step marker" in status
    assert "P1: lay a Step marker" in title(by_id(svg_of(g, None), "status"))
    assert "(you)" in title(by_id(root, "seat0-head")) or "P1 (you)" in view.svg(g.observation(0))


# ============================================================================= targets of each decision


def test_targets_of_a_day_turn_name_the_marker_slot_tambo_and_spot():
    g = new(2, 0)
    obs = g.observation(0)
    t = view.targets(obs, legal(g))
    assert t["marker teal"] == "seat0-marker-teal" and t["marker gold"] == "seat0-marker-gold"
    g.apply("marker gold")
    t = view.targets(g.observation(0), legal(g))
    assert t["slot r2"] == "seat0-slot-r2"
    g.apply("slot r2")
    t = view.targets(g.observation(0), legal(g))
    assert t == {f"ayar {p}": f"ayar-{p}" for p in PATHS}  # AY-111 the gold marker moves any Ayar
    g.apply("ayar purple")
    t = view.targets(g.observation(0), legal(g))
    assert t == {f"tambo r2c{c}": f"seat0-tambo-r2c{c}" for c in range(1, 5)}
    g.apply("tambo r2c3")
    obs = g.observation(0)
    t = view.targets(obs, legal(g))
    assert t and all(v == f"spot-purple-{a.split()[1]}" for a, v in t.items())
    root = parse(view.svg(obs))
    hand = by_id(root, "seat0-tambo-r2c3")
    assert "in-hand" in hand.get("class")
    assert by_id(root, "spot-purple-13").get("data-action") == "spot 13"


def test_targets_of_the_activities():
    g = new(2, 0)
    into_activity(g, 0, "P", 5)
    t = view.targets(g.observation(0), legal(g))
    assert set(t.values()) <= {f"market-{i}" for i in range(1, 5)} | {"pot-stack"} and "pot facedown" in t
    into_activity(g, 0, "W", 3)
    acts = legal(g)
    t = view.targets(g.observation(0), acts)
    assert t == {f"textile {i}": f"textile-stack-{i}" for i in (1, 2, 3)}
    g.apply("textile 1")
    obs = g.observation(0)
    acts = legal(g)
    t = view.targets(obs, acts)
    cells = {v for v in t.values()}
    assert cells <= {f"seat0-weave-r{r}c{c}" for r in (1, 2, 3) for c in range(1, 7)}
    assert len([a for a in acts if t[a] == "seat0-weave-r2c3"]) > 1, "several orientations share one cell"
    into_activity(g, 1, "F", 2)
    assert view.targets(g.observation(1), legal(g)) == {f"maize {b}": f"seat1-box-{b}" for b in "abcd"}
    into_activity(g, 1, "R", 2)
    t = view.targets(g.observation(1), legal(g))
    assert t == {"boat 1": "route-1", "boat 2": "route-2"}


def first_decision(players: int, kind: str) -> AyarGame:
    """The first position of a seeded progress-biased game (seeds 1, 2, ...) that asks ``kind``."""
    for seed in range(1, 60):
        g = new(players, seed)
        rng = Rng(seed)
        while not g.is_over:
            if decision(g.observation(None)) == kind:
                return g
            g.apply(random_action(g, rng, True))
    raise AssertionError(f"no {kind} decision found")


@pytest.mark.rule("AY-809", "AY-810")
def test_viracocha_and_temple_targets():
    g = first_decision(3, "token")
    seat = g.current_player
    obs = g.observation(seat)
    t = view.targets(obs, legal(g))
    assert t and t == {a: f"seat{seat}-bonus-{a.split()[1]}" for a in legal(g)}
    assert f"{obs['tokens_pending']['n']} to place" in view.svg(obs)
    g = first_decision(3, "temple")
    t = view.targets(g.observation(g.current_player), legal(g))
    assert len(t) >= 2 and t == {a: f"temple-{a.split()[1]}" for a in legal(g)}


@pytest.mark.rule("AY-286", "AY-608")
def test_placement_previews_show_the_tile_laid_at_each_orientation():
    g = new(2, 0)
    into_activity(g, 0, "W", 1)
    stack = g.state.stacks[0]
    t03 = tile_id(g, "T03")
    stack.remove(t03)
    stack.insert(0, t03)
    g.apply("textile 1")
    acts = legal(g)
    pv = view.previews(g.observation(0), acts)
    assert set(pv) == set(acts)
    root = parse(pv["place r1c1 e"])
    text = title(root)
    assert "Lay T03 on r1c1 + r1c2: half-suns r1c1 N, r1c2 N; Weaving Sun 0 -> 1, Weaving Moon 0" in text
    assert root.findall(".//s:path[@class='rays']", NS), "the completed Sun is marked"
    flipped = title(parse(pv["place r1c1 e flip"]))
    assert "half-suns r1c1 S, r1c2 S; Weaving Sun 0 -> 0" in flipped
    down = title(parse(pv["place r1c1 s"]))
    assert "on r1c1 + r2c1: half-suns r1c1 E, r2c1 E" in down
    assert not [e for e in root.iter() if e.get("id")], "a preview has no ids of its own"


def test_the_texts_name_the_rule_numbers_of_the_games_options():
    """The [P] numbers the board's texts name come with the observation, so a game that changes them shows its own
    (the facedown Pot's cost and limit, the reshuffle threshold, the Temple's Sun, the overflow Llamas)."""
    g = new(2, 1, FACEDOWN_COST=4, FACEDOWN_MAX=1, RESHUFFLE_BELOW=3, TEMPLE_SUN_PER_NIGHT=5, OVERFLOW_LLAMAS=2)
    root = svg_of(g, 0)
    stack = title(by_id(root, "pot-stack"))
    assert "costs 4 power" in stack and "up to 1 per action" in stack and "fewer than 3 Pots" in stack
    assert "cost 4" in "".join(by_id(root, "pot-stack").itertext())
    assert "each marker scores 5 x the Night number" in title(by_id(root, "temple-brown"))
    assert "a token is 2 Llama" in title(by_id(root, "seat0-bonus-v1"))
    default = svg_of(new(2, 1), 0)
    assert "costs 3 power" in title(by_id(default, "pot-stack"))
