"""A table's move log read back: its game, and the table's own events among the game's moves.

The move log (``moves``: seq, seat, action, at) is append-only and is the truth of a table. A row's ``action`` is
either one of the game's action ids (the seat played it) or a table event, which starts with ``!`` (no game's
action id does, so a client cannot send one as a move):

- ``!undo``: the seat took back its latest decision (``Game.take_back(seat, 1)``; issue 25's rule "undo"). The row
  stays: the record and the log show the take-back, and the version goes on counting up.
- ``!resign``: the seat resigned. In a 2-player game the table ends there, the other seat first; with more players
  a bot plays the seat from then on (the table's ``leaver`` setting says whether it keeps its place or is last).
- ``!timeout``: the seat's time ran out (``tawa.web.clock``), logged by the server. By the table's ``on_timeout``,
  a bot plays the seat from then on (until ``!return``), or the table ends there with the seat last.
- ``!return``: the person of a seat that timed out took it back; it plays the seat again.

``Ledger`` holds what the table events add to the game: the seats that are out, in order, and who decided last.
A person's seat that is out is played by a bot, whose moves are logged as the seat's: the rows between a seat's
``!timeout`` (or ``!resign``) and its ``!return`` are the bot's (the record lists them: ``tawa.web.records``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tawa.core.game import Game

UNDO = "!undo"
RESIGN = "!resign"
TIMEOUT = "!timeout"
RETURN = "!return"
EVENTS = (UNDO, RESIGN, TIMEOUT, RETURN)
OUT_TEXT = {RESIGN: "resigned", TIMEOUT: "timed out"}


def is_event(action: str) -> bool:
    """Whether a log row is a table event rather than a game action."""
    return action.startswith("!")


@dataclass
class Ledger:
    """The table events of a log, as they stand after its last row."""

    out: dict[int, str] = field(default_factory=dict)  # seat -> why it is out (OUT_TEXT), in the order of leaving
    last: int | None = None  # the seat of the latest decision or take-back (the one that may take back next)
    own: dict[int, int] = field(default_factory=dict)
    """Per seat, its person's own decisions at the end of its history that a take-back may reach: a bot's decisions
    for a seat that is out are not its person's to take back (the count starts again when it goes out or comes back)."""

    def note(self, seat: int, action: str) -> None:
        """Count one log row in (the game itself is ``play_row``'s)."""
        if action in OUT_TEXT:
            self.out.setdefault(seat, OUT_TEXT[action])
            self.own[seat] = 0
        elif action == RETURN:
            self.out.pop(seat, None)
            self.own[seat] = 0
        elif action == UNDO:
            self.last = seat
            self.own[seat] = max(0, self.own.get(seat, 0) - 1)
        else:
            self.last = seat
            if seat not in self.out:
                self.own[seat] = self.own.get(seat, 0) + 1


def play_row(game: Game, ledger: Ledger, seat: int, action: str) -> Game:
    """The game after one more log row (the same object, or a new one for a take-back); ``ledger`` is updated."""
    if is_event(action) and action not in EVENTS:
        raise ValueError(f"unknown table event {action!r} in the log")
    ledger.note(seat, action)
    if not is_event(action):
        game.apply(action)
        return game
    return game.take_back(seat, 1) if action == UNDO else game


def ranking_with_out(ranking: list[int], out: dict[int, str], leaver: str) -> list[int]:
    """The table's final places: the game's ``ranking`` (1 = first, ties share), where with ``leaver == "last"`` (and
    always for a 2-player resignation, which ends the game) the seats that are out come last, the first to leave
    lowest, and the others keep their order."""
    if not out or leaver != "last":
        return list(ranking)
    stay = sorted((s for s in range(len(ranking)) if s not in out), key=lambda s: ranking[s])
    places = [0] * len(ranking)
    place = 0
    last_rank = None
    for i, s in enumerate(stay):
        if ranking[s] != last_rank:
            place, last_rank = i + 1, ranking[s]
        places[s] = place
    for i, s in enumerate(reversed(list(out))):
        places[s] = len(stay) + i + 1
    return places
