"""E-mail over REST against a real server and a real SMTP server (aiosmtpd, ``smtp_box.Mailbox``), on SQLite and
PostgreSQL (issue 26): an address verified by a mailed link, password reset by username and by address (the old
password and every session void, the link single use and out of date after its expiry), one answer for an account
that does not exist, the rate limits, turn alerts (once a turn, after the delay, none with alerts off or to an
unverified address, none again after a kill -9), an SMTP server that is down, no address in public answers, and a
server without SMTP settings (``no_mail``).

Time is moved forward through the server's clock offset file (``TAWA_CLOCK_OFFSET_FILE``): nothing sleeps through
an expiry or a turn's delay. A test that no mail came waits for a later mail that the server sends after it."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import ME, Clock, Guest, Server, Sock, client, free_port, post, reply
from smtp_box import Mailbox
from sqlalchemy import create_engine, inspect, select, text

from tawa.web.limits import allowed_hosts
from tawa.web.mail import Mailer
from tawa.web.settings import Settings

PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new password"
BOT = {"kind": "bot", "bot": "random"}
GAME, OPTIONS = "pachakuna", {"TURN_CAP": 24}
TURN_AFTER = 60.0


def account(server: Server, username: str, password: str = PASSWORD) -> httpx.Client:
    c = client(server)
    post(c, "/api/register", {"username": username, "password": password})
    return c


def verified(server: Server, box: Mailbox, username: str, address: str) -> httpx.Client:
    """A new account with ``address`` verified (through the mailed link)."""
    c = account(server, username)
    before = len(box.to(address))
    post(c, "/api/mail/address", {"address": address, "password": PASSWORD})
    mail = box.wait(address, before + 1)[-1]
    assert post(c, "/api/mail/verify", {"token": mail.token()}) == {"address": address}
    return c


def username_of(c: httpx.Client) -> str | None:
    return c.get("/api/me").json()["username"]  # type: ignore[no-any-return]


@pytest.fixture
def clock(tmp_path: Path) -> Clock:
    return Clock(tmp_path)


@pytest.fixture
def mail_server(server_with: Callable[..., Server], mailbox: Mailbox, clock: Clock) -> Server:
    return server_with(**mailbox.env, TAWA_CLOCK_OFFSET_FILE=str(clock.path), TAWA_MAIL_REQUESTS_MAX="50")


def test_an_address_is_verified_by_the_link_mailed_to_it(mail_server: Server, mailbox: Mailbox) -> None:
    srv, box = mail_server, mailbox
    ana = account(srv, "ana")
    assert ana.get("/api/mail").json() == {"on": True, "address": None, "pending": None, "alerts": True}
    assert client(srv).get("/api/mail").json() == {"on": True, "address": None, "pending": None, "alerts": True}
    # the password first; a wrong one is a failed login
    wrong = post(ana, "/api/mail/address", {"address": "ana@example.org", "password": "not it"}, status=401)
    assert wrong["code"] == "bad_login"
    for bad in ("ana", "ana@", "a b@example.org", "ana@example.org\r\nBcc: x@example.org", "x" * 250 + "@e.org"):
        assert post(ana, "/api/mail/address", {"address": bad, "password": PASSWORD}, status=422)["code"] == (
            "bad_request"
        )
    state = post(ana, "/api/mail/address", {"address": "ana@example.org", "password": PASSWORD})
    assert state == {"on": True, "address": None, "pending": "ana@example.org", "alerts": True}
    (mail,) = box.wait("ana@example.org")
    assert mail.subject == "Tawa: confirm your e-mail address"
    assert mail.message["From"] == "Tawa test <tawa@test.invalid>"
    assert mail.link().startswith(f"{srv.url}/verify-email#t=")
    assert "ana" in mail.text
    # the page the link opens is the client's shell
    page = httpx.get(mail.link().split("#")[0], timeout=30)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    # anyone holding the link verifies it (the mailbox's holder), once
    assert post(client(srv), "/api/mail/verify", {"token": mail.token()}) == {"address": "ana@example.org"}
    assert post(ana, "/api/mail/verify", {"token": mail.token()}, status=410)["code"] == "bad_link"
    assert post(ana, "/api/mail/verify", {"token": "x" * 43}, status=410)["code"] == "bad_link"
    assert ana.get("/api/mail").json() == {"on": True, "address": "ana@example.org", "pending": None, "alerts": True}
    # a new address is pending while the verified one stays
    post(ana, "/api/mail/address", {"address": "ana@new.example.org", "password": PASSWORD})
    assert ana.get("/api/mail").json()["address"] == "ana@example.org"
    assert ana.get("/api/mail").json()["pending"] == "ana@new.example.org"
    # another account cannot verify Ana's address (whatever its case)
    bo = account(srv, "bob")
    post(bo, "/api/mail/address", {"address": "ANA@example.org", "password": PASSWORD})
    taken = box.wait("ANA@example.org")[0]
    assert post(bo, "/api/mail/verify", {"token": taken.token()}, status=409)["code"] == "email_taken"
    assert bo.get("/api/mail").json()["address"] is None
    # the alert switch; removing the address
    assert post(ana, "/api/mail/alerts", {"on": False})["alerts"] is False
    gone = post(ana, "/api/mail/address", {"address": None, "password": PASSWORD})
    assert gone == {"on": True, "address": None, "pending": None, "alerts": False}
    # a guest has no address
    guest = Guest(srv, "Kim").http
    assert post(guest, "/api/mail/address", {"address": "k@example.org", "password": PASSWORD}, status=401)["code"] == (
        "no_account"
    )
    assert post(guest, "/api/mail/alerts", {"on": True}, status=401)["code"] == "no_account"


def test_password_reset_by_username_and_by_address(mail_server: Server, mailbox: Mailbox, clock: Clock) -> None:
    srv, box = mail_server, mailbox
    ana = verified(srv, box, "ana", "ana@example.org")
    elsewhere = client(srv)
    post(elsewhere, "/api/login", {"username": "ana", "password": PASSWORD})
    nobody = client(srv)
    by_name = post(nobody, "/api/password/forgot", {"who": "ana"})
    by_address = post(nobody, "/api/password/forgot", {"who": "Ana@Example.org"})
    assert by_name == by_address
    assert "tawa_guest" not in nobody.cookies
    first, second = box.wait("ana@example.org", 3)[1:]
    assert first.subject == second.subject == "Tawa: set a new password"
    assert first.link().startswith(f"{srv.url}/reset#t=") and first.token() != second.token()
    assert httpx.get(first.link().split("#")[0], timeout=30).status_code == 200
    # a new password by the first link: this browser is logged in, every other one logged out
    assert post(nobody, "/api/password/reset", {"token": first.token(), "new": "short"}, status=422)["code"] == (
        "bad_request"
    )
    assert post(nobody, "/api/password/reset", {"token": first.token(), "new": NEW_PASSWORD}) == {
        "name": "ana",
        "username": "ana",
    }
    assert username_of(nobody) == "ana"
    assert username_of(ana) is None and username_of(elsewhere) is None
    assert first.token() not in srv.output() and second.token() not in srv.output()
    # once only; and the password change voided the second link too
    for mail in (first, second):
        again = post(client(srv), "/api/password/reset", {"token": mail.token(), "new": "yet another one"}, status=410)
        assert again["code"] == "bad_link"
    assert post(client(srv), "/api/login", {"username": "ana", "password": PASSWORD}, status=401)["code"] == (
        "bad_login"
    )
    assert post(client(srv), "/api/login", {"username": "ana", "password": NEW_PASSWORD})["username"] == "ana"
    # a change of password (not by a link) voids the links asked for before it
    post(nobody, "/api/password/forgot", {"who": "ana"})
    before_change = box.wait("ana@example.org", 4)[-1]
    post(nobody, "/api/password", {"old": NEW_PASSWORD, "new": PASSWORD})
    assert post(client(srv), "/api/password/reset", {"token": before_change.token(), "new": NEW_PASSWORD}, status=410)[
        "code"
    ] == ("bad_link")
    # a link is out of date after mail_reset_expiry (1 h)
    post(nobody, "/api/password/forgot", {"who": "ana"})
    late = box.wait("ana@example.org", 5)[-1]
    clock.forward(3601)
    assert post(client(srv), "/api/password/reset", {"token": late.token(), "new": NEW_PASSWORD}, status=410)[
        "code"
    ] == ("bad_link")
    # a reset link mailed to an address no longer the account's does nothing
    post(nobody, "/api/password/forgot", {"who": "ana"})
    to_old = box.wait("ana@example.org", 6)[-1]
    post(nobody, "/api/mail/address", {"address": "ana@newer.example.org", "password": PASSWORD})
    post(nobody, "/api/mail/verify", {"token": box.wait("ana@newer.example.org")[0].token()})
    assert post(client(srv), "/api/password/reset", {"token": to_old.token(), "new": NEW_PASSWORD}, status=410)[
        "code"
    ] == ("bad_link")
    # and a verification link after mail_verify_expiry (a day)
    post(nobody, "/api/mail/address", {"address": "ana@later.example.org", "password": PASSWORD})
    verify = box.wait("ana@later.example.org")[0]
    clock.forward(86_401)
    assert post(nobody, "/api/mail/verify", {"token": verify.token()}, status=410)["code"] == "bad_link"
    assert nobody.get("/api/mail").json()["pending"] is None
    assert username_of(nobody) == "ana"


def test_an_unknown_account_gets_the_same_answer_and_no_mail(
    server_with: Callable[..., Server], mailbox: Mailbox
) -> None:
    """(The links start with ``public_url`` here, not with the request's address.)"""
    srv, box = server_with(**mailbox.env, TAWA_PUBLIC_URL="https://play.example.org/"), mailbox
    verified(srv, box, "ana", "ana@example.org")
    pending = account(srv, "bob")
    post(pending, "/api/mail/address", {"address": "bo@example.org", "password": PASSWORD})
    box.wait("bo@example.org")
    account(srv, "cyd")  # no address at all
    c = client(srv)
    answers = [
        c.post("/api/password/forgot", json={"who": who})
        for who in ("nobody", "nobody@example.org", "bob", "bo@example.org", "cyd", "ana")
    ]
    assert len({(r.status_code, r.text) for r in answers}) == 1, [r.text for r in answers]
    # Ana's mail was asked for last: once it is there, the others would have been too
    assert box.wait("ana@example.org", 2)[-1].link().startswith("https://play.example.org/reset#t=")
    assert [m.to for m in box.mails] == [["ana@example.org"], ["bo@example.org"], ["ana@example.org"]]


def test_links_are_rate_limited(server_with: Callable[..., Server], mailbox: Mailbox) -> None:
    srv = server_with(**mailbox.env, TAWA_MAIL_REQUESTS_MAX="2", TAWA_MAIL_REQUESTS_PER_ADDRESS="3")
    home, away = client(srv, "127.0.0.1"), client(srv, "127.0.0.2")
    for _ in range(2):
        post(home, "/api/password/forgot", {"who": "someone"})
    r = post(home, "/api/password/forgot", {"who": "someone"}, status=429)
    assert r["code"] == "rate_limited" and "this account" in r["message"]
    assert post(away, "/api/password/forgot", {"who": "SOMEONE"}, status=429)["code"] == "rate_limited"
    post(home, "/api/password/forgot", {"who": "another"})
    r = post(home, "/api/password/forgot", {"who": "a third"}, status=429)
    assert r["code"] == "rate_limited" and "this network" in r["message"]
    post(away, "/api/password/forgot", {"who": "a third"})
    # verification links count for the account too
    ana = client(srv, "127.0.0.3")
    post(ana, "/api/register", {"username": "ana", "password": PASSWORD})
    for i in range(2):
        post(ana, "/api/mail/address", {"address": f"ana{i}@example.org", "password": PASSWORD})
    assert post(ana, "/api/mail/address", {"address": "ana9@example.org", "password": PASSWORD}, status=429)[
        "code"
    ] == ("rate_limited")


def test_one_address_gets_few_verification_mails_however_many_accounts_ask(
    server_with: Callable[..., Server], mailbox: Mailbox
) -> None:
    """Each account has its own budget, so a stranger with many accounts could fill somebody's inbox with links to
    confirm; the address mailed has a budget of its own (``mail_requests_max``), and a refusal counts for nobody."""
    srv = server_with(**mailbox.env, TAWA_MAIL_REQUESTS_MAX="2")
    victim = "Victim@example.org"
    askers = [account(srv, f"asker{i}") for i in range(3)]
    for c in askers[:2]:
        post(c, "/api/mail/address", {"address": victim, "password": PASSWORD})
    r = post(askers[2], "/api/mail/address", {"address": victim.lower(), "password": PASSWORD}, status=429)
    assert r["code"] == "rate_limited" and "this address" in r["message"]
    assert len(mailbox.wait(victim, 2)) == 2
    # the refused asker's own budget was given back: it can still confirm an address of its own, twice
    for i in range(2):
        post(askers[2], "/api/mail/address", {"address": f"mine{i}@example.org", "password": PASSWORD})


def test_reset_links_asked_for_by_others_leave_the_account_its_verification_links(
    server_with: Callable[..., Server], mailbox: Mailbox
) -> None:
    """A stranger asking for a victim's reset links spends the reset budget only: the victim can still confirm a new
    address (verification links have a budget of their own)."""
    srv = server_with(**mailbox.env, TAWA_MAIL_REQUESTS_MAX="2")
    bea = verified(srv, mailbox, "bea", "bea@example.org")
    stranger = client(srv, "127.0.0.9")
    for _ in range(2):
        post(stranger, "/api/password/forgot", {"who": "bea"})
    assert len(mailbox.wait("bea@example.org", 3)) == 3  # the verification, then two reset links
    post(bea, "/api/mail/address", {"address": "bea2@example.org", "password": PASSWORD})
    assert len(mailbox.wait("bea2@example.org", 1)) == 1


@pytest.mark.parametrize(
    "address", ["root,victim@example.org", "(c)victim@example.org", "<victim@example.org>", 'a"b@example.org']
)
def test_an_address_that_would_mean_other_recipients_is_refused(mail_server: Server, address: str) -> None:
    c = account(mail_server, "dan")
    r = post(c, "/api/mail/address", {"address": address, "password": PASSWORD}, status=422)
    assert r["code"] == "bad_request" and "not an e-mail address" in r["message"]


def test_a_server_without_smtp_settings_sends_nothing(server: Server) -> None:
    ana = account(server, "ana")
    assert ana.get("/api/mail").json() == {"on": False, "address": None, "pending": None, "alerts": True}
    for path, body in (
        ("/api/mail/address", {"address": "ana@example.org", "password": PASSWORD}),
        ("/api/mail/verify", {"token": "x" * 43}),
        ("/api/mail/alerts", {"on": False}),
        ("/api/password/forgot", {"who": "ana"}),
        ("/api/password/reset", {"token": "x" * 43, "new": NEW_PASSWORD}),
    ):
        assert post(ana, path, body, status=404)["code"] == "no_mail", path


def test_an_smtp_server_that_is_down_breaks_nothing(server_with: Callable[..., Server]) -> None:
    srv = server_with(TAWA_SMTP_HOST="127.0.0.1", TAWA_SMTP_PORT=str(free_port()), TAWA_SMTP_SECURITY="none")
    ana = account(srv, "ana")
    state = post(ana, "/api/mail/address", {"address": "ana@example.org", "password": PASSWORD})
    assert state["pending"] == "ana@example.org"
    assert post(client(srv), "/api/password/forgot", {"who": "ana"})["message"]
    made = post(ana, "/api/tables", {"game": GAME, "players": 2, "seats": [ME, BOT], "options": OPTIONS}, status=201)
    s = Sock(srv)
    full = s.join(made["id"], made["me"]["token"])
    s.send({"t": "resign", "table": made["id"], "ack": 3})
    assert reply(s, made["id"], 3)["t"] == "ack"
    s.close()
    assert full["view"]["status"] == "running"
    until = time.monotonic() + 30
    while "failed" not in srv.output():
        assert time.monotonic() < until, srv.output()[-2000:]
        time.sleep(0.05)
    assert httpx.get(f"{srv.url}/api/health", timeout=30).json() == {"ok": True}


def test_an_smtp_server_that_never_answers_holds_nothing_up(server_with: Callable[..., Server]) -> None:
    """An SMTP server that takes the connection and never says a word (a listening socket nobody serves), with a
    minute's ``smtp_timeout``: every answer comes at once all the same (httpx gives up after 5 s here)."""
    with socket.socket() as mute:
        mute.bind(("127.0.0.1", 0))
        mute.listen(16)
        env = {"TAWA_SMTP_HOST": "127.0.0.1", "TAWA_SMTP_PORT": str(mute.getsockname()[1])}
        srv = server_with(**env, TAWA_SMTP_SECURITY="none", TAWA_SMTP_TIMEOUT="60")
        ana = account(srv, "ana")
        fast = httpx.Client(base_url=srv.url, timeout=5, cookies=ana.cookies)
        for i in range(3):
            body = {"address": f"ana{i}@example.org", "password": PASSWORD}
            assert post(fast, "/api/mail/address", body)["pending"] == f"ana{i}@example.org"
            assert post(fast, "/api/password/forgot", {"who": "ana"})["message"]
        assert post(fast, "/api/tables", {"game": GAME, "players": 2, "seats": [ME, BOT]}, status=201)["id"]
        assert fast.get("/api/health").json() == {"ok": True}


# ---------------------------------------------------------------- turn alerts
def my_turn(srv: Server, c: httpx.Client, clock_id: str = "none") -> tuple[str, Sock, dict[str, Any]]:
    """A new table of ``c`` against a bot (``clock_id``), once it is ``c``'s turn: its id, the seat's socket and the
    full view."""
    made = post(
        c,
        "/api/tables",
        {"game": GAME, "players": 2, "seats": [ME, BOT], "options": OPTIONS, "clock": clock_id},
        status=201,
    )
    s = Sock(srv)
    full = s.join(made["id"], made["me"]["token"])
    while full["view"]["to_act"] != full["seat"]:
        full = {**full, "view": s.expect("update", table=made["id"])["view"]}
    return made["id"], s, full


def pass_turn(s: Sock, table: str, full: dict[str, Any]) -> None:
    """Play the seat's turn to its end (every decision of it), then wait until the turn comes back."""
    view, v, seat, ack = full["view"], full["v"], full["seat"], 100
    while view["to_act"] == seat:
        ack += 1
        s.send({"t": "move", "table": table, "seq": v, "action": view["actions"][0]["id"], "ack": ack})
        assert reply(s, table, ack)["t"] == "update"  # the update of the move acknowledges it
        up = s.expect("update", table=table)
        view, v = up["view"], up["v"]
    while view["to_act"] != seat:
        view = s.expect("update", table=table)["view"]
    assert view["status"] == "running"


def alerts_to(box: Mailbox, address: str) -> list[str]:
    """The tables of the turn alerts mailed to ``address``."""
    return [m.subject.rsplit("(table ", 1)[1].rstrip(")") for m in box.to(address) if "your turn" in m.subject]


def test_turn_alerts_once_a_turn_after_the_delay_and_not_again_after_a_restart(
    server_with: Callable[..., Server], mailbox: Mailbox, clock: Clock, tmp_path: Path
) -> None:
    box = mailbox
    env = {
        **box.env,
        "TAWA_CLOCK_OFFSET_FILE": str(clock.path),
        "TAWA_MAIL_TURN_AFTER": str(TURN_AFTER),
        "TAWA_SECRET_FILE": str(tmp_path / "secret"),  # the restarted server keeps the cookies
    }
    srv = server_with(**env)
    ana = verified(srv, box, "ana", "ana@example.org")
    cy = verified(srv, box, "cyd", "cy@example.org")
    post(cy, "/api/mail/alerts", {"on": False})
    dee = account(srv, "dee")
    post(dee, "/api/mail/address", {"address": "dee@example.org", "password": PASSWORD})  # never verified
    box.wait("dee@example.org")
    t_ana, s_ana, full = my_turn(srv, ana)
    t_fast, _, _ = my_turn(srv, ana, "relaxed")  # a real-time clock: no mail
    t_cy, _, _ = my_turn(srv, cy)
    my_turn(srv, dee, "days3")
    clock.forward(TURN_AFTER / 2)
    # Bo's turn starts half the delay later: his mail comes after Ana's
    bo = verified(srv, box, "bob", "bo@example.org")
    t_bo, _, _ = my_turn(srv, bo, "days1")
    clock.forward(TURN_AFTER / 2 + 1)
    mail = box.wait("ana@example.org", 2)[-1]
    assert mail.subject == f"Tawa: your turn at P'achakuna (table {t_ana})"
    assert f"it is your turn at P'achakuna, table {t_ana} (for 1 minute now), as " in mail.text
    assert f"{srv.url}/table/{t_ana}" == mail.link()
    clock.forward(TURN_AFTER / 2)
    box.wait("bo@example.org", 2)
    clock.forward(TURN_AFTER * 3)  # much later: still one mail for the turn
    t_bo2, _, _ = my_turn(srv, bo)
    clock.forward(TURN_AFTER + 1)
    box.wait("bo@example.org", 3)
    assert alerts_to(box, "ana@example.org") == [t_ana]
    assert alerts_to(box, "bo@example.org") == [t_bo, t_bo2]
    assert alerts_to(box, "cy@example.org") == [] and alerts_to(box, "dee@example.org") == []
    assert t_fast not in alerts_to(box, "ana@example.org")
    # Ana plays her turn, the bot its own: her next turn gets its own mail after the delay
    pass_turn(s_ana, t_ana, full)
    s_ana.close()
    clock.forward(TURN_AFTER + 1)
    box.wait("ana@example.org", 3)
    assert alerts_to(box, "ana@example.org") == [t_ana, t_ana]
    # kill -9 and start again: the mailed turns are not mailed again. Cy switches alerts on first: her turn (looked at
    # and passed over before) gets its mail after the restart, and says the restarted server has looked at them all
    post(cy, "/api/mail/alerts", {"on": True})
    srv.kill9()
    server_with(**env)
    box.wait("cy@example.org", 2)
    assert alerts_to(box, "cy@example.org") == [t_cy]
    assert box.to("cy@example.org")[-1].link().endswith(f"/table/{t_cy}")
    assert alerts_to(box, "ana@example.org") == [t_ana, t_ana]
    assert alerts_to(box, "bo@example.org") == [t_bo, t_bo2]
    assert alerts_to(box, "dee@example.org") == []


def test_no_address_in_public_answers(mail_server: Server, mailbox: Mailbox) -> None:
    srv = mail_server
    ana = verified(srv, mailbox, "ana", "secret.ana@example.org")
    made = post(ana, "/api/tables", {"game": GAME, "players": 2, "seats": [ME, BOT], "options": OPTIONS}, status=201)
    s = Sock(srv)
    s.join(made["id"], made["me"]["token"])
    s.send({"t": "resign", "table": made["id"], "ack": 3})
    assert reply(s, made["id"], 3)["t"] == "ack"
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as db:
            guest_id = db.execute(text("SELECT guest_id FROM accounts WHERE username = 'ana'")).scalar_one()
            # only hashes of the mailed tokens are stored
            assert {c["name"] for c in inspect(db).get_columns("mail_tokens")} >= {"token_hash", "expires_at"}
            mail_token = mailbox.to("secret.ana@example.org")[0].token()
            for table in ("mail_tokens", "accounts"):
                for row in db.execute(select(text("*")).select_from(text(table))):
                    assert mail_token not in repr(tuple(row))
    finally:
        engine.dispose()
    other = client(srv)
    for path in (f"/api/players/{guest_id}", f"/api/tables/{made['id']}", "/api/lobby", "/api/ratings/pachakuna"):
        r = other.get(path)
        assert r.status_code == 200, (path, r.text)
        assert "secret.ana" not in r.text, path
    assert "secret.ana" not in other.get("/api/mail").text
    assert "secret.ana" not in repr(s.drain())
    s.close()


def test_a_reset_asked_for_under_a_foreign_host_never_mails_a_link_to_it(mail_server: Server, mailbox: Mailbox) -> None:
    """Without ``public_url`` a link starts with the request's base, but only for a trusted host name: a request's
    Host is the client's to choose and an IP address is always answered, so an attacker naming their own address
    must not get the victim's reset token sent to their server by the victim's click."""
    srv, box = mail_server, mailbox
    verified(srv, box, "bea", "bea@example.org")
    attacker = httpx.Client(base_url=srv.url, timeout=30, headers={"Host": "203.0.113.7"})
    post(attacker, "/api/password/forgot", {"who": "bea"})
    mail = box.wait("bea@example.org", 2)[-1]
    assert "203.0.113.7" not in mail.link() and "203.0.113.7" not in mail.text
    assert mail.link().startswith(f"{srv.url}/reset#t=")  # the latest trusted request's base (the loopback's)


def test_links_start_only_with_trusted_names_and_a_loopback_request_does_not_take_them_over() -> None:
    """Without ``public_url``: a name under a trusted ``*.example.org`` is trusted (and nothing that merely ends the
    same way); an IP address or a foreign name never; one request to ``localhost`` does not move later alerts' links
    there once the server was reached by a real name."""
    hosts = allowed_hosts(Settings(trusted_hosts=["*.example.org", "tawa.example.net"]), "0.0.0.0")
    mailer = Mailer(Settings(), hosts)
    assert mailer.base(None) == "http://localhost"
    mailer.saw("http://localhost:8000")
    assert mailer.base(None) == "http://localhost:8000"  # a server on loopback only: its own address
    mailer.saw("https://play.example.org")
    mailer.saw("http://localhost:8000")
    assert mailer.base(None) == "https://play.example.org"
    assert mailer.base("https://tawa.example.net") == "https://tawa.example.net"
    for foreign in ("http://203.0.113.7", "https://evilexample.org", "https://example.org.evil.com", "https://x.org"):
        mailer.saw(foreign)
        assert mailer.base(foreign) == "https://play.example.org", foreign
