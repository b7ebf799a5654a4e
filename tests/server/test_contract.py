"""The API against its own OpenAPI document: schemathesis sends a few hundred generated requests.

Every answer must be a status the document lists, with the body it describes (the one error
shape included), and never a 5xx. The run is derandomized (a fixed seed) and bounded: a fixed
number of cases per operation, each on a live server on a loopback port.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks

from holesome.server import Settings, create_app
from holesome.server.quotas import Limits
from tests.server.conftest import LiveServer

CASES_PER_OPERATION = 40
CONTRACT = [
    schemathesis.checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.response_headers_conformance,
]


def _app(database: str) -> FastAPI:
    limits = Limits(games_per_minute=10_000, open_games=10_000)
    return create_app(Settings(database=database, bot_workers=1, bot_processes=False, limits=limits))


schema = schemathesis.openapi.from_dict(_app("sqlite://").openapi())


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("contract") / "contract.db"
    with LiveServer(_app(f"sqlite:///{database}")) as live:
        yield f"http://127.0.0.1:{live.port}"


@schema.parametrize()
@settings(
    max_examples=CASES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_one_the_document_lists(case: schemathesis.Case[Any], base_url: str) -> None:
    case.call_and_validate(base_url=base_url, checks=CONTRACT)
