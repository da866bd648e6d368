"""Secrets of the classroom: salted scrypt hashes and the students' resume codes.

A teacher's password and a student's resume code are stored only as a salted
scrypt hash (``scrypt$n$r$p$salt$hash``). The resume code is made here, never
chosen by the student: ten letters and digits from an alphabet without look-alikes
(about 50 bits), shown once, so it can be neither guessed through the server
(which also slows and limits failures) nor recovered from its hash.

>>> hash_ok = hash_secret("s3cret", cost=2**10)
>>> verify_secret("s3cret", hash_ok), verify_secret("wrong", hash_ok)
(True, False)
>>> code = new_resume_code()
>>> len(code), code[5], normal_code(code.lower().replace("-", " ")) == code
(11, '-', True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets

#: scrypt cost of a teacher's password.
TEACHER_COST = 2**14
#: scrypt cost of a student's resume code (as strong: it is stored the same way).
CODE_COST = 2**14
#: The letters of a resume code (no 0/O, 1/I/L, U/V look-alikes).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
#: Characters in a resume code (shown as two groups of five).
CODE_LENGTH = 10


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_secret(secret: str, *, cost: int = TEACHER_COST) -> str:
    """A salted scrypt hash of a password or code: ``scrypt$n$r$p$salt$hash``."""
    salt = os.urandom(16)
    digest = hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=cost, r=8, p=1, dklen=32)
    return f"scrypt${cost}$8$1${_b64(salt)}${_b64(digest)}"


def verify_secret(secret: str, stored: str) -> bool:
    """True when ``secret`` hashes to ``stored`` (compared in constant time)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        got = hashlib.scrypt(
            secret.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=2**26,
            dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


def new_resume_code() -> str:
    """A new random resume code, e.g. ``K7QX2-MW9RT`` (from :mod:`secrets`)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in its one written form."""
    raw = "".join(c for c in text.upper() if c.isalnum())
    return f"{raw[:5]}-{raw[5:]}" if len(raw) == CODE_LENGTH else raw


#: The fewest characters of a teacher's password.
PASSWORD_MIN_LENGTH = 8
#: Passwords every guessing script tries first (lower case, spaces removed).
_COMMON = frozenset({
    "password", "password1", "12345678", "123456789", "1234567890", "qwertyui", "qwerty123",
    "iloveyou", "abcdefgh", "abcd1234", "11111111", "letmein1", "welcome1", "mahjong1",
    "riichi123", "teacher1", "passw0rd", "admin123", "changeme",
})


def password_weakness(password: str) -> str | None:
    """Why a teacher's password is too weak (``short``, ``repeated``, ``common``), or None.

    The password guards every student's results and their codes; the server
    lets a stranger try only about one guess every two seconds per set, so a
    password of 8 characters or more that is not a well-known one holds.

    >>> password_weakness("a"), password_weakness("mahjong night 3")
    ('short', None)
    """
    if len(password) < PASSWORD_MIN_LENGTH:
        return "short"
    if len(set(password.lower())) < 4:
        return "repeated"
    if "".join(password.lower().split()) in _COMMON:
        return "common"
    return None
