"""The signing secret: where it is read from, made and moved to.

The secret signs guest cookies and derives invite codes, so it must not sit beside the data it protects: it is
read from ``TAWA_SECRET`` (``Settings.secret``; several keys comma-separated, newest first) or from a file
(``Settings.secret_file``, by default ``$XDG_CONFIG_HOME/tawa/secret``, i.e. ``~/.config/tawa/secret``): one key
a line, the first signs, every line verifies. A missing file is made on first start (mode 0600, in a folder of
mode 0700). A database from before this change kept its secret in its ``meta`` table: on start it is moved into
the file (as the signing key of a new file, or appended as an older key that still verifies), then deleted from
the database, so every cookie and invite link made before keeps working.

Rotation (docs/server.md § The secret): put a new key on the file's first line, keep the old one below it,
restart; cookies are signed anew as guests rename, and old invite links keep working while the old line stays.
Delete the old line (and restart) to revoke everything signed with it.
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from tawa.web.settings import Settings
from tawa.web.storage import Store

log = logging.getLogger("tawa.web")


def default_secret_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tawa" / "secret"


def secret_path(settings: Settings) -> Path:
    return Path(settings.secret_file).expanduser() if settings.secret_file else default_secret_file()


def read_keys(path: Path) -> list[str]:
    """The keys of a secret file, newest first (blank lines and ``#`` comments skipped)."""
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def _write_keys(path: Path, keys: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(path.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write("# Tawa's signing keys: the first signs, every one verifies (docs/server.md § The secret)\n")
        f.write("".join(k + "\n" for k in keys))
    os.replace(tmp, path)


def signing_keys(settings: Settings, store: Store) -> list[str]:
    """The server's keys, newest first, after moving a database's secret out (see the module's text)."""
    path = secret_path(settings)
    old = store.take_secret()
    keys = read_keys(path)
    if old is not None and old not in keys:
        keys = [*keys, old]  # the signing key of a new file, or an older key that still verifies
        _write_keys(path, keys)
        log.warning("moved the signing secret out of the database into %s", path)
    if old is not None:
        store.drop_secret()
    if settings.secret:
        given = [k.strip() for k in settings.secret.split(",") if k.strip()]
        return given + [k for k in keys if k not in given]
    if not keys:
        keys = [secrets.token_urlsafe(48)]
        _write_keys(path, keys)
        log.warning("made a new signing secret in %s", path)
    return keys
