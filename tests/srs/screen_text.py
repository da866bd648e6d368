"""The text of a screen as a learner would read it (for looking, and for assertions)."""

from __future__ import annotations

from typing import Any


def screen_text(app: Any) -> str:
    """Every line of the current screen, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)
