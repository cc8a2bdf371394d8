"""``illegal.explain`` is built from the rules' own gates and predicates: it finds nothing exactly when an id is
legal, at positions inside every kind of decision, and names the rule of each refusal family (spec §6.2)."""

from __future__ import annotations

import contextlib

import pytest

import tawa
from tawa.core.rng import Rng
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.data import CAMAYO_NAMES
from tawa.games.sacred_valley.game import SacredValley
from tawa.games.sacred_valley.rules.actions import Key
from tawa.games.sacred_valley.rules.offers import OFFERS
from tawa.games.sacred_valley.state import Phase
from tawa.lab.playout import random_action


def _positions(seed: int) -> list[SacredValley]:
    """Positions of a progress-biased game in which every seat starts with random Camayos: every decision kind."""
    rng = Rng(seed)
    g = T.blank_game(3 + seed % 3, seed=seed, clear_terrace=seed % 2 == 0, options={"TURN_CAP_ROUNDS": 12})
    for p in range(g.players):
        for _ in range(3):
            with contextlib.suppress(ValueError):
                T.give_camayo(g, p, CAMAYO_NAMES[rng.below(len(CAMAYO_NAMES))])
        T.set_coins(g, p, 4 + rng.below(9))
    out = []
    while not g.is_over:
        if g.state.mode not in (Phase.MAIN, Phase.PURCHASE) or rng.below(6) == 0:
            out.append(g.clone())
        g.apply(random_action(g, rng, biased=True))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_explanation_is_none_exactly_for_legal_ids_inside_every_decision(seed: int) -> None:
    seen: set[Phase] = set()
    for g in _positions(seed):
        seen.add(g.state.mode)
        legal = {a.id for a in g.legal_actions()}
        for aid in g.action_space.ids:
            found = g._explain(aid)
            assert (found is None) == (aid in legal), (aid, str(found), g.state.mode.name)
            if found is not None:
                assert found.rule is not None and found.rule.startswith("SV-") and found.action == aid
    assert len(seen) >= 4, seen


def test_each_offered_action_belongs_to_its_offers_verbs() -> None:
    for g in _positions(1):
        verbs = set().union(*(o.kinds for o in OFFERS[g.state.mode]))
        for a in g.legal_actions():
            assert isinstance(a.data, Key) and a.data.verb in verbs


def test_a_crop_choice_names_sv002_and_the_decision_rule_for_others() -> None:
    g = tawa.new_game("sacred-valley", 3, 1, {"FIRST_PLAYER": "0"})
    T.act(g, "crop corn")
    assert g.explain_illegal("crop corn").rule == "SV-002"
    assert g.explain_illegal("harvest").rule == "SV-062"
    assert "crop_choice" in str(g.explain_illegal("harvest"))
