"""Who may change what: two roles carried by `Authorization: Bearer <token>`.

The admin token (configuration `[api] admin_token`; the configuration takes it from the
environment variable `SENET_BOARD_TOKEN` when set) may do everything; the referee token may act
on the game (new game, manual throw, takeback) but not change settings. Reading never needs a
token. Tokens are compared in constant time; a missing or wrong token is a 401, a token without
the right role a 403.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from enum import Enum


class Role(Enum):
    REFEREE = "referee"
    ADMIN = "admin"


@dataclass(frozen=True)
class Tokens:
    """The configured tokens; an empty one grants nothing."""

    admin: str = ""
    referee: str = ""

    def role_of(self, token: str) -> Role | None:
        """The role a presented token grants, or None when it matches no configured token."""
        if self.admin and hmac.compare_digest(token.encode(), self.admin.encode()):
            return Role.ADMIN
        if self.referee and hmac.compare_digest(token.encode(), self.referee.encode()):
            return Role.REFEREE
        return None

    @staticmethod
    def allows(role: Role, needed: Role) -> bool:
        """The admin may do what a referee may; not the other way round."""
        return role is Role.ADMIN or role is needed
