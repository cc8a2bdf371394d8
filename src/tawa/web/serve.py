"""``tawa serve``: run the game server with uvicorn (one worker: each table has one writer, in memory)."""
from __future__ import annotations

import os

import uvicorn
from sqlalchemy.engine import make_url

from tawa.web.app import create_app
from tawa.web.settings import Settings

WS_HARD_LIMIT = 1 << 20  # uvicorn closes a socket (1009) above this; the app answers `too_large` below it


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, log_level: str = "info") -> None:
    settings = Settings.from_env(db)
    log_level = os.environ.get("TAWA_LOG_LEVEL", log_level)
    app = create_app(settings)
    shown = make_url(settings.database_url).render_as_string(hide_password=True)
    where = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    print(f"Tawa server: open {where} in a browser (database {shown}; Ctrl+C stops it)", flush=True)
    uvicorn.run(app, host=host, port=port, ws_max_size=max(WS_HARD_LIMIT, settings.max_message_bytes * 2),
                log_level=log_level, workers=None)
