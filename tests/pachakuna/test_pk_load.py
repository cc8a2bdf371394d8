"""Loading a saved game (PachakunaState.from_dict): every field is checked against its component and against the other
fields, so a bad document is refused with ``BadState`` naming the field, and every real position loads back."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tawa
from saved_games import refused
from tawa import Rng
from tawa.games.pachakuna.data import CENTRE, CORNERS, INDEX, N_CELLS, TILE_CELLS
from tawa.games.pachakuna.testing import make_game
from tawa.lab.playout import random_action


def _doc(g: tawa.Game) -> dict[str, Any]:
    return json.loads(g.to_json())


def _with(g: tawa.Game, **fields: Any) -> dict[str, Any]:
    doc = _doc(g)
    doc["state"].update(fields)
    return doc


def _position(step: str, seed: int = 3, **options: Any) -> tawa.Game:
    """A seeded progress-biased game stopped at the first decision of ``step`` (or of a payment: "pay")."""
    g = make_game(seed=seed, TURN_CAP=80, **options)
    rng = Rng(seed)
    while not g.is_over:
        if (step == "pay" and g.state.paying) or (
            step != "pay" and not g.state.paying and g.state.step.label == step and g.history
        ):
            return g
        g.apply(random_action(g, rng, biased=True))
    raise AssertionError(f"no {step} position")


def test_the_issue_15_case_a_llama_on_cell_99_of_61():
    g = make_game()
    pos = list(g.state.pos)
    pos[0] = 99
    message = refused(_with(g, pos=pos), "state.pos[0]")
    assert "from -1 to 60" in message


@pytest.mark.rule("PK-033", "PK-082", "PK-046")
def test_board_fields():
    g = make_game()
    types = list(g.state.types)
    refused(_with(g, types=types[:-1]), "state.types")
    refused(_with(g, types=[*types[:-1], "Q"]), "state.types[60]")
    bad = list(types)
    bad[CENTRE] = "N"  # a tile on the White village
    refused(_with(g, types=bad), "state.types")
    bad = list(types)
    first = TILE_CELLS[0]
    bad[first] = "M" if types[first] != "M" else "F"  # layout A's tiles never change
    refused(_with(g, types=bad), "state.types")
    orient = list(g.state.orient)
    orient[first] = 6
    refused(_with(g, orient=orient), "state.orient[")
    orient = list(g.state.orient)
    orient[CORNERS[0]] = 2
    refused(_with(g, orient=orient), "state.orient")
    refused(_with(g, rocks=[CENTRE]), "state.rocks")
    refused(_with(g, rocks=[TILE_CELLS[3], TILE_CELLS[1]]), "state.rocks")
    refused(_with(g, rotated=[TILE_CELLS[1], TILE_CELLS[1]]), "state.rotated")
    refused(_with(g, rotated=[N_CELLS]), "state.rotated[0]")


@pytest.mark.rule("PK-050", "PK-060", "PK-095", "PK-212", "PK-322")
def test_llama_fields():
    g = make_game()
    s = g.state
    pos = list(s.pos)
    pos[0] = -1
    refused(_with(g, pos=pos), "state.pos")  # slot 0 never leaves the board
    pos = list(s.pos)
    pos[1] = INDEX[(1, 0)]  # an off-board llama placed on a tile without region or load
    refused(_with(g, pos=pos), "state.load")
    region = list(s.region)
    region[0] = 0  # on a village there are no regions
    refused(_with(g, region=region), "state.region")
    load = list(s.load)
    load[0] = 7  # brown is never carried
    refused(_with(g, load=load), "state.load[0]")
    refused(_with(g, reload=[0] * 6), "state.reload")
    refused(_with(g, moved=[3] * 6), "state.moved[0]")
    refused(_with(g, bought="no"), "state.bought")
    # a White llama standing in a mountain region
    pos, region = list(s.pos), list(s.region)
    cell = INDEX[(1, 0)]
    tile = g.tables.tile_types[s.types[cell]]
    pos[0], region[0] = cell, tile.region_terrain.index(1)
    refused(_with(g, pos=pos, region=region), "state.region")


@pytest.mark.rule("PK-254", "PK-005", "PK-280", "PK-342")
def test_supply_and_demand_fields():
    g = make_game()
    s = g.state
    refused(_with(g, supply=[[0] * 8, [-1] + [0] * 7]), "state.supply[1][0]")
    refused(_with(g, supply=[[0] * 7 + [1], [0] * 7 + [1]]), "state.supply")  # a second brown
    refused(_with(g, supply=[[0] * 8]), "state.supply")
    demand = list(s.demand)
    demand[0] = 42
    refused(_with(g, demand=demand), "state.demand[0]")
    demand = list(s.demand)
    demand[1] = demand[0]  # one demand on two villages
    refused(_with(g, demand=demand), "state.demand")
    refused(_with(g, bag=list(reversed(s.bag))), "state.bag")
    refused(_with(g, discard=[s.bag[0]]), "state.demand")


@pytest.mark.rule("PK-111", "PK-132", "PK-230", "PK-300", "PK-320")
def test_turn_fields():
    g = make_game(TURN_CAP=50)
    refused(_with(g, step=5), "state.step")
    refused(_with(g, step=4), "state.step")  # over, but nobody won and no cap was reached
    refused(_with(g, winner=0), "state.step")  # a winner in a game that goes on
    refused(_with(g, turn=51), "state.turn")
    refused(_with(g, turn=50), "state.turn")  # the cap is reached: the game would be drawn
    refused(_with(g, active=2), "state.active")
    refused(_with(g, paying="gold"), "state.paying")
    refused(_with(g, paying="rotation", pay_need=2), "state.pay_need")  # not in the paid rotate step
    refused(_with(g, pay_need=1), "state.paying")  # something owed, but no payment
    refused(_with(g, step=2, moved=[0, 0, 0, 1, 0, 0]), "state.moved")  # the opponent's llama took part
    refused(_with(g, sold=[0]), "state.sold")
    refused(_with(g, buys=1), "state.step")


@pytest.mark.rule("PK-160", "PK-323")
def test_the_move_order_is_checked():
    g = _position("move")
    doc = _doc(g)
    slot = doc["state"]["move_slot"]
    doc["state"]["move_slot"] = slot + 1  # skip the llama that moves now
    with pytest.raises(tawa.BadState):
        tawa.from_json(json.dumps(doc))


@pytest.mark.parametrize("where", ["rotate", "rotate-paid", "move", "trade", "pay"])
@pytest.mark.parametrize("seed", [3, 8])
def test_real_positions_load_back_exactly(where, seed):
    g = _position(where, seed, MULTI_BUY=False) if where == "pay" else _position(where, seed)
    back = tawa.from_json(g.to_json())
    assert back.to_json() == g.to_json()
    assert [a.id for a in back.legal_actions()] == [a.id for a in g.legal_actions()]
