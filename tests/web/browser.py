"""Driving the web pages in Debian's Chromium (Playwright for Python, never its own browsers).

:func:`launch` starts ``/usr/bin/chromium`` headless, or skips the test with the
reason; :class:`Served` runs the web application on a free port in a thread;
:func:`check_page` is what every page must pass (no sideways scrolling, every
input labelled, every tap target 44 px at least); :class:`Watch` records what
a page must never do (a request to another host, a console error).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from aiohttp import web

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

#: The screens every page is checked on: phones portrait and landscape, and a desktop.
SCREENS: dict[str, dict[str, Any]] = {
    "phone-360": {"viewport": {"width": 360, "height": 640}, "is_mobile": True,
                  "has_touch": True, "device_scale_factor": 2},
    "pixel-7": {"viewport": {"width": 412, "height": 915}, "is_mobile": True,
                "has_touch": True, "device_scale_factor": 2.625},
    "phone-landscape": {"viewport": {"width": 640, "height": 360}, "is_mobile": True,
                        "has_touch": True, "device_scale_factor": 2},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


@contextmanager
def launch() -> Iterator[Any]:
    """Playwright's Chromium on Debian's binary, or the test skipped with the reason."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[test]')")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (Debian: apt-get install -y chromium)")
    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Error as e:
            pytest.skip(f"Chromium cannot start here: {str(e).splitlines()[0]}")
        try:
            yield browser
        finally:
            browser.close()


class Served:
    """The application served on 127.0.0.1 (a free port) by an event loop in a thread."""

    def __init__(self, app: web.Application) -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._ready = threading.Event()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._runner = web.AppRunner(self.app, access_log=None)
        self.loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        self.loop.run_until_complete(site.start())
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self._runner.cleanup())
        self.loop.close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Served:
        self._thread.start()
        assert self._ready.wait(30), "the web server did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(30)


class Watch:
    """What a page did that it must not: requests leaving the server, console errors."""

    def __init__(self, page: Any, base: str) -> None:
        self.outside: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: None if r.url.startswith(base) or r.url.startswith(
            "data:") else self.outside.append(r.url))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def clean(self) -> None:
        assert self.outside == [], f"requests left the server: {self.outside}"
        assert self.errors == [], f"console errors: {self.errors}"


_CHECK = """() => {
  const out = {overflow: document.documentElement.scrollWidth - window.innerWidth,
               unlabelled: [], small: []};
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (el.type === 'hidden') continue;
    if (!(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
      out.unlabelled.push(el.name);
  }
  for (const el of document.querySelectorAll('a, button, input, select, summary')) {
    if (el.type === 'hidden') continue;
    const box = (el.type === 'checkbox' || el.type === 'radio') && el.closest('label');
    const r = (box || el).getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown (a closed <details>)
    if (r.width < 43.5 || r.height < 43.5)
      out.small.push((el.textContent || el.name || el.tagName).trim().slice(0, 30) + ' ' +
                     Math.round(r.width) + 'x' + Math.round(r.height));
  }
  return out;
}"""


def check_page(page: Any, where: str = "") -> None:
    """No sideways scrolling, every input labelled, every tap target at least 44 px."""
    found = page.evaluate(_CHECK)
    label = f"{where} {page.url}"
    assert found["overflow"] <= 0, f"{label}: {found['overflow']} px of sideways scrolling"
    assert found["unlabelled"] == [], f"{label}: inputs without a label {found['unlabelled']}"
    assert found["small"] == [], f"{label}: tap targets under 44 px {found['small']}"
