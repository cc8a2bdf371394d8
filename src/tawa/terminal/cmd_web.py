"""``tawa serve`` (the game server) and ``tawa bench-server`` (its load benchmark).

The server's modules (FastAPI, SQLAlchemy, uvicorn) are imported when one of these commands runs, not when
``tawa`` starts, so the other commands stay quick."""

from __future__ import annotations

import importlib
import json
from typing import Annotated

import typer

from tawa.terminal.common import user_errors


def serve_cmd(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="database URL (default $TAWA_DATABASE_URL, else sqlite:///./tawa.db)")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, max=64, help="worker processes (more than 1: PostgreSQL, Redis and nginx)")
    ] = 1,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL for several workers (default $TAWA_REDIS_URL, else one started here)")
    ] = None,
    worker: Annotated[
        str | None,
        typer.Option(help="run as this worker of $TAWA_WORKERS, on its host:port (one systemd unit per worker)"),
    ] = None,
) -> None:
    """Run the game server (lobby, tables for people and bots, replays); open the printed address."""
    server = importlib.import_module("tawa.web.serve")
    if workers > 1:
        with user_errors():
            server.serve_many(workers, host, port, db, redis)
        return
    with user_errors():
        if worker is not None:
            host, port = server.worker_address(worker)
        app = server.prepare(host, port, db)
    server.run(app, host, port)


def nginx_conf_cmd(
    listen: Annotated[str, typer.Option(help="the address nginx listens on, host:port")] = "0.0.0.0:80",
) -> None:
    """Print nginx's configuration for the workers of $TAWA_WORKERS (for /etc/nginx/conf.d/; docs/deploy.md)."""
    with user_errors():
        deploy = importlib.import_module("tawa.web.deploy")
        print(deploy.system_nginx_conf(listen), end="")


def bench_server_cmd(
    tables: Annotated[int, typer.Option(min=1, help="concurrent two-person tables")] = 500,
    interval: Annotated[float, typer.Option(min=0.01, help="seconds between moves at each table")] = 2.0,
    seconds: Annotated[float, typer.Option(min=1, help="measured time")] = 60.0,
    warmup: Annotated[float, typer.Option(min=0, help="unmeasured time first")] = 10.0,
    game: Annotated[str, typer.Option(help="the game the tables play")] = "ayar",
    db: Annotated[str | None, typer.Option(help="database URL (default: a fresh SQLite file)")] = None,
    board: Annotated[bool, typer.Option(help="clients ask for the SVG board (as browsers do)")] = True,
    client_processes: Annotated[int, typer.Option(min=1, max=16, help="processes the clients run in")] = 2,
    moves: Annotated[
        int | None,
        typer.Option(
            min=1, help="measure until this many moves were acknowledged (--seconds then the most it may take)"
        ),
    ] = None,
    hostile: Annotated[bool, typer.Option(help="a hostile client harasses the server all along (issue 23)")] = False,
    workers: Annotated[
        int, typer.Option(min=1, max=16, help="server workers (more than 1: --db PostgreSQL; Redis, nginx started)")
    ] = 1,
    deflate: Annotated[
        bool, typer.Option(help="clients ask for permessage-deflate, as browsers do (the server compresses each frame)")
    ] = False,
) -> None:
    """Load a local server with many tables; print move round trips (p50/p95/p99) and moves/s as JSON."""
    bench = importlib.import_module("tawa.web.bench")
    print(
        json.dumps(
            bench.run_bench(
                tables,
                interval,
                seconds,
                warmup,
                game=game,
                db=db,
                board=board,
                client_processes=client_processes,
                moves=moves,
                hostile=hostile,
                workers=workers,
                deflate=deflate,
            ),
            indent=1,
        )
    )


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_cmd)
    app.command("nginx-conf")(nginx_conf_cmd)
    app.command("bench-server")(bench_server_cmd)
