"""Server settings: one pydantic model, read from arguments or the environment (``TAWA_*``).

Tests build one ``Settings`` per database and pass it to ``create_app``; nothing is read at import time.
"""

from __future__ import annotations

import os
import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

DEFAULT_DB = "sqlite:///./tawa.db"
WORKER_ENTRY = r"[a-z][a-z0-9]{0,7}=[A-Za-z0-9.\-\[\]:]+:\d{1,5}"  # name=host:port (TAWA_WORKERS)

# Named bot strengths offered by the lobby (any bot spec is accepted too).
STRENGTHS: dict[str, str] = {
    "easy": "greedy",
    "normal": "ismcts",
    "strong": "ismcts:time=2",  # budget by seconds: about two seconds a move in every game
}


class Settings(BaseModel):
    """Everything the server needs to know, with defaults for a local game night."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    database_url: str = DEFAULT_DB
    """SQLAlchemy URL: ``sqlite:///path`` (the embedded default) or ``postgresql+psycopg://user@host/db``."""
    secret: str | None = None
    """Key that signs guest cookies and derives invite codes (``TAWA_SECRET``; several keys comma-separated: the
    first signs, all verify). None: read from ``secret_file``, made there on first start, so a restart keeps
    everybody's name and links."""
    allowed_origins: tuple[str, ...] = ()
    """Extra origins (``https://example.org``) whose pages may open a WebSocket; the server's own origin
    (the request's Host) is always allowed."""
    max_message_bytes: Annotated[int, Field(ge=256, le=1 << 20)] = 16 * 1024
    """Largest WebSocket message a client may send; a bigger one is refused with ``too_large``."""
    snapshot_every: Annotated[int, Field(ge=1)] = 50
    """Store the full state (``to_json``) every this many moves, so a long game loads without a full replay."""
    bot_workers: Annotated[int, Field(ge=1, le=64)] = max(1, min(4, (os.cpu_count() or 2) - 1))
    """Worker processes that compute bot moves (never on the event loop)."""
    bot_delay: Annotated[float, Field(ge=0, le=30)] = 0.6
    """Least seconds between a bot's turn starting and its move being played, so people can follow."""
    db_threads: Annotated[int, Field(ge=1, le=32)] = 4
    """Threads that talk to the database for reads; writes go through one writer per process on SQLite."""
    db_commit_linger_ms: Annotated[float, Field(ge=0, le=50)] = 3
    """Milliseconds the database writer waits, when a write finds it busy (it committed a batch less than four
    lingers ago) and alone, for more to share its commit (group commit, as PostgreSQL's ``commit_delay`` with
    ``commit_siblings``): a busy server's acknowledgements come up to that much later, and its writer spends less CPU
    per move (docs/performance.md, issue 30); an idle server never waits. 0: every write is committed at once."""
    sqlite_synchronous: str = "FULL"
    """SQLite ``synchronous`` pragma: FULL (every acknowledged move survives power loss) or NORMAL (survives a
    crash of the process)."""
    cookie_secure: bool = False
    """Mark the guest cookie Secure (set it when serving over https)."""

    # ---- accounts (docs/server.md § Accounts)
    login_attempts_max: Annotated[int, Field(ge=1, le=100_000)] = 10
    """Failed logins (and wrong old passwords) one username may take per ``login_window`` seconds; beyond, its
    logins are refused with ``rate_limited`` until the window has moved on (even with the right password)."""
    login_attempts_per_address: Annotated[int, Field(ge=1, le=100_000)] = 30
    """Failed logins and registrations one network address may make per ``login_window`` seconds
    (``rate_limited`` beyond)."""
    login_window: Annotated[float, Field(gt=0, le=86_400)] = 900.0
    """The window of ``login_attempts_max`` and ``login_attempts_per_address``, in seconds."""

    # ---- e-mail (docs/server.md § E-mail); no ``smtp_host``: no e-mail at all (``no_mail``)
    smtp_host: str | None = None
    """The SMTP server that sends the server's mail (address verification, password reset, turn alerts). None: the
    server sends no mail; its e-mail routes answer ``no_mail`` and the pages hide them."""
    smtp_port: Annotated[int, Field(ge=0, le=65_535)] = 0
    """The SMTP server's port; 0: the usual one of ``smtp_security`` (587 ``starttls``, 465 ``ssl``, 25 ``none``)."""
    smtp_security: Literal["starttls", "ssl", "none"] = "starttls"
    """``starttls`` (plain connection, then STARTTLS, refused when the server does not offer it), ``ssl`` (TLS from the
    first byte) or ``none`` (no encryption: only for a relay on the same machine, or tests)."""
    smtp_user: str | None = None
    """The SMTP login's user name (None: no login)."""
    smtp_password: str | None = None
    """The SMTP login's password (``TAWA_SMTP_PASSWORD``; never logged)."""
    smtp_timeout: Annotated[float, Field(gt=0, le=300)] = 20.0
    """Seconds each step of an SMTP conversation may take; a slower or failing server is logged and the mail dropped
    (nothing the player did waits for it)."""
    mail_from: str | None = None
    """The ``From`` of the server's mail (``Tawa <tawa@example.org>``). None: ``Tawa <tawa@HOST>``, HOST the host of
    ``public_url`` (else ``localhost``)."""
    public_url: str | None = None
    """The server's public address (``https://play.example.org``): the base of every link in a mail. None: the base
    of the request that made the mail (and for turn alerts, of the latest request answered); set it on a public
    server, since a request's ``Host`` is the client's to choose."""
    mail_verify_expiry: Annotated[float, Field(gt=0, le=30 * 86_400)] = 86_400.0
    """Seconds an address verification link works (once)."""
    mail_reset_expiry: Annotated[float, Field(gt=0, le=7 * 86_400)] = 3600.0
    """Seconds a password reset link works (once; a password change voids it sooner)."""
    mail_requests_max: Annotated[int, Field(ge=1, le=100_000)] = 5
    """Links (verification or reset) that may be asked for one account, username or address per ``mail_window``
    seconds (``rate_limited`` beyond)."""
    mail_requests_per_address: Annotated[int, Field(ge=1, le=100_000)] = 20
    """Links that one network address may ask for per ``mail_window`` seconds (``rate_limited`` beyond)."""
    mail_window: Annotated[float, Field(gt=0, le=86_400)] = 3600.0
    """The window of ``mail_requests_max`` and ``mail_requests_per_address``, in seconds."""
    mail_turn_after: Annotated[float, Field(ge=0, le=30 * 86_400)] = 3600.0
    """Seconds a person's turn at a turn-based or untimed table lasts before they are mailed about it (once a turn;
    only to a verified address whose alerts are on). Tables with a real-time clock send no mail."""

    # ---- the signing secret (docs/server.md § The secret)
    secret_file: str | None = None
    """File holding the signing secret (one key a line: the first signs, every line verifies; made with mode 0600
    on first start). None: ``$XDG_CONFIG_HOME/tawa/secret`` (``~/.config/tawa/secret``). Ignored when ``secret``
    is set."""

    # ---- hosts (DNS rebinding)
    trusted_hosts: tuple[str, ...] = ()
    """Host names (``play.example.org``; ``*.example.org`` for subdomains) that requests and WebSocket handshakes
    may name in ``Host``, besides the loopback names, the address ``tawa serve`` listens on and bare IP addresses.
    ``*`` allows any (behind a proxy that checks hosts itself)."""

    # ---- HTTP requests
    max_body_bytes: Annotated[int, Field(ge=1024, le=16 << 20)] = 64 * 1024
    """Largest request body; a larger one is refused with 413 ``too_large`` before it is read."""
    max_header_bytes: Annotated[int, Field(ge=1024, le=1 << 20)] = 16 * 1024
    """Largest request head (request line and headers); a larger one is answered 431 ``too_large``."""
    header_timeout: Annotated[float, Field(gt=0, le=300)] = 10.0
    """Seconds a connection may take to send a request's head (from its first byte, or from the connection's
    start); slower ones are answered 408 ``timeout`` and closed (uvicorn itself has no such limit)."""
    body_timeout: Annotated[float, Field(gt=0, le=300)] = 10.0
    """Seconds a request's body may take to arrive once its head has; slower ones are answered 408 ``timeout``."""
    max_json_depth: Annotated[int, Field(ge=2, le=256)] = 16
    """Deepest nesting of arrays and objects in a request body or a WebSocket message (``bad_json`` above it)."""
    max_json_digits: Annotated[int, Field(ge=8, le=4000)] = 24
    """Most digits of one number in a request body or a WebSocket message (``bad_json`` above it)."""

    # ---- tables
    tables_per_hour_guest: Annotated[int, Field(ge=1, le=100_000)] = 30
    """Tables one guest may create in an hour (``rate_limited`` above it; counted from the database)."""
    tables_per_hour_address: Annotated[int, Field(ge=1, le=100_000)] = 100
    """Tables all the guests of one network address may create in an hour (``rate_limited``)."""
    open_tables_per_guest: Annotated[int, Field(ge=1, le=100_000)] = 20
    """Unfinished tables (waiting or running) one guest may have created (``too_many_tables`` above it)."""
    invitations_to_one_player: Annotated[int, Field(ge=1, le=1000)] = 3
    """Seats of waiting tables one guest may have offered to one player at once (``too_many_invitations`` above
    it): nobody fills another's lobby with invitations; the invitee may decline each."""

    # ---- WebSocket
    max_sockets: Annotated[int, Field(ge=1, le=1_000_000)] = 2000
    """WebSocket connections the server holds at once; more are refused at the handshake (429
    ``too_many_sockets``)."""
    max_sockets_per_address: Annotated[int, Field(ge=1, le=1_000_000)] = 32
    """WebSocket connections from one network address at once (429 ``too_many_sockets``)."""
    max_tables_per_socket: Annotated[int, Field(ge=1, le=10_000)] = 16
    """Tables one connection may have joined at once (``too_many_joined``)."""
    max_spectators: Annotated[int, Field(ge=0, le=100_000)] = 50
    """Spectators (connections without a seat) one table may have (``too_many_spectators``)."""
    ws_idle_seconds: Annotated[float, Field(gt=0, le=86_400)] = 60.0
    """A connection that has joined no table for this long is closed (``idle``, close code 4408)."""
    ws_rate_max: Annotated[int, Field(ge=1, le=1_000_000)] = 200
    """Messages one connection may send per ``ws_rate_window`` seconds (``rate_limited`` above it)."""
    ws_rate_window: Annotated[float, Field(gt=0, le=3600)] = 10.0
    """The window of ``ws_rate_max``, in seconds."""
    full_view_burst: Annotated[int, Field(ge=1, le=10_000)] = 8
    """Full views a connection may be sent back to back (joins, syncs, views after a refusal); then one per
    ``full_view_interval``: a join beyond is refused (``rate_limited``), a sync or a refusal's view waits and
    is sent once, the latest."""
    full_view_interval: Annotated[float, Field(ge=0, le=60)] = 1.0
    """Seconds that earn a connection one more full view (see ``full_view_burst``)."""
    ws_queue_bytes: Annotated[int, Field(ge=64 * 1024, le=1 << 30)] = 8 << 20
    """Bytes of outgoing messages that may wait for a slow client; beyond, it is disconnected (it reconnects and
    gets a full view)."""

    # ---- chat (docs/server.md § Chat)
    chat_max_chars: Annotated[int, Field(ge=1, le=10_000)] = 500
    """Longest chat message, in characters (``bad_message`` above it)."""
    chat_rate_max: Annotated[int, Field(ge=1, le=10_000)] = 5
    """Chat messages one connection may send per ``chat_rate_window`` seconds (``rate_limited`` above it)."""
    chat_rate_window: Annotated[float, Field(gt=0, le=3600)] = 10.0
    """The window of ``chat_rate_max``, in seconds."""
    chat_per_table: Annotated[int, Field(ge=0, le=1_000_000)] = 2000
    """Chat messages one table may hold in all (``chat_full`` above it; 0: no chat on this server)."""

    # ---- clocks (docs/server.md § Clocks)
    idle_days: Annotated[float, Field(gt=0, le=365)] = 14.0
    """Days the seat to act of an untimed table (one created with no clock) may take over a turn; then a bot plays
    the seat until its person takes it back, as after a time-out (so no table stays running for ever)."""

    # ---- bots
    bot_budget: Annotated[float, Field(gt=0, le=600)] = 5.0
    """Most seconds a bot seat may think per move: the most a bot spec's ``time=`` may ask for."""
    bot_margin: Annotated[float, Field(ge=0, le=600)] = 5.0
    """A bot move still running ``bot_budget + bot_margin`` seconds after it started is abandoned: its worker
    process is replaced and the seat plays the ``bot_fallback`` move instead (the log says so)."""
    bot_fallback: Literal["random", "progress"] = "progress"
    """The cheap bot that moves for a seat whose bot ran out of time."""

    # ---- many workers, one database (docs/deploy.md; tawa.web.cluster)
    worker: Annotated[str, Field(pattern=r"^([a-z][a-z0-9]{0,7})?$")] = ""
    """This process's name among ``workers`` (``w1`` …); empty: the one process of its database (the default).
    A worker owns the running tables it holds a lease on; its new tables' ids begin with its name."""
    workers: tuple[str, ...] = ()
    """Every worker as ``name=host:port``, in ring order (``TAWA_WORKERS``, comma-separated): a table is served by
    the worker its id names, or, while that one is down, by the next live one in this order (nginx's backups)."""
    redis_url: str | None = None
    """The Redis server the workers share what crosses tables through (``redis://127.0.0.1:6379/0``)."""
    lease_seconds: Annotated[float, Field(ge=2, le=300)] = 10.0
    """How long a worker's lease on a table lasts unless renewed (it renews every third of it): a worker that dies
    loses its tables to the next live one within this time."""

    @field_validator("database_url")
    @classmethod
    def _driver(cls, url: str) -> str:
        url = url.strip()
        for bare in ("postgresql://", "postgres://"):
            if url.startswith(bare):  # the psycopg 3 driver is the one we ship
                return "postgresql+psycopg://" + url[len(bare) :]
        if not (url.startswith("sqlite") or url.startswith("postgresql")):
            raise ValueError(f"unsupported database URL {url!r}: use sqlite:///FILE or postgresql+psycopg://…")
        return url

    @field_validator("sqlite_synchronous")
    @classmethod
    def _sync(cls, value: str) -> str:
        if value.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError("sqlite_synchronous must be FULL, NORMAL or EXTRA")
        return value.upper()

    @field_validator("public_url")
    @classmethod
    def _public(cls, url: str | None) -> str | None:
        if url is None or not url.strip():
            return None
        url = url.strip().rstrip("/")
        if not url.startswith(("http://", "https://")) or len(url.split("://", 1)[1]) == 0:
            raise ValueError("public_url must start with http:// or https://")
        return url

    @property
    def mail_on(self) -> bool:
        """Whether the server sends mail (an SMTP host is set)."""
        return bool(self.smtp_host)

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @model_validator(mode="after")
    def _cluster(self) -> Settings:
        if not self.worker:
            return self
        names = [w.partition("=")[0] for w in self.workers]
        if self.is_sqlite:
            raise ValueError("several workers share one PostgreSQL database; SQLite serves one process only")
        if self.worker not in names:
            raise ValueError(f"worker {self.worker!r} is not one of TAWA_WORKERS ({', '.join(names) or 'none'})")
        if len(set(names)) != len(names) or any(not re.fullmatch(WORKER_ENTRY, w) for w in self.workers):
            raise ValueError("TAWA_WORKERS: name=host:port each, names [a-z][a-z0-9]{0,7}, each name once")
        if not self.secret:
            raise ValueError("several workers need one TAWA_SECRET (each signs and checks the others' cookies)")
        if not self.redis_url:
            raise ValueError("several workers need TAWA_REDIS_URL (what crosses tables goes through Redis)")
        return self

    @classmethod
    def from_env(cls, database_url: str | None = None, **overrides: object) -> Settings:
        """Settings from the environment, then the given values on top: each field from ``TAWA_<FIELD>``
        (``TAWA_DATABASE_URL``, ``TAWA_SECRET``, ``TAWA_BOT_WORKERS``, ``TAWA_BOT_DELAY``,
        ``TAWA_SNAPSHOT_EVERY`` …; ``TAWA_ALLOWED_ORIGINS`` and ``TAWA_TRUSTED_HOSTS`` are comma-separated)."""
        values: dict[str, object] = {}
        for name in cls.model_fields:
            raw = os.environ.get(f"TAWA_{name.upper()}")
            if raw:
                values[name] = (
                    tuple(o.strip() for o in raw.split(",") if o.strip())
                    if name in ("allowed_origins", "trusted_hosts", "workers")
                    else raw
                )
        if database_url:
            values["database_url"] = database_url
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls.model_validate(values)
