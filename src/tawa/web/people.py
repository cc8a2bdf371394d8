"""Finding people (issue 26): invitations by username, the players one has played, a search by username.

- An **invitation** offers one open seat of a waiting table to a registered player by username: it waits in their
  lobby (``invitations_for``) with the seat's invite link until the seat is taken or the table starts, and it keeps
  the seat for them: anybody else needs the seat's invite link to sit there (``TableRoom.seat_guest``). One per seat;
  inviting another player to the seat replaces it.
- **Played with**: the people who held a seat at a table where I held one (running or finished), the most recent
  first, with how many tables we shared. Bots and the seats of people without a guest id are not people one can find.
- **Search**: registered players whose username starts with the text typed, whatever its case.

Queries take a connection (``Store.reading``); writes are write functions for the group writer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Table, and_, delete, func, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import aliased

from tawa.web.auth import Guest
from tawa.web.models import OPEN, PERSON, AccountRow, InvitationRow, SeatRow, TableRow
from tawa.web.refused import Refused
from tawa.web.storage import AccountData

if TYPE_CHECKING:
    from tawa.web.service import TableService

INV, ACC, S, T = (cast(Table, row.__table__) for row in (InvitationRow, AccountRow, SeatRow, TableRow))
PLAYED_WITH = 100  # the most people of "players I have played"
FOUND = 10  # the most players a search answers


@dataclass
class Invitation:
    table_id: str
    seat: int
    guest: str  # the invited player's guest id
    username: str
    by: str
    at: float


def invite(c: Connection, table_id: str, seat: int, guest: str, by: str, at: float) -> None:
    """Offer ``seat`` of ``table_id`` to ``guest`` (replacing whoever it was offered to)."""
    c.execute(delete(INV).where(INV.c.table_id == table_id, INV.c.seat == seat))
    c.execute(insert(INV).values(table_id=table_id, seat=seat, guest=guest, by=by, at=at))


def invite_many(c: Connection, rows: Iterable[tuple[str, int, str, str, float]]) -> None:
    for row in rows:
        invite(c, *row)


def _invitations(c: Connection, where: Any, limit: int | None = None) -> list[Invitation]:
    q = (
        select(INV, ACC.c.username)
        .join(ACC, ACC.c.guest_id == INV.c.guest)
        .where(where)
        .order_by(INV.c.at.desc(), INV.c.table_id, INV.c.seat)
        .limit(limit)
    )
    return [Invitation(r.table_id, r.seat, r.guest, r.username, r.by, r.at) for r in c.execute(q)]


def invitations_of(c: Connection, table_ids: list[str]) -> dict[str, dict[int, str]]:
    """The usernames invited to the seats of these tables: table id -> seat -> username."""
    out: dict[str, dict[int, str]] = {}
    if table_ids:
        for inv in _invitations(c, INV.c.table_id.in_(table_ids)):
            out.setdefault(inv.table_id, {})[inv.seat] = inv.username
    return out


def invited_to(c: Connection, table_id: str, seat: int) -> str | None:
    """The guest id the seat is kept for, or None."""
    row = c.execute(select(INV.c.guest).where(INV.c.table_id == table_id, INV.c.seat == seat)).first()
    return None if row is None else cast(str, row.guest)


def _standing() -> Any:
    """An invitation still stands: its seat is open at a table still waiting for players."""
    open_seat = select(S.c.table_id).where(
        S.c.table_id == INV.c.table_id, S.c.seat == INV.c.seat, S.c.kind == PERSON, S.c.guest.is_(None)
    )
    waiting = select(T.c.id).where(T.c.id == INV.c.table_id, T.c.status == OPEN)
    return and_(open_seat.exists(), waiting.exists())


def invitations_for(c: Connection, guest: str, limit: int = 50) -> list[Invitation]:
    """The seats offered to ``guest`` that still stand, newest first."""
    return _invitations(c, and_(INV.c.guest == guest, _standing()), limit)


def offered_by(c: Connection, creator: str, guest: str) -> int:
    """How many standing invitations of tables ``creator`` made are to ``guest``."""
    made = select(T.c.id).where(T.c.id == INV.c.table_id, T.c.creator == creator)
    q = select(func.count()).select_from(INV).where(INV.c.guest == guest, made.exists(), _standing())
    return int(c.execute(q).scalar_one())


def decline(c: Connection, table_id: str, seat: int, guest: str) -> None:
    """``guest`` declines the seat offered to them: the seat is a plain open seat again."""
    c.execute(delete(INV).where(INV.c.table_id == table_id, INV.c.seat == seat, INV.c.guest == guest))


def played_with(c: Connection, guest: str, limit: int = PLAYED_WITH) -> list[dict[str, Any]]:
    """The people who sat at a table with ``guest`` (not ``guest``): id, name (the latest), username (when
    registered), how many tables, and when the latest of them last moved; the most recent first."""
    mine, theirs = aliased(S), aliased(S)
    rows = c.execute(
        select(theirs.c.guest, func.count(T.c.id).label("tables"), func.max(T.c.updated_at).label("last"))
        .select_from(mine)
        .join(theirs, and_(theirs.c.table_id == mine.c.table_id, theirs.c.guest != guest))
        .join(T, T.c.id == mine.c.table_id)
        .where(mine.c.guest == guest, theirs.c.kind == PERSON, theirs.c.guest.is_not(None))
        .group_by(theirs.c.guest)
        .order_by(func.max(T.c.updated_at).desc(), theirs.c.guest)
        .limit(limit)
    ).all()
    ids = [r.guest for r in rows]
    names: dict[str, str] = {}
    if ids:  # the name each last played under at a table we shared (never one of their other tables)
        shared = select(mine.c.table_id).where(mine.c.guest == guest)
        for r in c.execute(
            select(S.c.guest, S.c.name)
            .join(T, T.c.id == S.c.table_id)
            .where(S.c.guest.in_(ids), S.c.table_id.in_(shared))
            .order_by(T.c.updated_at)
        ):
            names[r.guest] = r.name or names.get(r.guest, "?")
    accounts = {r.guest_id: r for r in c.execute(select(ACC).where(ACC.c.guest_id.in_(ids)))} if ids else {}
    return [
        {
            "id": r.guest,
            "name": accounts[r.guest].name if r.guest in accounts else names.get(r.guest, "?"),
            "username": accounts[r.guest].username if r.guest in accounts else None,
            "tables": r.tables,
            "last": r.last,
        }
        for r in rows
    ]


def find_players(c: Connection, text: str, limit: int = FOUND) -> list[dict[str, Any]]:
    """Registered players whose username starts with ``text`` (whatever the case), shortest first."""
    key = text.lower().replace("_", "\\_")  # usernames are letters, digits, _ and - (the route checks the text)
    rows = c.execute(
        select(ACC.c.guest_id, ACC.c.username, ACC.c.name)
        .where(ACC.c.username_key.like(f"{key}%", escape="\\"))
        .order_by(func.length(ACC.c.username_key), ACC.c.username_key)
        .limit(limit)
    )
    return [{"id": r.guest_id, "username": r.username, "name": r.name} for r in rows]


async def invitees(
    svc: TableService, guest: Guest, usernames: list[str | None], replacing: str | None = None
) -> dict[int, AccountData]:
    """The accounts that seats are offered to (seat -> account); ``no_player`` for a username nobody has,
    ``bad_request`` for oneself or one player offered two seats, ``too_many_invitations`` for a player ``guest``
    has offered ``invitations_to_one_player`` standing seats already (``replacing``: the username of the player
    whose invitation this one replaces, which then does not count)."""
    most = svc.settings.invitations_to_one_player
    out: dict[int, AccountData] = {}
    for seat, username in enumerate(usernames):
        if username is None:
            continue
        account = await svc.read(svc.store.account_named, username)
        if account is None:
            raise Refused("no_player", f"there is no registered player {username!r}")
        if account.guest_id == guest.id:
            raise Refused("bad_request", "you cannot invite yourself; choose 'me' for your seat")
        if any(a.guest_id == account.guest_id for a in out.values()):
            raise Refused("bad_request", f"{account.username} is invited to two seats")
        standing = await svc.read(svc.store.reading, offered_by, guest.id, account.guest_id)
        if standing - (replacing == account.username) >= most:
            raise Refused(
                "too_many_invitations",
                f"{account.username} has {standing} seats of your waiting tables offered already (at most {most})",
            )
        out[seat] = account
    return out
