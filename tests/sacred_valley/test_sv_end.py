"""End of the game, scoring, hidden information and digital additions (SV-560–SV-633)."""

from __future__ import annotations

import json

import pytest

import tawa
from tawa.games.sacred_valley import testing as T

OTHERS = ["corn", "potato", "beans", "quinoa", "vine"]


def _full_but(g, grid: str) -> None:
    T.unlock(g, 2)
    T.unlock(g, 3)
    T.fill_terrace(g, OTHERS, skip=[grid])


@pytest.mark.rule("SV-561")
def test_locked_grids_count() -> None:
    g = T.blank_game(4)
    T.fill_terrace(g, OTHERS, skip=["r1c1"] + [f"r{r}c{c}" for r in range(3, 7) for c in range(1, 7)])
    T.act(g, "plant chili r1c1")
    assert not g.is_over and all(g.state.tile[T.cell(g, f"r{r}c{c}")] >= 0 for r in (1, 2) for c in range(1, 7))


@pytest.mark.rule("SV-562")
def test_end_checked_after_alpaca_meeple_and_herder() -> None:
    g = T.blank_game(4)
    _full_but(g, "r6c6")
    T.give_camayo(g, 0, "alpaca_worker")
    T.act(g, "alpaca r6c6")
    assert g.is_over
    h = T.blank_game(4)
    _full_but(h, "r6c6")
    T.set_camayo_catu(h, ["warrior", None, None, None, None])
    T.set_coins(h, 0, 4)
    T.act(h, "purchase", "hire slot1", "warrior r6c6")
    assert h.is_over
    k = T.blank_game(4)
    T.put_tile(k, "r1c1", "corn")
    T.put_alpaca(k, "r1c1", "w1")
    _full_but(k, "r6c6")
    T.give_camayo(k, 0, "herder")
    T.act(k, "harvest", "herd w1 r6c6")
    assert k.is_over


@pytest.mark.rule("SV-584", "SV-585", "SV-586")
def test_tie_breaks() -> None:
    g = T.blank_game(4)
    for p, c in enumerate((10, 10, 10, 4)):
        T.set_coins(g, p, c)
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 1, ["vine"])  # seat 1: 2 tiles, seat 2: 1 tile
    assert g.ranking() == [3, 1, 2, 4]
    T.give_tiles(g, 2, ["vine"])
    assert g.ranking() == [3, 1, 1, 4]


@pytest.mark.rule("SV-587", "SV-580")
def test_reveal_at_end() -> None:
    g = T.blank_game(4)
    _full_but(g, "r1c1")
    T.set_coins(g, 1, 7)
    obs = g.observation(0)
    assert "coins" not in obs["player"][1]
    ev = T.act(g, "plant chili r1c1")
    obs = g.observation(0)
    assert all("coins" in d for d in obs["player"]) and obs["scores"] == [int(v) for v in g.scores()]
    final = next(e for e in ev if e.kind == "scores")
    assert final.to is None and final.data["coins"] == [d["coins"] for d in obs["player"]]


@pytest.mark.rule("SV-600")
def test_coins_only_seen_by_owner() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 2, 17)
    for seat in range(4):
        obs = g.observation(seat)
        assert [("coins" in d) for d in obs["player"]] == [p == seat for p in range(4)]
        assert "17" not in json.dumps(obs["player"][2]) or seat == 2
        sc = g.scramble_hidden(seat, tawa.Rng(seat))
        assert sc.observation(seat) == obs
        assert sc.state.coins[seat] == g.state.coins[seat]


@pytest.mark.rule("SV-602")
def test_public_items() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "chasqui")
    T.put_tile(g, "r1c1", "corn")
    T.unlock(g, 2, debtor=0)
    obs = g.observation(1)
    me = obs["player"][0]
    assert me["warehouse"] == ["chili"] and me["technologies"] == ["chili"] and me["crop"] == "chili"
    assert me["camayos"] == [{"kind": "chasqui", "unused_marker": True}] and me["debts"] == [2]
    assert obs["terrace"][T.cell(g, "r1c1")]["tile"] == "corn"
    assert len(obs["main_catu"]) == 6 and len(obs["camayo_catu"]) == 5 and "vine_catu" in obs


@pytest.mark.rule("SV-603", "SV-632")
def test_events_public_and_private_coin_log() -> None:
    g = T.blank_game(4)
    ev = T.act(g, "purchase", "buy slot1", "end purchase")
    buy = [e for e in ev if e.kind == "buy_seed"]
    assert buy and buy[0].to is None and buy[0].data["price"] == 1
    coin = [e for e in ev if e.kind == "coins"]
    assert coin and all(e.to == 0 for e in coin) and coin[0].data["balance"] == 2
    assert all(e.to == 1 for e in g.events_for(1) if "balance" in e.data)


@pytest.mark.rule("SV-604")
def test_hidden_orders() -> None:
    g = T.blank_game(4)
    obs = g.observation(0)
    text = json.dumps(obs)
    assert obs["bag_size"] == len(g.state.bag) and sum(obs["bag_composition"].values()) == len(g.state.bag)
    assert obs["camayo_piles"] == [len(p) for p in g.state.piles]
    assert "piles" not in obs and "bag" not in obs and "rng" not in text
    d = g.determinize(0, 5)
    assert d.observation(0) == obs
    assert d.state.piles != g.state.piles
    assert sorted(d.state.bag) == sorted(g.state.bag)


@pytest.mark.rule("SV-607")
def test_observation_holds_own_legal_actions_only() -> None:
    g = T.blank_game(4)
    assert "legal_actions" in g.observation(0)
    assert all("legal_actions" not in g.observation(s) for s in (1, 2, 3))


@pytest.mark.rule("SV-630", "SV-631")
def test_turn_cap() -> None:
    g = T.blank_game(3, ["chili", "corn", "potato"], options={"TURN_CAP_ROUNDS": 2}, first=1)
    events = []
    while not g.is_over:
        events += T.act(g, "harvest", "end turn")
    assert g.capped and g.state.end_by == 0  # the player before the first player
    assert g.state.round == 2
    assert "cap_warning" in T.kinds(events)
    h = T.blank_game(3, ["chili", "corn", "potato"])
    for _ in range(9):
        T.act(h, "harvest", "end turn")
    assert not h.is_over and not h.capped


@pytest.mark.rule("SV-633")
def test_alternative_layout() -> None:
    layout = [(r, c, (r + 1) // 2) for r in range(1, 7) for c in range(1, 4)]
    g = T.blank_game(4, options={"LAYOUT": layout, "WHITE_ALPACA_STARTS": [[2, 3], [4, 1]]})
    assert g.tables.ncells == 18
    targets = {a.split()[2] for a in T.legal(g) if a.startswith("plant")}
    assert targets == {"r1c1", "r1c2", "r1c3"}
    rng = tawa.Rng(3)
    while not g.is_over:
        acts = g.legal_actions()
        w = g.progress_weights(acts)
        g.apply(acts[max(range(len(acts)), key=lambda i: w[i] + rng.random())])
    g.check_invariants()
