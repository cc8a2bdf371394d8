"""The one choke point for hidden information: everything the server sends about a game to a seat (or a
spectator, seat ``None``) is built here, from ``observation(seat)``, the events visible to that seat
(``Event.visible_to``) and the table's public facts. The true state, the seed, other seats' legal actions
and the action ids of the history (an id can name a hidden choice) never go into a message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from tawa.core.events import Event
from tawa.core.game import Game
from tawa.core.registry import new_game
from tawa.core.svgparts import Drawing, Memo, Sight
from tawa.web.models import RUNNING
from tawa.web.settings import STRENGTHS


def events_out(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events of ``events`` that ``seat`` may see, as sent."""
    return [{"kind": e.kind, "text": e.text, "data": e.data} for e in events if e.visible_to(seat)]


def seat_labels(game_id: str, players: int, seed: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The game's own names of a table's seats (lobby rows, invites), without loading the table's game: they can
    depend on the seed and the options (Guatavita deals the colours, P'achakuna's WHITE_SEAT), so the game is set
    up as the table's was. The labels are public (every seat sees them); the seed stays here."""
    return _seat_labels(game_id, players, seed, json.dumps(dict(options), sort_keys=True))


@lru_cache(maxsize=1024)
def _seat_labels(game_id: str, players: int, seed: int, options: str) -> tuple[str, ...]:
    game = new_game(game_id, players, seed, json.loads(options))
    return tuple(game.seat_label(s) for s in range(players))


@lru_cache(maxsize=64)
def default_seat_names(game_id: str, players: int) -> tuple[str | None, ...]:
    """Each seat's name before a table exists (the lobby form's rows), with the default options: the game's own
    name where every setup gives it (P1, White), ``None`` where the setup deals it (Guatavita's colours): the names
    of a few setups with different seeds are compared."""
    seen = [_seat_labels(game_id, players, seed, "{}") for seed in (1, 2, 3, 4, 5)]
    return tuple(names[0] if len(set(names)) == 1 else None for names in zip(*seen, strict=True))


def bot_name(spec: str) -> str:
    """A bot seat's name as people read it (lobby, seats, end screen): its strength ("normal bot") when the spec
    is one of the lobby's strengths, else the spec it plays ("bot progress")."""
    strength = next((name for name, s in STRENGTHS.items() if s == spec), None)
    return f"{strength} bot" if strength else f"bot {spec}"


def standings_out(
    game: Game, names: Sequence[str | None], result: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The end screen, best place first: each seat's place, the tie-break that decided it and its scores. A table
    that a person left (``result["out"]``: seat -> "resigned") places its seats by the table's ``result["ranking"]``
    (``tawa.web.ledger.ranking_with_out``), and says so in "decided by"; a 2-player table that ended by a
    resignation has no game end: its seats show their scores as they stood."""
    out = {int(k): v for k, v in (result or {}).get("out", {}).items()}
    if game.is_over:
        rows = [st.to_dict() for st in game.standings()]
    else:
        rows = [
            {
                "seat": s,
                "place": 0,
                "shared": False,
                "score": float(v),
                "decided_by": "",
                "breakdown": {},
                "unit": "",
                "tie_break": False,
            }
            for s, v in enumerate(game.scores())
        ]
    if out and result is not None:
        ranking = list(result["ranking"])
        for row in rows:
            s = row["seat"]
            row["place"] = ranking[s]
            row["shared"] = ranking.count(ranking[s]) > 1
            if s in out:
                row["decided_by"], row["tie_break"] = out[s], False
            elif not game.is_over:
                row["decided_by"] = _ended_early(result, out, len(rows))
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    return [{**r, "label": game.seat_label(r["seat"]), "name": names[r["seat"]]} for r in rows]


def _ended_early(result: Mapping[str, Any], out: Mapping[int, str], players: int) -> str:
    """What ended a table before its game did, as a seat that stayed reads it."""
    if result.get("abandoned"):
        return "nobody was left to play"
    did = " and ".join(sorted({"ran out of time" if why == "timed out" else why for why in out.values()}))
    if players == 2:
        return f"the other player {did}"
    return f"another player {did}" if len(out) == 1 else f"other players {did}"


BoardMode = Literal["svg", "parts", "none"]


def view_of(
    game: Game,
    seat: int | None,
    status: str,
    names: Sequence[str | None],
    with_actions: bool = True,
    board: BoardMode = "svg",
    obs: Mapping[str, Any] | None = None,
    result: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """What ``seat`` sees now (``None`` = a spectator), built from ``observation(seat)`` alone (``obs``, when the
    caller has it already), the legal actions when it is that seat's turn, and the table's public status.
    ``with_actions`` False for replays. ``board``: ``svg`` puts the board drawn for this seat in ``svg`` (replays),
    ``parts`` leaves the drawing to the caller (a WebSocket client gets it in parts, ``board_patch``), ``none``
    (scripts, the benchmark; also a game that draws no board) puts the observation itself in ``observation``.
    When the board is drawn, ``targets`` names the board element each legal action is about. ``result``: the table's
    result once it is finished (it places the seats of a table a person left)."""
    cls = type(game)
    obs = game.observation(seat) if obs is None else obs
    to_act = game.current_player
    my_turn = with_actions and status == "running" and seat is not None and seat == to_act
    legal = game.legal_actions() if my_turn else []
    drawn = board != "none" and cls.board_view is not None
    return {
        "status": status,
        "to_act": to_act,
        "svg": cls.board_svg(obs) if drawn and board == "svg" else None,
        "observation": None if drawn else obs,
        "targets": cls.board_targets(obs, [a.id for a in legal]) if drawn and legal else {},
        "actions": [{"id": a.id, "text": a.text or a.id} for a in legal],
        "standings": standings_out(game, names, result) if game.is_over or result is not None else None,
        "capped": game.capped if game.is_over else False,
    }


def explain_of(
    game: Game, seat: int | None, status: str, action_id: str | None, element: str | None = None
) -> dict[str, Any]:
    """Why ``action_id`` is (not) legal for ``seat`` now: ``{legal, reason, rule, opens}``. Any id, even one outside
    the action space (a board names the action a click would mean, issue 18), gets the game's own
    ``explain_illegal`` reason for the seat to act, with what would open it (``opens``, issue 24); a board part that
    means no action (``element`` without an action) gets the game's ``explain_place``. Anyone else learns only
    that it is not their turn."""
    mine = seat is not None and status == RUNNING and game.current_player == seat
    if mine and action_id is not None and any(a.id == action_id for a in game.legal_actions()):
        return {"legal": True, "reason": "this action is legal now", "rule": None, "opens": None}
    if not mine:
        return {
            "legal": False,
            "reason": "it is not your turn" if seat is not None else "spectators cannot act",
            "rule": None,
            "opens": "your turn" if seat is not None else "a seat at the table",
        }
    err = game.explain_illegal(action_id) if action_id is not None else game.explain_place(element or "")
    return {"legal": False, "reason": str(err), "rule": err.rule, "opens": err.opens}


def previews_of(game: Game, seat: int, target: str) -> dict[str, str]:
    """The chooser pictures of the legal actions of ``seat`` (to act) whose board element is ``target``, drawn
    from its observation; none when it is not that seat's turn or the game draws no board."""
    cls = type(game)
    if cls.board_view is None or game.is_over or game.current_player != seat:
        return {}
    obs = game.observation(seat)
    ids = [a.id for a in game.legal_actions()]
    about = [aid for aid, el in cls.board_targets(obs, ids).items() if el == target]
    return cls.board_previews(obs, about) if about else {}


def board_drawing(memo: Memo, game: Game, obs: Mapping[str, Any], since: Sight | None = None) -> Drawing | None:
    """The board of ``obs`` in parts, through ``memo`` (None: the game draws no board); ``since``: the ``Sight`` of
    the same seat's previous drawing (``tawa.core.svgparts.Drawing``)."""
    view = type(game).board_view
    return None if view is None else memo.drawing(view.parts(obs), obs, since)
