"""The REST API: games and options, guests, creating tables (validated), seats and invites, the lobby."""

from __future__ import annotations

import json
import threading

import httpx
from harness import Guest, Server, Sock

import tawa
from tawa.bots import make_bot


def test_games_carry_every_param_of_their_registry(server: Server) -> None:
    data = httpx.get(f"{server.url}/api/games").json()
    ids = [g["id"] for g in data["games"]]
    assert {"sacred-valley", "pachakuna", "ayar", "guatavita"} <= set(ids) and ids == sorted(ids)
    for g in data["games"]:
        info = tawa.game_class(g["id"]).info
        assert g["players"] == list(info.players)
        assert [p["name"] for p in g["params"]] == [p["name"] for p in info.params.table()]
        assert all(p["tag"] for p in g["params"])
    assert data["strengths"]["easy"] == "greedy" and data["strengths"]["normal"] == "ismcts"


def test_guest_names_are_checked_and_signed(server: Server) -> None:
    c = httpx.Client(base_url=server.url)
    assert c.get("/api/me").json() == {"name": None, "username": None}
    for bad, words in (("   ", "empty"), ("x" * 41, "at most 40"), ("a\x07b", "control")):
        r = c.post("/api/me", json={"name": bad})
        assert r.status_code == 422 and words in r.json()["message"]
    r = c.post("/api/me", json={"name": "  Ana   <b>María</b> "})
    assert r.json() == {"name": "Ana <b>María</b>", "username": None}  # kept as text; the client shows it escaped
    assert c.get("/api/me").json()["name"] == "Ana <b>María</b>"
    forged = httpx.Client(base_url=server.url, cookies={"tawa_guest": c.cookies["tawa_guest"][:-3] + "abc"})
    assert forged.get("/api/me").json() == {"name": None, "username": None}  # a tampered cookie is nobody


def test_creating_a_table_is_validated(server: Server) -> None:
    anon = httpx.Client(base_url=server.url)
    r = anon.post("/api/tables", json={"game": "ayar", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]})
    assert r.status_code == 401 and r.json()["code"] == "no_name"
    ana = Guest(server, "Ana")

    def refused(body: dict, words: str) -> None:
        r = ana.http.post("/api/tables", json=body)
        assert r.status_code == 422, r.text
        assert words in r.json()["message"], r.json()

    two = [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]
    refused({"game": "chess", "players": 2, "seats": two}, "no game 'chess'")
    refused({"game": "sacred-valley", "players": 2, "seats": two}, "played by 3, 4, 5 players")
    refused({"game": "ayar", "players": 3, "seats": two}, "2 seats given for a 3-player game")
    refused({"game": "ayar", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}, "only one seat")
    try:
        make_bot("alphazero", 0)
    except ValueError as e:
        refused({"game": "ayar", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "alphazero"}]}, str(e))
    refused(
        {"game": "ayar", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:iters=x"}]},
        "iters must be a number",
    )
    try:
        tawa.new_game("ayar", 2, 0, {"NO_SUCH": 1})
    except tawa.BadOption as e:
        refused({"game": "ayar", "players": 2, "seats": two, "options": {"NO_SUCH": 1}}, str(e))
    refused({"game": "ayar", "players": 2, "seats": two, "options": {"TURNS_PER_ROUND": "many"}}, "TURNS_PER_ROUND")
    refused({"game": "ayar", "players": 2, "seats": [{"kind": "robot"}, {"kind": "me"}]}, "seats.0.kind")
    made = ana.create("ayar", 2, two, {"TURNS_PER_ROUND": [1, 1, 1, 1]})
    t = ana.http.get(f"/api/tables/{made['id']}").json()
    assert t["status"] == "running" and t["my_seat"] == 0 and t["seats"][1]["bot"] == "greedy"
    assert "seed" not in t


def test_private_table_needs_its_invite_and_starts_when_full(server: Server) -> None:
    ana, bo, cy = Guest(server, "Ana"), Guest(server, "Bo"), Guest(server, "Cy")
    made = ana.create("sacred-valley", 3, [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}], public=False)
    tid = made["id"]
    assert [i["seat"] for i in made["invites"]] == [1, 2]
    assert tid not in [t["id"] for t in bo.http.get("/api/lobby").json()["open"]]  # private: not listed
    assert bo.http.get(f"/api/tables/{tid}/invites").status_code == 403  # only for the creator
    assert ana.http.get(f"/api/tables/{tid}/invites").json() == made["invites"]
    r = bo.http.post(f"/api/tables/{tid}/seats/1", json={})
    assert r.status_code == 403 and r.json()["code"] == "bad_invite"
    r = bo.http.post(f"/api/tables/{tid}/seats/1", json={"invite": made["invites"][1]["url"].split("k=")[1]})
    assert r.status_code == 403  # the code of another seat does not open this one
    seat = bo.take(made["invites"][0]["url"])
    assert seat["seat"] == 1 and len(seat["token"]) >= 40
    r = bo.http.post(f"/api/tables/{tid}/seats/2", json={"invite": made["invites"][1]["url"].split("k=")[1]})
    assert r.status_code == 409 and "already sit" in r.json()["message"]
    assert ana.http.get(f"/api/tables/{tid}").json()["status"] == "open"
    cy.take(made["invites"][1]["url"])
    t = ana.http.get(f"/api/tables/{tid}").json()
    assert t["status"] == "running" and [s["name"] for s in t["seats"]] == ["Ana", "Bo", "Cy"]
    r = cy.http.post(f"/api/tables/{tid}/seats/1", json={"invite": made["invites"][0]["url"].split("k=")[1]})
    assert r.status_code == 409


def test_two_people_racing_for_one_seat(server: Server) -> None:
    ana = Guest(server, "Ana")
    made = ana.create("ayar", 3, [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "bot": "random"}])
    racers = [Guest(server, f"R{i}") for i in range(4)]
    barrier = threading.Barrier(len(racers))
    codes: list[int] = []

    def go(g: Guest) -> None:
        barrier.wait()
        codes.append(g.http.post(f"/api/tables/{made['id']}/seats/1", json={}).status_code)

    threads = [threading.Thread(target=go, args=(g,)) for g in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409, 409]


def test_lobby_lists_my_turn_first_oldest_waiting_first(server: Server) -> None:
    ana, bo = Guest(server, "Ana"), Guest(server, "Bo")
    ids = []
    for _ in range(2):
        made = ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])
        bo.take(made["invites"][0]["url"])
        ids.append((made["id"], made["me"]["token"]))
    waiting = ana.create("ayar", 2, [{"kind": "invite"}, {"kind": "me"}])["id"]  # open: nobody's turn
    # Ana moves at the first table; Ayar's first turn has several steps, so it is her turn again, but that
    # table now waits since later than the second one.
    s = Sock(server)
    full = s.join(ids[0][0], ids[0][1])
    s.send({"t": "move", "table": ids[0][0], "seq": 0, "action": full["view"]["actions"][0]["id"]})
    assert s.expect("update")["view"]["to_act"] == 0
    s.close()
    mine = ana.http.get("/api/lobby").json()["mine"]
    assert [t["id"] for t in mine] == [ids[1][0], ids[0][0], waiting]
    assert [t["my_turn"] for t in mine] == [True, True, False]
    assert [t["id"] for t in bo.http.get("/api/lobby").json()["mine"]] == [ids[1][0], ids[0][0]]
    open_ids = [t["id"] for t in bo.http.get("/api/lobby").json()["open"]]
    assert open_ids == [waiting]


def test_my_turns_counts_the_running_tables_where_my_seat_is_to_act(server: Server) -> None:
    """``/api/my-turns`` (the pages' "your turn" alerts): the same tables as the lobby's ``my_turn`` rows, the longest
    waiting first; an open table is nobody's turn; a stranger without a cookie has none."""
    ana, bo = Guest(server, "Ana"), Guest(server, "Bo")
    none = {"count": 0, "tables": [], "v": {}}
    assert ana.http.get("/api/my-turns").json() == none
    made = [ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}]) for _ in range(2)]
    ana.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])  # open: nobody's turn
    assert ana.http.get("/api/my-turns").json() == none
    for m in made:
        bo.take(m["invites"][0]["url"])
    ids = [m["id"] for m in made]
    # Ayar's first seat starts, at version 0
    assert ana.http.get("/api/my-turns").json() == {"count": 2, "tables": ids, "v": {ids[0]: 0, ids[1]: 0}}
    assert bo.http.get("/api/my-turns").json() == none
    lobby = ana.http.get("/api/lobby").json()["mine"]
    assert [t["id"] for t in lobby if t["my_turn"]] == ids
    # Ana plays her whole first turn at the first table: it is Bo's turn there, and his alerts count it
    s = Sock(server)
    full = s.join(ids[0], made[0]["me"]["token"])
    view = full["view"]
    while view["to_act"] == 0:
        s.send({"t": "move", "table": ids[0], "seq": full["v"], "action": view["actions"][0]["id"]})
        up = s.expect("update")
        full, view = {"v": up["v"]}, up["view"]
    s.close()
    assert ana.http.get("/api/my-turns").json() == {"count": 1, "tables": [ids[1]], "v": {ids[1]: 0}}
    assert bo.http.get("/api/my-turns").json() == {"count": 1, "tables": [ids[0]], "v": {ids[0]: full["v"]}}
    with httpx.Client(base_url=server.url, timeout=30) as stranger:
        r = stranger.get("/api/my-turns")
        assert r.status_code == 200 and r.json() == none


def test_table_rows_and_invites_name_the_seats_as_the_table_does(server: Server) -> None:
    """Guatavita deals the seat colours from the seed and P'achakuna's WHITE_SEAT option moves White: the lobby's
    rows and the invite links label the seats as the table's own game does."""
    ana = Guest(server, "Ana")
    sock = Sock(server)
    try:
        for game, players, options in (("guatavita", 3, {}), ("pachakuna", 2, {"WHITE_SEAT": 1})):
            for _ in range(4):  # several seeds: a label taken from seed 0 would be wrong for most of them
                made = ana.create(game, players, [{"kind": "me"}] + [{"kind": "invite"}] * (players - 1), options)
                table = made["id"]
                labels = [s["label"] for s in sock.join(table, made["me"]["token"])["seats"]]
                row = ana.http.get(f"/api/tables/{table}").json()
                assert [s["label"] for s in row["seats"]] == labels
                invites = ana.http.get(f"/api/tables/{table}/invites").json()
                assert [i["label"] for i in invites] == labels[1:]
                assert [i["label"] for i in made["invites"]] == labels[1:]
    finally:
        sock.close()
        ana.close()


def test_one_name_per_seat_counted_from_one_and_bots_by_their_strength(server: Server) -> None:
    """Issue 24: the lobby said "Seat 2", the invite for it "P1" and the board "P1" for the second seat; bots showed
    as "ismcts". Now every answer names a seat as the game does (counted from 1, or its colour), the lobby's form gets
    those names before a table exists (null where the setup deals them), and a bot is named by its strength."""
    games = {g["id"]: g for g in httpx.get(f"{server.url}/api/games").json()["games"]}
    assert games["sacred-valley"]["seat_names"]["4"] == ["P1", "P2", "P3", "P4"]
    assert games["ayar"]["seat_names"]["2"] == ["P1", "P2"]
    assert games["pachakuna"]["seat_names"]["2"] == ["White", "Black"]
    assert games["guatavita"]["seat_names"]["3"] == [None, None, None]  # colours dealt at setup (GV-012)
    ana = Guest(server, "Ana")
    sock = Sock(server)
    try:
        seats = [
            {"kind": "me"},
            {"kind": "invite"},
            {"kind": "bot", "bot": "normal"},
            {"kind": "bot", "bot": "easy"},
            {"kind": "bot", "bot": "progress"},
        ]
        made = ana.create("sacred-valley", 5, seats)
        assert [(i["seat"], i["label"]) for i in made["invites"]] == [(1, "P2")]
        row = ana.http.get(f"/api/tables/{made['id']}").json()
        assert [s["label"] for s in row["seats"]] == ["P1", "P2", "P3", "P4", "P5"]
        assert [s["name"] for s in row["seats"]] == ["Ana", None, "normal bot", "easy bot", "bot progress"]
        assert [s["bot"] for s in row["seats"][2:]] == ["ismcts", "greedy", "progress"]  # the spec it plays
        full = sock.join(made["id"], made["me"]["token"])
        assert [s["label"] for s in full["seats"]] == ["P1", "P2", "P3", "P4", "P5"]
        assert "P0" not in json.dumps(full)
    finally:
        sock.close()
        ana.close()
