"""Hidden information, observations, determinize, rendering and illegal actions (PK-324, PK-340..PK-345)."""

from __future__ import annotations

import json

import pytest

from tawa import IllegalAction, Rng
from tawa.games.pachakuna.data import COLOURS
from tawa.games.pachakuna.testing import at_step, make_game, put_llama, set_demand, set_supply


def played(seed: int = 3, steps: int = 80):
    g = make_game("random", seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.rule("PK-340", "PK-342")
def test_observation_holds_the_public_table():
    g = played()
    obs = g.observation(0)
    for key in (
        "tiles",
        "rocks",
        "llamas",
        "villages",
        "discard",
        "bag",
        "supply",
        "step",
        "turn",
        "sold",
        "rotated",
        "active",
    ):
        assert key in obs
    assert len(obs["tiles"]) == 54 and len(obs["llamas"]) == 6
    owned = [g.state.owned(0), g.state.owned(1)]
    for seat in (0, 1):  # off-board llamas are public too
        assert sum(1 for ll in obs["llamas"] if ll["seat"] == seat and ll["cell"] is None) == 3 - owned[seat]
    on_villages = [d for d in obs["villages"].values() if d is not None]
    assert sorted(obs["bag"]) == sorted(set(range(42)) - set(on_villages) - set(obs["discard"]))


@pytest.mark.rule("PK-341", "PK-343")
def test_no_rng_or_seed_in_observations():
    g = played(seed=12345)
    for seat in (0, 1):
        obs = g.observation(seat)
        text = json.dumps(obs)
        assert str(g.rng.state) not in text
        assert "rng" not in obs and "seed" not in obs


@pytest.mark.rule("PK-344")
def test_both_observations_identical_but_the_observer():
    g = played()
    a, b = g.observation(0), g.observation(1)
    assert a["observer"] == 0 and b["observer"] == 1
    a.pop("observer")
    b.pop("observer")
    assert a == b


@pytest.mark.rule("PK-345", "PK-341")
def test_determinize_reshuffles_the_future_draws_only():
    g = make_game()
    put_llama(g, "white", 0, (0, 4), "red")
    set_demand(g, "orange", "R/Y")
    set_supply(g, "white", {"blue": 4})  # keeps the trade step open
    at_step(g, "trade")
    obs = g.observation(0)
    drawn = set()
    for k in range(12):
        d = g.determinize(0, k)
        assert d.observation(0) == obs and d.observation(1) == g.observation(1)
        d.apply("sell llama0")
        d.apply("end trade")
        drawn.add(d.state.demand[COLOURS.index("orange")])
    assert len(drawn) > 1  # the future draw is not fixed in the state


@pytest.mark.rule("PK-324")
def test_illegal_actions_change_nothing():
    g = played(seed=5, steps=30)
    before = g.to_json()
    legal = {a.id for a in g.legal_actions()}
    for aid in [*list(g.action_space.ids)[::37], "fly away", "rotate 9,9 o1", "sell llama7"]:
        if aid in legal:
            continue
        with pytest.raises(IllegalAction) as err:
            g.apply(aid)
        assert err.value.rule and err.value.rule.startswith("PK-")
        assert g.to_json() == before


@pytest.mark.rule("PK-047", "PK-324")
def test_explain_orientations_and_cells():
    g = make_game()
    assert g.explain_illegal("rotate 3,-3 o9").rule == "PK-047"
    assert g.explain_illegal("rotate 9,9 o1").rule == "PK-030"


def test_render_shows_the_board():
    g = make_game()
    text = g.render(0)
    assert "+ WHI +" in text and "*" in text and "F0" in text and "w0b0" in text
    assert "(you)" in text
    lines = text.splitlines()
    assert len(lines) > 27


def test_json_round_trip_and_action_space():
    g = played(seed=9, steps=120)
    back = type(g).from_dict(json.loads(g.to_json()))
    assert back.to_json() == g.to_json()
    assert len(g.action_space) < 50_000
    for a in g.legal_actions():
        assert a.id in g.action_space
        assert g.help_text(a)


def test_clone_is_independent():
    """Clone speed against deepcopy is a `tawa bench pachakuna` figure, not a test."""
    g = played(seed=2, steps=60)
    c = g.clone()
    before = g.to_json()
    rng = Rng(1)
    while not c.is_over and len(c.history) < 400:
        c.apply(rng.choice(c.legal_actions()))
    assert g.to_json() == before
