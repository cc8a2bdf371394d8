"""Bot seats: moves computed in a pool of worker processes, never on the event loop.

A job carries the table's state (``Game.to_json``) and the seat; the worker rebuilds the game and asks the
bot through ``choose_for``, which shows it only its legal actions and a determinized, redacted view. The
answer is just an action id; the table service then plays it through the same gate as a person's move,
tagged with the version it was computed for (a stale answer is refused).
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from tawa.bots import bot_names, choose_for, make_bot
from tawa.core.registry import from_json, list_games
from tawa.core.rng import Rng
from tawa.web.settings import STRENGTHS

LOCAL_ONLY_BOTS = frozenset({"policy"})
"""Bots a table's settings may not name: ``policy`` loads a model file from a path (a pickle), which a stranger
must never choose."""


def server_bot_names() -> list[str]:
    """The bots a table may seat (the lobby's list)."""
    return [name for name in bot_names() if name not in LOCAL_ONLY_BOTS]


def resolve_bot(spec: str | None) -> str:
    """A strength name (easy, normal, strong) or a bot spec -> a validated bot spec; ``ValueError`` with
    ``make_bot``'s message for a bad one."""
    text = (spec or "normal").strip()
    text = STRENGTHS.get(text, text)
    if text == "human":
        raise ValueError("'human' is not a bot: choose 'invite' or 'me' for a person's seat")
    if text.partition(":")[0].strip() in LOCAL_ONLY_BOTS:
        raise ValueError(f"the {text.partition(':')[0].strip()} bot loads a model file: it plays in tawa simulate "
                         "and tawa play, not at a server's table")
    make_bot(text, 0)
    return text


def choose_move(game_json: str, seat: int, spec: str, seed: int) -> str:
    """In a worker: the bot's action id for ``seat`` in the game ``game_json``."""
    game = from_json(game_json)
    bot = make_bot(spec, seed)
    return choose_for(bot, game, seat, Rng(seed ^ 0xB07)).id


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:  # the server died (even by kill -9): do not linger
            os._exit(0)


def _ready() -> bool:
    return True


def _worker_start(parent: int) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    list_games()  # import every game once, so the first move is quick


class BotPool:
    """A lazily started process pool that survives a crashed worker (it is rebuilt once per failure)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _get(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_worker_start, initargs=(os.getpid(),))
        return self._pool

    def warm(self) -> None:
        """Start the workers now (spawning and importing the games takes a few seconds), not at the first
        bot move."""
        self._get().submit(_ready)

    async def choose(self, game_json: str, seat: int, spec: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._get(), choose_move, game_json, seat, spec, seed)
        except BrokenProcessPool:
            self._pool = None
            return await loop.run_in_executor(self._get(), choose_move, game_json, seat, spec, seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
