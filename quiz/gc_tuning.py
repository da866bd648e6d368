"""When Python's cycle collector runs while the learner drills.

Drawing a screen makes and drops many thousands of small objects (styles,
segments, strips). With Python's default thresholds the cycle collector runs
about ten times per explanation drawn, and every few answers it walks every
object the app holds (the modules, the widgets, the stylesheets): one such
full walk took 50-250 ms in the middle of an explanation, more than the rest
of drawing it. :func:`settle_after_start` is called once the first question is
on screen: what start-up built is moved out of the collector's way for good
(:func:`gc.freeze`), and the collector runs on larger batches of new objects,
so a full walk is rare and walks only what was made since.

Memory is still freed as before (reference counting frees almost everything;
the collector only finds cycles), only later and in larger batches.
"""

from __future__ import annotations

import gc

__all__ = ["THRESHOLDS", "settle_after_start"]

#: The collector's thresholds from the first question on (Python's default: 700, 10, 10).
THRESHOLDS = (10_000, 10, 10)

_settled = False


def settle_after_start() -> bool:
    """Freeze what start-up built and raise the collector's thresholds (once per process).

    Returns:
        True when this call did it, False when it was done already.
    """
    global _settled
    if _settled:
        return False
    _settled = True
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    return True
