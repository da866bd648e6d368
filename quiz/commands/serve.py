"""``riichi-drill serve``: the app in a web browser, one session per tab (``textual-serve``).

::

    riichi-drill --db postgresql://class@server/drill serve --host 0.0.0.0 --port 8000
    riichi-drill serve --class "Club night 3"     each tab joins that practice set

Every browser tab that opens the page starts its own ``riichi-drill`` process
on the same database: the drill app, or with ``--class NAME`` the practice
set's join screen (name and PIN), so a room without terminals can take a set.
The database is opened (created or upgraded) once before serving, so the
tabs never race to migrate it, and a database that cannot be reached is
reported at once.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from ..errors import DrillError
from . import add_db_option


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``riichi-drill`` parser."""
    p = subparsers.add_parser(
        "serve",
        help="serve the app to web browsers (each tab its own session)",
        description="Serve the app over HTTP with textual-serve: each browser tab that opens "
        "the page gets its own session on the same database.",
    )
    add_db_option(p, "database file or SQLAlchemy URL shared by every tab")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for a whole room)")
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--class", dest="class_name", metavar="NAME",
                   help="each tab takes this practice set (join screen: name and PIN)")
    p.add_argument("--public-url", metavar="URL",
                   help="the address browsers use, when not http://HOST:PORT (a proxy)")
    p.add_argument("--title", help="the page title")
    p.set_defaults(run=run_serve)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (1-65535)")
    return value


def tab_command(args: argparse.Namespace, url: str) -> str:
    """The shell command each browser tab runs: this app on the same database."""
    argv = [sys.executable, "-m", "quiz", "--db", url]
    if getattr(args, "learner", None):
        argv += ["--learner", args.learner]
    if args.class_name:
        argv += ["class", "join", args.class_name]
    return shlex.join(argv)


def _check_port(host: str, port: int) -> None:
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise DrillError(f"cannot serve on host '{host}': {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            raise DrillError(f"cannot serve on {host}:{port}: {e.strerror}") from None


def run_serve(args: argparse.Namespace) -> int:
    """Check the database (and the set), then serve until interrupted."""
    from data.classroom import database_url, open_classroom
    from data.db import resolve_url

    target = database_url(getattr(args, "db", None))
    url = resolve_url(target)
    classroom = open_classroom(url)
    try:
        if args.class_name:
            classroom.get_set(args.class_name)
    finally:
        classroom.close()
    _check_port(args.host, args.port)

    # Each tab's process imports this checkout even when it is not installed.
    root = str(Path(__file__).resolve().parents[2])
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([root, *paths])

    from textual_serve.server import Server

    title = args.title or ("Riichi Drill · " + args.class_name if args.class_name
                           else "Riichi Drill")
    server = Server(tab_command(args, url), host=args.host, port=args.port, title=title,
                    public_url=args.public_url)
    server.serve()
    return 0
