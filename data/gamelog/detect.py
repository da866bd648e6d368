"""Which format a log is in, from its content (never its name), and reading it.

>>> detect(b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>')
<LogFormat.MJLOG: 'mjlog'>
>>> detect(b'{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"end_game"}')
<LogFormat.MJAI: 'mjai'>
>>> detect(b'hello')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
data.gamelog.errors.UnknownFormatError: -: refused: not a game log ...
"""

from __future__ import annotations

import gzip
import json
import zlib
from typing import Any

from .errors import MalformedLogError, UnknownFormatError
from .game import GameLog, LogFormat

_GZIP_MAGIC = b"\x1f\x8b"


def unpack(data: bytes, origin: str = "-") -> str:
    """The text of a log: gzip undone, UTF-8 decoded (a byte-order mark dropped).

    Raises:
        MalformedLogError: for a truncated gzip file or bytes that are not UTF-8.
    """
    if data[:2] == _GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error):
            raise MalformedLogError(origin, "a truncated or damaged gzip file") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnknownFormatError(
            origin, "not a game log (not UTF-8 text: mjlog, tenhou.net/6 or mjai expected)"
        ) from None


def detect(data: bytes, origin: str = "-") -> LogFormat:
    """The format of a log's content.

    Raises:
        UnknownFormatError: when it is none of mjlog, tenhou.net/6 and mjai.
    """
    return _sniff(unpack(data, origin), origin)[0]


def _sniff(text: str, origin: str) -> tuple[LogFormat, Any]:
    head = text.lstrip()[:4096]
    if head.startswith("<") and "<mjloggm" in head:
        return LogFormat.MJLOG, None
    if head.startswith("{"):
        try:
            whole = json.loads(text)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, dict):
            if "log" in whole:
                return LogFormat.TENHOU6, [whole]
            if "type" in whole:
                return LogFormat.MJAI, [whole]
        lines: list[Any] = []
        for n, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            try:
                lines.append(json.loads(raw))
            except json.JSONDecodeError:
                if whole is None and n == 1:
                    raise MalformedLogError(
                        origin, "not valid JSON (a truncated or malformed log?)"
                    ) from None
                raise MalformedLogError(
                    origin, f"line {n} is not valid JSON (a truncated or malformed log?)"
                ) from None
        if lines and all(isinstance(v, dict) and "log" in v for v in lines):
            return LogFormat.TENHOU6, lines
        if lines and all(isinstance(v, dict) and "type" in v for v in lines):
            return LogFormat.MJAI, lines
    raise UnknownFormatError(
        origin, "not a game log (an mjlog XML, tenhou.net/6 JSON or mjai JSON lines expected)"
    )


def read_log(data: bytes, *, origin: str, name: str | None = None) -> GameLog:
    """Read a log of any known format into a :class:`GameLog`.

    Raises:
        LogError: (a subclass) naming the file and what is wrong.
    """
    from .mjai import read_mjai
    from .mjlog import read_mjlog
    from .tenhou6 import read_tenhou6

    text = unpack(data, origin)
    fmt, parsed = _sniff(text, origin)
    if fmt is LogFormat.MJLOG:
        return read_mjlog(text, origin=origin, name=name)
    if fmt is LogFormat.TENHOU6:
        return read_tenhou6(parsed, origin=origin, name=name)
    return read_mjai(parsed, origin=origin, name=name)
