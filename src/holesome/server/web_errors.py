"""How errors become HTTP answers: a status and a `detail` that says what was wrong."""

from __future__ import annotations

from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from holesome.core.errors import HolesomeError, IllegalAction
from holesome.server.errors import ServerError


def error_status(error: Exception) -> HTTPStatus:
    """The HTTP status for an error: the server's own, 409 for a move the rules refuse, else 422."""
    if isinstance(error, ServerError):
        return error.status
    if isinstance(error, IllegalAction):
        return HTTPStatus.CONFLICT
    if isinstance(error, TimeoutError):
        return HTTPStatus.REQUEST_TIMEOUT
    return HTTPStatus.UNPROCESSABLE_ENTITY


def install(app: FastAPI) -> None:
    """Answer server and rules errors as JSON `{"detail": ...}` with their status."""

    async def handle(_request: Request, error: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=error_status(error))

    app.add_exception_handler(ServerError, handle)
    app.add_exception_handler(HolesomeError, handle)
