"""Finding people over REST against a real server (SQLite and PostgreSQL): invite a registered player by username
(at creation and later), the invitation in their lobby with the seat's link, the seat kept for them, the refusals;
the players I have played; the username search; one's own profile link and a profile before any finished game."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from harness import INVITE, ME, Guest, Server, Sock, reply


def code(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    return r.json()["code"]  # type: ignore[no-any-return]


def people(server: Server, *names: str) -> list[Guest]:
    out = []
    for name in names:
        g = Guest(server, name)
        g.register()
        out.append(g)
    return out


def test_a_seat_offered_by_username_waits_in_their_lobby_is_kept_for_them_and_taken_with_its_link(
    server: Server,
) -> None:
    ana, bea = people(server, "Ana", "Bea")
    stranger = Guest(server, "Stranger")
    made = ana.create("ayar", 3, [ME, {"kind": "invite", "username": "BEA"}, INVITE])
    table = made["id"]
    assert [(i["seat"], i["invited"]) for i in made["invites"]] == [(1, "Bea"), (2, None)]
    lobby = bea.http.get("/api/lobby").json()
    (inv,) = lobby["invitations"]
    assert (inv["table"], inv["seat"], inv["by"], inv["game"]) == (table, 1, "Ana", "ayar")
    assert inv["url"] == made["invites"][0]["url"]
    # the lobby's row says whom the seat is kept for; a stranger from the lobby cannot take it, the open one they can
    row = next(t for t in stranger.http.get("/api/lobby").json()["open"] if t["id"] == table)
    assert [s["invited"] for s in row["seats"]] == [None, "Bea", None]
    r = stranger.http.post(f"/api/tables/{table}/seats/1", json={})
    assert code(r, 403) == "invited"
    assert stranger.http.get("/api/lobby").json()["invitations"] == []
    # Bea takes it with the link from her lobby; the invitation is gone
    assert bea.take(inv["url"])["seat"] == 1
    assert bea.http.get("/api/lobby").json()["invitations"] == []
    # and the kept seat can be taken by anyone holding its link (the creator gave it out): seat 2 is a plain one
    assert stranger.http.post(f"/api/tables/{table}/seats/2", json={}).status_code == 200
    assert ana.http.get(f"/api/tables/{table}").json()["status"] == "running"


def test_inviting_later_replacing_and_the_refusals(server: Server) -> None:
    ana, bea, cai = people(server, "Ana", "Bea", "Cai")
    guest = Guest(server, "Dee")  # no account: cannot be invited by name (there is none)
    table = ana.create("ayar", 2, [ME, INVITE], public=False)["id"]
    r = ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "bea"})
    assert r.status_code == 200, r.text
    assert r.json()["invited"] == "Bea" and "?k=" in r.json()["url"]
    assert [i["table"] for i in bea.http.get("/api/lobby").json()["invitations"]] == [table]
    # another player replaces her
    assert ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "Cai"}).status_code == 200
    assert bea.http.get("/api/lobby").json()["invitations"] == []
    assert [i["seat"] for i in cai.http.get("/api/lobby").json()["invitations"]] == [1]
    assert [i["invited"] for i in ana.http.get(f"/api/tables/{table}/invites").json()] == ["Cai"]
    # refusals, each in the user's terms
    assert code(ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "nobody"}), 404) == "no_player"
    assert code(ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "Dee"}), 404) == "no_player"
    assert code(ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "Ana"}), 422) == "bad_request"
    assert code(ana.http.post(f"/api/tables/{table}/invites/0", json={"username": "Bea"}), 404) == "no_seat"
    assert code(ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "a b"}), 422) == "bad_request"
    assert code(bea.http.post(f"/api/tables/{table}/invites/1", json={"username": "Bea"}), 403) == "forbidden"
    assert code(guest.http.post(f"/api/tables/{table}/invites/1", json={"username": "Bea"}), 403) == "forbidden"
    r = ana.http.post(
        "/api/tables",
        json={"game": "ayar", "players": 2, "seats": [ME, {"kind": "invite", "username": "zzz"}]},
    )
    assert code(r, 404) == "no_player"
    assert len(ana.http.get("/api/lobby").json()["mine"]) == 1  # the refused table was not made
    two = [ME, {"kind": "invite", "username": "Bea"}, {"kind": "invite", "username": "bea"}]
    assert code(ana.http.post("/api/tables", json={"game": "ayar", "players": 3, "seats": two}), 422) == "bad_request"
    # one player is kept one seat of a table, whichever way they were invited
    three = ana.create("ayar", 3, [ME, {"kind": "invite", "username": "Bea"}, INVITE], public=False)["id"]
    r = ana.http.post(f"/api/tables/{three}/invites/2", json={"username": "bea"})
    assert code(r, 422) == "bad_request" and "another seat" in r.json()["message"]
    assert ana.http.post(f"/api/tables/{three}/invites/1", json={"username": "Bea"}).status_code == 200  # the same
    # Cai takes the private seat with the link from his lobby; the table runs: no more invitations to it
    cai.take(cai.http.get("/api/lobby").json()["invitations"][0]["url"])
    assert code(ana.http.post(f"/api/tables/{table}/invites/1", json={"username": "Bea"}), 409) == "seat_taken"


def test_the_players_i_have_played_and_the_search_and_my_own_profile(server: Server) -> None:
    ana, bea = people(server, "Ana", "Bea")
    cai = Guest(server, "Cai")  # a guest: played with, but not found by the search
    lobby = ana.http.get("/api/lobby").json()
    me = lobby["id"]
    # a registered player's profile exists before any game; a stranger's id does not
    profile = ana.http.get(f"/api/players/{me}").json()
    assert (profile["name"], profile["username"], profile["games"]) == ("Ana", "Ana", [])
    assert Guest(server, "X").http.get(f"/api/players/{me}").status_code == 200  # public
    assert ana.http.get("/api/players/nobody-at-all").json()["code"] == "no_player"
    assert ana.http.get("/api/me/players").json() == []

    first = ana.create("ayar", 2, [ME, INVITE])
    bea.take(first["invites"][0]["url"])
    second = ana.create("ayar", 2, [ME, INVITE])
    cai.take(second["invites"][0]["url"])
    third = ana.create("ayar", 2, [ME, INVITE])
    bea.take(third["invites"][0]["url"])
    played = ana.http.get("/api/me/players").json()
    assert [(p["name"], p["username"], p["tables"]) for p in played] == [("Bea", "Bea", 2), ("Cai", None, 1)]
    assert [p["name"] for p in bea.http.get("/api/me/players").json()] == ["Ana"]
    assert all("password" not in str(p) for p in played)

    found = ana.http.get("/api/players", params={"q": "b"}).json()
    assert found == [{"id": bea.http.get("/api/lobby").json()["id"], "username": "Bea", "name": "Bea"}]
    assert ana.http.get("/api/players", params={"q": "C"}).json() == []  # Cai has no account
    assert {p["username"] for p in ana.http.get("/api/players", params={"q": "a"}).json()} == {"Ana"}
    assert ana.http.get("/api/players", params={"q": "%"}).json()["code"] == "bad_request"
    assert ana.http.get("/api/players", params={"q": "_"}).json() == []  # no username starts with _ here


def test_an_invitation_declined_leaves_the_seat_open_and_one_player_gets_few_from_one_creator(
    server_with: Callable[..., Server],
) -> None:
    srv = server_with(TAWA_INVITATIONS_TO_ONE_PLAYER="2")
    ana, bea, cai = people(srv, "Ana", "Bea", "Cai")
    stranger = Guest(srv, "Stranger")
    first = ana.create("ayar", 2, [ME, {"kind": "invite", "username": "Bea"}])["id"]
    second = ana.create("ayar", 2, [ME, INVITE])["id"]
    assert ana.http.post(f"/api/tables/{second}/invites/1", json={"username": "Bea"}).status_code == 200
    # a third seat offered to Bea by Ana, at creation or later, is refused; replacing one of the two is not
    to_bea = [ME, {"kind": "invite", "username": "bea"}]
    r = ana.http.post("/api/tables", json={"game": "ayar", "players": 2, "seats": to_bea})
    assert code(r, 429) == "too_many_invitations" and "at most 2" in r.json()["message"]
    third = ana.create("ayar", 2, [ME, INVITE])["id"]
    r = ana.http.post(f"/api/tables/{third}/invites/1", json={"username": "Bea"})
    assert code(r, 429) == "too_many_invitations"
    assert ana.http.post(f"/api/tables/{second}/invites/1", json={"username": "Bea"}).status_code == 200
    cai.create("ayar", 2, to_bea)  # another creator has a budget of their own
    # somebody else's decline changes nothing; Bea's own takes the invitation out of her lobby, the seat is kept for
    # nobody (a stranger takes it from the lobby), and Ana may offer another seat
    assert stranger.http.delete(f"/api/invitations/{first}/1").status_code == 204
    assert len(bea.http.get("/api/lobby").json()["invitations"]) == 3
    assert bea.http.delete(f"/api/invitations/{first}/1").status_code == 204
    assert {i["table"] for i in bea.http.get("/api/lobby").json()["invitations"]} == {second, bea_cai(cai)}
    assert stranger.http.post(f"/api/tables/{first}/seats/1", json={}).status_code == 200
    assert ana.http.post(f"/api/tables/{third}/invites/1", json={"username": "Bea"}).status_code == 200
    assert code(bea.http.delete("/api/invitations/x/99"), 422) == "bad_request"


def bea_cai(cai: Guest) -> str:
    """The table Cai made for Bea (his only one)."""
    (mine,) = cai.http.get("/api/lobby").json()["mine"]
    return mine["id"]  # type: ignore[no-any-return]


def test_the_players_i_have_played_are_named_as_they_were_at_our_tables_only(server: Server) -> None:
    """A guest's name at a table I never sat at (a private one, later) is none of my business."""
    (ana,) = people(server, "Ana")
    cai = Guest(server, "Cai")
    first = ana.create("ayar", 2, [ME, INVITE])
    cai.take(first["invites"][0]["url"])
    assert cai.http.post("/api/me", json={"name": "Secret Name"}).status_code == 200
    dee = Guest(server, "Dee")
    private = cai.create("ayar", 2, [ME, INVITE], public=False)
    dee.take(private["invites"][0]["url"])
    assert [p["name"] for p in ana.http.get("/api/me/players").json()] == ["Cai"]
    assert [p["name"] for p in dee.http.get("/api/me/players").json()] == ["Secret Name"]


def test_a_finished_game_keeps_its_players_on_each_others_list(server: Server) -> None:
    ana, bea = people(server, "Ana", "Bea")
    made = ana.create("ayar", 2, [ME, INVITE])
    bea.take(made["invites"][0]["url"])
    sock = Sock(server)
    sock.join(made["id"], made["me"]["token"])
    sock.send({"t": "resign", "table": made["id"], "ack": 3})  # two players: the other wins, the game is over
    assert reply(sock, made["id"], 3)["t"] == "ack"
    sock.close()
    deadline = time.monotonic() + 60
    while ana.http.get(f"/api/tables/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    assert [p["username"] for p in ana.http.get("/api/me/players").json()] == ["Bea"]
    profile = ana.http.get(f"/api/players/{bea.http.get('/api/lobby').json()['id']}").json()
    assert profile["username"] == "Bea" and profile["games"][0]["played"] == 1
