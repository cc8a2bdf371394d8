"""Terminal play: human seats against bots, hot-seat for several humans.

I/O goes through two callables so tests can drive a whole game with scripted input.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from tawa.bots import choose_for, make_bot
from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.game import Game
from tawa.core.rng import Rng

HELP = """Type the number of an action (or its id) to take it.
  ? N      explain action N          ?      this help
  board    show the board again      log    the whole log you may see
  all      list every legal action   quit   leave the game
  any other text lists the actions whose id or text contains it (e.g. "rotate 0,1")"""

LONG_LIST = 40  # above this many legal actions, show them grouped; a word filters them


class Quit(Exception):
    """The human asked to leave."""


def play_game(game: Game, seats: Sequence[str], seed: int,
              ask: Callable[[str], str], say: Callable[[str], None]) -> Game:
    """Run ``game`` to the end. ``seats[i]`` is "human" or a bot spec."""
    bots = {i: make_bot(s, seed * 101 + i) for i, s in enumerate(seats) if s != "human"}
    humans = [i for i, s in enumerate(seats) if s == "human"]
    rng = Rng(seed ^ 0xB07)
    seen = {h: 0 for h in humans}  # how much of the log each human has been shown
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if seat in bots:
            action = choose_for(bots[seat], game, seat, rng)
            game.apply(action)
            continue
        _show_new_events(game, seat, seen, say)
        say(game.render(seat))
        _human_turn(game, seat, ask, say)
        seen[seat] = len(game.log)
    for h in humans:
        _show_new_events(game, h, seen, say)
    say(game.render(humans[0] if humans else None))
    say(final_ranking_text(game))
    return game


def _show_new_events(game: Game, seat: int, seen: dict[int, int], say: Callable[[str], None]) -> None:
    new = [e for e in game.log[seen.get(seat, 0):] if e.visible_to(seat)]
    seen[seat] = len(game.log)
    if new:
        say("\n".join(f"  · {e.text}" for e in new))


def _human_turn(game: Game, seat: int, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    show_all = False
    while True:
        legal = game.legal_actions()
        say(action_menu(legal, show_all))
        show_all = False
        text = ask(f"Seat {seat}, your choice (? for help): ").strip()
        if not text:
            continue
        if text in ("quit", "exit", "q"):
            raise Quit
        if text == "?":
            say(HELP)
            continue
        if text.startswith("?"):
            a = _pick(text[1:].strip(), legal)
            say(game.help_text(a) if a is not None else "No such action number.")
            continue
        if text == "board":
            say(game.render(seat))
            continue
        if text == "log":
            say("\n".join(e.text for e in game.events_for(seat)) or "(nothing yet)")
            continue
        if text == "all":
            show_all = True
            continue
        a = _pick(text, legal)
        if a is None:
            hits = [(i, b) for i, b in enumerate(legal) if text.lower() in b.id or text.lower() in str(b).lower()]
            if hits:
                say(f"Actions matching '{text}':\n" + "\n".join(f"  {i + 1:>3}. {b}" for i, b in hits[:200]))
                a = _pick(ask("Your choice (number, or Enter to go back): ").strip(), legal)
                if a is None:
                    continue
            else:
                say(f"'{text}' is not one of the numbers or ids above, nor part of one; try again.")
                continue
        try:
            for e in game.apply(a):
                if e.visible_to(seat):
                    say(f"  · {e.text}")
        except IllegalAction as err:  # cannot happen for an offered action, but never crash
            say(f"Not allowed: {err}")
            continue
        return


def action_menu(legal: Sequence[Action], show_all: bool = False) -> str:
    """Numbered legal actions; a long list is shown grouped by its first word."""
    if show_all or len(legal) <= LONG_LIST:
        return "\n".join(f"  {i + 1:>3}. {a}" for i, a in enumerate(legal))
    groups: dict[str, list[int]] = {}
    for i, a in enumerate(legal):
        groups.setdefault(a.id.split(" ", 1)[0], []).append(i)
    lines = [f"  {len(legal)} actions; type a word to list the matching ones, or 'all':"]
    for word, idx in groups.items():
        first = legal[idx[0]]
        more = f"  (+{len(idx) - 1} more '{word} …')" if len(idx) > 1 else ""
        lines.append(f"  {idx[0] + 1:>3}. {first}{more}")
    return "\n".join(lines)


def _pick(text: str, legal: Sequence[object]) -> object | None:
    if text.isdigit():
        i = int(text) - 1
        return legal[i] if 0 <= i < len(legal) else None
    for a in legal:
        if getattr(a, "id", None) == text:
            return a
    return None


def final_ranking_text(game: Game) -> str:
    scores, ranking = game.scores(), game.ranking()
    order = sorted(range(game.players), key=lambda s: (ranking[s], s))
    lines = ["Final ranking" + (" (stopped by the safety cap)" if game.capped else "") + ":"]
    for s in order:
        lines.append(f"  {ranking[s]}. seat {s}  score {scores[s]:g}")
    return "\n".join(lines)
