"""Riichi Drill as web pages (``riichi-drill web``): learners, students and teachers.

:func:`make_web_app` builds the one aiohttp application: the classroom's JSON
API (:mod:`quiz.classroom.server`, unchanged) and the pages (:mod:`quiz.web.server`
for learners, :mod:`quiz.web.classpages` for students and teachers), rendered
on the server from Jinja2 templates, phone first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from data.learner_passwords import LearnerPasswords

from ..classroom.desk import ClassDesk
from ..classroom.server import ClassServer
from .classpages import ClassPages
from .coursepages import CoursePages
from .learnerpages import LearnerPages
from .server import FAIL_DELAY, WebPages
from .settlepages import SettlePages

if TYPE_CHECKING:
    from aiohttp import web

    from data.classroom import Classroom

    from ..classroom.proxy import Network
    from ..store.drill import DrillStore

__all__ = ["make_web_app"]


def make_web_app(store: DrillStore, classroom: Classroom, *,
                 trusted_proxies: Iterable[Network] = (), secure_cookies: bool = False,
                 password_cost: int | None = None, fail_delay: float | None = None,
                 ) -> web.Application:
    """The web server's application on one database: the class API and every page.

    Args:
        store: the app's store on the database.
        classroom: the classroom service on the same database.
        trusted_proxies: reverse proxies whose ``X-Forwarded-For`` is believed.
        secure_cookies: cookies only over HTTPS (behind a TLS proxy).
        password_cost: scrypt's cost for learners' passwords (tests use a small one).
        fail_delay: seconds a failed password or code is held back.
    """
    proxies = tuple(trusted_proxies)
    delay = FAIL_DELAY if fail_delay is None else fail_delay
    desk = ClassDesk(classroom)
    api = ClassServer(desk, trusted_proxies=proxies, fail_delay=delay)
    app = api.app()
    passwords = (LearnerPasswords(store.database) if password_cost is None
                 else LearnerPasswords(store.database, cost=password_cost))
    pages = WebPages(store, classroom.token_secret(), passwords, trusted_proxies=proxies,
                     secure_cookies=secure_cookies, fail_delay=delay)
    pages.extensions.append(ClassPages(pages, desk).install)
    pages.extensions.append(LearnerPages(pages).install)
    pages.extensions.append(SettlePages(pages).install)
    pages.extensions.append(CoursePages(pages).install)
    pages.install(app)
    return app
