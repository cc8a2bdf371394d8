"""The table service: the registry of rooms (``tawa.web.table.TableRoom``, one per live table), their loader, and
what the rooms share (settings, the database threads and the group-commit writer, the board memo, the bot pool).

A running table's room stays in memory; loading one (at start or on demand) reads the latest snapshot (``to_json``,
stored every ``snapshot_every`` moves) and replays only the moves after it. Finished tables are kept for a while
for late viewers (``FINISHED_CACHE``). Creating a table and its limits live here; everything that happens at a
table happens in its room.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from tawa.core.errors import TawaError
from tawa.core.game import Game
from tawa.core.registry import game_class, new_game
from tawa.core.svgparts import Memo
from tawa.web.auth import Guest, Keys, hash_token, new_token
from tawa.web.bots import BotPool, fallback_for, resolve_bot
from tawa.web.clock import PRESETS, TimeControl, preset
from tawa.web.clock import now as clock_now
from tawa.web.cluster import ADOPT_MAX, Cluster
from tawa.web.models import BOT, FINISHED, OPEN, PERSON, RUNNING
from tawa.web.people import invite_many
from tawa.web.protocol import encode_text
from tawa.web.pubsub import LiveShare, room_live
from tawa.web.ratings import RatedTable, may_rate, of_table, rate_table
from tawa.web.refused import Refused
from tawa.web.settings import Settings
from tawa.web.storage import GroupWriter, SeatData, Store, TableData, create_table, set_rematch
from tawa.web.table import TableRoom, build_clocks, rebuild_room
from tawa.web.views import bot_name

log = logging.getLogger("tawa.web")
R = TypeVar("R")
FINISHED_CACHE = 256  # finished tables kept in memory for late viewers
HOUR = 3600.0
TICK = 1.0  # seconds between two looks at the running tables' clocks


class TableService:
    """The rooms and what they share (the ``Hub`` of ``tawa.web.table``)."""

    def __init__(self, settings: Settings, store: Store, keys: Keys, bots: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.keys = keys
        self.bots = bots
        self.live: dict[str, TableRoom] = {}
        self.done: OrderedDict[str, TableRoom] = OrderedDict()  # finished tables, the latest FINISHED_CACHE
        self._loading: dict[str, asyncio.Future[TableRoom | None]] = {}
        self._readers = ThreadPoolExecutor(max_workers=settings.db_threads, thread_name_prefix="tawa-db")
        self._writer = GroupWriter(store.engine, linger=settings.db_commit_linger_ms / 1000)
        self.memo = Memo(encode=encode_text)  # board parts by the pieces of the observation they are drawn from
        self.closing = False
        self._created_by_address: dict[str, collections.deque[float]] = {}  # creation times, the last hour
        self._fallback = fallback_for(settings)
        self._ticker: asyncio.Task[None] | None = None
        self._timing_out: dict[str, asyncio.Task[None]] = {}  # tables whose time-out is being logged
        self._rating: set[asyncio.Task[None]] = set()  # rated tables whose ratings are being written
        # many workers (tawa.web.cluster): this worker's leases, and what it knows of the others
        self.cluster = Cluster(settings, store.engine) if settings.worker else None
        self.alive: set[str] = set()  # the workers seen within a lease (the last sweep's)
        self._sweeper: asyncio.Task[None] | None = None
        self.share: LiveShare | None = None  # the other workers' live tables (Redis), and this one's published
        self._started = clock_now()
        self.on_tick: list[Callable[[], None]] = []  # more looks at the live tables each tick (turn alerts' mail)

    # ------------------------------------------------------------ database in threads
    async def read(self, fn: Callable[..., R], *args: Any) -> R:
        return await asyncio.get_running_loop().run_in_executor(self._readers, fn, *args)

    async def write(self, fn: Callable[..., None], *args: Any, committed: Callable[[], None] | None = None) -> None:
        """``fn(connection, *args)``, a write function of ``tawa.web.storage``, committed by the writer thread
        (group commit); returns once it is committed. ``committed()`` runs as soon as it is, together with the
        other jobs of its group commit and before any of them returns (see ``GroupWriter``)."""
        await self._writer.submit(asyncio.get_running_loop(), fn, *args, committed=committed)

    def fallback(self, game: Game, seat: int, seed: int) -> str:
        """The cheap move of ``bot_fallback`` for a bot that failed (run in a database thread: it may take a while)."""
        return self._fallback(game, seat, seed)

    def finished(self, room: TableRoom) -> None:
        """A room whose game just ended moves to the cache of finished tables; a rated table's ratings are
        written (``tawa.web.ratings.rate_table``, after the result's own commit)."""
        self._keep(room)
        if self.cluster is not None:  # a finished table needs no owner: its lease is given up
            asyncio.get_running_loop().run_in_executor(self._readers, self.cluster.release, [room.id])
        rated = of_table(room.data)
        if rated is not None:
            task = asyncio.get_running_loop().create_task(self._rate(rated))
            self._rating.add(task)
            task.add_done_callback(self._rating.discard)

    async def _rate(self, rated: RatedTable) -> None:
        try:
            await self.write(rate_table, rated)
        except Exception:
            log.exception("table %s: the ratings could not be written", rated.table_id)

    # ------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Load every running table and resume its bots; then the clocks' tick starts (a time that ran out while
        the server was down is logged at its first look). Rated tables that ended without their ratings written (the
        server stopped in between) are rated first, in the order they ended."""
        self.bots.warm()
        for done in await self.read(self.store.unrated):
            rated = of_table(done)
            if rated is not None:
                await self._rate(rated)
        if self.cluster is not None:  # a worker loads the running tables it serves, and keeps looking (sweep)
            assert self.settings.redis_url is not None
            self.share = LiveShare(self.settings.redis_url, self.cluster.me, self.published, self._heard)
            await self.share.start()
            await self.sweep()
            self._sweeper = asyncio.create_task(self._sweeping())
            self._ticker = asyncio.create_task(self._tick())
            return
        for table_id in await self.read(self.store.running_ids):
            try:
                room = await self.table(table_id)
            except Exception:  # one broken table must not keep the others from resuming
                log.exception("table %s could not be loaded", table_id)
                continue
            room.kick_bot()
        self._ticker = asyncio.create_task(self._tick())

    async def _tick(self) -> None:
        """Every ``TICK`` seconds: each running table whose running seat's time is up gets its time-out logged
        (``TableRoom.time_out``); every running table is in ``live`` (``start`` loads them all). Then ``on_tick``."""
        while not self.closing:
            try:
                at = clock_now()
                for room in list(self.live.values()):
                    due = room.deadline()
                    if due is not None and due <= at and room.id not in self._timing_out:
                        self._timing_out[room.id] = asyncio.create_task(self._time_out(room))
                for look in self.on_tick:
                    look()
            except Exception:  # never let one bad look stop the clocks for good
                log.exception("the clocks' tick failed; it looks again in %g s", TICK)
            await asyncio.sleep(TICK)

    async def _time_out(self, room: TableRoom) -> None:
        try:
            await room.time_out()
        except Exception:  # a failed write: the next tick tries again
            log.exception("table %s: the time-out could not be logged", room.id)
        finally:
            self._timing_out.pop(room.id, None)

    async def _sweeping(self) -> None:
        assert self.cluster is not None
        while not self.closing:
            await asyncio.sleep(self.cluster.lease / 3)
            try:
                await self.sweep()
            except Exception:  # the database away for a moment: the next sweep tries again
                log.exception("worker %s: the sweep of the leases failed", self.cluster.me)

    async def sweep(self) -> None:
        """One look at the leases (``tawa.web.cluster``): the heartbeat and this worker's leases renewed; the rooms
        whose lease was lost dropped; those whose first choice of worker is alive again handed back; the running
        tables this worker should serve whose lease ran out adopted (loaded from the log, bots and clocks going)."""
        cluster = self.cluster
        assert cluster is not None
        before = dict(self.live)  # a room made or loaded while the renewal runs is not in its answer yet
        held, alive = await self.read(cluster.renew, self._started)
        self.alive = alive | {cluster.me}
        back: list[str] = []
        for table_id, room in before.items():
            if self.live.get(table_id) is not room:
                continue
            if table_id not in held and room.data.status != FINISHED:
                log.warning("worker %s: the lease on table %s was lost; dropping it", cluster.me, table_id)
                self._drop(room)
            elif cluster.server(table_id, self.alive) != cluster.me:
                back.append(table_id)
                self._drop(room)
        if back:
            await self.read(cluster.release, back)
            log.info("worker %s: %d tables handed back to their workers", cluster.me, len(back))
        mine = [t for t in await self.read(cluster.orphans) if cluster.server(t, self.alive) == cluster.me]
        for table_id in mine[:ADOPT_MAX]:
            try:
                room = await self.table(table_id)
            except Refused:  # another worker took it first
                continue
            except Exception:
                log.exception("table %s could not be adopted", table_id)
                continue
            room.kick_bot()

    def published(self) -> dict[str, dict[str, Any]]:
        """This worker's running tables' live part, for the others (``tawa.web.pubsub``)."""
        return {t: room_live(room) for t, room in self.live.items() if room.data.status == RUNNING}

    def _heard(self, event: dict[str, Any]) -> None:
        """Another worker's table event (``tawa.web.pubsub.EVENTS``) for the sockets of this worker."""
        room = self.done.get(event["table"]) or self.live.get(event["table"])
        if room is None:
            return
        if event["kind"] == "rematch":
            room.data.rematch = event["rematch"]
            room.rematch_offered(int(event["seat"]), [int(s) for s in event["joined"]], str(event["by"]))

    def live_part(self, table_id: str) -> tuple[set[int], float | None, dict[int, str]] | None:
        """A running table's connected seats, time left and seats a bot plays now: from its room when this worker
        owns it, else as its owner last published them; None when neither knows."""
        room = self.live.get(table_id)
        if room is not None:
            return room.connected_seats(), room.time_left(), room.ledger.out
        heard = self.share.live(table_id) if self.share is not None else None
        if heard is None:
            return None
        return set(heard["here"]), heard["left"], {int(k): v for k, v in heard["out"].items()}

    def _drop(self, room: TableRoom) -> None:
        room.drop()
        self.live.pop(room.id, None)

    async def stop(self) -> None:
        self.closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        if self.share is not None:
            await self.share.stop()
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, *self._timing_out.values(), return_exceptions=True)
        await asyncio.gather(*self._rating, return_exceptions=True)
        tasks = [room.bot_task for room in self.live.values() if room.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        self._writer.close()
        if self.cluster is not None:  # every acknowledged move is committed: the next worker may take over now
            try:
                self.cluster.leave()
            except Exception:
                log.exception(
                    "worker %s: its leases could not be given up (they run out by themselves)", self.cluster.me
                )
        self._readers.shutdown(wait=True)

    # ------------------------------------------------------------ loading
    async def table(self, table_id: str) -> TableRoom:
        """The table's room (loaded from the database when needed); ``Refused('no_table')`` when none."""
        room = self.live.get(table_id) or self.done.get(table_id)
        if room is not None:
            return room
        pending = self._loading.get(table_id)
        if pending is None:
            pending = self._loading[table_id] = asyncio.get_running_loop().create_future()
            try:
                if self.cluster is not None:
                    await self._own(table_id)
                loaded = await self.read(self.store.load, table_id)
                room = None
                if loaded is not None:
                    game, ledger = await self.read(rebuild_room, loaded)
                    clocks = await self.read(build_clocks, loaded, self.settings.idle_days)
                    room = TableRoom(self, loaded.table, game, ledger, loaded.chat, clocks)
                if room is not None:
                    self._keep(room)
                pending.set_result(room)
            except BaseException as e:
                pending.set_exception(e)
                raise
            finally:
                del self._loading[table_id]
        room = await asyncio.shield(pending)
        if room is None:
            raise Refused("no_table", f"there is no table {table_id!r}")
        return room

    async def _own(self, table_id: str) -> None:
        """A worker loads an unfinished table only once it holds its lease; ``moved`` (503) while another live
        worker holds it (a proxy tries the next worker, a client tries again)."""
        assert self.cluster is not None
        head = await self.read(self.store.table, table_id)
        if head is None or head.status == FINISHED:
            return
        if not await self.read(self.cluster.claim, table_id):
            raise Refused("moved", f"table {table_id} is served by another worker; try again")

    def _keep(self, room: TableRoom) -> None:
        if room.data.status == FINISHED:
            self.live.pop(room.id, None)
            self.done[room.id] = room
            self.done.move_to_end(room.id)
            while len(self.done) > FINISHED_CACHE:
                self.done.popitem(last=False)
        else:
            self.live[room.id] = room

    # ------------------------------------------------------------ creating and joining
    async def create(
        self,
        guest: Guest,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seats: list[tuple[str, str | None]],
        public: bool,
        address: str = "",
        leaver: str = "bot",
        spectator_chat: str = "apart",
        clock: str = "none",
        on_timeout: str = "bot",
        rated: bool = False,
        invited: dict[int, str] | None = None,
    ) -> tuple[TableRoom, int | None, str | None]:
        """A new table. ``seats``: (kind, bot) per seat, kind ``me`` / ``invite`` / ``bot``. Returns the table,
        the creator's seat and its token (None when the creator does not play). ``address``: the network address
        of the request (``tables_per_hour_address``). ``leaver``, ``spectator_chat``: the table's settings
        (``models.LEAVERS``, ``models.SPECTATOR_CHAT``); ``clock``: a preset of ``tawa.web.clock.PRESETS`` or
        ``none``, with ``on_timeout`` (``tawa.web.clock.ON_TIMEOUT``); ``rated``: its result updates the ratings
        (``tawa.web.ratings.may_rate`` says which tables may be). ``invited``: seat -> the guest id of the
        registered player it is kept for, written with the table in one transaction (a public table never shows in
        the lobby with an invited seat that is not kept yet)."""
        await self._check_creation(guest, address)
        try:
            cls = game_class(game_id)
        except TawaError as e:
            raise Refused("bad_request", str(e)) from None
        if len(seats) != players:
            raise Refused("bad_request", f"{len(seats)} seats given for a {players}-player game")
        if sum(1 for kind, _ in seats if kind == "me") > 1:
            raise Refused("bad_request", "you can take only one seat at a table (invite the others)")
        if clock != "none" and clock not in PRESETS:
            raise Refused("bad_request", f"unknown clock {clock!r}: one of none, {', '.join(PRESETS)}")
        seed = secrets.randbits(62)
        try:
            game = new_game(cls.info.id, players, seed, options)
        except (TawaError, ValueError, TypeError) as e:
            raise Refused("bad_request", str(e)) from None
        now = clock_now()
        rows: list[SeatData] = []
        my_seat, my_token = None, None
        for i, (kind, bot) in enumerate(seats):
            if kind == "bot":
                try:
                    spec = resolve_bot(bot, self.settings.bot_budget)
                except ValueError as e:
                    raise Refused("bad_request", f"seat {i + 1}: {e}") from None
                rows.append(SeatData(i, BOT, bot=spec, name=bot_name(spec), joined_at=now))
            elif kind == "me":
                my_seat, my_token = i, new_token()
                rows.append(
                    SeatData(i, PERSON, name=guest.name, guest=guest.id, token_hash=hash_token(my_token), joined_at=now)
                )
            else:
                rows.append(SeatData(i, PERSON))
        why_not = may_rate(rows) if rated else None
        if why_not is not None:
            raise Refused("bad_request", why_not)
        if rated and my_seat is not None and await self.read(self.store.account, guest.id) is None:
            raise Refused("no_account", "a rated table is for registered players: register or log in first")
        running = not any(s.is_open for s in rows)
        data = TableData(
            id=self.cluster.new_id() if self.cluster is not None else secrets.token_urlsafe(9),
            game=cls.info.id,
            players=players,
            options=game.options,
            seed=seed,
            public=public,
            status=RUNNING if running else OPEN,
            seq=0,
            to_act=game.current_player if running else None,
            waiting_since=now,
            creator=guest.id,
            created_at=now,
            updated_at=now,
            started_at=now if running else None,
            seats=rows,
            leaver=leaver,
            spectator_chat=spectator_chat,
            clock=None if clock == "none" else preset(clock, on_timeout).to_json(),
            rated=rated,
        )
        if self.cluster is not None:  # the lease first: nobody else may load it once it exists
            await self.read(self.cluster.claim, data.id)
        kept = [(data.id, n, who, guest.name, now) for n, who in sorted((invited or {}).items())]
        await self.write(_create_with_invitations, data, kept)
        if address:
            self._created_by_address.setdefault(address, collections.deque()).append(now)
        room = TableRoom(self, data, game)
        if running:
            room.start_clocks(now)
        self._keep(room)
        room.kick_bot()
        return room, my_seat, my_token

    async def _check_creation(self, guest: Guest, address: str) -> None:
        """The creation limits: tables per hour (per guest, from the database; per address, in memory) and
        unfinished tables per guest."""
        st, now = self.settings, clock_now()
        if address:
            times = self._created_by_address.get(address)
            while times and times[0] < now - HOUR:
                times.popleft()
            if times is not None and not times:
                del self._created_by_address[address]
            elif times is not None and len(times) >= st.tables_per_hour_address:
                wait = int(times[0] + HOUR - now) + 1
                raise Refused(
                    "rate_limited",
                    f"at most {st.tables_per_hour_address} new tables an hour from one "
                    f"network address; try again in {wait // 60 + 1} minutes",
                )
        made, unfinished = await self.read(self.store.created_by, guest.id, now - HOUR)
        if made >= st.tables_per_hour_guest:
            raise Refused(
                "rate_limited", f"at most {st.tables_per_hour_guest} new tables an hour per player; try again later"
            )
        if unfinished >= st.open_tables_per_guest:
            raise Refused(
                "too_many_tables",
                f"you have {unfinished} unfinished tables (at most {st.open_tables_per_guest}); finish one first",
            )

    async def rematch(self, room: TableRoom, seat: int) -> tuple[TableRoom, int, str, list[int], str]:
        """The person at ``seat`` of the finished table ``room`` takes their seat at its rematch: the same game,
        options, bots and table rules, private, with the seats rotated by one (seat ``s`` sits at ``s + 1``, the last
        at the first); the first to ask creates it (and sits there), each other person takes the seat kept for
        them, and it starts when the last one has. Returns the rematch's room, the seat there and its token, the seats
        of ``room`` whose players sit there now, and who asked first."""
        old = room.data
        if old.status != FINISHED:
            raise Refused("not_finished", "a rematch is offered once the game is over")
        mine = old.seats[seat]
        if mine.kind != PERSON or mine.guest is None:
            raise Refused("not_your_turn", "only a person who played at this table can ask for its rematch")
        me = Guest(mine.guest, mine.name or "")
        n = old.players
        there = (seat + 1) % n
        async with room.lock:  # one rematch per table, whoever asks first
            if old.rematch is None and self.cluster is not None:  # another worker's players may have made it
                stored = await self.read(self.store.table, old.id)
                old.rematch = stored.rematch if stored is not None else None
            if old.rematch is None:
                seats: list[tuple[str, str | None]] = [("invite", None)] * n  # a person's seat: kept for them
                for s in old.seats:
                    if s.seat == seat or s.kind == BOT:
                        seats[(s.seat + 1) % n] = ("me", None) if s.seat == seat else (BOT, s.bot)
                control = TimeControl.from_json(old.clock) if old.clock else None
                new, at, token = await self.create(
                    me,
                    old.game,
                    n,
                    old.options,
                    seats,
                    public=False,
                    leaver=old.leaver,
                    spectator_chat=old.spectator_chat,
                    clock=control.id if control else "none",
                    on_timeout=control.on_timeout if control else "bot",
                    rated=old.rated,
                )
                assert at == there and token is not None
                await self.write(set_rematch, old.id, new.id)
                old.rematch = new.id
            else:
                new = await self.table(old.rematch)
                if any(s.guest == me.id for s in new.data.seats):
                    raise Refused("seat_taken", "you have taken your seat at the rematch already")
                token = await new.seat_guest(there, me, self.keys.invite_code(new.id, there))
        sat = {s.guest for s in new.data.seats if s.guest is not None}
        joined = [s.seat for s in old.seats if s.guest in sat]
        by = room.who(next((s.seat for s in old.seats if s.guest == new.data.creator), seat))
        room.rematch_offered(seat, joined, by)
        if self.share is not None:  # the players whose sockets are on other workers
            self.share.event(old.id, "rematch", rematch=new.id, seat=seat, joined=joined, by=by)
        return new, there, token, joined, by

    async def take_seat(self, table_id: str, seat: int, guest: Guest, invite: str | None) -> str:
        """Seat ``guest`` at an open seat of the table (``TableRoom.seat_guest``); returns the seat token."""
        return await (await self.table(table_id)).seat_guest(seat, guest, invite)


def _create_with_invitations(c: Connection, data: TableData, rows: list[tuple[str, int, str, str, float]]) -> None:
    """A new table and the invitations to its seats, in one transaction."""
    create_table(c, data)
    invite_many(c, rows)
