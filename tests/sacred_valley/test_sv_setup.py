"""Setup and general rules (SV-001–SV-042)."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.rules.terrace import all_occupied, flood
from tawa.games.sacred_valley.state import Cover

COVER_ON = Cover.ON_TERRACE


def _game(n: int, seed: int = 3, **opts):
    return tawa.new_game("sacred-valley", n, seed, opts)


def _choose_all(g) -> None:
    while g.state.mode == 0:
        g.apply(g.legal_actions()[0])


@pytest.mark.rule("SV-001")
def test_player_counts() -> None:
    for n in (3, 4, 5):
        assert _game(n).players == n
    for n in (2, 6):
        with pytest.raises(tawa.BadOption):
            _game(n)


@pytest.mark.rule("SV-002", "SV-021")
def test_crop_choice_reverse_turn_order_and_distinct() -> None:
    g = _game(4, FIRST_PLAYER="1")
    s = g.state
    assert s.active == 0  # the player before the first player picks first
    order = []
    while s.mode == 0:
        order.append(s.active)
        ids = T.legal(g)
        assert all(f"crop {D.CROPS[c]}" not in ids for c in s.crop if c >= 0)
        g.apply(ids[-1])
    assert order == [0, 3, 2, 1]
    assert len(set(s.crop)) == 4


@pytest.mark.rule("SV-022")
def test_random_crop_assignment() -> None:
    seen = set()
    for seed in range(6):
        g = _game(5, seed, CROP_ASSIGNMENT="random")
        assert g.state.mode != 0 and sorted(g.state.crop) == [0, 1, 2, 3, 4]
        seen.add(tuple(g.state.crop))
    assert len(seen) > 1


@pytest.mark.rule("SV-023", "SV-024", "SV-025", "SV-026", "SV-027")
def test_player_setup() -> None:
    g = _game(4)
    _choose_all(g)
    s = g.state
    for p in range(4):
        assert s.techs[p] == [s.crop[p]]
        assert s.coins[p] == 3
        assert s.wh[p] == [s.crop[p]]
        assert s.farmers[p] == [0]


@pytest.mark.rule("SV-028", "SV-036")
def test_four_player_unchosen_crop() -> None:
    g = T.blank_game(4, ["chili", "corn", "potato", "beans"], clear_terrace=False)
    s = g.state
    w1, w2 = g.tables.white_starts
    assert s.tile[w1] == D.QUINOA and s.iso[w1]
    assert s.tile[w2] == -1
    assert all(D.QUINOA not in s.techs[p] for p in range(4))
    assert s.tech_res[D.QUINOA] == 3


@pytest.mark.rule("SV-029", "SV-170")
def test_covers_start_on_levels_2_and_3() -> None:
    g = T.blank_game(4)
    s = g.state
    assert s.cover[2] == COVER_ON and s.cover[3] == COVER_ON
    targets = {a.split()[2] for a in T.legal(g) if a.startswith("plant")}
    assert targets == {f"r1c{c}" for c in range(1, 7)}


@pytest.mark.rule("SV-030", "SV-031")
def test_alpacas_at_start() -> None:
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"], clear_terrace=False)
    s = g.state
    assert s.alpaca_at[0] == T.cell(g, "r2c5") and s.alpaca_at[1] == T.cell(g, "r4c2")
    assert s.alpaca_at[2] == -1 and s.alpaca_at[3] == -1


@pytest.mark.rule("SV-032", "SV-033")
def test_camayo_piles_and_catu() -> None:
    g = T.blank_game(4)
    s = g.state
    assert [len(p) for p in s.piles] == [11, 16, 16]
    for age, pile in enumerate(s.piles, start=1):
        assert all(D.CAMAYO_AGE[k] == age for k in pile)
    assert all(D.CAMAYO_AGE[k] == 1 for k in s.cat) and len(s.cat) == 5
    shuffled = {tuple(T.blank_game(4, seed=sd).state.piles[2]) for sd in range(4)}
    assert len(shuffled) > 1


@pytest.mark.rule("SV-034", "SV-038", "SV-039")
def test_main_catu_and_bag() -> None:
    for seed in range(12):
        g = T.blank_game(4, seed=seed, clear_terrace=False)
        s = g.state
        assert sorted(s.main[:5]) == [0, 1, 2, 3, 4]
        assert s.main[5] not in (-1, D.VINE)
        assert s.vines <= 3
        assert len(s.bag) + 1 + s.vines + len(s.sdiscard) == 50


@pytest.mark.rule("SV-035", "SV-098")
def test_three_player_tiles_under_both_alpacas() -> None:
    seen = set()
    for seed in range(8):
        g = T.blank_game(3, ["chili", "corn", "potato"], seed=seed, clear_terrace=False)
        s = g.state
        w1, w2 = g.tables.white_starts
        assert {s.tile[w1], s.tile[w2]} == {D.BEANS, D.QUINOA}
        assert s.iso[w1] and s.iso[w2]
        seen.add(s.tile[w1])
    assert seen == {D.BEANS, D.QUINOA}


@pytest.mark.rule("SV-037")
def test_five_players_no_setup_tiles() -> None:
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"], clear_terrace=False)
    assert all(t == -1 for t in g.state.tile)


@pytest.mark.rule("SV-040")
def test_cubes_in_play_four_and_five() -> None:
    g = T.blank_game(4, ["chili", "corn", "potato", "beans"])
    assert g.state.tech_res == [2, 2, 2, 2, 3] and g.state.tech_box == [1] * 5
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"])
    assert g.state.tech_res == [3] * 5 and g.state.tech_box == [0] * 5


@pytest.mark.rule("SV-041")
def test_coin_supply_unlimited() -> None:
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"])
    for p in range(5):
        T.set_coins(g, p, 500)
    T.set_farmers(g, 0, [7])
    T.act(g, "harvest")
    assert T.coins(g, 0) == 520


@pytest.mark.rule("SV-042", "SV-020")
def test_first_player_random_and_starts() -> None:
    firsts = set()
    for seed in range(10):
        g = _game(4, seed)
        _choose_all(g)
        assert g.state.active == g.state.first and T.mode(g) == "main"
        firsts.add(g.state.first)
    assert len(firsts) > 1
    g = _game(4, 1, FIRST_PLAYER="2")
    _choose_all(g)
    assert g.state.active == 2


@pytest.mark.rule("SV-008")
def test_same_seed_same_game() -> None:
    a = _game(4, 77)
    b = _game(4, 77)
    assert a.to_json() == b.to_json()
    rng = tawa.Rng(1)
    while not a.is_over and len(a.history) < 200:
        a.apply(rng.choice(a.legal_actions()))
    again = tawa.replay("sacred-valley", 4, 77, {}, a.history)
    assert again.to_json() == a.to_json()
    assert _game(4, 78).to_json() != _game(4, 77).to_json()


@pytest.mark.rule("SV-003", "SV-583")
def test_winner_is_highest_coins_plus_rewards() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 10)
    T.set_coins(g, 1, 8)
    T.give_camayo(g, 1, "rantic")  # +6
    T.set_coins(g, 2, 13)
    T.set_coins(g, 3, 1)
    assert g.scores() == [10.0, 14.0, 13.0, 1.0]
    assert g.ranking() == [3, 1, 2, 4]


@pytest.mark.rule("SV-004", "SV-560")
def test_occupied_by_tile_alpaca_or_meeple() -> None:
    g = T.blank_game(4)
    T.unlock(g, 2)
    T.unlock(g, 3)
    T.put_alpaca(g, "r6c6", "w1")
    T.put_meeple(g, "r6c5", 0, "warrior")
    T.fill_terrace(g, ["chili", "corn", "potato", "quinoa", "vine"], skip=["r6c4"])
    assert not all_occupied(g.state, g.tables)
    T.put_alpaca(g, "r6c4", "w2")
    assert all_occupied(g.state, g.tables)


@pytest.mark.rule("SV-005")
def test_farmland_is_one_crop_and_vines_apart() -> None:
    g = T.blank_game(4)
    T.put_tiles(g, {"r1c1": "potato", "r1c2": "vine", "r1c3": "vine", "r2c1": "potato", "r2c2": "corn"})
    s = g.state
    assert sorted(flood(s, g.tables, D.POTATO, T.cell(g, "r1c1"))) == sorted([T.cell(g, "r1c1"), T.cell(g, "r2c1")])
    assert len(flood(s, g.tables, D.VINE, T.cell(g, "r1c2"))) == 2


@pytest.mark.rule("SV-006", "SV-071")
def test_any_player_extends_any_farmland() -> None:
    g = T.blank_game(4, ["chili", "corn", "potato", "beans"])
    T.give_tech(g, 1, "chili")
    T.give_tiles(g, 1, ["chili"])
    T.set_turn(g, 0)
    T.act(g, "plant chili r1c1", "end turn")
    assert T.farmers(g, 0) == [1]
    T.act(g, "plant chili r1c2")
    assert T.farmers(g, 1) == [2] and T.farmers(g, 0) == [1]


@pytest.mark.rule("SV-007")
def test_no_payment_beyond_coins() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 1)
    T.set_main_catu(g, ["chili", "corn", "potato", "beans", "quinoa", "chili"])
    T.act(g, "purchase")
    ids = T.legal(g)
    assert "buy slot1" in ids and "buy slot3" not in ids
    assert g.explain_illegal("buy slot3").rule == "SV-007"
