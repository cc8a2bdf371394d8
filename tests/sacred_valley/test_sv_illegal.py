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
    return T.blank_game(4, options={"HARVEST_ALWAYS_LEGAL": False})


def _two_farmers(on: tuple[int, int] = (4, 3)) -> SacredValley:
    """Two farmers and 2 HP to place: the farmer choice (SV-504); then the farmers are put ``on`` those spaces."""
    g = T.blank_game(4)
    T.give_camayo(g, 0, "supervisor")
    T.put_tiles(g, {"r1c2": "chili"})
    T.give_tiles(g, 0, ["chili"])
    T.set_farmers(g, 0, [4, 3])
    T.act(g, "plant chili r1c1")
    assert T.mode(g) == "farmer"
    T.set_farmers(g, 0, list(on))
    return g


def _purchase() -> SacredValley:
    g = T.blank_game(4)
    T.give_camayo(g, 0, "herder")
    T.set_camayo_catu(g, ["herder", None, "rantic", None, None])
    T.set_coins(g, 0, 3)
    T.act(g, "purchase")
    return g


CASES: list[tuple[str, Callable[[], SacredValley], str, str]] = [
    ("work with coins", _base, "work", "SV-066"),
    ("end turn before the action", _base, "end turn", "SV-062"),
    ("plant without the tile", _base, "plant corn r1c1", "SV-090"),
    ("unanchored grid", _base, "plant chili r2c3", "SV-095"),
    (
        "locked level unaffordable",
        lambda: (lambda g: (T.put_tile(g, "r2c1", "corn"), T.set_coins(g, 0, 0), g)[-1])(_base()),
        "plant chili r3c1",
        "SV-174",
    ),
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
    ("Harvest with every farmer on 0 (option off)", _no_harvest, "harvest", "SV-063"),
    ("an empty Camayo Catu slot", _purchase, "hire slot2", "SV-186"),
    ("a Camayo dearer than the coins", _purchase, "hire slot3", "SV-280"),
    ("end the turn during a Purchase", _purchase, "end turn", "SV-070"),
    ("an alpaca not on the Terrace", _herder, "herd g1 r1c2", "SV-157"),
    ("Herder onto another alpaca", _herder, "herd w2 r1c1", "SV-150"),
    ("a farmer on 7", lambda: _two_farmers(on=(7, 3)), "farmer 1", "SV-504"),
    ("a farmer that does not exist", _two_farmers, "farmer 3", "SV-504"),
    ("keeper discard of an absent tile", _keeper_lost, "discard vine", "SV-287"),
    ("free seed outside its decision", _purchase, "take slot1", "SV-406"),
    ("a Warrior outside its decision", _purchase, "warrior r1c1", "SV-453"),
    ("a partner outside an unlock", _purchase, "partner 1", "SV-175"),
    ("an exemption outside its decision", _purchase, "exempt yanacona", "SV-494"),
]


@pytest.mark.rule(
    "SV-062",
    "SV-066",
    "SV-090",
    "SV-095",
    "SV-174",
    "SV-242",
    "SV-262",
    "SV-310",
    "SV-312",
    "SV-283",
    "SV-465",
    "SV-499",
    "SV-341",
    "SV-289",
    "SV-284",
    "SV-063",
    "SV-186",
    "SV-280",
    "SV-070",
    "SV-157",
    "SV-150",
    "SV-504",
    "SV-287",
    "SV-406",
    "SV-453",
    "SV-175",
    "SV-494",
)
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
