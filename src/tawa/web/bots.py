"""Bot seats: moves computed in worker processes, never on the event loop, each under a deadline, shared fairly.

A job carries the table's state (``Game.to_json``) and the seat; the worker rebuilds the game and asks the
bot through ``choose_for``, which shows it only its legal actions and a determinized, redacted view. The
answer is just an action id; the table service then plays it through the same gate as a person's move,
tagged with the version it was computed for (a stale answer is refused).

The pool (``BotPool``) is the server's own, not a ``ProcessPoolExecutor``, for three things that one cannot do:

- **A deadline per move.** A job still running ``bot_budget + bot_margin`` seconds after a worker took it is
  abandoned: that worker process is killed and a new one started, and ``choose`` raises ``BotTimeout`` (the
  service then plays the seat's ``bot_fallback`` move and logs it). No spec can hold a worker longer.
- **Fair queueing.** Waiting jobs are queued per owner (the guest who created the table) and the owner served
  least recently goes first: a guest with fifty bot tables gets the same share of the workers as a guest with one,
  and a table has at most one job at a time (one move is computed at a time per table), so no table ever holds
  more than one worker, nor for longer than the deadline.
- **Workers below the loop.** Workers run at ``nice`` 10: on a busy machine a bot's search gives the CPU to the
  event loop (acknowledgements, views) first; a move past its time is then abandoned by the deadline as any other.
- **Workers that are ready.** A new worker imports every game before it says it is ready; only then is it given
  a job, so a deadline never counts a worker's start-up.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from tawa.bots import bot_names, choose_for, clamp_spec, make_bot, spec_settings
from tawa.core.game import Game
from tawa.core.registry import from_json, list_games
from tawa.core.rng import Rng
from tawa.web.settings import STRENGTHS, Settings

log = logging.getLogger("tawa.web")
WORKER_NICE = 10  # the bot workers' scheduling priority below the server's

LOCAL_ONLY_BOTS = frozenset({"policy"})
"""Bots a table's settings may not name: ``policy`` loads a model file from a path (a pickle), which a stranger
must never choose."""


def server_bot_names() -> list[str]:
    """The bots a table may seat (the lobby's list)."""
    return [name for name in bot_names() if name not in LOCAL_ONLY_BOTS]


class BotTimeout(Exception):
    """A bot move ran past the deadline and was abandoned (its worker was replaced)."""


class BotFailed(Exception):
    """A bot move failed in its worker (the worker's error, as text)."""


def resolve_bot(spec: str | None, budget: float | None = None) -> str:
    """A strength name (easy, normal, strong) or a bot spec -> a validated bot spec; ``ValueError`` with
    ``make_bot``'s message for a bad one, or when its ``time`` asks for more than ``budget`` seconds."""
    text = (spec or "normal").strip()
    text = STRENGTHS.get(text, text)
    if text == "human":
        raise ValueError("'human' is not a bot: choose 'invite' or 'me' for a person's seat")
    if text.partition(":")[0].strip() in LOCAL_ONLY_BOTS:
        raise ValueError(
            f"the {text.partition(':')[0].strip()} bot loads a model file: it plays in tawa simulate "
            "and tawa play, not at a server's table"
        )
    _name, values = spec_settings(text)
    seconds = values.get("time")
    if budget is not None and isinstance(seconds, int | float) and seconds > budget:
        raise ValueError(f"bot {text}: this server gives a bot at most {budget:g} seconds a move (time={budget:g})")
    make_bot(text, 0)
    return text


def runnable_spec(stored: str, budget: float) -> str:
    """The spec a stored seat plays with now: the stored one if it is valid under today's ranges and budget, else
    the nearest one that is (a table created before them is resumed, not broken)."""
    try:
        return resolve_bot(stored, budget)
    except ValueError:
        return clamp_spec(stored, {"time": budget})


def choose_move(game_json: str, seat: int, spec: str, seed: int) -> str:
    """In a worker: the bot's action id for ``seat`` in the game ``game_json``."""
    game = from_json(game_json)
    bot = make_bot(spec, seed)
    return choose_for(bot, game, seat, Rng(seed ^ 0xB07)).id


def cheap_move(game: Game, seat: int, spec: str, seed: int) -> str:
    """The fallback bot's move (``random`` or ``progress``: a draw among the legal actions, no search), on a
    copy of the table's game; in a thread of the server."""
    return choose_for(make_bot(spec, seed), game, seat, Rng(seed ^ 0xFA11)).id


# ---------------------------------------------------------------- the worker process
def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:  # the server died (even by kill -9): do not linger
            os._exit(0)


def _worker_main(conn: Connection, parent: int) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)  # a bot's search yields the CPU to the event loop (people's moves, every view)
    list_games()  # import every game once, so the first move is quick
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            conn.send(("ok", choose_move(*job)))
        except Exception as e:  # the bot's own failure: reported, the worker lives on
            conn.send(("error", f"{type(e).__name__}: {e}"))


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    ready: bool = False
    job: _Job | None = None
    started: float = 0.0


@dataclass(eq=False)
class _Job:
    args: tuple[str, int, str, int]
    owner: str
    future: asyncio.Future[str] = field(repr=False)
    queued: float = 0.0


class BotPool:
    """``workers`` bot processes (``Settings.bot_workers``), started with the server (``warm``)."""

    def __init__(self, settings: Settings) -> None:
        self.workers = settings.bot_workers
        self.deadline = settings.bot_budget + settings.bot_margin
        self._context = multiprocessing.get_context("spawn")
        self._pool: list[_Worker] = []
        self._queues: dict[str, collections.deque[_Job]] = {}
        self._served: dict[str, int] = {}  # an owner still waiting -> the turn it was last served at
        self._turn = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False
        self.replaced = 0  # workers killed past the deadline (or lost), for the log and the tests

    # ------------------------------------------------------------ workers
    def warm(self) -> None:
        """Start the workers now (spawning and importing the games takes a few seconds), not at the first
        bot move."""
        self._loop = asyncio.get_running_loop()
        while len(self._pool) < self.workers:
            self._spawn()

    def _spawn(self) -> None:
        parent_end, child_end = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main, args=(child_end, os.getpid()), daemon=True, name="tawa-bot"
        )
        process.start()
        child_end.close()
        worker = _Worker(process, parent_end)
        self._pool.append(worker)
        assert self._loop is not None
        self._loop.add_reader(parent_end.fileno(), self._readable, worker)

    def _retire(self, worker: _Worker) -> None:
        """Kill a worker (past its deadline, or broken) and start another in its place."""
        assert self._loop is not None
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_reader(worker.conn.fileno())
        with contextlib.suppress(OSError):
            worker.conn.close()
        if worker.process.is_alive():
            worker.process.kill()
        threading.Thread(target=worker.process.join, args=(5,), daemon=True).start()  # reap it off the loop
        if worker in self._pool:
            self._pool.remove(worker)
        self.replaced += 1
        if not self._closed:
            self._spawn()

    def _readable(self, worker: _Worker) -> None:
        try:
            kind, value = worker.conn.recv()
        except (EOFError, OSError):  # the worker died (killed from outside, out of memory ...)
            job = worker.job
            worker.job = None
            log.warning("a bot worker process ended unexpectedly; starting another")
            self._retire(worker)
            if job is not None and not job.future.done():
                job.future.set_exception(BotFailed("the bot's worker process ended"))
            self._pump()
            return
        if kind == "ready":
            worker.ready = True
        else:
            job, worker.job = worker.job, None
            if job is not None and not job.future.done():
                if kind == "ok":
                    job.future.set_result(value)
                else:
                    job.future.set_exception(BotFailed(value))
        self._pump()

    # ------------------------------------------------------------ the fair queue
    async def choose(self, game_json: str, seat: int, spec: str, seed: int, owner: str = "") -> str:
        """The bot's action id; ``BotTimeout`` past the deadline, ``BotFailed`` when the bot raised."""
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._loop = loop
        if len(self._pool) < self.workers and not self._closed:
            self.warm()
        job = _Job((game_json, seat, spec, seed), owner, loop.create_future(), loop.time())
        self._queues.setdefault(owner, collections.deque()).append(job)
        self._pump()
        try:
            return await job.future
        finally:
            if not job.future.done():  # cancelled while waiting: take it out of the queue (or let it run out)
                queue = self._queues.get(owner)
                if queue is not None and job in queue:
                    queue.remove(job)
                    if not queue:
                        del self._queues[owner]
                        self._served.pop(owner, None)

    def _next_job(self) -> _Job | None:
        """The first waiting job of the owner served least recently (an owner who was not waiting comes first):
        owners take turns, however many tables each has."""
        while self._queues:
            owner = min(self._queues, key=lambda o: self._served.get(o, -1))
            queue = self._queues[owner]
            job = queue.popleft()
            self._turn += 1
            if queue:
                self._served[owner] = self._turn
            else:
                del self._queues[owner]
                self._served.pop(owner, None)
            if not job.future.done():
                return job
        return None

    def _pump(self) -> None:
        if self._closed:
            return
        for worker in list(self._pool):
            if not (worker.ready and worker.job is None):
                continue
            job = self._next_job()
            if job is None:
                break
            try:
                worker.conn.send(job.args)
            except (OSError, ValueError):
                self._queues.setdefault(job.owner, collections.deque()).appendleft(job)
                self._retire(worker)
                continue
            worker.job, worker.started = job, time.monotonic()
        self._arm()

    def _arm(self) -> None:
        """One timer for the earliest deadline among the running jobs."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        running = [w.started for w in self._pool if w.job is not None]
        if running and self._loop is not None:
            wait = max(0.0, min(running) + self.deadline - time.monotonic())
            self._timer = self._loop.call_later(wait + 0.01, self._expire)

    def _expire(self) -> None:
        self._timer = None
        now = time.monotonic()
        for worker in list(self._pool):
            job = worker.job
            if job is not None and now - worker.started >= self.deadline:
                worker.job = None
                self._retire(worker)
                if not job.future.done():
                    job.future.set_exception(BotTimeout(f"no move after {self.deadline:g} seconds"))
        self._pump()

    def waiting(self) -> dict[str, int]:
        """Queued jobs by owner (the benchmark and the tests read it)."""
        return {owner: len(q) for owner, q in self._queues.items()}

    def close(self) -> None:
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
        for worker in self._pool:
            if self._loop is not None:
                with contextlib.suppress(ValueError, OSError, RuntimeError):
                    self._loop.remove_reader(worker.conn.fileno())
            with contextlib.suppress(OSError, ValueError):
                worker.conn.send(None)
            if worker.process.is_alive():
                worker.process.kill()
            with contextlib.suppress(OSError):
                worker.conn.close()
        for queue in self._queues.values():
            for job in queue:
                if not job.future.done():
                    job.future.cancel()
        self._pool.clear()
        self._queues.clear()


def fallback_for(settings: Settings) -> Callable[[Game, int, int], str]:
    """The cheap move of ``settings.bot_fallback`` (see ``cheap_move``)."""
    spec = settings.bot_fallback

    def move(game: Game, seat: int, seed: int) -> str:
        return cheap_move(game, seat, spec, seed)

    return move
