"""Finding imported wins: those of one import (a file or a game), or of one player.

>>> Role("paid").value
'paid'
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import or_, select

from ..errors import NotFoundError
from ..generate.rounds import round_from_record
from ..models.core import BankItem
from ..models.gamelog import LogImport, LogRound, LogWin
from .detect import read_log_file
from .errors import LogError
from .importer import Outcome, import_log

if TYPE_CHECKING:
    from ..db.database import Database
    from ..generate.rounds import RoundSpec


class Role(StrEnum):
    """Which of a player's hands: the wins they made, those they paid for, or both."""

    WON = "won"
    PAID = "paid"
    BOTH = "both"


def player_wins(database: Database, player: str, role: Role = Role.BOTH) -> list[str]:
    """Item ids of the wins a player made and/or dealt into, in import and play order.

    Raises:
        NotFoundError: when no imported win has that player in that role.
    """
    won, paid = LogWin.winner == player, LogWin.payer == player
    where = won if role is Role.WON else paid if role is Role.PAID else or_(won, paid)
    stmt = (
        select(BankItem.uid)
        .join(LogWin, LogWin.item_id == BankItem.id)
        .where(where)
        .order_by(LogWin.import_id, LogWin.position)
    )
    with database.session() as s:
        uids = list(dict.fromkeys(s.scalars(stmt)))
    if not uids:
        what = {Role.WON: "won", Role.PAID: "dealt into", Role.BOTH: "won or dealt into"}[role]
        raise NotFoundError(
            f"no imported hand {what} by a player named '{player}' "
            "(names are as the logs write them; 'riichi-drill bank import-log FILE' first)"
        )
    return uids


def import_wins(database: Database, key: str) -> list[str]:
    """Item ids of one import's wins in play order: ``key`` is a file name or a game id.

    Raises:
        NotFoundError: when no import has that file name or game.
    """
    return _wins_of_import(database, _import_id(database, key))


def import_rounds(database: Database, key: str) -> list[RoundSpec]:
    """One import's round ends worth settling, in play order (``key``: a file name or a
    game id); none for a file imported before they were kept.

    Raises:
        NotFoundError: when no import has that file name or game.
    """
    found = _import_id(database, key)
    with database.session() as s:
        records = s.scalars(select(LogRound.record).where(LogRound.import_id == found)
                            .order_by(LogRound.position)).all()
    return [round_from_record(r) for r in records]


def import_rounds_kept(database: Database, key: str) -> bool:
    """Whether the newest import of a file name or game id has its round ends kept (false:
    imported before they were; ``bank import-log FILE`` again adds them).

    Raises:
        NotFoundError: when no import has that file name or game.
    """
    found = _import_id(database, key)
    with database.session() as s:
        return bool(s.scalar(select(LogImport.rounds_kept).where(LogImport.id == found)))


def _import_id(database: Database, key: str) -> int:
    """The newest import of a file name or game id.

    Raises:
        NotFoundError: when no import has that file name or game.
    """
    name = Path(key).name if key != "-" else key
    with database.session() as s:
        found = s.scalar(
            select(LogImport.id)
            .where(or_(LogImport.name == name, LogImport.game == key))
            .order_by(LogImport.id.desc())
            .limit(1)
        )
    if found is None:
        raise NotFoundError(
            f"no imported game log '{key}' ('riichi-drill bank import-log FILE' first)"
        )
    return int(found)


def file_wins(
    database: Database, path: str, *, rules: str = "tenhou"
) -> tuple[list[str], str, str]:
    """A log file's checked wins in play order, importing the file first if it is new.

    Returns the item ids, their rule profile and the import's one-line report.

    Raises:
        LogError: when the file is refused (naming why).
        NotFoundError: when it holds no win our scoring agrees with.
    """
    file = Path(path)
    try:
        data = read_log_file(file)
    except OSError as e:
        raise LogError(file.name, f"cannot read it ({e.strerror or e})") from None
    report = import_log(database, data, origin=file.name, name=file.name, rules=rules)
    if report.outcome is Outcome.REFUSED:
        raise LogError(file.name, report.reason.split(": refused: ", 1)[-1])
    digest = hashlib.sha256(data).hexdigest()
    with database.session() as s:
        found = s.execute(
            select(LogImport.id, LogImport.rules).where(LogImport.digest == digest)
        ).first()
    uids = _wins_of_import(database, found[0]) if found is not None else []
    if found is None or not uids:
        raise NotFoundError(f"{file.name}: no win of it could be imported ({report.line()})")
    return uids, str(found[1]), report.line()


def _wins_of_import(database: Database, import_id: int) -> list[str]:
    stmt = (
        select(BankItem.uid)
        .join(LogWin, LogWin.item_id == BankItem.id)
        .where(LogWin.import_id == import_id)
        .order_by(LogWin.position)
    )
    with database.session() as s:
        return list(s.scalars(stmt))
