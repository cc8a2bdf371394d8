"""The soak test (issue 23): normal tables keep playing beside a hostile client that does, all at once and without
pause, everything that once froze or exhausted the server (``tawa.web.hostile``), through ``tawa bench-server
--hostile``'s own code: a real ``tawa serve``, the normal tables' people as board clients (each table from an
address of its own), the hostile client from another. Counts with generous bounds, no timing window: the figures
themselves are in docs/performance.md § Hostile clients."""

from __future__ import annotations

from tawa.web.bench import run_bench

TABLES, INTERVAL, SECONDS = 12, 0.5, 15.0
ACK_P99_MOST_MS = 5000  # generous: a loaded CI machine (load 6 on 2 cores) must never fail it


def test_normal_tables_keep_playing_beside_a_hostile_client() -> None:
    r = run_bench(tables=TABLES, interval=INTERVAL, seconds=SECONDS, warmup=3.0, game="ayar", hostile=True)
    hostile = r["hostile"]
    answers = hostile["answers"]
    # every normal table played on, none was refused anything, and their acknowledgements stayed timely
    assert r["tables_that_moved"] == TABLES, r
    assert r["fewest_moves_of_a_table"] >= 3, r
    assert r["refused"] == {} and r["board_resyncs"] == 0, r
    assert r["ms"]["p99"] < ACK_P99_MOST_MS, r["ms"]
    # the hostile client was answered, with the named codes, and bounded
    for code in (
        "ws:reject:bad_json",
        "ws:reject:rate_limited",
        "ws-handshake:429",
        "slow-head:408",
        "http:400:bad_json",
        "http:422:bad_request",
        "slow-bots:201",
    ):
        assert answers.get(code, 0) > 0, (code, answers)
    assert hostile["sockets_open_at_most"] <= 32  # max_sockets_per_address
    assert hostile["full_views"] <= 32 * (8 + hostile["seconds"])  # burst, then one a second per socket
    assert hostile["largest_message_kb"] < 640
    assert not any(k.startswith("task:") for k in hostile["errors"]), hostile["errors"]
