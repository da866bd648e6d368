"""The replay: one round of a game, event by event, to the situation of every win.

Every log format is read into the same events (:class:`StartRound`,
:class:`Draw`, :class:`Discard`, :class:`Riichi`, :class:`Call`,
:class:`NewDora`, :class:`Win`); :class:`Round` follows them and, at each
win, writes the winner's whole situation as a batch input object (see
``docs/scoring-io.md``): concealed tiles, melds, winning tile, winds, honba,
sticks, dora and ura indicators, and the situational flags the play itself
decides (riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei,
tenhou, chiihou).

Tiles are MPSZ strings, ``0m``/``0p``/``0s`` for red fives.

>>> r = Round(StartRound(0, 0, 0, ("1z",), _demo_hands()))
>>> r.apply(Draw(0, "5z"))
>>> w = r.apply(Win(0, 0, Recorded(points=48000)))
>>> w.problem["tenhou"], w.label, w.problem["hand"]
(True, 'E1-0', '123456789m11555z')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..errors import DataError
from .errors import MalformedLogError

WINDS = ("E", "S", "W", "N")
#: Tiles a wall gives out after the deal (136 - 14 dead wall - 52 dealt).
LIVE_DRAWS = 70


class CallKind(StrEnum):
    """A meld made in play, named as the batch format names it."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    SHOUMINKAN = "shouminkan"
    ANKAN = "ankan"


def tile_key(tile: str) -> str:
    """The tile as a kind (a red five is a five): ``0m`` -> ``5m``."""
    return "5" + tile[1] if tile[0] == "0" else tile


def write_tiles(tiles: Sequence[str], *, sort: bool = True) -> str:
    """Tiles in compact MPSZ, grouped by suit (``123m55z``); sorted unless told."""
    order = sorted(tiles, key=lambda t: ("mpsz".index(t[1]), int(tile_key(t)[0]), t[0] != "0"))
    seq = order if sort else list(tiles)
    out: list[str] = []
    for i, t in enumerate(seq):
        out.append(t[0])
        if i + 1 == len(seq) or seq[i + 1][1] != t[1]:
            out.append(t[1])
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Recorded:
    """What the game server recorded for a win.

    Attributes:
        points: the hand's value without honba and sticks (all payers together).
        deltas: each seat's score change from the win (honba and sticks
            included), or None when the log does not say.
        fu: the fu, when the log gives it.
        han: the han of all yaku and dora, when the log gives it (None on a yakuman).
        yakuman: how many yakuman, when the log gives it.
        pao: the seat liable for the hand (pao), if any.
    """

    points: int | None = None
    deltas: tuple[int, ...] | None = None
    fu: int | None = None
    han: int | None = None
    yakuman: int | None = None
    pao: int | None = None


@dataclass(frozen=True, slots=True)
class MeldCall:
    """One meld of the winner as it was made: kind, tiles, called tile and from whom."""

    kind: CallKind
    tiles: tuple[str, ...]
    called: str | None
    source: int | None

    def batch(self) -> str:
        """The meld in the batch format, e.g. ``pon 505s``."""
        return f"{self.kind.value} {write_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True)
class StartRound:
    """A round begins: its number (0 = East 1 ... 15 = North 4), counters, dora, deal."""

    number: int
    honba: int
    sticks: int
    dora: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """A player draws a tile (from the wall or, right after a kan, the dead wall)."""

    who: int
    tile: str


@dataclass(frozen=True, slots=True)
class Discard:
    """A player discards a tile."""

    who: int
    tile: str


@dataclass(frozen=True, slots=True)
class Riichi:
    """A player declares riichi (their next discard is the riichi discard)."""

    who: int


@dataclass(frozen=True, slots=True)
class Call:
    """A meld: ``tiles`` are all its tiles (for an added kan, the four)."""

    who: int
    kind: CallKind
    tiles: tuple[str, ...]
    called: str | None = None
    source: int | None = None


@dataclass(frozen=True, slots=True)
class NewDora:
    """A kan-dora indicator is turned."""

    tile: str


@dataclass(frozen=True, slots=True)
class Win:
    """A win: ``source`` is the winner for tsumo, the discarder for ron."""

    who: int
    source: int
    recorded: Recorded
    ura: tuple[str, ...] = ()
    takes_counters: bool = True


Event = StartRound | Draw | Discard | Riichi | Call | NewDora | Win


@dataclass(frozen=True, slots=True)
class WinSituation:
    """One win, replayed: the batch problem (no ``id``, no ``rules``) and where it was."""

    label: str
    who: int
    source: int
    dealer: int
    problem: dict[str, Any]
    melds: tuple[MeldCall, ...]
    recorded: Recorded

    @property
    def tsumo(self) -> bool:
        """Won by self-draw."""
        return self.who == self.source


class ReplayError(DataError, ValueError):
    """The events cannot have happened (a tile not in hand, a call of nothing...)."""


def round_label(number: int, honba: int) -> str:
    """``E1-0`` for round 0 with no honba, ``S3-1`` for round 6 with one."""
    return f"{WINDS[number // 4 % 4]}{number % 4 + 1}-{honba}"


@dataclass
class Round:
    """The state of one round as the events come (mutable; one per round)."""

    start: StartRound
    hands: list[list[str]] = field(default_factory=list)
    melds: list[list[MeldCall]] = field(default_factory=list)
    dora: list[str] = field(default_factory=list)
    sticks: int = 0
    draws: int = 0
    calls: int = 0
    discards: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    double: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    pending_riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    last: Event | None = None
    last_discard: tuple[int, str, int] | None = None
    drawn: list[tuple[str, bool] | None] = field(default_factory=lambda: [None] * 4)
    stick_pending: int | None = None
    #: A kan was just made that a ron may rob (an added kan; a closed kan, by kokushi):
    #: every ron until the next play is a chankan (a double ron on it too), and the
    #: kan breaks ippatsu only once it stands (robbed, it never happened).
    kan_robbable: bool = False

    def __post_init__(self) -> None:
        self.hands = [list(h) for h in self.start.hands]
        if len(self.hands) != 4 or any(len(h) != 13 for h in self.hands):
            raise ReplayError("each of the 4 players must be dealt 13 tiles")
        self.melds = [[], [], [], []]
        self.dora = list(self.start.dora)
        self.sticks = self.start.sticks

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.start.number % 4 if self.start.dealer is None else self.start.dealer

    def _take(self, who: int, tile: str) -> None:
        try:
            self.hands[who].remove(tile)
        except ValueError:
            raise ReplayError(f"player {who} has no {tile} to give up") from None

    def apply(self, event: Event) -> WinSituation | None:
        """Follow one event; a win returns its situation."""
        if self.stick_pending is not None and not isinstance(event, Win):
            self.sticks += 1
            self.stick_pending = None
        if self.kan_robbable and not isinstance(event, Win | NewDora):
            self.kan_robbable = False  # the kan stands: it breaks every ippatsu
            self.ippatsu = [False] * 4
        out: WinSituation | None = None
        if isinstance(event, Draw):
            rinshan = isinstance(self.last, Call) and self.last.kind in (
                CallKind.MINKAN,
                CallKind.SHOUMINKAN,
                CallKind.ANKAN,
            )
            self.draws += 1
            self.hands[event.who].append(event.tile)
            self.drawn[event.who] = (event.tile, rinshan)
        elif isinstance(event, Discard):
            self._discard(event)
        elif isinstance(event, Riichi):
            self.pending_riichi[event.who] = True
        elif isinstance(event, Call):
            self._call(event)
        elif isinstance(event, NewDora):
            self.dora.append(event.tile)
        elif isinstance(event, Win):
            out = self._win(event)
        else:
            raise ReplayError("a round cannot start inside a round")
        if not isinstance(event, NewDora):
            self.last = event
        return out

    def _discard(self, event: Discard) -> None:
        who = event.who
        self._take(who, event.tile)
        if self.pending_riichi[who]:
            self.pending_riichi[who] = False
            self.riichi[who] = True
            self.double[who] = self.discards[who] == 0 and self.calls == 0
            self.ippatsu[who] = True
            self.stick_pending = who
        else:
            self.ippatsu[who] = False
        self.discards[who] += 1
        self.drawn[who] = None
        self.last_discard = (who, event.tile, self.draws)

    def _call(self, event: Call) -> None:
        who = event.who
        self.calls += 1
        if event.kind in (CallKind.SHOUMINKAN, CallKind.ANKAN):
            self.kan_robbable = True  # ippatsu is broken once the kan stands (``apply``)
        else:
            self.ippatsu = [False] * 4
        if event.kind is CallKind.SHOUMINKAN:
            added = [t for t in event.tiles]
            for i, m in enumerate(self.melds[who]):
                if m.kind is CallKind.PON and tile_key(m.tiles[0]) == tile_key(event.tiles[0]):
                    for t in m.tiles:
                        added.remove(t)
                    if len(added) != 1:
                        raise ReplayError("an added kan must add one tile to a pon")
                    self._take(who, added[0])
                    self.melds[who][i] = MeldCall(
                        CallKind.SHOUMINKAN, event.tiles, m.called, m.source
                    )
                    self.last_discard = (who, added[0], self.draws)
                    return
            raise ReplayError(f"player {who} adds to a pon of {event.tiles[0]} they do not have")
        own = list(event.tiles)
        if event.called is not None and event.kind is not CallKind.ANKAN:
            own.remove(event.called)
        for t in own:
            self._take(who, t)
        if event.kind is CallKind.ANKAN:  # a kokushi may rob a closed kan
            self.last_discard = (who, event.tiles[0], self.draws)
        self.melds[who].append(MeldCall(event.kind, event.tiles, event.called, event.source))

    def _win(self, event: Win) -> WinSituation:
        who, source = event.who, event.source
        tsumo = who == source
        chankan = False
        if tsumo:
            drawn = self.drawn[who]
            if drawn is None:
                raise ReplayError(f"player {who} wins by tsumo without a drawn tile")
            win, rinshan = drawn
            hand = list(self.hands[who])
            final_draw = self.draws
        else:
            if self.last_discard is None or self.last_discard[0] != source:
                raise ReplayError(f"player {who} wins on a discard player {source} did not make")
            _, win, final_draw = self.last_discard
            chankan = self.kan_robbable
            rinshan = False
            hand = [*self.hands[who], win]
            if self.stick_pending == source:
                self.stick_pending = None
        melds = tuple(reversed(self.melds[who]))  # newest first, as Tenhou lists them
        if len(hand) + 3 * len(melds) != 14:
            raise ReplayError(
                f"player {who} wins with {len(hand)} concealed tiles and {len(melds)} melds"
            )
        seat = (who - self.dealer) % 4
        no_calls = self.calls == 0
        problem: dict[str, Any] = {
            "hand": write_tiles(hand),
            "win": win,
            "melds": [m.batch() for m in melds],
            "tsumo": tsumo,
            "round": WINDS[self.start.number // 4 % 4],
            "seat": WINDS[seat],
        }
        flags = {
            "riichi": self.riichi[who] and not self.double[who],
            "double_riichi": self.double[who],
            "ippatsu": self.riichi[who] and self.ippatsu[who],
            "rinshan": tsumo and rinshan,
            "chankan": chankan,
            "haitei": tsumo and not rinshan and final_draw == LIVE_DRAWS,
            "houtei": not tsumo and not chankan and final_draw == LIVE_DRAWS,
            "tenhou": tsumo and seat == 0 and no_calls and self.discards[who] == 0,
            "chiihou": tsumo and seat != 0 and no_calls and self.discards[who] == 0,
        }
        problem.update({k: True for k, v in flags.items() if v})
        problem["dora"] = write_tiles([tile_key(t) for t in self.dora], sort=False)
        ura = event.ura if self.riichi[who] else ()  # ura indicators count only with riichi
        problem["ura"] = write_tiles([tile_key(t) for t in ura], sort=False)
        problem["honba"] = self.start.honba if event.takes_counters else 0
        problem["sticks"] = self.sticks if event.takes_counters else 0
        return WinSituation(
            label=round_label(self.start.number, self.start.honba),
            who=who,
            source=source,
            dealer=self.dealer,
            problem=problem,
            melds=melds,
            recorded=event.recorded,
        )


def replay(events: Sequence[Event]) -> list[WinSituation]:
    """Every win of a stream of events, in order.

    Raises:
        ReplayError: when the events cannot have happened.
    """
    wins: list[WinSituation] = []
    current: Round | None = None
    for event in events:
        if isinstance(event, StartRound):
            current = Round(event)
            continue
        if current is None:
            raise ReplayError("play before the first round starts")
        found = current.apply(event)
        if found is not None:
            wins.append(found)
    return wins


def _demo_hands() -> tuple[tuple[str, ...], ...]:
    return (
        ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1z", "1z", "5z", "5z"),
        ("2p",) * 3 + ("3p",) * 3 + ("4p",) * 3 + ("6s",) * 4,
        ("2s",) * 3 + ("3s",) * 3 + ("4s",) * 3 + ("7p",) * 4,
        ("2m",) * 3 + ("3m",) * 3 + ("4m",) * 3 + ("7s",) * 4,
    )


def replayed(events: Sequence[Event], origin: str) -> list[WinSituation]:
    """:func:`replay`, with play that cannot be followed refused as a malformed log.

    Raises:
        MalformedLogError: naming ``origin`` and what could not be followed.
    """
    try:
        return replay(events)
    except ReplayError as e:
        raise MalformedLogError(origin, f"the play cannot be followed: {e}") from None
