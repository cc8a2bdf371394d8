"""The REST API fuzzed from its own OpenAPI document (schemathesis): whatever is sent, no server error, and
every answer fits the document (status codes, content types, bodies)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import schemathesis
from harness import Guest, Server
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)


@pytest.fixture
def fuzz_target(server: Server):
    guest = Guest(server, "Fuzz")
    # a real table of each state, so that generated ids sometimes hit something
    guest.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])
    guest.create(
        "ayar",
        2,
        [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        {"TURNS_PER_ROUND": [1, 1, 1, 1]},
    )
    cookie = guest.http.cookies["tawa_guest"]
    yield server, cookie
    guest.close()


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def test_rest_api_never_fails(fuzz_target) -> None:
    """Every operation of the document, fuzzed (schemathesis' pytest plugin does not run under pytest 9 yet, so
    each operation's strategy is driven by Hypothesis here)."""
    server, cookie = fuzz_target
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    for op in operations:

        @given(case=op.as_strategy())
        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def fuzz(case) -> None:  # type: ignore[no-untyped-def]
            case.call_and_validate(base_url=server.url, headers={"Cookie": f"tawa_guest={cookie}"}, checks=CHECKS)

        fuzz()


def test_the_openapi_document_names_every_route(server: Server) -> None:
    paths = set(httpx.get(f"{server.url}/openapi.json").json()["paths"])
    assert {
        "/api/games",
        "/api/me",
        "/api/tables",
        "/api/lobby",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/invites",
        "/api/tables/{table_id}/seats/{seat}",
        "/api/tables/{table_id}/replay",
        "/api/tables/{table_id}/record",
    } <= paths


def _finished_table(guest: Guest) -> str:
    """A bot-vs-bot table that plays to its end, for the record and the replay."""
    made = guest.create(
        "ayar",
        2,
        [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        {"TURNS_PER_ROUND": [1, 1, 1, 1]},
    )
    deadline = time.monotonic() + 120
    while guest.http.get(f"/api/tables/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bot table did not finish"
        time.sleep(0.5)
    return str(made["id"])


def test_schemathesis_every_check_passes(server: Server, tmp_path: Path) -> None:
    """The schemathesis command line over the whole OpenAPI document, every check it has (the schema's promises
    about inputs included: what it allows must be taken, what it forbids refused), its coverage phase (the
    boundaries: a 41-character name, ``"players": "2"`` ...) and its fuzzing phase, with a short budget. One
    setting is ours: a schema-valid request may be answered 422 too, for what no schema can say (one seat per
    player of that game, an option's cross-checks, a bot spec's ranges: each named in the message)."""
    guest = Guest(server, "Fuzz")
    finished = _finished_table(guest)
    running = guest.create("ayar", 2, [{"kind": "me"}, {"kind": "invite"}])["id"]
    cookie = guest.http.cookies["tawa_guest"]
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        "[checks.positive_data_acceptance]\n"
        'expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]\n\n'
        f'[[operations]]\ninclude-path-regex = "/record$|/replay$"\nparameters = {{ table_id = "{finished}" }}\n\n'
        f'[[operations]]\ninclude-path-regex = "/invites$|/seats/"\nparameters = {{ table_id = "{running}" }}\n'
    )
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "schemathesis.cli",
            "--config-file",
            str(config),
            "run",
            f"{server.url}/openapi.json",
            "--checks",
            "all",
            "--phases",
            "coverage,fuzzing",
            "--max-examples",
            "25",
            "--generation-deterministic",
            "--no-color",
            "--workers",
            "1",
            "-H",
            f"Cookie: tawa_guest={cookie}",
            "--request-timeout",
            "30",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
    )
    summary = out.stdout[out.stdout.find("SUMMARY") :]
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert "passed" in summary and "failures" not in summary.lower().split("test cases")[0], summary
    guest.close()
