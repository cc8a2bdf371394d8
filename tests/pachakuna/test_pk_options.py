"""Options (data.py PARAMS): every Param declares its shape, a value outside it is refused with ``BadOption`` naming
the Param and its rules, and values that are each valid but do not fit together are refused by check_params."""

from __future__ import annotations

from typing import Any

import pytest

import tawa
from tawa.games.pachakuna.data import AUTOMATION_TURN_CAP, DEMANDS_DEFAULT, PARAMS
from tawa.lab.playout import automated_options, random_playout


def _refused(name: str, value: Any, **others: Any) -> str:
    with pytest.raises(tawa.BadOption) as err:
        tawa.new_game("pachakuna", 2, 1, {name: value, **others})
    assert PARAMS.params[name].label in str(err.value)
    return str(err.value)


def test_every_param_declares_its_shape():
    assert len(list(PARAMS)) == 27
    for p in PARAMS:
        assert p.describe() or p.check is not None or isinstance(p.default, bool), p.name


@pytest.mark.rule("PK-008", "PK-009", "PK-281")
def test_demand_lists():
    assert "at least 7" in _refused("DEMANDS", [])  # issue 15: DEMANDS=[] broke the game
    _refused("DEMANDS", [("red", "red")] * 8)
    _refused("DEMANDS", [("red", "pink")] * 8)
    assert "twice" in _refused("DEMANDS", [*DEMANDS_DEFAULT, DEMANDS_DEFAULT[-1]])
    # PK-281: with only the pairs without white, the centre has no valid demand during play... and none at setup
    assert "white village" in _refused("DEMANDS", [p for p in DEMANDS_DEFAULT if "white" in p][:12])
    g = tawa.new_game("pachakuna", 2, 1, {"DEMANDS": list(reversed(DEMANDS_DEFAULT))})
    assert g.tables.demands[0] == (6, 5)  # D00 is now P/B


@pytest.mark.rule("PK-275", "PK-011", "PK-012", "PK-045", "PK-041")
def test_board_data():
    _refused("REFILL_ORDER", [(0, 0)] * 7)
    _refused("REFILL_ORDER", [(0, 0), (4, 0)])
    _refused("VILLAGE_COLOURS", {"red": (1, 0)})
    _refused("TILE_COUNTS", {"F": 15, "N": 24, "M": 14})
    _refused("TILE_COUNTS", {"F": -1, "N": 40, "M": 15})
    _refused("TILE_TYPES", {"F": (("M", (0, 1)), ("V", (2, 3, 4)))})  # side 5 in no region
    _refused("TILE_TYPES", {"F": (("M", (0, 1, 2, 3, 4, 5)), ("V", ()))})  # an empty region
    _refused("TILE_TYPES", {"F": (("X", (0, 1)), ("V", (2, 3, 4, 5)))})
    with pytest.raises(tawa.BadOption, match="fixed by the rulebook"):
        tawa.new_game("pachakuna", 2, 1, {"PAYOUT": [3, 1, 0]})


@pytest.mark.rule("PK-041", "PK-084")
def test_tile_data_merges_with_the_defaults():
    """A TILE_TYPES or TILE_COUNTS override changes the types it names and keeps the others, so a layout never
    lacks a type; an unknown type cannot be counted."""
    g = tawa.new_game("pachakuna", 2, 1, {"TILE_TYPES": {"F": (("M", (0,)), ("V", (1, 2, 3, 4, 5)))}})
    assert set(g.tables.tile_types) == {"F", "N", "M"} and g.tables.tile_types["F"].mountain_sides(0) == (0,)
    _refused("TILE_COUNTS", {"Z": 54})
    tawa.new_game("pachakuna", 2, 1, {"layout": "random", "TILE_COUNTS": {"F": 20, "N": 20, "M": 14}})


@pytest.mark.rule("PK-320", "PK-007")
def test_caps_are_positive_whole_numbers_or_null():
    for name in ("TURN_CAP", "MAX_ROTATIONS"):
        for bad in (0, -3, 1.5, "x", True):
            _refused(name, bad)
        tawa.new_game("pachakuna", 2, 1, {name: None})
        tawa.new_game("pachakuna", 2, 1, {name: 3})


@pytest.mark.rule("PK-320")
def test_the_safety_cap_of_automated_and_bot_only_runs():
    """issue 17: uniform random P'achakuna never opens a route; automated runs (and bot-only `tawa play`) switch on
    the declared [D] turn cap, so such a game ends, as a draw said to come from the cap."""
    assert tawa.game_class("pachakuna").info.automation_options == {"TURN_CAP": AUTOMATION_TURN_CAP}
    assert PARAMS.params["TURN_CAP"].tag == "D" and PARAMS.params["TURN_CAP"].default is None
    g = tawa.new_game("pachakuna", 2, 1, automated_options("pachakuna", {}))
    random_playout(g, tawa.Rng(1))
    assert g.is_over and g.capped and g.state.turn == AUTOMATION_TURN_CAP
    table = g.standings()
    assert [s.place for s in table] == [1, 1] and all("PK-320" in s.decided_by for s in table)
