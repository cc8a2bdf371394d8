"""The OpenSpiel adapter (only where the optional open-spiel wheel is installed)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
import toy_game  # noqa: E402, F401  (registers "toy-cards")

import tawa  # noqa: E402
from tawa.lab.openspiel import duel, register, resampler  # noqa: E402


def test_a_tawa_game_runs_under_openspiel_ismcts_and_mcts() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    name = register("toy-cards")
    assert register("toy-cards") == name == "python_tawa_toy_cards"
    game = pyspiel.load_game(name, {"players": 3, "seed": 4})
    assert game.num_players() == 3 and game.num_distinct_actions() == 7
    s = game.new_initial_state()
    truth = tawa.new_game("toy-cards", 3, 4)
    assert s.information_state_string(0) == s.observation_string(0)
    assert [s.action_to_string(0, a) for a in s.legal_actions()] == [a.id for a in truth.legal_actions()]
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert len(s.tawa.history) == 0 and len(c.tawa.history) == 1, "clones are independent"
    r = resampler(3)(s, 0)
    assert r.information_state_string(0) == s.information_state_string(0)
    rs = np.random.RandomState(1)
    bots = [
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 0.7, 30, random_state=rs),
        mcts.MCTSBot(game, 0.7, 30, mcts.RandomRolloutEvaluator(1, rs), random_state=rs),
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 0.7, 30, random_state=rs),
    ]
    for b in bots[::2]:
        b.set_resampler(resampler(1))
    while not s.is_terminal():
        s.apply_action(bots[s.current_player()].step(s))
    assert s.tawa.is_over and max(s.returns()) == 1.0


def test_duel_reports_win_shares_and_iteration_rates() -> None:
    d = duel("toy-cards", games=2, seconds=0.01)
    assert d["finished"] + d["capped"] == 2
    assert d["our_iterations_per_s"] > 0 and d["openspiel_iterations_per_s"] > 0
    assert d["our_win_share"]["n"] == d["finished"]
    assert d["our_seconds_per_move"] > 0 and d["openspiel_seconds_per_move"] > 0


def test_duel_takes_our_bot_spec() -> None:
    d = duel("toy-cards", games=2, seconds=0.01, ours="greedy")
    assert d["ours"] == "greedy" and d["our_iterations_per_s"] is None
    assert d["finished"] + d["capped"] == 2


# short games for OpenSpiel's random simulation test (uniform random moves; the [D] caps end what does not end)
SIMULATED = [
    ("ayar", 2, {}),
    ("guatavita", 3, {"MAX_ROUNDS": 6}),
    ("pachakuna", 2, {"TURN_CAP": 30}),
    ("sacred-valley", 3, {"TURN_CAP_ROUNDS": 8}),
]


@pytest.mark.parametrize("game_id,players,options", SIMULATED, ids=[g[0] for g in SIMULATED])
def test_every_tawa_game_passes_openspiel_random_simulation_test(game_id: str, players: int, options: dict) -> None:
    import json

    from tawa.lab.openspiel import register_all

    names = register_all()  # every registered game (here also the toy game of tests/core)
    assert {"python_tawa_ayar", "python_tawa_guatavita", "python_tawa_pachakuna", "python_tawa_sacred_valley"} <= set(
        names
    )
    game = pyspiel.load_game(
        f"python_tawa_{game_id.replace('-', '_')}", {"players": players, "seed": 5, "options": json.dumps(options)}
    )
    assert game.get_type().provides_information_state_tensor and game.get_type().provides_observation_tensor
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_tensors_are_the_encodings_of_each_seats_observation() -> None:
    from tawa.core.encoding import encode, encoder_for
    from tawa.lab.openspiel import register

    game = pyspiel.load_game(register("ayar"), {"players": 3, "seed": 2})
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    size = encoder_for(state.tawa).size
    assert game.information_state_tensor_shape() == game.observation_tensor_shape() == [size]
    for seat in range(3):
        expect = encode(state.tawa, seat)
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), expect)
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expect)
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))
    with pytest.raises(Exception, match="JSON object"):
        pyspiel.load_game(register("ayar"), {"options": "[1, 2]"})
