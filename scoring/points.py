"""Points: base points and limits, payments from them, the counters and sticks, and the
batch's settlement.

The payment itself is ``scoring.payment.Payment`` (each share rounded up to 100 on
its own); this module adds what is on the table around it.

A dealer's 700 all with 3 honba and 2 riichi sticks: 2100 + 900 + 2000.

>>> from scoring.result import Payment
>>> total(Payment.of_base(320, dealer=True, tsumo=True), honba=3, sticks=2, honba_ron=300)
5000
>>> settle(320, dealer=True, tsumo=True, honba=3, sticks=2, honba_ron=300)
({'all': 700}, '700 all', 5000)
"""

from __future__ import annotations

from .kinds import Limit
from .payment import Payment, PayShape, round_up_100
from .rules import Kazoe, RuleProfile

__all__ = ["base_points", "counters", "round_up_100", "settle", "total"]

#: The limit of a yakuman hand by its multiplier (six and more: sextuple).
YAKUMAN_LIMITS: tuple[Limit, ...] = (
    Limit.YAKUMAN,
    Limit.DOUBLE_YAKUMAN,
    Limit.TRIPLE_YAKUMAN,
    Limit.QUADRUPLE_YAKUMAN,
    Limit.QUINTUPLE_YAKUMAN,
    Limit.SEXTUPLE_YAKUMAN,
)


def base_points(han: int, fu: int, yakuman: int, rules: RuleProfile) -> tuple[int, Limit | None]:
    """Base points and the limit for a hand's han and fu.

    >>> from scoring.rules import TENHOU, WRC
    >>> base_points(1, 110, 0, TENHOU)
    (880, None)
    >>> base_points(4, 30, 0, TENHOU), base_points(4, 30, 0, WRC)
    ((1920, None), (2000, <Limit.MANGAN: 'mangan'>))
    >>> base_points(13, 30, 0, TENHOU), base_points(13, 30, 0, WRC)
    ((8000, <Limit.YAKUMAN: 'yakuman'>), (6000, <Limit.SANBAIMAN: 'sanbaiman'>))
    """
    if yakuman:
        return 8000 * yakuman, YAKUMAN_LIMITS[min(yakuman, 6) - 1]
    if han < 5:
        base = fu << (han + 2)
        if base >= 2000 or (base == 1920 and rules.kiriage):
            return 2000, Limit.MANGAN
        return base, None
    if han >= 13:
        if rules.kazoe is Kazoe.YAKUMAN:
            return 8000, Limit.YAKUMAN
        return 6000, Limit.SANBAIMAN
    if han >= 11:
        return 6000, Limit.SANBAIMAN
    if han >= 8:
        return 4000, Limit.BAIMAN
    if han >= 6:
        return 3000, Limit.HANEMAN
    return 2000, Limit.MANGAN


def counters(tsumo: bool, honba: int, sticks: int, honba_ron: int = 300) -> int:
    """What the counters and sticks add: ``honba_ron`` a counter on ron (a third of it
    from each payer on tsumo), 1000 a riichi stick."""
    return honba * (honba_ron // 3 * 3 if tsumo else honba_ron) + 1000 * sticks


def total(payment: Payment, honba: int, sticks: int, honba_ron: int = 300) -> int:
    """Everything the winner receives: the hand, the counters and the riichi sticks."""
    tsumo = payment.shape is not PayShape.RON
    return payment.total_paid + counters(tsumo, honba, sticks, honba_ron)


def settle(
    base: int, dealer: bool, tsumo: bool, honba: int, sticks: int, honba_ron: int
) -> tuple[dict[str, int], str, int]:
    """The batch payment object, the declaration and the total, in one go."""
    paid = Payment.of_base(base, dealer=dealer, tsumo=tsumo)
    return paid.to_record(), paid.declaration(), total(paid, honba, sticks, honba_ron)
