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

import json
import os
import stat
import zlib
from typing import Any, BinaryIO

from .errors import MalformedLogError, UnknownFormatError
from .game import GameLog, LogFormat
from .mjai import read_mjai
from .mjlog import read_mjlog
from .tenhou6 import read_tenhou6

_GZIP_MAGIC = b"\x1f\x8b"


#: The most bytes of a log file read (a whole game's log is well under a megabyte).
MAX_LOG_BYTES = 16 * 2**20
#: The most bytes a gzip log may inflate to.
MAX_TEXT_BYTES = 64 * 2**20


def too_large(origin: str, most: int) -> MalformedLogError:
    """The error of a log larger than ``most`` bytes (read or inflated)."""
    return MalformedLogError(origin, f"larger than {most // 2**20} MB: not a game log")


def read_log_file(path: str | os.PathLike[str]) -> bytes:
    """A log file's bytes, at most :data:`MAX_LOG_BYTES` (a device or a pipe is refused).

    Raises:
        OSError: the file cannot be read (its ``strerror`` says why).
        MalformedLogError: not a regular file, or larger than the most read.
    """
    name = os.path.basename(os.fspath(path))
    with open(path, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise MalformedLogError(name, "not a regular file (a device, a pipe or a folder)")
        return read_limited(f, name)


def read_limited(stream: BinaryIO, origin: str = "-") -> bytes:
    """At most :data:`MAX_LOG_BYTES` from ``stream`` (standard input); refused beyond."""
    data = stream.read(MAX_LOG_BYTES + 1)
    if len(data) > MAX_LOG_BYTES:
        raise too_large(origin, MAX_LOG_BYTES)
    return data


def _inflate(data: bytes, origin: str) -> bytes:
    """A gzip file's content (every member), refused once it passes :data:`MAX_TEXT_BYTES`:
    a small file that inflates to gigabytes is stopped at the bound, never held whole."""
    out = bytearray()
    rest = data
    try:
        while rest:
            unzip = zlib.decompressobj(wbits=31)
            chunk = rest
            while True:
                out += unzip.decompress(chunk, MAX_TEXT_BYTES + 1 - len(out))
                if len(out) > MAX_TEXT_BYTES:
                    raise too_large(origin, MAX_TEXT_BYTES)
                chunk = unzip.unconsumed_tail
                if not chunk:
                    break
            if not unzip.eof:
                raise MalformedLogError(origin, "a truncated or damaged gzip file")
            rest = unzip.unused_data
            if rest[:2] != _GZIP_MAGIC:
                break  # trailing bytes after the last member: gzip ignores them too
    except zlib.error:
        raise MalformedLogError(origin, "a truncated or damaged gzip file") from None
    return bytes(out)


def unpack(data: bytes, origin: str = "-") -> str:
    """The text of a log: gzip undone, UTF-8 decoded (a byte-order mark dropped).

    Raises:
        MalformedLogError: for a truncated gzip file or bytes that are not UTF-8.
    """
    if data[:2] == _GZIP_MAGIC:
        data = _inflate(data, origin)
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

    text = unpack(data, origin)
    fmt, parsed = _sniff(text, origin)
    if fmt is LogFormat.MJLOG:
        return read_mjlog(text, origin=origin, name=name)
    if fmt is LogFormat.TENHOU6:
        return read_tenhou6(parsed, origin=origin, name=name)
    return read_mjai(parsed, origin=origin, name=name)
