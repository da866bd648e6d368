"""Marks already given, kept per answer key: the same answer to the same question is graded once.

Grading (:func:`quiz.grading.grade`) is a pure function of the answer key and
what was typed, and when a class answers a question most students type the
same few answers (the right one above all). The classroom server still grades
every answer itself from the stored question; this cache only spares it
working the same marks out again for an answer it has already graded against
that very key.

An entry holds the answer key it was graded against and is used only for that
same key object: when the desk builds a set's keys again (the set made anew),
the old entries are never used and age out. At most ``most`` entries are kept
(the least recently used goes first).

>>> calls = []
>>> cache = MarkCache(most=2)
>>> key = object()
>>> def work():
...     calls.append(1)
...     return "marks"
>>> first = cache.get_or_grade(key, ("30", "2"), False, work)
>>> again = cache.get_or_grade(key, ("30", "2"), False, work)
>>> first, again
('marks', 'marks')
>>> len(calls), cache.hits, cache.misses
(1, 1, 1)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["MARKS_KEPT", "MarkCache"]

#: Entries kept by default: every distinct answer of a few large classes' sets.
MARKS_KEPT = 8192

M = TypeVar("M")


class MarkCache(Generic[M]):
    """Marks per (answer key, answer typed, time ran out), least recently used dropped first.

    Args:
        most: the most entries kept.
    """

    def __init__(self, most: int = MARKS_KEPT) -> None:
        self.most = most
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[tuple[int, tuple[str, ...], bool], tuple[object, M]] = (
            OrderedDict())
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get_or_grade(self, key: object, typed: tuple[str, ...], timed_out: bool,
                     grade: Callable[[], M]) -> M:
        """The marks of ``typed`` against ``key``: kept ones when graded before against that
        very key object, else ``grade()``'s (then kept).

        ``typed`` must be everything grading reads of the answer (each part's text,
        in the key's order), so that equal ``typed`` means equal marks.
        """
        slot = (id(key), typed, timed_out)
        with self._lock:
            found = self._entries.get(slot)
            if found is not None and found[0] is key:
                self._entries.move_to_end(slot)
                self.hits += 1
                return found[1]
        marks = grade()  # outside the lock: two threads may grade the same answer once each
        with self._lock:
            self.misses += 1
            # the entry holds the key, so that its id cannot be another key's while it is kept
            self._entries[slot] = (key, marks)
            self._entries.move_to_end(slot)
            while len(self._entries) > self.most:
                self._entries.popitem(last=False)
        return marks
