"""Spec §6.2: illegal actions are rejected with the rule that forbids them, and leave the game unchanged."""
from __future__ import annotations

from collections.abc import Callable

import pytest

import tawa
from tawa.games.sacred_valley import testing as T
from tawa.games.sacred_valley.game import SacredValley


def _base() -> SacredValley:
    return T.blank_game(4)


def _weaver_used() -> SacredValley:
    g = _base()
    T.give_camayo(g, 0, "weaver")
    T.clear_warehouse(g, 0)
    T.give_tiles(g, 0, ["corn", "corn"])
    T.act(g, "weave corn")
    T.give_tiles(g, 0, ["corn", "corn"])
    return g


def _weaver_vines() -> SacredValley:
    g = _base()
    T.give_camayo(g, 0, "weaver")
    T.give_tiles(g, 0, ["vine", "vine"])
    return g


def _saboteur_used() -> SacredValley:
    g = _base()
    T.give_camayo(g, 0, "saboteur")
    T.set_vine_catu(g, 2)
    T.set_coins(g, 0, 5)
    T.act(g, "purchase", "buy vine", "sabotage r1c1", "buy vine")
    return g


def _three_fixed() -> SacredValley:
    g = _base()
    for k in ("warrior", "tocricoc", "supervisor"):
        T.give_camayo(g, 0, k)
    T.set_coins(g, 0, 9)
    T.act(g, "purchase")
    return g


def _after_harvest() -> SacredValley:
    g = _base()
    T.give_camayo(g, 0, "hatun_runa")
    T.act(g, "harvest")
    return g


def _spent_chasqui() -> SacredValley:
    g = _base()
    T.give_camayo(g, 0, "chasqui", unused=False)
    T.act(g, "harvest")
    return g


def _ended() -> SacredValley:
    g = _base()
    T.unlock(g, 2)
    T.unlock(g, 3)
    T.fill_terrace(g, ["corn", "potato", "beans", "quinoa", "vine"], skip=["r1c1"])
    T.act(g, "plant chili r1c1")
    return g


def _purchase_3() -> SacredValley:
    g = _base()
    T.set_main_catu(g, ["corn", None, None, None, None, None])
    T.set_vine_catu(g, 0)
    T.act(g, "purchase")
    return g


def _with_tech(n: int) -> SacredValley:
    g = T.blank_game(5, ["chili", "corn", "potato", "beans", "quinoa"])
    T.set_coins(g, 0, 30)
    T.act(g, "purchase", "tech corn", "tech potato", "tech beans")
    return g


CASES: list[tuple[str, Callable[[], SacredValley], str, str]] = [
    ("work with coins", _base, "work", "SV-066"),
    ("end turn before the action", _base, "end turn", "SV-062"),
    ("plant without the tile", _base, "plant corn r1c1", "SV-090"),
    ("unanchored grid", _base, "plant chili r2c3", "SV-095"),
    ("locked level unaffordable", lambda: (lambda g: (T.put_tile(g, "r2c1", "corn"), T.set_coins(g, 0, 0), g)[-1])(
        _base()), "plant chili r3c1", "SV-174"),
    ("buy from an empty slot", _purchase_3, "buy slot2", "SV-242"),
    ("buy from an empty Vine Catu", _purchase_3, "buy vine", "SV-262"),
    ("fifth Technology", lambda: _with_tech(4), "tech quinoa", "SV-312"),
    ("owned Technology", lambda: _with_tech(4), "tech chili", "SV-310"),
    ("hire with three fixed Camayos", _three_fixed, "hire slot1", "SV-283"),
    ("Weaver twice", _weaver_used, "weave corn", "SV-465"),
    ("Weaver with vines", _weaver_vines, "weave corn", "SV-465"),
    ("Saboteur twice", _saboteur_used, "sabotage r1c2", "SV-499"),
    ("Hatun Runa after a Harvest", _after_harvest, "use hatun_runa", "SV-341"),
    ("spent Chasqui", _spent_chasqui, "use chasqui", "SV-289"),
    ("discard a Camayo without a hire", _base, "dismiss 1", "SV-284"),
    ("after the end", _ended, "harvest", "SV-564"),
]


@pytest.mark.rule("SV-062", "SV-066", "SV-090", "SV-095", "SV-174", "SV-242", "SV-262", "SV-310", "SV-312",
                  "SV-283", "SV-465", "SV-499", "SV-341", "SV-289", "SV-284")
@pytest.mark.parametrize(("name", "make", "aid", "rule"), CASES, ids=[c[0] for c in CASES])
def test_illegal_actions_name_their_rule(name: str, make: Callable[[], SacredValley], aid: str, rule: str) -> None:
    g = make()
    before = g.to_json()
    assert aid not in T.legal(g)
    if g.is_over:
        with pytest.raises(tawa.IllegalAction):
            g.apply(aid)
        assert g.explain_illegal(aid).rule == rule
    else:
        with pytest.raises(tawa.IllegalAction) as err:
            g.apply(aid)
        assert err.value.rule == rule, str(err.value)
    assert g.to_json() == before
