"""Random games in which every player starts with random Camayos, so that every ability path is exercised,
with the invariants checked after every action and a JSON round-trip along the way."""

from __future__ import annotations

import contextlib

import pytest

import tawa
from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T


@pytest.mark.parametrize("seed", range(12))
def test_random_games_with_every_camayo(seed: int) -> None:
    rng = tawa.Rng(seed)
    n = 3 + seed % 3
    g = T.blank_game(n, seed=seed, clear_terrace=seed % 2 == 0, options={"TURN_CAP_ROUNDS": 25})
    names = list(D.CAMAYO_NAMES)
    for p in range(n):
        for _ in range(3):
            name = names[rng.below(len(names))]
            with contextlib.suppress(ValueError):
                T.give_camayo(g, p, name)
        T.set_coins(g, p, 10 + rng.below(10))
    g.check_invariants()
    steps = 0
    kinds_seen: set[str] = set()
    while not g.is_over:
        acts = g.legal_actions()
        w = g.progress_weights(acts)
        assert w is not None and len(w) == len(acts)
        a = acts[rng.below(len(acts))] if rng.below(2) else _weighted(rng, acts, w)
        kinds_seen.add(a.id.split()[0])
        g.apply(a)
        g.check_invariants()
        steps += 1
        if steps % 50 == 0:
            assert tawa.from_json(g.to_json()).to_json() == g.to_json()
    assert g.ranking() and len(kinds_seen) > 5


def _weighted(rng: tawa.Rng, acts, w):
    total = sum(w)
    x = rng.random() * total
    for a, v in zip(acts, w, strict=True):
        x -= v
        if x <= 0:
            return a
    return acts[-1]
