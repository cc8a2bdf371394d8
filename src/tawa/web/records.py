"""Finished games: the download (the very JSON line ``tawa simulate --out`` writes, so ``tawa replay`` and
``tawa report`` read it) and the replay pages' steps (the game as it stood after each move, seen by one
seat or by a spectator)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from tawa.core.game import Game
from tawa.core.registry import new_game
from tawa.lab.simulate import game_record
from tawa.web.ledger import Ledger, is_event, play_row
from tawa.web.models import BOT
from tawa.web.storage import TableData
from tawa.web.views import events_out, view_of

CHECKPOINT = 32  # replay keeps a copy of the game every this many moves
REPLAYS = 16  # finished games whose checkpoints are kept


def record_line(t: TableData, moves: list[tuple[int, int, str, float]]) -> str:
    """The simulate JSON line of a finished table. Think time per seat is measured from the move log: the time
    from the previous move (or the table's start) to each of the seat's moves. Its history is the game's as played
    out (without the decisions taken back); ``table_events`` lists the log's take-backs, resignations, time-outs and
    returns, ``bot_moves`` the versions of the moves a bot made for a person's seat, and a table a person left has
    the table's ``ranking`` and its ``out`` seats."""
    game = new_game(t.game, t.players, t.seed, t.options)
    first = game.current_player
    branching: list[int] = []
    think = [0.0] * t.players
    slowest = [0.0] * t.players
    count = [0] * t.players
    start = t.started_at if t.started_at is not None else t.created_at
    last = start
    ledger = Ledger()
    events: list[dict[str, Any]] = []
    bot_moves: list[int] = []
    for seq, seat, action, at in moves:
        if is_event(action):  # a take-back, resignation, time-out or return: in the record, not in the history
            events.append({"v": seq, "seat": seat, "event": action[1:]})
        else:
            branching.append(len(game.legal_actions()))
            if seat in ledger.out:
                bot_moves.append(seq)
        game = play_row(game, ledger, seat, action)
        spent = max(0.0, at - last)
        think[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
        count[seat] += 1
        last = at
    measures = {
        "branching": branching,
        "think": [round(x, 4) for x in think],
        "think_max": [round(x, 4) for x in slowest],
        "moves": count,
        "first_player": first,
        "seconds": round(last - start, 4),
    }
    seats = [s.bot or "random" if s.kind == BOT else "human" for s in t.seats]
    rec = game_record(game, 0, seats, 0, measures)
    rec["table"] = t.id
    if events:
        rec["table_events"] = events  # e.g. {"v": 12, "seat": 0, "event": "undo"}: row 12 of the log took one back
    if bot_moves:
        rec["bot_moves"] = bot_moves  # the versions of the moves a bot made for a person's seat that was out
    if t.result and t.result.get("out"):
        rec["out"] = t.result["out"]
        rec["ranking"] = t.result["ranking"]
        rec["winners"] = [s for s, place in enumerate(t.result["ranking"]) if place == 1]
    return json.dumps(rec, separators=(",", ":")) + "\n"


class Replays:
    """Checkpoints of finished games, so stepping back and forth replays at most ``CHECKPOINT`` moves."""

    def __init__(self) -> None:
        self._cache: OrderedDict[str, list[Game]] = OrderedDict()
        self._lock = threading.Lock()  # steps are served from several reader threads

    def _checkpoints(self, t: TableData, history: list[str]) -> list[Game]:
        with self._lock:
            hit = self._cache.get(t.id)
            if hit is not None:
                self._cache.move_to_end(t.id)
                return hit
        game = new_game(t.game, t.players, t.seed, t.options)
        points = [game.clone()]
        for i, action in enumerate(history, 1):
            game.apply(action)
            if i % CHECKPOINT == 0:
                points.append(game.clone())
        with self._lock:
            self._cache[t.id] = points
            while len(self._cache) > REPLAYS:
                self._cache.popitem(last=False)
        return points

    def step(self, t: TableData, history: list[str], step: int, seat: int | None) -> dict[str, Any]:
        """The game after ``step`` moves (0 = the start), as ``seat`` saw it, with the events of that move."""
        points = self._checkpoints(t, history)
        base = max(0, step - 1) // CHECKPOINT  # the checkpoint before the step's own move
        game = points[base].clone()
        actor, before = None, 0
        for i in range(base * CHECKPOINT, step):
            actor, before = game.current_player, len(game.log)
            game.apply(history[i])
        names = [s.name for s in t.seats]
        end = step == len(history) and t.status == "finished"  # a table that ended by a resignation, too
        status = "finished" if game.is_over or end else "running"
        return {
            "table": t.id,
            "step": step,
            "total": len(history),
            "seat": seat,
            "actor": actor,
            "events": events_out(game.log[before:], seat),
            "view": view_of(game, seat, status, names, with_actions=False, result=t.result if end else None),
        }
