"""The Sacred Valley board in the browser (issue 18): the observation's option keys."""
from __future__ import annotations

import pytest

import tawa
from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley.game import SacredValley
from tawa.lab.playout import automated_options


def new_game(players: int, seed: int, **options: object) -> SacredValley:
    g = tawa.new_game("sacred-valley", players, seed, automated_options("sacred-valley", options))
    assert isinstance(g, SacredValley)
    return g


@pytest.mark.rule("SV-633", "SV-220", "SV-260", "SV-311", "SV-363")
def test_observation_names_the_option_values_a_board_draws():
    """A view reads the [P] options it draws from the observation, so option games show their own numbers."""
    track = [0, 2, 4, 7, 10, 13, 17, 21]
    g = new_game(4, 1, HARVEST_TRACK=track, MAIN_CATU_PRICES=[1, 2, 2, 3, 3, 4], TECH_COSTS=[3, 5, 7],
                 VINE_CATU_CAPACITY=4, CROSS_LEVEL_ADJACENCY=False)
    obs = g.observation(None)
    assert obs["harvest_track"] == track and obs["main_catu_prices"] == [1, 2, 2, 3, 3, 4]
    assert obs["tech_costs"] == [3, 5, 7] and obs["vine_catu_capacity"] == 4
    assert obs["first_row"] == 1 and obs["cross_level_adjacency"] is False
    default = new_game(3, 1).observation(0)
    assert default["harvest_track"] == list(D.PARAMS.params["HARVEST_TRACK"].default)
    assert default["cross_level_adjacency"] is True
