"""What a stranger can send over HTTP is bounded and answered with a named code (issue 23, items 3, 5 and 6), from
outside against a served app: body size and time, the request head's time and size, JSON depth and number size,
errors always ``{code, message}``, strict types, the schema true to the server, creation limits per guest and per
address, the security headers, trusted hosts, and invite codes kept out of the access log."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import socket
import time
from collections.abc import Callable

import httpx
import pytest
from harness import Guest, Server, Sock
from websockets.exceptions import InvalidStatus

TWO = [{"kind": "me"}, {"kind": "invite"}]


def raw_request(server: Server, data: bytes, wait: float = 10.0, source: str = "127.0.0.1") -> bytes:
    """Send ``data`` on a fresh connection and read until the server closes it (or ``wait`` seconds)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait, source_address=(source, 0)) as s:
        if data:
            s.sendall(data)
        out = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            out += chunk
        return out


def body_of(answer: bytes) -> dict:  # type: ignore[type-arg]
    return json.loads(answer.split(b"\r\n\r\n", 1)[1])  # type: ignore[no-any-return]


def test_a_body_over_the_limit_is_refused_before_it_is_read(server: Server) -> None:
    g = Guest(server, "Ana")
    huge = b'{"game": "ayar", "players": 2, "seats": [], "options": {"x": "' + b"y" * (50 << 20) + b'"}}'
    r = g.http.post("/api/tables", content=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large" and "65536 bytes" in r.json()["message"]

    def chunks():  # type: ignore[no-untyped-def]  # no Content-Length: counted as it arrives
        for _ in range(200):
            yield b"[" * 1024

    r = g.http.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    assert g.http.get("/api/health").json() == {"ok": True}


def test_deep_nesting_and_huge_numbers_in_a_body_are_bad_json(server: Server) -> None:
    g = Guest(server, "Ana")
    for body in (
        "[" * 8000 + "]" * 8000,
        '{"name": ' + "9" * 5000 + "}",
        '{"game": "ayar", "players": 2, "seats": [], "options": {"POT_ROW": ' + "[" * 40 + "]" * 40 + "}}",
    ):
        r = g.http.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, r.text
        assert set(r.json()) == {"code", "message"} and r.json()["code"] == "bad_json", r.json()
    r = g.http.post("/api/me", content="{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and set(r.json()) == {"code", "message"}
    assert "Traceback" not in server.output()


def test_every_error_is_code_and_message(server: Server) -> None:
    c = httpx.Client(base_url=server.url)
    r = c.get("/api/no/such/route")
    assert r.status_code == 404 and r.json()["code"] == "not_found" and set(r.json()) == {"code", "message"}
    r = c.delete("/api/me")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"
    assert r.headers["allow"] == "GET, POST"
    r = c.get("/api/tables/x/replay", params={"step": "many"})
    assert r.status_code == 422 and r.json()["code"] == "bad_request" and "step" in r.json()["message"]


def test_types_are_strict_and_the_schema_says_what_the_server_takes(server: Server) -> None:
    g = Guest(server, "Ana")
    r = g.http.post("/api/tables", json={"game": "ayar", "players": "2", "seats": TWO})
    assert r.status_code == 422 and "players" in r.json()["message"]
    r = g.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": TWO, "public": "yes"})
    assert r.status_code == 422 and "public" in r.json()["message"]
    schema = httpx.get(f"{server.url}/openapi.json", timeout=30).json()["components"]["schemas"]
    assert schema["NameIn"]["properties"]["name"]["maxLength"] == 40
    assert set(schema["CreateTableIn"]["properties"]["game"]["enum"]) == {
        "ayar",
        "guatavita",
        "pachakuna",
        "sacred-valley",
    }
    for name in ("x" * 41, "\u202eevil"):
        r = g.http.post("/api/me", json={"name": name})
        assert r.status_code == 422
    assert g.http.post("/api/me", json={"name": "x" * 40}).status_code == 200


def test_options_out_of_their_bounds_are_refused_naming_them(server: Server) -> None:
    g = Guest(server, "Ana")
    for options, words in (
        ({"GOLD_CAP": 100_000}, "GOLD_CAP (GV-370): 100000 is out of range: from 0 to 40"),
        ({"GOLD_CAP": 10**18}, "GOLD_CAP (GV-370)"),
        ({"FOOD_CAP": 10**6}, "FOOD_CAP"),
        ({"CAMP_UPGRADE": [100_000, 1, 2]}, "CAMP_UPGRADE"),
        ({"RECRUIT_WORKERS": 100_000}, "RECRUIT_WORKERS"),
        ({"PIONEER_WORKERS": 100_000}, "PIONEER_WORKERS"),
    ):
        r = g.http.post("/api/tables", json={"game": "guatavita", "players": 2, "seats": TWO, "options": options})
        assert r.status_code == 422 and words in r.json()["message"], r.json()
    for options, words in (
        ({"TEMPLE_MARKERS": 100_000}, "TEMPLE_MARKERS"),
        ({"TEMPLE_TOKENS": 100_000}, "TOKENS"),
        ({"LAKE_TOKENS": 100_000}, "LAKE_TOKENS"),
        ({"TERRACE_SHAPE": [[4, 4], [100_000, 4], [4, 6], [4, 6]]}, "TERRACE_SHAPE"),
    ):
        r = g.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": TWO, "options": options})
        assert r.status_code == 422 and words in r.json()["message"], r.json()
    games = {x["id"]: x for x in httpx.get(f"{server.url}/api/games", timeout=30).json()["games"]}
    gold = next(p for p in games["guatavita"]["params"] if p["name"] == "GOLD_CAP")
    assert gold["bounds"] == [0, 40] and gold["shape"] == "from 0 to 40"


def test_a_table_at_the_largest_allowed_options_is_served_within_bounds(server: Server) -> None:
    """At the largest caps a person may set, joining draws a board of a bounded size (it was 29-43 MB at 10^5)."""
    g = Guest(server, "Ana")
    made = g.create(
        "guatavita",
        2,
        TWO,
        {
            "GOLD_CAP": 40,
            "FOOD_CAP": 40,
            "START_GOLD": 40,
            "SLOTS": {
                k: 9
                for k in (
                    "sabotage",
                    "camp",
                    "pumpre",
                    "harvest",
                    "pioneer",
                    "commerce_machine",
                    "commerce_pipe",
                    "recruit",
                    "loan",
                )
            },
        },
    )
    s = Sock(server)
    s.send({"t": "join", "table": made["id"]})
    full = s.expect("full", table=made["id"])
    assert len(full["view"]["svg"]) < 640_000
    s.close()


@pytest.fixture
def limited(server_with: Callable[..., Server]) -> Server:
    return server_with(TAWA_TABLES_PER_HOUR_GUEST="3", TAWA_TABLES_PER_HOUR_ADDRESS="5", TAWA_OPEN_TABLES_PER_GUEST="2")


def test_tables_per_guest_and_per_address_are_limited(limited: Server) -> None:
    ana = Guest(limited, "Ana")
    for _ in range(2):
        ana.create("ayar", 2, TWO)
    r = ana.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": TWO})
    assert r.status_code == 429 and r.json()["code"] == "too_many_tables", r.json()
    # finished tables do not count as open: a bot table that ends frees a place, but the hour still counts
    bo = Guest(limited, "Bo")
    for _ in range(2):
        bo.create("ayar", 2, TWO)
    cy = Guest(limited, "Cy")
    cy.create("ayar", 2, TWO)  # the address's fifth table this hour
    r = cy.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": TWO})
    assert r.status_code == 429 and r.json()["code"] == "rate_limited" and "network address" in r.json()["message"]
    other = Guest(limited, "Di", source="127.0.0.2")  # another address is not held back by this one
    other.create("ayar", 2, TWO)
    lobby = other.http.get("/api/lobby").json()
    assert len(lobby["open"]) == 6


def test_tables_per_hour_for_one_guest(sqlite_server_with: Callable[..., Server]) -> None:
    srv = sqlite_server_with(TAWA_TABLES_PER_HOUR_GUEST="2")
    ana = Guest(srv, "Ana")
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    for _ in range(2):
        ana.create("ayar", 2, bots, {"TURNS_PER_ROUND": [1, 1, 1, 1]})
    r = ana.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": TWO})
    assert r.status_code == 429 and r.json()["code"] == "rate_limited" and "an hour per player" in r.json()["message"]


def test_a_slow_or_never_finished_request_head_is_timed_out(sqlite_server_with: Callable[..., Server]) -> None:
    srv = sqlite_server_with(TAWA_HEADER_TIMEOUT="1", TAWA_BODY_TIMEOUT="1")
    t0 = time.monotonic()
    answer = raw_request(srv, b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    assert answer.startswith(b"HTTP/1.1 408") and body_of(answer)["code"] == "timeout"
    assert time.monotonic() - t0 < 8
    assert raw_request(srv, b"").startswith(b"HTTP/1.1 408")  # nothing sent at all
    answer = raw_request(srv, b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40_000)
    assert answer.startswith(b"HTTP/1.1 431") and body_of(answer)["code"] == "too_large"
    answer = raw_request(
        srv,
        b"POST /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    assert answer.startswith(b"HTTP/1.1 408") and body_of(answer)["code"] == "timeout"
    # 100 such connections at once do not keep the server from answering, and are all let go
    held = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(100)]
    for s in held:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert httpx.get(f"{srv.url}/api/health", timeout=10).status_code == 200
    time.sleep(2.5)
    closed = 0
    for s in held:
        s.settimeout(5)
        try:
            data = s.recv(4096)
            closed += data.startswith(b"HTTP/1.1 408") or data == b""
        except OSError:
            closed += 1
        s.close()
    assert closed == 100


def test_security_headers_on_every_answer(server: Server) -> None:
    g = Guest(server, "Ana")
    made = g.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": TWO})
    assert made.status_code == 201 and made.headers["cache-control"] == "no-store"
    answers = [
        made,
        g.http.get("/"),
        g.http.get(f"/table/{made.json()['id']}"),
        g.http.get("/api/lobby"),
        g.http.get("/static/app.mjs"),
        g.http.get("/api/nothing"),
    ]
    for r in answers:
        csp = r.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and "'unsafe-eval'" not in csp
        assert "script-src 'self' 'sha256-" in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert r.headers["x-frame-options"] == "DENY" and r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
    for r in (answers[0], answers[3]):  # the API's answers carry tokens and invite codes
        assert r.headers["cache-control"] == "no-store"
    for r in answers[1:3]:  # a page's shell is the same for everybody (no token): never reused unasked
        assert r.headers["cache-control"] == "no-cache"
    assert g.http.get(f"/api/tables/{made.json()['id']}/invites").headers["cache-control"] == "no-store"
    for r in answers[1:3]:  # the import map as served (it names the versioned files) is the script the CSP allows
        scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", r.text, re.S)
        assert scripts and "/static/" in scripts[0]
        for body in scripts:
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in r.headers["content-security-policy"]


def test_a_foreign_host_name_is_refused_over_http_and_websocket(sqlite_server_with: Callable[..., Server]) -> None:
    """The DNS-rebinding shape: a page of rebind.evil.example whose name now points at this machine."""
    srv = sqlite_server_with(TAWA_TRUSTED_HOSTS="play.example.org")
    r = httpx.get(f"{srv.url}/api/health", headers={"Host": "rebind.evil.example"})
    assert r.status_code == 400 and r.json()["code"] == "bad_host"
    assert httpx.get(f"{srv.url}/api/health", headers={"Host": "play.example.org"}).status_code == 200
    assert httpx.get(f"http://localhost:{srv.port}/api/health").status_code == 200
    assert httpx.get(f"{srv.url}/api/health", headers={"Host": f"10.1.2.3:{srv.port}"}).status_code == 200
    assert httpx.get(f"{srv.url}/api/health", headers={"Host": "sub.play.example.org"}).status_code == 400
    with pytest.raises(InvalidStatus) as err:
        Sock(srv, origin=f"http://rebind.evil.example:{srv.port}", host="rebind.evil.example")
    assert err.value.response.status_code == 400
    assert json.loads(err.value.response.body)["code"] == "bad_host"
    ok = Sock(srv, origin=f"http://play.example.org:{srv.port}", host="play.example.org")
    ok.send({"t": "ping", "ack": 1})
    assert ok.expect("pong")["ack"] == 1
    ok.close()


def test_invite_codes_and_tokens_stay_out_of_the_access_log(sqlite_server_with: Callable[..., Server]) -> None:
    srv = sqlite_server_with(TAWA_LOG_LEVEL="info")
    g = Guest(srv, "Ana")
    made = g.create("ayar", 2, TWO, public=False)
    invite = made["invites"][0]["url"]
    code = invite.split("k=", 1)[1]
    assert g.http.get(invite.replace(srv.url, "")).status_code == 200
    g.http.get(f"/table/{made['id']}?token={made['me']['token']}")
    time.sleep(0.5)
    log = srv.output()
    assert f"/join/{made['id']}/1?k=" in log  # the request is logged ...
    assert code not in log and made["me"]["token"] not in log  # ... without its secret
