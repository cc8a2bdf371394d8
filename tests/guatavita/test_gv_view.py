"""The Guatavita board in the browser (issue 18): the observation's option values."""
from __future__ import annotations

import json

import pytest

import tawa
from tawa.games.guatavita.game import GuatavitaGame
from tawa.lab.playout import automated_options


def new_game(players: int, seed: int, **options: object) -> GuatavitaGame:
    g = tawa.new_game("guatavita", players, seed, automated_options("guatavita", options))
    assert isinstance(g, GuatavitaGame)
    return g


@pytest.mark.rule("GV-073")
def test_observation_names_the_option_values_a_board_draws():
    g = new_game(3, 1, SLOTS={"loan": 3, "pioneer": 2}, CAMP_UPGRADE=[2, 1, 3], LOAN_GOLD=[0, 3, 4, 5, 5, 6],
                 GOLD_CAP=10)
    obs = g.observation(0)
    assert obs["overrides"]["SLOTS"] == {"loan": 3, "pioneer": 2}
    assert obs["overrides"]["MAX_ROUNDS"] == 40  # the round cap of automated runs (GV-863)
    assert json.loads(json.dumps(obs)) == obs
    assert new_game(2, 1).observation(None)["overrides"] == {"MAX_ROUNDS": 40}
