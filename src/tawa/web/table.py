"""One table, one room: its game, its lock, its watchers, its move gate, its pushes and its bot job.

Every change to a table (a person's move, a bot's move, a seat taken) runs under the room's lock:
validate -> apply -> append the move row and bump ``seq`` in one transaction (compare-and-set on ``seq``;
the move log's primary key ``(table, seq)`` is the backstop) -> commit -> only then acknowledge and push the
update to every watcher, each built for its own seat by ``tawa.web.views`` (the one redaction point) and
worded by ``tawa.web.protocol``'s builders. A move that cannot be committed never reaches the room's game (it is
played on a copy, which replaces the game once committed), so memory never runs ahead of the log; after a failed
commit the room is rebuilt from the database all the same, in case the commit went through before the error.

A table's clocks (``tawa.web.clock``) are folded from the same rows: each commit folds its row in, a load folds the
whole log, so they come out the same after a restart. The service's tick calls ``time_out`` once the running seat's
``deadline`` has passed; the row ``!timeout`` follows, then what the table's ``on_timeout`` says.

The room knows the server only through ``Hub`` (``tawa.web.service.TableService``: settings, the database
threads, the board memo, the bot pool); the service is the registry that loads and keeps rooms.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from tawa.core.errors import IllegalAction
from tawa.core.game import Game
from tawa.core.registry import from_json, replay
from tawa.core.svgparts import Changes, Drawing, Memo, Sight
from tawa.web.auth import INVISIBLE, Guest, Keys, hash_token, new_token, token_matches
from tawa.web.bots import BotPool, BotTimeout, runnable_spec
from tawa.web.clock import Clocks, TimeControl, idle_control
from tawa.web.clock import now as clock_now
from tawa.web.ledger import OUT_TEXT, RESIGN, RETURN, TIMEOUT, UNDO, Ledger, play_row, ranking_with_out
from tawa.web.models import BOT, FINISHED, OPEN, PERSON, RUNNING
from tawa.web.people import invited_to
from tawa.web.protocol import (
    ack_message,
    acked,
    chat_message,
    clock_text,
    encode,
    explain_message,
    full_message,
    help_message,
    presence_message,
    previews_message,
    rematch_message,
    update_base,
    update_text,
)
from tawa.web.refused import Refused
from tawa.web.settings import Settings
from tawa.web.storage import (
    CHAT_KEPT,
    ChatLine,
    Conflict,
    Loaded,
    Store,
    TableData,
    append_chat,
    append_move,
    take_seat,
)
from tawa.web.views import board_drawing, events_out, explain_of, previews_of, view_of

log = logging.getLogger("tawa.web")
R = TypeVar("R")
PRESENCE_DELAY = 0.2  # presence changes of this long are sent as one message (300 joins: not 300 x 300 messages)


class Subscriber(Protocol):
    """A connection subscribed to a table (see ``tawa.web.ws``)."""

    def send(self, message: dict[str, Any] | str) -> None: ...

    def moved(self, table: str) -> None:
        """The table moved to another worker (``tawa.web.cluster``): tell the client and close the connection, so
        that it reconnects through the proxy to the table's worker."""


class Hub(Protocol):
    """What a room needs of the server (``TableService``)."""

    settings: Settings
    store: Store
    keys: Keys
    bots: BotPool
    memo: Memo
    closing: bool

    async def read(self, fn: Callable[..., R], *args: Any) -> R: ...

    async def write(self, fn: Callable[..., None], *args: Any, committed: Callable[[], None] | None = None) -> None: ...

    def fallback(self, game: Game, seat: int, seed: int) -> str: ...

    def finished(self, room: TableRoom) -> None: ...


@dataclass(eq=False)
class Watcher:
    """A client's subscription to a table. A board client holds the board in parts: ``sent`` is the memo number
    of every part it was last sent and ``order`` their order, so that each update carries only the parts that
    changed (the server's messages to it are in order, and each is applied to the one before: see ``full``)."""

    conn: Subscriber
    seat: int | None
    board: bool = True  # False: no drawing; its views carry the seat's observation instead
    sent: dict[str, int] = field(default_factory=dict)
    order: tuple[str, ...] | None = None
    fresh: bool = False  # the last message about the table it was sent is a full view of the table as it is now
    full_at: float = 0.0  # when its last full view was sent (time.monotonic)

    def lacks(self, drawing: Drawing) -> Changes:
        """What this client lacks of ``drawing`` (``Drawing.changes``); from now on it holds it."""
        changes = drawing.changes(self.sent, self.order)
        self.order = drawing.names
        return changes


def rebuild(loaded: Loaded) -> Game:
    """A table's game from its latest snapshot and the log rows after it (``tawa.replay`` when there is none)."""
    return rebuild_room(loaded)[0]


def rebuild_room(loaded: Loaded) -> tuple[Game, Ledger]:
    """A table's game and ledger (``tawa.web.ledger``) from its latest snapshot and the log rows after it."""
    t = loaded.table
    ledger = Ledger()
    for seat, action, _at, _to_act in loaded.rows[: loaded.snapshot_seq]:  # the rows the snapshot's game holds
        ledger.note(seat, action)
    if loaded.snapshot is not None:
        game = from_json(loaded.snapshot)
    else:
        game = replay(t.game, t.players, t.seed, t.options, [])
    seqs = [m[0] for m in loaded.moves]
    if seqs != list(range(loaded.snapshot_seq + 1, t.seq + 1)):
        raise RuntimeError(
            f"table {t.id}: the log after version {loaded.snapshot_seq} is not rows "
            f"{loaded.snapshot_seq + 1} to {t.seq}"
        )
    for _seq, seat, action, _at in loaded.moves:
        game = play_row(game, ledger, seat, action)
    return game, ledger


def control_of(data: TableData, idle_days: float) -> TimeControl:
    """A table's time control: its own, or an untimed table's idle limit (``Settings.idle_days``)."""
    return TimeControl.from_json(data.clock) if data.clock else idle_control(idle_days)


def build_clocks(loaded: Loaded, idle_days: float) -> Clocks | None:
    """A started table's clocks, folded from its whole log (``Loaded.rows``); None before it started."""
    t = loaded.table
    if t.status == OPEN or t.started_at is None:
        return None
    rows = loaded.rows
    if rows and not rows[0][1].startswith("!"):
        first: int | None = rows[0][0]  # a move is taken only from the seat to act
    elif rows:
        first = replay(t.game, t.players, t.seed, t.options, []).current_player
    else:
        first = t.to_act
    bots = [s.seat for s in t.seats if s.kind == BOT]
    clocks = Clocks.start(control_of(t, idle_days), t.players, bots, first, t.started_at)
    for seat, action, at, to_act in rows:
        clocks.fold(seat, action, at, to_act)
    clocks.to_act = t.to_act  # the table row's: rows logged before the clocks were (no to_act) count no time
    return clocks


def _taken_back(game: Game, seat: int) -> Game:
    return game.take_back(seat, 1)


class TableRoom:
    """A live table (see the module's docstring)."""

    def __init__(
        self,
        hub: Hub,
        data: TableData,
        game: Game,
        ledger: Ledger | None = None,
        chat: list[ChatLine] | None = None,
        clocks: Clocks | None = None,
    ) -> None:
        self.hub = hub
        self.data = data
        self.game = game
        self.ledger = ledger or Ledger()
        self.clocks = clocks  # None until the table starts (``start_clocks``)
        self.chat: list[ChatLine] = list(chat or [])[-CHAT_KEPT:]  # the latest lines (all are stored)
        self._chat_n = self.chat[-1].n if self.chat else 0
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.spectators = 0
        self._last_move: tuple[int, int, str] | None = None  # (seq before it, seat, action): duplicate detection
        self._bot_for = -1  # the version a bot job was started for
        self.bot_task: asyncio.Task[None] | None = None
        self.dropped = False  # another worker owns the table now (``drop``)
        self.rematch_offer: tuple[int, str] | None = None  # the last rematch offer sent (its seat, its text)
        self._presence_due: asyncio.TimerHandle | None = None  # the batched presence message, when one is pending
        self._clamped: set[int] = set()  # bot seats warned about a spec out of range
        # each watched seat's latest board drawing: the next one makes keys only for the parts whose reads changed
        self._drawn: dict[int | None, Sight] = {}

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def running(self) -> bool:
        return self.data.status == RUNNING

    @property
    def control(self) -> TimeControl:
        return control_of(self.data, self.hub.settings.idle_days)

    def start_clocks(self, at: float) -> None:
        """The clocks of a table that starts now (its last seat was taken at ``at``)."""
        bots = [s.seat for s in self.data.seats if s.kind == BOT]
        self.clocks = Clocks.start(self.control, self.data.players, bots, self.game.current_player, at)

    def deadline(self) -> float | None:
        """When the running seat's time is up (None: the table is not running, or no person's time runs)."""
        return self.clocks.deadline() if self.running and self.clocks is not None else None

    def clock_out(self) -> dict[str, Any] | None:
        """The clocks as the protocol shows them (None: an untimed table, or one not started)."""
        if self.clocks is None or not self.clocks.control.shown:
            return None
        return self.clocks.out_for(self.data.finished_at if self.data.finished_at is not None else clock_now())

    def time_left(self) -> float | None:
        """Seconds left to the seat to act of a running timed table, when its time runs (the lobby's)."""
        clocks = self.clocks
        if not self.running or clocks is None or clocks.running is None or not clocks.control.shown:
            return None
        return clocks.left_at(clocks.running, clock_now())

    def names(self) -> list[str | None]:
        return [s.name for s in self.data.seats]

    def history(self) -> list[str]:
        """The action ids played so far (for a finished table's replay: a running game's never leave the room)."""
        return list(self.game.history)

    def to_act(self, seat: int | None) -> bool:
        """Whether ``seat`` is the seat to act now (never a spectator's, never before the start or after the end):
        the one test of "my turn" that help, previews and explanations all ask."""
        return seat is not None and self.running and self.game.current_player == seat

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot moves for ``seat``: a bot seat, or a person's seat that is out (resigned)."""
        return self.data.seats[seat].kind == BOT or seat in self.ledger.out

    def _acts(self, seat: int | None) -> bool:
        """Whether ``seat``'s views offer its legal actions when it is to act (not to a seat a bot plays now)."""
        return seat is None or not self.bot_plays(seat)

    def _undo_hint(self, seat: int | None) -> bool:
        """Whether ``seat`` made the latest decision, so that the page offers to take it back (the rule is checked
        when asked: ``Game.undoable`` costs a replay and is not worked out for every move)."""
        return seat is not None and self.ledger.last == seat and not self.bot_plays(seat)

    def who(self, seat: int) -> str:
        """A seat as the table's notices name it: ``P1 (Ana)``."""
        name = self.data.seats[seat].name
        label = self.game.seat_label(seat)
        return f"{label} ({name})" if name and name != label else label

    def connected_seats(self) -> set[int]:
        return {w.seat for w in self.watchers if w.seat is not None}

    # ------------------------------------------------------------ seats
    def seat_for_token(self, token: str) -> int:
        """The seat a token acts for; ``Refused('bad_token')`` otherwise (every seat's hash is compared)."""
        found = None
        for s in self.data.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        if found is None:
            raise Refused("bad_token", "that seat token does not belong to this table; open your own seat link")
        return found

    async def seat_guest(self, seat: int, guest: Guest, invite: str | None) -> str:
        """Seat ``guest`` at an open seat; returns the seat token. A private table needs the seat's invite code; a
        public one can be joined from the lobby. The table starts when its last seat is taken."""
        async with self.lock:
            data = self.data
            if data.status != OPEN:
                raise Refused("seat_taken", "the table is no longer waiting for players")
            if not 0 <= seat < data.players or not data.seats[seat].is_open:
                raise Refused("no_seat", f"seat {seat} is not an open seat of this table")
            if any(s.guest == guest.id for s in data.seats):
                raise Refused("seat_taken", "you already sit at this table")
            if not data.public and not (invite and self.hub.keys.check_invite(data.id, seat, invite)):
                raise Refused("bad_invite", "this table is private: its invite link is needed to sit there")
            kept = await self.hub.read(self.hub.store.reading, invited_to, data.id, seat)
            if kept not in (None, guest.id) and not (invite and self.hub.keys.check_invite(data.id, seat, invite)):
                raise Refused("invited", "this seat is kept for the player invited to it: its invite link is needed")
            if data.rated and await self.hub.read(self.hub.store.account, guest.id) is None:
                raise Refused("no_account", "this table is rated, for registered players: register or log in first")
            token, now = new_token(), clock_now()
            start = sum(1 for s in data.seats if s.is_open) == 1
            to_act = self.game.current_player if start else None
            try:
                await self.hub.write(
                    take_seat, data.id, seat, guest.id, guest.name, hash_token(token), now, start, to_act
                )
            except Conflict as e:
                raise Refused("seat_taken", str(e)) from None
            s = data.seats[seat]
            s.guest, s.name, s.token_hash, s.joined_at = guest.id, guest.name, hash_token(token), now
            data.updated_at = now
            if start:
                data.status, data.to_act, data.waiting_since, data.started_at = RUNNING, to_act, now, now
                self.start_clocks(now)
            for w in list(self.watchers):
                self.send_full(w)
            self.kick_bot()
        return token

    def seats_out(self) -> list[dict[str, Any]]:
        here = {w.seat for w in self.watchers}
        out = self.ledger.out
        return [
            {
                "seat": s.seat,
                "label": self.game.seat_label(s.seat),
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "open": s.is_open,
                "connected": s.kind == BOT or s.seat in here,
                "out": out.get(s.seat),
            }
            for s in self.data.seats
        ]

    # ------------------------------------------------------------ watching
    def full(self, w: Watcher, notice: str | None = None) -> dict[str, Any]:
        """The whole view of the table for ``w``: its board in every part (the parts it holds start again here)."""
        g, seat, data = self.game, w.seat, self.data
        obs = g.observation(seat)
        view = view_of(
            g, seat, data.status, self.names(), self._acts(seat), "parts" if w.board else "none", obs, data.result
        )
        w.sent, w.order = {}, None
        drawing = self._drawing(seat, obs) if w.board else None
        if drawing is not None:
            view["board"] = drawing.patch_of(w.lacks(drawing))
        chat = [self._chat_out(line) for line in self.chat if self._may_read(seat, line)]
        return full_message(
            self.id,
            data.seq,
            seat,
            g.info.id,
            g.info.name,
            g.players,
            self.seats_out(),
            events_out(g.log, seat),
            view,
            chat,
            data.leaver,
            data.spectator_chat,
            self._undo_hint(seat) and self.running,
            notice,
            self.clock_out(),
            data.rematch,
        )

    def watch(self, conn: Subscriber, seat: int | None, board: bool = True) -> Watcher:
        """Subscribe ``conn`` to the table as ``seat`` (None: a spectator, at most ``max_spectators`` a table);
        its full view goes out now, the presence change with the next batch."""
        most = self.hub.settings.max_spectators
        if seat is None and self.spectators >= most:
            raise Refused(
                "too_many_spectators",
                f"this table has {self.spectators} spectators, as many as the server allows; open a seat link to play",
            )
        w = Watcher(conn, seat, board)
        self.watchers.add(w)
        self.spectators += seat is None
        self.send_full(w)
        offer = self.rematch_offer
        if offer is not None and seat is not None and seat != offer[0]:
            conn.send(offer[1])  # the offer, who made it and who joined: the full view names only the rematch
        self._presence()
        return w

    def unwatch(self, w: Watcher) -> None:
        if w in self.watchers:
            self.watchers.discard(w)
            self.spectators -= w.seat is None
            if not any(o.board and o.seat == w.seat for o in self.watchers):
                self._drawn.pop(w.seat, None)
            self._presence()

    def _drawing(self, seat: int | None, obs: Mapping[str, Any]) -> Drawing | None:
        """The board of ``obs`` (``seat``'s observation of the room's game now) in parts, through the memo and the
        seat's previous drawing; kept as the seat's latest."""
        drawing = board_drawing(self.hub.memo, self.game, obs, self._drawn.get(seat))
        if drawing is not None:
            self._drawn[seat] = drawing.sight()
        return drawing

    def send_full(self, w: Watcher, notice: str | None = None) -> None:
        """Send ``w`` the table's full view; afterwards it holds the table as it is (``fresh``) until the next
        update."""
        w.conn.send(self.full(w, notice))
        w.fresh, w.full_at = True, time.monotonic()

    def _announce(self, notice: str) -> None:
        """A table event (a take-back, a resignation) changed more than an update says: everyone gets a full view,
        with the notice of what happened."""
        for w in list(self.watchers):
            self.send_full(w, notice)

    def _presence(self) -> None:
        """Presence changes are batched: one message to every watcher per ``PRESENCE_DELAY``, however many
        joined or left meanwhile."""
        if self._presence_due is None:
            self._presence_due = asyncio.get_running_loop().call_later(PRESENCE_DELAY, self._send_presence)

    def _send_presence(self) -> None:
        self._presence_due = None
        here = {w.seat for w in self.watchers}
        text = encode(
            presence_message(self.id, [s.kind == BOT or s.seat in here for s in self.data.seats], self.spectators)
        )  # encoded once for all
        for w in list(self.watchers):
            w.conn.send(text)

    # ------------------------------------------------------------ questions of one watcher
    def help(self, w: Watcher, action: str, ack: int | None) -> dict[str, Any]:
        """The long help text of one of ``w``'s legal actions."""
        legal = {a.id: a for a in self.game.legal_actions()} if self.to_act(w.seat) else {}
        if action not in legal:
            raise Refused("illegal", f"{action!r} is not one of your legal actions now")
        return help_message(self.id, action, ack, self.game.help_text(legal[action]))

    def explain(self, w: Watcher, action: str | None, element: str | None, ack: int | None) -> dict[str, Any]:
        """Why an action (or a board part) is not open to ``w`` now."""
        answer = explain_of(self.game, w.seat, self.data.status, action, element)
        return explain_message(self.id, action, element, ack, answer)

    def previews(self, w: Watcher, target: str, ack: int | None) -> dict[str, Any]:
        """The chooser pictures for the board element ``target`` (only for the seat to act)."""
        if w.seat is None:
            raise Refused("spectator", "spectators have no choices to preview")
        if not self.to_act(w.seat):
            raise Refused("not_your_turn", "previews are for the seat to act")
        return previews_message(self.id, self.data.seq, target, ack, previews_of(self.game, w.seat, target))

    # ------------------------------------------------------------ the move gate
    def _check_running(self) -> None:
        data = self.data
        if self.dropped:
            raise Refused("moved", "this table is served by another worker now; join it again")
        if data.status == OPEN:
            left = sum(1 for s in data.seats if s.is_open)
            raise Refused("not_started", f"the table is waiting for {left} more player(s)")
        if data.status == FINISHED or self.game.is_over:
            raise Refused("game_over", "the game is over")

    async def submit(
        self,
        seat: int,
        action: str,
        seq: int,
        on_commit: Callable[[int], None] | None = None,
        bot: bool = False,
        mover: Watcher | None = None,
        ack: int | None = None,
    ) -> int:
        """Play ``action`` for ``seat`` at version ``seq``; returns the new version. People and bots both
        come through here. ``mover``: the watcher whose ``move`` it is, whose update carries ``ack`` (its
        acknowledgement: one message where an ``ack`` and an ``update`` were two, docs/performance.md).
        ``on_commit(v)`` runs as soon as the move is committed, with the other moves of its group commit."""
        async with self.lock:
            data, game = self.data, self.game
            self._check_running()
            if self.bot_plays(seat) != bot:
                out = self.ledger.out.get(seat)
                why = f"a bot plays it now (it {out})" if out else "it is not played from here"
                raise Refused("not_your_turn", f"seat {game.seat_label(seat)}: {why}")
            if not bot:
                self._check_time(seat)
            if seq != data.seq:
                if self._last_move == (seq, seat, action) or await self._was_played(seq, seat, action):
                    raise Refused(
                        "duplicate",
                        f"this move was already played as version {seq + 1} (a retry, or "
                        "another connection of your seat)",
                        v=seq + 1,
                    )
                raise Refused(
                    "stale",
                    f"you acted on version {seq} but the table is at version {data.seq}; here is the current view",
                )
            if game.current_player != seat:
                to_act = game.current_player
                who = game.seat_label(to_act) if to_act is not None else "nobody"
                raise Refused("not_your_turn", f"it is {who}'s turn, not yours")
            if action not in game.action_space:
                raise Refused("unknown_action", f"{action!r} is not an action of {game.info.name}")
            # the move is played on a copy, which becomes the room's game once it is committed: until then every
            # view, sync and preview shows the committed position, never a move that may still fail to be saved
            game = game.clone()
            before = len(game.log)
            try:
                game.apply(action)
            except IllegalAction as e:
                raise Refused("illegal", str(e), e.rule, opens=e.opens) from None
            result = self._result(game) if game.is_over else None
            new_seq = await self._commit(seat, action, game, result, on_commit)
            self._last_move = (new_seq - 1, seat, action)
            told = False
            try:
                told = self._push(before, mover, ack)
            finally:  # the move is committed: its mover is told so even where its update was not sent
                if mover is not None and not told:
                    mover.conn.send(ack_message(self.id, ack, new_seq))
            self._after(result)
            return new_seq

    def _result(
        self, game: Game, ranking: list[int] | None = None, leaving: int | None = None, why: str = RESIGN
    ) -> dict[str, Any]:
        """The table's result: the game's scores and ranking, where the seats that are out are placed by the
        table's ``leaver`` setting (``ranking_with_out``); ``ranking`` given: a table ended by ``leaving``'s
        resignation or time-out (``why``)."""
        out = dict(self.ledger.out)
        if leaving is not None:
            out[leaving] = OUT_TEXT[why]
        places = ranking if ranking is not None else ranking_with_out(game.ranking(), out, self.data.leaver)
        result: dict[str, Any] = {"scores": game.scores(), "ranking": places, "capped": game.capped}
        if out:
            result["out"] = {str(s): why for s, why in out.items()}
        return result

    def _ending(self, leaving: int, why: str) -> dict[str, Any] | None:
        """The result when ``leaving`` goes out now (``why``: resigned, timed out) and that ends the table: a 2-player
        resignation (the other first), a time-out at a table whose ``on_timeout`` is ``end`` (the seat last, the
        others by their standing), or the last person resigning (*abandoned*: every person left for good, so the bots
        do not play on for nobody; the people are placed last, the first to leave lowest). A seat that timed out may
        come back, so while one is out that way its bot plays on and the game ends by itself. None: it goes on."""
        game = self.game
        out = {**self.ledger.out, leaving: OUT_TEXT[why]}
        if why == RESIGN and game.players == 2:
            return self._result(game, [2 if s == leaving else 1 for s in range(2)], leaving, why)
        if why == TIMEOUT and self.control.on_timeout == "end":
            others = ranking_with_out(game.ranking(), dict(self.ledger.out), self.data.leaver)
            return self._result(game, ranking_with_out(others, {leaving: OUT_TEXT[why]}, "last"), leaving, why)
        if all(out.get(s.seat) == OUT_TEXT[RESIGN] for s in self.data.seats if s.kind == PERSON):
            result = self._result(game, ranking_with_out(game.ranking(), out, "last"), leaving, why)
            result["abandoned"] = True
            return result
        return None

    async def _commit(
        self, seat: int, action: str, game: Game, result: dict[str, Any] | None, on_commit: Callable[[int], None] | None
    ) -> int:
        """Append log row ``seq + 1`` (a move or a table event, ``tawa.web.ledger``) that leaves the table at
        ``game`` (ended with ``result`` when given), commit it, and only then make ``game`` the room's. Under the
        lock. ``Refused('not_saved')`` when the database did not take it (the room is reloaded from it)."""
        data = self.data
        now = clock_now()
        new_seq = data.seq + 1
        over = result is not None
        snapshot = game.to_json() if not over and new_seq % self.hub.settings.snapshot_every == 0 else None
        to_act = None if over else game.current_player
        acknowledge = None if on_commit is None else (lambda: on_commit(new_seq))
        try:
            await self.hub.write(
                append_move, data.id, data.seq, seat, action, now, to_act, snapshot, result, committed=acknowledge
            )
        except Exception as e:
            log.exception("table %s: row %d (%s) not saved", data.id, new_seq, action)
            await self._reload()
            raise Refused("not_saved", "the move could not be saved; nothing changed, try again") from e
        self.game = game
        self.ledger.note(seat, action)
        if self.clocks is not None:
            self.clocks.fold(seat, action, now, to_act)
        data.seq, data.to_act, data.updated_at, data.waiting_since = new_seq, to_act, now, now
        if over:
            data.status, data.finished_at, data.result = FINISHED, now, result
        return new_seq

    def _after(self, result: dict[str, Any] | None) -> None:
        if result is not None:
            self.hub.finished(self)
        else:
            self.kick_bot()

    async def undo(self, seat: int, seq: int, on_commit: Callable[[int], None] | None = None) -> int:
        """Take back ``seat``'s latest decision, seen at version ``seq`` (rule "undo", ``Game.take_back``): the
        log gets an ``!undo`` row, everyone gets the table's full view (the board goes back). Returns the version."""
        async with self.lock:
            self._check_running()
            if self.bot_plays(seat):
                raise Refused("not_your_turn", "a bot plays this seat now; nothing of it can be taken back")
            self._check_time(seat)
            if self.ledger.own.get(seat, 0) == 0:
                raise Refused(
                    "illegal",
                    "the latest decision of this seat was a bot's, made while the seat was out: only your own "
                    "decisions can be taken back",
                    "undo",
                    opens="a decision of your own",
                )
            if seq != self.data.seq:
                raise Refused(
                    "stale",
                    f"you asked on version {seq} but the table is at version {self.data.seq}; here is the current view",
                )
            try:  # a replay from the seed: off the event loop
                game = await self.hub.read(_taken_back, self.game, seat)  # a new game; the room's is only read
            except IllegalAction as e:
                raise Refused("illegal", str(e), e.rule, opens=e.opens) from None
            new_seq = await self._commit(seat, UNDO, game, None, on_commit)
            self._last_move = None
            self._announce(f"{self.who(seat)} took back a decision")
            return new_seq

    async def resign(self, seat: int, on_commit: Callable[[int], None] | None = None) -> int:
        """``seat`` resigns: a 2-player table ends with the other seat first; with more players a bot plays the
        seat from then on (ranked last where the table's ``leaver`` is ``last``). Returns the version."""
        async with self.lock:
            self._check_running()
            if self.data.seats[seat].kind == BOT:
                raise Refused("not_your_turn", "a bot seat cannot resign")
            if seat in self.ledger.out:
                raise Refused("out", f"{self.who(seat)} is out already ({self.ledger.out[seat]}); a bot plays the seat")
            self._check_time(seat)
            result = self._ending(seat, RESIGN)
            new_seq = await self._commit(seat, RESIGN, self.game, result, on_commit)
            self._last_move = None
            self._announce(f"{self.who(seat)} resigned" + _what_follows(result))
            self._after(result)
            return new_seq

    def _check_time(self, seat: int) -> None:
        """``Refused('time_up')`` when ``seat``'s time is running and has run out (its time-out is about to be
        logged: nothing it sends counts any more)."""
        clocks, due = self.clocks, self.deadline()
        if clocks is not None and clocks.running == seat and due is not None and due <= clock_now():
            raise Refused("time_up", "your time ran out before this arrived")

    async def time_out(self) -> int | None:
        """The running seat's time is up (the service's tick asks once its ``deadline`` passed): log ``!timeout``,
        then a bot plays the seat or the table ends (``on_timeout``; the last person out ends it too). Returns the
        version, or None when nothing was due (a move came first)."""
        async with self.lock:
            clocks, at = self.clocks, clock_now()
            if not self.running or clocks is None:
                return None
            seat, due = clocks.running, clocks.deadline()
            if seat is None or due is None or due > at or seat != self.data.to_act or seat != self.game.current_player:
                return None
            result = self._ending(seat, TIMEOUT)
            new_seq = await self._commit(seat, TIMEOUT, self.game, result, None)
            self._last_move = None
            self._announce(f"{self.who(seat)} ran out of time" + _what_follows(result))
            self._after(result)
            return new_seq

    async def come_back(self, seat: int, on_commit: Callable[[int], None] | None = None) -> int:
        """The person of a seat that timed out takes it back from the bot (row ``!return``): it has the control's
        ``grace`` seconds again. Returns the version."""
        async with self.lock:
            self._check_running()
            why = self.ledger.out.get(seat)
            if why != OUT_TEXT[TIMEOUT]:
                raise Refused(
                    "not_out",
                    "your seat is yours to play already"
                    if why is None
                    else "a seat that resigned cannot be taken back; a bot plays it to the end",
                )
            new_seq = await self._commit(seat, RETURN, self.game, None, on_commit)
            self._last_move = None
            self._announce(f"{self.who(seat)} is back and plays the seat again")
            self.kick_bot()
            return new_seq

    # ------------------------------------------------------------ rematch
    def rematch_offered(self, seat: int, joined: list[int], by: str) -> None:
        """``seat`` took its seat at this finished table's rematch: every other seat's player watching here gets the
        offer (``rematch``, without a seat or token: theirs is kept for them until they take it)."""
        rematch = self.data.rematch
        if rematch is None:
            return
        text = encode(rematch_message(self.id, rematch, by, joined))
        self.rematch_offer = (seat, text)  # for a player who opens the table later (``watch``)
        for w in list(self.watchers):
            if w.seat is not None and w.seat != seat:
                w.conn.send(text)

    # ------------------------------------------------------------ chat
    def _may_read(self, seat: int | None, line: ChatLine) -> bool:
        """Players' lines go to everyone; spectators' lines to spectators only, during the game and after it (the
        replay shows each line to those who could read it live: ``tawa.web.api``'s chat route)."""
        return line.seat is not None or seat is None

    def _chat_out(self, line: ChatLine) -> dict[str, Any]:
        return chat_message(self.id, line.n, line.seat, line.name, line.text, line.at)

    async def say(self, w: Watcher, name: str | None, text: str, on_commit: Callable[[int], None] | None = None) -> int:
        """A chat line from ``w`` (a seat's, or a spectator's named ``name``): stored, then sent to whoever may
        read it. Returns its number."""
        st, data = self.hub.settings, self.data
        if st.chat_per_table == 0:
            raise Refused("chat_off", "this server has no chat")
        if w.seat is None and data.spectator_chat == "off":
            raise Refused("chat_off", "this table's spectators cannot chat")
        who = data.seats[w.seat].name if w.seat is not None else name
        if not who:
            raise Refused("no_name", "choose a display name first to chat")
        text = clean_chat(text)
        if not text:
            raise Refused("bad_message", "a chat message needs some text")
        if len(text) > st.chat_max_chars:
            raise Refused("too_large", f"a chat message may have at most {st.chat_max_chars} characters")
        async with self.lock:
            if self._chat_n >= st.chat_per_table:
                raise Refused(
                    "chat_full", f"this table holds {st.chat_per_table} chat messages, as many as the server allows"
                )
            line = ChatLine(self._chat_n + 1, w.seat, who, text, clock_now())
            done = None if on_commit is None else (lambda: on_commit(line.n))
            try:
                await self.hub.write(append_chat, data.id, line, committed=done)
            except Exception as e:
                log.exception("table %s: chat line %d not saved", data.id, line.n)
                raise Refused("not_saved", "the message could not be saved; try again") from e
            self._chat_n = line.n
            self.chat = [*self.chat[-(CHAT_KEPT - 1) :], line]
        text_out = encode(self._chat_out(line))
        for other in list(self.watchers):
            if self._may_read(other.seat, line):
                other.conn.send(text_out)
        return line.n

    async def _was_played(self, seq: int, seat: int, action: str) -> bool:
        """Whether ``seat`` played ``action`` as move ``seq + 1``: the move log knows, after a restart too (the
        memory's last move does not survive one). Only the seat's own moves are matched, so the answer tells
        nobody anything about another seat's moves."""
        if not 0 <= seq < self.data.seq:
            return False
        return await self.hub.read(self.hub.store.move_at, self.id, seq + 1) == (seat, action)

    async def _reload(self) -> None:
        loaded = await self.hub.read(self.hub.store.load, self.id)
        if loaded is not None:
            self.data = loaded.table
            self.game, self.ledger = await self.hub.read(rebuild_room, loaded)
            self.clocks = await self.hub.read(build_clocks, loaded, self.hub.settings.idle_days)

    def _push(self, log_from: int, mover: Watcher | None = None, ack: int | None = None) -> bool:
        """Send move ``seq`` to every watcher, each its own seat's update: the observation is taken once per seat
        and its view encoded once per kind of client; a board client gets the parts that changed since its last
        message (watchers of one seat that hold the same parts share one encoded message). Each update of a timed
        table carries the clocks; the ``mover``'s carries its ``ack``. Whether the mover was sent its update."""
        game, new, names = self.game, self.game.log[log_from:], self.names()
        clocks = self.clock_out()
        clock = None if clocks is None else clock_text(clocks)
        seen: dict[int | None, Mapping[str, Any]] = {}
        drawings: dict[int | None, Drawing | None] = {}  # drawn only for a seat that a board client watches
        built: dict[Any, str] = {}
        seen_by = list(self.watchers)
        for w in seen_by:
            obs = seen.get(w.seat)
            if obs is None:
                obs = seen[w.seat] = game.observation(w.seat)
            drawing, changes = None, None
            if w.board:
                if w.seat not in drawings:
                    drawings[w.seat] = self._drawing(w.seat, obs)
                drawing = drawings[w.seat]
                if drawing is not None:
                    changes = w.lacks(drawing)
            key = (w.seat, w.board, changes)
            text = built.get(key)
            if text is None:
                base = built.get((w.seat, w.board))
                if base is None:
                    view = view_of(
                        game,
                        w.seat,
                        self.data.status,
                        names,
                        self._acts(w.seat),
                        "parts" if w.board else "none",
                        obs,
                        self.data.result,
                    )
                    base = built[(w.seat, w.board)] = update_base(self.id, self.data.seq, events_out(new, w.seat), view)
                patch = None if drawing is None or changes is None else drawing.patch_json(changes)
                text = built[key] = update_text(base, patch, clock)
            w.conn.send(text if w is not mover else acked(text, ack))
            w.fresh = False
        return mover is not None and mover in seen_by

    def drop(self) -> None:
        """This worker no longer owns the table (``tawa.web.cluster``): its bot job stops, its watchers are told
        ``moved`` and their connections close; the room is forgotten by the service. Nothing is lost: every
        acknowledged move is in the log the next owner loads."""
        self.dropped = True
        if self.bot_task is not None:
            self.bot_task.cancel()
        for w in list(self.watchers):
            self.watchers.discard(w)
            w.conn.moved(self.id)

    # ------------------------------------------------------------ bots
    def kick_bot(self) -> None:
        """Start the bot job when a bot seat is to act and none runs for this version yet."""
        if self.hub.closing or self.dropped or not self.running:
            return
        seat = self.game.current_player
        if seat is None or not self.bot_plays(seat) or self._bot_for == self.data.seq:
            return
        self._bot_for = self.data.seq
        if self.data.seats[seat].kind == BOT:
            stored = self.data.seats[seat].bot or "random"
        else:  # a person's seat that is out: the cheap bot plays it (its moves are in the log as that seat's)
            stored = self.hub.settings.bot_fallback
        spec = runnable_spec(stored, self.hub.settings.bot_budget)
        if spec != stored and seat not in self._clamped:
            self._clamped.add(seat)
            log.warning(
                "table %s: seat %d's bot %r is outside this server's bot ranges or budget; it plays as %r",
                self.id,
                seat,
                stored,
                spec,
            )
        self.bot_task = asyncio.create_task(self._bot_turn(seat, spec, self.data.seq, self.game.to_json()))

    async def _bot_turn(self, seat: int, spec: str, seq: int, game_json: str) -> None:
        loop = asyncio.get_running_loop()
        settings = self.hub.settings
        started = loop.time()
        seed = secrets.randbits(62)
        try:
            action = await self.hub.bots.choose(game_json, seat, spec, seed, owner=self.data.creator)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a bot that fails (BotFailed) or overruns (BotTimeout) must not stall the table
            if isinstance(e, BotTimeout):
                log.warning(
                    "table %s: bot %s had no move at version %d after %.0f s (budget %g s + margin %g s); "
                    "its worker was replaced and the seat plays a %s move",
                    self.id,
                    spec,
                    seq,
                    loop.time() - started,
                    settings.bot_budget,
                    settings.bot_margin,
                    settings.bot_fallback,
                )
            else:
                log.error(
                    "table %s: bot %s failed at version %d (%s); the seat plays a %s move",
                    self.id,
                    spec,
                    seq,
                    e,
                    settings.bot_fallback,
                )
            if self.data.seq != seq:
                return
            action = await self.hub.read(self.hub.fallback, self.game.clone(), seat, seed)
        wait = settings.bot_delay - (loop.time() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            await self.submit(seat, action, seq, bot=True)
        except Refused as r:  # the table moved on meanwhile (cannot happen today, but never crash)
            log.warning("table %s: bot move at version %d refused: %s", self.id, seq, r.reason)


def _what_follows(result: dict[str, Any] | None) -> str:
    if result is None:
        return "; a bot plays the seat"
    return "; nobody is left to play, so the game ends here" if result.get("abandoned") else ""


def clean_chat(text: str) -> str:
    """A chat message as stored: control characters (but line breaks) and invisible marks dropped, at most two line
    breaks in a row, no leading or trailing blanks. It is shown as text everywhere (never as markup)."""
    kept = "\n".join(INVISIBLE.sub("", line).rstrip() for line in text.replace("\r\n", "\n").split("\n"))
    while "\n\n\n" in kept:
        kept = kept.replace("\n\n\n", "\n\n")
    return kept.strip()
