"""Audit findings: extra-action directness, free windows, Age changes, the immediate end, hidden coins in
events and renders, and the rules named by ``explain_illegal``."""

from __future__ import annotations

import contextlib

import pytest

import tawa
from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.rules.terrace import all_occupied
from tawa.games.sacred_valley.state import Cover

COVER_OUT = Cover.OUT_OF_PLAY


def _full_but(g, grid: str) -> None:
    T.unlock(g, 2)
    T.unlock(g, 3)
    T.fill_terrace(g, ["corn", "potato", "beans", "quinoa", "vine"], skip=[grid])


# ------------------------------------------------------------------ extra actions (SV-340–SV-343)
@pytest.mark.rule("SV-341")
def test_extra_must_directly_follow_its_trigger_but_free_windows_do_not_break_it() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "hatun_runa")
    T.give_camayo(g, 0, "barterer")
    T.give_camayo(g, 0, "weaver")
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["chili", "chili", "corn", "corn"])
    T.give_tech(g, 0, "corn")
    T.set_coins(g, 0, 5)
    h = g.clone()
    T.act(g, "plant chili r1c1", "weave corn")  # a free-window ability between the Plant and the extra
    assert {"use hatun_runa", "use barterer"} <= set(T.legal(g))
    # Plant -> Barterer's Purchase: Hatun Runa no longer directly follows a Plant action
    T.act(h, "plant chili r1c1", "use barterer", "buy slot1", "discard corn", "end purchase")
    assert "use hatun_runa" not in T.legal(h)
    assert h.explain_illegal("use hatun_runa").rule == "SV-341"


@pytest.mark.rule("SV-341", "SV-409")
def test_cleaner_between_actions_keeps_the_trigger() -> None:
    g = T.blank_game(4)
    T.put_tile(g, "r1c6", "vine")
    T.give_camayo(g, 0, "hatun_runa")
    T.give_camayo(g, 0, "cleaner")
    T.give_tiles(g, 0, ["chili", "chili"])
    T.act(g, "plant chili r1c1", "clean r1c6 chili")
    assert g.state.last == 1 and "use hatun_runa" in T.legal(g)  # the Cleaner planting is not an action
    T.act(g, "use hatun_runa", "plant chili r1c2")
    assert T.farmers(g, 0) == [1 + 1 + 2]


@pytest.mark.rule("SV-340", "SV-452")
def test_a_chosen_extra_must_be_taken_and_explains_why() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "hatun_runa")
    T.give_tiles(g, 0, ["chili"])
    T.act(g, "plant chili r1c1", "use hatun_runa")
    ids = T.legal(g)
    assert ids and all(a.startswith("plant") for a in ids)
    assert g.explain_illegal("harvest").rule == "SV-452"
    assert g.explain_illegal("end turn").rule == "SV-340"


@pytest.mark.rule("SV-490", "SV-063")
def test_chasqui_action_follows_harvest_legality_option() -> None:
    g = T.blank_game(4, options={"HARVEST_ALWAYS_LEGAL": False})
    T.give_camayo(g, 0, "chasqui")
    T.set_farmers(g, 0, [2])
    T.clear_warehouse(g, 0)
    T.set_coins(g, 0, 0)
    T.act(g, "harvest")  # $3, farmer back to 0
    T.set_coins(g, 0, 0)
    T.set_main_catu(g, [None] * 6)
    T.set_vine_catu(g, 0)
    T.set_camayo_catu(g, [None] * 5)
    # only Work remains possible as Chasqui's action: Harvest with every farmer on 0 is not offered
    T.act(g, "use chasqui")
    assert T.legal(g) == ["work"]


# ------------------------------------------------------------------ free windows (SV-068)
@pytest.mark.rule("SV-068", "SV-240")
def test_no_free_window_before_the_first_item_of_a_purchase() -> None:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "weaver")
    T.give_tiles(g, 0, ["corn", "corn"])
    T.set_coins(g, 0, 5)
    assert "weave corn" in T.legal(g)  # turn start
    T.act(g, "purchase")
    assert "weave corn" not in T.legal(g)  # the Purchase is being resolved, no item yet
    assert g.explain_illegal("weave corn").rule == "SV-068"
    T.act(g, "buy slot1", "discard chili")
    assert "weave corn" in T.legal(g)  # between two items


@pytest.mark.rule("SV-061", "SV-068", "SV-202")
def test_debt_paid_between_purchase_items() -> None:
    g = T.blank_game(4)
    T.unlock(g, 3, debtor=0)
    T.give_camayo(g, 0, "weaver")
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["corn", "corn"])
    T.set_coins(g, 0, 1)
    T.set_main_catu(g, ["potato", None, None, None, None, None])
    T.set_turn(g, 0, pay_debts=True)
    assert g.state.debts[0] == [3]
    T.act(g, "purchase", "buy slot1")  # coins below the fee are spendable
    assert T.coins(g, 0) == 0
    ev = T.act(g, "weave corn")  # +$4, and the free window settles the $2 debt at once
    assert "debt_paid" in T.kinds(ev) and T.coins(g, 0) == 2 and g.state.debts[0] == []
    assert g.state.cover[3] == COVER_OUT


# ------------------------------------------------------------------ refill and Ages (SV-360–SV-370, SV-184)
@pytest.mark.rule("SV-369", "SV-368")
def test_age_pile_running_out_mid_refill_continues_with_the_next_age() -> None:
    g = T.blank_game(4)
    s = g.state
    T.set_camayo_catu(g, [None] * 5)
    s.cout.extend(s.piles[0][2:])  # only two Age I tiles left in the pile
    del s.piles[0][2:]
    top_two = s.piles[0][::-1]
    next_three = s.piles[1][::-1][:3]
    T.act(g, "harvest", "end turn")
    assert s.cat == top_two + next_three
    assert [D.CAMAYO_AGE[k] for k in s.cat] == [1, 1, 2, 2, 2]


@pytest.mark.rule("SV-184", "SV-182", "SV-185")
def test_level_three_unlock_purges_age_two() -> None:
    g = T.blank_game(4)
    s = g.state
    T.unlock(g, 2)
    T.set_camayo_catu(g, ["rantic", "weaver", "chasqui", "harvest_worker", "umu"])
    s.purged.extend(s.piles[0])  # Age I is gone (level 2 was unlocked)
    s.piles[0].clear()
    T.give_camayo(g, 1, "warrior")
    T.put_tile(g, "r4c1", "corn")
    age2_pile = len(s.piles[1])
    age3_pile = len(s.piles[2])
    T.set_coins(g, 0, 2)
    T.act(g, "plant chili r5c1", "partner 1")
    assert s.cat == [-1, -1, -1, -1, D.UMU]  # bottom 3, then the Age II tile in slot 4; Age III stays
    assert s.piles[1] == [] and len(s.purged) >= age2_pile and len(s.piles[2]) == age3_pile
    assert T.camayos(g, 1) == ["warrior"]  # hired Camayos stay
    T.act(g, "end turn")
    assert all(D.CAMAYO_AGE[k] == 3 for k in s.cat)


# ------------------------------------------------------------------ the immediate end (SV-560–SV-567)
@pytest.mark.rule("SV-564", "SV-563")
def test_end_stops_the_turn_with_extras_still_unused() -> None:
    g = T.blank_game(4)
    _full_but(g, "r1c1")
    for k in ("hatun_runa", "chasqui", "barterer"):
        T.give_camayo(g, 0, k)
    T.give_tiles(g, 0, ["chili"])
    T.set_main_catu(g, [None, "corn", None, None, None, None])
    ev = T.act(g, "plant chili r1c1")
    assert g.is_over and T.legal(g) == []
    assert "end_turn" not in T.kinds(ev) and "draw" not in T.kinds(ev)  # no refill
    assert g.state.main == [-1, D.CORN, -1, -1, -1, -1]
    assert g.state.marker[0] == [True, True, True]
    with pytest.raises(tawa.IllegalAction):
        g.apply("use hatun_runa")


@pytest.mark.rule("SV-565", "SV-566", "SV-069")
def test_final_harvest_from_the_ending_player_and_no_choices() -> None:
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"])
    _full_but(g, "r1c1")
    T.set_turn(g, 3)
    T.give_tiles(g, 3, ["vine"])
    T.give_camayo(g, 1, "herder")
    T.give_camayo(g, 2, "harvest_expert")
    T.set_farmers(g, 2, [7])
    before = [T.coins(g, p) for p in range(5)]
    ev = T.act(g, "plant vine r1c1")
    assert [e.data["seat"] for e in ev if e.kind == "harvest"] == [3, 4, 0, 1, 2]
    assert T.coins(g, 2) == before[2] + 20 + 4  # automatic bonus off-turn
    assert g.is_over and "herd" not in T.kinds(ev)


# ------------------------------------------------------------------ hidden coins (SV-600, SV-603)
@pytest.mark.rule("SV-600", "SV-603")
def test_no_public_event_or_render_shows_another_players_coins() -> None:
    for seed in range(4):
        g = tawa.new_game("sacred-valley", 3 + seed % 3, seed, {"TURN_CAP_ROUNDS": 15})
        rng = tawa.Rng(seed)
        while not g.is_over:
            acts = g.legal_actions()
            w = g.progress_weights(acts)
            x = rng.random() * sum(w)
            i = 0
            while i < len(acts) - 1 and x > w[i]:
                x -= w[i]
                i += 1
            ev = g.apply(acts[i])
            for e in ev:
                if e.to is None and e.kind != "scores":
                    assert "balance" not in e.data and "coins" not in e.data
                    assert "now have" not in e.text and "you " not in e.text
                if "balance" in e.data:
                    assert e.to is not None
            if not g.is_over:
                seat = (g.state.active + 1) % g.players
                for p in range(g.players):
                    line = next(ln for ln in g.render(seat).splitlines() if ln.startswith(f"P{p + 1} "))
                    assert ("$?" in line) == (p != seat)
                sc = g.scramble_hidden(seat, tawa.Rng(seed))
                assert sc.render(seat) == g.render(seat)


# ------------------------------------------------------------------ explain_illegal (spec §6.2)
@pytest.mark.rule("SV-062")
def test_second_regular_action_names_sv062() -> None:
    g = T.blank_game(4)
    T.set_coins(g, 0, 0)
    T.act(g, "harvest")
    T.set_coins(g, 0, 0)
    for aid in ("work", "purchase", "harvest", "plant chili r1c1"):
        assert aid not in T.legal(g)
        assert g.explain_illegal(aid).rule == "SV-062", aid


# ------------------------------------------------------------------ texts for humans
@pytest.mark.rule("SV-260", "SV-280", "SV-310")
def test_purchase_texts_name_item_and_current_price() -> None:
    g = T.blank_game(4)
    T.set_main_catu(g, ["corn", None, "potato", None, None, None])
    T.set_camayo_catu(g, [None, None, None, "herder", None])
    T.set_vine_catu(g, 1)
    T.set_coins(g, 0, 9)
    T.act(g, "purchase")
    text = {a.id: a.text for a in g.legal_actions()}
    assert text["buy slot3"] == (
        "buy potato from Main Catu slot 3 for $2 (no potato Technology yet: it cannot "
        "be planted until you buy that Technology, SV-101)"
    )  # issue 24's warning
    assert text["buy vine"] == "buy a vine for $2"
    assert text["hire slot4"].startswith("hire herder") and text["hire slot4"].endswith("for $3")  # $2 + $1
    assert text["tech corn"] == "buy the corn Technology for $4"
    for a in g.legal_actions():
        assert g.help_text(a)
    T.give_camayo(g, 0, "seed_rantic")
    texts = {a.id: a.text for a in g.legal_actions()}
    assert texts["buy slot3"].startswith("buy potato from Main Catu slot 3 for $1 ")  # SV-399


# ------------------------------------------------------------------ properties over random games with Camayos
@pytest.mark.rule("SV-061", "SV-560", "SV-341")
@pytest.mark.parametrize("seed", range(16))
def test_free_window_debts_full_terrace_and_extra_triggers_hold_in_random_games(seed: int) -> None:
    rng = tawa.Rng(seed)
    n = 3 + seed % 3
    g = T.blank_game(n, seed=seed, clear_terrace=seed % 2 == 0, options={"TURN_CAP_ROUNDS": 40})
    for p in range(n):
        for _ in range(3):
            with contextlib.suppress(ValueError):
                T.give_camayo(g, p, D.CAMAYO_NAMES[rng.below(len(D.CAMAYO_NAMES))])
        T.set_coins(g, p, 5 + rng.below(10))
    resolving = ("farmer", "free_seed", "discard_seed", "exemption", "partner")
    while not g.is_over:
        acts = g.legal_actions()
        w = g.progress_weights(acts)
        x = rng.random() * sum(w)
        i = 0
        while i < len(acts) - 1 and x > w[i]:
            x -= w[i]
            i += 1
        g.apply(acts[i])
        if g.is_over:
            break
        s = g.state
        assert not (all_occupied(s, g.tables) and T.mode(g) not in resolving)  # SV-560 the end is immediate
        if T.mode(g) in ("main", "purchase"):  # SV-061 every free window settles what can be paid
            assert all(s.coins[s.active] < g.tables.unlock_fee[lv] for lv in s.debts[s.active])
        ids = T.legal(g)
        assert "use hatun_runa" not in ids or s.last == 1  # SV-341 directly after a Plant action
        assert "use barterer" not in ids or s.last in (1, 2)
