"""The web pages' table: learners' passwords (``riichi-drill web``).

A learner of the terminal app needs no password (the computer is theirs);
on the web a learner signs in. The password is kept only as a salted scrypt
hash (:mod:`data.classroom.hashing`), one row per learner who has set one.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .core import Base

__all__ = ["LearnerPassword"]


class LearnerPassword(Base):
    """A learner's password hash, for signing in on the web pages."""

    __tablename__ = "learner_passwords"

    learner_id: Mapped[int] = mapped_column(
        sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    password_hash: Mapped[str] = mapped_column(sa.String(200))
    set_at: Mapped[datetime]
