"""The web pages' trust: signed cookies, CSRF tokens, the security headers.

A visitor's session is a cookie holding a small JSON document signed with
HMAC-SHA256 under a key derived from the database's own secret (the one the
classroom signs students' tokens with), so every ``web`` process behind one
proxy on one database reads the others' cookies, and a restart signs nobody
out. The cookie is HttpOnly, SameSite=Lax and expires (the signed ``exp`` is
checked, whatever the browser keeps).

Every form carries a CSRF token: an HMAC of the visitor's session id, so a
page of another site cannot post in the visitor's name (it can neither read
the token nor the cookie that makes it right).

>>> signer = Signer(b"k" * 32, ticker=lambda: 1000.0)
>>> value = signer.sign({"sid": "abc"}, life=60)
>>> signer.read(value)["sid"]
'abc'
>>> Signer(b"k" * 32, ticker=lambda: 2000.0).read(value) is None  # expired
True
>>> signer.read(value[:-2] + "xx") is None  # forged
True
>>> csrf_ok(b"k" * 32, "abc", csrf_token(b"k" * 32, "abc")), csrf_ok(b"k" * 32, "abc", "x")
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "Signer", "csrf_ok", "csrf_token",
           "derive_key", "new_id"]

#: Nothing from another host: scripts, styles, fonts and images from this server only,
#: no inline script, no framing, forms posted here only.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'none'"
)

#: Headers on every page.
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def derive_key(secret: bytes, purpose: str) -> bytes:
    """A key for one purpose (cookies, question tickets), derived from the database secret."""
    return hmac.new(secret, b"riichi-drill web " + purpose.encode(), hashlib.sha256).digest()


def new_id() -> str:
    """A new random id (32 hex digits: a session id, a question's nonce)."""
    return secrets.token_hex(16)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """Signs small JSON documents with an expiry (cookies, question tickets).

    Args:
        key: the HMAC key.
        ticker: the wall clock in seconds (tests move it).
    """

    #: Longest signed value read (a cookie is far smaller).
    MOST = 4000

    def __init__(self, key: bytes, *, ticker: Callable[[], float] = time.time) -> None:
        self.key = key
        self.ticker = ticker

    def sign(self, doc: dict[str, Any], *, life: float) -> str:
        """``doc`` with an expiry ``life`` seconds from now, signed."""
        body = _b64(json.dumps({**doc, "exp": int(self.ticker() + life)},
                               separators=(",", ":"), ensure_ascii=False).encode())
        mac = hmac.new(self.key, body.encode(), hashlib.sha256).digest()
        return f"{body}.{_b64(mac)}"

    def read(self, value: str | None) -> dict[str, Any] | None:
        """The document signed here, or None (missing, forged, expired or malformed)."""
        if not value or len(value) > self.MOST or value.count(".") != 1:
            return None
        body, mac = value.split(".")
        want = hmac.new(self.key, body.encode(), hashlib.sha256).digest()
        try:
            if not hmac.compare_digest(_unb64(mac), want):
                return None
            doc = json.loads(_unb64(body))
        except (ValueError, TypeError):
            return None
        if not isinstance(doc, dict) or not isinstance(doc.get("exp"), int):
            return None
        if doc["exp"] <= self.ticker():
            return None
        return doc


def csrf_token(key: bytes, sid: str) -> str:
    """The CSRF token of a visitor's session (the same on every form of that session)."""
    return _b64(hmac.new(key, b"csrf " + sid.encode(), hashlib.sha256).digest()[:18])


def csrf_ok(key: bytes, sid: str, token: object) -> bool:
    """Whether a posted token is the session's."""
    return isinstance(token, str) and hmac.compare_digest(token, csrf_token(key, sid))
