"""Browser tests: Playwright (pytest-playwright, sync) driving Debian's Chromium against a real server.

Chromium comes from /usr/bin/chromium (scripts/test.sh installs it with apt when it can); without it these
tests are skipped with the reason. One server (SQLite) serves the whole module. Set TAWA_SCREENSHOTS=1 to
write the screenshots into docs/img/ (they are kept in the repository)."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from harness import PG_ENV, Server, fresh_database

CHROMIUM = os.environ.get("TAWA_CHROMIUM", "/usr/bin/chromium")
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        skip = pytest.mark.skip(
            reason=f"no Chromium at {CHROMIUM} (scripts/test.sh installs Debian's chromium with apt; it could not here)"
        )
        for item in items:
            if "tests/browser" in str(item.fspath):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-gpu",
        ],
    }


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(not os.environ.get(PG_ENV), reason="no PG"))]
)
def each_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database on SQLite and, when ``TAWA_TEST_DATABASE_URL`` is set (CI), on PostgreSQL: for the browser
    tests of what the table stores (the table room, the clocks), which start their own server on it."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def db_server(each_db: str, tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own on ``each_db`` (SQLite, and PostgreSQL in CI)."""
    srv = Server(each_db, tmp_path).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("browser")
    srv = Server(f"sqlite:///{tmp / 'tawa.db'}", tmp).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def shot():
    """``shot(page, name)``: a screenshot into docs/img/ when TAWA_SCREENSHOTS is set (the pointer moved off the
    page first, so no hover shows; kept as a 256-colour PNG, a third of the size)."""

    def take(page, name: str) -> None:  # type: ignore[no-untyped-def]
        if os.environ.get("TAWA_SCREENSHOTS"):
            DOCS_IMG.mkdir(parents=True, exist_ok=True)
            page.mouse.move(0, 0)
            page.wait_for_timeout(100)
            path = DOCS_IMG / f"{name}.png"
            page.screenshot(path=str(path), full_page=False)
            with Image.open(path) as im:
                small = im.convert("RGB").quantize(
                    colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
                )
            small.save(path, optimize=True)

    return take
