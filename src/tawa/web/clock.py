"""Table clocks (issue 25): the time controls a table can be created with, and each seat's time, worked out from
the move log alone (so a restart, or a load on another server, gives the same clocks to the hundredth of a second).

Two kinds of control:

- ``fischer`` (real time): each seat has ``base`` seconds for the whole game and gains ``inc`` seconds each time
  it hands the turn over (a turn of several decisions gains one increment, at its end).
- ``days`` (turn-based): each turn may take at most ``per_move`` seconds (1, 3 or 7 days); the time left starts
  again at the next turn.

A table created with no clock is *untimed*: its seat to act has ``Settings.idle_days`` days to act (the same rule
as ``days``, not shown as a clock), so that no table stays running for ever.

The interval between two log rows is charged to the seat that was to act after the first of them (``moves.to_act``)
— only while a person plays it: a bot seat, or a person's seat that is out (a bot plays it), is never charged, so
neither a bot's thinking nor the bot delay counts. A take-back (``!undo``) is charged to the seat that takes back,
and it undoes what the decision did to the clock (the increment, or the new turn's time): the seat is left as it
was at the decision, less the time since, and nobody else pays for a decision that was taken back.
When a seat's time is up the room logs ``!timeout`` (``tawa.web.ledger``) and the table's ``on_timeout`` says what
follows; a seat that comes back (``!return``) has ``TimeControl.grace`` seconds again.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tawa.web.ledger import RESIGN, RETURN, TIMEOUT, UNDO, is_event

MINUTE = 60.0
DAY = 86400.0

# What becomes of a seat whose time ran out (the table's choice):
ON_TIMEOUT = {
    "bot": "a bot plays the seat from then on (the person can take it back), and the game goes on",
    "end": "the game ends there with that seat last (2 players: the other wins)",
}


@dataclass(frozen=True)
class TimeControl:
    """A table's time control; ``kind`` ``fischer`` | ``days`` | ``idle`` (an untimed table's limit)."""

    id: str
    kind: str
    base: float  # fischer: seconds for the game; days / idle: seconds a turn
    inc: float = 0.0  # fischer: seconds gained at the end of each turn
    on_timeout: str = "bot"

    @property
    def label(self) -> str:
        if self.kind == "fischer":
            return f"{_minutes(self.base)} + {self.inc:g} s a turn"
        if self.kind == "days":
            days = self.base / DAY
            return f"{days:g} day{'s' if days != 1 else ''} a move"
        return "no clock"

    @property
    def per_turn(self) -> bool:
        """Whether the time left starts again at each turn (``days``, ``idle``) rather than adding up."""
        return self.kind != "fischer"

    @property
    def shown(self) -> bool:
        """Whether the table has a clock to show (an untimed table's idle limit is not one)."""
        return self.kind != "idle"

    @property
    def grace(self) -> float:
        """The seconds a seat that comes back after its time ran out has (``!return``): a minute and one increment
        in real time, a whole turn turn-based."""
        return MINUTE + self.inc if self.kind == "fischer" else self.base

    def to_json(self) -> str:
        return json.dumps(
            {"id": self.id, "kind": self.kind, "base": self.base, "inc": self.inc, "on_timeout": self.on_timeout},
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> TimeControl:
        d = json.loads(text)
        return cls(str(d["id"]), str(d["kind"]), float(d["base"]), float(d.get("inc", 0)), str(d["on_timeout"]))

    def out(self) -> dict[str, Any]:
        """The control as the protocol shows it."""
        return {
            "id": self.id,
            "kind": self.kind,
            "label": self.label,
            "base": self.base,
            "inc": self.inc,
            "on_timeout": self.on_timeout,
        }


def _minutes(seconds: float) -> str:
    return f"{seconds / MINUTE:g} min"


PRESETS: dict[str, TimeControl] = {
    "relaxed": TimeControl("relaxed", "fischer", 30 * MINUTE, 30),
    "normal": TimeControl("normal", "fischer", 15 * MINUTE, 15),
    "fast": TimeControl("fast", "fischer", 5 * MINUTE, 5),
    "days1": TimeControl("days1", "days", 1 * DAY),
    "days3": TimeControl("days3", "days", 3 * DAY),
    "days7": TimeControl("days7", "days", 7 * DAY),
}
PRESET_NAMES = {
    "relaxed": "Relaxed",
    "normal": "Normal",
    "fast": "Fast",
    "days1": "Turn-based",
    "days3": "Turn-based",
    "days7": "Turn-based",
}


def preset(name: str, on_timeout: str) -> TimeControl:
    """A preset control (``PRESETS``) with the table's ``on_timeout`` (``ON_TIMEOUT``)."""
    p = PRESETS[name]
    return TimeControl(p.id, p.kind, p.base, p.inc, on_timeout)


def idle_control(idle_days: float) -> TimeControl:
    """An untimed table's limit: ``idle_days`` a turn; a bot takes over a seat that sat that long (``bot``)."""
    return TimeControl("none", "idle", idle_days * DAY, 0.0, "bot")


def presets_out() -> list[dict[str, Any]]:
    """The presets as ``GET /api/games`` lists them."""
    return [{**p.out(), "name": PRESET_NAMES[k]} for k, p in PRESETS.items()]


# ---------------------------------------------------------------- the time source
def now() -> float:
    """The server's time (seconds since the epoch): the system clock, plus the number of seconds written in the
    file ``TAWA_CLOCK_OFFSET_FILE`` when that is set (tests and drills move time forward that way instead of
    waiting; the file may be absent or empty: no offset)."""
    path = os.environ.get("TAWA_CLOCK_OFFSET_FILE")
    t = time.time()
    if path:
        try:
            with open(path, encoding="ascii") as f:
                text = f.read().strip()
            if text:
                t += float(text)
        except (OSError, ValueError):
            pass
    return t


# ---------------------------------------------------------------- clocks from the log
@dataclass
class Clocks:
    """Every seat's time as it stands after the rows folded in so far (``fold``); ``left[s]`` is what seat ``s`` had
    when the latest row was logged (at ``since``), and the seat to act (``to_act``) spends it from then on while a
    person plays it (``running``)."""

    control: TimeControl
    bots: frozenset[int]  # bot seats (never charged)
    to_act: int | None
    since: float
    left: list[float]
    out: set[int] = field(default_factory=set)  # person seats a bot plays now (resigned or timed out)
    _given: list[list[float]] = field(default_factory=list)  # per seat, what each decision added to its time

    @classmethod
    def start(cls, control: TimeControl, players: int, bots: Iterable[int], to_act: int | None, at: float) -> Clocks:
        """The clocks when the table started (its last seat taken) at ``at``, ``to_act`` first."""
        return cls(control, frozenset(bots), to_act, at, [control.base] * players, set(), [[] for _ in range(players)])

    def person(self, seat: int | None) -> bool:
        return seat is not None and seat not in self.bots and seat not in self.out

    @property
    def running(self) -> int | None:
        """The seat whose time runs now (None: a bot acts, or nobody)."""
        return self.to_act if self.person(self.to_act) else None

    def fold(self, seat: int, action: str, at: float, to_act: int | None) -> None:
        """Count one more log row in: ``seat`` logged ``action`` at ``at``, after which ``to_act`` is to act."""
        spent = max(0.0, at - self.since)
        payer = seat if action == UNDO else self.to_act
        if self.person(payer):
            assert payer is not None
            self.left[payer] -= spent
        c = self.control
        if seat in self.bots:  # a bot seat's rows are its moves: they change nobody's time
            pass
        elif not is_event(action):
            if self.person(seat):
                before = self.left[seat]
                if to_act != seat:  # the turn is handed over: the increment, or the next turn's full time
                    self.left[seat] = before + c.inc if not c.per_turn else c.base
                self._given[seat].append(self.left[seat] - before)
        elif action == UNDO:
            if self._given[seat]:
                self.left[seat] -= self._given[seat].pop()
        elif action == TIMEOUT:
            self.left[seat] = min(self.left[seat], 0.0)
            self.out.add(seat)
        elif action == RESIGN:
            self.out.add(seat)
        elif action == RETURN:
            self.out.discard(seat)
            self.left[seat] = max(self.left[seat], c.grace)
        self.to_act, self.since = to_act, at

    def left_at(self, seat: int, at: float) -> float:
        """Seat ``seat``'s seconds left at time ``at`` (negative: its time ran out that long ago)."""
        if seat == self.running:
            return self.left[seat] - max(0.0, at - self.since)
        return self.left[seat]

    def deadline(self) -> float | None:
        """When the running seat's time is up (None: no time runs)."""
        seat = self.running
        return None if seat is None else self.since + self.left[seat]

    def out_for(self, at: float) -> dict[str, Any]:
        """The clocks as the protocol sends them: each seat's seconds left at ``at`` (None for a bot seat) and the
        seat whose time runs."""
        return {
            "control": self.control.out(),
            "left": [None if s in self.bots else round(self.left_at(s, at), 2) for s in range(len(self.left))],
            "running": self.running,
            "at": round(at, 3),
        }
