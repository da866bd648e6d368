"""Tables of imported game logs (see :mod:`data.gamelog`).

- ``log_imports``: one row a log file imported (its content digest, so the
  same file is never imported twice), its game and format, and whether its
  round ends are kept (files imported before they were get them when imported again).
- ``log_wins``: each win of an imported file, tied to its bank item: where
  it was in the game (its position, round), who won and who paid, and the
  winner's melds as made (called tile and from whom). The drill draws from
  one import or one player's wins through this table.
- ``log_rounds``: each round end of an imported file worth settling by hand (its
  draws, double rons and pao hands), as a round record
  (:meth:`data.generate.rounds.RoundSpec.to_record`): the settlement drill's questions.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column

from .core import Base


class LogImport(Base):
    """A game log file imported into the bank."""

    __tablename__ = "log_imports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    format: Mapped[str] = mapped_column(String(16))
    game: Mapped[str] = mapped_column(String(64))
    rules: Mapped[str] = mapped_column(String(32))
    imported_at: Mapped[datetime]
    #: whether its round ends worth settling are in ``log_rounds`` (false: imported before
    #: they were kept, migration 0013; importing the file again adds them)
    rounds_kept: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class LogWin(Base):
    """One win of an imported game, with the bank item it became."""

    __tablename__ = "log_wins"
    __table_args__ = (
        Index(None, "item_id"),
        Index(None, "winner"),
        Index(None, "payer"),
    )

    import_id: Mapped[int] = mapped_column(
        ForeignKey("log_imports.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("bank_items.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(64))
    round: Mapped[str] = mapped_column(String(16))
    winner: Mapped[str] = mapped_column(String(64))
    payer: Mapped[str | None] = mapped_column(String(64))
    winner_seat: Mapped[int]
    payer_seat: Mapped[int | None]
    melds: Mapped[list[Any]]


class LogRound(Base):
    """A round end of an imported game worth settling (a draw, a double ron, a pao hand),
    settled as the server paid it: the settlement drill asks it (see
    :mod:`data.gamelog.rounds`)."""

    __tablename__ = "log_rounds"

    import_id: Mapped[int] = mapped_column(
        ForeignKey("log_imports.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(16))
    record: Mapped[dict[str, Any]]
