"""The app factory: ``create_app(settings)`` builds one FastAPI app per database (tests make several).

On start (the lifespan) it opens the database, runs the Alembic migrations, reads the signing keys (moving a
secret an older database kept out of it: ``tawa.web.secret``), starts the table service (which loads every
running table and resumes its bots); on stop it lets the bot workers go and closes the database. In front of
every route sits ``tawa.web.limits.Guard`` (hosts, body size and time, JSON limits, security headers).
"""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tawa import __version__
from tawa.web.account_api import router as account_routes
from tawa.web.accounts import Accounts
from tawa.web.api import STATIC, STATUS, api, pages
from tawa.web.assets import Assets, static
from tawa.web.auth import BadName, Keys, clean_name
from tawa.web.bots import BotPool
from tawa.web.limits import Guard, allowed_hosts
from tawa.web.mail import Mailer
from tawa.web.mail_api import pages as mail_pages
from tawa.web.mail_api import router as mail_routes
from tawa.web.mail_links import MailLinks
from tawa.web.people_api import router as people_routes
from tawa.web.records import Replays
from tawa.web.refused import Refused
from tawa.web.secret import signing_keys
from tawa.web.service import TableService
from tawa.web.settings import Settings
from tawa.web.storage import Store, make_engine, migrate
from tawa.web.turn_mail import TurnAlerts
from tawa.web.ws import Sockets, endpoint

log = logging.getLogger("tawa.web")
# the code of an HTTP error that no route raised itself (an unknown path, a wrong method ...)
HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large", 422: "bad_request"}


# what a field's pattern asks for, in words (a pattern itself is no message for a person)
PATTERN_WORDS = {
    "address": "not an e-mail address that mail can be sent to: one @, a domain such as example.org after it, and "
    "before it letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ - only (no spaces, commas, brackets or "
    "quotes)",
}


def _in_users_terms(error: dict[str, object]) -> str:
    """A validation error's message; a display name's pattern is explained by the name check itself."""
    loc = error.get("loc") or ()
    if error.get("type") == "string_pattern_mismatch" and isinstance(loc, tuple) and loc[-1:] == ("name",):
        try:
            clean_name(str(error.get("input", "")))
        except BadName as e:
            return str(e)
    if error.get("type") == "string_pattern_mismatch" and isinstance(loc, tuple) and loc and loc[-1] in PATTERN_WORDS:
        return PATTERN_WORDS[str(loc[-1])]
    return str(error.get("msg", "invalid"))


def _methods_of(app: FastAPI, path: str) -> list[str]:
    """The HTTP methods the OpenAPI document gives a path (its templates' ``{x}`` match one segment)."""
    table = getattr(app.state, "methods_by_path", None)
    if table is None:
        table = app.state.methods_by_path = [
            (
                re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"),
                sorted(m.upper() for m in ops if m in ("get", "post", "put", "patch", "delete")),
            )
            for template, ops in app.openapi()["paths"].items()
        ]
    return next((methods for pattern, methods in table if pattern.match(path)), [])


def create_app(settings: Settings | None = None, listen_host: str | None = None) -> FastAPI:
    """The server's app; ``listen_host`` (the address ``tawa serve`` listens on) is a trusted host name."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings)
        migrate(engine)
        store = Store(engine)
        keys = Keys(signing_keys(settings, store))
        svc = TableService(settings, store, keys, BotPool(settings))
        app.state.settings, app.state.keys, app.state.service, app.state.replays = settings, keys, svc, Replays()
        app.state.sockets = Sockets()
        app.state.accounts = Accounts(svc)
        mailer = app.state.mailer = Mailer(settings, allowed_hosts(settings, listen_host))
        app.state.mail_links = MailLinks(app.state.accounts, mailer)
        alerts = TurnAlerts(svc, mailer)
        svc.on_tick.append(alerts.look)
        if mailer.on and settings.public_url is None:
            log.warning("mail is on but public_url is not set: mailed links start with a request's own address")
        await svc.start()
        await alerts.start()
        app.openapi()  # built once now, not by the first request for it
        gc.freeze()  # what start-up made (modules, every running table) stays out of the collector's full passes
        try:
            yield
        finally:
            await app.state.mail_links.close()
            await alerts.close()
            await svc.stop()
            await mailer.close()
            app.state.accounts.close()
            engine.dispose()

    app = FastAPI(
        title="Tawa",
        version=__version__,
        lifespan=lifespan,
        description="Play Sacred Valley, P'achakuna, Ayar and Guatavita online: lobby, tables, replays. "
        "Live play goes over the WebSocket /ws/v1 (see docs/server.md).",
    )

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        headers = {"Retry-After": "1"} if exc.code == "moved" else None  # another worker serves it (cluster)
        return JSONResponse(
            {"code": exc.code, "message": exc.reason}, status_code=STATUS.get(exc.code, 409), headers=headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for e in exc.errors()[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "request"
            parts.append(f"{where}: {_in_users_terms(e)}")
        return JSONResponse({"code": "bad_request", "message": "; ".join(parts)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "bad_request")
        message = exc.detail if isinstance(exc.detail, str) else "the request is not valid"
        if exc.status_code == 400 and "parsing the body" in message:
            message = "the body is not valid JSON"
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:  # every method the path takes, as the OpenAPI document says
            headers["Allow"] = ", ".join(_methods_of(app, request.url.path))
            message = f"{request.method} is not one of the methods of this route ({headers['Allow']})"
        return JSONResponse({"code": code, "message": message}, status_code=exc.status_code, headers=headers)

    app.include_router(api)
    app.include_router(account_routes)
    app.include_router(mail_routes)
    app.include_router(people_routes)
    app.include_router(pages)
    app.include_router(mail_pages)
    app.add_api_websocket_route("/ws/v1", endpoint)
    # the client's files: versioned names cached for a year, gzipped once at start (assets.py); the JSON answers
    # gzipped as they go (the WebSocket compresses its own messages: permessage-deflate, docs/performance.md)
    app.state.assets = Assets(STATIC)
    app.include_router(static)
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    # outermost: the public server's bounds on every request (limits.py), before anything reads a body
    app.add_middleware(Guard, settings=settings, pages=app.state.assets.shell_texts(), listen_host=listen_host)
    return app
