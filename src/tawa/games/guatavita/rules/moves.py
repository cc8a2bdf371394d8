"""The action space: every id the game can offer, with the ``Move`` (the rules' form of an action) each one asks
for. The legal-action generator takes its moves from here, so an id and its move never disagree."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.guatavita.data import COMMERCE_GOODS, DECLARATIONS, HARVEST_SIZES, Tables
from tawa.games.guatavita.rules.common import PUMP, Move, pos_name

GOLD, EMERALDS = "gold", "emeralds"  # the two ways to pay for workers (GV-105)
NO_EXCHANGE, GOLD_FOR_EMERALDS, EMERALDS_FOR_GOLD = "none", "gold for emeralds", "emeralds for gold"  # GV-601
EXCHANGES = (NO_EXCHANGE, GOLD_FOR_EMERALDS, EMERALDS_FOR_GOLD)


def explore_id(tb: Tables, target: int, via: int, source: int, insure: int) -> str:
    s = f"explore {tb.names[target]}"
    if via >= 0:
        s += f" via {tb.names[via]}"
    s += f" from {pos_name(tb, source)}"
    if insure:
        s += f" insure {insure}"
    return s


def action_moves(tables: Tables, params: Params) -> dict[str, Move]:
    """Every id the game can offer, in a fixed order independent of the setup deal, with the ``Move`` its
    ``Action`` carries (built once per option set)."""
    return params.derived("guatavita/moves", lambda p: _action_moves(tables, p))  # type: ignore[no-any-return]


def _action_moves(tb: Tables, params: Params) -> dict[str, Move]:
    names = tb.names
    out: dict[str, Move] = {}
    insure = range(tb.max_insure + 1)

    def srcs(x: int) -> list[int]:
        return ([PUMP] if x in tb.pump_shore else []) + list(tb.neighbours[x])

    for t in range(tb.npos):
        for s in srcs(t):
            out.update((explore_id(tb, t, -1, s, n), Move("explore", t, -1, s, n)) for n in insure)
    for r in range(tb.npos):
        for s in srcs(r):
            out[f"cross {names[r]} from {pos_name(tb, s)}"] = Move("cross", r, source=s)
            for t in tb.neighbours[r]:
                out.update((explore_id(tb, t, r, s, n), Move("explore", t, r, s, n)) for n in insure)
    out["pass"] = Move("pass")
    out.update((f"sabotage {names[t]}", Move("sabotage", t)) for t in range(tb.npos))
    out.update({"camp upgrade": Move("camp"), "pump upgrade": Move("pump")})
    out.update((f"reexplore {names[t]}", Move("reexplore", t)) for t in range(tb.npos))
    out.update((f"harvest {n}", Move("harvest", amount=n)) for n in HARVEST_SIZES)
    out["pioneer"] = Move("pioneer")
    out.update((f"commerce {good}", Move("commerce", choice=good)) for good in COMMERCE_GOODS)
    out.update({"recruit": Move("recruit"), "loan": Move("loan"), "balsa": Move("balsa")})
    out.update((f"balsa start {names[t]}", Move("balsa_start", t)) for t in tb.shore)
    out.update((f"return he {names[t]}", Move("return_he", t)) for t in range(tb.npos))
    out.update((f"pay workers {how}", Move("pay", choice=how)) for how in (GOLD, EMERALDS))
    out["keep all"] = Move("keep")
    out.update((f"declare {k}", Move("declare", choice=k)) for k in DECLARATIONS)
    out.update((f"balsa step {names[t]}", Move("step", t)) for t in range(tb.npos))
    out["balsa stop"] = Move("stop")
    out.update((f"push balsa {names[t]}", Move("push", t)) for t in range(tb.npos))
    out.update((f"inspect {names[t]}", Move("inspect", t)) for t in range(tb.npos) if t != tb.centre)
    out.update({"protect": Move("protect"), "balsa nothing": Move("nothing")})
    out.update((f"exchange {c}", Move("exchange", choice=c)) for c in EXCHANGES)
    return out
