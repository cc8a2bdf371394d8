"""``scripts/bench_push.py`` (the server's own CPU per board move, issue 30) plays every game through the server's
code, and its digests of what each client is sent and shows do not depend on the run."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import harness
import pytest

bench_push = harness.bench_push()


def run(*args: Any) -> dict[str, Any]:
    """``bench_push.run`` in a thread of its own: the script runs its own event loop, which cannot start in a thread
    where another runs (a browser test's Playwright on the same xdist worker)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(bench_push.run, *args).result()  # type: ignore[no-any-return]


@pytest.mark.parametrize("game_id", bench_push.GAMES)
def test_bench_push_plays_and_its_digests_are_stable(game_id: str) -> None:
    first = run(game_id, 2, 4, 1, True, {})
    again = run(game_id, 2, 4, 1, True, {})
    assert first["moves"] == 8 and first["cpu_ms_per_move"] > 0
    assert first["digests"] == again["digests"] and first["shown"] == again["shown"]
    scripted = run(game_id, 2, 4, 1, False, None)
    assert scripted["moves"] == 8 and scripted["memo"] == {"hits": 0, "misses": 0}
