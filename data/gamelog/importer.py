"""Importing game logs into the bank: one transaction a file.

Each file is read (format from content), replayed, and each win checked
against what the server paid (:mod:`data.gamelog.check`). The wins that agree
become bank items of kind ``game``; each disagreement is reported with the
item id and both answers and never stored. A refused file changes nothing; a
file already imported is not imported again (its content digest is kept).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Table, insert, select, update

from scoring.errors import ScoringError

from ..bank.items import prepare_item
from ..bank.repository import _row_values
from ..clock import Clock, utc_now
from ..errors import DuplicateItemError, Fault, ItemError
from ..models.core import BankItem as Row
from ..models.core import ItemTopic
from ..models.gamelog import LogImport, LogRound, LogWin
from ..records import ItemKind, Problem
from .check import check_win
from .detect import read_log, read_log_file
from .errors import LogError
from .game import GameLog
from .rounds import log_rounds
from .settling import check_game_ends

if TYPE_CHECKING:
    from sqlalchemy import Table

    from scoring import Result
    from scoring.errors import ScoringError

    from ..bank.items import PreparedItem
    from ..db.database import Database
    from ..generate.rounds import RoundSpec
    from .check import LogDifference
    from .settling import GameCheck
    from .situation import WinSituation

#: Files whose names end so are taken from a folder (others are skipped quietly).
LOG_SUFFIXES = (".mjlog", ".xml", ".txt", ".json", ".jsonl", ".gz", ".log")


class Outcome(StrEnum):
    """What happened to one file."""

    IMPORTED = "imported"
    ALREADY = "already imported"
    REFUSED = "refused"
    ROUNDS_ADDED = "round ends added"  # imported before round ends were kept: now added


@dataclass(frozen=True, slots=True)
class RefusedWin:
    """A win of a log that is not imported: our scoring does not pay it as the log did
    (``differences``), or refuses the hand itself (``refusal``)."""

    uid: str
    differences: tuple[LogDifference, ...] = ()
    refusal: ScoringError | None = None

    def english(self) -> str:
        """The win and why, in one English line."""
        if self.refusal is not None:
            return f"{self.uid}: our scoring refuses the hand ({self.refusal})"
        return f"{self.uid}: {'; '.join(d.english() for d in self.differences)}"


@dataclass(frozen=True, slots=True)
class FileReport:
    """One file's import.

    Attributes:
        origin: the file name (``-`` for standard input).
        outcome: imported, already imported, or refused.
        game: the game id (empty when the file could not be read).
        added: wins stored as new bank items.
        present: wins already in the bank (from another file of the same game).
        disagreements: each win our scoring does not pay as the server did.
        reason: why the file was refused or skipped.
        round_ends: each round end (and the final scores) our settlement does not pay as
            the server did, beyond the wins refused (:mod:`.settling`).
        rounds_added: round ends worth settling added to a file imported before they
            were kept (outcome ``round ends added``).
        when: when a file imported before was imported.
    """

    origin: str
    outcome: Outcome
    game: str = ""
    added: int = 0
    present: int = 0
    disagreements: tuple[RefusedWin, ...] = ()
    reason: str = ""
    round_ends: tuple[RefusedWin, ...] = ()
    rounds_added: int = 0
    when: str = ""

    def line(self) -> str:
        """One line for the summary."""
        if self.outcome is Outcome.REFUSED:
            return self.reason
        if self.outcome is Outcome.ROUNDS_ADDED:
            n = self.rounds_added
            return (f"{self.origin}: game {self.game}: imported on {self.when}, before round "
                    f"ends were kept: {n} round end{'s' if n != 1 else ''} to settle added")
        if self.outcome is Outcome.ALREADY:
            return f"{self.origin}: {self.reason}"
        parts = [f"{self.added} win{'s' if self.added != 1 else ''} imported"]
        if self.present:
            parts.append(f"{self.present} already in the bank")
        if self.disagreements:
            parts.append(f"{len(self.disagreements)} refused (our scoring disagrees)")
        if self.round_ends:
            n = len(self.round_ends)
            parts.append(f"{n} round end{'s' if n != 1 else ''} settled otherwise than the log")
        return f"{self.origin}: game {self.game}: " + ", ".join(parts)


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """Every file's report and the totals."""

    files: tuple[FileReport, ...] = field(default_factory=tuple)

    @property
    def imported(self) -> int:
        """Wins stored as new items."""
        return sum(f.added for f in self.files)

    @property
    def skipped(self) -> int:
        """Wins not stored because they are in the bank already (files imported before too)."""
        return sum(f.present for f in self.files)

    @property
    def refused_wins(self) -> int:
        """Wins not stored because our scoring disagrees with the server."""
        return sum(len(f.disagreements) for f in self.files)

    @property
    def disagreeing_ends(self) -> int:
        """Round ends (and final scores) our settlement does not pay as the server did."""
        return sum(len(f.round_ends) for f in self.files)

    @property
    def refused_files(self) -> int:
        """Files refused whole."""
        return sum(1 for f in self.files if f.outcome is Outcome.REFUSED)

    @property
    def rounds_added(self) -> int:
        """Round ends added to files imported before they were kept."""
        return sum(f.rounds_added for f in self.files)

    def line(self) -> str:
        """The totals in one line."""
        already = sum(1 for f in self.files
                      if f.outcome in (Outcome.ALREADY, Outcome.ROUNDS_ADDED))
        ends = self.disagreeing_ends
        return (
            f"{self.imported} win{'s' if self.imported != 1 else ''} imported, "
            f"{self.skipped} already in the bank, {self.refused_wins} refused "
            f"(scoring disagrees); {len(self.files)} file{'s' if len(self.files) != 1 else ''}: "
            f"{self.refused_files} refused, {already} already imported"
            + (f"; {ends} round end{'s' if ends != 1 else ''} settled otherwise than the log"
               if ends else "")
        )


def log_files(paths: Iterable[str | Path]) -> list[str | Path]:
    """The files to read: each path, a folder's log files (sorted), ``-`` kept as is."""
    out: list[str | Path] = []
    for p in paths:
        if str(p) == "-":
            out.append("-")
            continue
        path = Path(p)
        if path.is_dir():
            out.extend(
                f
                for f in sorted(path.rglob("*"))
                if f.is_file() and f.name.lower().endswith(LOG_SUFFIXES)
            )
        else:
            out.append(path)
    return out


def source_line(game: GameLog, win: WinSituation, origin: str) -> str:
    """Where a hand came from, for people: game, round, who won, who paid, and the file."""
    paid = "by tsumo" if win.tsumo else f"from {game.name(win.source)}"
    pao = win.recorded.pao
    liable = f" (pao: {game.name(pao)} pays)" if pao is not None and pao != win.who else ""
    return f"game {game.game} {win.label}: {game.name(win.who)} won {paid}{liable} ({origin})"


def prepare_wins(
    game: GameLog, *, origin: str, rules: str
) -> tuple[list[tuple[WinSituation, PreparedItem]], list[RefusedWin]]:
    """Check every win against the server: the items that agree, the wins that do not."""
    profile = game.rules or rules
    good: list[tuple[WinSituation, PreparedItem]] = []
    bad: list[RefusedWin] = []
    for win in game.wins:
        uid = game.win_id(win)
        try:
            verdict = check_win(
                win.problem, win.recorded, who=win.who, source=win.source,
                dealer=win.dealer, rules=profile,
            )  # fmt: skip
        except ScoringError as e:
            bad.append(RefusedWin(uid, refusal=e))
            continue
        if not verdict.agrees:
            bad.append(RefusedWin(uid, verdict.differences))
            continue
        # the replay writes problems in canonical form (as read_problem would)
        problem = Problem.from_record({**win.problem, "rules": profile})
        item = prepare_item(
            problem,
            uid=uid,
            origin=origin,
            kind=ItemKind.GAME,
            source=source_line(game, win, origin),
            result=verdict.result,
        )
        good.append((win, item))
    return good, bad


def import_log(
    database: Database,
    data: bytes,
    *,
    origin: str,
    name: str | None = None,
    rules: str = "tenhou",
    clock: Clock = utc_now,
    known: dict[str, str] | None = None,
) -> FileReport:
    """Import one log's wins in one transaction; a refused file changes nothing.

    ``known`` maps the digests of files imported before to when (read from the
    database when not given).
    """

    digest = hashlib.sha256(data).hexdigest()
    when = _imported_when(database, digest) if known is None else known.get(digest)
    if when is not None:
        if _rounds_kept(database, digest):
            return FileReport(
                origin, Outcome.ALREADY, reason=f"already imported on {when} (nothing added)"
            )
        return _add_rounds(database, data, digest, origin=origin, name=name, rules=rules,
                           when=when)
    try:
        game = read_log(data, origin=origin, name=name)
    except LogError as e:
        return FileReport(origin, Outcome.REFUSED, reason=str(e))
    if not game.wins:
        return FileReport(
            origin, Outcome.REFUSED, game=game.game, reason=f"{origin}: refused: no win in it"
        )
    good, bad = prepare_wins(game, origin=origin, rules=rules)
    at = {id(w): i for i, w in enumerate(game.wins)}
    results = {at[id(w)]: item.result for w, item in good}

    checked = check_game_ends(game, rules=rules, results=results)
    ends = settle_ends(game, rules=rules, refused=bad, results=results, checked=checked)
    rounds = log_rounds(game, rules=rules, origin=name or Path(origin).name, results=results,
                        checked=checked)
    try:
        added, present = _store(database, game, good, digest, origin, game.rules or rules, clock(),
                                rounds)
    except ItemError as e:
        return FileReport(origin, Outcome.REFUSED, game=game.game, reason=f"{origin}: refused: {e}")
    return FileReport(
        origin, Outcome.IMPORTED, game.game, added, present, tuple(bad), round_ends=ends
    )


def _rounds_kept(database: Database, digest: str) -> bool:
    """Whether the file imported with this digest has its round ends in ``log_rounds``."""
    table = cast("Table", LogImport.__table__)
    with database.engine.connect() as conn:
        kept = conn.execute(
            select(table.c.rounds_kept).where(table.c.digest == digest)
        ).scalar_one_or_none()
    return kept is None or bool(kept)


def _add_rounds(database: Database, data: bytes, digest: str, *, origin: str,
                name: str | None, rules: str, when: str) -> FileReport:
    """A file imported before round ends were kept (migration 0013): replay it and add
    them, once; its wins stay as they were imported."""
    try:
        game = read_log(data, origin=origin, name=name)
    except LogError as e:  # it was read once: only a reader grown stricter refuses it now
        return FileReport(origin, Outcome.REFUSED, reason=str(e))
    imports = cast("Table", LogImport.__table__)
    with database.engine.connect() as conn:
        import_id, stored_rules = conn.execute(
            select(imports.c.id, imports.c.rules).where(imports.c.digest == digest)
        ).one()
    rounds = log_rounds(game, rules=game.rules or stored_rules or rules,
                        origin=name or Path(origin).name)
    with database.transaction() as s:
        conn = s.connection()
        kept = conn.execute(select(imports.c.rounds_kept).where(imports.c.id == import_id)
                            .with_for_update()).scalar_one()
        if kept:  # another process added them meanwhile
            return FileReport(origin, Outcome.ALREADY,
                              reason=f"already imported on {when} (nothing added)")
        if rounds:
            conn.execute(insert(cast(Table, LogRound.__table__)), _round_rows(import_id, rounds))
        conn.execute(update(imports).where(imports.c.id == import_id).values(rounds_kept=True))
    return FileReport(origin, Outcome.ROUNDS_ADDED, game.game, rounds_added=len(rounds),
                      when=when)


def _round_rows(import_id: int, rounds: Sequence[RoundSpec]) -> list[dict[str, Any]]:
    return [{"import_id": import_id, "position": n, "round": spec.source.split()[-1][:16],
             "kind": spec.kind, "record": spec.to_record()} for n, spec in enumerate(rounds)]


def settle_ends(
    game: GameLog,
    *,
    rules: str,
    refused: Sequence[RefusedWin] = (),
    results: Mapping[int, Result] | None = None,
    checked: GameCheck | None = None,
) -> tuple[RefusedWin, ...]:
    """The round ends of a game our settlement does not pay as the server did (the wins
    already ``refused`` left out), and the final scores when they differ though every round
    end agrees; ``results`` are the wins already scored, by their index in ``game.wins``
    (``checked``: the game's round ends already checked)."""

    if checked is None:
        checked = check_game_ends(game, rules=rules, results=results)
    left_out = {r.uid for r in refused}
    out: list[RefusedWin] = []
    for end in checked.disagreeing:
        if end.winner is not None:
            uid = f"{game.game}/{end.label}/w{end.winner}"
            if uid in left_out:
                continue
        else:
            uid = f"{game.game}/{end.label}/draw"
        out.append(RefusedWin(uid, end.differences, end.refusal))
    final = checked.final_difference()
    if final is not None and not checked.disagreeing:
        out.append(RefusedWin(f"{game.game}/final", (final,)))
    return tuple(out)


def import_logs(
    database: Database,
    paths: Sequence[str | Path],
    *,
    rules: str = "tenhou",
    read_stdin: Callable[[], bytes] | None = None,
    clock: Clock = utc_now,
) -> ImportSummary:
    """Import files and folders (``-``: standard input); each file on its own."""
    reports: list[FileReport] = []
    known = _imported(database)
    for path in log_files(paths):
        if path == "-":
            try:
                data = read_stdin() if read_stdin is not None else b""
            except LogError as e:  # too large
                reports.append(FileReport("-", Outcome.REFUSED, reason=str(e)))
                continue
            reports.append(
                import_log(database, data, origin="-", rules=rules, clock=clock, known=known)
            )
            continue
        path = Path(path)
        try:
            data = read_log_file(path)
        except OSError as e:
            reason = f"{path.name}: refused: cannot read it ({e.strerror or e})"
            reports.append(FileReport(path.name, Outcome.REFUSED, reason=reason))
            continue
        except LogError as e:  # a device, a pipe, or too large
            reports.append(FileReport(path.name, Outcome.REFUSED, reason=str(e)))
            continue
        report = import_log(
            database, data, origin=path.name, name=path.name, rules=rules, clock=clock, known=known
        )
        if report.outcome is Outcome.IMPORTED:
            known[hashlib.sha256(data).hexdigest()] = "this run"
        reports.append(report)
    return ImportSummary(tuple(reports))


def _imported(database: Database) -> dict[str, str]:
    """When each file imported before was imported, by content digest."""
    table = cast("Table", LogImport.__table__)
    with database.engine.connect() as conn:
        rows = conn.execute(select(table.c.digest, table.c.imported_at)).all()
    return {digest: _when(at) for digest, at in rows}


def _when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def _imported_when(database: Database, digest: str) -> str | None:
    table = cast("Table", LogImport.__table__)
    with database.engine.connect() as conn:
        found = conn.execute(
            select(table.c.imported_at).where(table.c.digest == digest)
        ).scalar_one_or_none()
    return None if found is None else _when(found)


def _store(
    database: Database,
    game: GameLog,
    good: list[tuple[WinSituation, PreparedItem]],
    digest: str,
    origin: str,
    rules: str,
    now: datetime,
    rounds: Sequence[RoundSpec] = (),
) -> tuple[int, int]:
    """Store the agreeing wins, the file, its wins table and its round ends worth settling,
    in one transaction."""
    bank_items, topics = cast(Table, Row.__table__), cast(Table, ItemTopic.__table__)
    imports, wins = cast(Table, LogImport.__table__), cast(Table, LogWin.__table__)
    with database.transaction() as s:
        conn = s.connection()
        uids = [item.uid for _, item in good]
        existing: dict[str, tuple[int, dict[str, Any]]] = {}
        for start in range(0, len(uids), 500):
            chunk = uids[start : start + 500]
            for row_id, uid, problem in conn.execute(
                select(bank_items.c.id, bank_items.c.uid, bank_items.c.problem).where(
                    bank_items.c.uid.in_(chunk)
                )
            ):
                existing[uid] = (row_id, problem)
        new = [item for _, item in good if item.uid not in existing]
        for _, item in good:
            if item.uid in existing and Problem.from_record(existing[item.uid][1]) != item.problem:
                raise DuplicateItemError(
                    origin, item.uid, "the id is already in the bank with a different hand",
                    kind=Fault.DIFFERENT_HAND,
                )
        ids: dict[str, int] = {uid: row_id for uid, (row_id, _) in existing.items()}
        if new:
            rows = [_row_values(item, now) for item in new]
            for values in rows:
                values["limit_name"] = values.pop("limit")
            new_ids = conn.execute(
                insert(bank_items).returning(bank_items.c.id, sort_by_parameter_order=True), rows
            ).scalars()
            ids.update(zip((item.uid for item in new), new_ids, strict=True))
            conn.execute(
                insert(topics),
                [{"item_id": ids[item.uid], "topic": t} for item in new for t in item.topics],
            )
        import_id = conn.execute(
            insert(imports).returning(imports.c.id),
            {
                "digest": digest,
                "name": origin[:200],
                "format": game.format.value,
                "game": game.game,
                "rules": rules,
                "imported_at": now,
                "rounds_kept": True,
            },
        ).scalar_one()
        if good:
            conn.execute(
                insert(wins),
                [
                    {
                        "import_id": import_id,
                        "position": n,
                        "item_id": ids[item.uid],
                        "game": game.game,
                        "round": win.label,
                        "winner": game.name(win.who)[:64],
                        "payer": None if win.tsumo else game.name(win.source)[:64],
                        "winner_seat": win.who,
                        "payer_seat": None if win.tsumo else win.source,
                        "melds": [
                            {
                                "kind": m.kind.value,
                                "tiles": "".join(m.tiles),
                                "called": m.called,
                                "from": m.source,
                            }
                            for m in win.melds
                        ],
                    }
                    for n, (win, item) in enumerate(good)
                ],
            )
        if rounds:
            conn.execute(insert(cast(Table, LogRound.__table__)), _round_rows(import_id, rounds))
    return len(new), len(good) - len(new)
