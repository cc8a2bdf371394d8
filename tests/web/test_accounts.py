"""Accounts over REST against a real server (SQLite and PostgreSQL): register (keeping the guest's tables), log in
from a second client and see the same tables, duplicate usernames, wrong passwords, the login rate limits, log out
here and everywhere, a new password, and what the database and the log hold (argon2 hashes, never a password)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from harness import Guest, Server, client, post
from sqlalchemy import create_engine, inspect, select, text

PASSWORD = "correct horse battery"
SEATS = [{"kind": "me"}, {"kind": "invite"}]


def mine(c: httpx.Client) -> set[str]:
    return {t["id"] for t in c.get("/api/lobby").json()["mine"]}


def test_a_guest_who_registers_keeps_their_tables_and_finds_them_on_a_second_client(server: Server) -> None:
    ana = Guest(server, "Ana")
    table = ana.create("ayar", 2, SEATS)["id"]
    guest_cookie = ana.http.cookies["tawa_guest"]
    assert ana.http.get("/api/me").json() == {"name": "Ana", "username": None}
    assert post(ana.http, "/api/register", {"username": "Ana_K", "password": PASSWORD}) == {
        "name": "Ana_K",
        "username": "Ana_K",
    }
    assert ana.http.get("/api/me").json() == {"name": "Ana_K", "username": "Ana_K"}
    assert mine(ana.http) == {table}  # the same guest id: the table is still hers
    lobby = ana.http.get("/api/lobby").json()
    assert lobby["username"] == "Ana_K" and lobby["mine"][0]["my_seat"] == 0
    cookie = ana.http.cookies["tawa_guest"]
    assert cookie != guest_cookie
    # the guest cookie from before now names an account's id: it is nobody
    assert httpx.get(f"{server.url}/api/me", cookies={"tawa_guest": guest_cookie}).json()["name"] is None

    other = client(server)
    assert mine(other) == set()
    assert post(other, "/api/login", {"username": "ana_k", "password": PASSWORD})["username"] == "Ana_K"
    assert mine(other) == {table}  # logged in elsewhere: the same tables
    # a table created on the second client is on the first one's list too
    made = post(other, "/api/tables", {"game": "ayar", "players": 2, "seats": SEATS}, status=201)["id"]
    assert mine(ana.http) == {table, made}
    # renaming on one client renames the account: the other shows the new name
    assert post(other, "/api/me", {"name": "Ana María"}) == {"name": "Ana María", "username": "Ana_K"}
    assert ana.http.get("/api/me").json() == {"name": "Ana María", "username": "Ana_K"}
    # a new visitor who registers gets a new guest id
    cy = client(server)
    assert post(cy, "/api/register", {"username": "cyd", "password": PASSWORD})["name"] == "cyd"
    assert mine(cy) == set()


def test_usernames_and_passwords_are_checked(server: Server) -> None:
    bo = client(server)
    post(bo, "/api/register", {"username": "Bo-1", "password": PASSWORD})
    dup = client(server)
    r = dup.post("/api/register", json={"username": "bO-1", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["code"] == "username_taken"
    assert post(bo, "/api/register", {"username": "another", "password": PASSWORD}, status=409)["code"] == "registered"
    for body in (
        {"username": "ab", "password": PASSWORD},  # too short
        {"username": "x" * 25, "password": PASSWORD},  # too long
        {"username": "a b", "password": PASSWORD},  # a space
        {"username": "anä", "password": PASSWORD},  # letters are ASCII
        {"username": "dee", "password": "short"},  # a password of 5 characters
        {"username": "dee", "password": "p" * 201},
        {"username": "dee", "password": PASSWORD, "admin": True},  # unknown fields refused
        {"username": "dee", "password": 12345678},  # strict types
    ):
        assert post(dup, "/api/register", body, status=422)["code"] == "bad_request", body
    assert post(dup, "/api/register", {"username": "dee", "password": "p" * 200})["username"] == "dee"


def test_a_wrong_password_and_an_unknown_username_get_one_answer(server: Server) -> None:
    post(client(server), "/api/register", {"username": "eve", "password": PASSWORD})
    c = client(server)
    wrong = post(c, "/api/login", {"username": "eve", "password": "not the password"}, status=401)
    nobody = post(c, "/api/login", {"username": "nobody", "password": "not the password"}, status=401)
    assert wrong == nobody == {"code": "bad_login", "message": "the username or the password is wrong"}
    assert "tawa_guest" not in c.cookies
    assert c.get("/api/me").json() == {"name": None, "username": None}
    assert post(c, "/api/login", {"username": "EVE", "password": PASSWORD})["username"] == "eve"


def test_logins_are_rate_limited_per_username_and_per_address(server_with: Callable[..., Server]) -> None:
    server = server_with(TAWA_LOGIN_ATTEMPTS_MAX="3", TAWA_LOGIN_ATTEMPTS_PER_ADDRESS="5")
    post(client(server, "127.0.0.1"), "/api/register", {"username": "fay", "password": PASSWORD})
    home = client(server, "127.0.0.1")
    for _ in range(3):
        assert (
            post(home, "/api/login", {"username": "fay", "password": "guess guess"}, status=401)["code"] == "bad_login"
        )
    # the username is locked for the window: even the right password, even from another address
    away = client(server, "127.0.0.2")
    for c in (home, away):
        r = post(c, "/api/login", {"username": "fay", "password": PASSWORD}, status=429)
        assert r["code"] == "rate_limited" and "this username" in r["message"]
    # the address: 1 registration + 3 failures so far; one more failure, then it is refused for every username
    post(home, "/api/login", {"username": "gus", "password": "guess guess"}, status=401)
    r = post(home, "/api/login", {"username": "hal", "password": "guess guess"}, status=429)
    assert r["code"] == "rate_limited" and "this network" in r["message"]
    assert post(home, "/api/register", {"username": "ivy", "password": PASSWORD}, status=429)["code"] == "rate_limited"
    # another address is not held back
    assert post(away, "/api/login", {"username": "hal", "password": "guess guess"}, status=401)["code"] == "bad_login"
    assert post(away, "/api/register", {"username": "ivy", "password": PASSWORD})["username"] == "ivy"


def test_log_out_here_and_everywhere(server: Server) -> None:
    first = client(server)
    post(first, "/api/register", {"username": "joe", "password": PASSWORD})
    table = post(first, "/api/tables", {"game": "ayar", "players": 2, "seats": SEATS}, status=201)["id"]
    second, third = client(server), client(server)
    for c in (second, third):
        post(c, "/api/login", {"username": "joe", "password": PASSWORD})
    # log out on the third: only that browser forgets the cookie
    assert post(third, "/api/logout") == {"name": None, "username": None}
    assert third.get("/api/me").json()["username"] is None and mine(third) == set()
    assert second.get("/api/me").json()["username"] == "joe"
    kept = first.cookies["tawa_guest"]
    # log out everywhere from the second: the first's cookie is void too
    assert post(second, "/api/logout-everywhere") == {"name": None, "username": None}
    for c in (first, second):
        assert c.get("/api/me").json() == {"name": None, "username": None}
        assert mine(c) == set()
    stale = httpx.Client(base_url=server.url, cookies={"tawa_guest": kept})
    assert post(stale, "/api/tables", {"game": "ayar", "players": 2, "seats": SEATS}, status=401)["code"] == "no_name"
    assert post(stale, "/api/logout-everywhere", status=401)["code"] == "no_account"
    # logging in again gives a new session, with the same tables
    post(first, "/api/login", {"username": "joe", "password": PASSWORD})
    assert mine(first) == {table}
    # a guest without an account has nothing to log out everywhere, nor a password to change
    guest = Guest(server, "Kim").http
    assert post(guest, "/api/logout-everywhere", status=401)["code"] == "no_account"
    assert post(guest, "/api/password", {"old": PASSWORD, "new": "whatever123"}, status=401)["code"] == "no_account"


def test_change_password(server: Server) -> None:
    here, there = client(server), client(server)
    post(here, "/api/register", {"username": "lux", "password": PASSWORD})
    post(there, "/api/login", {"username": "lux", "password": PASSWORD})
    wrong = post(here, "/api/password", {"old": "not it at all", "new": "a new password"}, status=401)
    assert wrong["code"] == "bad_login"
    assert post(here, "/api/password", {"old": PASSWORD, "new": "short"}, status=422)["code"] == "bad_request"
    assert post(here, "/api/password", {"old": PASSWORD, "new": "a new password"})["username"] == "lux"
    assert here.get("/api/me").json()["username"] == "lux"  # this browser got the new session's cookie
    assert there.get("/api/me").json()["username"] is None  # every other browser is logged out
    assert (
        post(client(server), "/api/login", {"username": "lux", "password": PASSWORD}, status=401)["code"] == "bad_login"
    )
    assert post(there, "/api/login", {"username": "lux", "password": "a new password"})["username"] == "lux"


def test_no_password_in_the_database_the_answers_or_the_log(server: Server) -> None:
    secret_one, secret_two = "Sekrit-Passw0rd-one", "Sekrit-Passw0rd-two"
    c = client(server)
    answers = [
        c.post("/api/register", json={"username": "moe", "password": secret_one}),
        c.post("/api/login", json={"username": "moe", "password": secret_one}),
        c.post("/api/login", json={"username": "moe", "password": secret_two + "x"}),
        c.post("/api/password", json={"old": secret_one, "new": secret_two}),
        c.post("/api/password", json={"old": secret_one + "x", "new": secret_two}),
        c.post("/api/register", json={"username": "noa", "password": secret_one[:5]}),  # refused: too short
    ]
    for r in answers:
        assert "Sekrit" not in r.text and "Sekrit" not in str(r.headers), r.text
    engine = create_engine(server.db_url)
    try:
        with engine.connect() as db:
            assert {c["name"] for c in inspect(db).get_columns("accounts")} >= {
                "guest_id",
                "username",
                "username_key",
                "password_hash",
                "session",
                "created_at",
            }
            rows = db.execute(text("SELECT username, username_key, password_hash, session FROM accounts")).all()
            assert [(r.username, r.username_key) for r in rows] == [("moe", "moe")]
            assert rows[0].password_hash.startswith("$argon2id$v=19$m=") and rows[0].session == 2
            for table in inspect(db).get_table_names():
                for row in db.execute(select(text("*")).select_from(text(table))):
                    assert "Sekrit" not in repr(tuple(row)), table
    finally:
        engine.dispose()
    assert "Sekrit" not in server.output()


@pytest.mark.parametrize("path", ["/api/register", "/api/login"])
def test_account_bodies_are_strict(server: Server, path: str) -> None:
    c = client(server)
    assert post(c, path, {"username": "nn"}, status=422)["code"] == "bad_request"
    assert post(c, path, {"username": ["nn"], "password": PASSWORD}, status=422)["code"] == "bad_request"
