"""Server settings: one pydantic model, read from arguments or the environment (``TAWA_*``).

Tests build one ``Settings`` per database and pass it to ``create_app``; nothing is read at import time.
"""
from __future__ import annotations

import os
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

DEFAULT_DB = "sqlite:///./tawa.db"

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
    """Key that signs guest cookies and derives invite codes. None: one is generated once and kept in the
    database, so a restart keeps everybody's name and links."""
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
    sqlite_synchronous: str = "FULL"
    """SQLite ``synchronous`` pragma: FULL (every acknowledged move survives power loss) or NORMAL (survives a
    crash of the process)."""
    cookie_secure: bool = False
    """Mark the guest cookie Secure (set it when serving over https)."""

    @field_validator("database_url")
    @classmethod
    def _driver(cls, url: str) -> str:
        url = url.strip()
        for bare in ("postgresql://", "postgres://"):
            if url.startswith(bare):  # the psycopg 3 driver is the one we ship
                return "postgresql+psycopg://" + url[len(bare):]
        if not (url.startswith("sqlite") or url.startswith("postgresql")):
            raise ValueError(f"unsupported database URL {url!r}: use sqlite:///FILE or postgresql+psycopg://…")
        return url

    @field_validator("sqlite_synchronous")
    @classmethod
    def _sync(cls, value: str) -> str:
        if value.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError("sqlite_synchronous must be FULL, NORMAL or EXTRA")
        return value.upper()

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @classmethod
    def from_env(cls, database_url: str | None = None, **overrides: object) -> Settings:
        """Settings from the environment, then the given values on top: each field from ``TAWA_<FIELD>``
        (``TAWA_DATABASE_URL``, ``TAWA_SECRET``, ``TAWA_BOT_WORKERS``, ``TAWA_BOT_DELAY``,
        ``TAWA_SNAPSHOT_EVERY`` …; ``TAWA_ALLOWED_ORIGINS`` is comma-separated)."""
        values: dict[str, object] = {}
        for name in cls.model_fields:
            raw = os.environ.get(f"TAWA_{name.upper()}")
            if raw:
                values[name] = tuple(o.strip() for o in raw.split(",") if o.strip()) if name == "allowed_origins" \
                    else raw
        if database_url:
            values["database_url"] = database_url
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls.model_validate(values)
