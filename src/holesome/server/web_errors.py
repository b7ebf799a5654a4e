"""How errors become HTTP answers: a status and `{"detail": "a sentence"}`, the one error shape.

Every refusal, whether the rules', the server's or the request validator's, answers with a
`detail` that is one string saying what was wrong and where. A validation error names the field
and the problem but never repeats the value sent: it may be huge, a secret, or a number (NaN)
that JSON cannot carry.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from holesome.core.errors import HolesomeError, IllegalAction
from holesome.server.errors import ServerError

MAX_DETAILS = 5
"""How many validation problems one answer lists."""


class ErrorBody(BaseModel):
    """Every error answer: what was wrong, in one sentence or a few joined by "; "."""

    detail: str


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` of a route that may refuse with these statuses, each with `ErrorBody`."""
    return {
        status: {"model": ErrorBody, "description": f"{HTTPStatus(status).phrase}: `detail` says why."}
        for status in statuses
    }


def error_status(error: Exception) -> HTTPStatus:
    """The HTTP status for an error: the server's own, 409 for a move the rules refuse, else 422."""
    if isinstance(error, ServerError):
        return error.status
    if isinstance(error, IllegalAction):
        return HTTPStatus.CONFLICT
    if isinstance(error, TimeoutError):
        return HTTPStatus.REQUEST_TIMEOUT
    return HTTPStatus.UNPROCESSABLE_ENTITY


def validation_detail(error: RequestValidationError) -> str:
    """The problems a request validator found, as `where: what` without the values sent."""
    problems = [
        f"{'.'.join(str(part) for part in problem.get('loc', ()))}: {problem.get('msg', 'invalid')}"
        for problem in error.errors()[:MAX_DETAILS]
    ]
    return "; ".join(problems) or "invalid request"


def install(app: FastAPI) -> None:
    """Answer server, rules and validation errors as JSON `{"detail": ...}` with their status."""

    async def handle(_request: Request, error: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=error_status(error))

    async def invalid(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return JSONResponse({"detail": validation_detail(error)}, status_code=HTTPStatus.UNPROCESSABLE_ENTITY)

    app.add_exception_handler(ServerError, handle)
    app.add_exception_handler(HolesomeError, handle)
    app.add_exception_handler(RequestValidationError, invalid)
