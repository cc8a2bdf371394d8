"""Finding people's REST routes (``tawa.web.people`` does the queries): invite a registered player to an open seat
by username, the players I have played, and a search of usernames."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response

from tawa.web.api import ERRORS, MaybeGuest, NeedGuest, Svc, base_url, invite_url
from tawa.web.clock import now as clock_now
from tawa.web.models import OPEN
from tawa.web.people import decline, find_players, invitations_of, invite, invitees, played_with
from tawa.web.protocol import InviteIn, InviteOut, PlayedWithOut, PlayerFoundOut
from tawa.web.refused import Refused
from tawa.web.views import seat_labels

router = APIRouter(prefix="/api", responses=ERRORS)


@router.post("/tables/{table_id}/invites/{seat}", response_model=InviteOut)
async def invite_player(
    table_id: str, seat: int, body: InviteIn, request: Request, svc: Svc, guest: NeedGuest
) -> dict[str, Any]:
    """Offer an open seat to a registered player by username (the table's creator only): it waits in their lobby with
    the seat's invite link, and the seat is kept for them (anybody else needs the link). Inviting another player to
    the seat replaces the invitation."""
    room = await svc.table(table_id)
    t = room.data
    if t.creator != guest.id:
        raise Refused("forbidden", "only the table's creator can invite players to it")
    if t.status != OPEN:
        raise Refused("seat_taken", "the table is no longer waiting for players")
    if not 0 <= seat < t.players or not t.seats[seat].is_open:
        raise Refused("no_seat", f"seat {seat} is not an open seat of this table")
    kept = (await svc.read(svc.store.reading, invitations_of, [table_id])).get(table_id, {})  # seat -> username
    who = (await invitees(svc, guest, [body.username], replacing=kept.get(seat)))[0]
    if any(s.guest == who.guest_id for s in t.seats):
        raise Refused("seat_taken", f"{who.username} already sits at this table")
    if any(name == who.username and other != seat for other, name in kept.items()):
        raise Refused("bad_request", f"{who.username} is invited to another seat of this table already")
    await svc.write(invite, table_id, seat, who.guest_id, guest.name, clock_now())
    return {
        "seat": seat,
        "label": seat_labels(t.game, t.players, t.seed, t.options)[seat],
        "url": invite_url(base_url(request), svc, table_id, seat),
        "invited": who.username,
    }


@router.delete("/invitations/{table_id}/{seat}", status_code=204)
async def decline_invitation(
    table_id: Annotated[str, Path(max_length=64)], seat: Annotated[int, Path(ge=0, le=64)], svc: Svc, guest: NeedGuest
) -> Response:
    """Decline the seat offered to me: it leaves my lobby and is a plain open seat again (kept for nobody). Declining
    what was not offered to me, or no longer stands, changes nothing (204 all the same)."""
    await svc.write(decline, table_id, seat, guest.id)
    return Response(status_code=204)


@router.get("/me/players", response_model=list[PlayedWithOut])
async def my_players(svc: Svc, guest: MaybeGuest) -> list[dict[str, Any]]:
    """The people I have sat at a table with (running or finished), the most recent first (at most 100)."""
    if guest is None:
        return []
    return await svc.read(svc.store.reading, played_with, guest.id)


UsernameStart = Annotated[str, Query(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/players", response_model=list[PlayerFoundOut])
async def search_players(q: UsernameStart, svc: Svc) -> list[dict[str, Any]]:
    """Registered players whose username starts with ``q`` (whatever its case), the shortest first (at most 10)."""
    return await svc.read(svc.store.reading, find_players, q)
