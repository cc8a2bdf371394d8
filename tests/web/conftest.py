"""Fixtures of the server tests: ``db_url`` (one fresh database per test, on SQLite and, when
``TAWA_TEST_DATABASE_URL`` is set, on PostgreSQL), ``server`` (a running ``tawa serve`` on it)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from harness import PG_ENV, Server, fresh_database
from smtp_box import Mailbox

DATABASES = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set (CI sets it; see .ci/run)"),
    ),
]


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(db_url, tmp_path).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def server_with(db_url: str, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """``server_with(TAWA_SETTING="value", ...)``: a running server on this test's database with those settings
    (stopped after the test)."""
    started: list[Server] = []

    def start(**env: str) -> Server:
        srv = Server(db_url, tmp_path, **env).start()
        started.append(srv)
        return srv

    try:
        yield start
    finally:
        for srv in started:
            srv.stop()


@pytest.fixture
def sqlite_server_with(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """As ``server_with``, on SQLite only: for limits that involve no storage."""
    started: list[Server] = []

    def start(**env: str) -> Server:
        srv = Server(f"sqlite:///{tmp_path / 'tawa.db'}", tmp_path, **env).start()
        started.append(srv)
        return srv

    try:
        yield start
    finally:
        for srv in started:
            srv.stop()


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 for this test; ``mailbox.env``: the settings that send there."""
    box = Mailbox().start()
    try:
        yield box
    finally:
        box.stop()
