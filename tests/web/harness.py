"""Test harness for the server: a real ``tawa serve`` in a subprocess on a free loopback port, real HTTP
(httpx) and WebSocket (websockets' sync client, safe after Playwright tests) clients, and one fresh
database per test: SQLite always, PostgreSQL too when ``TAWA_TEST_DATABASE_URL`` is set."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
from sqlalchemy.engine import make_url
from websockets.sync.client import ClientConnection, connect

from tawa.web.bench import Parts
from tawa.web.protocol import server_message

PG_ENV = "TAWA_TEST_DATABASE_URL"
ME, INVITE = {"kind": "me"}, {"kind": "invite"}  # seat choices of a new table


@functools.cache
def bench_push() -> ModuleType:
    """``scripts/bench_push.py`` as a module: its ``Hub`` (what a room needs of the server, with a database that
    commits at once), ``Client`` and ``table_data`` build a ``TableRoom`` without a server."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "bench_push.py"
    spec = importlib.util.spec_from_file_location("bench_push", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def fresh_database(kind: str, tmp: Path) -> Iterator[str]:
    """A new empty database: a SQLite file under ``tmp``, or a new PostgreSQL database (dropped after)."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp / 'tawa.db'}"
        return
    import psycopg

    base = make_url(os.environ[PG_ENV])
    name = "tawa_t_" + secrets.token_hex(6)
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Server:
    """``python -m tawa.cli serve`` on a free port, with its output in ``log``."""

    def __init__(self, db_url: str, tmp: Path, **env: str) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.log = tmp / f"server-{self.port}.log"
        self.env = {
            **os.environ,
            "TAWA_BOT_DELAY": "0",
            "TAWA_BOT_WORKERS": "1",
            "TAWA_SECRET_FILE": str(tmp / f"secret-{self.port}"),
            **env,
        }
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/v1"

    def start(self, timeout: float = 60) -> Server:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tawa.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=self.env,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server not ready after {timeout}s:\n{self.log.read_text()[-3000:]}")

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


class Guest:
    """A person: an httpx client holding the guest cookie (``source``: the loopback address it connects from)."""

    def __init__(self, server: Server, name: str, source: str | None = None) -> None:
        self.server = server
        transport = httpx.HTTPTransport(local_address=source) if source else None
        self.http = httpx.Client(base_url=server.url, timeout=30, transport=transport)
        r = self.http.post("/api/me", json={"name": name})
        assert r.status_code == 200, r.text

    def create(
        self,
        game: str,
        players: int,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        public: bool = True,
        **settings: Any,
    ) -> dict[str, Any]:
        """A new table; ``settings``: the table's own (``leaver``, ``spectator_chat``)."""
        r = self.http.post(
            "/api/tables",
            json={
                "game": game,
                "players": players,
                "seats": seats,
                "options": options or {},
                "public": public,
                **settings,
            },
        )
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def register(self, username: str | None = None, password: str = "a long enough password") -> None:
        """Make this guest a registered player (``POST /api/register``; the username defaults to its name)."""
        name = username or self.http.get("/api/me").json()["name"]
        r = self.http.post("/api/register", json={"username": name, "password": password})
        assert r.status_code == 200, r.text

    def take(self, invite_url: str) -> dict[str, Any]:
        """Follow an invite link: take its seat; returns the seat token answer."""
        path, _, query = invite_url.split("/join/", 1)[1].partition("?k=")
        table, seat = path.split("/")
        r = self.http.post(f"/api/tables/{table}/seats/{seat}", json={"invite": query or None})
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def close(self) -> None:
        self.http.close()


class BoardParts(Parts):
    """A client's board parts of one table, as the browser keeps them (static/patch.mjs; the benchmark's clients
    keep them the same way): ``apply`` checks that the client could apply them and returns the whole document."""

    def apply(self, board: dict[str, Any]) -> str:  # type: ignore[override]
        assert super().apply(board), f"an update names parts this client never got: {board.get('order')}"
        return "".join(self.parts[name] for name in self.order)


class Sock:
    """One WebSocket client. Every message it receives is checked against the protocol's schema and kept
    in ``seen``; board parts are applied as the browser applies them, so a kept view's ``svg`` is the whole
    document and ``board_parts`` records how many parts each message carried."""

    def __init__(
        self, server: Server, origin: str | None = None, source: str | None = None, host: str | None = None
    ) -> None:
        """``source``: the loopback address to connect from (127.0.0.2 ...: another network address to the
        server); ``host``: the host name the handshake names (its ``Host``), still connecting to the server."""
        headers = {"Origin": origin} if origin else None
        self._stack = contextlib.ExitStack()
        url, extra = server.ws_url, {}
        if source is not None:
            extra["source_address"] = (source, 0)
        if host is not None:
            extra["sock"] = socket.create_connection(("127.0.0.1", server.port), source_address=(source or "", 0))
            extra.pop("source_address", None)
            url = url.replace("127.0.0.1", host)
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, additional_headers=headers, open_timeout=10, max_size=None, compression=None, **extra)
        )
        self.seen: list[dict[str, Any]] = []
        self._buffer: list[dict[str, Any]] = []
        self.boards: dict[str, BoardParts] = {}
        self.board_parts: list[tuple[str, int, int]] = []  # (message type, parts carried, parts in all)

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        if self._buffer:
            return self._buffer.pop(0)
        msg = json.loads(self.ws.recv(timeout=timeout))
        server_message.validate_python(msg)
        view = msg.get("view")
        if view is not None and view.get("board") is not None:
            if msg["t"] == "full":
                self.boards[msg["table"]] = BoardParts()
            board = view.pop("board")
            view["svg"] = self.boards[msg["table"]].apply(board)
            self.board_parts.append((msg["t"], len(board["parts"]), len(self.boards[msg["table"]].order)))
        self.seen.append(msg)
        return msg  # type: ignore[no-any-return]

    def expect(self, kind: str, timeout: float = 20, **fields: Any) -> dict[str, Any]:
        """The next message of type ``kind`` (with ``fields``), keeping the others for later ``recv``."""
        deadline = time.monotonic() + timeout
        skipped = []
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no {kind} {fields} within {timeout}s; got {[m['t'] for m in skipped]}")
                msg = self.recv(left)
                if msg["t"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                    return msg
                skipped.append(msg)
        finally:
            self._buffer = skipped + self._buffer

    def drain(self, wait: float = 0.3) -> list[dict[str, Any]]:
        out = list(self._buffer)
        self._buffer = []
        with contextlib.suppress(TimeoutError):
            while True:
                out.append(self.recv(wait))
        return out

    def join(self, table: str, token: str | None = None) -> dict[str, Any]:
        self.send({"t": "join", "table": table, **({"token": token} if token else {})})
        return self.expect("full", table=table)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()


def play_until_over(
    sock: Sock, table: str, full: dict[str, Any], pick: Any = None, limit: int = 100_000, timeout: float = 120
) -> dict[str, Any]:
    """Play ``sock``'s seat at ``table`` whenever it is to act (``pick(view)`` -> action id; default the first
    action) until the game is over; returns the last view."""
    view, v, seat = full["view"], full["v"], full["seat"]
    deadline = time.monotonic() + timeout
    ack = 0
    for _ in range(limit):
        if view["status"] == "finished":
            return view
        if view["to_act"] == seat and view["actions"] and view["status"] == "running":
            ack += 1
            action = pick(view) if pick else view["actions"][0]["id"]
            sock.send({"t": "move", "table": table, "seq": v, "action": action, "ack": ack})
        msg = sock.expect("update", timeout=max(1.0, deadline - time.monotonic()), table=table)
        view, v = msg["view"], msg["v"]
    raise AssertionError("game did not end")


def reply(sock: Sock, table: str, ack: int) -> dict[str, Any]:
    """The answer to the message sent with ``ack``: its ``ack``, its ``reject``, or (a move) the move's ``update``,
    which carries its ack and stays for later too, like every other message."""
    deadline = time.monotonic() + 60
    skipped = []
    try:
        while True:
            msg = sock.recv(max(0.1, deadline - time.monotonic()))
            if msg["t"] in ("ack", "reject", "update") and msg.get("table") == table and msg.get("ack") == ack:
                if msg["t"] == "update":
                    skipped.append(msg)
                return msg
            skipped.append(msg)
    finally:
        sock._buffer = skipped + sock._buffer


class Table:
    """A table of people only: seat 0 created it, the others took its invite links; one socket per seat, and the
    latest view of each (``views``)."""

    def __init__(
        self, srv: Server, game: str, players: int, options: dict[str, Any] | None = None, **settings: Any
    ) -> None:
        self.guests = [Guest(srv, f"Player{i}") for i in range(players)]
        made = self.guests[0].create(game, players, [ME] + [INVITE] * (players - 1), options, **settings)
        self.id = made["id"]
        self.tokens = [made["me"]["token"]] + [
            self.guests[i].take(inv["url"])["token"] for i, inv in enumerate(made["invites"], 1)
        ]
        self.socks = [Sock(srv) for _ in range(players)]
        fulls = self.joined = [s.join(self.id, t) for s, t in zip(self.socks, self.tokens, strict=True)]
        self.views = [f["view"] for f in fulls]
        self.v = fulls[0]["v"]
        self.acks = 1000  # the acks of the moves it sends (the tests' own messages use small numbers)

    @property
    def status(self) -> str:
        return str(self.views[0]["status"])

    def acting(self) -> int:
        return int(self.views[0]["to_act"])

    def latest(self, seat: int, kind: str = "update") -> dict[str, Any]:
        return self.socks[seat].expect(kind, table=self.id, timeout=60)

    def move(self, seat: int, action: str) -> None:
        """Play ``action`` for ``seat`` and take the update of it on every socket."""
        self.acks += 1
        self.socks[seat].send({"t": "move", "table": self.id, "seq": self.v, "action": action, "ack": self.acks})
        answer = reply(self.socks[seat], self.id, self.acks)
        assert answer["t"] == "update", answer
        for s in range(len(self.socks)):
            up = self.latest(s)
            self.views[s], self.v = up["view"], up["v"]

    def fulls(self, seats: range | list[int]) -> list[dict[str, Any]]:
        """The full view each of ``seats`` gets next (after a table event), taken as their views."""
        out = [self.latest(s, "full") for s in seats]
        for s, f in zip(seats, out, strict=True):
            self.views[s], self.v = f["view"], f["v"]
        return out

    def close(self) -> None:
        for s in self.socks:
            s.close()
        for g in self.guests:
            g.close()


class Clock:
    """The offset file: ``forward(s)`` moves the server's time ``s`` seconds on."""

    def __init__(self, tmp: Path) -> None:
        self.path = tmp / "clock-offset"
        self.offset = 0.0
        self.path.write_text("0")

    def forward(self, seconds: float) -> None:
        self.offset += seconds
        self.path.write_text(repr(self.offset))


def client(server: Server, source: str | None = None) -> httpx.Client:
    """An HTTP client of ``server`` (from the loopback address ``source``: a network address of its own)."""
    transport = httpx.HTTPTransport(local_address=source) if source else None
    return httpx.Client(base_url=server.url, timeout=30, transport=transport)


def post(c: httpx.Client, path: str, body: dict[str, Any] | None = None, status: int = 200) -> dict[str, Any]:
    """POST ``body`` (JSON) to ``path``, expecting ``status``; the answer's JSON."""
    r = c.post(path, json=body if body is not None else {})
    assert r.status_code == status, r.text
    return r.json()  # type: ignore[no-any-return]
