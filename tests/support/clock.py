"""The one test clock: a UTC time the test moves by hand (or a tick on every read).

The app takes its time from a ``data.clock.Clock`` (a function returning an
aware UTC ``datetime``) and, where only seconds count, from a ticker (a
function returning seconds, like ``time.time`` or ``time.monotonic``). One
:class:`FakeClock` serves as both: pass the clock itself as the ``clock`` and
its :meth:`~FakeClock.seconds` as the ``ticker``, and the two move together.

>>> clock = FakeClock()
>>> clock() == START and clock() == START  # reading it does not move it
True
>>> clock.advance(90)  # seconds, a timedelta, or timedelta's own keywords
datetime.datetime(2026, 5, 11, 9, 1, 30, tzinfo=datetime.timezone.utc)
>>> clock.advance(days=1) - START
datetime.timedelta(days=1, seconds=90)
>>> clock.set(START).isoformat()
'2026-05-11T09:00:00+00:00'
>>> clock.seconds() == START.timestamp()
True
>>> ticking = FakeClock(tick=1)  # one second later at every read
>>> [ticking().second for _ in range(3)]
[1, 2, 3]
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

__all__ = ["START", "FakeClock"]

#: Where every test clock starts unless told otherwise (a Monday morning, UTC).
START = datetime(2026, 5, 11, 9, 0, tzinfo=UTC)


class FakeClock:
    """A UTC clock that moves only when the test says so (or ``tick`` at every read).

    Args:
        start: the first time it shows (aware; default :data:`START`).
        tick: how far each read moves it on before answering, in seconds or as a
            ``timedelta`` (0: reading never moves it).

    ``now`` is the time it shows; tests read it, and may assign it.
    """

    def __init__(self, start: datetime = START, *, tick: float | timedelta = 0) -> None:
        if start.tzinfo is None:
            raise ValueError(f"a test clock keeps aware UTC times, not the naive {start}")
        self.now = start
        self.tick = _delta(tick)

    def __call__(self) -> datetime:
        """The time now (a ``data.clock.Clock``), moved on by ``tick`` first."""
        self.now += self.tick
        return self.now

    def advance(self, by: float | timedelta = 0, /, **units: float) -> datetime:
        """Move on by ``by`` (seconds or a ``timedelta``) plus ``timedelta(**units)``.

        Returns the new time.
        """
        self.now += _delta(by) + timedelta(**units)
        return self.now

    def set(self, moment: datetime) -> datetime:
        """Show ``moment`` from now on (forward or back); returns it."""
        self.now = moment
        return self.now

    def seconds(self) -> float:
        """The time now in seconds since the epoch: the ticker of this clock.

        For code that counts seconds (``time.time``, ``time.monotonic``): it moves
        with the clock (reading it does not tick).
        """
        return self.now.timestamp()

    def __repr__(self) -> str:
        return f"FakeClock({self.now.isoformat()})"


def _delta(amount: float | timedelta) -> timedelta:
    return amount if isinstance(amount, timedelta) else timedelta(seconds=amount)
