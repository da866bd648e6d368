"""Moved to :mod:`tests.support` (re-exported for older branches): the clock is
:class:`tests.support.clock.FakeClock`, the placeholder hands :mod:`tests.support.fake_hands`."""

from tests.support.clock import START
from tests.support.clock import FakeClock as FixedClock
from tests.support.fake_hands import FakeHands, add_fake_items

__all__ = ["START", "FakeHands", "FixedClock", "add_fake_items"]
