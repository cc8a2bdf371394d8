"""Simulation games on a Ray cluster (``tawa simulate --backend ray``; docs/cluster.md).

``RayExecutor`` is the lab's executor interface (``tawa.lab.executors``) on Ray: it joins a
running cluster at ``address`` (``HOST:PORT`` of its head node) or, without one, starts a Ray
of its own on this machine, bound to the loopback interface. Ray is an optional extra
(``pip install 'tawa[ray]'``) and is imported only when a run starts.

What travels to the workers is the task function and its plain-data tasks; the workers import
``tawa`` themselves, so every node needs the same tawa installed. Games registered at run time
(the tests' toy games) exist only in the process that registered them, not in Ray's workers:
run registered games, or use ``--jobs`` (forked processes) for those.

A game whose worker process died (killed, out of memory, its node lost) is dropped, not
retried (``max_retries=0``, so that a loss is seen rather than hidden): the run goes on, the
executor counts the loss in ``lost``, and ``tawa simulate --resume`` plays the missing games.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

LOOPBACK = {"127.0.0.1", "localhost", "::1"}

# Ray reads these when it is imported. Without the first, Ray binds every interface and
# advertises this machine's network address, even for a Ray private to one run.
_LOCAL_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
_QUIET_ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}


class RayMissingError(RuntimeError):
    """Ray is not installed in this environment."""


def is_loopback(address: str | None) -> bool:
    """``None`` (a Ray of our own) or a head node on this machine's loopback interface."""
    if address is None:
        return True
    host = address.rsplit(":", 1)[0].strip("[]") if ":" in address else address
    return host in LOOPBACK


def import_ray(address: str | None = None) -> ModuleType:
    """Import Ray, with the environment set first (loopback-only for a local Ray; no usage
    statistics, no auth token written under ``~/.ray``). Variables already set are kept."""
    env = {**_QUIET_ENV, **(_LOCAL_ENV if is_loopback(address) else {})}
    for k, v in env.items():
        os.environ.setdefault(k, v)
    try:
        import ray
    except ImportError as e:
        raise RayMissingError("--backend ray needs Ray: install tawa[ray] (pip install 'tawa[ray]')") from e
    return ray


def check_address(address: str) -> str:
    """``HOST:PORT`` of a Ray head node, else ``ValueError`` in the user's terms."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--address must be HOST:PORT of a Ray head node (e.g. 127.0.0.1:6379), got {address!r}")
    return address


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """``ValueError`` unless something listens at ``address`` (``HOST:PORT``)."""
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as e:
        raise ValueError(
            f"no Ray cluster answers at {address} ({e.strerror or e}): start its head node first "
            "(ray start --head --port PORT; see docs/cluster.md)"
        ) from e


def _lost_errors(ray: ModuleType) -> tuple[type[BaseException], ...]:
    """The errors that mean a task's process or node is gone, not that the game failed."""
    x = ray.exceptions
    return (x.WorkerCrashedError, x.NodeDiedError, x.OutOfMemoryError, x.ObjectLostError, x.LocalRayletDiedError)


def _driver_pythonpath() -> dict[str, Any]:
    """A local Ray's workers run in another folder: give them this process's PYTHONPATH, made absolute,
    so that they import the same tawa as the driver (a checkout run with ``PYTHONPATH=src``)."""
    entries = [os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return {"env_vars": {"PYTHONPATH": os.pathsep.join(entries)}} if entries else {}


class RayExecutor:
    """Runs the tasks as Ray tasks, at most ``in_flight`` at a time (default: twice the
    cluster's CPUs), and yields each result as it is done.

    ``address``: a running cluster's head (``HOST:PORT``); ``None`` starts a Ray on this
    machine with ``num_cpus`` CPUs (default: all), stopped again at the end of the run.
    ``lost`` counts the tasks dropped because their worker died (see the module docstring)."""

    def __init__(self, address: str | None = None, num_cpus: int | None = None, in_flight: int | None = None) -> None:
        if address is not None:
            check_address(address)
            if num_cpus is not None:
                raise ValueError("a Ray cluster's CPUs are set on its nodes (ray start --num-cpus), not here")
        if num_cpus is not None and num_cpus < 1:
            raise ValueError("num_cpus must be at least 1")
        if in_flight is not None and in_flight < 1:
            raise ValueError("in_flight must be at least 1")
        self.address = address
        self.num_cpus = num_cpus
        self.in_flight = in_flight
        self.lost = 0
        self._owned = False

    def start(self) -> RayExecutor:
        """Start or join Ray now (a run does it itself otherwise), so that a wrong address or a missing
        extra shows before the first game; ``close()`` undoes it. Nothing happens when this process is
        already connected to a Ray (then the caller's connection is used and left open)."""
        ray = import_ray(self.address)
        if ray.is_initialized():
            return self
        common: dict[str, Any] = {"logging_level": "WARNING", "log_to_driver": False}
        if self.address is None:
            ray.init(
                num_cpus=self.num_cpus or os.cpu_count() or 1,
                runtime_env=_driver_pythonpath() or None,
                include_dashboard=False,
                _node_ip_address="127.0.0.1",
                **common,
            )
        else:
            _check_reachable(self.address)  # Ray itself retries a dead address for minutes
            ray.init(address=self.address, **common)
        self._owned = True
        return self

    def close(self) -> None:
        """Leave (or stop, if it was started here) the Ray that ``start()`` joined."""
        if self._owned:
            import_ray(self.address).shutdown()
            self._owned = False

    def map_unordered(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        ray = import_ray(self.address)
        self.lost = 0
        opened_here = not self._owned and not ray.is_initialized()
        self.start()
        lost_errors = _lost_errors(ray)
        try:
            remote = ray.remote(max_retries=0)(fn)
            limit = self.in_flight or 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
            todo = iter(tasks)
            pending: list[Any] = []
            try:
                for t in todo:
                    pending.append(remote.remote(t))
                    if len(pending) >= limit:
                        break
                while pending:
                    done, pending = ray.wait(pending, num_returns=1)
                    for ref in done:
                        nxt = next(todo, None)
                        if nxt is not None:
                            pending.append(remote.remote(nxt))
                        try:
                            result = ray.get(ref)
                        except lost_errors:
                            self.lost += 1
                            continue
                        yield result
            finally:
                for ref in pending:  # an interrupted run: the games not yet done are not needed
                    ray.cancel(ref)
        finally:
            if opened_here:
                self.close()


def ray_available() -> bool:
    """Whether Ray can be imported here (without importing it)."""
    import importlib.util

    return "ray" in sys.modules or importlib.util.find_spec("ray") is not None
