"""The command palette's drill commands: drills, settings, tile styles, profiles."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

from scoring.rules import PROFILES

from .drills import DRILLS
from .words.core import _
from .words.tilefaces import TileStyle

if TYPE_CHECKING:
    from .app import DrillApp

__all__ = ["DrillCommands"]


class DrillCommands(Provider):
    """Start a drill, open settings or help, switch learner, change style or profile."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        app: DrillApp = self.app  # type: ignore[assignment]
        out: list[tuple[str, Callable[[], object], str]] = []
        for info in DRILLS.values():
            out.append((_("Drill: %(drill)s") % {"drill": _(info.title)},
                        partial(app.start_drill, info.kind), _(info.description)))
        out += [
            (_("Settings"), app.action_settings, _("Profile, tile style, what is asked, length")),
            (_("Help"), app.action_help, _("Keys and how to type answers")),
            (_("Switch learner"), app.action_switch_learner, _("Drill as someone else")),
            (_("End session"), app.end_session, _("Show the summary of this session")),
            (_("Review: due cards"), partial(app.switch_mode, "review"),
             _("Spaced repetition: missed hands, concepts and table cells that are due")),
            (_("Statistics"), partial(app.switch_mode, "stats"),
             _("Accuracy over time, per concept and part; due forecast; streaks")),
        ]
        for style in TileStyle:
            out.append((_("Tile style: %(style)s") % {"style": style.value},
                        partial(app.set_setting, "tile_style", style.value), _(style.label)))
        for name, profile in PROFILES.items():
            out.append((_("Rule profile: %(name)s") % {"name": name},
                        partial(app.set_setting, "profile", name), profile.description))
        return out

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
