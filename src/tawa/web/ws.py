"""The WebSocket endpoint ``/ws/v1``: one socket per client, carrying every table it joined.

The upgrade is refused unless the page's Origin is the server's own (or configured). Each message is
size-checked, parsed and validated before anything else; every refusal is answered (``reject``) and,
when it concerned a table, followed by that table's full view, so a client is never left stale. Outgoing
messages go through a bounded queue per connection; a client that cannot keep up is disconnected (it
reconnects and gets a full view) instead of slowing its tables down.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from tawa.web.models import RUNNING
from tawa.web.protocol import CLIENT_TYPES, Explain, Help, Join, Leave, Move, Ping, Previews, Sync, client_message
from tawa.web.service import LiveTable, Refused, TableService, Watcher
from tawa.web.views import explain_of

log = logging.getLogger("tawa.web")
QUEUE_LIMIT = 512          # outgoing messages waiting for a slow client before it is dropped
RATE_WINDOW, RATE_MAX = 10.0, 200   # at most this many messages per window per connection


def origin_allowed(ws: WebSocket, extra: tuple[str, ...]) -> bool:
    """Same-origin (the Origin's host:port is the Host the client connected to) or a configured origin.
    Clients that send no Origin (not a browser) are let through: the check stops cross-site pages."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in extra:
        return True
    host = ws.headers.get("host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


class Connection:
    """One client socket: its subscriptions and its outgoing queue."""

    def __init__(self, ws: WebSocket, service: TableService) -> None:
        self.ws = ws
        self.service = service
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.joined: dict[str, tuple[LiveTable, Watcher]] = {}
        self.closed = False
        self._window_start = time.monotonic()
        self._count = 0

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded for several receivers)."""
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            log.warning("dropping a client that does not read its messages")
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message if isinstance(message, str) else json.dumps(message, separators=(",", ":")))

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    with contextlib.suppress(Exception):
                        await self.ws.close(code=1008)
                    return
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True

    def reject(self, code: str, reason: str, table: str | None = None, ack: int | None = None,
               rule: str | None = None) -> None:
        """Answer a refused message; when it concerned a joined table, its full view follows (resync)."""
        self.send({"t": "reject", "table": table, "ack": ack, "code": code, "reason": reason, "rule": rule})
        if table in self.joined:
            lt, w = self.joined[table]
            self.send(self.service.full(lt, w))

    def _rate_ok(self) -> bool:
        now = time.monotonic()
        if now - self._window_start > RATE_WINDOW:
            self._window_start, self._count = now, 0
        self._count += 1
        return self._count <= RATE_MAX

    # ------------------------------------------------------------ inbound
    async def handle_text(self, text: str) -> None:
        limit = self.service.settings.max_message_bytes
        if len(text.encode()) > limit:
            self.reject("too_large", f"a message may have at most {limit} bytes")
            return
        if not self._rate_ok():
            self.reject("rate_limited", f"at most {RATE_MAX} messages per {RATE_WINDOW:g} seconds; slow down")
            return
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as e:
            self.reject("bad_json", f"not JSON: {e.msg} at character {e.pos}")
            return
        if not isinstance(raw, dict):
            self.reject("bad_message", "a message is a JSON object with a field `t`")
            return
        kind = raw.get("t")
        if kind not in CLIENT_TYPES:
            self.reject("unknown_type", f"unknown message type {kind!r}; known: {', '.join(CLIENT_TYPES)}")
            return
        table = raw.get("table") if isinstance(raw.get("table"), str) else None
        ack = raw.get("ack") if isinstance(raw.get("ack"), int) else None
        try:
            msg = client_message.validate_python(raw)
        except ValidationError as e:
            self.reject("bad_message", _explain_validation(kind, e), table, ack)
            return
        try:
            await self.dispatch(msg)
        except Refused as r:
            self.reject(r.code, r.reason, table, ack, r.rule)

    async def dispatch(self, msg: Any) -> None:
        svc = self.service
        if isinstance(msg, Ping):
            self.send({"t": "pong", "ack": msg.ack})
        elif isinstance(msg, Join):
            lt = await svc.table(msg.table)
            seat = svc.seat_for_token(lt, msg.token) if msg.token is not None else None
            self.leave(msg.table)
            self.joined[msg.table] = (lt, svc.watch(lt, self, seat, msg.board))
        elif isinstance(msg, Leave):
            self.leave(msg.table)
        else:
            lt, w = self._joined(msg.table)
            if isinstance(msg, Sync):
                self.send(svc.full(lt, w))
            elif isinstance(msg, Move):
                if w.seat is None:
                    raise Refused("spectator", "spectators cannot act; open your seat link to play")
                ack = msg.ack
                await svc.submit(lt.id, w.seat, msg.action, msg.seq,
                                 on_commit=lambda v: self.send({"t": "ack", "table": lt.id, "ack": ack, "v": v}))
            elif isinstance(msg, Help | Explain):
                self.send(self._help_or_explain(lt, w, msg))
            elif isinstance(msg, Previews):
                self.send({"t": "previews", "table": lt.id, "v": lt.data.seq, "target": msg.target, "ack": msg.ack,
                           "previews": svc.previews(lt, w, msg.target)})

    def _joined(self, table: str) -> tuple[LiveTable, Watcher]:
        try:
            return self.joined[table]
        except KeyError:
            raise Refused("not_joined", f"join table {table!r} first (send {{\"t\": \"join\", ...}})") from None

    def _help_or_explain(self, lt: LiveTable, w: Watcher, msg: Help | Explain) -> dict[str, Any]:
        game = lt.game
        out: dict[str, Any] = {"t": msg.t, "table": lt.id, "action": msg.action, "ack": msg.ack}
        if isinstance(msg, Help):
            mine = w.seat is not None and game.current_player == w.seat and lt.data.status == RUNNING
            legal = {a.id: a for a in game.legal_actions()} if mine else {}
            if msg.action not in legal:
                raise Refused("illegal", f"{msg.action!r} is not one of your legal actions now")
            out["text"] = game.help_text(legal[msg.action])
            return out
        out.update(explain_of(game, w.seat, lt.data.status, msg.action))
        return out

    def leave(self, table: str) -> None:
        entry = self.joined.pop(table, None)
        if entry is not None:
            self.service.unwatch(*entry)

    def leave_all(self) -> None:
        for table in list(self.joined):
            self.leave(table)


def _explain_validation(kind: str, err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:5]:
        where = ".".join(str(p) for p in e["loc"] if p != kind) or "message"
        parts.append(f"{where}: {e['msg']}")
    return f"bad {kind!r} message: " + "; ".join(parts)


async def endpoint(ws: WebSocket) -> None:
    service: TableService = ws.app.state.service
    if not origin_allowed(ws, service.settings.allowed_origins):
        await ws.close(code=4403)  # before accept: the handshake is refused with HTTP 403
        return
    await ws.accept()
    conn = Connection(ws, service)
    writer = asyncio.create_task(conn.writer())
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", errors="replace")
            await conn.handle_text(text)
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        conn.leave_all()
        conn.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 2)
