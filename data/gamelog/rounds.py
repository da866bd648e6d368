"""The round ends of an imported game as settlement questions.

A game's draws (exhaustive draws with their tenpai players, nagashi mangan),
its double rons and its pao hands are the round ends worth settling by hand.
:func:`log_rounds` replays a game to them (:mod:`.ends`, :mod:`.settling`) and
keeps only those our settlement pays exactly as the server did, so the answer
of each question is the table's own. Re-derived from the log file each time:
nothing is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from scoring import parse_record, score
from scoring.errors import ScoringError
from scoring.rules import Nagashi, get_profile
from scoring.settle import RoundEnd, RoundEndKind

from ..generate.rounds import RoundSpec
from .detect import read_log
from .ends import RoundRecord
from .game import GameLog
from .settling import GameCheck, _share, _table, check_game_ends

if TYPE_CHECKING:
    from scoring import Result

__all__ = ["file_rounds", "log_rounds"]


def _end(game: GameLog, record: RoundRecord, rules: str,
         results: Mapping[int, Result]) -> tuple[str, RoundEnd] | None:
    """The round end to ask, with its kind, or None when it is not one worth settling."""

    profile = get_profile(rules)
    if record.wins:
        shares = []
        for i in record.wins:
            win = game.wins[i]
            result = results.get(i) or score(parse_record({**win.problem, "rules": rules}))
            shares.append(_share(win, result, profile))
        if len(shares) > 1:
            kind = "double_ron"
        elif shares[0].pao is not None:
            kind = "pao_tsumo" if shares[0].tsumo else "pao_ron"
        else:
            return None
        return kind, RoundEnd(RoundEndKind.WIN, tuple(shares))
    drawn = record.drawn
    if drawn is None or drawn.kind not in (RoundEndKind.EXHAUSTIVE_DRAW, RoundEndKind.NAGASHI):
        return None
    if record.nagashi and profile.nagashi is not Nagashi.NONE:
        return "nagashi", RoundEnd(RoundEndKind.NAGASHI, tenpai=record.tenpai,
                                   nagashi=record.nagashi)
    return "draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=record.tenpai)


def log_rounds(game: GameLog, *, rules: str = "tenhou", origin: str = "",
               results: Mapping[int, Result] | None = None,
               checked: GameCheck | None = None) -> list[RoundSpec]:
    """The draws, double rons and pao hands of a game, in play order, each settled as the
    log recorded it (``rules``: the profile when the log does not say; ``results``: the
    wins already scored, by their index in ``game.wins``; ``checked``: its round ends
    already checked)."""
    name = game.rules or rules
    results = results or {}
    if checked is None:
        checked = check_game_ends(game, rules=name, results=results)
    wrong = {end.label for end in checked.ends if not end.agrees}
    out: list[RoundSpec] = []
    rounds = game.ends.rounds if game.ends is not None else ()
    for record in rounds:
        if not record.ended or record.label in wrong:
            continue
        try:
            found = _end(game, record, name, results)
        except ScoringError:
            continue
        if found is None:
            continue
        kind, end = found
        source = f"{origin or game.game} {record.label}"
        spec = RoundSpec(kind, end, _table(record), name, source=source.strip())
        try:
            spec.settle()
        except ScoringError:
            continue
        out.append(spec)
    return out


def file_rounds(paths: Iterable[str | Path], *, rules: str = "tenhou") -> list[RoundSpec]:
    """The round ends worth settling of the game logs in these files, in order.

    Raises:
        LogError: naming the file, when one cannot be read as a game log.
    """

    out: list[RoundSpec] = []
    for path in paths:
        p = Path(path)
        game = read_log(p.read_bytes(), origin=str(p), name=p.name)
        out += log_rounds(game, rules=rules, origin=p.name)
    return out
