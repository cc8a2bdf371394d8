"""The app factory: ``create_app(settings)`` builds one FastAPI app per database (tests make several).

On start (the lifespan) it opens the database, runs the Alembic migrations, reads or makes the signing
secret, starts the table service (which loads every running table and resumes its bots); on stop it lets
the bot workers go and closes the database.
"""
from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse

from tawa import __version__
from tawa.web.api import STATIC, STATUS, api, pages
from tawa.web.assets import Assets, static
from tawa.web.auth import Keys
from tawa.web.bots import BotPool
from tawa.web.records import Replays
from tawa.web.service import Refused, TableService
from tawa.web.settings import Settings
from tawa.web.storage import Store, make_engine, migrate
from tawa.web.ws import endpoint


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings)
        migrate(engine)
        store = Store(engine)
        keys = Keys(settings.secret or store.secret())
        svc = TableService(settings, store, keys, BotPool(settings.bot_workers))
        app.state.settings, app.state.keys, app.state.service, app.state.replays = settings, keys, svc, Replays()
        await svc.start()
        gc.freeze()   # what start-up made (modules, every running table) stays out of the collector's full passes
        try:
            yield
        finally:
            await svc.stop()
            engine.dispose()

    app = FastAPI(title="Tawa", version=__version__, lifespan=lifespan,
                  description="Play Sacred Valley, P'achakuna, Ayar and Guatavita online: lobby, tables, replays. "
                              "Live play goes over the WebSocket /ws/v1 (see docs/server.md).")

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"code": exc.code, "message": exc.reason}, status_code=STATUS.get(exc.code, 409))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for e in exc.errors()[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "request"
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
        return JSONResponse({"code": "bad_request", "message": "; ".join(parts)}, status_code=422)

    app.include_router(api)
    app.include_router(pages)
    app.add_api_websocket_route("/ws/v1", endpoint)
    # the client's files: versioned names cached for a year, gzipped once at start (assets.py); the JSON answers
    # gzipped as they go (the WebSocket compresses its own messages: permessage-deflate, docs/performance.md)
    app.state.assets = Assets(STATIC)
    app.include_router(static)
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    return app
