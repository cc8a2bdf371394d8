"""The table service: live games in memory, one writer per table, commit before broadcast.

Every change to a table (a person's move, a bot's move, a seat taken) runs under that table's lock:
validate -> apply -> append the move row and bump ``seq`` in one transaction (compare-and-set on ``seq``;
the move log's primary key ``(table, seq)`` is the backstop) -> commit -> only then acknowledge and push the
update to every subscribed client, each built for its own seat by ``tawa.web.views``. A move that cannot be
committed never reaches the table's game (it is played on a copy, which replaces the game once committed), so
memory never runs ahead of the log; after a failed commit the table is rebuilt from the database all the same, in
case the commit went through before the error.

The game of a running table stays in memory; loading one (at start or on demand) reads the latest snapshot
(``to_json``, stored every ``snapshot_every`` moves) and replays only the moves after it.
"""
from __future__ import annotations

import asyncio
import collections
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from tawa.core.errors import IllegalAction, TawaError
from tawa.core.game import Game
from tawa.core.registry import from_json, game_class, new_game, replay
from tawa.core.svgparts import Drawing, Key, Memo
from tawa.web.auth import Guest, Keys, hash_token, new_token, token_matches
from tawa.web.bots import BotPool, BotTimeout, fallback_for, resolve_bot, runnable_spec
from tawa.web.models import BOT, FINISHED, OPEN, PERSON, RUNNING
from tawa.web.settings import Settings
from tawa.web.storage import (
    Conflict,
    GroupWriter,
    Loaded,
    SeatData,
    Store,
    TableData,
    append_move,
    create_table,
    take_seat,
)
from tawa.web.views import board_drawing, bot_name, events_out, previews_of, view_of

log = logging.getLogger("tawa.web")
R = TypeVar("R")
FINISHED_CACHE = 256  # finished tables kept in memory for late viewers
PRESENCE_DELAY = 0.2  # presence changes of this long are sent as one message (300 joins: not 300 x 300 messages)
HOUR = 3600.0


_json = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


class Refused(Exception):
    """A request refused with a code from ``CODES``; nothing changed. ``v``: for ``duplicate``, the version the
    move was committed as."""

    def __init__(self, code: str, reason: str, rule: str | None = None, v: int | None = None,
                 opens: str | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"undocumented refusal code {code!r}")
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.rule = rule
        self.v = v
        self.opens = opens


# Every refusal the server gives, with what it means (docs/server.md lists them too).
CODES = {
    "bad_json": "the message is not JSON",
    "too_large": "the message is larger than the server accepts",
    "unknown_type": "the message's `t` is not a type the server knows",
    "bad_message": "a field is missing, unknown or of the wrong type",
    "rate_limited": "too many messages in a short time",
    "no_table": "there is no table with that id",
    "not_joined": "the connection has not joined that table",
    "bad_token": "the seat token is wrong for that table",
    "spectator": "a spectator cannot act",
    "not_started": "the table is still waiting for people",
    "game_over": "the game is over",
    "stale": "the move was made on an older version of the table",
    "duplicate": "that very move was already played (a retry, or another connection of the seat); `v` says as "
                 "which version",
    "not_your_turn": "another seat is to act",
    "unknown_action": "the action id is not one of this game's",
    "illegal": "the rules do not allow that action now (the rule is named)",
    "seat_taken": "somebody already sits there",
    "no_seat": "there is no such open seat",
    "bad_invite": "the invite code is wrong",
    "not_saved": "the database did not take the move; nothing changed, try again",
    "bad_request": "the request is not valid",
    "no_name": "choose a display name first",
    "forbidden": "that is not yours to see (another seat's replay view, another creator's invite links)",
    "not_finished": "only finished games have that",
    "not_found": "there is no such page or API route",
    "method_not_allowed": "that route does not take this HTTP method",
    "bad_host": "the request names a host this server does not answer to (TAWA_TRUSTED_HOSTS)",
    "timeout": "the request's head or body took too long to arrive",
    "too_many_tables": "the guest has as many unfinished tables as the server allows",
    "too_many_sockets": "as many connections as the server allows are open (from this address, or in all)",
    "too_many_joined": "the connection has joined as many tables as the server allows",
    "too_many_spectators": "the table has as many spectators as the server allows",
    "idle": "the connection joined no table for too long and is closed",
}


class Subscriber(Protocol):
    """A connection subscribed to a table (see ``tawa.web.ws``)."""

    def send(self, message: dict[str, Any] | str) -> None: ...


@dataclass(eq=False)
class Watcher:
    """A client's subscription to a table. A board client holds the board in parts: ``sent`` is the memo key of
    every part it was last sent and ``order`` their order, so that each update carries only the parts that
    changed (the server's messages to it are in order, and each is applied to the one before: see ``full``)."""

    conn: Subscriber
    seat: int | None
    board: bool = True   # False: no drawing; its views carry the seat's observation instead
    sent: dict[str, Key] = field(default_factory=dict)
    order: tuple[str, ...] | None = None
    fresh: bool = False   # the last message about the table it was sent is a full view of the table as it is now
    full_at: float = 0.0  # when its last full view was sent (time.monotonic)


@dataclass(eq=False)
class LiveTable:
    data: TableData
    game: Game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    last_move: tuple[int, int, str] | None = None   # (seq before it, seat, action) for duplicate detection
    bot_for: int = -1                               # the version a bot job was started for
    bot_task: asyncio.Task[None] | None = None
    spectators: int = 0
    presence_due: asyncio.TimerHandle | None = None  # the batched presence message, when one is pending

    @property
    def id(self) -> str:
        return self.data.id

    def names(self) -> list[str | None]:
        return [s.name for s in self.data.seats]


def rebuild(loaded: Loaded) -> Game:
    """A table's game from its latest snapshot and the moves after it (``tawa.replay`` when there is none)."""
    t = loaded.table
    if loaded.snapshot is not None:
        game = from_json(loaded.snapshot)
        for _seq, _seat, action, _at in loaded.moves:
            game.apply(action)
    else:
        game = replay(t.game, t.players, t.seed, t.options, [m[2] for m in loaded.moves])
    if len(game.history) != t.seq:
        raise RuntimeError(f"table {t.id}: the log has {len(game.history)} moves but the table says {t.seq}")
    return game


class TableService:
    def __init__(self, settings: Settings, store: Store, keys: Keys, bots: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.keys = keys
        self.bots = bots
        self.live: dict[str, LiveTable] = {}
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._readers = ThreadPoolExecutor(max_workers=settings.db_threads, thread_name_prefix="tawa-db")
        self._writer = GroupWriter(store.engine)
        self.memo = Memo()      # board parts by the pieces of the observation they are drawn from
        self._closing = False
        self._created_by_address: dict[str, collections.deque[float]] = {}   # creation times, the last hour
        self._fallback = fallback_for(settings)
        self._clamped: set[tuple[str, int]] = set()

    # ------------------------------------------------------------ database in threads
    async def read(self, fn: Callable[..., R], *args: Any) -> R:
        return await asyncio.get_running_loop().run_in_executor(self._readers, fn, *args)

    async def write(self, fn: Callable[..., None], *args: Any, committed: Callable[[], None] | None = None) -> None:
        """``fn(connection, *args)``, a write function of ``tawa.web.storage``, committed by the writer thread
        (group commit); returns once it is committed. ``committed()`` runs as soon as it is, together with the
        other jobs of its group commit and before any of them returns (see ``GroupWriter``)."""
        await self._writer.submit(asyncio.get_running_loop(), fn, *args, committed=committed)

    # ------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Load every running table and resume its bots."""
        self.bots.warm()
        for table_id in await self.read(self.store.running_ids):
            try:
                lt = await self.table(table_id)
            except Exception:  # one broken table must not keep the others from resuming
                log.exception("table %s could not be loaded", table_id)
                continue
            self._kick_bot(lt)

    async def stop(self) -> None:
        self._closing = True
        tasks = [lt.bot_task for lt in self.live.values() if lt.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        self._readers.shutdown(wait=True)
        self._writer.close()

    # ------------------------------------------------------------ loading
    async def table(self, table_id: str) -> LiveTable:
        """The live table (loaded from the database when needed); ``Refused('no_table')`` when none."""
        lt = self.live.get(table_id) or self.finished.get(table_id)
        if lt is not None:
            return lt
        pending = self._loading.get(table_id)
        if pending is None:
            pending = self._loading[table_id] = asyncio.get_running_loop().create_future()
            try:
                loaded = await self.read(self.store.load, table_id)
                lt = None if loaded is None else LiveTable(loaded.table, await self.read(rebuild, loaded))
                if lt is not None:
                    self._keep(lt)
                pending.set_result(lt)
            except BaseException as e:
                pending.set_exception(e)
                raise
            finally:
                del self._loading[table_id]
        lt = await asyncio.shield(pending)
        if lt is None:
            raise Refused("no_table", f"there is no table {table_id!r}")
        return lt

    def _keep(self, lt: LiveTable) -> None:
        if lt.data.status == FINISHED:
            self.live.pop(lt.id, None)
            self.finished[lt.id] = lt
            self.finished.move_to_end(lt.id)
            while len(self.finished) > FINISHED_CACHE:
                self.finished.popitem(last=False)
        else:
            self.live[lt.id] = lt

    # ------------------------------------------------------------ creating and joining
    async def create(self, guest: Guest, game_id: str, players: int, options: dict[str, Any],
                     seats: list[tuple[str, str | None]], public: bool,
                     address: str = "") -> tuple[LiveTable, int | None, str | None]:
        """A new table. ``seats``: (kind, bot) per seat, kind ``me`` / ``invite`` / ``bot``. Returns the table,
        the creator's seat and its token (None when the creator does not play). ``address``: the network address
        of the request (``tables_per_hour_address``)."""
        await self._check_creation(guest, address)
        try:
            cls = game_class(game_id)
        except TawaError as e:
            raise Refused("bad_request", str(e)) from None
        if len(seats) != players:
            raise Refused("bad_request", f"{len(seats)} seats given for a {players}-player game")
        if sum(1 for kind, _ in seats if kind == "me") > 1:
            raise Refused("bad_request", "you can take only one seat at a table (invite the others)")
        seed = secrets.randbits(62)
        try:
            game = new_game(cls.info.id, players, seed, options)
        except (TawaError, ValueError, TypeError) as e:
            raise Refused("bad_request", str(e)) from None
        now = time.time()
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
                rows.append(SeatData(i, PERSON, name=guest.name, guest=guest.id, token_hash=hash_token(my_token),
                                     joined_at=now))
            else:
                rows.append(SeatData(i, PERSON))
        running = not any(s.is_open for s in rows)
        data = TableData(id=secrets.token_urlsafe(9), game=cls.info.id, players=players, options=game.options,
                         seed=seed, public=public, status=RUNNING if running else OPEN, seq=0,
                         to_act=game.current_player if running else None, waiting_since=now, creator=guest.id,
                         created_at=now, updated_at=now, started_at=now if running else None, seats=rows)
        await self.write(create_table, data)
        if address:
            self._created_by_address.setdefault(address, collections.deque()).append(now)
        lt = LiveTable(data, game)
        self._keep(lt)
        self._kick_bot(lt)
        return lt, my_seat, my_token

    async def _check_creation(self, guest: Guest, address: str) -> None:
        """The creation limits: tables per hour (per guest, from the database; per address, in memory) and
        unfinished tables per guest."""
        st, now = self.settings, time.time()
        if address:
            times = self._created_by_address.get(address)
            while times and times[0] < now - HOUR:
                times.popleft()
            if times is not None and not times:
                del self._created_by_address[address]
            elif times is not None and len(times) >= st.tables_per_hour_address:
                wait = int(times[0] + HOUR - now) + 1
                raise Refused("rate_limited", f"at most {st.tables_per_hour_address} new tables an hour from one "
                                              f"network address; try again in {wait // 60 + 1} minutes")
        made, unfinished = await self.read(self.store.created_by, guest.id, now - HOUR)
        if made >= st.tables_per_hour_guest:
            raise Refused("rate_limited", f"at most {st.tables_per_hour_guest} new tables an hour per player; "
                                          "try again later")
        if unfinished >= st.open_tables_per_guest:
            raise Refused("too_many_tables", f"you have {unfinished} unfinished tables (at most "
                                             f"{st.open_tables_per_guest}); finish one first")

    async def take_seat(self, table_id: str, seat: int, guest: Guest, invite: str | None) -> str:
        """Seat ``guest`` at an open seat; returns the seat token. A private table needs the seat's invite
        code; a public one can be joined from the lobby. The table starts when its last seat is taken."""
        lt = await self.table(table_id)
        async with lt.lock:
            data = lt.data
            if data.status != OPEN:
                raise Refused("seat_taken", "the table is no longer waiting for players")
            if not 0 <= seat < data.players or not data.seats[seat].is_open:
                raise Refused("no_seat", f"seat {seat} is not an open seat of this table")
            if any(s.guest == guest.id for s in data.seats):
                raise Refused("seat_taken", "you already sit at this table")
            if not data.public and not (invite and self.keys.check_invite(table_id, seat, invite)):
                raise Refused("bad_invite", "this table is private: its invite link is needed to sit there")
            token, now = new_token(), time.time()
            start = sum(1 for s in data.seats if s.is_open) == 1
            to_act = lt.game.current_player if start else None
            try:
                await self.write(take_seat, table_id, seat, guest.id, guest.name, hash_token(token), now,
                                 start, to_act)
            except Conflict as e:
                raise Refused("seat_taken", str(e)) from None
            s = data.seats[seat]
            s.guest, s.name, s.token_hash, s.joined_at = guest.id, guest.name, hash_token(token), now
            data.updated_at = now
            if start:
                data.status, data.to_act, data.waiting_since, data.started_at = RUNNING, to_act, now, now
            for w in list(lt.watchers):
                self.send_full(lt, w)
            self._kick_bot(lt)
        return token

    def seat_for_token(self, lt: LiveTable, token: str) -> int:
        """The seat a token acts for; ``Refused('bad_token')`` otherwise (every seat's hash is compared)."""
        found = None
        for s in lt.data.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        if found is None:
            raise Refused("bad_token", "that seat token does not belong to this table; open your own seat link")
        return found

    # ------------------------------------------------------------ watching
    def full(self, lt: LiveTable, w: Watcher) -> dict[str, Any]:
        """The whole view of the table for ``w``: its board in every part (the parts it holds start again here)."""
        g = lt.game
        seat = w.seat
        obs = g.observation(seat)
        view = view_of(g, seat, lt.data.status, lt.names(), board="parts" if w.board else "none", obs=obs)
        w.sent, w.order = {}, None
        drawing = board_drawing(self.memo, g, obs) if w.board else None
        if drawing is not None:
            view["board"] = self._board_patch(w, drawing)
        return {"t": "full", "table": lt.id, "v": lt.data.seq, "seat": seat, "game": g.info.id, "name": g.info.name,
                "players": g.players, "seats": self.seats_out(lt), "log": events_out(g.log, seat), "view": view}

    @staticmethod
    def _board_patch(w: Watcher, drawing: Drawing) -> dict[str, Any]:
        patch = drawing.patch(w.sent, w.order)
        w.order = drawing.names
        return patch

    def previews(self, lt: LiveTable, w: Watcher, target: str) -> dict[str, str]:
        """The chooser pictures for the board element ``target`` (only for the seat to act)."""
        if w.seat is None:
            raise Refused("spectator", "spectators have no choices to preview")
        if lt.data.status != RUNNING or lt.game.current_player != w.seat:
            raise Refused("not_your_turn", "previews are for the seat to act")
        return previews_of(lt.game, w.seat, target)

    def seats_out(self, lt: LiveTable) -> list[dict[str, Any]]:
        here = {w.seat for w in lt.watchers}
        return [{"seat": s.seat, "label": lt.game.seat_label(s.seat), "kind": s.kind, "name": s.name,
                 "bot": s.bot, "open": s.is_open, "connected": s.kind == BOT or s.seat in here}
                for s in lt.data.seats]

    def watch(self, lt: LiveTable, conn: Subscriber, seat: int | None, board: bool = True) -> Watcher:
        """Subscribe ``conn`` to the table as ``seat`` (None: a spectator, at most ``max_spectators`` a table);
        its full view goes out now, the presence change with the next batch."""
        if seat is None and lt.spectators >= self.settings.max_spectators:
            raise Refused("too_many_spectators", f"this table has {lt.spectators} spectators, as many as the server "
                                                 "allows; open a seat link to play")
        w = Watcher(conn, seat, board)
        lt.watchers.add(w)
        lt.spectators += seat is None
        self.send_full(lt, w)
        self._presence(lt)
        return w

    def unwatch(self, lt: LiveTable, w: Watcher) -> None:
        if w in lt.watchers:
            lt.watchers.discard(w)
            lt.spectators -= w.seat is None
            self._presence(lt)

    def send_full(self, lt: LiveTable, w: Watcher) -> None:
        """Send ``w`` the table's full view; afterwards it holds the table as it is (``fresh``) until the next
        update."""
        w.conn.send(self.full(lt, w))
        w.fresh, w.full_at = True, time.monotonic()

    def _presence(self, lt: LiveTable) -> None:
        """Presence changes are batched: one message to every watcher per ``PRESENCE_DELAY``, however many
        joined or left meanwhile."""
        if lt.presence_due is None:
            lt.presence_due = asyncio.get_running_loop().call_later(PRESENCE_DELAY, self._send_presence, lt)

    def _send_presence(self, lt: LiveTable) -> None:
        lt.presence_due = None
        here = {w.seat for w in lt.watchers}
        msg = _json({"t": "presence", "table": lt.id,
                     "connected": [s.kind == BOT or s.seat in here for s in lt.data.seats],
                     "spectators": lt.spectators})   # encoded once for all
        for w in list(lt.watchers):
            w.conn.send(msg)

    # ------------------------------------------------------------ the move gate
    async def submit(self, table_id: str, seat: int, action: str, seq: int,
                     on_commit: Callable[[int], None] | None = None, bot: bool = False) -> int:
        """Play ``action`` for ``seat`` at version ``seq``; returns the new version. People and bots both
        come through here. ``on_commit(v)`` (the mover's acknowledgement) runs as soon as the move is committed:
        with the other moves of its group commit, before any of their updates is built and pushed, so an ack
        waits for the disk, not for other tables' pictures."""
        lt = await self.table(table_id)
        async with lt.lock:
            data, game = lt.data, lt.game
            if data.status == OPEN:
                left = sum(1 for s in data.seats if s.is_open)
                raise Refused("not_started", f"the table is waiting for {left} more player(s)")
            if data.status == FINISHED or game.is_over:
                raise Refused("game_over", "the game is over")
            kind = data.seats[seat].kind
            if (kind == BOT) != bot:
                raise Refused("not_your_turn", f"seat {game.seat_label(seat)} is not played from here")
            if seq != data.seq:
                if lt.last_move == (seq, seat, action) or await self._was_played(lt, seq, seat, action):
                    raise Refused("duplicate", f"this move was already played as version {seq + 1} (a retry, or "
                                               "another connection of your seat)", v=seq + 1)
                raise Refused("stale", f"you acted on version {seq} but the table is at version {data.seq}; "
                                       "here is the current view")
            if game.current_player != seat:
                to_act = game.current_player
                who = game.seat_label(to_act) if to_act is not None else "nobody"
                raise Refused("not_your_turn", f"it is {who}'s turn, not yours")
            if action not in game.action_space:
                raise Refused("unknown_action", f"{action!r} is not an action of {game.info.name}")
            # the move is played on a copy, which becomes the table's game once it is committed: until then every
            # view, sync and preview shows the committed position, never a move that may still fail to be saved
            game = game.clone()
            before = len(game.log)
            try:
                game.apply(action)
            except IllegalAction as e:
                raise Refused("illegal", str(e), e.rule, opens=e.opens) from None
            now = time.time()
            new_seq = data.seq + 1
            over = game.is_over
            snapshot = game.to_json() if not over and new_seq % self.settings.snapshot_every == 0 else None
            result = ({"scores": game.scores(), "ranking": game.ranking(), "capped": game.capped}
                      if over else None)
            acknowledge = None if on_commit is None else (lambda: on_commit(new_seq))
            try:
                await self.write(append_move, data.id, data.seq, seat, action, now, game.current_player,
                                 snapshot, result, committed=acknowledge)
            except Exception as e:
                log.exception("table %s: move %d not saved", data.id, new_seq)
                await self._reload(lt)
                raise Refused("not_saved", "the move could not be saved; nothing changed, try again") from e
            lt.game = game
            data.seq, data.to_act, data.updated_at, data.waiting_since = new_seq, game.current_player, now, now
            if over:
                data.status, data.finished_at, data.result = FINISHED, now, result
            lt.last_move = (new_seq - 1, seat, action)
            self._push(lt, before)
            if over:
                self._keep(lt)
            else:
                self._kick_bot(lt)
            return new_seq

    async def _was_played(self, lt: LiveTable, seq: int, seat: int, action: str) -> bool:
        """Whether ``seat`` played ``action`` as move ``seq + 1``: the move log knows, after a restart too (the
        memory's ``last_move`` does not survive one). Only the seat's own moves are matched, so the answer tells
        nobody anything about another seat's moves."""
        history = lt.game.history
        if not 0 <= seq < len(history) or history[seq] != action:
            return False
        return await self.read(self.store.move_seat, lt.id, seq + 1) == seat

    async def _reload(self, lt: LiveTable) -> None:
        loaded = await self.read(self.store.load, lt.id)
        if loaded is not None:
            lt.data, lt.game = loaded.table, await self.read(rebuild, loaded)

    def _push(self, lt: LiveTable, log_from: int) -> None:
        """Send move ``seq`` to every watcher, each its own seat's update: the observation is taken once per seat
        and its view encoded once per kind of client; a board client gets the parts that changed since its last
        message (watchers of one seat that hold the same parts share one encoded message)."""
        game, new, names = lt.game, lt.game.log[log_from:], lt.names()
        head = f'{{"t":"update","table":{json.dumps(lt.id)},"v":{lt.data.seq},"events":'
        seen: dict[int | None, Mapping[str, Any]] = {}
        drawings: dict[int | None, Drawing | None] = {}   # drawn only for a seat that a board client watches
        built: dict[Any, str] = {}
        for w in list(lt.watchers):
            obs = seen.get(w.seat)
            if obs is None:
                obs = seen[w.seat] = game.observation(w.seat)
            patch = None
            if w.board:
                if w.seat not in drawings:
                    drawings[w.seat] = board_drawing(self.memo, game, obs)
                drawing = drawings[w.seat]
                patch = self._board_patch(w, drawing) if drawing is not None else None
            key = (w.seat, w.board, None if patch is None else (tuple(patch["parts"]), "order" in patch))
            text = built.get(key)
            if text is None:
                base = built.get((w.seat, w.board))
                if base is None:
                    view = view_of(game, w.seat, lt.data.status, names, board="parts" if w.board else "none",
                                   obs=obs)
                    base = built[(w.seat, w.board)] = (head + _json(events_out(new, w.seat)) + ',"view":'
                                                       + _json(view)[:-1])
                text = built[key] = base + ("" if patch is None else ',"board":' + _json(patch)) + "}}"
            w.conn.send(text)
            w.fresh = False

    # ------------------------------------------------------------ bots
    def _kick_bot(self, lt: LiveTable) -> None:
        """Start the bot job when a bot seat is to act and none runs for this version yet."""
        if self._closing or lt.data.status != RUNNING:
            return
        seat = lt.game.current_player
        if seat is None or lt.data.seats[seat].kind != BOT or lt.bot_for == lt.data.seq:
            return
        lt.bot_for = lt.data.seq
        stored = lt.data.seats[seat].bot or "random"
        spec = runnable_spec(stored, self.settings.bot_budget)
        if spec != stored and (lt.id, seat) not in self._clamped:
            self._clamped.add((lt.id, seat))
            log.warning("table %s: seat %d's bot %r is outside this server's bot ranges or budget; it plays as %r",
                        lt.id, seat, stored, spec)
        lt.bot_task = asyncio.create_task(self._bot_turn(lt, seat, spec, lt.data.seq, lt.game.to_json()))

    async def _bot_turn(self, lt: LiveTable, seat: int, spec: str, seq: int, game_json: str) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        seed = secrets.randbits(62)
        table_id = lt.id
        try:
            action = await self.bots.choose(game_json, seat, spec, seed, owner=lt.data.creator)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a bot that fails (BotFailed) or overruns (BotTimeout) must not stall the table
            if isinstance(e, BotTimeout):
                log.warning("table %s: bot %s had no move at version %d after %.0f s (budget %g s + margin %g s); "
                            "its worker was replaced and the seat plays a %s move", table_id, spec, seq,
                            loop.time() - started, self.settings.bot_budget, self.settings.bot_margin,
                            self.settings.bot_fallback)
            else:
                log.error("table %s: bot %s failed at version %d (%s); the seat plays a %s move", table_id, spec,
                          seq, e, self.settings.bot_fallback)
            if lt.data.seq != seq:
                return
            action = await self.read(self._fallback, lt.game.clone(), seat, seed)
        wait = self.settings.bot_delay - (loop.time() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            await self.submit(table_id, seat, action, seq, bot=True)
        except Refused as r:  # the table moved on meanwhile (cannot happen today, but never crash)
            log.warning("table %s: bot move at version %d refused: %s", table_id, seq, r.reason)
