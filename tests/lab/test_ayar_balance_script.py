"""scripts/ayar_balance.py (the Ayar balance check with its turn planner; moved out of the game package, which
imports no lab code)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from tawa.games.ayar.testing import new

_SPEC = importlib.util.spec_from_file_location(
    "ayar_balance", Path(__file__).resolve().parents[2] / "scripts" / "ayar_balance.py"
)
assert _SPEC and _SPEC.loader
balance: Any = importlib.util.module_from_spec(_SPEC)
sys.modules["ayar_balance"] = balance  # its dataclass looks its module up while the script loads
_SPEC.loader.exec_module(balance)


def test_balance_script_runs():
    s = balance.run(2, 2, "random", seed=3)
    assert len(s.final) == 4 and all(f == min(a, b) for f, a, b in zip(s.final, s.sun, s.moon, strict=True))
    g = new(2, 1)
    assert balance.estimate(g, 0) == 0.0


def test_greedy_planner_plays_whole_turns():
    """The planner's plan is one Day turn of legal ids; the greedy policy finishes a game with final scores."""
    g = new(2, 4)
    plan = balance.plan_turn(g, balance.tawa.Rng(4), 3)
    assert plan and plan[0] in {a.id for a in g.legal_actions()}
    s = balance.run(2, 1, "greedy", seed=5, samples=2)
    assert len(s.final) == 2 and all(f == min(a, b) for f, a, b in zip(s.final, s.sun, s.moon, strict=True))
