"""Many workers, one database (issue 30): who owns which table, and how a dead worker's tables move on.

Each unfinished table is owned by one worker at a time through a **lease** in PostgreSQL (``leases``: owner, expiry),
which the owner renews every third of ``lease_seconds`` together with its **heartbeat** (``workers``: when it was
last seen). The worker that owns a table holds its room (``tawa.web.table.TableRoom``): its game in memory, its
sockets, its bots and its clocks; no other worker loads it (``TableService.table`` claims the lease first, and a
table leased to a live worker is answered ``moved``, 503, which a proxy or client tries again). The move log's
compare-and-set (``storage.append_move``) stays the last line of defence against a worker that stalled past its
lease.

Where a table lives: a new table's id begins with the name of the worker that made it (``w2-…``), its **home**.
The ring (``workers`` in the settings, the same order as the nginx file's backups, ``tawa.web.deploy``) gives each
table an order of workers: its home, then the next ones round the ring. A table is **served** by the first live
worker in its order. Every few seconds (``sweep``) each worker adopts the tables it should serve whose lease ran out
(a dead worker's: loaded from the log, their bots and clocks resumed) and hands back those whose home is alive again
(the room dropped, its sockets closed with 1012 so their clients reconnect through the proxy to the home).
Tables made by a single-process server (ids without a worker's name) have the ring's first worker as their home.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Engine

from tawa.web.clock import now as clock_now
from tawa.web.models import RUNNING, LeaseRow, TableRow, WorkerRow
from tawa.web.settings import Settings

LEASES, WORKERS, TABLES = (cast(Table, row.__table__) for row in (LeaseRow, WorkerRow, TableRow))
ADOPT_MAX = 200  # the most tables one sweep adopts (the next sweep takes the rest)


@dataclass(frozen=True)
class Worker:
    name: str
    host: str
    port: int

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def parse_workers(entries: tuple[str, ...]) -> list[Worker]:
    """``name=host:port`` entries (``Settings.workers``) in ring order."""
    out = []
    for entry in entries:
        name, _, address = entry.partition("=")
        host, _, port = address.rpartition(":")
        out.append(Worker(name, host.strip("[]"), int(port)))
    return out


class Cluster:
    """This worker's view of the ring and its leases (the database calls run in the service's threads)."""

    def __init__(self, settings: Settings, engine: Engine) -> None:
        self.me = settings.worker
        self.ring = parse_workers(settings.workers)
        self.names = [w.name for w in self.ring]
        self.lease = settings.lease_seconds
        self.engine = engine
        self.address = next(w.address for w in self.ring if w.name == self.me)

    # ------------------------------------------------------------ where a table lives
    def new_id(self) -> str:
        return f"{self.me}-{secrets.token_urlsafe(9)}"

    def home(self, table_id: str) -> str:
        name, sep, _ = table_id.partition("-")
        return name if sep and name in self.names else self.names[0]

    def order(self, table_id: str) -> list[str]:
        """The workers that may serve the table, the first choice first: its home, then round the ring."""
        i = self.names.index(self.home(table_id))
        return self.names[i:] + self.names[:i]

    def server(self, table_id: str, alive: set[str]) -> str | None:
        """The live worker that should serve the table (None: none is alive)."""
        return next((n for n in self.order(table_id) if n in alive), None)

    # ------------------------------------------------------------ the database (in a thread)
    def claim(self, table_id: str) -> bool:
        """Take (or keep) the table's lease: it is free, ran out, or is this worker's already."""
        at = clock_now()
        stmt = pg_insert(LEASES).values(table_id=table_id, owner=self.me, expires=at + self.lease)
        claim = stmt.on_conflict_do_update(
            index_elements=[LEASES.c.table_id],
            set_={"owner": self.me, "expires": at + self.lease},
            where=(LEASES.c.owner == self.me) | (LEASES.c.expires < at),
        ).returning(LEASES.c.owner)
        with self.engine.begin() as c:
            return c.execute(claim).first() is not None

    def owner(self, table_id: str) -> str | None:
        """The worker whose lease on the table is valid now, or None."""
        with self.engine.connect() as c:
            row = c.execute(
                select(LEASES.c.owner).where(LEASES.c.table_id == table_id, LEASES.c.expires >= clock_now())
            ).first()
        return None if row is None else cast(str, row.owner)

    def release(self, table_ids: list[str]) -> None:
        if table_ids:
            with self.engine.begin() as c:
                c.execute(delete(LEASES).where(LEASES.c.owner == self.me, LEASES.c.table_id.in_(table_ids)))

    def renew(self, started: float) -> tuple[set[str], set[str]]:
        """The heartbeat and every lease of this worker renewed in one transaction; returns the tables this worker
        holds now and the workers alive (seen within a lease)."""
        at = clock_now()
        beat = pg_insert(WORKERS).values(name=self.me, address=self.address, seen=at, started=started)
        beat = beat.on_conflict_do_update(
            index_elements=[WORKERS.c.name], set_={"seen": at, "address": self.address, "started": started}
        )
        with self.engine.begin() as c:
            c.execute(beat)
            held = {
                r.table_id
                for r in c.execute(
                    update(LEASES)
                    .where(LEASES.c.owner == self.me, LEASES.c.expires >= at)
                    .values(expires=at + self.lease)
                    .returning(LEASES.c.table_id)
                )
            }
            alive = {r.name for r in c.execute(select(WORKERS.c.name).where(WORKERS.c.seen >= at - self.lease))}
        return held, alive

    def orphans(self, limit: int = 5000) -> list[str]:
        """Running tables whose lease ran out or that have none (their worker died or stopped, or none held one);
        a table still waiting for players is loaded when somebody asks for it."""
        at = clock_now()
        leased = select(LEASES.c.table_id).where(LEASES.c.expires >= at)
        with self.engine.connect() as c:
            rows = c.execute(
                select(TABLES.c.id)
                .where(TABLES.c.status == RUNNING, TABLES.c.id.not_in(leased))
                .order_by(TABLES.c.updated_at)
                .limit(limit)
            )
            return [r.id for r in rows]

    def leave(self) -> None:
        """A clean stop: every lease given up and the heartbeat taken off, so the next worker adopts at once."""
        with self.engine.begin() as c:
            c.execute(delete(LEASES).where(LEASES.c.owner == self.me))
            c.execute(delete(WORKERS).where(WORKERS.c.name == self.me))
