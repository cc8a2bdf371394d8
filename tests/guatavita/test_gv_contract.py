"""Guatavita's entry points check what they are given (issue 15): seats, option values and their shapes, and the
explanation of a refused id agrees with the legal-action generator (La Balsa included)."""

from __future__ import annotations

from typing import Any

import pytest
from gv_games import progress_game

import tawa
from tawa.core.rng import Rng
from tawa.games.guatavita.data import PARAMS
from tawa.games.guatavita.rules import action_moves
from tawa.games.guatavita.state import Ask
from tawa.lab.playout import random_action

BALSA_40 = {"balsa": True, "MAX_ROUNDS": 40}


@pytest.mark.rule("GV-832", "GV-833")
def test_a_spectator_and_bad_seats_see_no_inspection() -> None:
    """Issue 15: ``observation(-1)`` returned seat 3's private inspections (4 players, seed 19, La Balsa, round cap
    40, progress-biased play with Rng(19), step 188). Now -1 is refused and the spectator knows nothing."""
    g = progress_game(4, 19, BALSA_40, 188)
    assert g.state.players[3].inspected, "the position of the report: seat 3 has inspected a tile"
    assert set(g.observation(3)["known"]) == {"M04"}
    assert g.observation(None)["known"] == {}
    assert all(g.observation(s)["known"] == {} for s in range(3))
    for bad in (-1, 4, -4):
        with pytest.raises(tawa.BadSeat):
            g.observation(bad)
    assert "P2-09" not in g.render(None) and "P2-09" in g.render(3)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("RESTING_GROUP", 0),
        ("WORKERS_PER_VP", 0),
        ("EMERALDS_PER_VP", 0),
        ("START_GOLD", -1),
        ("NORMAL_EXIT_PIPES", 0),
        ("BALSA_WORKERS", 0),
        ("MAJORITY_POINTS", [0, 4, 7, 9]),
        ("LOAN_GOLD", [0, 4, 4]),
        ("COLOURS", ["red", "rose", "blue"]),
        ("WORKER_PURCHASE", [0, 1, 4]),
        ("PROTECT_EXTRA_MACHINES", 3),
        ("SLOTS", {"loan": -1}),
    ],
)
def test_options_that_broke_the_game_are_refused_by_name(name: str, value: object) -> None:
    """Issue 15's cases (ZeroDivisionError, negative gold) and their kin: ``BadOption`` naming the Param, rule."""
    with pytest.raises(tawa.BadOption, match=name) as err:
        tawa.new_game("guatavita", 2, 1, {name: value})
    assert "GV-" in str(err.value)


@pytest.mark.parametrize(
    ("options", "players", "named"),
    [
        ({"START_GOLD": 9}, 2, "START_GOLD"),
        ({"GOLD_CAP": 4}, 2, "GOLD_CAP"),
        ({"START_FOOD": 9}, 3, "FOOD_CAP"),
        ({"COLOURS": ["red", "blue", "yellow"]}, 4, "COLOURS"),
        ({"START_EMERALDS": 7}, 4, "START_EMERALDS"),
        ({"WORKER_PURCHASE": [2, 5, 4]}, 2, "LOAN_GOLD"),
    ],
)
def test_options_that_do_not_fit_together_are_refused(options: dict[str, Any], players: int, named: str) -> None:
    with pytest.raises(tawa.BadOption, match=named):
        tawa.new_game("guatavita", players, 1, options)


def test_fitting_options_still_play() -> None:
    """The same options within their ranges: a 3-player game with 3 colours, 6 emeralds each, a dear purchase."""
    g = tawa.new_game(
        "guatavita",
        3,
        2,
        {"COLOURS": ["red", "blue", "yellow"], "START_EMERALDS": 6, "WORKER_PURCHASE": [2, 4, 4], "MAX_ROUNDS": 6},
    )
    assert [p.emeralds for p in g.state.players] == [6, 6, 6] and g.state.supply == 25 - 18
    rng = Rng(2)
    while not g.is_over:
        g.apply(random_action(g, rng, biased=True))
    g.check_invariants()


def test_every_param_declares_its_shape() -> None:
    """Every Param a user may set has a declared shape (choices, bounds, length or a check); the others are
    fixed by the rulebook."""
    for p in PARAMS:
        if p.overridable and not isinstance(p.default, bool):
            assert p.choices or p.bounds or p.length or p.check, p.name
            assert p.rules and all(r.startswith("GV-") for r in p.rules), p.name
    assert len(list(PARAMS)) == 63


def test_explanations_agree_with_the_generator_with_la_balsa() -> None:
    """For every id of the action space along La Balsa games (every kind of decision but a push, which
    test_gv_illegal covers): the explanation finds nothing exactly when the id is legal, names a GV rule otherwise,
    and every offered action carries the move of its id."""
    asks = set()
    for players, seed in ((3, 8), (4, 6), (4, 3)):
        g = tawa.new_game("guatavita", players, seed, BALSA_40)
        moves = action_moves(g.tables, g.params)
        rng = Rng(seed)
        for step in range(260):
            if g.is_over:
                break
            if step % 29 == 0 or g.state.decision.ask.value not in asks:
                asks.add(g.state.decision.ask.value)
                legal = {a.id: a for a in g.legal_actions()}
                for aid in g.action_space.ids:
                    found = g._explain(aid)
                    if aid in legal:
                        assert found is None, (aid, found)
                        assert legal[aid].data == moves[aid]
                    else:
                        assert found is not None and found.rule and found.rule.startswith("GV-"), (aid, found)
            g.apply(random_action(g, rng, biased=True))
    assert asks == {a.value for a in Ask} - {"push"}


def test_ids_outside_the_action_space() -> None:
    """Ids of the right form that the game never offers are explained by rule; other text is no action at all."""
    g = tawa.new_game("guatavita", 2, 3)
    assert g.explain_illegal("inspect C").rule == "GV-785"  # asked only after a balsa's move
    assert g.explain_illegal("explore S01 via S03 from pump").rule == "GV-200"
    # the bare "sabotage" is the Sabotage box's click (issue 24): GV-250, tests/guatavita/test_gv_opens.py
    assert g.explain_illegal("sabotage").rule == "GV-250"
    for junk in (
        "explore S01 from pump insure 0",
        "explore S01  from pump",
        "explore Z9 from pump",
        "harvest 3",
        "dance",
    ):
        err = g.explain_illegal(junk)
        assert err.rule is None and "not an action of Guatavita" in str(err), junk
    g = progress_game(2, 3, {"balsa": False, "MAX_ROUNDS": 2})
    assert g.is_over and g.explain_illegal("pass").rule == "GV-680"
