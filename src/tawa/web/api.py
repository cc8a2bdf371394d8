"""The REST API (described by the app's OpenAPI document) and the browser pages.

Guests are identified by the signed cookie; seat actions over REST (a seat's own replay view) take the seat
token in the ``X-Seat-Token`` header. Errors are ``{"code", "message"}`` with a fitting HTTP status.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, Header, Query, Request, Response
from fastapi import Path as PathParam

from tawa.core.registry import list_games
from tawa.web.accounts import Accounts
from tawa.web.auth import COOKIE, BadName, Guest, Keys, clean_name, new_guest, token_matches
from tawa.web.bots import server_bot_names
from tawa.web.clock import TimeControl, presets_out
from tawa.web.clock import now as clock_now
from tawa.web.limits import client_address
from tawa.web.models import FINISHED, RUNNING
from tawa.web.people import invitations_for, invitations_of, invitees
from tawa.web.protocol import (
    ChatLogOut,
    CreatedTableOut,
    CreateTableIn,
    ErrorOut,
    GamesOut,
    InviteOut,
    JoinSeatIn,
    LeaderboardOut,
    LobbyOut,
    MeOut,
    MyTurnsOut,
    NameIn,
    ProfileOut,
    ReplayStepOut,
    SeatTokenOut,
    TableOut,
    chat_message,
)
from tawa.web.ratings import leaderboard as leaderboard_rows
from tawa.web.ratings import places, rating_out, ratings_of
from tawa.web.records import Replays, record_line
from tawa.web.refused import Refused
from tawa.web.service import TableService
from tawa.web.settings import STRENGTHS
from tawa.web.storage import TableData
from tawa.web.views import default_seat_names, seat_labels

STATIC = Path(__file__).with_name("static")
STATUS = {
    "no_table": 404,
    "no_seat": 404,
    "forbidden": 403,
    "bad_token": 403,
    "bad_invite": 403,
    "invited": 403,
    "no_name": 401,
    "bad_login": 401,
    "no_account": 401,
    "no_mail": 404,
    "bad_link": 410,
    "email_taken": 409,
    "username_taken": 409,
    "registered": 409,
    "seat_taken": 409,
    "not_finished": 409,
    "bad_request": 422,
    "rate_limited": 429,
    "too_many_tables": 429,
    "too_many_invitations": 429,
    "too_large": 413,
    "bad_json": 400,
    "bad_host": 400,
    "timeout": 408,
    "not_found": 404,
    "no_player": 404,
    "method_not_allowed": 405,
    "moved": 503,
}
# every answer a route may give besides its own: the route's refusals, and those of the guard in front of every route
# (400 bad_json / bad_host, 408 timeout, 413 too_large, 429 rate_limited), all {"code", "message"}
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in (
        (400, "bad_json (a body nested too deep or with too long a number) or bad_host"),
        (401, "no_name, bad_login, no_account"),
        (403, "forbidden, bad_token, bad_invite, invited"),
        (404, "no_table, no_seat, no_player, no_mail (this server sends no e-mail)"),
        (408, "timeout (the body took too long)"),
        (409, "seat_taken, not_finished, username_taken, registered, email_taken"),
        (410, "bad_link (a mailed link used already, out of date or wrong)"),
        (413, "too_large (the body)"),
        (422, "bad_request: the field and the reason"),
        (429, "rate_limited, too_many_tables, too_many_invitations"),
        (503, "moved: the table is served by another worker (several workers: try again)"),
    )
}

api = APIRouter(prefix="/api", responses=ERRORS)
pages = APIRouter(include_in_schema=False)


def service(request: Request) -> TableService:
    return request.app.state.service  # type: ignore[no-any-return]


def keys(request: Request) -> Keys:
    return request.app.state.keys  # type: ignore[no-any-return]


def accounts(request: Request) -> Accounts:
    return request.app.state.accounts  # type: ignore[no-any-return]


async def current_guest(request: Request, tawa_guest: Annotated[str | None, Cookie()] = None) -> Guest | None:
    """Who sends the request: the cookie's guest, checked against the accounts (a revoked session is nobody). The
    request's base is kept for the links of turn alerts (``tawa.web.mail``) when no ``public_url`` is set."""
    request.app.state.mailer.saw(base_url(request))
    return await accounts(request).identify(keys(request), tawa_guest)


def set_guest_cookie(request: Request, response: Response, who: Guest) -> None:
    """The signed cookie for ``who`` (an account's carries its session generation): HttpOnly, SameSite=Lax, Secure
    when ``cookie_secure`` is set."""
    response.set_cookie(
        COOKIE,
        keys(request).guest_cookie(who),
        max_age=365 * 86400,
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.cookie_secure,
    )


def me_out(who: Guest | None) -> dict[str, Any]:
    return {"name": who.name if who else None, "username": who.username if who else None}


def required_guest(guest: Annotated[Guest | None, Depends(current_guest)]) -> Guest:
    if guest is None:
        raise Refused("no_name", "choose a display name first (POST /api/me)")
    return guest


Svc = Annotated[TableService, Depends(service)]
MaybeGuest = Annotated[Guest | None, Depends(current_guest)]
NeedGuest = Annotated[Guest, Depends(required_guest)]


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def table_out(
    t: TableData,
    guest: Guest | None,
    connected: set[int] | None = None,
    time_left: float | None = None,
    out: Mapping[int, str] | None = None,
    invited: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """A table as the lobby and ``GET /api/tables/{id}`` show it; ``connected``, ``time_left`` and ``out`` (the seats a
    bot plays now, and why) come from its live room when it has one; ``invited``: the usernames its open seats are
    offered to (``tawa.web.people``)."""
    labels = seat_labels(t.game, t.players, t.seed, t.options)
    mine = next((s.seat for s in t.seats if guest is not None and s.guest == guest.id), None)
    here = connected or set()
    return {
        "id": t.id,
        "game": t.game,
        "name": _game_names().get(t.game, t.game),
        "players": t.players,
        "status": t.status,
        "v": t.seq,
        "public": t.public,
        "seats": [
            {
                "seat": s.seat,
                "label": labels[s.seat],
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "open": s.is_open,
                "connected": s.kind == "bot" or s.seat in here,
                "out": (out or {}).get(s.seat),
                "invited": (invited or {}).get(s.seat) if s.is_open else None,
            }
            for s in t.seats
        ],
        "to_act": t.to_act,
        "waiting_since": t.waiting_since,
        "created_at": t.created_at,
        "finished_at": t.finished_at,
        "my_seat": mine,
        "my_turn": mine is not None and t.status == RUNNING and t.to_act == mine and mine not in (out or {}),
        "result": t.result if t.status == FINISHED else None,
        "clock": TimeControl.from_json(t.clock).out() if t.clock else None,
        "time_left": None if time_left is None else round(time_left, 1),
        "rated": t.rated,
    }


def _game_names() -> dict[str, str]:
    return {g.id: g.name for g in list_games()}


# ---------------------------------------------------------------- REST
@api.get("/health")
def health() -> dict[str, bool]:
    return {"ok": True}


@api.get("/games", response_model=GamesOut)
def games(request: Request) -> dict[str, Any]:
    """Every game with its player counts and its options (the ParamRegistry rows, with provenance tags and each
    option's declared bounds), the bot strengths and the most seconds a bot may think here."""
    out = [
        {
            "id": g.id,
            "name": g.name,
            "players": list(g.players),
            "summary": g.summary,
            "spec": g.spec,
            "params": g.params.table(),
            "automation_options": dict(g.automation_options),
            "seat_names": {str(n): list(default_seat_names(g.id, n)) for n in g.players},
        }
        for g in list_games()
    ]
    return {
        "games": out,
        "strengths": STRENGTHS,
        "bots": server_bot_names(),
        "bot_budget": request.app.state.settings.bot_budget,
        "clocks": presets_out(),
        "idle_days": request.app.state.settings.idle_days,
    }


@api.get("/me", response_model=MeOut)
def me(guest: MaybeGuest) -> dict[str, Any]:
    """My display name, and my account's username (null for a guest without one)."""
    return me_out(guest)


@api.post("/me", response_model=MeOut)
async def set_me(body: NameIn, request: Request, response: Response, guest: MaybeGuest) -> dict[str, Any]:
    """Set the display name (kept in a signed cookie, and in the account of a registered player; the guest keeps its
    identity when renamed)."""
    try:
        name = clean_name(body.name)
    except BadName as e:
        raise Refused("bad_request", str(e)) from None
    if guest is not None and guest.username is not None:
        who = await accounts(request).rename(guest, name)
    else:
        who = Guest(guest.id, name) if guest else new_guest(name)
    set_guest_cookie(request, response, who)
    return me_out(who)


@api.post("/tables", response_model=CreatedTableOut, status_code=201)
async def create_table(body: CreateTableIn, request: Request, svc: Svc, guest: NeedGuest) -> dict[str, Any]:
    """A new table. Seats: ``me``, ``invite`` (an open seat; with a ``username``, offered to that registered player)
    or ``bot`` (a strength or a bot spec)."""
    invited = await invitees(svc, guest, [s.username if s.kind == "invite" else None for s in body.seats])
    room, seat, token = await svc.create(
        guest,
        body.game,
        body.players,
        body.options,
        [(s.kind, s.bot) for s in body.seats],
        body.public,
        address=client_address(request.scope),
        leaver=body.leaver,
        spectator_chat=body.spectator_chat,
        clock=body.clock,
        on_timeout=body.on_timeout,
        rated=body.rated,
        invited={n: who.guest_id for n, who in invited.items()},
    )
    root = base_url(request)
    mine = None if seat is None or token is None else _seat_token(root, room.id, seat, token)
    return {
        "id": room.id,
        "url": f"{root}/table/{room.id}",
        "spectate_url": f"{root}/table/{room.id}",
        "me": mine,
        "invites": _invites(root, svc, room.data, {n: who.username for n, who in invited.items()}),
    }


def _seat_token(root: str, table: str, seat: int, token: str) -> dict[str, Any]:
    return {"table": table, "seat": seat, "token": token, "seat_url": f"{root}/table/{table}#seat={seat}&token={token}"}


def _invites(
    root: str, svc: TableService, t: TableData, invited: Mapping[int, str] | None = None
) -> list[dict[str, Any]]:
    labels = seat_labels(t.game, t.players, t.seed, t.options)
    return [
        {
            "seat": s.seat,
            "label": labels[s.seat],
            "url": invite_url(root, svc, t.id, s.seat),
            "invited": (invited or {}).get(s.seat),
        }
        for s in t.seats
        if s.is_open
    ]


def invite_url(root: str, svc: TableService, table_id: str, seat: int) -> str:
    return f"{root}/join/{table_id}/{seat}?k={svc.keys.invite_code(table_id, seat)}"


@api.get("/lobby", response_model=LobbyOut)
async def lobby(request: Request, svc: Svc, guest: MaybeGuest) -> dict[str, Any]:
    """Open tables to join; my tables (my turn first; then the least time left first, as on BGA's turn-based
    tables, untimed ones after those, the longest waiting first, as Yucata does); finished."""
    opened = await svc.read(svc.store.open_tables)
    mine = await svc.read(svc.store.my_tables, guest.id) if guest else []
    done = await svc.read(svc.store.finished_tables, guest.id if guest else None)
    offered = await svc.read(svc.store.reading, invitations_of, [t.id for t in opened + mine])
    mine_out = [_live_out(svc, t, guest, offered.get(t.id)) for t in mine]
    mine_out.sort(
        key=lambda r: (
            not r["my_turn"],
            r["time_left"] is None,
            r["time_left"] if r["time_left"] is not None else 0.0,
            r["waiting_since"],
        )
    )
    return {
        "me": guest.name if guest else None,
        "username": guest.username if guest else None,
        "id": guest.id if guest else None,
        "invitations": await invitations_out(request, svc, guest),
        "now": clock_now(),
        "open": [table_out(t, guest, invited=offered.get(t.id)) for t in opened],
        "mine": mine_out,
        "finished": [table_out(t, guest) for t in done],
    }


async def invitations_out(request: Request, svc: TableService, guest: Guest | None) -> list[dict[str, Any]]:
    """The seats offered to ``guest`` by username, with their invite links."""
    if guest is None or guest.username is None:
        return []
    found = await svc.read(svc.store.reading, invitations_for, guest.id)
    tables = {t: await svc.read(svc.store.table, t) for t in {inv.table_id for inv in found}}
    root, names, out = base_url(request), _game_names(), []
    for inv in found:
        t = tables[inv.table_id]
        if t is None:
            continue
        out.append(
            {
                "table": t.id,
                "seat": inv.seat,
                "label": seat_labels(t.game, t.players, t.seed, t.options)[inv.seat],
                "game": t.game,
                "name": names.get(t.game, t.game),
                "by": inv.by,
                "at": inv.at,
                "url": invite_url(root, svc, t.id, inv.seat),
            }
        )
    return out


def _live_out(
    svc: TableService, t: TableData, guest: Guest | None, invited: Mapping[int, str] | None = None
) -> dict[str, Any]:
    live = svc.live_part(t.id)
    if live is None:
        return table_out(t, guest, invited=invited)
    return table_out(t, guest, time_left=live[1], out=live[2], invited=invited)


@api.get("/my-turns", response_model=MyTurnsOut)
async def my_turns(svc: Svc, guest: MaybeGuest) -> dict[str, Any]:
    """The tables where it is my turn, for the tab title, favicon, sound and notifications of every page (polled
    every few seconds: the one query of ``Store.my_turns``); none without a guest cookie. A seat that a bot plays
    now (it timed out or resigned) is not my turn."""
    if guest is None:
        return {"count": 0, "tables": [], "v": {}}
    turns = await svc.read(svc.store.my_turns, guest.id)
    for table_id in list(turns):
        live = svc.live_part(table_id)
        if live is not None and live[2]:  # a seat is out: is it mine?
            t = await svc.read(svc.store.table, table_id)
            if t is not None and any(s.guest == guest.id and s.seat in live[2] for s in t.seats):
                del turns[table_id]
    return {"count": len(turns), "tables": list(turns), "v": turns}


@api.get("/tables/{table_id}", response_model=TableOut)
async def get_table(table_id: str, svc: Svc, guest: MaybeGuest) -> dict[str, Any]:
    invited = (await svc.read(svc.store.reading, invitations_of, [table_id])).get(table_id)
    if svc.cluster is not None and table_id not in svc.live:  # another worker's (or nobody's yet): as stored
        t = await svc.read(svc.store.table, table_id)
        if t is None:
            raise Refused("no_table", f"there is no table {table_id!r}")
        live = svc.live_part(table_id)
        if live is None:
            return table_out(t, guest, invited=invited)
        return table_out(t, guest, live[0], live[1], live[2], invited)
    room = await svc.table(table_id)
    return table_out(room.data, guest, room.connected_seats(), room.time_left(), room.ledger.out, invited)


@api.get("/tables/{table_id}/invites", response_model=list[InviteOut])
async def invites(table_id: str, request: Request, svc: Svc, guest: NeedGuest) -> list[dict[str, Any]]:
    """The invite links of the open seats, again (for the table's creator)."""
    room = await svc.table(table_id)
    if room.data.creator != guest.id:
        raise Refused("forbidden", "only the table's creator can see its invite links")
    invited = await svc.read(svc.store.reading, invitations_of, [table_id])
    return _invites(base_url(request), svc, room.data, invited.get(table_id))


@api.post("/tables/{table_id}/seats/{seat}", response_model=SeatTokenOut)
async def take_seat(
    table_id: str, seat: int, body: JoinSeatIn, request: Request, svc: Svc, guest: NeedGuest
) -> dict[str, Any]:
    """Take an open seat (a private table needs the seat's invite code). The token is shown only here."""
    token = await svc.take_seat(table_id, seat, guest, body.invite)
    return _seat_token(base_url(request), table_id, seat, token)


@api.get("/tables/{table_id}/replay", response_model=ReplayStepOut)
async def replay_step(
    request: Request,
    table_id: str,
    svc: Svc,
    guest: MaybeGuest,
    step: Annotated[int, Query(ge=0, le=10**7)] = 0,
    seat: Annotated[int | None, Query(ge=0, le=64)] = None,
    x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
) -> dict[str, Any]:
    """A finished game after ``step`` moves, from the public view, or from ``seat``'s view for whoever held
    that seat (its seat token in ``X-Seat-Token``, or the guest cookie of its holder)."""
    room = await svc.table(table_id)
    t = room.data
    if t.status != FINISHED:
        raise Refused("not_finished", "a replay opens when the game is over")
    if seat is not None:
        if seat >= t.players:
            raise Refused("no_seat", f"this table has seats 0 to {t.players - 1}")
        held = t.seats[seat]
        if not (token_matches(x_seat_token, held.token_hash) or (guest is not None and held.guest == guest.id)):
            raise Refused("forbidden", "only that seat's holder may replay from its view")
    history = room.history()
    step = min(step, len(history))
    replays: Replays = request.app.state.replays
    return await svc.read(replays.step, t, history, step, seat)


@api.get("/tables/{table_id}/chat", response_model=ChatLogOut)
async def chat_log(
    table_id: str, svc: Svc, guest: MaybeGuest, x_seat_token: Annotated[str | None, Header(max_length=200)] = None
) -> dict[str, Any]:
    """A finished table's chat for its replay: the players' lines, and the spectators' lines for anyone who did not
    hold a seat there (a seat's holder is known by its guest cookie or its seat token in ``X-Seat-Token``)."""
    t = (await svc.table(table_id)).data
    if t.status != FINISHED:
        raise Refused("not_finished", "a running table's chat is in its live view (join it)")
    held = any(
        (guest is not None and s.guest == guest.id) or token_matches(x_seat_token, s.token_hash) for s in t.seats
    )
    lines = await svc.read(svc.store.chat, table_id)
    return {
        "table": t.id,
        "lines": [
            chat_message(t.id, line.n, line.seat, line.name, line.text, line.at)
            for line in lines
            if line.seat is not None or not held
        ],
    }


@api.get(
    "/tables/{table_id}/record",
    response_class=Response,
    responses={
        200: {"content": {"application/x-ndjson": {"schema": {"type": "string"}}}, "description": "one JSON line"}
    },
)
async def record(table_id: str, svc: Svc) -> Response:
    """A finished game as the JSON line ``tawa simulate --out`` writes (seed and history included), for
    ``tawa replay`` and ``tawa report``. A running game's record (and seed) is not published."""
    t = (await svc.table(table_id)).data
    if t.status != FINISHED:
        raise Refused("not_finished", "the record (with the seed) is published when the game is over")
    moves = await svc.read(svc.store.moves, table_id)
    line = await svc.read(record_line, t, moves)
    name = f"{t.game}-{t.id}.jsonl"
    return Response(
        line, media_type="application/x-ndjson", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


GameId = Annotated[str, PathParam(min_length=1, max_length=40, pattern=r"^[a-z0-9_-]+$")]
GuestId = Annotated[str, PathParam(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
LEADERS = 100  # the most rows of a leaderboard
RECENT = 20  # the recent games of a profile


@api.get("/ratings/{game}", response_model=LeaderboardOut)
async def ratings(game: GameId, svc: Svc, limit: Annotated[int, Query(ge=1, le=LEADERS)] = LEADERS) -> dict[str, Any]:
    """A game's leaderboard: the rated players (persons and the bot strengths), best conservative rating first."""
    if game not in _game_names():
        raise Refused("bad_request", f"there is no game {game!r}")
    return {"game": game, "rows": await svc.read(svc.store.reading, leaderboard_rows, game, limit)}


@api.get("/players/{guest_id}", response_model=ProfileOut)
async def player(guest_id: GuestId, request: Request, svc: Svc, me: MaybeGuest) -> dict[str, Any]:
    """A person's public profile: per game played, won, the rating and its history; the recent games (public or
    rated tables) with their replays. A registered player's, and one's own, exist before any finished game."""
    tables = await svc.read(svc.store.played_by, guest_id)
    account = await svc.read(svc.store.account, guest_id)
    if not tables and account is None and (me is None or me.id != guest_id):
        raise Refused("no_player", f"there is no player {guest_id!r} with a finished game")
    rated = await svc.read(svc.store.reading, ratings_of, f"g:{guest_id}")
    names = _game_names()
    stats: dict[str, dict[str, Any]] = {}
    recent: list[dict[str, Any]] = []
    root = base_url(request)
    for t in tables:
        seat = next(s for s in t.seats if s.guest == guest_id)
        place = places(t.result)[seat.seat] if t.result else None
        row = stats.setdefault(t.game, {"game": t.game, "name": names.get(t.game, t.game), "played": 0, "won": 0})
        row["played"] += 1
        row["won"] += 1 if place == 1 else 0
        if (t.public or t.rated) and len(recent) < RECENT:
            recent.append(
                {
                    "table": t.id,
                    "game": t.game,
                    "name": names.get(t.game, t.game),
                    "finished_at": t.finished_at,
                    "seat": seat.seat,
                    "place": place,
                    "players": t.players,
                    "rated": t.rated,
                    "replay_url": f"{root}/replay/{t.id}",
                }
            )
    for game, row in stats.items():
        now = rated["current"].get(game)
        row["rating"] = rating_out(now.mu, now.sigma) if now is not None else None
        row["rated_games"] = now.games if now is not None else 0
        row["history"] = rated["history"].get(game, [])
    if account is not None:
        name = account.name
    elif tables:
        name = next(s for s in tables[0].seats if s.guest == guest_id).name or "?"
    else:
        name = me.name if me is not None else "?"
    return {
        "guest": guest_id,
        "name": name,
        "username": account.username if account is not None else None,
        "games": sorted(stats.values(), key=lambda r: -r["played"]),
        "recent": recent,
    }


# ---------------------------------------------------------------- pages (one shell; the client routes)
def shell_page(request: Request, page: str) -> Response:
    """The page's shell, naming the versioned modules that page runs (assets.py)."""
    return request.app.state.assets.shell(page, request.headers.get("accept-encoding"))  # type: ignore[no-any-return]


@pages.get("/")
def lobby_page(request: Request) -> Response:
    return shell_page(request, "lobby")


@pages.get("/table/{table_id}")
def table_page(request: Request, table_id: str) -> Response:
    return shell_page(request, "table")


@pages.get("/join/{table_id}/{seat}")
def join_page(request: Request, table_id: str, seat: str) -> Response:
    return shell_page(request, "join")


@pages.get("/replay/{table_id}")
def replay_page(request: Request, table_id: str) -> Response:
    return shell_page(request, "replay")


@pages.get("/player/{guest_id}")
def profile_page(request: Request, guest_id: str) -> Response:
    return shell_page(request, "profile")
