"""``scripts/bench_push.py`` (the server's own CPU per board move, issue 30) plays every game through the server's
code, and its digests of what each client is sent and shows do not depend on the run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_push.py"
spec = importlib.util.spec_from_file_location("bench_push", SCRIPT)
assert spec is not None and spec.loader is not None
bench_push = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_push)


@pytest.mark.parametrize("game_id", bench_push.GAMES)
def test_bench_push_plays_and_its_digests_are_stable(game_id: str) -> None:
    first = bench_push.run(game_id, 2, 4, 1, True, {})
    again = bench_push.run(game_id, 2, 4, 1, True, {})
    assert first["moves"] == 8 and first["cpu_ms_per_move"] > 0
    assert first["digests"] == again["digests"] and first["shown"] == again["shown"]
    scripted = bench_push.run(game_id, 2, 4, 1, False, None)
    assert scripted["moves"] == 8 and scripted["memo"] == {"hits": 0, "misses": 0}
