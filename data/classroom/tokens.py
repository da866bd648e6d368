"""Students' session tokens: signed, so that they outlive a restart of the classroom server.

A token is given at join and names the enrolment, its set, an expiry and a
mark of the student's resume code (a digest of the code's stored hash); it is
signed with HMAC-SHA256 by a secret the class database keeps
(:meth:`Classroom.token_secret`: made once, never sent or printed). The
server keeps nothing in memory that a student needs: after a restart it reads
the same secret and takes the same token. A token whose signature does not
match is refused (:class:`ForgedTokenError`), one past its expiry asks to join
again (:class:`ExpiredTokenError`), and one whose code mark is no longer the
student's (the teacher reset the code) is revoked (checked by the server).

>>> signer = TokenSigner(b"k" * 32, lifetime=60, clock=lambda: 1000.0)
>>> token = signer.issue(7, 3, "ab12")
>>> signer.read(token)
SeatClaims(enrolment_id=7, set_id=3, expires=1060, code_mark='ab12')
>>> try:
...     TokenSigner(b"x" * 32).read(token)
... except ForgedTokenError as e:
...     print(type(e).__name__)
ForgedTokenError
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from .errors import ExpiredTokenError, ForgedTokenError

__all__ = ["TOKEN_SECONDS", "SeatClaims", "TokenSigner", "code_mark"]

#: Seconds a session token is good for (a school day and an evening).
TOKEN_SECONDS = 14 * 3600
#: The version prefix of a token (a later format gets another).
VERSION = "v1"
#: Longest token read (a real one is about 150 characters).
LONGEST = 512

FORGED = "this session token is not valid (altered, or not from this classroom): join again"


@dataclass(frozen=True, slots=True)
class SeatClaims:
    """What a valid token says.

    Attributes:
        enrolment_id: the student in the set.
        set_id: the set.
        expires: when it ends (seconds since the epoch).
        code_mark: a digest of the stored hash of the student's code when it was given.
    """

    enrolment_id: int
    set_id: int
    expires: int
    code_mark: str


def code_mark(pin_hash: str) -> str:
    """A short digest of a code's stored hash: a new code (a reset) gives another mark."""
    return hashlib.sha256(pin_hash.encode("utf-8")).hexdigest()[:16]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class TokenSigner:
    """Issues and reads session tokens with one secret.

    Args:
        secret: the class database's token secret.
        lifetime: seconds a new token is good for.
        clock: seconds since the epoch (tests inject one).
    """

    def __init__(self, secret: bytes, *, lifetime: int = TOKEN_SECONDS,
                 clock: Callable[[], float] = time.time) -> None:
        self._secret = secret
        self.lifetime = lifetime
        self.clock = clock

    def _sign(self, body: str) -> str:
        return _b64(hmac.new(self._secret, f"{VERSION}.{body}".encode("ascii"),
                             hashlib.sha256).digest())

    def issue(self, enrolment_id: int, set_id: int, mark: str) -> str:
        """A new token for an enrolment, good for ``lifetime`` seconds from now."""
        claims = {"e": enrolment_id, "s": set_id, "x": int(self.clock()) + self.lifetime,
                  "c": mark}
        body = _b64(json.dumps(claims, separators=(",", ":")).encode("utf-8"))
        return f"{VERSION}.{body}.{self._sign(body)}"

    def read(self, token: str) -> SeatClaims:
        """The claims of a token signed here and not expired.

        Raises:
            ForgedTokenError: malformed, or not signed with this secret.
            ExpiredTokenError: past its expiry.
        """
        parts = token.split(".") if len(token) <= LONGEST else []
        if len(parts) != 3 or parts[0] != VERSION:
            raise ForgedTokenError(FORGED)
        _, body, signature = parts
        try:
            if not hmac.compare_digest(self._sign(body), signature):
                raise ForgedTokenError(FORGED)
            doc = json.loads(_unb64(body))
            claims = SeatClaims(int(doc["e"]), int(doc["s"]), int(doc["x"]), str(doc["c"]))
        except (ValueError, TypeError, KeyError, UnicodeError, binascii.Error):
            raise ForgedTokenError(FORGED) from None
        if self.clock() >= claims.expires:
            raise ExpiredTokenError("your session has expired: join again with your name "
                                    "and code")
        return claims
