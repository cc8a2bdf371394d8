"""What a stranger's request may cost, bounded before the app sees it (issue 23).

- ``json_limit_error``: a JSON text's nesting depth and the digits of its numbers, checked by regular
  expressions (in linear time) before ``json.loads`` (whose C scanner recurses once per level and
  converts a 5,000-digit integer only to fail on it): request bodies and WebSocket messages alike.
- ``Guard``: the ASGI middleware in front of every route. It checks the ``Host`` a request or a WebSocket
  handshake names (``trusted_hosts``: the DNS-rebinding shape, a page of a foreign name reaching a server on
  this machine), reads a request body only up to ``max_body_bytes`` and within ``body_timeout`` seconds, checks
  a JSON body's limits, and adds the security headers to every answer (a strict Content-Security-Policy, no
  framing, no referrer, nosniff; ``Cache-Control: no-store`` on the API, whose answers carry seat tokens, invite
  links and one guest's lists). Every refusal is ``{"code", "message"}`` with a code of ``CODES``.
- ``guarded_http_protocol``: uvicorn's httptools protocol with a limit on the request head (``header_timeout``
  seconds and ``max_header_bytes`` bytes; uvicorn itself holds a connection that never finishes its headers
  forever: its keep-alive timer starts only after a response).
- ``RedactQuery``: an access-log filter that blanks secrets in query strings (old invite links carried the
  invite code as ``?k=``).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import ipaddress
import json
import logging
import re
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from tawa.web.settings import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.S)  # a JSON string (unterminated at the end: to the end)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SQUARE = str.maketrans("{}", "[]")


def json_limit_error(text: str, depth: int, digits: int) -> str | None:
    """What makes ``text`` too deep or its numbers too long for the server, in the sender's terms, or None. Texts
    inside strings do not count (a string may hold brackets and digits). A text whose digits and brackets, strings
    and all, are within the limits (nearly every message) is passed without its strings being taken out."""
    long_digits = _long_digits(digits)
    if text.count("[") + text.count("{") <= depth and long_digits.search(text) is None:
        return None
    bare = _STRING.sub('""', text)
    long_number = long_digits.search(bare)
    if long_number is not None:
        return f"a number has more than {digits} digits"
    brackets = _NOT_BRACKET.sub("", bare)
    opened = brackets.count("[") + brackets.count("{")
    if opened > depth and _nested(depth).fullmatch(brackets.translate(_SQUARE)) is None:
        return f"arrays and objects may be nested at most {depth} deep (and must be balanced)"
    return None


@functools.lru_cache(maxsize=8)
def _long_digits(digits: int) -> re.Pattern[str]:
    return re.compile(rf"\d{{{digits + 1},}}")


@functools.lru_cache(maxsize=8)
def _nested(depth: int) -> re.Pattern[str]:
    r"""A pattern of balanced square brackets nested at most ``depth`` deep: ``(?:\[(?:\[…\])*\])*``. Each
    character has one way to match, so it runs in linear time (0.7 ms over 16 kB of brackets)."""
    pattern = ""
    for _ in range(depth):
        pattern = r"(?:\[" + pattern + r"\])*"
    return re.compile(pattern)


def error_body(code: str, message: str) -> bytes:
    return json.dumps({"code": code, "message": message}).encode()


# ---------------------------------------------------------------- hosts
def allowed_hosts(settings: Settings, listen_host: str | None) -> frozenset[str] | None:
    """The host names a request may name in ``Host`` (lower case, no port; IP addresses are always answered:
    ``host_allowed``); None: any (``trusted_hosts`` holds ``*``). Loopback names always; the address served on; for
    a wildcard address (0.0.0.0, ::) this machine's names."""
    if "*" in settings.trusted_hosts:
        return None
    names = set(LOOPBACK_NAMES) | {h.lower().strip("[]") for h in settings.trusted_hosts}
    if listen_host:
        host = listen_host.strip("[]").lower()
        if host in ("0.0.0.0", "::", ""):
            names |= _own_names()
        else:
            names.add(host)
    return frozenset(names)


def _own_names() -> set[str]:
    out = {socket.gethostname().lower(), socket.getfqdn().lower()}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            out.add(str(info[4][0]).lower())
    except OSError:
        pass
    return out


def host_of(scope: Scope) -> str:
    """The host name of a request's ``Host`` header: lower case, without the port or IPv6 brackets."""
    raw = ""
    for name, value in scope.get("headers", ()):
        if name == b"host":
            raw = value.decode("latin-1")
            break
    raw = raw.strip().lower()
    if raw.startswith("["):
        return raw[1 : raw.find("]")] if "]" in raw else raw[1:]
    return raw.rsplit(":", 1)[0] if raw.count(":") == 1 else raw


def trusted_name(host: str, allowed: frozenset[str] | None) -> bool:
    """Whether ``host`` (lower case, no port) is a trusted name: one of ``allowed`` (``allowed_hosts``; None: any)
    or under one of its ``*.example.org``."""
    if allowed is None or host in allowed:
        return True
    return bool(host) and any(host.endswith(a[1:]) for a in allowed if a.startswith("*."))


def host_allowed(host: str, allowed: frozenset[str] | None) -> bool:
    """Whether a request naming ``host`` is answered: a trusted name, or an IP address (a page can rebind only a
    name it owns to this machine: a request to an address is one the client chose to make)."""
    if trusted_name(host, allowed):
        return True
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


# ---------------------------------------------------------------- security headers
def inline_script_hashes(html: str) -> list[str]:
    """CSP sources (``'sha256-…'``) of the inline scripts of a page (the client's import map)."""
    out = []
    for body in re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S | re.I):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        out.append(f"'sha256-{digest}'")
    return out


def security_headers(pages: Iterable[str]) -> list[tuple[bytes, bytes]]:
    """The headers every answer carries. The client has no inline script but its import map, allowed by hash: the
    hash of the map as served (``pages``: the shells' texts, whose map names the versioned files); styles may be
    inline (the boards' SVG carries ``<style>`` and ``style`` attributes; scripts cannot)."""
    hashes = list(dict.fromkeys(h for page in pages for h in inline_script_hashes(page)))
    csp = "; ".join(
        [
            "default-src 'none'",
            "script-src 'self' " + " ".join(hashes),
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "manifest-src 'self'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )
    return [
        (b"content-security-policy", csp.encode()),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-content-type-options", b"nosniff"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]


NO_STORE = (b"cache-control", b"no-store")


# ---------------------------------------------------------------- the middleware
class Guard:
    """See the module's text. ``pages`` are the client's HTML shells as served (for the import map's hash)."""

    def __init__(self, app: ASGIApp, settings: Settings, pages: Iterable[str], listen_host: str | None = None) -> None:
        self.app = app
        self.settings = settings
        self.allowed = allowed_hosts(settings, listen_host)
        self.headers = security_headers(pages)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = host_of(scope)
        if not host_allowed(host, self.allowed):
            message = (
                f"this server does not answer to the host name {host[:60]!r} (set TAWA_TRUSTED_HOSTS to "
                "the names it is reached at)"
            )
            if kind == "websocket":
                await deny_websocket(scope, send, 400, "bad_host", message)
            else:
                await self._answer(send, 400, "bad_host", message, scope)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        await self._http(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        settings = self.settings
        headers = dict(scope.get("headers", ()))
        limit = settings.max_body_bytes
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._answer(send, 413, "too_large", f"a request body may have at most {limit} bytes", scope)
            return
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(settings.body_timeout):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > limit:
                        await self._answer(
                            send, 413, "too_large", f"a request body may have at most {limit} bytes", scope
                        )
                        return
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            await self._answer(
                send, 408, "timeout", f"the request body took more than {settings.body_timeout:g} seconds", scope
            )
            return
        body = b"".join(chunks)
        if body and b"json" in headers.get(b"content-type", b""):
            error = json_limit_error(
                body.decode("utf-8", errors="replace"), settings.max_json_depth, settings.max_json_digits
            )
            if error is not None:
                await self._answer(send, 400, "bad_json", f"the body is not JSON the server accepts: {error}", scope)
                return
        done = False

        async def replay() -> Message:
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, self._with_headers(send, scope))

    def _with_headers(self, send: Send, scope: Scope) -> Send:
        extra = list(self.headers)
        if not scope.get("path", "").startswith("/static/"):
            extra.append(NO_STORE)

        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()), *(h for h in extra if h[0] not in present)]
            await send(message)

        return wrapped

    async def _answer(self, send: Send, status: int, code: str, message: str, scope: Scope) -> None:
        body = error_body(code, message)
        send = self._with_headers(send, scope)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


async def deny_websocket(scope: Scope, send: Send, status: int, code: str, message: str) -> None:
    """Refuse a WebSocket handshake with an HTTP answer ``{"code", "message"}`` (uvicorn's denial-response
    extension), or by closing before the accept (the client then sees 403)."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = error_body(code, message)
        await send(
            {
                "type": "websocket.http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 4000 + status})


# ---------------------------------------------------------------- the request head, in uvicorn's protocol
def guarded_http_protocol(header_timeout: float, max_header_bytes: int) -> type[asyncio.Protocol]:
    """uvicorn's httptools protocol, with a request head bounded in time and size: a head still incomplete
    ``header_timeout`` seconds after the connection opened (or after its request began) is answered 408
    ``timeout``; one past ``max_header_bytes`` is answered 431 ``too_large``. Both close the connection."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        _head_timer: asyncio.TimerHandle | None = None
        _in_head = True
        _head_bytes = 0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._start_head()

        def _start_head(self) -> None:
            self._in_head, self._head_bytes = True, 0
            if self._head_timer is not None:
                self._head_timer.cancel()
            self._head_timer = self.loop.call_later(header_timeout, self._head_too_slow)

        def _end_head(self) -> None:
            self._in_head = False
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._in_head and not self.transport.is_closing():
                self._head_bytes += len(data)
                if self._head_bytes > max_header_bytes:
                    self._refuse(
                        431,
                        "Request Header Fields Too Large",
                        "too_large",
                        f"a request head may have at most {max_header_bytes} bytes",
                    )

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._start_head()

        def on_headers_complete(self) -> None:
            self._end_head()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._end_head()
            super().connection_lost(exc)

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if self._in_head and not self.transport.is_closing():
                self._refuse(
                    408, "Request Timeout", "timeout", f"the request head took more than {header_timeout:g} seconds"
                )

        def _refuse(self, status: int, reason: str, code: str, message: str) -> None:
            self._end_head()
            body = error_body(code, message)
            self.transport.write(
                b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
                b"connection: close\r\n\r\n%s" % (status, reason.encode(), len(body), body)
            )
            self.transport.close()

    return GuardedHttpToolsProtocol


# ---------------------------------------------------------------- the access log
_SECRET_QUERY = re.compile(r"([?&](?:k|token|invite)=)[^&\s\"]*", re.I)


class RedactQuery(logging.Filter):
    """Blanks ``k=``, ``token=`` and ``invite=`` values in the paths the access log writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], _SECRET_QUERY.sub(r"\1…", args[2]), *args[3:])
        return True


def log_config(base: dict[str, Any]) -> dict[str, Any]:
    """uvicorn's logging configuration with ``RedactQuery`` on the access log."""
    out: dict[str, Any] = json.loads(json.dumps(base))
    out.setdefault("filters", {})["redact"] = {"()": "tawa.web.limits.RedactQuery"}
    for name in out.get("handlers", {}):
        if "access" in name:
            out["handlers"][name].setdefault("filters", []).append("redact")
    return out


def client_address(scope: Scope) -> str:
    """The network address a request or a socket comes from (uvicorn puts the proxy's client there when it
    trusts the proxy's headers: ``--forwarded-allow-ips``)."""
    client = scope.get("client")
    if not client:
        return "unknown"
    addr = str(client[0])
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))  # one /64 is one household
    return str(ip)
