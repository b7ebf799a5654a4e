"""What the server answers when a request cannot be served: each error carries its HTTP status."""

from __future__ import annotations

from http import HTTPStatus


class ServerError(Exception):
    """A request the server refuses; `status` is the HTTP status, the message says why."""

    status: HTTPStatus = HTTPStatus.BAD_REQUEST


class GameNotFound(ServerError):
    """No game has this id."""

    status = HTTPStatus.NOT_FOUND


class NotYourSeat(ServerError):
    """The token holds no seat in this game, or a spectator tried to act."""

    status = HTTPStatus.FORBIDDEN


class Unauthorized(ServerError):
    """The Authorization header is malformed."""

    status = HTTPStatus.UNAUTHORIZED


class WrongTime(ServerError):
    """The request does not fit the game's state: not started, over, stale, or already taken."""

    status = HTTPStatus.CONFLICT


class Unprocessable(ServerError):
    """The request is well-formed but its content cannot be used (a bad message, a number out of range)."""

    status = HTTPStatus.UNPROCESSABLE_ENTITY


class TooMany(ServerError):
    """The caller went past one of the server's limits (games per minute, open games, connections)."""

    status = HTTPStatus.TOO_MANY_REQUESTS
