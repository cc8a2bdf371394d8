"""The signing secret lives outside the database (issue 23, item 6): made in a file of mode 0600 on first start, read
from the environment when given there, moved out of a database that kept it (old cookies and invite links keep
working), and rotated by listing a new key above the old one."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import httpx
from harness import Guest, Server
from sqlalchemy import create_engine, text

from tawa.web.auth import Guest as GuestId
from tawa.web.auth import Keys


def meta_secret(db_url: str) -> str | None:
    engine = create_engine(db_url)
    with engine.connect() as c:
        found = c.execute(text("SELECT value FROM meta WHERE key = 'secret'")).scalar()
    engine.dispose()
    return None if found is None else str(found)


def secret_file(server: Server) -> Path:
    return Path(server.env["TAWA_SECRET_FILE"])


def test_the_secret_is_made_in_a_private_file_not_in_the_database(server: Server) -> None:
    path = secret_file(server)
    keys = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    assert len(keys) == 1 and len(keys[0]) >= 60
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert meta_secret(server.db_url) is None
    ana = Guest(server, "Ana")
    cookie = ana.http.cookies["tawa_guest"]
    assert Keys(keys[0]).read_guest(cookie) is not None  # the cookie is signed with the file's key
    server.stop()
    server.start()  # a restart keeps the key: the cookie still holds
    assert httpx.get(f"{server.url}/api/me", cookies={"tawa_guest": cookie}).json() == {"name": "Ana", "username": None}


def test_a_database_secret_is_moved_out_and_old_cookies_and_invites_keep_working(server: Server) -> None:
    """What a server before this change did: the key in the database's meta table, no file."""
    ana = Guest(server, "Ana")
    made = ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}], public=False)
    server.stop()
    old = "an-old-key-kept-in-the-database-0123456789abcdef"
    secret_file(server).unlink()
    engine = create_engine(server.db_url)
    with engine.begin() as c:
        c.execute(text("INSERT INTO meta (key, value) VALUES ('secret', :v)"), {"v": old})
    engine.dispose()
    old_keys = Keys(old)
    old_cookie = old_keys.guest_cookie(GuestId("g-old", "Old Bo"))
    old_invite = old_keys.invite_code(made["id"], 1)
    server.start()
    assert meta_secret(server.db_url) is None  # gone from the database ...
    assert old in secret_file(server).read_text()  # ... into the file
    bo = httpx.Client(base_url=server.url, cookies={"tawa_guest": old_cookie})
    assert bo.get("/api/me").json() == {"name": "Old Bo", "username": None}
    r = bo.post(f"/api/tables/{made['id']}/seats/1", json={"invite": old_invite})
    assert r.status_code == 200, r.text
    bo.close()


def test_rotation_a_new_key_signs_the_old_one_still_verifies(server: Server) -> None:
    ana = Guest(server, "Ana")
    old_cookie = ana.http.cookies["tawa_guest"]
    path = secret_file(server)
    old = next(line for line in path.read_text().splitlines() if line and not line.startswith("#"))
    new = "a-new-key-for-rotation-" + "9" * 40
    server.stop()
    path.write_text(f"{new}\n{old}\n")
    server.start()
    assert httpx.get(f"{server.url}/api/me", cookies={"tawa_guest": old_cookie}).json() == {
        "name": "Ana",
        "username": None,
    }
    fresh = Guest(server, "Cy").http.cookies["tawa_guest"]
    assert Keys(new).read_guest(fresh) is not None and Keys(old).read_guest(fresh) is None
    server.stop()
    path.write_text(f"{new}\n")  # the old key dropped: what it signed is void
    server.start()
    assert httpx.get(f"{server.url}/api/me", cookies={"tawa_guest": old_cookie}).json() == {
        "name": None,
        "username": None,
    }


def test_the_environment_gives_the_secret(server: Server) -> None:
    server.stop()
    server.env["TAWA_SECRET"] = "env-key-" + "7" * 40
    server.start()
    cookie = Guest(server, "Di").http.cookies["tawa_guest"]
    assert Keys(server.env["TAWA_SECRET"]).read_guest(cookie) is not None
    assert os.environ.get("TAWA_SECRET") is None
