"""A committed move is always acknowledged to its mover (issue 30): the acknowledgement rides in the mover's
``update``, and where that update is not sent (the mover's socket left the room while the move was being written,
or drawing the update failed) the mover gets an ``ack`` of its own instead. A ``TableRoom`` without a server
(``scripts/bench_push.py``'s hub: a database that commits at once)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import harness
import pytest

from tawa.core.registry import new_game
from tawa.web.table import TableRoom, Watcher

bench_push = harness.bench_push()


def room_of_two() -> tuple[TableRoom, list[Watcher]]:
    game = new_game("ayar", 2, 7, {})
    data = bench_push.table_data(0, "ayar", 2, 7)
    data.to_act = game.current_player
    room = TableRoom(bench_push.Hub(), data, game)
    watchers = [Watcher(bench_push.Client(s, None), s, True) for s in range(2)]
    for w in watchers:
        room.watchers.add(w)
        room.send_full(w)
        w.conn.inbox.clear()
    return room, watchers


def play(room: TableRoom, mover: Watcher, ack: int) -> int:
    """The move of the seat to act (its first legal action) submitted by ``mover``, in an event loop of its own (a
    browser test's Playwright may run one in this thread)."""
    action = room.game.legal_actions()[0].id

    async def submit() -> int:
        return await room.submit(room.game.current_player, action, room.data.seq, mover=mover, ack=ack)

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, submit()).result()


def sent(w: Watcher) -> list[dict[str, Any]]:
    return [json.loads(t) for t in w.conn.inbox]


def test_the_movers_update_carries_its_ack_and_no_other_message_does() -> None:
    room, watchers = room_of_two()
    mover = watchers[room.game.current_player]
    other = watchers[1 - mover.seat]
    assert play(room, mover, 5) == 1
    assert [(m["t"], m.get("ack")) for m in sent(mover)] == [("update", 5)]
    assert [m["t"] for m in sent(other)] == ["update"] and "ack" not in sent(other)[0]


def test_a_mover_that_left_the_room_while_its_move_was_written_still_gets_its_ack() -> None:
    room, watchers = room_of_two()
    mover = watchers[room.game.current_player]
    room.watchers.discard(mover)  # as when its socket closes, or the table moves to another worker, meanwhile
    assert play(room, mover, 6) == 1
    assert sent(mover) == [{"t": "ack", "table": room.id, "ack": 6, "v": 1}]


def test_a_committed_move_whose_update_could_not_be_drawn_is_still_acknowledged() -> None:
    room, watchers = room_of_two()
    mover = watchers[room.game.current_player]

    def broken(seat: int | None, obs: Any) -> Any:
        raise RuntimeError("a view that fails")

    room._drawing = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="a view that fails"):
        play(room, mover, 7)
    assert room.data.seq == 1  # committed before the push
    assert sent(mover) == [{"t": "ack", "table": room.id, "ack": 7, "v": 1}]
