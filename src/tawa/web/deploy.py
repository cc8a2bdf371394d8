"""Several workers on one machine (issue 30): the nginx file that routes by table, and the fleet that runs them.

**The nginx file** (``nginx_conf``): one upstream per worker, its home tables' (``/api/tables/w2-…``, the WebSocket
``/ws/v1?table=w2-…``) — that worker first, the next ones round the ring as ``backup`` servers, in the order
``tawa.web.cluster`` adopts a dead worker's tables — and one upstream of every worker for the rest (pages, the lobby,
new tables, profiles: any worker answers those from the database). A ``moved`` answer (503: the worker tried does
not hold the table's lease yet) is tried on the next server (``proxy_next_upstream … http_503 non_idempotent``: a
``moved`` refusal changed nothing). uvicorn trusts the ``X-Forwarded-For`` of a proxy on 127.0.0.1 (its
``--forwarded-allow-ips``; set ``FORWARDED_ALLOW_IPS`` for a proxy on another machine), so the limits per network
address see the real clients.

**The fleet** (``Fleet``): ``tawa serve --workers N`` — N workers (``tawa serve`` with ``TAWA_WORKER`` …) on
consecutive ports after the proxy's, a Redis (Debian's ``redis-server``) when no ``--redis`` is given, and nginx in
front on the address printed; a worker that exits is started again. docs/deploy.md runs the same pieces on several
machines (systemd units in ``deploy/``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from tawa.web.cluster import Worker

TABLE_IN_PATH = r"^/api/tables/([a-z][a-z0-9]{0,7})-"  # a table's REST routes name its home worker first
TABLE_IN_QUERY = r"^([a-z][a-z0-9]{0,7})-"  # so does the WebSocket's ?table=


def nginx_conf(ring: Sequence[Worker], host: str, port: int, prefix: str | None = None) -> str:
    """nginx's configuration for the workers of ``ring`` behind ``host:port``. ``prefix``: a directory for nginx's
    pid, logs and temporary files (to run it as a plain user: ``nginx -p DIR -c nginx.conf``); None for a system
    nginx (the file goes in ``/etc/nginx/conf.d/``: only the ``map``, ``upstream`` and ``server`` blocks)."""
    names = [w.name for w in ring]
    blocks = [
        "# Tawa: several workers behind one address (tawa.web.deploy; docs/deploy.md)",
        "map $uri $tawa_path_home {",
        f'    "~{TABLE_IN_PATH}" $1;',
        '    default "";',
        "}",
        "map $arg_table $tawa_ws_home {",
        f'    "~{TABLE_IN_QUERY}" $1;',
        '    default "";',
        "}",
        'map "$tawa_path_home$tawa_ws_home" $tawa_upstream {',
        *(f"    {n} tawa_{n};" for n in names),
        "    default tawa_any;",
        "}",
        "map $http_upgrade $tawa_connection {",
        "    default upgrade;",
        "    '' close;",
        "}",
    ]
    for i, w in enumerate(ring):
        others = list(ring[i + 1 :]) + list(ring[:i])
        blocks += [
            f"upstream tawa_{w.name} {{",
            f"    server {w.address} max_fails=1 fail_timeout=2s;",
            *(f"    server {o.address} backup max_fails=1 fail_timeout=2s;" for o in others),
            "}",
        ]
    blocks += [  # random: round robin would deal a client's every other request (its new tables) to one worker
        "upstream tawa_any {",
        "    random;",
        *(f"    server {w.address} max_fails=1 fail_timeout=2s;" for w in ring),
        "}",
    ]
    proxied = [
        "        proxy_http_version 1.1;",
        "        proxy_set_header Host $http_host;",
        "        proxy_set_header X-Forwarded-For $remote_addr;",
        "        proxy_set_header X-Forwarded-Proto $scheme;",
        "        proxy_next_upstream error timeout http_503 non_idempotent;",
        "        proxy_next_upstream_tries 0;",
        "        proxy_connect_timeout 2s;",
    ]
    blocks += [
        "server {",
        f"    listen {host}:{port};" if ":" not in host else f"    listen [{host}]:{port};",
        "    client_max_body_size 1m;",
        "    access_log off;",
        "    location /ws/ {",
        "        proxy_pass http://$tawa_upstream;",
        *proxied,
        "        proxy_set_header Upgrade $http_upgrade;",
        "        proxy_set_header Connection $tawa_connection;",
        "        proxy_read_timeout 1h;",
        "        proxy_send_timeout 1h;",
        "    }",
        "    location / {",
        "        proxy_pass http://$tawa_upstream;",
        *proxied,
        "    }",
        "}",
    ]
    body = "\n".join(blocks) + "\n"
    if prefix is None:
        return body
    indented = "\n".join("    " + line if line else line for line in body.splitlines())
    return "\n".join(
        [
            *(["user root;"] if os.geteuid() == 0 else []),  # its temporary files live in ``prefix``, made by this user
            "worker_processes 1;",
            "daemon off;",
            f"pid {prefix}/nginx.pid;",
            f"error_log {prefix}/error.log warn;",
            "events { worker_connections 8192; }",
            "http {",
            f"    client_body_temp_path {prefix}/body;",
            f"    proxy_temp_path {prefix}/proxy;",
            f"    fastcgi_temp_path {prefix}/fastcgi;",
            f"    uwsgi_temp_path {prefix}/uwsgi;",
            f"    scgi_temp_path {prefix}/scgi;",
            indented,
            "}",
            "",
        ]
    )


def system_nginx_conf(listen: str) -> str:
    """``tawa nginx-conf``: the file for a system nginx, from ``TAWA_WORKERS`` (``Settings.from_env``)."""
    from tawa.web.cluster import parse_workers
    from tawa.web.settings import Settings

    ring = parse_workers(Settings.from_env().workers)
    if not ring:
        raise ValueError("TAWA_WORKERS names no worker (name=host:port, comma-separated)")
    host, _, port = listen.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"--listen {listen!r}: host:port")
    return nginx_conf(ring, host.strip("[]"), int(port))


def nginx_binary() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if found is None:
        raise ValueError("several workers need nginx in front (Debian: apt install nginx-light)")
    return found


def redis_binary() -> str:
    found = shutil.which("redis-server") or next(
        (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if Path(p).exists()), None
    )
    if found is None:
        raise ValueError("several workers need Redis: give --redis URL, or install it (apt install redis-server)")
    return found


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def wait_for(url: str, proc: subprocess.Popen[bytes] | None, what: str, log: Path | None, timeout: float) -> None:
    """Until ``url`` answers 200 (``proc`` must not exit meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if (proc is not None and proc.poll() is not None) or time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:] if log is not None and log.exists() else ""
            raise RuntimeError(f"{what} did not start:\n{tail}")
        time.sleep(0.1)


class Fleet:
    """N workers, a Redis (unless one is given) and nginx in front, as processes of this one (``tawa serve
    --workers N``, the tests, ``tawa bench-server --workers N``). ``stop`` ends only what it started."""

    def __init__(
        self,
        workers: int,
        db: str,
        run_dir: Path,
        host: str = "127.0.0.1",
        port: int = 8000,
        redis_url: str | None = None,
        env: dict[str, str] | None = None,
        lease_seconds: float | None = None,
    ) -> None:
        self.run_dir = run_dir
        self.host, self.port, self.db = host, port, db
        self.ring = [Worker(f"w{i + 1}", "127.0.0.1", free_port()) for i in range(workers)]
        self.redis_url = redis_url
        self.env = dict(env or {})
        if lease_seconds is not None:
            self.env["TAWA_LEASE_SECONDS"] = str(lease_seconds)
        self.env.setdefault("TAWA_SECRET", os.environ.get("TAWA_SECRET") or secrets.token_urlsafe(48))
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.redis: subprocess.Popen[bytes] | None = None
        self.nginx: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def worker_url(self, name: str) -> str:
        w = next(w for w in self.ring if w.name == name)
        return f"http://{w.address}"

    def log(self, name: str) -> Path:
        return self.run_dir / f"{name}.log"

    def start(self, timeout: float = 90) -> Fleet:
        self.run_dir.mkdir(parents=True, exist_ok=True)
        if self.redis_url is None:
            rport = free_port()
            self.redis = subprocess.Popen(
                [
                    redis_binary(),
                    "--port",
                    str(rport),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(self.run_dir),
                ],
                stdout=self.log("redis").open("ab"),
                stderr=subprocess.STDOUT,
            )
            self.redis_url = f"redis://127.0.0.1:{rport}/0"
            wait_port("127.0.0.1", rport, self.redis, "redis", timeout)
        for w in self.ring:
            self.start_worker(w.name)
        for w in self.ring:
            wait_for(
                f"http://{w.address}/api/health", self.procs[w.name], f"worker {w.name}", self.log(w.name), timeout
            )
        conf = self.run_dir / "nginx.conf"
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.run_dir / sub).mkdir(exist_ok=True)
        conf.write_text(nginx_conf(self.ring, self.host, self.port, str(self.run_dir)))
        self.nginx = subprocess.Popen(
            [nginx_binary(), "-p", str(self.run_dir), "-c", str(conf), "-e", str(self.run_dir / "error.log")],
            stdout=self.log("nginx").open("ab"),
            stderr=subprocess.STDOUT,
        )
        wait_for(f"{self.url}/api/health", self.nginx, "nginx", self.run_dir / "error.log", timeout)
        return self

    def worker_env(self, name: str) -> dict[str, str]:
        assert self.redis_url is not None
        return {
            **os.environ,
            "TAWA_LOG_LEVEL": os.environ.get("TAWA_LOG_LEVEL", "warning"),
            **self.env,
            "TAWA_WORKER": name,
            "TAWA_WORKERS": ",".join(f"{w.name}={w.address}" for w in self.ring),
            "TAWA_REDIS_URL": self.redis_url,
        }

    def start_worker(self, name: str) -> None:
        w = next(w for w in self.ring if w.name == name)
        self.procs[name] = subprocess.Popen(
            [sys.executable, "-m", "tawa.cli", "serve", "--host", w.host, "--port", str(w.port), "--db", self.db],
            stdout=self.log(name).open("ab"),
            stderr=subprocess.STDOUT,
            env=self.worker_env(name),
        )

    def kill9(self, name: str) -> None:
        proc = self.procs[name]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

    def watch(self) -> None:
        """Until interrupted: start a worker again when it exits (a second later), stop when nginx does."""
        assert self.nginx is not None
        while self.nginx.poll() is None:
            for name, proc in list(self.procs.items()):
                if proc.poll() is not None:
                    print(f"worker {name} exited ({proc.returncode}); starting it again", file=sys.stderr, flush=True)
                    time.sleep(1)
                    self.start_worker(name)
            time.sleep(0.5)

    def stop(self) -> None:
        procs = [p for p in (self.nginx, *self.procs.values()) if p is not None]
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        if self.redis is not None and self.redis.poll() is None:
            self.redis.terminate()
            self.redis.wait(10)


def wait_port(host: str, port: int, proc: subprocess.Popen[bytes], what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start") from None
            time.sleep(0.05)
