"""A served tab's process started ahead of its visitor: imported, then waiting for a session.

``riichi-drill serve`` keeps a few of these ready (:class:`quiz.cli.serve_pool.WarmPool`)
so that a new browser tab gets a process that has already imported Textual,
SQLAlchemy and the app, instead of paying for that while its visitor waits.

Run as ``python -m quiz.cli.warm_tab [riichi-drill arguments]``: it imports
what the app needs, then reads one line from its standard input,
``GO WIDTH HEIGHT``, which the server writes when a tab takes it (having
written :data:`READY` on its standard error once imported). Then it runs
``riichi-drill`` with its arguments at that terminal size, exactly as a tab
started cold would (the same environment, the same "who is drilling?" first
screen). When its standard input closes first (the server stopped), it ends
quietly. Nothing here touches the database or the classroom server before
``GO``.
"""

from __future__ import annotations

import os
import sys

#: What the server writes to hand the process its tab (then the width and height).
GO = b"GO"
#: The line written on standard error once imported (the pool reads it: ready).
READY = b"__WARM__\n"
#: The process name while waiting, then once serving (``/proc/PID/comm``; Linux only).
WAITING_NAME, SERVING_NAME = b"riichi-warm", b"riichi-tab"


def _name_process(name: bytes) -> None:
    """Name this process (as ``ps`` and ``/proc/PID/comm`` show it), where the system allows."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.prctl(15, ctypes.c_char_p(name), 0, 0, 0)  # PR_SET_NAME
    except (OSError, AttributeError):
        pass


#: What every tab imports before its first screen (the slow part of a cold start).
PREPARED = (
    "textual.drivers.web_driver",  # the driver textual-serve asks for
    "textual.scrollbar",
    "textual.layouts.factory",
    "quiz.__main__",  # the command line and its sub-commands
)
#: What a drill tab imports too: the app, its store, SQLAlchemy and the tables.
PREPARED_DRILL = (
    "quiz.app",
    "quiz.store.journal",
    "sqlalchemy",
    "sqlalchemy.orm",
    "sqlalchemy.dialects.sqlite",
    "data.db",
    "data.models.core",
    "data.models.classroom",
    "data.learners",
    "data.bank.repository",
    "data.bank.build",
)
#: What a class tab (``class join``) imports too: it never opens a database.
PREPARED_CLASS = ("quiz.cli.classroom", "quiz.classroom.client", "quiz.screens.classroom")
#: What a drill tab on PostgreSQL imports too.
PREPARED_POSTGRES = ("psycopg", "sqlalchemy.dialects.postgresql.psycopg")


def prepare(argv: list[str]) -> None:
    """Import what a tab running ``riichi-drill ARGV`` needs before its first screen."""
    import importlib

    names: tuple[str, ...] = PREPARED
    if argv[:1] == ["class"]:
        names += PREPARED_CLASS
    else:
        names += PREPARED_DRILL
        if os.environ.get("RIICHI_DRILL_DB", "").startswith("postgres"):
            names += PREPARED_POSTGRES
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError:  # a driver that is not installed: the tab will say so itself
            continue


def read_go(fd: int = 0) -> tuple[int, int] | None:
    """Wait for ``GO WIDTH HEIGHT [ADDRESS]``; the size, or None when the input closed first.

    The browser's address, when given, is kept in the environment
    (:data:`quiz.classroom.client.CLIENT_ADDRESS_ENV`): the tab's classroom link
    passes it on to the classroom server, which counts new names per address.

    Read one byte at a time, so that nothing after the line (the tab's first
    keys) is taken from the driver that reads the same input next.
    """
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            return None
        line += byte
        if len(line) > 128:
            return None
    words = line.split()
    if len(words) not in (3, 4) or words[0] != GO or not all(w.isdigit() for w in words[1:3]):
        return None
    if len(words) == 4:
        import ipaddress

        try:
            address = str(ipaddress.ip_address(words[3].decode("ascii")))
        except (ValueError, UnicodeDecodeError):
            return None
        os.environ["RIICHI_DRILL_CLIENT_ADDRESS"] = address
    return int(words[1]), int(words[2])


def main(argv: list[str] | None = None) -> int:
    """Import, wait for a tab, then run ``riichi-drill`` with ``argv`` at the tab's size."""
    argv = sys.argv[1:] if argv is None else argv
    _name_process(WAITING_NAME)
    prepare(argv)
    os.write(2, READY)
    size = read_go()
    if size is None:
        return 0
    _name_process(SERVING_NAME)
    os.environ["COLUMNS"], os.environ["ROWS"] = str(size[0]), str(size[1])
    from quiz.__main__ import main as riichi_drill

    return riichi_drill(argv)


if __name__ == "__main__":
    sys.exit(main())
