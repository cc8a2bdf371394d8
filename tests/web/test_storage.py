"""Storage on both databases: migrations, compare-and-set, the (table, seq) backstop, snapshots + replay."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from sqlalchemy import insert, text
from sqlalchemy.exc import IntegrityError

import tawa
from tawa.core.rng import Rng
from tawa.lab.playout import random_action
from tawa.web.models import BOT, RUNNING
from tawa.web.settings import Settings
from tawa.web.storage import Conflict, GroupWriter, M, SeatData, Store, TableData, append_move, make_engine, migrate
from tawa.web.table import rebuild


@pytest.fixture
def store(db_url: str):
    engine = make_engine(Settings(database_url=db_url))
    migrate(engine)
    migrate(engine)  # idempotent: a restart runs it again
    yield Store(engine)
    engine.dispose()


def running_table(store: Store, game: str = "ayar", players: int = 2, seed: int = 11) -> TableData:
    now = time.time()
    t = TableData(
        id=f"t{seed}",
        game=game,
        players=players,
        options={},
        seed=seed,
        public=True,
        status=RUNNING,
        seq=0,
        to_act=0,
        waiting_since=now,
        creator="g",
        created_at=now,
        updated_at=now,
        started_at=now,
        seats=[SeatData(i, BOT, bot="random") for i in range(players)],
    )
    store.create_table(t)
    return t


def test_sqlite_runs_in_wal_mode(store: Store, db_url: str) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("a SQLite pragma")
    with store.engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert c.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_append_is_compare_and_set_on_seq(store: Store) -> None:
    t = running_table(store)
    game = tawa.new_game("ayar", 2, 11)
    a = game.legal_actions()[0].id
    store.append_move(t.id, 0, 0, a, time.time(), 0, None, None)
    with pytest.raises(Conflict):
        store.append_move(t.id, 0, 0, a, time.time(), 0, None, None)  # a second writer of move 1
    loaded = store.load(t.id)
    assert loaded is not None
    assert loaded.table.seq == 1 and [m[2] for m in loaded.moves] == [a]


def test_the_move_log_refuses_a_second_row_for_one_seq(store: Store) -> None:
    t = running_table(store)
    row = {"table_id": t.id, "seq": 1, "seat": 0, "action": "x", "at": 0.0}
    with store.engine.begin() as c:
        c.execute(insert(M).values(**row))
    with pytest.raises(IntegrityError), store.engine.begin() as c:
        c.execute(insert(M).values(**{**row, "action": "y"}))


@pytest.mark.parametrize("game,players", [("ayar", 2), ("sacred-valley", 3)])
def test_snapshot_plus_tail_rebuilds_the_same_game(store: Store, game: str, players: int) -> None:
    t = running_table(store, game, players)
    g = tawa.new_game(game, players, t.seed)
    rng = Rng(5)
    for seq in range(23):
        g.apply(random_action(g, rng, biased=True))
        snap = g.to_json() if (seq + 1) % 10 == 0 else None
        store.append_move(t.id, seq, 0, g.history[-1], time.time(), g.current_player, snap, None)
    loaded = store.load(t.id)
    assert loaded is not None
    assert loaded.snapshot_seq == 20 and len(loaded.moves) == 3  # only the tail after the snapshot is read
    assert rebuild(loaded).to_json() == g.to_json()
    assert store.running_ids() == [t.id]


def _in_own_loop(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``main()`` in a fresh event loop on its own thread (a test process may hold Playwright's loop)."""
    failure: list[BaseException] = []

    def target() -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(main())
        except BaseException as e:
            failure.append(e)
        finally:
            loop.close()

    th = threading.Thread(target=target)
    th.start()
    th.join(60)
    assert not th.is_alive()
    if failure:
        raise failure[0]


def _three_moves_one_stale(store: Store, seeds: tuple[int, int, int]) -> tuple[list[TableData], list[tuple[Any, ...]]]:
    """Three running tables and a first move for each, as ``append_move`` arguments; the second one claims its
    table is at move 5 (it is at 0), so it loses its compare-and-set."""
    tables = [running_table(store, seed=s) for s in seeds]
    moves = [
        (
            t.id,
            0 if i != 1 else 5,
            0,
            tawa.new_game("ayar", 2, t.seed).legal_actions()[0].id,
            time.time(),
            0,
            None,
            None,
        )
        for i, t in enumerate(tables)
    ]
    return tables, moves


def test_group_commit_fails_only_the_job_that_lost_its_compare_and_set(store: Store) -> None:
    tables, moves = _three_moves_one_stale(store, (21, 22, 23))
    writer = GroupWriter(store.engine)
    outcomes = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        # a slow first job holds the writer, so the next three queue up and are committed as one batch
        writer.submit(loop, lambda c: time.sleep(0.3))
        jobs = [writer.submit(loop, append_move, *m) for m in moves]
        for fut in jobs:
            try:
                await fut
                outcomes.append("ok")
            except Conflict:
                outcomes.append("conflict")

    try:
        _in_own_loop(main)
    finally:
        writer.close()
    assert outcomes == ["ok", "conflict", "ok"]
    assert [store.table(t.id).seq for t in tables] == [1, 0, 1]  # type: ignore[union-attr]


@pytest.mark.parametrize("linger", [0.0, 3.0])
def test_a_busy_lingering_writer_commits_a_lone_write_with_those_that_follow_it(store: Store, linger: float) -> None:
    """``db_commit_linger_ms``: a write that finds the writer busy (it committed a moment ago) and alone waits that
    long for company, so a write sent while it waits shares its transaction; without the linger each is committed
    by itself. The first write finds the writer idle and is committed at once either way."""
    tables, moves = _three_moves_one_stale(store, (41, 42, 43))
    writer = GroupWriter(store.engine, linger=linger)
    third = (tables[1].id, 0, *moves[1][2:])

    async def main() -> None:
        loop = asyncio.get_running_loop()
        await writer.submit(loop, append_move, *moves[0])  # idle: committed alone, at once
        assert writer.batches == 1
        second = writer.submit(loop, append_move, *moves[2])  # busy now
        while not writer._jobs.empty():  # the writer has taken the second write (and lingers, or commits it)
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)
        await asyncio.gather(second, writer.submit(loop, append_move, *third))

    try:
        _in_own_loop(main)
    finally:
        writer.close()
    assert writer.batches == (2 if linger else 3)
    assert [store.table(t.id).seq for t in tables] == [1, 1, 1]  # type: ignore[union-attr]


def test_an_idle_writer_never_lingers(store: Store) -> None:
    """A write that finds the writer idle is committed without waiting, however long the linger: with one of ten
    minutes, it is acknowledged within the test's generous timeout."""
    tables, moves = _three_moves_one_stale(store, (51, 52, 53))
    writer = GroupWriter(store.engine, linger=600.0)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(writer.submit(loop, append_move, *moves[0]), 120)

    try:
        _in_own_loop(main)
        assert writer.batches == 1 and store.table(tables[0].id).seq == 1  # type: ignore[union-attr]
    finally:
        writer._jobs.put(None)  # no close(): joining a writer that lingers would wait for it


def test_a_group_commit_acknowledges_its_moves_before_any_of_them_goes_on(store: Store) -> None:
    """The server's acks: each committed job's ``committed`` callback runs on the loop before any job of the
    batch resumes (where the server builds and pushes that table's update), and a job that failed gets none."""
    tables, moves = _three_moves_one_stale(store, (31, 32, 33))
    writer = GroupWriter(store.engine)
    events: list[tuple[str, int]] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        writer.submit(loop, lambda c: time.sleep(0.3))  # holds the writer, so the three below share one batch
        futures = [
            writer.submit(loop, append_move, *m, committed=lambda i=i: events.append(("ack", i)))
            for i, m in enumerate(moves)
        ]

        async def move(i: int, fut: asyncio.Future[None]) -> None:
            try:
                await fut
            except Conflict:
                events.append(("conflict", i))
            else:
                events.append(("pushed", i))

        await asyncio.gather(*(move(i, f) for i, f in enumerate(futures)))

    try:
        _in_own_loop(main)
    finally:
        writer.close()
    assert events == [("ack", 0), ("ack", 2), ("pushed", 0), ("conflict", 1), ("pushed", 2)]
    assert [store.table(t.id).seq for t in tables] == [1, 0, 1]  # type: ignore[union-attr]
