"""``illegal.explain`` is built from the rules' own gates and predicates: it finds nothing exactly when an id is
legal, at positions inside every kind of decision, and names the rule of each refusal family (spec §6.2)."""
from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

import tawa
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.data import CAMAYO_NAMES
from tawa.games.sacred_valley.game import SacredValley
from tawa.games.sacred_valley.rules.actions import Key
from tawa.games.sacred_valley.rules.offers import OFFERS
from tawa.games.sacred_valley.state import Mode


def _positions(seed: int) -> list[SacredValley]:
    """Positions of a progress-biased game in which every seat starts with random Camayos: every decision kind."""
    rng = tawa.Rng(seed)
    g = T.blank_game(3 + seed % 3, seed=seed, clear_terrace=seed % 2 == 0, options={"TURN_CAP_ROUNDS": 12})
    for p in range(g.players):
        for _ in range(3):
            with contextlib.suppress(ValueError):
                T.give_camayo(g, p, CAMAYO_NAMES[rng.below(len(CAMAYO_NAMES))])
        T.set_coins(g, p, 4 + rng.below(9))
    out = []
    while not g.is_over:
        if g.state.mode not in (Mode.MAIN, Mode.PURCHASE) or rng.below(6) == 0:
            out.append(g.clone())
        acts = g.legal_actions()
        w = g.progress_weights(acts)
        assert w is not None
        x = rng.random() * sum(w)
        i = 0
        while i < len(acts) - 1 and x > w[i]:
            x -= w[i]
            i += 1
        g.apply(acts[i])
    return out


@pytest.mark.parametrize("seed", range(6))
def test_explanation_is_none_exactly_for_legal_ids_inside_every_decision(seed: int) -> None:
    seen: set[Mode] = set()
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
        verbs = set().union(*(o.verbs for o in OFFERS[g.state.mode]))
        for a in g.legal_actions():
            assert isinstance(a.data, Key) and a.data.verb in verbs


def _herder() -> SacredValley:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "herder")
    T.put_alpaca(g, "r2c2", "w1")
    T.put_alpaca(g, "r2c3", "w2")
    T.set_farmers(g, 0, [2])
    T.act(g, "harvest", "herd w1 r1c1")
    return g


def _keeper_lost() -> SacredValley:
    g = T.blank_game(4)
    for k in ("warehouse_keeper", "warrior", "tocricoc"):
        T.give_camayo(g, 0, k)
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["chili", "corn", "corn", "potato", "beans"])
    T.set_camayo_catu(g, ["rantic", None, None, None, None])
    T.set_coins(g, 0, 9)
    T.act(g, "purchase", "hire slot1", "dismiss 1")
    assert T.mode(g) == "keeper_discard"
    return g


def _no_harvest() -> SacredValley:
    g = T.blank_game(4, options={"HARVEST_ALWAYS_LEGAL": False})
    return g


def _two_farmers() -> SacredValley:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "supervisor")
    T.put_tiles(g, {"r1c2": "chili"})
    T.give_tiles(g, 0, ["chili"])
    T.set_farmers(g, 0, [4, 3])
    T.act(g, "plant chili r1c1")
    assert T.mode(g) == "farmer"
    return g


def _purchase() -> SacredValley:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "herder")
    T.set_camayo_catu(g, ["herder", None, "rantic", None, None])
    T.set_coins(g, 0, 3)
    T.act(g, "purchase")
    return g


REFUSALS: list[tuple[str, Callable[[], SacredValley], str, str]] = [
    ("Harvest with every farmer on 0 (option off)", _no_harvest, "harvest", "SV-063"),
    ("an empty Camayo Catu slot", _purchase, "hire slot2", "SV-186"),
    ("a Camayo dearer than the coins", _purchase, "hire slot3", "SV-280"),
    ("end the turn during a Purchase", _purchase, "end turn", "SV-070"),
    ("an alpaca not on the Terrace", _herder, "herd g1 r1c2", "SV-157"),
    ("Herder onto another alpaca", _herder, "herd w2 r1c1", "SV-150"),
    ("a farmer on 7", lambda: (lambda g: (T.set_farmers(g, 0, [7, 3]), g)[-1])(_two_farmers()), "farmer 1",
     "SV-504"),
    ("a farmer that does not exist", _two_farmers, "farmer 3", "SV-504"),
    ("keeper discard of an absent tile", _keeper_lost, "discard vine", "SV-287"),
    ("free seed outside its decision", _purchase, "take slot1", "SV-406"),
    ("a Warrior outside its decision", _purchase, "warrior r1c1", "SV-453"),
    ("a partner outside an unlock", _purchase, "partner 1", "SV-175"),
    ("an exemption outside its decision", _purchase, "exempt yanacona", "SV-494"),
]


@pytest.mark.parametrize(("name", "make", "aid", "rule"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusals_name_their_rule(name: str, make: Callable[[], SacredValley], aid: str, rule: str) -> None:
    g = make()
    before = g.to_json()
    assert aid not in {a.id for a in g.legal_actions()}
    with pytest.raises(tawa.IllegalAction) as err:
        g.apply(aid)
    assert err.value.rule == rule, str(err.value)
    assert g.to_json() == before


def test_a_crop_choice_names_sv002_and_the_decision_rule_for_others() -> None:
    g = tawa.new_game("sacred-valley", 3, 1, {"FIRST_PLAYER": "0"})
    T.act(g, "crop corn")
    assert g.explain_illegal("crop corn").rule == "SV-002"
    assert g.explain_illegal("harvest").rule == "SV-062"
    assert "crop_choice" in str(g.explain_illegal("harvest"))
