"""Errors the game service raises for requests it refuses; the HTTP layer maps them to statuses.

Each carries a message a person can read (it is shown as is on the kiosk page and in API
responses), so they subclass `ValueError` the way the rules core's errors do.
"""

from __future__ import annotations


class UserError(ValueError):
    """A request the service refuses; `status` is the HTTP status the API answers with."""

    status = 400


class NotFound(UserError):
    """The game, throw or record asked for does not exist."""

    status = 404


class Conflict(UserError):
    """The request does not fit the game's state now, e.g. a throw while a move is owed."""

    status = 409


class InvalidRequest(UserError):
    """The request itself is wrong: an unknown variant, a throw value out of range."""

    status = 422


class Unavailable(UserError):
    """The part needed is not there: a sim action outside `--sim`, a board that is unplugged."""

    status = 503
