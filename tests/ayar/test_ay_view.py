"""The Ayar board in the browser (issue 18): the observation's component data, the SVG view, its targets,
buttons and previews (games/ayar/view.py)."""
from __future__ import annotations

import json

import pytest

from tawa.games.ayar.data import tables
from tawa.games.ayar.testing import new


@pytest.mark.rule("AY-700")
def test_observation_carries_the_component_data_of_the_games_options():
    """A view draws the board from the observation alone, so options that change the components (spot
    activities, the route, the terrace) show in it; the data is public, JSON, and the same for every seat."""
    spots = ("PPPPWWWWFFFFRRRRPPPPWWWWFFFFRRRRPPPPWWWW",) * 4
    route = ("1 0 - A", "2 5 y A", "1 0 - B", "3 9 - C")
    g = new(3, 1, SPOT_ACTIVITY=spots, ROUTE=route, TERRACE_SHAPE=((2, 2), (2, 2), (3, 5), (3, 5)))
    comp = g.observation(0)["components"]
    assert comp["spot_activity"] == list(spots)
    assert comp["route"] == [[0, 0, False, -1], [1, 0, False, 0], [2, 5, True, 0], [1, 0, False, 1],
                             [3, 9, False, 2]]
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
