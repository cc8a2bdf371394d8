"""A saved Ayar game is read field by field (issue 15): every index and count within its component's bounds, the
turn context that its phase needs, and a position that play reaches; anything else is one ``BadState`` naming
the field, never a ``KeyError``/``IndexError`` from deep inside, never a corrupt game."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tawa
from tawa.core.rng import Rng
from tawa.games.ayar.testing import new, play
from tawa.lab.playout import random_action


def _doc(players: int = 2, seed: int = 3, steps: int = 30) -> dict[str, Any]:
    g = new(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        g.apply(random_action(g, rng, biased=True))
    return json.loads(g.to_json())


def _refused(doc: dict[str, Any], field: str) -> str:
    with pytest.raises(tawa.BadState) as err:
        tawa.from_json(json.dumps(doc))
    assert err.value.field is not None and err.value.field.startswith(field), (field, str(err.value))
    return str(err.value)


def _set(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``doc`` with ``state.<path>`` (dots and [i]) set to ``value``."""
    out = json.loads(json.dumps(doc))
    node: Any = out["state"]
    keys = [int(k) if k.isdigit() else k for k in path.replace("[", ".").replace("]", "").split(".")]
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = value
    return out


def test_a_saved_game_loads_back_exactly():
    doc = _doc(3, 5, 80)
    assert json.loads(tawa.from_json(json.dumps(doc)).to_json()) == doc


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("phase", "dance", "state.phase"),
        ("phase", 3, "state.phase"),
        ("round", 5, "state.round"),
        ("seat", 2, "state.seat"),
        ("b5", 4, "state.b5"),
        ("night_step", 7, "state.night_step"),
        ("act", "X", "state.act"),
        ("step", [12, 12, 12], "state.step"),
        ("step[1]", 41, "state.step[1]"),
        ("active[0]", 1, "state.active"),
        ("spots[0][13]", [0, 1], "state.spots[0][13]"),
        ("spots[2]", [], "state.spots[2]"),
        ("raymi[0]", "Q", "state.raymi[0]"),
        ("temple[1]", [0, 0], "state.temple[1]"),
        ("market[0]", 30, "state.market[0]"),
        ("market", [1, 2], "state.market"),
        ("stack[0]", -1, "state.stack[0]"),
        ("stacks[0][0]", 32, "state.stacks[0][0]"),
        ("terrace", [-1], "state.terrace"),
        ("lake[0]", 3, "state.lake[0]"),
        ("route[2]", [5], "state.route[2][0]"),
        ("tok_n", -1, "state.tok_n"),
        ("final", [[1, 2, 3]], "state.final[0]"),
        ("players", [], "state.players"),
        ("players[0].boat", 19, "state.players[0].boat"),
        ("players[1].grid", [True] * 15, "state.players[1].grid"),
        ("players[0].slots[0]", 5, "state.players[0].slots[0]"),
        ("players[0].pots", [0] * 9, "state.players[0].pots"),
        ("players[0].boxes[0]", 4, "state.players[0].boxes"),
        ("players[1].bonus[0]", 2, "state.players[1].bonus"),
        ("players[0].island_at", [19], "state.players[0].island_at[0]"),
        ("players[0].weave[0]", 16, "state.players[0].weave[0]"),
        ("players[0].temples", 5, "state.players[0].temples"),
        ("players[0].laid", [[0, 9, 0]], "state.players[0].laid"),
    ],
)
def test_each_field_is_checked_by_name(path, value, field):
    _refused(_set(_doc(), path, value), field)


def test_missing_fields_are_named():
    doc = _doc()
    for key in ("phase", "spots", "players", "route"):
        cut = json.loads(json.dumps(doc))
        del cut["state"][key]
        assert "missing" in _refused(cut, f"state.{key}")
    cut = json.loads(json.dumps(doc))
    del cut["state"]["players"][1]["pots"]
    _refused(cut, "state.players[1].pots")


def test_inconsistent_positions_are_refused():
    """Values that are each in range but do not fit together: conservation, the turn context, the turns taken."""
    doc = _doc()
    pots = doc["state"]["market"][:]
    text = _refused(_set(doc, "market", [pots[1], pots[1], *pots[2:]]), "state")
    assert "pot conservation" in text
    assert "one Tambo leaves the grid" in _refused(_set(doc, "turn", 0), "state")
    g = new(2)
    play(g, "marker teal", "slot r4")
    assert g.state.phase.word in ("tambo", "spot")
    doc = json.loads(g.to_json())
    _refused(_set(doc, "step[0]", 0), "state")  # the moved Ayar now has no spot behind him
    _refused(_set(doc, "marker", -1), "state")  # a turn past step 1 has its marker
    _refused(_set(doc, "pots_out", [doc["state"]["stack"][-1]]), "state")  # only the solo Rival removes Pots


def test_every_saved_position_of_a_game_loads():
    for players in (1, 2, 3, 4):
        g = new(players, players)
        rng = Rng(players)
        while not g.is_over:
            assert tawa.from_json(g.to_json()).to_json() == g.to_json()
            for _ in range(17):
                if not g.is_over:
                    g.apply(random_action(g, rng, biased=True))
        assert tawa.from_json(g.to_json()).to_json() == g.to_json()
