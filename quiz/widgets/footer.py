"""The footer of every screen, its key labels in the learner's language.

Bindings are declared once, in English, at class level (``Binding("f1",
"help", "Help")``); this footer says each description through
:func:`quiz.words.core.gettext` when it is drawn, so a change of language shows at
the next redraw (:meth:`textual.screen.Screen.refresh_bindings`). The English
descriptions are in the catalogs through :data:`KEY_LABELS`.

Textual's own footer builds every key widget again each time the screen's
bindings are refreshed, which happens on each change of focus (each Enter in
the answer form, the explanation taking the focus): that was most of the time
from an answer to its explanation. This footer keeps one key widget per key
it has shown: a key that goes is hidden, one that comes back is shown again,
and only a key never shown before (another key, label or language) is built
and mounted. It shows what Textual's footer shows (the bindings shown, one per
action, in order, then the command palette key); binding groups, which no
screen of ours uses, are drawn by Textual's footer as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ..words.core import N_, gettext

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["KEY_LABELS", "Footer", "ShownKey"]

#: Every binding description the footers show (marked for the catalogs).
KEY_LABELS: tuple[str, ...] = (
    N_("Help"), N_("Settings"), N_("Learner"), N_("Review"), N_("Stats"), N_("Quit"), N_("End"),
    N_("Drill"), N_("Last answer"), N_("Cancel"), N_("Scroll"), N_("Next"), N_("Close help"),
    N_("Again"), N_("Hard"), N_("Good"), N_("Easy"), N_("Leeches"), N_("Refresh"),
    N_("Save and close"), N_("New session"), N_("Back"), N_("Close"), N_("Yes"), N_("No"),
    N_("Next field / submit"), N_("Next field"), N_("Previous field"), N_("palette"),
    N_("Course"), N_("Read"), N_("Continue"), N_("Placement"), N_("Practise"),
)


@dataclass(frozen=True, slots=True)
class ShownKey:
    """One key as the footer shows it (two equal ones draw the same)."""

    key: str
    display: str
    description: str
    action: str
    tooltip: str
    palette: bool = False


#: The keys a footer shows, in order, and whether each is enabled.
Shown = tuple[tuple[ShownKey, ...], tuple[bool, ...]]


class Footer(TextualFooter):
    """Textual's footer in the active language, its key widgets kept and reused."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None, disabled: bool = False,
                 show_command_palette: bool = True, compact: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled,
                         show_command_palette=show_command_palette, compact=compact)
        #: The key widget of every key shown so far (hidden while not shown).
        self._keys: dict[ShownKey, FooterKey] = {}
        #: What is shown now (None: Textual's footer draws, e.g. binding groups).
        self._shown: Shown | None = None
        #: An update of the keys shown waits for the next refresh.
        self._pending = False

    def shown_keys(self, screen: Screen[object]) -> Shown | None:
        """The keys the footer shows for the screen's active bindings, and which are
        enabled; None when a binding group is shown (Textual's footer draws those)."""
        keys: list[ShownKey] = []
        enabled: list[bool] = []
        actions: set[str] = set()
        active = screen.active_bindings
        for _node, binding, on, tooltip in active.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            if binding.action in actions:
                continue
            actions.add(binding.action)
            keys.append(ShownKey(binding.key, self.app.get_key_display(binding),
                                 gettext(binding.description) if binding.description else "",
                                 binding.action, tooltip))
            enabled.append(bool(on))
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                _node, binding, on, _tooltip = palette
                description = gettext(binding.description) if binding.description else ""
                keys.append(ShownKey(binding.key, self.app.get_key_display(binding),
                                     description, binding.action,
                                     binding.tooltip or binding.description, palette=True))
                enabled.append(bool(on))
        return tuple(keys), tuple(enabled)

    def _key_widget(self, shown: ShownKey, enabled: bool) -> FooterKey:
        classes = "-command-palette" if shown.palette else ""
        if self.compact and not shown.palette:
            classes += " -compact"  # set now: no restyle when it is mounted
        widget = FooterKey(shown.key, shown.display, shown.description, shown.action,
                           disabled=not enabled, tooltip=shown.tooltip, classes=classes)
        if not shown.palette:
            widget.set_reactive(FooterKey.compact, self.compact)
        return widget

    def compose(self) -> ComposeResult:
        self._keys = {}
        self._shown = self.shown_keys(self.screen) if self._bindings_ready else None
        if self._shown is None:
            for widget in super().compose():
                if isinstance(widget, FooterKey) and widget.description:
                    widget.description = gettext(widget.description)
                yield widget
            return
        for shown, enabled in zip(*self._shown, strict=True):
            widget = self._key_widget(shown, enabled)
            self._keys[shown] = widget
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Show the keys of the bindings active once the screen is refreshed (as Textual's
        footer does: off the path of the key that changed them), reusing the key widgets."""
        if (self._shown is None or not self._bindings_ready or not screen.app.app_focus
                or not self.is_attached or screen is not self.screen):
            super().bindings_changed(screen)
            return
        if not self._pending:
            self._pending = True
            self.call_after_refresh(self._show_active_keys, screen)

    def _show_active_keys(self, screen: Screen[object]) -> None:
        self._pending = False
        if self._shown is None or not self.is_attached:
            return
        now = self.shown_keys(screen)
        if now == self._shown:
            return
        if now is None or not self._in_order(now[0]):
            self._shown = None
            super().bindings_changed(screen)  # rebuilt from scratch
            return
        keys, enabled = now
        previous: FooterKey | None = None
        for shown, on in zip(keys, enabled, strict=True):
            widget = self._keys.get(shown)
            if widget is None:
                widget = self._key_widget(shown, on)
                self._keys[shown] = widget
                if previous is not None:
                    self.mount(widget, after=previous)
                elif self.children:
                    self.mount(widget, before=0)
                else:
                    self.mount(widget)
            else:
                widget.display = True
                if widget._disabled == on:  # what Textual's FooterKey reads on a click
                    widget._disabled = not on
                    widget.set_class(not on, "-disabled")
            if not shown.palette:
                previous = widget
        wanted = set(keys)
        for shown, widget in self._keys.items():
            if shown not in wanted and widget.display:
                widget.display = False
        self._shown = now
        self.call_after_refresh(self._hide_cut_keys)

    def on_resize(self) -> None:
        self.call_after_refresh(self._hide_cut_keys)

    def _hide_cut_keys(self) -> None:
        """A key whose label the right edge (or the palette key) would cut is not shown:
        ``f5 復`` for ``f5 復習``, ``f5 ทบทว`` read as other words. The keys that fit
        are shown whole; a wider terminal shows the rest again."""
        if not self.is_attached:
            return
        right = self.content_region.right
        keys = [child for child in self.children if isinstance(child, FooterKey)]
        for key in keys:
            if key.has_class("-command-palette") and key.display:
                right = min(right, key.region.x)
        for key in keys:
            if key.has_class("-command-palette"):
                continue
            cut = key.display and key.region.width > 0 and key.region.right > right
            wanted = "hidden" if cut else "visible"
            if key.styles.visibility != wanted:
                key.styles.visibility = wanted

    def _in_order(self, keys: tuple[ShownKey, ...]) -> bool:
        """Whether the key widgets already made for ``keys`` stand in their order."""
        position = {id(w): n for n, w in enumerate(self.children)}
        kept = [position.get(id(self._keys[k]), -1) for k in keys
                if k in self._keys and not k.palette]
        return -1 not in kept and kept == sorted(kept)
