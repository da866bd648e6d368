"""Payments from base points: the counters and sticks, and the batch's settlement.

The payment itself is ``scoring.result.Payment`` (each share rounded up to 100 on
its own); this module adds what is on the table around it.

A dealer's 700 all with 3 honba and 2 riichi sticks: 2100 + 900 + 2000.

>>> from scoring.result import Payment
>>> total(Payment.of_base(320, dealer=True, tsumo=True), honba=3, sticks=2, honba_ron=300)
5000
>>> settle(320, dealer=True, tsumo=True, honba=3, sticks=2, honba_ron=300)
({'all': 700}, '700 all', 5000)
"""

from __future__ import annotations

from .result import Payment, PayShape, round_up_100

__all__ = ["counters", "round_up_100", "settle", "total"]


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
