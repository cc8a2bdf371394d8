"""Turn alerts by e-mail (issue 26): when a person's turn at a turn-based table (a ``days`` clock) or an untimed one
has lasted ``Settings.mail_turn_after`` seconds, and their account has a verified address with alerts on, one mail
names the table and the game, with the table's link. One mail a turn: not again until the turn has passed to another
seat and come back (a take-back gives the seat the same turn again, not a new one).

It rides on the table service's 1 s tick (``TableService._tick`` calls ``look``), which costs nothing per table but
arithmetic on the room's clocks: a turn's start is its deadline less the control's time a turn (``Clocks``: at these
controls the time left starts again at each turn), the same after a restart since the clocks are worked out from the
move log. A turn is looked up once (one account read) when it is due; a mailed turn is written to ``turn_mails``
before its mail goes, so after a kill -9 or a restart no second mail goes for it (at most once: a mail lost in the
crash is not sent again). Tables with a real-time (Fischer) clock send none: their players are at the table.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from tawa.web.clock import now as clock_now
from tawa.web.mail import Mailer
from tawa.web.storage import mark_turn_mailed

if TYPE_CHECKING:
    from tawa.web.service import TableService
    from tawa.web.table import TableRoom

log = logging.getLogger("tawa.web.mail")
SAME_TURN = 1.0  # seconds (at most half of mail_turn_after): two turn starts of a seat this close are one turn
SWEEP_EVERY = 600  # looks between two sweeps of the turns of tables no longer running


class TurnAlerts:
    """The mails of turns that last: ``look`` once a tick."""

    def __init__(self, svc: TableService, mailer: Mailer) -> None:
        self.svc = svc
        self.mailer = mailer
        self.after = svc.settings.mail_turn_after
        self.looked: dict[tuple[str, int], float] = {}  # (table, seat) -> the start of the latest turn looked at
        self.ready = False  # until the mailed turns are read back (``start``), nothing is looked at
        self._looks = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Read back the turns mailed before (a restart), then look at turns from the next tick on."""
        if not self.mailer.on:
            return
        self.looked.update(await self.svc.read(self.svc.store.turns_mailed))
        self.ready = True

    def look(self) -> None:
        """Every running turn-based or untimed table whose person's turn has lasted ``after`` seconds and was not
        looked at yet: its alert (one task) is on its way."""
        if not self.ready:
            return
        at = clock_now()
        for room in list(self.svc.live.values()):
            clocks = room.clocks
            if clocks is None or not room.running or not clocks.control.per_turn:
                continue
            seat = clocks.running
            if seat is None:
                continue
            start = clocks.since + clocks.left[seat] - clocks.control.base
            if at - start < self.after:
                continue
            key = (room.id, seat)
            seen = self.looked.get(key)
            if seen is not None and start <= seen + min(SAME_TURN, self.after / 2):
                continue
            self.looked[key] = start
            task = asyncio.get_running_loop().create_task(self._alert(room, seat, start))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        self._looks += 1
        if self._looks % SWEEP_EVERY == 0:
            self.looked = {k: v for k, v in self.looked.items() if k[0] in self.svc.live}

    async def _alert(self, room: TableRoom, seat: int, start: float) -> None:
        try:
            guest = room.data.seats[seat].guest
            if guest is None:
                return
            account = await self.svc.read(self.svc.store.account, guest)
            if account is None or account.email is None or not account.mail_alerts:
                return
            await self.svc.write(mark_turn_mailed, room.id, seat, start, clock_now())
            game = room.game.info.name
            link = f"{self.mailer.base()}/table/{room.id}"
            waited = _since(clock_now() - start)
            self.mailer.send(
                account.email,
                f"Tawa: your turn at {game} (table {room.id})",
                f"Hello {account.username},\n\nit is your turn at {game}, table {room.id} (for {waited} now), as "
                f"{room.who(seat)}:\n\n{link}\n\nYou get one mail a turn. To get none, switch turn alerts off in "
                "your account (the lobby's account… menu).\n",
            )
        except Exception:  # the next turn tries again; a tick never fails for it
            log.exception("table %s: the turn alert for seat %d could not be sent", room.id, seat)

    async def close(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


def _since(seconds: float) -> str:
    if seconds >= 2 * 86400:
        return f"{seconds / 86400:.0f} days"
    if seconds >= 7200:
        return f"{seconds / 3600:.0f} hours"
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes > 1 else ''}"
