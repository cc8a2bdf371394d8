"""The REST API fuzzed from its own OpenAPI document (schemathesis): whatever is sent, no server error, and
every answer fits the document (status codes, content types, bodies)."""
from __future__ import annotations

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
    guest.create("ayar", 2, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
                 {"TURNS_PER_ROUND": [1, 1, 1, 1]})
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
    assert {"/api/games", "/api/me", "/api/tables", "/api/lobby", "/api/tables/{table_id}",
            "/api/tables/{table_id}/invites", "/api/tables/{table_id}/seats/{seat}",
            "/api/tables/{table_id}/replay", "/api/tables/{table_id}/record"} <= paths
