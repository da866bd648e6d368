"""Payments from base points: each payment rounded up to 100 on its own.

>>> payments(1920, dealer=False, tsumo=True).declaration()
'2000/3900'
>>> payments(1920, dealer=False, tsumo=False).declaration()
'7700'
>>> payments(1920, dealer=True, tsumo=True).declaration()
'3900 all'

A dealer's 700 all with 3 honba and 2 riichi sticks: 2100 + 900 + 2000.

>>> total(payments(320, dealer=True, tsumo=True), honba=3, sticks=2, honba_ron=300)
5000
"""

from __future__ import annotations

from .result import Payment


def round_up_100(points: int) -> int:
    """Round up to the next multiple of 100 (1920 -> 2000, 2000 -> 2000)."""
    return -(-points // 100) * 100


def payments(base: int, dealer: bool, tsumo: bool) -> Payment:
    """What each payer pays for a hand of these base points (no honba, no sticks)."""
    if not tsumo:
        return Payment(ron=round_up_100(base * (6 if dealer else 4)))
    if dealer:
        return Payment(all=round_up_100(base * 2))
    return Payment(dealer=round_up_100(base * 2), non_dealer=round_up_100(base))


def honba_bonus(payment: Payment, honba: int, honba_ron: int = 300) -> int:
    """What the counters add: ``honba_ron`` each on ron, a third of it from each payer on tsumo."""
    if payment.ron is not None:
        return honba * honba_ron
    return honba * (honba_ron // 3) * 3


def total(payment: Payment, honba: int, sticks: int, honba_ron: int = 300) -> int:
    """Everything the winner receives: the hand, the counters and the riichi sticks."""
    return payment.hand_value + honba_bonus(payment, honba, honba_ron) + 1000 * sticks
