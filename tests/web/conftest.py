"""Fixtures of the server tests: ``db_url`` (one fresh database per test, on SQLite and, when
``TAWA_TEST_DATABASE_URL`` is set, on PostgreSQL), ``server`` (a running ``tawa serve`` on it)."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import PG_ENV, Server, fresh_database

DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set (CI sets it; see .ci/run)"))]


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
