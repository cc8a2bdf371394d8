"""The one choke point for hidden information: everything the server sends about a game to a seat (or a
spectator, seat ``None``) is built here, from ``observation(seat)``, the events visible to that seat
(``Event.visible_to``) and the table's public facts. The true state, the seed, other seats' legal actions
and the action ids of the history (an id can name a hidden choice) never go into a message.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tawa.core.events import Event
from tawa.core.game import Game
from tawa.core.registry import new_game


def events_out(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events of ``events`` that ``seat`` may see, as sent."""
    return [{"kind": e.kind, "text": e.text, "data": e.data} for e in events if e.visible_to(seat)]


@lru_cache(maxsize=64)
def seat_labels(game_id: str, players: int) -> tuple[str, ...]:
    """The game's own names of its seats (for lobby rows, without loading each table's game)."""
    game = new_game(game_id, players, 0, {})
    return tuple(game.seat_label(s) for s in range(players))


def standings_out(game: Game, names: Sequence[str | None]) -> list[dict[str, Any]]:
    """The end screen, best place first: each seat's place, the tie-break that decided it and its scores."""
    rows = sorted(game.standings(), key=lambda st: (st.place, st.seat))
    return [{**st.to_dict(), "label": game.seat_label(st.seat), "name": names[st.seat]} for st in rows]


def view_of(game: Game, seat: int | None, status: str, names: Sequence[str | None], with_actions: bool = True,
            with_board: bool = True) -> dict[str, Any]:
    """What ``seat`` sees now (``None`` = a spectator), built from ``observation(seat)`` alone (plus the legal
    actions when it is that seat's turn and the table's public status). ``with_actions`` False for replays.
    ``with_board`` True: the game's SVG drawing of the observation, with the board element each legal action is
    about (``targets``); False (scripts, the benchmark), or a game that draws no board: the observation itself."""
    cls = type(game)
    obs = game.observation(seat)
    to_act = game.current_player
    my_turn = with_actions and status == "running" and seat is not None and seat == to_act
    legal = game.legal_actions() if my_turn else []
    board = with_board and cls.board_view is not None
    view: dict[str, Any] = {
        "status": status,
        "to_act": to_act,
        "svg": cls.board_svg(obs) if board else None,
        "observation": None if board else obs,
        "targets": cls.board_targets(obs, [a.id for a in legal]) if board and legal else {},
        "previews": cls.board_previews(obs, [a.id for a in legal]) if board and legal else {},
        "actions": [{"id": a.id, "text": a.text or a.id} for a in legal],
        "standings": standings_out(game, names) if game.is_over else None,
        "capped": game.capped if game.is_over else False,
    }
    return view
