"""Storage: the SQLAlchemy engine, Alembic migrations run on start, and the small set of queries the
server needs (``Store``). Everything here is synchronous; the table service calls it from threads, never
from the event loop. Each method is one transaction."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    ColumnElement,
    Engine,
    Table,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection

from tawa.web.models import (
    FINISHED,
    OPEN,
    PERSON,
    RESET,
    RUNNING,
    AccountRow,
    ChatRow,
    MailTokenRow,
    MetaRow,
    MoveRow,
    RatingEventRow,
    SeatRow,
    SnapshotRow,
    TableRow,
    TurnMailRow,
)
from tawa.web.settings import Settings

log = logging.getLogger("tawa.web")
R = TypeVar("R")
CHAT_KEPT = 200  # the latest chat lines of a table that its room holds (and a full view carries)
MIGRATIONS = Path(__file__).with_name("migrations")
T, S, M, SN, META, CHAT, ACC, RE, TOK, TM = (
    cast(Table, row.__table__)
    for row in (
        TableRow,
        SeatRow,
        MoveRow,
        SnapshotRow,
        MetaRow,
        ChatRow,
        AccountRow,
        RatingEventRow,
        MailTokenRow,
        TurnMailRow,
    )
)


class Conflict(Exception):
    """A compare-and-set lost: the row moved on since it was read (another writer got there first)."""


def make_engine(settings: Settings) -> Engine:
    """The engine for ``settings.database_url``; SQLite gets WAL, a busy timeout and foreign keys."""
    if settings.is_sqlite:
        engine = create_engine(settings.database_url, connect_args={"check_same_thread": False, "timeout": 30})
        sync = settings.sqlite_synchronous

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            for pragma in ("journal_mode=WAL", f"synchronous={sync}", "busy_timeout=30000", "foreign_keys=ON"):
                cur.execute(f"PRAGMA {pragma}")
            cur.close()

        return engine
    return create_engine(settings.database_url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """``alembic upgrade head`` with the migrations shipped inside the package, over ``engine``'s own
    connection (so the SQLite pragmas hold during the migration too)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # several workers start at once: one migrates, the others wait
            conn.execute(text("SELECT pg_advisory_xact_lock(7368)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class SeatData:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    guest: str | None = None
    token_hash: str | None = None
    joined_at: float | None = None

    @property
    def is_open(self) -> bool:
        return self.kind == PERSON and self.guest is None


@dataclass
class TableData:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    public: bool
    status: str
    seq: int
    to_act: int | None
    waiting_since: float
    creator: str
    created_at: float
    updated_at: float
    started_at: float | None = None
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    seats: list[SeatData] = field(default_factory=list)
    leaver: str = "bot"  # models.LEAVERS
    spectator_chat: str = "apart"  # models.SPECTATOR_CHAT
    clock: str | None = None  # tawa.web.clock.TimeControl as JSON; None: untimed
    rematch: str | None = None  # the id of the table its players were offered as a rematch
    rated: bool = False  # its result updates the ratings (tawa.web.ratings)


@dataclass(frozen=True)
class ChatLine:
    """One chat message of a table; ``seat`` None: a spectator's."""

    n: int
    seat: int | None
    name: str
    text: str
    at: float


@dataclass
class Loaded:
    """What rebuilding a table needs: its row, the latest snapshot and the moves after it."""

    table: TableData
    snapshot: str | None
    snapshot_seq: int
    moves: list[tuple[int, int, str, float]]  # (seq, seat, action, at)
    chat: list[ChatLine] = field(default_factory=list)  # the latest ``chat_kept`` lines
    rows: list[tuple[int, str, float, int | None]] = field(default_factory=list)
    """Every row of the log, (seat, action, at, to_act): the ledger (``tawa.web.ledger``: who is out, who decided
    last) and the clocks (``tawa.web.clock.Clocks.fold``) are folded from all of them, a snapshot or not."""


def _table(row: Any, seats: list[SeatData]) -> TableData:
    return TableData(
        id=row.id,
        game=row.game,
        players=row.players,
        options=json.loads(row.options),
        seed=row.seed,
        public=bool(row.public),
        status=row.status,
        seq=row.seq,
        to_act=row.to_act,
        waiting_since=row.waiting_since,
        creator=row.creator,
        created_at=row.created_at,
        updated_at=row.updated_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        result=json.loads(row.result) if row.result else None,
        seats=seats,
        leaver=row.leaver,
        spectator_chat=row.spectator_chat,
        clock=row.clock,
        rematch=row.rematch,
        rated=bool(row.rated),
    )


def _seat(row: Any) -> SeatData:
    return SeatData(
        seat=row.seat,
        kind=row.kind,
        bot=row.bot,
        name=row.name,
        guest=row.guest,
        token_hash=row.token_hash,
        joined_at=row.joined_at,
    )


# ---------------------------------------------------------------- writes (in the caller's transaction)
def create_table(c: Connection, t: TableData) -> None:
    c.execute(
        insert(T).values(
            id=t.id,
            game=t.game,
            players=t.players,
            options=json.dumps(t.options, sort_keys=True),
            seed=t.seed,
            public=t.public,
            status=t.status,
            seq=0,
            to_act=t.to_act,
            waiting_since=t.waiting_since,
            creator=t.creator,
            created_at=t.created_at,
            started_at=t.started_at,
            updated_at=t.updated_at,
            leaver=t.leaver,
            spectator_chat=t.spectator_chat,
            clock=t.clock,
            rated=t.rated,
        )
    )
    c.execute(
        insert(S),
        [
            {
                "table_id": t.id,
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "guest": s.guest,
                "token_hash": s.token_hash,
                "joined_at": s.joined_at,
            }
            for s in t.seats
        ],
    )


# The move's statements, built once (the writer runs them for every move; building a statement per call cost
# more than running it).
_ADVANCE = (
    update(T)
    .where(T.c.id == bindparam("b_table"), T.c.seq == bindparam("b_expected"), T.c.status == RUNNING)
    .values(
        seq=bindparam("b_seq"),
        to_act=bindparam("b_to_act"),
        updated_at=bindparam("b_at"),
        waiting_since=bindparam("b_at"),
    )
)
_FINISH = _ADVANCE.values(status=FINISHED, finished_at=bindparam("b_at"), result=bindparam("b_result"))
_LOG = insert(M)
_DROP_SNAPSHOT = delete(SN).where(SN.c.table_id == bindparam("b_table"))
_SNAPSHOT = insert(SN)


@dataclass(frozen=True)
class MoveWrite:
    """Move ``expected_seq + 1`` of a table, as the writer stores it: the table's new ``seq``, whose turn it is,
    the snapshot (when one is due) and the result (when the game ended)."""

    table_id: str
    expected_seq: int
    seat: int
    action: str
    at: float
    to_act: int | None
    snapshot: str | None = None
    result: dict[str, Any] | None = None

    def advance(self) -> dict[str, Any]:
        out = {
            "b_table": self.table_id,
            "b_expected": self.expected_seq,
            "b_seq": self.expected_seq + 1,
            "b_to_act": self.to_act,
            "b_at": self.at,
        }
        if self.result is not None:
            out["b_result"] = json.dumps(self.result)
        return out

    def row(self) -> dict[str, Any]:
        """The move's row (``MOVE_COLUMNS``)."""
        return {
            "table_id": self.table_id,
            "seq": self.expected_seq + 1,
            "seat": self.seat,
            "action": self.action,
            "at": self.at,
            "to_act": self.to_act,
        }


class _Compiled(NamedTuple):
    """A statement compiled once for a dialect: its SQL and, for a positional parameter style, the order of its
    parameters (else the DBAPI takes each row's dict as it is)."""

    sql: str
    order: tuple[str, ...] | None
    fixed: dict[str, Any]  # the values the statement itself binds (``status == RUNNING``)


_COMPILED: dict[tuple[str, str, int], _Compiled] = {}


def _many(c: Connection, stmt: Any, rows: list[dict[str, Any]], columns: Sequence[str] | None = None) -> int:
    """``stmt`` run once per row on the connection's DBAPI cursor, in the caller's transaction; the rows changed.
    The move's statements are plain values (no type conversion): run this way, a move's two statements cost the
    writer a fifth of what SQLAlchemy's execution does around them (measured, docs/performance.md). ``columns``: an
    insert's columns, each row's keys."""
    key = (c.dialect.name, c.dialect.paramstyle, id(stmt))
    found = _COMPILED.get(key)
    if found is None:
        compiled = stmt.compile(dialect=c.dialect, column_keys=None if columns is None else list(columns))
        order = tuple(compiled.positiontup) if compiled.positional and compiled.positiontup else None
        fixed = {k: v for k, v in compiled.params.items() if k not in rows[0]}
        found = _COMPILED[key] = _Compiled(compiled.string, order, fixed)
    if found.fixed:
        rows = [{**found.fixed, **row} for row in rows]
    cursor = c.connection.cursor()
    try:
        if found.order is None:
            cursor.executemany(found.sql, rows)
        else:
            cursor.executemany(found.sql, [tuple(row[k] for k in found.order) for row in rows])
        return int(cursor.rowcount)
    finally:
        cursor.close()


MOVE_COLUMNS = ("table_id", "seq", "seat", "action", "at", "to_act")


def append_moves(c: Connection, moves: Sequence[MoveWrite]) -> None:
    """Moves of different tables in the caller's transaction, each bumping its table's ``seq`` by
    compare-and-set: ``Conflict`` when any table is no longer at the move's ``expected_seq`` (the group writer
    then runs each move alone to find which). The moves that do not end a game, nearly all, bump their tables in
    one executemany, and every move row goes in one more."""
    going = [m for m in moves if m.result is None]
    done = _many(c, _ADVANCE, [m.advance() for m in going]) if going else 0
    for m in moves:
        if m.result is not None:
            done += c.execute(_FINISH, m.advance()).rowcount
    if done != len(moves):
        raise Conflict(f"{len(moves) - done} of {len(moves)} tables are no longer at the move they were sent for")
    _many(c, _LOG, [m.row() for m in moves], MOVE_COLUMNS)
    for m in moves:
        if m.snapshot is not None:
            c.execute(_DROP_SNAPSHOT, {"b_table": m.table_id})
            c.execute(_SNAPSHOT, {"table_id": m.table_id, "seq": m.expected_seq + 1, "state": m.snapshot})


def append_move(
    c: Connection,
    table_id: str,
    expected_seq: int,
    seat: int,
    action: str,
    at: float,
    to_act: int | None,
    snapshot: str | None,
    result: dict[str, Any] | None,
) -> None:
    """Move ``expected_seq + 1`` of the table, with the table's new ``seq``, whose turn it is, the snapshot (when
    one is due) and the result (when the game ended). ``Conflict`` when the table is no longer at
    ``expected_seq`` (compare-and-set). The group writer runs consecutive calls as one ``append_moves``."""
    append_moves(c, [MoveWrite(table_id, expected_seq, seat, action, at, to_act, snapshot, result)])


def _append_many(c: Connection, calls: list[tuple[Any, ...]]) -> None:
    append_moves(c, [MoveWrite(*args) for args in calls])


# write functions whose consecutive calls in one group commit run as one call (argument tuples in a list)
BATCHED: dict[Callable[..., None], Callable[[Connection, list[tuple[Any, ...]]], None]] = {append_move: _append_many}


def take_seat(
    c: Connection,
    table_id: str,
    seat: int,
    guest: str,
    name: str,
    token_hash: str,
    at: float,
    start: bool,
    to_act: int | None,
) -> None:
    """Give an open person seat to ``guest``; with ``start`` the table starts running (its last open seat was
    taken). ``Conflict`` when the seat was taken meanwhile."""
    done = c.execute(
        update(S)
        .where(S.c.table_id == table_id, S.c.seat == seat, S.c.kind == PERSON, S.c.guest.is_(None))
        .values(guest=guest, name=name, token_hash=token_hash, joined_at=at)
    )
    if done.rowcount != 1:
        raise Conflict(f"seat {seat} of table {table_id} is already taken")
    values: dict[str, Any] = {"updated_at": at}
    if start:
        values.update(status=RUNNING, to_act=to_act, waiting_since=at, started_at=at)
    c.execute(update(T).where(T.c.id == table_id, T.c.status == OPEN).values(**values))


def set_rematch(c: Connection, table_id: str, rematch: str) -> None:
    """Link a finished table to the table offered as its rematch; ``Conflict`` when it has one already."""
    done = c.execute(update(T).where(T.c.id == table_id, T.c.rematch.is_(None)).values(rematch=rematch))
    if done.rowcount != 1:
        raise Conflict(f"table {table_id} has a rematch already")


def append_chat(c: Connection, table_id: str, line: ChatLine) -> None:
    """A chat line; the ``(table, n)`` key refuses a second line with the same number."""
    c.execute(
        insert(CHAT).values(table_id=table_id, n=line.n, seat=line.seat, name=line.name, text=line.text, at=line.at)
    )


@dataclass(frozen=True)
class AccountData:
    """A registered player (``models.AccountRow``)."""

    guest_id: str
    username: str
    name: str
    password_hash: str
    session: int
    created_at: float
    email: str | None = None  # the verified address (never shown to anyone but its account)
    mail_alerts: bool = True


def _account(row: Any) -> AccountData:
    return AccountData(
        row.guest_id,
        row.username,
        row.name,
        row.password_hash,
        row.session,
        row.created_at,
        row.email,
        bool(row.mail_alerts),
    )


def create_account(c: Connection, a: AccountData) -> None:
    """A new account; the database refuses a second one for the same guest id or the same username (whatever its
    case): ``IntegrityError``."""
    c.execute(
        insert(ACC).values(
            guest_id=a.guest_id,
            username=a.username,
            username_key=a.username.lower(),
            name=a.name,
            password_hash=a.password_hash,
            session=a.session,
            created_at=a.created_at,
        )
    )


def set_password(c: Connection, guest_id: str, password_hash: str, new_session: bool) -> None:
    """A new password hash (a changed password, or the same one hashed anew with today's parameters); with
    ``new_session`` the session generation moves on (every cookie of the account made before is void)."""
    values: dict[str, Any] = {"password_hash": password_hash}
    if new_session:
        values["session"] = ACC.c.session + 1
        c.execute(delete(TOK).where(TOK.c.guest_id == guest_id, TOK.c.kind == RESET))  # a changed password voids them
    c.execute(update(ACC).where(ACC.c.guest_id == guest_id).values(**values))


def new_session(c: Connection, guest_id: str) -> None:
    """Log the account out everywhere: its session generation moves on."""
    c.execute(update(ACC).where(ACC.c.guest_id == guest_id).values(session=ACC.c.session + 1))


def rename_account(c: Connection, guest_id: str, name: str) -> None:
    c.execute(update(ACC).where(ACC.c.guest_id == guest_id).values(name=name))


# ---------------------------------------------------------------- e-mail (tawa.web.mail)
@dataclass(frozen=True)
class MailToken:
    """A mailed link's token as stored (``models.MailTokenRow``): its hash, never the token."""

    token_hash: str
    guest_id: str
    kind: str
    email: str | None
    created_at: float
    expires_at: float


def set_email(c: Connection, guest_id: str, email: str | None) -> None:
    """The account's verified address (None: none; its pending verification links go too); the reset links mailed
    before go in either case. A second account with the same address (whatever its case) is refused:
    ``IntegrityError``."""
    key = email.lower() if email is not None else None
    c.execute(update(ACC).where(ACC.c.guest_id == guest_id).values(email=email, email_key=key))
    # the reset links mailed to the address before go (a new address, or none); with none, the pending one too
    c.execute(delete(TOK).where(TOK.c.guest_id == guest_id, TOK.c.kind == RESET if email is not None else true()))


def set_mail_alerts(c: Connection, guest_id: str, on: bool) -> None:
    c.execute(update(ACC).where(ACC.c.guest_id == guest_id).values(mail_alerts=on))


def add_mail_token(c: Connection, t: MailToken, only: bool) -> None:
    """A new mailed link; ``only``: the account's earlier links of that kind go (a new address to verify replaces
    the one waiting). Expired links of the account go in any case."""
    gone = TOK.c.expires_at <= t.created_at
    if only:
        gone = or_(gone, TOK.c.kind == t.kind)
    c.execute(delete(TOK).where(TOK.c.guest_id == t.guest_id, gone))
    c.execute(
        insert(TOK).values(
            token_hash=t.token_hash,
            guest_id=t.guest_id,
            kind=t.kind,
            email=t.email,
            created_at=t.created_at,
            expires_at=t.expires_at,
        )
    )


def use_mail_token(c: Connection, t: MailToken, at: float, effect: Callable[..., None], *args: Any) -> None:
    """Use the link ``t`` once, at ``at``: its row is deleted (``Conflict`` when it is gone or out of date: it was
    used, or it expired), then ``effect(c, *args)`` in the same transaction (so a refused effect keeps the link)."""
    done = c.execute(delete(TOK).where(TOK.c.token_hash == t.token_hash, TOK.c.expires_at > at))
    if done.rowcount != 1:
        raise Conflict("that link was used already or is out of date")
    effect(c, *args)


def mark_turn_mailed(c: Connection, table_id: str, seat: int, turn_start: float, at: float) -> None:
    """The person of ``seat`` was mailed about their turn that began at ``turn_start``."""
    c.execute(delete(TM).where(TM.c.table_id == table_id, TM.c.seat == seat))
    c.execute(insert(TM).values(table_id=table_id, seat=seat, turn_start=turn_start, mailed_at=at))


@dataclass
class _Job:
    """A write job: ``fn(connection, *args)``, the loop that waits for it, its future there and what runs there
    first once it is committed."""

    fn: Callable[..., None]
    args: tuple[Any, ...]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]
    committed: Callable[[], None] | None


BUSY_LINGERS = 4  # a writer that committed less than this many lingers ago is busy (``GroupWriter.busy``)


class GroupWriter:
    """The server's one writer thread, with group commit: write jobs that queue up while a commit is under way
    share the next transaction and its single commit (one disk flush for many tables' moves). Each job's future
    resolves only after its commit, so nothing is acknowledged before it is durable. When a job of a batch
    fails (a lost compare-and-set), the batch is rolled back and each job runs again alone, so only the failing
    job fails.

    Jobs are settled on their event loop in one callback per batch: first every committed job's ``committed``
    callback (the server's acknowledgements), then their futures. So the moves of one group commit are all
    acknowledged before any of their updates is built, and the writer wakes the loop once per batch, not once per
    job (each wake costs it the GIL, which a busy loop hands over slowly).

    The writer holds one connection from one batch to the next (a failed transaction closes it, the next batch opens
    another). A job that finds the writer idle is committed at once; one that finds it busy (``busy``) waits
    ``linger`` seconds for others to share its commit, so that a busy server pays one transaction for several
    moves."""

    def __init__(self, engine: Engine, max_batch: int = 256, linger: float = 0.0) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.linger = linger  # seconds a lone job waits for company when the writer is busy (Settings.db_commit_linger)
        self.batches = 0  # transactions committed or tried, for the tests and benchmarks
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._conn: Connection | None = None  # the writer thread's connection, held from one batch to the next
        self._done_at = -1e9  # when the latest batch ended (time.monotonic)
        self._thread = threading.Thread(target=self._loop, name="tawa-db-writer", daemon=True)
        self._thread.start()

    def submit(
        self,
        loop: asyncio.AbstractEventLoop,
        fn: Callable[..., None],
        *args: Any,
        committed: Callable[[], None] | None = None,
    ) -> asyncio.Future[None]:
        """``fn(connection, *args)`` in the next group commit, for a caller on ``loop``: the future resolves after
        its commit, and ``committed()`` runs on the loop as soon as the job is committed, with the other jobs of
        its batch, before any of their futures resolves."""
        fut: asyncio.Future[None] = loop.create_future()
        self._jobs.put(_Job(fn, args, loop, fut, committed))
        return fut

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(30)

    def busy(self, now: float) -> bool:
        """Whether the writer committed a batch less than ``BUSY_LINGERS`` lingers ago: the writes come faster than
        it could commit them one by one at no cost, and a lone job lingers (PostgreSQL's ``commit_delay`` with
        ``commit_siblings``: an idle server never makes a write wait)."""
        return now - self._done_at < BUSY_LINGERS * self.linger

    def _loop(self) -> None:
        try:
            while True:
                first = self._jobs.get()
                if first is None:
                    return
                batch, stop = [first], False
                if self.linger and self._jobs.empty() and self.busy(time.monotonic()):
                    time.sleep(self.linger)  # the moves that come meanwhile share the commit
                while len(batch) < self.max_batch and not stop:
                    try:
                        more = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                    else:
                        batch.append(more)
                self.batches += 1
                errors = self._commit(batch)
                self._done_at = time.monotonic()
                by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job, BaseException | None]]] = {}
                for job, error in zip(batch, errors, strict=True):
                    by_loop.setdefault(job.loop, []).append((job, error))
                for loop, outcomes in by_loop.items():
                    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                        loop.call_soon_threadsafe(_settle, outcomes)
                if stop:
                    return
        finally:
            self._drop()

    def _connection(self) -> Connection:
        if self._conn is None:
            self._conn = self.engine.connect()
        return self._conn

    def _drop(self) -> None:
        """Close the held connection (after a failed transaction: the next batch opens another)."""
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def _run(self, jobs: Sequence[_Job]) -> None:
        """``jobs`` in one transaction on the held connection (consecutive moves as one ``append_moves``)."""
        c = self._connection()
        try:
            with c.begin():
                for fn, runs in _runs(jobs):
                    many = BATCHED.get(fn)
                    if many is not None and len(runs) > 1:
                        many(c, runs)
                    else:
                        for args in runs:
                            fn(c, *args)
        except Exception:
            self._drop()
            raise

    def _commit(self, batch: list[_Job]) -> list[BaseException | None]:
        """Each job's error (None: committed)."""
        try:
            self._run(batch)
        except Exception:
            errors: list[BaseException | None] = []
            for job in batch:
                try:
                    self._run([job])
                except Exception as e:
                    errors.append(e)
                else:
                    errors.append(None)
            return errors
        return [None] * len(batch)


def _settle(outcomes: list[tuple[_Job, BaseException | None]]) -> None:
    """On the jobs' loop: the acknowledgements first, then the futures."""
    for job, error in outcomes:
        if error is None and job.committed is not None:
            try:
                job.committed()
            except Exception:
                log.exception("a commit callback failed")
    for job, error in outcomes:
        if job.future.cancelled():
            continue
        if error is None:
            job.future.set_result(None)
        else:
            job.future.set_exception(error)


def _runs(batch: Sequence[_Job]) -> list[tuple[Callable[..., None], list[tuple[Any, ...]]]]:
    """The batch's jobs as runs of consecutive calls of one function (a run of a ``BATCHED`` function, such as
    ``append_move``, is one call)."""
    out: list[tuple[Callable[..., None], list[tuple[Any, ...]]]] = []
    for job in batch:
        fn, args = job.fn, job.args
        if out and out[-1][0] is fn:
            out[-1][1].append(args)
        else:
            out.append((fn, [args]))
    return out


class Store:
    """The server's queries. One instance per app; safe to call from several threads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------ meta
    def take_secret(self) -> str | None:
        """The signing key a database made before it moved to a file kept (``tawa.web.secret``), or None."""
        with self.engine.connect() as c:
            found = c.execute(select(META.c.value).where(META.c.key == "secret")).scalar()
            return str(found) if found else None

    def drop_secret(self) -> None:
        """Delete that key from the database, once it is safe in the secret file."""
        with self.engine.begin() as c:
            c.execute(delete(META).where(META.c.key == "secret"))

    # ------------------------------------------------------------ accounts
    def account(self, guest_id: str) -> AccountData | None:
        """The account of a guest id, or None (a plain guest)."""
        with self.engine.connect() as c:
            row = c.execute(select(ACC).where(ACC.c.guest_id == guest_id)).first()
            return None if row is None else _account(row)

    def account_named(self, username: str) -> AccountData | None:
        """The account of a username, whatever its case, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(ACC).where(ACC.c.username_key == username.lower())).first()
            return None if row is None else _account(row)

    def account_by_email(self, email: str) -> AccountData | None:
        """The account whose verified address is ``email`` (whatever its case), or None."""
        with self.engine.connect() as c:
            row = c.execute(select(ACC).where(ACC.c.email_key == email.lower())).first()
            return None if row is None else _account(row)

    # ------------------------------------------------------------ e-mail
    def mail_token(self, token_hash: str) -> MailToken | None:
        with self.engine.connect() as c:
            row = c.execute(select(TOK).where(TOK.c.token_hash == token_hash)).first()
            return None if row is None else MailToken(**dict(row._mapping))

    def pending_email(self, guest_id: str, at: float) -> str | None:
        """The address the account's latest verification link (still valid at ``at``) proves, or None."""
        with self.engine.connect() as c:
            found = c.execute(
                select(TOK.c.email)
                .where(TOK.c.guest_id == guest_id, TOK.c.kind != RESET, TOK.c.expires_at > at)
                .order_by(TOK.c.created_at.desc())
                .limit(1)
            ).scalar()
            return None if found is None else str(found)

    def turns_mailed(self) -> dict[tuple[str, int], float]:
        """The turns mailed about at the running tables: (table, seat) -> when the turn began."""
        q = select(TM.c.table_id, TM.c.seat, TM.c.turn_start).where(
            TM.c.table_id.in_(select(T.c.id).where(T.c.status == RUNNING))
        )
        with self.engine.connect() as c:
            return {(row.table_id, row.seat): row.turn_start for row in c.execute(q)}

    # ------------------------------------------------------------ tables
    def _seats(self, c: Connection, table_ids: list[str]) -> dict[str, list[SeatData]]:
        out: dict[str, list[SeatData]] = {tid: [] for tid in table_ids}
        if table_ids:
            for row in c.execute(select(S).where(S.c.table_id.in_(table_ids)).order_by(S.c.table_id, S.c.seat)):
                out[row.table_id].append(_seat(row))
        return out

    def table(self, table_id: str) -> TableData | None:
        with self.engine.connect() as c:
            row = c.execute(select(T).where(T.c.id == table_id)).first()
            if row is None:
                return None
            return _table(row, self._seats(c, [table_id])[table_id])

    def load(self, table_id: str) -> Loaded | None:
        with self.engine.connect() as c:
            row = c.execute(select(T).where(T.c.id == table_id)).first()
            if row is None:
                return None
            table = _table(row, self._seats(c, [table_id])[table_id])
            snap = c.execute(select(SN.c.seq, SN.c.state).where(SN.c.table_id == table_id)).first()
            after = snap.seq if snap is not None else 0
            log = list(c.execute(select(M).where(M.c.table_id == table_id).order_by(M.c.seq)))
            moves = [(m.seq, m.seat, m.action, m.at) for m in log if m.seq > after]
            rows = [(m.seat, m.action, m.at, m.to_act) for m in log]
            return Loaded(
                table,
                snap.state if snap is not None else None,
                after,
                moves,
                self._chat(c, table_id, CHAT_KEPT),
                rows,
            )

    def _chat(self, c: Connection, table_id: str, limit: int | None) -> list[ChatLine]:
        query = select(CHAT).where(CHAT.c.table_id == table_id).order_by(CHAT.c.n.desc())
        rows = c.execute(query.limit(limit) if limit is not None else query)
        return [ChatLine(r.n, r.seat, r.name, r.text, r.at) for r in rows][::-1]

    def chat(self, table_id: str) -> list[ChatLine]:
        """Every chat line of a table, in order (the replay's)."""
        with self.engine.connect() as c:
            return self._chat(c, table_id, None)

    def move_at(self, table_id: str, seq: int) -> tuple[int, str] | None:
        """The seat and action of row ``seq`` of the table's log (None: no such row)."""
        with self.engine.connect() as c:
            row = c.execute(select(M.c.seat, M.c.action).where(M.c.table_id == table_id, M.c.seq == seq)).first()
            return None if row is None else (int(row.seat), str(row.action))

    def moves(self, table_id: str) -> list[tuple[int, int, str, float]]:
        with self.engine.connect() as c:
            return [
                (m.seq, m.seat, m.action, m.at)
                for m in c.execute(select(M).where(M.c.table_id == table_id).order_by(M.c.seq))
            ]

    def created_by(self, guest: str, since: float) -> tuple[int, int]:
        """How many tables ``guest`` created since ``since``, and how many of its tables are unfinished."""
        with self.engine.connect() as c:
            made = c.execute(
                select(func.count()).select_from(T).where(T.c.creator == guest, T.c.created_at >= since)
            ).scalar_one()
            open_ = c.execute(
                select(func.count()).select_from(T).where(T.c.creator == guest, T.c.status != FINISHED)
            ).scalar_one()
            return int(made), int(open_)

    def running_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return list(c.execute(select(T.c.id).where(T.c.status == RUNNING)).scalars())

    def reading(self, fn: Callable[..., R], *args: Any) -> R:
        """``fn(connection, *args)``, a read function (``tawa.web.ratings``), on a connection of its own."""
        with self.engine.connect() as c:
            return fn(c, *args)

    # ------------------------------------------------------------ writes, each in its own transaction
    def run(self, fn: Callable[..., None], *args: Any) -> None:
        """``fn(connection, *args)`` (one of this module's write functions) in a transaction of its own."""
        with self.engine.begin() as c:
            fn(c, *args)

    def create_table(self, t: TableData) -> None:
        self.run(create_table, t)

    def append_move(self, *args: Any) -> None:
        self.run(append_move, *args)

    def take_seat(self, *args: Any) -> None:
        self.run(take_seat, *args)

    # ------------------------------------------------------------ lobby lists
    def _tables(self, c: Connection, query: Any) -> list[TableData]:
        rows = list(c.execute(query))
        seats = self._seats(c, [r.id for r in rows])
        return [_table(r, seats[r.id]) for r in rows]

    def open_tables(self, limit: int = 100) -> list[TableData]:
        """Public tables still waiting for people, newest first."""
        with self.engine.connect() as c:
            return self._tables(
                c,
                select(T).where(T.c.status == OPEN, T.c.public.is_(True)).order_by(T.c.created_at.desc()).limit(limit),
            )

    def my_tables(self, guest: str, limit: int = 200) -> list[TableData]:
        """Unfinished tables where ``guest`` holds a seat or which ``guest`` created."""
        mine = select(S.c.table_id).where(S.c.guest == guest)
        with self.engine.connect() as c:
            return self._tables(
                c,
                select(T)
                .where(T.c.status != FINISHED, or_(T.c.id.in_(mine), T.c.creator == guest))
                .order_by(T.c.waiting_since)
                .limit(limit),
            )

    def played_by(self, guest: str, limit: int = 1000) -> list[TableData]:
        """The finished tables where ``guest`` held a seat, newest first (a profile's)."""
        with self.engine.connect() as c:
            return self._tables(
                c,
                select(T)
                .where(T.c.status == FINISHED, T.c.id.in_(select(S.c.table_id).where(S.c.guest == guest)))
                .order_by(T.c.finished_at.desc())
                .limit(limit),
            )

    def unrated(self) -> list[TableData]:
        """Finished rated tables without their ratings (the server stopped between the result and the ratings),
        oldest first."""
        rated = select(func.distinct(RE.c.table_id))
        with self.engine.connect() as c:
            return self._tables(
                c,
                select(T)
                .where(T.c.status == FINISHED, T.c.rated.is_(True), T.c.id.not_in(rated))
                .order_by(T.c.finished_at),
            )

    def my_turns(self, guest: str, limit: int = 200) -> dict[str, int]:
        """The running tables where ``guest``'s seat is to act, the longest waiting first, with their versions (one
        query, no seats)."""
        q = (
            select(T.c.id, T.c.seq)
            .join(S, and_(S.c.table_id == T.c.id, S.c.seat == T.c.to_act))
            .where(S.c.guest == guest, T.c.status == RUNNING)
            .order_by(T.c.waiting_since)
            .limit(limit)
        )
        with self.engine.connect() as c:
            return {row.id: row.seq for row in c.execute(q)}

    def finished_tables(self, guest: str | None, limit: int = 50) -> list[TableData]:
        """Finished tables, newest first: the public ones and those ``guest`` sat at."""
        cond: ColumnElement[bool] = T.c.public.is_(True)
        if guest is not None:
            cond = or_(cond, T.c.id.in_(select(S.c.table_id).where(S.c.guest == guest)))
        with self.engine.connect() as c:
            return self._tables(
                c, select(T).where(and_(T.c.status == FINISHED, cond)).order_by(T.c.finished_at.desc()).limit(limit)
            )
