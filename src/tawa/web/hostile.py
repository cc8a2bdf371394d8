"""A hostile client, for the soak test and ``tawa bench-server --hostile``: everything issue 23 found a single
guest could do to freeze or exhaust the server, done at once and without pause from one network address, beside
the normal tables (which must keep playing).

It connects from its own loopback address (``source``, 127.0.0.2 by default: to the server another household), so
the per-address limits bound it and not the normal tables. For ``seconds`` it runs, concurrently:

- ``junk``: one socket on a normal table (as a spectator) sending, in a loop, what once escaped the handler or
  amplified: 8,000-deep arrays, a 5,000-digit integer, bad JSON, unknown types, moves of a spectator (each refusal
  of a joined table once brought a full view back);
- ``syncs``: sockets on the normal tables sending ``sync`` as fast as they can (5 of them once drew 995 views);
- ``crowd``: as many sockets as it can open, each a spectator of a normal table (300 spectators once stalled the
  loop 7 s; 2,000 idle sockets took 449 MB), then sockets that join nothing;
- ``rest``: new guests creating tables at unbounded options (``GOLD_CAP`` 10^18), with bots beyond every range,
  5 MB and 8,000-deep bodies, and valid tables until the limits answer;
- ``slow``: request heads sent a byte a second, never finished (300 were once held forever);
- ``bots``: a valid table of two bots whose moves are far over any budget (``ismcts:iters=1000000``).

It returns what it got back: the server's answers by kind and code, bytes received, sockets accepted and refused.
Run it alone: ``python -m tawa.web.hostile URL --seconds 20 --table ID ...`` (prints the figures as JSON).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import resource
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus, WebSocketException
from websockets.protocol import State

JUNK = [
    "[" * 8000 + "]" * 8000,
    '{"t": "ping", "ack": ' + "9" * 5000 + "}",
    "{" * 3000,
    "not json at all",
    '{"t": "dance"}',
    "[1, 2, 3]",
    '{"t": "ping", "ack": "1"}',
]


class Tally:
    """What the hostile client got back."""

    def __init__(self) -> None:
        self.answers: collections.Counter[str] = collections.Counter()  # "ws:reject:bad_json", "http:413" ...
        self.received = 0  # bytes of the server's WebSocket messages
        self.largest = 0  # the largest single message
        self.fulls = 0  # full views received
        self.sockets_open = 0  # sockets accepted (at most at once)
        self.errors: collections.Counter[str] = collections.Counter()

    def message(self, text: str | bytes) -> None:
        size = len(text)
        self.received += size
        self.largest = max(self.largest, size)
        try:
            msg = json.loads(text)
        except ValueError:
            self.answers["ws:unparsable"] += 1
            return
        kind = msg.get("t")
        self.fulls += kind == "full"
        self.answers[f"ws:{kind}:{msg['code']}" if kind == "reject" else f"ws:{kind}"] += 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "answers": dict(sorted(self.answers.items())),
            "received_mb": round(self.received / 1e6, 2),
            "largest_message_kb": round(self.largest / 1e3, 1),
            "full_views": self.fulls,
            "sockets_open_at_most": self.sockets_open,
            "errors": dict(self.errors),
        }


class Hostile:
    def __init__(self, base_url: str, tables: list[str], source: str = "127.0.0.2") -> None:
        self.base = base_url.rstrip("/")
        parts = urlsplit(self.base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.ws_url = f"ws://{self.host}:{self.port}/ws/v1"
        self.tables = tables
        self.source = source
        self.tally = Tally()
        self._live: set[ClientConnection] = set()  # the sockets accepted and not yet seen closed
        self.stop = asyncio.Event()

    # ------------------------------------------------------------ helpers
    async def _socket(self) -> ClientConnection | None:
        try:
            ws = await connect(
                self.ws_url, local_addr=(self.source, 0), max_size=None, compression=None, open_timeout=20
            )
        except InvalidStatus as e:
            self.tally.answers[f"ws-handshake:{e.response.status_code}"] += 1
            return None
        except (OSError, WebSocketException, TimeoutError) as e:
            self.tally.errors[type(e).__name__] += 1
            return None
        # open at once: those whose close the connection has not received yet (its state changes as the close frame
        # arrives; the task reading it may run only later, after the server's next handshake was answered)
        self._live = {w for w in self._live if w.state is State.OPEN}
        self._live.add(ws)
        self.tally.sockets_open = max(self.tally.sockets_open, len(self._live))
        return ws

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            async for text in ws:
                self.tally.message(text)
        self._live.discard(ws)

    def _http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.base, timeout=30, transport=httpx.AsyncHTTPTransport(local_address=self.source)
        )

    # ------------------------------------------------------------ the attacks
    async def _flood(self, table: str, messages: Callable[[int], str], pause: float) -> None:
        """Join ``table`` and send ``messages(i)`` without end; when the server closes the socket (past twice the
        rate), open another (so the limits on sockets and handshakes are in play too)."""
        i = 0
        while not self.stop.is_set():
            ws = await self._socket()
            if ws is None:
                await asyncio.sleep(0.2)
                continue
            self.tally.answers["ws-connect"] += 1
            reader = asyncio.create_task(self._read(ws))
            with contextlib.suppress(WebSocketException, OSError):
                await ws.send(json.dumps({"t": "join", "table": table}))
                while not self.stop.is_set():
                    await ws.send(messages(i))
                    i += 1
                    await asyncio.sleep(pause)
            with contextlib.suppress(WebSocketException, OSError):
                await ws.close()
            await reader

    async def junk(self) -> None:
        table = self.tables[0]
        await self._flood(
            table,
            lambda i: (
                JUNK[i % len(JUNK)]
                if i % 2
                else json.dumps({"t": "move", "table": table, "seq": 0, "action": "marker teal", "ack": i})
            ),
            0.002,
        )

    async def syncs(self, n: int = 5) -> None:
        def sync_of(table: str) -> Callable[[int], str]:
            text = json.dumps({"t": "sync", "table": table})
            return lambda _i: text

        tables = [self.tables[k % len(self.tables)] for k in range(n)]
        await asyncio.gather(*(self._flood(t, sync_of(t), 0.005) for t in tables))

    async def crowd(self, most: int = 400) -> None:
        held: list[tuple[ClientConnection, asyncio.Task[None]]] = []
        for k in range(most):
            if self.stop.is_set():
                break
            ws = await self._socket()
            if ws is None:
                await asyncio.sleep(0.05)
                continue
            held.append((ws, asyncio.create_task(self._read(ws))))
            if k % 2 == 0:  # half of them watch a table; the others join nothing (idle)
                with contextlib.suppress(WebSocketException, OSError):
                    await ws.send(json.dumps({"t": "join", "table": self.tables[k % len(self.tables)]}))
        await self.stop.wait()
        for ws, reader in held:
            with contextlib.suppress(WebSocketException, OSError):
                await ws.close()
            await reader

    async def rest(self) -> None:
        huge = b'{"game": "ayar", "players": 2, "seats": [], "options": {"x": "' + b"y" * (5 << 20) + b'"}}'
        attempts: list[dict[str, Any] | bytes | str] = [
            {
                "game": "guatavita",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "invite"}],
                "options": {"GOLD_CAP": 10**18},
            },
            {"game": "ayar", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:time=1e308"}]},
            {"game": "ayar", "players": "2", "seats": [{"kind": "me"}, {"kind": "invite"}]},
            "[" * 8000 + "]" * 8000,
            huge,
            {"game": "ayar", "players": 2, "seats": [{"kind": "me"}, {"kind": "invite"}]},
        ]
        async with self._http() as c:
            i = 0
            while not self.stop.is_set():
                if i % len(attempts) == 0:
                    with contextlib.suppress(httpx.HTTPError):
                        await c.post("/api/me", json={"name": f"hostile {i}"})
                body = attempts[i % len(attempts)]
                try:
                    if isinstance(body, dict):
                        r = await c.post("/api/tables", json=body)
                    else:
                        r = await c.post("/api/tables", content=body, headers={"content-type": "application/json"})
                    code = (
                        r.json().get("code", "")
                        if r.headers.get("content-type", "").startswith("application/json") and r.status_code >= 400
                        else ""
                    )
                    self.tally.answers[f"http:{r.status_code}{':' + code if code else ''}"] += 1
                except httpx.HTTPError as e:
                    self.tally.errors[type(e).__name__] += 1
                i += 1
                await asyncio.sleep(0.01)

    async def slow(self, n: int = 60) -> None:
        async def one() -> None:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port, local_addr=(self.source, 0))
            except OSError as e:
                self.tally.errors[type(e).__name__] += 1
                return
            head = b"GET / HTTP/1.1\r\nHost: " + self.host.encode() + b"\r\nX-Slow: " + b"a" * 200
            try:
                for byte in head:
                    if self.stop.is_set() or reader.at_eof():
                        break
                    writer.write(bytes([byte]))
                    await writer.drain()
                    with contextlib.suppress(TimeoutError):
                        answer = await asyncio.wait_for(reader.read(200), 1.0)
                        if answer or reader.at_eof():
                            status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "closed"
                            self.tally.answers[f"slow-head:{status}"] += 1
                            break
            except OSError:
                self.tally.answers["slow-head:closed"] += 1
            writer.close()

        while not self.stop.is_set():
            await asyncio.gather(*(one() for _ in range(n)))

    async def bots(self) -> None:
        async with self._http() as c:
            with contextlib.suppress(httpx.HTTPError):
                await c.post("/api/me", json={"name": "hostile bots"})
                slow = {"kind": "bot", "bot": "ismcts:iters=1000000"}
                r = await c.post("/api/tables", json={"game": "ayar", "players": 2, "seats": [slow, slow]})
                self.tally.answers[f"slow-bots:{r.status_code}"] += 1

    async def run(self, seconds: float) -> dict[str, Any]:
        started = time.monotonic()
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        tasks = [
            asyncio.create_task(x)
            for x in (self.junk(), self.syncs(), self.crowd(), self.rest(), self.slow(), self.bots())
        ]
        await asyncio.sleep(seconds)
        self.stop.set()
        done, pending = await asyncio.wait(tasks, timeout=30)
        for task in pending:
            task.cancel()
        for task in done:
            if task.exception() is not None:
                self.tally.errors[f"task:{type(task.exception()).__name__}"] += 1
        out = self.tally.to_dict()
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        out["seconds"] = round(time.monotonic() - started, 1)
        out["cpu_share"] = round((cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime) / out["seconds"], 3)
        return out


def run_hostile(base_url: str, tables: list[str], seconds: float, source: str = "127.0.0.2") -> dict[str, Any]:
    return asyncio.run(Hostile(base_url, tables, source).run(seconds))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("url")
    ap.add_argument("--table", action="append", required=True, help="a normal table to harass (repeatable)")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--source", default="127.0.0.2", help="the loopback address to connect from")
    args = ap.parse_args()
    print(json.dumps(run_hostile(args.url, args.table, args.seconds, args.source)))


if __name__ == "__main__":
    main()
