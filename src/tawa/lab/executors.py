"""Where simulation games run: a small executor interface and two local engines.

The runner only calls ``map_unordered(fn, tasks)``: each task is plain, picklable data
and each result comes back as soon as it is done. A cluster engine plugs in by implementing
the same one method, without touching the runner: ``tawa.lab.ray_executor.RayExecutor``
(Ray, an optional extra) does. An engine that can lose tasks without failing the run (a
cluster worker that died) counts them in an ``int`` attribute ``lost``; the runner reports it.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    def map_unordered(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """Run ``fn`` on every task; yield each result when it is ready (any order)."""
        ...


class SerialExecutor:
    """Runs the tasks one after the other in this process."""

    def map_unordered(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        for t in tasks:
            yield fn(t)


class ProcessExecutor:
    """Runs the tasks in ``jobs`` worker processes (stdlib ``ProcessPoolExecutor``).

    At most ``2 * jobs`` tasks are in flight, so an interrupted run loses only those and
    a long task list is never materialised in the pool. Workers are forked where the
    platform allows it, so games registered at run time (tests) exist in them too."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs

    def map_unordered(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        todo = iter(tasks)
        with ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx) as pool:
            pending: set[Future[R]] = set()
            try:
                for t in todo:
                    pending.add(pool.submit(fn, t))
                    if len(pending) >= 2 * self.jobs:
                        break
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in done:
                        nxt = next(todo, None)
                        if nxt is not None:
                            pending.add(pool.submit(fn, nxt))
                        yield f.result()
            finally:
                for f in pending:
                    f.cancel()


def make_executor(jobs: int) -> Executor:
    """``jobs`` <= 1: in this process; more: that many worker processes."""
    return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs)
