"""The class pages: students join a set and answer it; teachers watch the class live.

Built on the classroom's own controller (:class:`quiz.class_desk.ClassDesk`),
the one that grades the JSON API's answers: the same rules, the same stored rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aiohttp import web

    from ..class_desk import ClassDesk
    from .server import WebPages

__all__ = ["ClassPages"]


class ClassPages:
    """The students' and teachers' pages over a class desk."""

    def __init__(self, pages: WebPages, desk: ClassDesk) -> None:
        self.pages = pages
        self.desk = desk

    def install(self, app: web.Application) -> None:
        """Add the class pages' routes."""
