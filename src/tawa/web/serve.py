"""``tawa serve``: run the game server with uvicorn (one worker: each table has one writer, in memory)."""
from __future__ import annotations

import os

import uvicorn
from fastapi import FastAPI
from pydantic import ValidationError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from tawa.web.app import create_app
from tawa.web.settings import Settings
from tawa.web.storage import make_engine

WS_HARD_LIMIT = 1 << 20  # uvicorn closes a socket (1009) above this; the app answers `too_large` below it


def prepare(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> FastAPI:
    """The app for ``db`` (settings checked, so a bad URL or setting is refused before anything starts)."""
    try:
        settings = Settings.from_env(db)
    except ValidationError as e:
        raise ValueError("; ".join(f"{'.'.join(map(str, err['loc'])) or 'settings'}: "
                                   f"{err['msg'].removeprefix('Value error, ')}" for err in e.errors())) from None
    try:
        shown = make_url(settings.database_url).render_as_string(hide_password=True)
        engine = make_engine(settings)
        with engine.connect():
            pass
        engine.dispose()
    except SQLAlchemyError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ValueError(f"cannot open the database {settings.database_url!r}: {first}") from None
    app = create_app(settings)
    app.state.settings = settings
    app.state.banner = (f"Tawa server: open http://{'[' + host + ']' if ':' in host else host}:{port}/ in a browser "
                        f"(database {shown}; Ctrl+C stops it)")
    return app


def run(app: FastAPI, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Print the address to open, then serve ``app`` with uvicorn until Ctrl+C."""
    print(app.state.banner, flush=True)
    settings: Settings = app.state.settings
    uvicorn.run(app, host=host, port=port, ws_max_size=max(WS_HARD_LIMIT, settings.max_message_bytes * 2),
                log_level=os.environ.get("TAWA_LOG_LEVEL", log_level), workers=None)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, log_level: str = "info") -> None:
    run(prepare(host, port, db), host, port, log_level)
