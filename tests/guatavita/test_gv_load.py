"""A saved Guatavita game is read field by field (issue 15): each family of fields is checked against its component
(positions, tiles, seats, piece counts, slots, tracks) and the round machine's cursors against their stage, so that a
bad document raises ``BadState`` naming the field and never loads into a corrupt game."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import tawa
from tawa.core.rng import Rng
from tawa.games.guatavita.state import Ask
from tawa.lab.playout import random_action

Doc = dict[str, Any]


def _doc_at(ask: Ask, seed: int = 8, players: int = 3) -> Doc:
    """The saved document of a seeded La Balsa game at its first decision of kind ``ask``."""
    g = tawa.new_game("guatavita", players, seed, {"balsa": True, "MAX_ROUNDS": 40})
    rng = Rng(seed)
    while g.state.decision.ask != ask:
        g.apply(random_action(g, rng, biased=True))
    return json.loads(g.to_json())  # type: ignore[no-any-return]


PLAN = _doc_at(Ask.PLAN)
MOVE = _doc_at(Ask.BALSA_MOVE)


def _refused(doc: Doc, change: Callable[[Doc], object], field: str) -> None:
    bad = copy.deepcopy(doc)
    change(bad["state"])
    with pytest.raises(tawa.BadState) as err:
        tawa.from_json(json.dumps(bad))
    assert err.value.field is not None and field in err.value.field, (field, str(err.value))


def test_good_documents_load_back_exactly() -> None:
    for doc in (PLAN, MOVE):
        text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
        assert tawa.from_json(text).to_json() == text


def _set(path: tuple[Any, ...], value: object) -> Callable[[Doc], object]:
    def change(state: Doc) -> object:
        node: Any = state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return None

    return change


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("players", 0, "colour"), "purple", "players[0].colour"),
        (("players", 1, "spot"), "XX", "players[1].spot"),
        (("players", 0, "gold"), 9, "players[0].gold"),  # GV-370: at most the gold cap
        (("players", 0, "food"), -1, "players[0].food"),
        (("players", 2, "camp_workers"), 10, "players[2].camp_workers"),  # GV-029
        (("players", 2, "sup_pipes"), 13, "players[2].sup_pipes"),
        (("players", 0, "camp_level"), 2, "players[0].camp_level"),  # GV-521
        (("players", 0, "pump_level"), 3, "players[0].pump_level"),  # GV-543
        (("players", 0, "loan"), 6, "players[0].loan"),  # T-LOAN
        (("players", 0, "balsa_pos"), 37, "players[0].balsa_pos"),
        (("players", 0, "uses"), [0] * 9, "players[0].uses"),
        (("players", 0, "uses"), [3] + [0] * 9, "players[0].uses[0]"),  # GV-074
        (("players", 0, "inspected"), [36], "players[0].inspected"),  # GV-787: never the centre
        (("players", 0, "passed"), 1, "players[0].passed"),
    ],
)
def test_player_fields(path: tuple[Any, ...], value: object, field: str) -> None:
    _refused(PLAN, _set(path, value), field)


def test_players_are_distinct() -> None:
    _refused(PLAN, lambda s: s["players"][1].update(colour=s["players"][0]["colour"]), "players")
    _refused(PLAN, lambda s: s["players"].pop(), "players")


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("tile_at", 0), 39, "tile_at[0]"),
        (("tile_at",), list(range(36)), "tile_at"),
        (("unused_centre",), [36], "unused_centre"),
        (("drained", 3), "yes", "drained"),
        (("pipes", 0), [0, 0], "pipes[0]"),  # one count per seat
        (("pipes", 0, 0), 13, "pipes[0][0]"),  # GV-029
        (("he", 5), 3, "he[5]"),  # a seat of this game or -1
        (("supply",), 26, "supply"),  # GV-028
        (("pioneer",), 3, "pioneer"),
        (("round",), 0, "round"),
        (("round",), 41, "round"),  # GV-861: not past the round cap
        (("stage",), "night", "stage"),
        (("order",), [0, 0, 1], "order"),  # GV-053: every seat once
        (("end_triggers",), ["flood"], "end_triggers[0]"),
        (("balsa_steps",), 3, "balsa_steps"),  # GV-778
    ],
)
def test_lake_and_round_fields(path: tuple[Any, ...], value: object, field: str) -> None:
    _refused(PLAN, _set(path, value), field)


def test_the_deal_keeps_each_tile_in_its_phase() -> None:
    """GV-013..GV-017: swapping a shore tile with a phase-2 tile is refused."""

    def swap(state: Doc) -> None:
        state["tile_at"][0], state["tile_at"][18] = state["tile_at"][18], state["tile_at"][0]

    _refused(PLAN, swap, "tile_at")


def test_explorations_and_boxes() -> None:
    def explore(state: Doc, record: list[Any]) -> None:
        state["explorations"] = [record]

    _refused(PLAN, lambda s: explore(s, [37, 0, 1, 0, 0, -1, -1, ""]), "explorations[0].pos")
    _refused(PLAN, lambda s: explore(s, [5, 0, 1, 1, 2, -1, -1, ""]), "explorations[0].insured")  # GV-233
    _refused(PLAN, lambda s: explore(s, [5, 0, 1, 0, 0, -1, 0, ""]), "explorations[0].saboteur")  # GV-250
    _refused(PLAN, lambda s: explore(s, [5, 0, 1, 0, 0, -1, 1, "water"]), "explorations[0].declared")
    _refused(PLAN, lambda s: explore(s, [5, 0, 1]), "explorations[0]")
    _refused(PLAN, lambda s: s["boxes"].pop("loan"), "boxes")
    _refused(PLAN, lambda s: s["boxes"].update(pioneer=[[0, 1, 0, -1, 1], [1, 1, 0, -1, 2]]), "boxes.pioneer")  # GV-073
    _refused(PLAN, lambda s: s["boxes"].update(harvest=[[0, 3, 0, -1, 1]]), "boxes.harvest[0].workers")  # GV-136
    _refused(PLAN, lambda s: s["boxes"].update(camp=[[5, 2, 1, -1, 1]]), "boxes.camp[0].seat")


def test_cursors_agree_with_the_stage() -> None:
    """The pending decision belongs to its stage and to the entry at the cursor."""
    _refused(PLAN, _set(("decision",), ["declare", 0, 5]), "decision")  # a lake decision in the planning stage
    _refused(PLAN, _set(("decision",), ["plan"]), "decision")
    _refused(PLAN, _set(("decision",), ["plan", 0, 3]), "decision")
    _refused(PLAN, _set(("decision",), None), "decision")  # a game not over always asks someone
    seat = PLAN["state"]["decision"][1]
    other = next(s for s in range(3) if s != seat)
    _refused(PLAN, _set(("decision",), ["plan", other]), "turn")
    _refused(MOVE, _set(("sub",), 1), "sub")  # a balsa moves before it acts
    _refused(MOVE, _set(("idx",), 9), "idx")
    _refused(MOVE, _set(("queue",), [["balsa", 7]]), "queue[0]")
    _refused(MOVE, lambda s: s["queue"].__setitem__(0, ["loan", 0]), "queue")


def test_component_totals_are_checked_after_reading() -> None:
    """Each count is within its component; the totals (GV-029, GV-028) are the invariants' part."""
    _refused(PLAN, _set(("players", 0, "sup_workers"), 0), "state")
    _refused(PLAN, _set(("supply",), 0), "state")
