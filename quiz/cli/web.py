"""``riichi-drill web``: Riichi Drill as web pages for learners, students and teachers.

One server (aiohttp) on one database: learners sign up and drill, students
join a class set and answer it, teachers watch their class live; the
classroom's JSON API (``class join --server``) is served beside the pages.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..words.core import pgettext
from . import add_db_option, port_number

__all__ = ["register", "run_web"]


def register(subparsers: Any) -> None:
    """Add the ``web`` sub-command."""
    p = subparsers.add_parser(
        "web", help=pgettext("serve", "serve Riichi Drill as web pages (learners, classes)"),
        description=pgettext("serve", "serve Riichi Drill as web pages (learners, classes)"))
    p.add_argument("--host", default="127.0.0.1",
                   help=pgettext("class", "address to listen on "
                                          "(default 127.0.0.1; 0.0.0.0 for a whole room)"))
    p.add_argument("--port", type=port_number, default=8000,
                   help=pgettext("serve", "port to listen on (default 8000)"))
    p.add_argument("--secure-cookies", action="store_true",
                   help=pgettext("serve", "send cookies over HTTPS only (behind a TLS proxy)"))
    p.add_argument("--generated", type=int, default=None, metavar="N",
                   help=pgettext("serve", "generated hands the bank should hold at least, "
                                        "added in the background (default 2000)"))
    add_db_option(p)
    from ..classroom.proxy import PAGES_PER_ADDRESS, add_doors_option, add_proxy_option

    add_proxy_option(p)
    add_doors_option(p, PAGES_PER_ADDRESS)
    p.set_defaults(run=run_web)


def serve_web(args: argparse.Namespace) -> int:
    """Open the database, build the application and serve it until Ctrl+C."""
    from data.classroom import Classroom

    from ..classroom.doors import serve_command
    from ..store.drill import DrillStore
    from ..web import make_web_app
    from .serve import check_port

    check_port(args.host, args.port)
    store = DrillStore.open(getattr(args, "db", None), generated=args.generated)
    classroom = Classroom(store.database)
    try:
        app = make_web_app(store, classroom,
                           trusted_proxies=getattr(args, "trusted_proxies", None) or (),
                           secure_cookies=getattr(args, "secure_cookies", False))
        print(pgettext("serve", "Riichi Drill on %(url)s; Ctrl+C to stop.")
              % {"url": f"http://{args.host}:{args.port}"}, flush=True)
        # behind the classroom's doors (the class API is served here too)
        serve_command(app, args)
    finally:
        store.close()
    return 0


def run_web(args: argparse.Namespace) -> int:
    """``web``: the pages and the class API (until Ctrl+C)."""
    return serve_web(args)
