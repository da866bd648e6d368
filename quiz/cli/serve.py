"""``riichi-drill serve``: the app in web browsers, one session per tab (``textual-serve``).

::

    riichi-drill --db drill.db serve --host 0.0.0.0 --port 8000
    riichi-drill serve --class "Club night 3" --server http://10.0.0.5:8080

Every browser tab that opens the page runs its own app process on the server's
side: the drill app on the database (each tab asks who is drilling, and never
takes another visitor's learner), or with ``--class NAME --server URL`` the
practice set's join screen, talking to the classroom server like a terminal
student (the database address is then not needed, nor known, here).

A room for many: the database and its bank are prepared before the first tab
is accepted; the page's every asset (its font too) is served from here; the
websocket that drives a session must come from this page (its ``Origin``), and
at most ``--max-sessions`` sessions run at once (each costs tens of MB): the
next visitor gets a clear "class is full" page. The database address reaches
the tabs in the environment, never on a command line.

Tabs start warm: ``--warm N`` processes (:mod:`quiz.cli.serve_pool`) have
already imported the app and wait for a visitor (they are started before the
first tab is accepted), so a tab's process only has to draw its first screen;
the pool refills once the tabs have started.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DrillError
from ..words.core import npgettext, pgettext
from . import add_db_option, port_number, positive_number

if TYPE_CHECKING:
    from aiohttp import web

#: The environment variable a served tab reads its database address from.
DB_ENV = "RIICHI_DRILL_DB"
#: Set to ``1`` in every served tab: ask who is drilling, never assume.
SERVED_ENV = "RIICHI_DRILL_SERVED"
#: Sessions at once by default.
DEFAULT_MAX_SESSIONS = 30
#: Tab processes kept started in advance by default (never more than the sessions).
DEFAULT_WARM = 5

FULL_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}: class is full</title>
<meta http-equiv="refresh" content="20">
<style>body{{background:#0c181f;color:#eee;font-family:monospace;display:flex;
align-items:center;justify-content:center;height:90vh}}div{{max-width:36em}}</style>
</head><body><div><h1>The class is full</h1>
<p>{live} sessions are running, as many as this server takes. Wait for someone to
close theirs: this page tries again every 20 seconds.</p></div></body></html>
"""


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``riichi-drill`` parser."""
    p = subparsers.add_parser(
        "serve",
        help=pgettext("serve", "serve the app to web browsers (each tab its own session)"),
        description=pgettext("serve", "Serve the app over HTTP with textual-serve: each browser "
                             "tab that opens the page gets its own session."),
    )
    add_db_option(p, pgettext("serve", "database file or SQLAlchemy URL shared by every tab "
                                  "(drills)"))
    p.add_argument("--host", default="127.0.0.1",
                   help=pgettext("class", "address to listen on "
                                          "(default 127.0.0.1; 0.0.0.0 for a whole room)"))
    p.add_argument("--port", type=port_number, default=8000,
                   help=pgettext("serve", "port to listen on (default %(port)s)")
                   % {"port": 8000})
    p.add_argument("--class", dest="class_name", metavar="NAME",
                   help=pgettext("serve", "each tab takes this practice set (needs --server)"))
    p.add_argument("--server", metavar="URL",
                   help=pgettext("serve", "the classroom server each tab's set is taken on "
                                          "(with --class)"))
    p.add_argument("--public-url", metavar="URL",
                   help=pgettext("serve", "the address browsers use, when not "
                                          "http://HOST:PORT (a proxy)"))
    p.add_argument("--max-sessions", type=_positive, default=DEFAULT_MAX_SESSIONS, metavar="N",
                   help=pgettext("serve", "sessions at once (default %(n)s); more get a "
                                          "'class is full' page") % {"n": DEFAULT_MAX_SESSIONS})
    p.add_argument("--warm", type=_warm, default=DEFAULT_WARM, metavar="N",
                   help=pgettext("serve", "tab processes kept started in advance (default "
                                          "%(n)s; 0: each tab starts its own); each waiting "
                                          "one costs tens of MB") % {"n": DEFAULT_WARM})
    p.add_argument("--per-address", type=_positive, default=None, metavar="N",
                   help=pgettext("classguard", "sessions one address may hold at once "
                                               "(default: half of --max-sessions; raise it "
                                               "when a whole class shares one address)"))
    p.add_argument("--title", help=pgettext("serve", "the page title"))
    p.set_defaults(run=run_serve)


def _positive(text: str) -> int:
    return positive_number(text, most=10_000)


def _warm(text: str) -> int:
    return 0 if text.strip() == "0" else positive_number(text, most=100)


def tab_arguments(args: argparse.Namespace) -> list[str]:
    """The ``riichi-drill`` arguments each browser tab runs.

    No database address and no password: the drill app reads the address from
    the environment (:data:`DB_ENV`), a class tab reaches the classroom server.
    """
    if args.class_name:
        return ["class", "join", args.class_name, "--server", args.server]
    return []


def tab_command(args: argparse.Namespace) -> str:
    """The shell command a cold browser tab runs (``exec``: no shell stays behind)."""
    return "exec " + shlex.join([sys.executable, "-m", "quiz", *tab_arguments(args)])


def check_port(host: str, port: int) -> None:
    """Refuse a host or port that cannot be served on, with one line."""
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


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def allowed_origins(host: str, port: int, public_url: str | None) -> frozenset[str]:
    """The page origins whose websocket may open a session: this server's own addresses.

    >>> sorted(allowed_origins("127.0.0.1", 8000, None))
    ['http://127.0.0.1:8000', 'http://localhost:8000']
    """
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost"}
    out = {f"http://{n}:{port}" for n in names if n not in ("0.0.0.0", "::")}
    if host in ("0.0.0.0", "::"):
        import socket

        out |= {f"http://{n}:{port}" for n in ("127.0.0.1", "localhost", socket.gethostname())}
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None):
                out.add(f"http://{info[4][0]}:{port}")
        except OSError:
            pass
    if public_url:
        out.add(_origin(public_url))
    return frozenset(o.lower() for o in out)


def local_page(template: str) -> str:
    """textual-serve's page with its font served from here, not from a remote font service."""
    start = template.find("<link")
    while start != -1:
        end = template.find(">", start)
        if "fonts.googleapis.com" in template[start:end]:
            face = (
                "<style>\n"
                "@font-face { font-family: 'Roboto Mono'; font-style: normal;\n"
                "  src: url('{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf'); }\n"
                "@font-face { font-family: 'Roboto Mono'; font-style: italic;\n"
                "  src: url('{{ config.static.url }}"
                "fonts/RobotoMono-Italic-VariableFont_wght.ttf'); }\n"
                "</style>"
            )
            template = template[:start] + face + template[end + 1:]
        start = template.find("<link", start + 1)
    if "fonts.googleapis" in template or "https://" in template.split("<body", 1)[0]:
        raise DrillError("textual-serve's page still loads something remote")
    return template


#: Seconds a tab may go without a key or a resize before its session is closed.
IDLE_TAB_SECONDS = 20 * 60.0


def per_address(max_sessions: int, given: int | None = None) -> int:
    """Sessions one address may hold: as given, else half the room (one script never fills
    it; raise it with ``--per-address`` when a whole class shares one address).

    >>> per_address(3), per_address(40), per_address(40, 40)
    (1, 20, 40)
    """
    return max(1, min(max_sessions, given if given else max_sessions // 2))


def make_room(command: str, *, host: str, port: int, title: str, public_url: str | None,
              max_sessions: int, origins: frozenset[str], tab_argv: list[str] | None = None,
              warm: int = 0, most_per_address: int | None = None,
              idle_seconds: float = IDLE_TAB_SECONDS) -> Any:
    """The textual-serve server with the room's rules (origin, cap, local page, warm tabs).

    With ``warm`` (and the tab's ``riichi-drill`` arguments ``tab_argv``), that
    many tab processes are kept started in advance (:class:`WarmPool`);
    otherwise each tab runs ``command``.
    """
    from collections import Counter

    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from textual_serve.server import Server

    from .serve_pool import WarmPool, tab_size

    pool = WarmPool(tab_argv or [], min(warm, max_sessions)) if tab_argv is not None else None
    cap = per_address(max_sessions, most_per_address)
    by_address: Counter[str] = Counter()  # sessions open per browser's address

    class Room(Server):
        """textual-serve, with the websocket's Origin checked and the sessions capped."""

        live = 0

        async def _make_app(self) -> web.Application:
            app: web.Application = await super()._make_app()
            source = (Path(self.templates_path) / "app_index.html").read_text("utf-8")
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader(
                {"app_index.html": local_page(source)}))
            return app

        def _full(self) -> web.Response:
            return web.Response(status=503, content_type="text/html",
                                text=FULL_PAGE.format(title=title, live=self.live),
                                headers={"Retry-After": "20"})

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if self.live >= max_sessions:
                return self._full()
            response: web.StreamResponse = await super().handle_index(request)
            return response

        async def handle_websocket(  # type: ignore[override]
            self, request: web.Request
        ) -> web.StreamResponse:
            origin = (request.headers.get("Origin") or "").lower()
            if origin not in origins:
                return web.Response(status=403, text="this page's sessions open from its own "
                                                     "address only")
            if self.live >= max_sessions:
                return self._full()
            address = request.remote or "?"
            if by_address[address] >= cap:  # one script must not hold the whole room
                return web.Response(status=429, text=pgettext(
                    "classguard", "this address already has as many sessions as it may open"))
            self.live += 1
            by_address[address] += 1
            try:
                if pool is None:
                    response: web.StreamResponse = await super().handle_websocket(request)
                    return response
                return await self._warm_session(request, pool)
            finally:
                self.live -= 1
                by_address[address] -= 1
                if by_address[address] <= 0:
                    del by_address[address]

        async def _warm_session(self, request: web.Request, pool: WarmPool
                                ) -> web.StreamResponse:
            """textual-serve's session, on a process from the pool."""
            import asyncio
            import logging

            from textual_serve.server import to_int

            from .serve_pool import WarmAppService

            websocket = web.WebSocketResponse(heartbeat=15)
            width, height = tab_size(to_int(request.query.get("width", "80"), 80),
                                     to_int(request.query.get("height", "24"), 24))
            service: WarmAppService | None = None
            try:
                await websocket.prepare(request)
                service = WarmAppService(
                    pool, address=request.remote, write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str, close=websocket.close,
                    download_manager=self.download_manager)
                await service.start(width, height)
                watch = asyncio.create_task(_close_when_idle(websocket, service, idle_seconds))
                try:
                    await self._process_messages(websocket, service)
                finally:
                    watch.cancel()
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:  # what textual-serve does: log, close the tab
                logging.getLogger("textual-serve").exception(error)
            finally:
                if service is not None:
                    await service.stop()
            return websocket

        async def on_startup(self, app: web.Application) -> None:
            if pool is not None:
                await pool.start()
            print(npgettext("serve", "Serving Riichi Drill on %(url)s (at most %(n)s sessions); "
                                     "Ctrl+C to stop.", "Serving Riichi Drill on %(url)s (at most "
                            "%(n)s sessions); Ctrl+C to stop.", max_sessions)
                  % {"url": self.public_url, "n": max_sessions}, flush=True)

        async def on_shutdown(self, app: web.Application) -> None:
            if pool is not None:
                await pool.close()

    return Room(command, host=host, port=port, title=title, public_url=public_url)


async def _close_when_idle(websocket: Any, service: Any, idle: float) -> None:
    """Close a tab's websocket once nobody has typed or resized for ``idle`` seconds (its
    process then ends with it)."""
    import asyncio
    import time

    while True:
        left = service.last_input + idle - time.monotonic()
        if left <= 0:
            await websocket.close()
            return
        await asyncio.sleep(min(left, 60.0))


def run_serve(args: argparse.Namespace) -> int:
    """Prepare the database and the bank (or check the classroom server), then serve."""
    if args.class_name and not args.server:
        raise DrillError("--class needs --server URL: the classroom server the set is on "
                         "(start it with 'riichi-drill class serve')")
    if args.server and not args.class_name:
        raise DrillError("--server goes with --class NAME")
    env: dict[str, str] = {SERVED_ENV: "1"}
    if args.class_name:
        from ..classroom.client import HttpLink

        link = HttpLink(args.server, args.class_name)
        _check_server(link)
    else:
        from data.db.url import resolve_url

        from ..store.drill import DrillStore

        url = resolve_url(getattr(args, "db", None))
        DrillStore.open(url).close()
        env[DB_ENV] = url
    check_port(args.host, args.port)

    # Each tab's process imports this checkout even when it is not installed.
    root = str(Path(__file__).resolve().parents[2])
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        env["PYTHONPATH"] = os.pathsep.join([root, *paths])
    os.environ.update(env)

    title = args.title or ("Riichi Drill · " + args.class_name if args.class_name
                           else "Riichi Drill")
    room = make_room(tab_command(args), host=args.host, port=args.port, title=title,
                     public_url=args.public_url, max_sessions=args.max_sessions,
                     most_per_address=getattr(args, "per_address", None),
                     origins=allowed_origins(args.host, args.port, args.public_url),
                     tab_argv=tab_arguments(args), warm=args.warm)
    room.serve()
    return 0


def _check_server(link: Any) -> None:
    import json
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(link.server + "/api/sets", timeout=10) as r:
            sets = json.loads(r.read())
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise DrillError(f"the classroom server {link.server} does not answer "
                         f"({getattr(e, 'reason', e)})") from None
    names = [s.get("name") for s in sets if isinstance(s, dict)]
    if link.set_name not in names:
        raise DrillError(f"the classroom server has no practice set named '{link.set_name}'")
