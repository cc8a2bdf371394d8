"""What crosses tables between workers (issue 30): Redis pub/sub (redis-py's asyncio client).

Each worker publishes, every ``EVERY`` seconds, the live state of the tables it owns that the lobby and the pages'
alerts show and that only the owner knows (in memory): the time left to the seat to act, the seats a bot plays now
(resigned, timed out) and the seats whose people are connected. Every worker listens, so its lobby, its "your turn"
answers (``GET /api/my-turns``) and its table rows show another worker's tables as their owner sees them, at most a
couple of seconds late. Table events that concern people on other workers go on a second channel (``EVENTS``): a
rematch offered at a finished table reaches its players' sockets on every worker. The truth (seats, moves, results,
invitations, rematch links) stays in the database, which
every worker reads; a worker whose Redis is away goes on serving its own tables and shows the others without their
live part until it is back (logged, never raised into a request).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis

log = logging.getLogger("tawa.web")
CHANNEL = "tawa:live"
EVENTS = "tawa:events"  # {"worker", "table", "kind", ...}: what the other workers' sockets of a table must hear
EVERY = 1.0  # seconds between two publications of a worker's tables
FRESH = 5.0  # a worker's publication older than this is ignored (it died, or Redis is away)


class LiveShare:
    """This worker's publisher and everybody's latest publication (``live(table)``)."""

    def __init__(
        self,
        url: str,
        me: str,
        tables: Callable[[], dict[str, dict[str, Any]]],
        on_event: Callable[[dict[str, Any]], None],
    ) -> None:
        self.url, self.me, self.tables, self.on_event = url, me, tables, on_event
        self._sending: set[asyncio.Task[None]] = set()
        self.heard: dict[str, tuple[float, dict[str, dict[str, Any]]]] = {}  # worker -> (when, its tables)
        self._tasks: list[asyncio.Task[None]] = []
        self._redis: aioredis.Redis | None = None

    async def start(self) -> None:
        self._redis = aioredis.Redis.from_url(self.url, socket_timeout=5, socket_connect_timeout=5)
        self._tasks = [asyncio.create_task(self._publishing()), asyncio.create_task(self._listening())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    def live(self, table_id: str) -> dict[str, Any] | None:
        """The table's live state as its owner last published it: ``{"left", "out", "here"}``, or None."""
        now = time.monotonic()
        for worker, (at, tables) in self.heard.items():
            if worker != self.me and now - at < FRESH and table_id in tables:
                return tables[table_id]
        return None

    def event(self, table: str, kind: str, **fields: Any) -> None:
        """Tell the other workers about ``table`` (in the background; lost if Redis is away, logged)."""
        message = json.dumps({"worker": self.me, "table": table, "kind": kind, **fields}, separators=(",", ":"))
        task = asyncio.get_running_loop().create_task(self._send(message))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send(self, message: str) -> None:
        assert self._redis is not None
        try:
            await self._redis.publish(EVENTS, message)
        except Exception as e:
            log.warning("worker %s: could not publish a table event (%s)", self.me, e)

    async def _publishing(self) -> None:
        assert self._redis is not None
        while True:
            try:
                message = json.dumps({"worker": self.me, "tables": self.tables()}, separators=(",", ":"))
                await self._redis.publish(CHANNEL, message)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # Redis away: try again at the next beat
                log.warning("worker %s: could not publish its tables (%s)", self.me, e)
            await asyncio.sleep(EVERY)

    async def _listening(self) -> None:
        assert self._redis is not None
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(CHANNEL, EVENTS)
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    got = json.loads(message["data"])
                    if not isinstance(got, dict) or not isinstance(got.get("worker"), str):
                        continue
                    channel = message.get("channel")
                    if channel in (EVENTS, EVENTS.encode()):
                        if got["worker"] != self.me:
                            try:
                                self.on_event(got)
                            except Exception:
                                log.exception("worker %s: a table event failed: %r", self.me, got)
                    else:
                        self.heard[got["worker"]] = (time.monotonic(), got.get("tables") or {})
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("worker %s: lost its subscription (%s); subscribing again", self.me, e)
                await asyncio.sleep(EVERY)


def room_live(room: Any) -> dict[str, Any]:
    """A room's live part as published (``TableService.published``)."""
    left = room.time_left()
    return {
        "left": None if left is None else round(left, 1),
        "out": {str(seat): why for seat, why in room.ledger.out.items()},
        "here": sorted(room.connected_seats()),
    }
