"""The WebSocket endpoint ``/ws/v1``: one socket per client, carrying every table it joined. A connection parses,
bounds and dispatches what its client sends; what happens at a table is the table's room's (``tawa.web.table``),
and every message it answers with is made by ``tawa.web.protocol``'s builders.

The upgrade is refused unless the page's Origin is the server's own (or configured), and while the server holds
``max_sockets`` connections, or ``max_sockets_per_address`` from the client's address. Each message is
size-checked, rate-checked, checked for depth and number size (``tawa.web.limits``), parsed and validated before
anything else; every refusal is answered (``reject``).

Whatever a client can make the server build is bounded per connection:

- **Full views** (a join, a ``sync``, the view that follows a refusal about a joined table) come out of a bucket of
  ``full_view_burst`` that refills one per ``full_view_interval``. A ``sync`` from a client that already holds the
  table as it is (its last message about it was a full view) gets none; a ``sync`` or a refusal that finds the
  bucket empty is answered once, the latest view, when the bucket has one again (one full view per gap, not per
  message); a join that finds it empty is refused (``rate_limited``).
- **Tables**: at most ``max_tables_per_socket`` joined at once; a connection that has joined none for
  ``ws_idle_seconds`` is closed (``idle``).
- **Messages**: ``ws_rate_max`` per ``ws_rate_window``; past it the first is answered ``rate_limited`` and the others
  dropped unread (a flood costs the server almost nothing), and twice the rate closes the connection.
- **Outgoing bytes**: messages queue per connection up to ``ws_queue_bytes``; a client that cannot keep up is
  disconnected (it reconnects and gets a full view) instead of slowing its tables down.
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

from tawa.web.auth import COOKIE
from tawa.web.limits import client_address, deny_websocket, json_limit_error
from tawa.web.protocol import (
    CLIENT_TYPES,
    Explain,
    Help,
    Join,
    Leave,
    Move,
    Ping,
    Previews,
    Rematch,
    Resign,
    Return,
    Say,
    Sync,
    Undo,
    ack_message,
    client_message,
    encode,
    pong_message,
    reject_message,
    rematch_message,
)
from tawa.web.refused import Refused
from tawa.web.service import TableService
from tawa.web.table import TableRoom, Watcher

log = logging.getLogger("tawa.web")
IDLE_CLOSE = 4408  # the close code of an idle connection
MOVED_CLOSE = 1012  # the close code of a connection whose table moved to another worker ("service restart")
RESYNC_AFTER = 5.0  # a sync from a client that holds the table as it is is honoured if its view is older


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
    """One client socket: its subscriptions, its outgoing queue and its budgets."""

    def __init__(self, ws: WebSocket, service: TableService, name: str | None = None) -> None:
        self.ws = ws
        self.service = service
        self.settings = service.settings
        self.name = name  # the guest's display name (its cookie), which a spectator chats under
        self._said: list[float] = []  # when it sent its recent chat lines (``chat_rate_max`` per window)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0  # bytes waiting in the queue
        self.joined: dict[str, tuple[TableRoom, Watcher]] = {}
        self.closed = False
        self.close_code = 1008
        self._window_start = time.monotonic()
        self._count = 0
        self._tokens = float(self.settings.full_view_burst)
        self._tokens_at = time.monotonic()
        self._due: dict[str, asyncio.TimerHandle] = {}  # tables whose full view waits for the bucket
        self._idle: asyncio.TimerHandle | None = None
        self._arm_idle()

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded for several receivers)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else encode(message)
        if self.queued + len(text) > self.settings.ws_queue_bytes:
            log.warning("dropping a client that does not read its messages (%d bytes waiting)", self.queued)
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queued += len(text)
        self.queue.put_nowait(text)

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    with contextlib.suppress(Exception):
                        await self.ws.close(code=self.close_code)
                    return
                self.queued -= len(text)
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True

    def reject(
        self,
        code: str,
        reason: str,
        table: str | None = None,
        ack: int | None = None,
        rule: str | None = None,
        v: int | None = None,
        opens: str | None = None,
    ) -> None:
        """Answer a refused message; when it concerned a joined table, its full view follows (resync), at once or,
        when the connection's bucket of full views is empty, once when it has one again."""
        self.send(reject_message(code, reason, table, ack, rule, opens, v))
        if table in self.joined:
            self.want_full(table)

    # ------------------------------------------------------------ budgets
    def _rate_ok(self) -> bool:
        now = time.monotonic()
        if now - self._window_start > self.settings.ws_rate_window:
            self._window_start, self._count = now, 0
        self._count += 1
        return self._count <= self.settings.ws_rate_max

    def _over_rate(self) -> None:
        """A message past the rate: the first of a window is answered ``rate_limited``, the others are dropped
        unread; a client that sends twice the rate in one window is disconnected (close 1008)."""
        st = self.settings
        if self._count == st.ws_rate_max + 1:
            self.reject(
                "rate_limited",
                f"at most {st.ws_rate_max} messages per {st.ws_rate_window:g} seconds; the "
                "next ones in this window are dropped unanswered; slow down",
            )
        elif self._count > 2 * st.ws_rate_max and not self.closed:
            self.reject(
                "rate_limited",
                f"more than {2 * st.ws_rate_max} messages in {st.ws_rate_window:g} seconds: closing this connection",
            )
            self.closed = True
            self.queue.put_nowait(None)

    def _refill(self) -> None:
        now = time.monotonic()
        interval = self.settings.full_view_interval
        gained = (now - self._tokens_at) / interval if interval > 0 else float("inf")
        self._tokens = min(float(self.settings.full_view_burst), self._tokens + gained)
        self._tokens_at = now

    def _take_token(self) -> bool:
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def want_full(self, table: str, sync: bool = False) -> None:
        """The client needs the table's full view (after a refusal; a ``sync``): now if the bucket has one, else
        once, when it has one again (however many were asked meanwhile). A ``sync`` from a client whose last message
        about the table is the full view of the table as it is gets none (unless that view is ``RESYNC_AFTER``
        seconds old, so that no client can stay stuck)."""
        entry = self.joined.get(table)
        if entry is None or table in self._due:
            return
        room, w = entry
        if sync and w.fresh and time.monotonic() - w.full_at < RESYNC_AFTER:
            return
        if self._take_token():
            room.send_full(w)
            return
        wait = (1 - self._tokens) * self.settings.full_view_interval
        self._due[table] = asyncio.get_running_loop().call_later(wait, self._send_due, table)

    def _send_due(self, table: str) -> None:
        self._due.pop(table, None)
        if not self.closed:
            self.want_full(table)

    def _arm_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if not self.joined and not self.closed:
            self._idle = asyncio.get_running_loop().call_later(self.settings.ws_idle_seconds, self._idle_out)

    def _idle_out(self) -> None:
        self._idle = None
        if self.joined or self.closed:
            return
        self.send(reject_message("idle", f"no table joined for {self.settings.ws_idle_seconds:g} seconds: closing"))
        self.closed, self.close_code = True, IDLE_CLOSE
        self.queue.put_nowait(None)

    def moved(self, table: str) -> None:
        """The table moved to another worker (``tawa.web.cluster``): a ``moved`` refusal, then the connection closes
        (1012, "service restart") so the client connects again, through the proxy, to the table's worker."""
        if self.closed:
            return
        self.reject("moved", "this table is served by another worker now; connect again", table)
        self.closed, self.close_code = True, MOVED_CLOSE
        self.queue.put_nowait(None)

    # ------------------------------------------------------------ inbound
    async def handle_text(self, text: str) -> None:
        settings = self.settings
        if not self._rate_ok():
            self._over_rate()
            return
        limit = settings.max_message_bytes
        if len(text) > limit or len(text.encode()) > limit:
            self.reject("too_large", f"a message may have at most {limit} bytes")
            return
        error = json_limit_error(text, settings.max_json_depth, settings.max_json_digits)
        if error is not None:
            self.reject("bad_json", f"not JSON the server accepts: {error}")
            return
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as e:
            self.reject("bad_json", f"not JSON: {e.msg} at character {e.pos}")
            return
        except (ValueError, RecursionError):  # the limits above should make these impossible: never a traceback
            self.reject("bad_json", "not JSON the server accepts")
            return
        if not isinstance(raw, dict):
            self.reject("bad_message", "a message is a JSON object with a field `t`")
            return
        kind = raw.get("t")
        if kind not in CLIENT_TYPES:
            shown = repr(kind) if isinstance(kind, str | int | float | bool | None) else type(kind).__name__
            self.reject("unknown_type", f"unknown message type {shown[:40]}; known: {', '.join(CLIENT_TYPES)}")
            return
        table = raw.get("table") if isinstance(raw.get("table"), str) else None
        ack = raw.get("ack") if isinstance(raw.get("ack"), int) and not isinstance(raw.get("ack"), bool) else None
        try:
            msg = client_message.validate_python(raw)
        except ValidationError as e:
            self.reject("bad_message", _explain_validation(kind, e), table, ack)
            return
        try:
            await self.dispatch(msg)
        except Refused as r:
            if r.code == "moved" and table is not None:
                self.moved(table)
                return
            self.reject(r.code, r.reason, table, ack, r.rule, r.v, r.opens)

    async def dispatch(self, msg: Any) -> None:
        svc = self.service
        if isinstance(msg, Ping):
            self.send(pong_message(msg.ack))
        elif isinstance(msg, Join):
            room = await svc.table(msg.table)
            seat = room.seat_for_token(msg.token) if msg.token is not None else None
            if msg.table not in self.joined and len(self.joined) >= self.settings.max_tables_per_socket:
                raise Refused(
                    "too_many_joined",
                    f"a connection may join at most {self.settings.max_tables_per_socket}"
                    " tables at once; leave one first",
                )
            if not self._take_token():
                raise Refused("rate_limited", "too many views asked for in a short time; join again in a second")
            self.leave(msg.table)
            try:
                self.joined[msg.table] = (room, room.watch(self, seat, msg.board))
            except Refused:
                self._tokens += 1  # no view was sent
                raise
            finally:
                self._arm_idle()
        elif isinstance(msg, Leave):
            self.leave(msg.table)
        else:
            room, w = self._joined(msg.table)
            if isinstance(msg, Sync):
                self.want_full(msg.table, sync=True)
            elif isinstance(msg, Move):
                if w.seat is None:
                    raise Refused("spectator", "spectators cannot act; open your seat link to play")
                await room.submit(w.seat, msg.action, msg.seq, mover=w, ack=msg.ack)
            elif isinstance(msg, Help):
                self.send(room.help(w, msg.action, msg.ack))
            elif isinstance(msg, Explain):
                self.send(room.explain(w, msg.action, msg.element, msg.ack))
            elif isinstance(msg, Previews):
                self.send(room.previews(w, msg.target, msg.ack))
            elif isinstance(msg, Say):
                self._chat_rate()
                ack = msg.ack
                await room.say(w, self.name, msg.text, on_commit=lambda n: self.send(ack_message(room.id, ack, n)))
            else:
                if w.seat is None:
                    raise Refused("spectator", "spectators cannot act; open your seat link to play")
                ack = msg.ack
                if isinstance(msg, Undo):
                    await room.undo(w.seat, msg.seq, on_commit=lambda v: self.send(ack_message(room.id, ack, v)))
                elif isinstance(msg, Resign):
                    await room.resign(w.seat, on_commit=lambda v: self.send(ack_message(room.id, ack, v)))
                elif isinstance(msg, Return):
                    await room.come_back(w.seat, on_commit=lambda v: self.send(ack_message(room.id, ack, v)))
                elif isinstance(msg, Rematch):
                    new, seat, token, joined, by = await self.service.rematch(room, w.seat)
                    self.send(rematch_message(room.id, new.id, by, joined, ack, seat, token))

    def _chat_rate(self) -> None:
        """``chat_rate_max`` chat lines per ``chat_rate_window`` seconds per connection (``rate_limited``)."""
        st, now = self.settings, time.monotonic()
        self._said = [t for t in self._said if now - t < st.chat_rate_window]
        if len(self._said) >= st.chat_rate_max:
            raise Refused(
                "rate_limited",
                f"at most {st.chat_rate_max} chat messages per {st.chat_rate_window:g} seconds; wait a moment",
            )
        self._said.append(now)

    def _joined(self, table: str) -> tuple[TableRoom, Watcher]:
        try:
            return self.joined[table]
        except KeyError:
            raise Refused("not_joined", f'join table {table!r} first (send {{"t": "join", ...}})') from None

    def leave(self, table: str) -> None:
        entry = self.joined.pop(table, None)
        due = self._due.pop(table, None)
        if due is not None:
            due.cancel()
        if entry is not None:
            room, w = entry
            room.unwatch(w)
            self._arm_idle()

    def leave_all(self) -> None:
        for table in list(self.joined):
            self.leave(table)
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None


def _explain_validation(kind: str, err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:5]:
        where = ".".join(str(p) for p in e["loc"] if p != kind) or "message"
        parts.append(f"{where}: {e['msg']}")
    return f"bad {kind!r} message: " + "; ".join(parts)


class Sockets:
    """The connections held, in all and by network address (``max_sockets``, ``max_sockets_per_address``)."""

    def __init__(self) -> None:
        self.total = 0
        self.by_address: dict[str, int] = {}

    def admit(self, address: str, most: int, most_here: int) -> str | None:
        """Count one more connection from ``address``, or say why not."""
        if self.total >= most:
            return f"the server holds {self.total} connections, as many as it allows; try again later"
        if self.by_address.get(address, 0) >= most_here:
            return f"at most {most_here} connections from one network address at once; close a tab first"
        self.total += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)


async def endpoint(ws: WebSocket) -> None:
    service: TableService = ws.app.state.service
    settings = service.settings
    if not origin_allowed(ws, settings.allowed_origins):
        await deny_websocket(ws.scope, ws.send, 403, "forbidden", "this page's origin may not open a socket here")
        return
    sockets: Sockets = ws.app.state.sockets
    address = client_address(ws.scope)
    refused = sockets.admit(address, settings.max_sockets, settings.max_sockets_per_address)
    if refused is not None:
        await deny_websocket(ws.scope, ws.send, 429, "too_many_sockets", refused)
        return
    try:
        await ws.accept()
        guest = await ws.app.state.accounts.identify(ws.app.state.keys, ws.cookies.get(COOKIE))
        conn = Connection(ws, service, guest.name if guest is not None else None)
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
            conn.leave_all()
            conn.closed = True
            conn.queue.put_nowait(None)  # the writer sends what is queued (an idle notice), then closes
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2)
    finally:
        sockets.release(address)
