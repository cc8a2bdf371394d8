"""The browser client's files as the server sends them (issue 24, page weight).

Every file of ``static/`` is read once, at start, with its gzip form (level 9) and an ETag. The pages name them
under a versioned path, ``/static/<version>/table.mjs``, where the version is a hash of every file's content: those
are cached for a year (``immutable``), since a new version of any file makes new names. The plain names
(``/static/table.mjs``) still answer, revalidated on each use (``no-cache`` and the ETag). A response is gzipped when
the browser accepts it (``Vary: Accept-Encoding``).

Each page's shell (``index.html``) names the modules that page runs, as ``modulepreload`` links found from the
modules' static imports, so the browser fetches them at once and nothing else: the client's router loads a page's
module with ``import()`` (the lobby, join and replay modules never load on a table page).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Header, Request, Response

# the page's own module, on top of app.mjs (the router) and what they import
PAGE_MODULES = {
    "lobby": "lobby.mjs",
    "table": "table.mjs",
    "join": "join.mjs",
    "replay": "replay.mjs",
    "profile": "profile.mjs",
    "verify": "mail.mjs",
    "reset": "mail.mjs",
}
TITLES = {
    "lobby": "Lobby · Tawa",
    "table": "Table · Tawa",
    "join": "Invitation · Tawa",
    "replay": "Replay · Tawa",
    "profile": "Player · Tawa",
    "verify": "E-mail address · Tawa",
    "reset": "New password · Tawa",
}
YEAR = 365 * 24 * 3600
COMPRESSIBLE = (".mjs", ".js", ".css", ".svg", ".html", ".json", ".md", ".txt")
# a static import, also as minified code writes it (``import{options as n}from"preact"``); not ``import(…)``
IMPORT = re.compile(r"""(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']""")
TYPES = {
    ".mjs": "text/javascript; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}


@dataclass(frozen=True)
class Asset:
    data: bytes
    gz: bytes | None  # the gzip form, when it is smaller
    etag: str
    media_type: str


class Assets:
    """The files of one static folder, versioned, compressed and indexed by their path inside it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        raw = {p.relative_to(root).as_posix(): p.read_bytes() for p in files}
        digest = hashlib.sha256()
        for name, data in raw.items():
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        self.version = digest.hexdigest()[:12]
        self.files: dict[str, Asset] = {}
        for name, data in raw.items():
            suffix = Path(name).suffix
            gz = gzip.compress(data, 9, mtime=0) if suffix in COMPRESSIBLE else None
            media = TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
            self.files[name] = Asset(
                data,
                gz if gz is not None and len(gz) < len(data) else None,
                '"' + hashlib.sha256(data).hexdigest()[:16] + '"',
                media,
            )
        self.imports = self._import_map(raw.get("index.html", b"").decode())
        shells = {page: self._shell(page, raw.get("index.html", b"").decode()) for page in PAGE_MODULES}
        self._shells = {page: (data, gzip.compress(data, 9, mtime=0)) for page, data in shells.items()}

    def url(self, name: str) -> str:
        """The versioned address of a file."""
        return f"/static/{self.version}/{name}"

    @staticmethod
    def _import_map(html: str) -> dict[str, str]:
        """The shell's import map, bare specifier -> file name (``preact`` -> ``vendor/preact.mjs``)."""
        m = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
        if not m:
            return {}
        imports: dict[str, str] = json.loads(m.group(1)).get("imports", {})
        return {k: v.removeprefix("/static/") for k, v in imports.items()}

    def modules(self, entry: str) -> list[str]:
        """``entry`` and every module it imports statically (``import … from``), depth first, each once."""
        seen: list[str] = []

        def visit(name: str) -> None:
            if name in seen or name not in self.files:
                return
            seen.append(name)
            for spec in IMPORT.findall(self.files[name].data.decode()):
                if spec in self.imports:
                    visit(self.imports[spec])
                elif spec.startswith(("./", "../")):
                    visit(posixpath.normpath(posixpath.join(posixpath.dirname(name), spec)))

        visit(entry)
        return seen

    def page_modules(self, page: str) -> list[str]:
        """What a page runs: the router and the page's module, with their imports."""
        out = self.modules("app.mjs")
        out += [m for m in self.modules(PAGE_MODULES[page]) if m not in out]
        return out

    def _shell(self, page: str, html: str) -> bytes:
        preload = "".join(f'<link rel="modulepreload" href="{self.url(m)}">\n' for m in self.page_modules(page))
        text = html.replace('"/static/', f'"/static/{self.version}/')
        text = text.replace("<title>Tawa</title>", f"<title>{TITLES[page]}</title>")
        text = text.replace('<script type="module"', preload + '<script type="module"', 1)
        return text.encode()

    def shell_texts(self) -> list[str]:
        """The pages' shells as served (their import map names the versioned files: the CSP hashes these)."""
        return [data.decode() for data, _ in self._shells.values()]

    def shell(self, page: str, accept_encoding: str | None) -> Response:
        """The page ``page`` (one shell; the client routes): revalidated on each load, since it names the version."""
        data, gz = self._shells[page]
        return _send(data, gz, "text/html; charset=utf-8", None, accept_encoding, "no-cache")

    def response(self, path: str, accept_encoding: str | None, if_none_match: str | None) -> Response:
        """``/static/<path>``: a versioned name (cached for a year) or a plain one (revalidated each time)."""
        head, _, rest = path.partition("/")
        versioned = head == self.version
        name = rest if versioned or (re.fullmatch(r"[0-9a-f]{12}", head) and rest) else path
        asset = self.files.get(name)
        if asset is None or name == "index.html":
            return Response(
                json.dumps({"code": "not_found", "message": f"no file {path!r}"}),
                status_code=404,
                media_type="application/json",
            )
        cache = f"public, max-age={YEAR}, immutable" if versioned else "no-cache"
        if if_none_match is not None and asset.etag in (t.strip() for t in if_none_match.split(",")):
            return Response(
                status_code=304, headers={"ETag": asset.etag, "Cache-Control": cache, "Vary": "Accept-Encoding"}
            )
        return _send(asset.data, asset.gz, asset.media_type, asset.etag, accept_encoding, cache)


def _accepts_gzip(accept_encoding: str | None) -> bool:
    for part in (accept_encoding or "").split(","):
        name, _, q = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*") and q.replace(" ", "") not in ("q=0", "q=0.0"):
            return True
    return False


def _send(
    data: bytes, gz: bytes | None, media_type: str, etag: str | None, accept_encoding: str | None, cache: str
) -> Response:
    headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
    if etag:
        headers["ETag"] = etag
    if gz is not None and _accepts_gzip(accept_encoding):
        headers["Content-Encoding"] = "gzip"
        return Response(gz, media_type=media_type, headers=headers)
    return Response(data, media_type=media_type, headers=headers)


static = APIRouter(include_in_schema=False)


@static.get("/static/{path:path}")
def static_file(
    request: Request,
    path: str,
    accept_encoding: Annotated[str | None, Header()] = None,
    if_none_match: Annotated[str | None, Header()] = None,
) -> Response:
    assets: Assets = request.app.state.assets
    return assets.response(path, accept_encoding, if_none_match)
