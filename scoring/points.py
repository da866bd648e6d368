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
>>> settle(320, dealer=True, tsumo=True, honba=3, sticks=2, honba_ron=300)
({'all': 700}, '700 all', 5000)
"""

from __future__ import annotations

from .result import Payment, declare, hand_value


def round_up_100(points: int) -> int:
    """Round up to the next multiple of 100 (1920 -> 2000, 2000 -> 2000)."""
    return -(-points // 100) * 100


def shares(base: int, dealer: bool, tsumo: bool) -> dict[str, int]:
    """What each payer pays for a hand of these base points, as the batch payment object.

    Ron: ``{"ron": N}``; a non-dealer's tsumo: ``{"dealer": N, "non_dealer": N}``; the
    dealer's tsumo: ``{"all": N}``. No honba, no sticks.
    """
    return settle(base, dealer, tsumo, 0, 0, 0)[0]


def payments(base: int, dealer: bool, tsumo: bool) -> Payment:
    """What each payer pays for a hand of these base points (no honba, no sticks)."""
    return Payment(**shares(base, dealer, tsumo))


def counters(tsumo: bool, honba: int, sticks: int, honba_ron: int = 300) -> int:
    """What the counters and sticks add: ``honba_ron`` a counter on ron (a third of it
    from each payer on tsumo), 1000 a riichi stick."""
    return honba * (honba_ron // 3 * 3 if tsumo else honba_ron) + 1000 * sticks


def honba_bonus(payment: Payment, honba: int, honba_ron: int = 300) -> int:
    """What the counters add: ``honba_ron`` each on ron, a third of it from each payer on tsumo."""
    return counters(payment.ron is None, honba, 0, honba_ron)


def total(payment: Payment, honba: int, sticks: int, honba_ron: int = 300) -> int:
    """Everything the winner receives: the hand, the counters and the riichi sticks."""
    return payment.hand_value + counters(payment.ron is None, honba, sticks, honba_ron)


def settle(
    base: int, dealer: bool, tsumo: bool, honba: int, sticks: int, honba_ron: int
) -> tuple[dict[str, int], str, int]:
    """The batch payment object, the declaration and the total, in one go.

    Each payment is rounded up to 100 on its own.
    """
    shape: dict[str, int]
    if not tsumo:
        shape = {"ron": -(-base * (6 if dealer else 4) // 100) * 100}
    elif dealer:
        shape = {"all": -(-base * 2 // 100) * 100}
    else:
        shape = {"dealer": -(-base * 2 // 100) * 100, "non_dealer": -(-base // 100) * 100}
    return shape, declare(shape), hand_value(shape) + counters(tsumo, honba, sticks, honba_ron)
