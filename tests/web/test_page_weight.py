"""What a page weighs on the wire (issue 24, page weight), against a real server: each page's shell names only the
modules that page runs, under versioned names cached for a year; the client's files and the JSON answers come
gzipped; a plain name is revalidated (ETag, 304); the WebSocket negotiates permessage-deflate, and the first `full`
message crosses the wire at a fraction of its size."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest
from harness import Guest, Server
from websockets.sync.client import connect

PAGES = {
    "/": "lobby.mjs",
    "/table/x": "table.mjs",
    "/join/x/1": "join.mjs",
    "/replay/x": "replay.mjs",
    "/player/x": "profile.mjs",
    "/reset": "mail.mjs",
}


def shell_modules(http: httpx.Client, path: str) -> tuple[str, list[str]]:
    """The version and the module names a page's shell preloads."""
    html = http.get(path).text
    found = re.findall(r'<link rel="modulepreload" href="/static/([0-9a-f]{12})/([^"]+)">', html)
    versions = {v for v, _ in found}
    assert len(versions) == 1, found
    return versions.pop(), [m for _, m in found]


def test_each_page_preloads_only_the_modules_it_runs(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        shells = {path: shell_modules(http, path) for path in PAGES}
        for path, own in PAGES.items():
            version, modules = shells[path]
            assert modules[0] == "app.mjs" and own in modules
            others = set(PAGES.values()) - {own}
            assert not others & set(modules), (path, modules)  # a table loads no lobby, join or replay module
            html = http.get(path).text
            assert f'src="/static/{version}/app.mjs"' in html and f'"/static/{version}/vendor/preact.mjs"' in html
        table = shells["/table/x"][1]
        assert {"board.mjs", "boardsvg.mjs", "socket.mjs", "patch.mjs", "zoom.mjs", "standings.mjs"} <= set(table)
        assert "join.mjs" not in shells["/"][1]
        # every module a page preloads exists under that name, and imports only what the shell preloads
        version, _ = shells["/table/x"]
        for name in table:
            text = http.get(f"/static/{version}/{name}").text
            for spec in re.findall(r'(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+?\s*from\s*)?["\']\./([^"\']+)["\']', text):
                assert spec in table, (name, spec)


def test_static_files_are_gzipped_and_versioned_names_cached_for_a_year(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        version, modules = shell_modules(http, "/table/x")
        page = http.get("/table/x")
        assert page.headers["content-encoding"] == "gzip" and page.headers["cache-control"] == "no-cache"
        sizes = {}
        for name in [*modules, "style.css"]:
            r = http.get(f"/static/{version}/{name}", headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200
            assert r.headers["content-encoding"] == "gzip", name
            assert r.headers["cache-control"] == "public, max-age=31536000, immutable", name
            assert "accept-encoding" in r.headers["vary"].lower()
            assert r.headers["content-type"].startswith("text/javascript" if name.endswith(".mjs") else "text/css")
            sizes[name] = (int(r.headers["content-length"]), len(r.content))
        wire, raw = sum(w for w, _ in sizes.values()), sum(n for _, n in sizes.values())
        assert wire < raw / 2.5, sizes  # gzip takes the client's files to well under half
        # without gzip in Accept-Encoding, the plain bytes
        plain = http.get(f"/static/{version}/board.mjs", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.content == http.get("/static/board.mjs").content
        # a plain name: revalidated each time, 304 when it did not change
        r = http.get("/static/board.mjs")
        assert r.headers["cache-control"] == "no-cache" and r.headers["etag"]
        again = http.get("/static/board.mjs", headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert http.get("/static/nothing-here.mjs").status_code == 404
        assert http.get(f"/static/{version}/index.html").status_code == 404  # the shell is served as a page


def test_json_answers_are_gzipped(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.get("/api/games", headers={"Accept-Encoding": "gzip"})
        assert r.headers["content-encoding"] == "gzip"
        assert int(r.headers["content-length"]) < len(r.content) / 3
        assert r.json()["games"]


class CountingProxy:
    """A TCP proxy to the server that counts the bytes coming back: what crosses the wire."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.down = 0
        self.lock = threading.Lock()
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.sock.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target))
                threading.Thread(target=self._pipe, args=(client, upstream, False), daemon=True).start()
                threading.Thread(target=self._pipe, args=(upstream, client, True), daemon=True).start()

    def _pipe(self, a: socket.socket, b: socket.socket, down: bool) -> None:
        with contextlib.suppress(OSError):
            while data := a.recv(65536):
                if down:
                    with self.lock:
                        self.down += len(data)
                b.sendall(data)
        with contextlib.suppress(OSError):
            b.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def proxy(server: Server) -> Iterator[CountingProxy]:
    p = CountingProxy(server.port)
    try:
        yield p
    finally:
        p.close()


def first_full(url: str, table: str, token: str, compression: str | None) -> tuple[str, str | None]:
    with connect(url, max_size=None, compression=compression, open_timeout=20) as ws:
        ext = ws.response.headers.get("Sec-WebSocket-Extensions")
        ws.send(json.dumps({"t": "join", "table": table, "token": token}))
        while True:
            text = ws.recv(timeout=30)
            if json.loads(text)["t"] == "full":
                return str(text), ext


def test_the_websocket_negotiates_permessage_deflate(server: Server, proxy: CountingProxy) -> None:
    """The browser offers permessage-deflate (as the websockets client does here); the server takes it, and the first
    `full` view (its board SVG most of it) crosses the wire at under a fifth of its size. A client that offers no
    compression gets none."""
    ana = Guest(server, "Ana")
    made = ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])
    url = f"ws://127.0.0.1:{proxy.port}/ws/v1"
    before = proxy.down
    text, ext = first_full(url, made["id"], made["me"]["token"], "deflate")
    deflated = proxy.down - before
    assert ext and ext.startswith("permessage-deflate")
    raw = len(text.encode())
    assert raw > 50_000 and deflated < raw / 5, (raw, deflated)
    before = proxy.down
    text, ext = first_full(url, made["id"], made["me"]["token"], None)
    assert ext is None and proxy.down - before > len(text.encode())
    ana.close()
