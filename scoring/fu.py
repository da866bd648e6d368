"""The kinds of fu item: one enum, its values the stable ids of the batch format.

A fu item of a result (``FuItem``) has a kind; everything a learner or a
program needs to know about the kind (its label, why it counts, whether it is a
set, a pair or a wait) is read from the kind, never parsed from text.

>>> FuKind.CLOSED_RON.value, FuKind.CLOSED_RON.fixed_fu
('closed ron', 10)
>>> FuKind.of_set(terminal=True, concealed=True, quad=False)
<FuKind.CLOSED_TRIPLET_TERMINALS: 'closed triplet of terminals/honours'>
>>> FuKind.of_set(terminal=True, concealed=True, quad=False).fixed_fu
8
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["FuKind"]


class FuKind(StrEnum):
    """What a fu item counts. The value is the item's id in the batch output."""

    BASE = "base"
    CLOSED_RON = "closed ron"
    TSUMO = "tsumo"
    OPEN_RON_MINIMUM = "open ron minimum"
    CHIITOITSU = "chiitoitsu"
    DRAGON_PAIR = "pair of dragons"
    SEAT_WIND_PAIR = "pair of seat wind"
    ROUND_WIND_PAIR = "pair of round wind"
    DOUBLE_WIND_PAIR = "pair of seat and round wind"
    KANCHAN_WAIT = "kanchan wait"
    PENCHAN_WAIT = "penchan wait"
    TANKI_WAIT = "tanki wait"
    OPEN_TRIPLET_SIMPLES = "open triplet of simples"
    CLOSED_TRIPLET_SIMPLES = "closed triplet of simples"
    OPEN_TRIPLET_TERMINALS = "open triplet of terminals/honours"
    CLOSED_TRIPLET_TERMINALS = "closed triplet of terminals/honours"
    OPEN_QUAD_SIMPLES = "open quad of simples"
    CLOSED_QUAD_SIMPLES = "closed quad of simples"
    OPEN_QUAD_TERMINALS = "open quad of terminals/honours"
    CLOSED_QUAD_TERMINALS = "closed quad of terminals/honours"

    @classmethod
    def of_set(cls, *, terminal: bool, concealed: bool, quad: bool) -> FuKind:
        """The kind of a triplet or quad."""
        return _SETS[(terminal, concealed, quad)]

    @property
    def label(self) -> str:
        """The item's short name as the batch writes it (``closed ron``)."""
        return self.value

    @property
    def is_set(self) -> bool:
        """A triplet or a quad."""
        return self in _SET_FU

    @property
    def is_pair(self) -> bool:
        """A pair of dragons or of a valued wind."""
        return self in _PAIRS

    @property
    def is_wait(self) -> bool:
        """A single-tile wait (kanchan, penchan, tanki)."""
        return self in _WAITS

    @property
    def is_open(self) -> bool:
        """An open triplet or quad (one completed by ron included)."""
        return self.is_set and self.value.startswith("open")

    @property
    def is_quad(self) -> bool:
        """A quad."""
        return self.is_set and " quad " in self.value

    @property
    def is_terminal(self) -> bool:
        """A triplet or quad of terminals or honours."""
        return self.is_set and self.value.endswith("honours")

    @property
    def fixed_fu(self) -> int | None:
        """The fu of the kind where it does not depend on the rules (None: it does)."""
        if self is FuKind.DOUBLE_WIND_PAIR:
            return None
        return _SET_FU.get(self, _FIXED_FU.get(self))

    @property
    def reason(self) -> str:
        """Why an item of this kind counts, in general (the result's items say it per tile)."""
        return _REASONS[self]


_SETS: dict[tuple[bool, bool, bool], FuKind] = {
    (terminal, concealed, quad): FuKind(
        f"{'closed' if concealed else 'open'} {'quad' if quad else 'triplet'} of "
        f"{'terminals/honours' if terminal else 'simples'}"
    )
    for terminal in (False, True)
    for concealed in (False, True)
    for quad in (False, True)
}
_SET_FU: dict[FuKind, int] = {
    kind: 2 * (2 if terminal else 1) * (2 if concealed else 1) * (4 if quad else 1)
    for (terminal, concealed, quad), kind in _SETS.items()
}
_PAIRS = frozenset(
    (
        FuKind.DRAGON_PAIR,
        FuKind.SEAT_WIND_PAIR,
        FuKind.ROUND_WIND_PAIR,
        FuKind.DOUBLE_WIND_PAIR,
    )
)
_WAITS = frozenset((FuKind.KANCHAN_WAIT, FuKind.PENCHAN_WAIT, FuKind.TANKI_WAIT))
_FIXED_FU: dict[FuKind, int] = {
    FuKind.BASE: 20,
    FuKind.CLOSED_RON: 10,
    FuKind.TSUMO: 2,
    FuKind.OPEN_RON_MINIMUM: 10,
    FuKind.CHIITOITSU: 25,
    FuKind.DRAGON_PAIR: 2,
    FuKind.SEAT_WIND_PAIR: 2,
    FuKind.ROUND_WIND_PAIR: 2,
    FuKind.KANCHAN_WAIT: 2,
    FuKind.PENCHAN_WAIT: 2,
    FuKind.TANKI_WAIT: 2,
}
_REASONS: dict[FuKind, str] = {
    FuKind.BASE: "every winning hand starts with 20 fu (fuutei)",
    FuKind.CLOSED_RON: "a closed hand won by ron adds 10 (menzen kafu)",
    FuKind.TSUMO: "a win by self-draw adds 2 (not for pinfu tsumo)",
    FuKind.OPEN_RON_MINIMUM: "an open hand won by ron with no other fu is counted as 30 fu",
    FuKind.CHIITOITSU: "seven pairs are always 25 fu: nothing is added and nothing is rounded",
    FuKind.DRAGON_PAIR: "a pair of dragons adds 2 (a yakuhai pair)",
    FuKind.SEAT_WIND_PAIR: "a pair of the seat wind adds 2 (a yakuhai pair)",
    FuKind.ROUND_WIND_PAIR: "a pair of the round wind adds 2 (a yakuhai pair)",
    FuKind.DOUBLE_WIND_PAIR: "a pair of the wind that is both seat and round wind",
    FuKind.KANCHAN_WAIT: "the winning tile filled the middle of a sequence: a single-tile "
    "wait adds 2",
    FuKind.PENCHAN_WAIT: "the winning tile completed 12-3 or 7-89 from the edge: a single-tile "
    "wait adds 2",
    FuKind.TANKI_WAIT: "the winning tile completed the pair: a single-tile wait adds 2",
    **{kind: kind.value for kind in _SETS.values()},
}
