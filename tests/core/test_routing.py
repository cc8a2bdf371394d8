"""The skeleton in core: one Refusal and its conversion, one routing table (``tawa.core.routing``) that legal, apply
and explain read, and the four games built on it."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tawa.core.actions import Action
from tawa.core.refusal import Refusal
from tawa.core.registry import game_class, short_games
from tawa.core.routing import Offer, Routes, always_open, kinds
from tawa.core.tabled import TabledGame

BUILTIN = [game_id for game_id, _, _ in short_games()]
ROUTES = {
    g: importlib.import_module(game_class(g).__module__.rsplit(".", 1)[0] + ".rules.routes").ROUTES for g in BUILTIN
}
TAKEN = Refusal("XX-002", "that one is taken")
CLOSED = Refusal("XX-001", "the shop is closed", "the next day")


def _buy(state: dict[str, Any]) -> list[Action]:
    return [Action(f"buy {x}", f"Buy {x}", ("buy", x)) for x in state["stock"]]


def _leave(state: dict[str, Any]) -> list[Action]:
    return [Action("leave", "Leave", ("leave",))]


def _shop_gate(state: dict[str, Any]) -> Refusal | None:
    return CLOSED if state["closed"] else None


def _check_buy(state: dict[str, Any], x: str) -> Refusal | None:
    return None if x in state["stock"] else TAKEN


def _routes(**change: Any) -> Routes[str]:
    parts: dict[str, Any] = {
        "offers": {
            "shop": (Offer(kinds("buy"), _shop_gate, _buy), Offer(kinds("leave"), always_open, _leave)),
            "street": (),
        },
        "handlers": {"buy": lambda state, x: state["stock"].remove(x), "leave": lambda state, x: None},
        "checks": {"buy": _check_buy, "leave": lambda state, x: None},
    }
    parts.update(change)
    return Routes(**parts)


def test_a_refusal_names_its_rule_and_what_opens_it() -> None:
    error = CLOSED.error("buy bread")
    assert (str(error), error.rule, error.action, error.opens) == (
        "[XX-001] the shop is closed",
        "XX-001",
        "buy bread",
        "the next day",
    )
    error = TAKEN.error("buy jam", {"XX-002": "another day's stock"}, lead="'buy jam' is not legal now: ")
    assert str(error) == "[XX-002] 'buy jam' is not legal now: that one is taken"
    assert error.opens == "another day's stock"
    with pytest.raises(KeyError):  # a game names what opens every rule it refuses by
        TAKEN.error("buy jam", {})


def test_legal_lists_the_open_groups_in_order() -> None:
    routes = _routes()
    state = {"stock": ["bread", "jam"], "closed": False}
    assert [a.id for a in routes.legal("shop", state)] == ["buy bread", "buy jam", "leave"]
    state["closed"] = True
    assert [a.id for a in routes.legal("shop", state)] == ["leave"]
    assert routes.legal("street", state) == []
    assert routes.kinds == {"buy", "leave"}


def test_a_refusal_is_not_now_then_the_gate_then_the_check() -> None:
    routes = _routes()
    state = {"stock": ["bread"], "closed": True}
    away = Refusal("XX-003", "you are in the street")
    assert routes.refusal("street", "buy", (state,), (state, "bread"), lambda: away) is away
    assert routes.refusal("shop", "buy", (state,), (state, "jam"), lambda: away) is CLOSED
    state["closed"] = False
    assert routes.refusal("shop", "buy", (state,), (state, "jam"), lambda: away) is TAKEN
    assert routes.refusal("shop", "buy", (state,), (state, "bread"), lambda: away) is None
    routes.handler("buy")(state, "bread")
    assert state["stock"] == []


def test_a_table_whose_parts_name_other_kinds_is_refused() -> None:
    with pytest.raises(ValueError, match=r"without a handler \['leave'\]"):
        _routes(handlers={"buy": lambda state, x: None})
    with pytest.raises(ValueError, match=r"checks of no offer \['sell'\]"):
        _routes(checks={"buy": _check_buy, "leave": _check_buy, "sell": _check_buy})
    twice = (Offer(kinds("buy"), always_open, _buy), Offer(kinds("buy", "leave"), always_open, _leave))
    with pytest.raises(ValueError, match="offered twice"):
        _routes(offers={"shop": twice})


@pytest.mark.parametrize("game_id", BUILTIN)
def test_every_builtin_game_is_a_tabled_game_on_one_routing_table(game_id: str) -> None:
    assert issubclass(game_class(game_id), TabledGame)
    routes = ROUTES[game_id]
    assert isinstance(routes, Routes) and routes.kinds == set(routes.handlers) == set(routes.checks)
