"""Terminal play: human seats against bots, hot-seat for several humans, or bots alone.

All I/O goes through a ``Screen`` (ask, say, clear, width), so tests drive a whole game with scripted input.

- Each human sees the log lines new to them, the board as ``render_parts(seat, width)`` fitted to the terminal,
  and a numbered menu of legal actions. Between two decisions of one turn only the parts that changed are drawn
  again (``board`` draws them all).
- Hot-seat: before a human's private view is shown after another human's, the screen is cleared and the next
  player is asked to take the keyboard, so nobody sees another's hidden holdings.
- With no human seat the loop only counts turns (``on_progress``); the caller switches the safety caps on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tawa.bots import Bot, choose_for, make_bot
from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.game import Game
from tawa.core.rng import Rng
from tawa.terminal.menu import LONG_LIST, action_menu, matching, pick
from tawa.terminal.standings import standings_text

HELP = """Type the number of an action (or its id) to take it.
  ? N      explain action N          ?      this help
  board    show the whole board      log    the whole log you may see
  all      list every legal action   quit   leave the game (asks first; you may save it)
  any other text lists the actions whose id or text contains it (e.g. "rotate 0,1")"""

QUIT_WORDS = ("quit", "exit", "q")
YES = ("y", "yes")

__all__ = ["HELP", "LONG_LIST", "Quit", "Screen", "action_menu", "play_game", "quit_text"]


class Quit(Exception):
    """The human asked to leave and confirmed it, or the input ended (``ended``: no more questions can be asked).
    ``seat`` is the seat that was to decide."""

    def __init__(self, seat: int | None = None, ended: bool = False) -> None:
        super().__init__("left the game")
        self.seat = seat
        self.ended = ended


def _nothing() -> None:
    return None


def _no_width() -> int | None:
    return None


@dataclass
class Screen:
    """Where the game is shown: ``ask(prompt)`` reads one answer, ``say(text)`` prints, ``clear()`` empties the
    screen (hot-seat), ``width()`` is the terminal's width now (None: do not fit)."""

    ask: Callable[[str], str]
    say: Callable[[str], None]
    clear: Callable[[], None] = _nothing
    width: Callable[[], int | None] = _no_width


@dataclass
class _Shown:
    """The board parts on screen now, and whose view they are."""

    seat: int | None = None
    parts: dict[str, str] = field(default_factory=dict)


def play_game(
    game: Game,
    seats: Sequence[str],
    seed: int,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    *,
    clear: Callable[[], None] | None = None,
    width: Callable[[], int | None] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Game:
    """Run ``game`` to the end. ``seats[i]`` is "human" or a bot spec. ``on_progress(turns, actions)`` is called
    after every bot move. Raises ``Quit`` when a human leaves."""
    screen = Screen(ask, say, clear or _nothing, width or _no_width)
    return PlayLoop(game, seats, seed, screen, on_progress).run()


class PlayLoop:
    """One game at the terminal (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int,
        screen: Screen,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.game = game
        self.screen = screen
        self.on_progress = on_progress
        self.bots: dict[int, Bot] = {i: make_bot(s, seed * 101 + i) for i, s in enumerate(seats) if s != "human"}
        self.humans = [i for i, s in enumerate(seats) if s == "human"]
        self.rng = Rng(seed ^ 0xB07)
        self.seen = {h: len(game.log) if game.history else 0 for h in self.humans}  # log lines each human saw
        self.turns = 0
        self.last_actor: int | None = None
        self.owner: int | None = None  # the human whose private view is on the screen
        self.shown = _Shown()

    # ---------------------------------------------------------------- the loop
    def run(self) -> Game:
        g = self.game
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            if seat != self.last_actor:
                self.turns += 1
            if seat in self.bots:
                g.apply(choose_for(self.bots[seat], g, seat, self.rng))
                self.last_actor = seat
                if self.on_progress is not None:
                    self.on_progress(self.turns, len(g.history))
                continue
            self._human_turn(seat)
        self._finish()
        return g

    def _human_turn(self, seat: int) -> None:
        same_turn = self.last_actor == seat and self.shown.seat == seat
        handed_over = len(self.humans) > 1 and self.owner != seat
        if handed_over:
            self._hand_over(seat)
            same_turn = False
        self.owner = seat
        self._catch_up(seat, "Since your last turn:" if handed_over and self.seen[seat] else "")
        self._draw(seat, full=not same_turn)
        self._decide(seat)
        self.last_actor = seat

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: hide the previous player's view, and wait until the next one has the keyboard."""
        label = self.game.seat_label(seat)
        if self.owner is not None:  # someone's private view is on the screen
            self.screen.clear()
        self.shown = _Shown()
        self.screen.say(f"{label} to play: pass the keyboard to {label} (the others look away).")
        while (
            self._ask(seat, f"{label}, press Enter when you are ready (q: leave the game): ").strip().lower()
            in QUIT_WORDS
        ):
            self._confirm_quit(seat)

    def _catch_up(self, seat: int, header: str = "") -> None:
        """The log lines this seat may see that it has not been shown yet."""
        new = [e.text for e in self.game.log[self.seen[seat] :] if e.visible_to(seat)]
        self.seen[seat] = len(self.game.log)
        if new:
            self.screen.say("\n".join([header] * bool(header) + [f"  · {t}" for t in new]))

    def _draw(self, seat: int | None, full: bool) -> None:
        """The board: every part, or only those that changed since it was last drawn for this seat."""
        parts = self.game.render_parts(seat, self.screen.width())
        if full or self.shown.seat != seat:
            texts = [t for _, t in parts]
        else:
            texts = [t for name, t in parts if self.shown.parts.get(name) != t]
            if not texts:
                texts = ["(the board is as above; 'board' shows it again)"]
        self.shown = _Shown(seat, dict(parts))
        self.screen.say("\n".join(texts))

    def _finish(self) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if self.humans:  # what happened since the last human's decision, as the screen's viewer may see it
            last = self.owner if self.owner is not None else self.humans[0]
            new = [e.text for e in self.game.log[self.seen[last] :] if e.visible_to(viewer)]
            if new:
                self.screen.say("\n".join(f"  · {t}" for t in new))
        self.screen.say("\n".join(t for _, t in self.game.render_parts(viewer, self.screen.width())))
        self.screen.say(standings_text(self.game, self.screen.width()))

    # ---------------------------------------------------------------- one decision
    def _ask(self, seat: int, prompt: str) -> str:
        try:
            return self.screen.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit(seat, ended=True) from None

    def _decide(self, seat: int) -> None:
        g, say = self.game, self.screen.say
        label = g.seat_label(seat)
        show_all = False
        while True:
            legal = g.legal_actions()
            say(action_menu(legal, show_all))
            show_all = False
            text = self._ask(seat, f"{label}, your choice (? for help): ").strip()
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                self._confirm_quit(seat)
                continue
            if text == "?":
                say(HELP)
                continue
            if text.startswith("?"):
                a = pick(text[1:].strip(), legal)
                say(g.help_text(a) if a is not None else "No such action number.")
                continue
            if text == "board":
                self._draw(seat, full=True)
                continue
            if text == "log":
                say("\n".join(e.text for e in g.events_for(seat)) or "(nothing yet)")
                continue
            if text == "all":
                show_all = True
                continue
            a = pick(text, legal) or self._filtered(seat, text, legal)
            if a is None:
                continue
            try:
                events = g.apply(a)
            except IllegalAction as err:  # cannot happen for an offered action, but never crash
                say(f"Not allowed: {err}")
                continue
            mine = [e.text for e in events if e.visible_to(seat)]
            if mine:
                say("\n".join(f"  · {t}" for t in mine))
            self.seen[seat] = len(g.log)
            return

    def _confirm_quit(self, seat: int) -> None:
        """Raise ``Quit`` if the player confirms; otherwise play on."""
        if self._ask(seat, "Leave the game? [y/N] ").strip().lower() in YES:
            raise Quit(seat)

    def _filtered(self, seat: int, text: str, legal: Sequence[Action]) -> Action | None:
        hits = matching(text, legal)
        if not hits:
            self.screen.say(f"'{text}' is not one of the numbers or ids above, nor part of one; try again.")
            return None
        self.screen.say(f"Actions matching '{text}':\n" + "\n".join(f"  {i + 1:>3}. {b}" for i, b in hits[:200]))
        return pick(self._ask(seat, "Your choice (number, or Enter to go back): ").strip(), legal)


def quit_text(game: Game, seat: int | None, last: int = 5) -> str:
    """What the leaving player is told: how far the game got and the last log lines that seat may see."""
    if not game.history:
        return "You left the game before any move was made."
    lines = [e.text for e in game.events_for(seat)][-last:]
    head = f"You left the game after {len(game.history)} moves. The last lines of your log:"
    return head + "".join(f"\n  · {t}" for t in lines)
