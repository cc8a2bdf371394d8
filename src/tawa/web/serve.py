"""``tawa serve``: run the game server with uvicorn (one process per database; ``--workers N``: N processes on
PostgreSQL behind nginx, ``tawa.web.deploy``)."""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

import uvicorn
from fastapi import FastAPI
from pydantic import ValidationError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from uvicorn.config import LOGGING_CONFIG

from tawa.web.app import create_app
from tawa.web.limits import guarded_http_protocol, log_config
from tawa.web.settings import Settings
from tawa.web.storage import make_engine

WS_HARD_LIMIT = 1 << 20  # uvicorn closes a socket (1009) above this; the app answers `too_large` below it
# The garbage collector's thresholds for the server process. With the default (700, 10, 10) a server holding
# hundreds of live games ran a full collection every 2-3 s under load, each pausing every table for 0.2-0.7 s
# (the whole p99); objects that live a few milliseconds (a move's messages) reached the old generation. With a
# larger young generation they die young, and a full collection comes every few tens of minutes (the live games
# loaded at start are frozen out of it, see ``create_app``).
GC_THRESHOLDS = (50_000, 20, 10)
# How long the running thread keeps the GIL when another thread asks for it (CPython's default: 5 ms). The event
# loop is busy most of the time under load, and the database writer thread gives the GIL up around every SQLite or
# PostgreSQL call and must win it back each time: at 5 ms a group commit that takes 0.3 ms alone took 14-48 ms
# beside a busy thread (measured), and every acknowledgement waited for it. At 0.5 ms it takes 2-3 ms, and the loop
# loses nothing measurable (the switches happen only when the writer asks).
SWITCH_INTERVAL_S = 0.0005


def prepare(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> FastAPI:
    """The app for ``db`` (settings checked, so a bad URL or setting is refused before anything starts)."""
    try:
        settings = Settings.from_env(db)
    except ValidationError as e:
        raise ValueError(
            "; ".join(
                f"{'.'.join(map(str, err['loc'])) or 'settings'}: {err['msg'].removeprefix('Value error, ')}"
                for err in e.errors()
            )
        ) from None
    try:
        shown = make_url(settings.database_url).render_as_string(hide_password=True)
        engine = make_engine(settings)
        with engine.connect():
            pass
        engine.dispose()
    except SQLAlchemyError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ValueError(f"cannot open the database {settings.database_url!r}: {first}") from None
    app = create_app(settings, listen_host=host)
    app.state.settings = settings
    app.state.banner = (
        f"Tawa server: open http://{'[' + host + ']' if ':' in host else host}:{port}/ in a browser "
        f"(database {shown}; Ctrl+C stops it)"
    )
    return app


def run(app: FastAPI, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Print the address to open, then serve ``app`` with uvicorn until Ctrl+C."""
    print(app.state.banner, flush=True)
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    settings: Settings = app.state.settings
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=max(WS_HARD_LIMIT, settings.max_message_bytes * 2),
        log_level=os.environ.get("TAWA_LOG_LEVEL", log_level),
        workers=None,
        **http_options(settings),
    )


def http_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for the limits on the request head (``tawa.web.limits.guarded_http_protocol``; with h11
    alone, only the head's size), and the access log without secrets."""
    options: dict[str, Any] = {
        "log_config": log_config(LOGGING_CONFIG),
        "h11_max_incomplete_event_size": settings.max_header_bytes,
    }
    try:
        options["http"] = guarded_http_protocol(settings.header_timeout, settings.max_header_bytes)
    except ImportError:  # httptools missing (uvicorn without [standard]): h11 bounds the head's size only
        options["http"] = "h11"
    return options


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, log_level: str = "info") -> None:
    run(prepare(host, port, db), host, port, log_level)


def serve_many(workers: int, host: str, port: int, db: str | None, redis_url: str | None) -> None:
    """``tawa serve --workers N``: N workers on PostgreSQL, Redis (started here unless given) and nginx in front
    on ``host:port`` (``tawa.web.deploy.Fleet``), until Ctrl+C."""
    import tempfile
    from pathlib import Path

    from tawa.web.deploy import Fleet, nginx_binary

    try:
        settings = Settings.from_env(db)
    except ValidationError as e:
        raise ValueError("; ".join(err["msg"].removeprefix("Value error, ") for err in e.errors())) from None
    if settings.is_sqlite:
        raise ValueError(
            "several workers share one PostgreSQL database (--db postgresql+psycopg://…); "
            "SQLite serves one process only (leave out --workers)"
        )
    nginx_binary()  # refused before anything starts when it is missing
    run_dir = Path(tempfile.mkdtemp(prefix="tawa-workers-"))
    fleet = Fleet(workers, settings.database_url, run_dir, host, port, redis_url or settings.redis_url)
    try:
        try:
            fleet.start()
        except RuntimeError as e:
            raise ValueError(f"{e} (the logs are in {run_dir})") from None
        shown = make_url(settings.database_url).render_as_string(hide_password=True)
        print(
            f"Tawa server: open http://{'[' + host + ']' if ':' in host else host}:{port}/ in a browser "
            f"({workers} workers on {shown}, Redis {fleet.redis_url}, nginx; files in {run_dir}; Ctrl+C stops it)",
            flush=True,
        )
        fleet.watch()
    except KeyboardInterrupt:
        pass
    finally:
        fleet.stop()


def worker_address(name: str) -> tuple[str, int]:
    """``tawa serve --worker NAME``: this process is worker ``NAME`` of ``TAWA_WORKERS`` and listens on its entry's
    host and port (``TAWA_WORKER`` is set for the settings)."""
    from tawa.web.cluster import parse_workers

    os.environ["TAWA_WORKER"] = name
    try:
        settings = Settings.from_env()
    except ValidationError as e:
        raise ValueError("; ".join(err["msg"].removeprefix("Value error, ") for err in e.errors())) from None
    w = next(w for w in parse_workers(settings.workers) if w.name == name)
    return w.host, w.port
