"""Saved documents are read field by field (issue 15): each field family refused by name, the decision being resolved
checked against what it relies on, and the JSON form of the IntEnum fields unchanged (plain numbers)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tawa
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.game import SacredValley
from tawa.games.sacred_valley.state import Phase


def _doc(g: tawa.Game) -> dict[str, Any]:
    return json.loads(g.to_json())


def _load(doc: dict[str, Any]) -> tawa.Game:
    return tawa.from_json(json.dumps(doc))


def _mid_planting() -> SacredValley:
    """P0 waits for the work partner of a level-2 unlock (a planting in progress)."""
    g = T.blank_game(4)
    T.put_tile(g, "r2c4", "vine")
    T.act(g, "plant chili r3c4")
    assert T.mode(g) == "partner"
    return g


def test_a_saved_game_loads_back_exactly_at_every_step() -> None:
    g = tawa.new_game("sacred-valley", 4, 3, {"TURN_CAP_ROUNDS": 20})
    rng = tawa.Rng(3)
    while not g.is_over:
        assert tawa.from_json(g.to_json()).to_json() == g.to_json()
        g.apply(rng.choice(g.legal_actions()))
    assert tawa.from_json(g.to_json()).to_json() == g.to_json()


def test_enum_fields_are_numbers_in_json_and_enums_after_loading() -> None:
    g = _mid_planting()
    doc = _doc(g)
    state = doc["state"]
    assert state["mode"] == int(Phase.PARTNER) and type(state["mode"]) is int
    assert all(type(v) is int for v in state["cover"]) and all(type(v) is int for v in state["plant"])
    back = _load(doc)
    assert isinstance(back, SacredValley)
    assert back.state.mode is Phase.PARTNER and back.state.plant is not None
    assert type(back.state.plant.stage).__name__ == "Stage"


# one bad value per field family: (field, value, the field path the error names)
FIELDS: list[tuple[str, Any, str]] = [
    ("n", 5, "state.n"),  # the player count
    ("mode", 17, "state.mode"),  # a decision that does not exist
    ("window", 0, "state.window"),  # a free window is main or purchase
    ("active", 4, "state.active"),
    ("round", 0, "state.round"),
    ("vines", 4, "state.vines"),  # more than VINE_CATU_CAPACITY
    ("regular_done", 1, "state.regular_done"),
    ("coins", [3, -1, 3, 3], "state.coins[1]"),
    ("crop", [0, 1, 2], "state.crop"),
    ("tile", [9] + [-1] * 35, "state.tile[0]"),  # a crop that does not exist
    ("tile", [-1] * 35, "state.tile"),  # one cell short
    ("iso", [0] * 36, "state.iso[0]"),
    ("alpaca_at", [36, -1, -1, -1], "state.alpaca_at[0]"),  # a cell that does not exist
    ("mee_owner", [4] + [-1] * 35, "state.mee_owner[0]"),  # a seat that does not exist
    ("main", [0, 1, 2, 3, 4], "state.main"),  # a Main Catu of 5 slots
    ("cat", [24, -1, -1, -1, -1], "state.cat[0]"),  # a Camayo kind that does not exist
    ("bag", ["corn"], "state.bag[0]"),
    ("tech_res", [1, 1, 1, 1, 9], "state.tech_res[4]"),
    ("farmers", [[0], [8], [0], [0]], "state.farmers[1][0]"),  # past HP_MAX
    ("farmers", [[0], [], [0], [0]], "state.farmers[1]"),  # a seat without its farmer is caught by the invariants
    ("cam", [[0, 1, 2, 3], [], [], []], "state.cam[0]"),  # four Camayos held
    ("marker", [[1], [], [], []], "state.marker[0][0]"),
    ("debts", [[1], [], [], []], "state.debts[0][0]"),  # level 1 has no cover
    ("piles", [[0], [10]], "state.piles"),  # one pile per Age
    ("tasks", [["fly"]], "state.tasks[0][0]"),
    ("tasks", [["immediate"]], "state.tasks[0]"),
    ("plant", [0, 99, 0, 0, 0, 0, 0, 0], "state.plant[1]"),
    ("plant", [0, 1, 2], "state.plant"),
]


@pytest.mark.parametrize(("key", "value", "path"), FIELDS, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(FIELDS)])
def test_each_field_family_is_checked_by_name(key: str, value: Any, path: str) -> None:
    g = T.blank_game(4)
    doc = _doc(g)
    doc["state"][key] = value
    with pytest.raises(tawa.BadState) as err:
        _load(doc)
    assert err.value.field is not None
    assert err.value.field == path or err.value.field == "state", (str(err.value), path)
    if err.value.field == "state":  # refused by the invariants: a consistent position is required
        assert "not a consistent position" in str(err.value)


def test_a_missing_field_is_named() -> None:
    doc = _doc(T.blank_game(4))
    del doc["state"]["herd_left"]
    with pytest.raises(tawa.BadState, match=r"state\.herd_left: missing"):
        _load(doc)


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda s: s.update(mode=int(Phase.FARMER)), "a planting in progress"),  # a farmer choice with no planting
        (lambda s: s.update(mode=int(Phase.DISCARD_SEED)), "a tile waits for room"),  # nothing on its way in
        (lambda s: s.update(mode=int(Phase.SABOTEUR)), "Saboteur plants the vine just bought"),
        (lambda s: s.update(mode=int(Phase.CROP_CHOICE)), "the seat choosing a crop"),
        (lambda s: s.update(pending_cam=3), "seed_rantic: 2"),  # a hired Camayo counted twice
        (lambda s: s.update(end_by=1), "the end is resolved at once"),
        (lambda s: s["iso"].__setitem__(5, True), "an isolated grid holds a tile"),
        (lambda s: s["mee_kind"].__setitem__(5, 0), "a meeple has an owner and a kind"),
    ],
)
def test_a_decision_that_could_not_be_resolved_is_refused(edit: Any, why: str) -> None:
    doc = _doc(T.blank_game(4))
    edit(doc["state"])
    with pytest.raises(tawa.BadState, match=why):
        _load(doc)


def test_a_planting_in_progress_is_checked_against_the_terrace() -> None:
    g = _mid_planting()
    doc = _doc(g)
    assert _load(doc).to_json() == g.to_json()
    doc["state"]["plant"][4] = 4  # the farmer step, while the game waits for the partner
    with pytest.raises(tawa.BadState, match="not a consistent position"):
        _load(doc)
    doc = _doc(g)
    doc["state"]["plant"][0] = 1  # corn, not in the Warehouse
    with pytest.raises(tawa.BadState, match="the tile to plant is in the Warehouse"):
        _load(doc)


# ------------------------------------------------------------------ option shapes (issue 15, issue 17)
@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"LAYOUT": []}, "LAYOUT"),
        ({"LAYOUT": [[1, 1, 1], [1, 2, 1]]}, "LAYOUT"),
        ({"LAYOUT": [[1, 1, 4], [1, 2, 1], [1, 3, 1]]}, "LAYOUT"),  # no level 4
        ({"LAYOUT": [[1, 1], [1, 2], [1, 3]]}, "LAYOUT"),
        ({"HARVEST_TRACK": [5, 1, 0, -3, 9, 12, 16, 20]}, "HARVEST_TRACK"),
        ({"HARVEST_TRACK": [0, 1, 3, 6, 9, 12, 16]}, "HARVEST_TRACK"),
        ({"HARVEST_TRACK": [1, 1, 3, 6, 9, 12, 16, 20]}, "HARVEST_TRACK"),  # SV-221 space 0 pays $0
        ({"HARVEST_TRACK": [0, 3, 1, 6, 9, 12, 16, 20]}, "HARVEST_TRACK"),
        ({"TECH_COSTS": [4, 6]}, "TECH_COSTS"),
        ({"MAIN_CATU_PRICES": [1, 1, 2, 2, 3, -3]}, "MAIN_CATU_PRICES"),
        ({"WHITE_ALPACA_STARTS": [[2, 5]]}, "WHITE_ALPACA_STARTS"),
        ({"WHITE_ALPACA_STARTS": [[2, 5], [2, 5]]}, "WHITE_ALPACA_STARTS"),
        ({"WHITE_ALPACA_STARTS": [[2, 5], [9, 9]]}, "WHITE_ALPACA_STARTS"),
        ({"FIRST_ROW": 7}, "FIRST_ROW"),
        ({"CAMAYO_COPIES": {"umu": -1}}, "CAMAYO_COPIES"),
        ({"VINE_CATU_CAPACITY": 11}, "VINE_CATU_CAPACITY"),
        ({"TURN_CAP_ROUNDS": "soon"}, "TURN_CAP_ROUNDS"),
        (
            {
                "LAYOUT": [[1, 1, 1], [1, 2, 1], [1, 3, 1], [1, 4, 1], [3, 3, 2]],
                "WHITE_ALPACA_STARTS": [[1, 3], [1, 4]],
            },
            "LAYOUT .*grid \\[3, 3\\] is not linked to FIRST_ROW",
        ),
        (
            {"LAYOUT": [[1, 1, 1], [1, 2, 1], [1, 3, 1]], "WHITE_ALPACA_STARTS": [[1, 1], [1, 3]]},
            "LAYOUT .*every FIRST_ROW grid is a white alpaca start or next to one",
        ),
    ],
)
def test_options_that_would_break_the_game_are_refused_by_name(options: dict[str, Any], name: str) -> None:
    with pytest.raises(tawa.BadOption, match=name):
        tawa.new_game("sacred-valley", 4, 1, options)


def test_first_player_must_be_a_seat_of_the_game() -> None:
    with pytest.raises(tawa.BadOption, match=r"FIRST_PLAYER .*no seat 4 in a 3-player game"):
        tawa.new_game("sacred-valley", 3, 1, {"FIRST_PLAYER": "4"})
    assert tawa.new_game("sacred-valley", 5, 1, {"FIRST_PLAYER": "4"}).state.first == 4


def test_a_small_alternative_layout_plays_to_its_end() -> None:
    layout = [[r, c, 1 if r == 1 else 2] for r in (1, 2) for c in range(1, 5)]
    g = tawa.new_game("sacred-valley", 3, 5, {"LAYOUT": layout, "WHITE_ALPACA_STARTS": [[2, 1], [2, 4]]})
    rng = tawa.Rng(5)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        g.check_invariants()
    assert not g.capped and g.tables.ncells == 8
