"""The database schema (SQLAlchemy 2): tables, their seats, the append-only move log, snapshots.

The table row and the move log are the source of truth; a game's state is rebuilt from the latest snapshot
(``Game.to_json``) and the moves after it. ``(table_id, seq)`` is the move log's primary key: the
compare-and-set backstop that makes a second writer of the same move fail instead of forking the game.
Times are seconds since the epoch (floats), the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Table status values.
OPEN = "open"  # waiting for people to take the open seats
RUNNING = "running"
FINISHED = "finished"

PERSON = "person"
BOT = "bot"

# What becomes of a person's seat that resigned while the game goes on (a time-out: tawa.web.clock.ON_TIMEOUT):
LEAVERS = {
    "bot": "a bot plays the seat from then on and it keeps the place it reaches",
    "last": "a bot plays the seat from then on, and it is ranked last",
}
# The chat of a table's spectators:
SPECTATOR_CHAT = {
    "apart": "spectators chat among themselves; the players do not see it until the replay",
    "off": "spectators cannot chat",
}


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text, default="{}")  # JSON object of overrides
    seed: Mapped[int] = mapped_column(BigInteger)  # secret until the game is over
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(10), default=OPEN)
    seq: Mapped[int] = mapped_column(Integer, default=0)  # moves applied so far
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)
    waiting_since: Mapped[float] = mapped_column(Float)  # when ``to_act`` started to wait
    creator: Mapped[str] = mapped_column(String(40))  # guest id of whoever created it
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # when the last seat was filled
    updated_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON: scores, ranking, capped, out
    leaver: Mapped[str] = mapped_column(String(8), default="bot")  # LEAVERS: a seat that resigned or timed out
    spectator_chat: Mapped[str] = mapped_column(String(8), default="apart")  # SPECTATOR_CHAT
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON: tawa.web.clock.TimeControl; None: untimed
    rematch: Mapped[str | None] = mapped_column(String(24), nullable=True)  # the rematch table offered at the end
    rated: Mapped[bool] = mapped_column(Boolean, default=False)  # its result updates the ratings (tawa.web.ratings)

    __table_args__ = (
        Index("ix_tables_status_updated", "status", "updated_at"),
        Index("ix_tables_creator_created", "creator", "created_at"),
    )


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # person | bot
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    guest: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 hex of the seat token
    joined_at: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (Index("ix_seats_guest", "guest"),)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the first move
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the seat to act after it (the clocks')


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)  # Game.to_json() after move ``seq``


class ChatRow(Base):
    """A table's chat, in order (``n`` from 1). ``seat`` None: a spectator's message (seen by spectators only)."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A player's current OpenSkill rating in a game. ``player``: ``g:<guest id>`` (a person) or ``bot:<strength>``."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    player: Mapped[str] = mapped_column(String(60), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))  # the name it last played under
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingEventRow(Base):
    """A rating after a rated table (the history): one row per player of the table; the key refuses rating a table
    twice."""

    __tablename__ = "rating_events"

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    player: Mapped[str] = mapped_column(String(60), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_rating_events_player", "player", "game", "at"),)


class MetaRow(Base):
    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class AccountRow(Base):
    """A registered player: a guest id with a username and a password (``tawa.web.accounts``). ``username_key`` is
    the username in lower case (unique: usernames are unique whatever their case); ``password_hash`` is argon2id's
    encoded hash (never the password); ``session`` is the generation the account's cookies carry: bumping it logs
    every browser out."""

    __tablename__ = "accounts"

    guest_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    username: Mapped[str] = mapped_column(String(24))
    username_key: Mapped[str] = mapped_column(String(24), unique=True)
    name: Mapped[str] = mapped_column(String(80))  # the display name (the username unless renamed)
    password_hash: Mapped[str] = mapped_column(String(255))
    session: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[float] = mapped_column(Float)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)  # the verified address (tawa.web.mail)
    email_key: Mapped[str | None] = mapped_column(String(254), unique=True, nullable=True)  # it in lower case
    mail_alerts: Mapped[bool] = mapped_column(Boolean, default=True)  # turn alerts to that address


# What a mailed link's token does (MailTokenRow.kind):
VERIFY = "verify"  # proves the address (``email``) is the account's
RESET = "reset"  # sets a new password


class MailTokenRow(Base):
    """A link mailed to an account (``tawa.web.mail``): only the SHA-256 of its token is kept; it works once (the row
    is deleted when used) until ``expires_at``. ``email``: the address a verification link proves."""

    __tablename__ = "mail_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    guest_id: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))  # VERIFY | RESET
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_mail_tokens_guest", "guest_id", "kind"),)


class TurnMailRow(Base):
    """The latest turn of a seat that its person was mailed about (``turn_start``: when that turn began), so that a
    restart sends no second mail for it."""

    __tablename__ = "turn_mails"

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    turn_start: Mapped[float] = mapped_column(Float)
    mailed_at: Mapped[float] = mapped_column(Float)


class InvitationRow(Base):
    """An open seat offered to a registered player by username (issue 26): the seat's invite link, waiting in the
    invited player's lobby until the seat is taken (by them or by anyone with the link) or the table starts. One per
    seat; inviting another player to the seat replaces it."""

    __tablename__ = "invitations"
    __table_args__ = (Index("ix_invitations_guest", "guest"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    guest: Mapped[str] = mapped_column(String(40))  # the invited player's guest id
    by: Mapped[str] = mapped_column(String(80))  # the name of whoever invited them
    at: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """Which worker owns a running table (issue 30, ``tawa.web.cluster``): ``owner`` until ``expires`` (seconds since
    the epoch), renewed while it lives. The move log's compare-and-set stays the last line of defence."""

    __tablename__ = "leases"
    __table_args__ = (Index("ix_leases_owner", "owner"),)

    table_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    owner: Mapped[str] = mapped_column(String(8))
    expires: Mapped[float] = mapped_column(Float)


class WorkerRow(Base):
    """A worker's heartbeat: ``seen`` is when it last renewed its leases (it is alive within ``lease_seconds``)."""

    __tablename__ = "workers"

    name: Mapped[str] = mapped_column(String(8), primary_key=True)
    address: Mapped[str] = mapped_column(String(200))
    seen: Mapped[float] = mapped_column(Float)
    started: Mapped[float] = mapped_column(Float)
