"""Payments typed as each language says them at the table are read right by the grader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quiz.grading import Hint, canonical_payment, parse_payment
from quiz.words.core import LANGUAGES, use
from quiz.words.payments import TABLE_FORMS, say_payment
from scoring.result import Payment, PayShape

FORMS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "payment_forms.json").read_text(encoding="utf-8")
)


def test_every_language_has_table_forms_and_typed_examples() -> None:
    missing = sorted(set(LANGUAGES) - set(TABLE_FORMS))
    assert not missing, f"add how a payment is said in {missing} to TABLE_FORMS"
    for code in LANGUAGES:
        shapes = {(c["dealer"], c["tsumo"]) for c in FORMS["cases"] if c["lang"] == code}
        assert {(False, False), (False, True), (True, True)} <= shapes, code


@pytest.mark.parametrize(
    "case", FORMS["cases"], ids=lambda c: f"{c['lang']}:{c['typed']}"
)
def test_typed_table_form_is_read_right(case: dict[str, Any]) -> None:
    read = parse_payment(case["typed"], dealer=case["dealer"], tsumo=case["tsumo"])
    assert not isinstance(read, Hint), (case, canonical_payment(case["typed"]))
    assert str(read) == case["expect"]


@pytest.mark.parametrize(
    "case", FORMS["not_payments"], ids=lambda c: f"{c['lang']}:{c['typed']}"
)
def test_words_without_a_number_get_the_parsers_hint(case: dict[str, Any]) -> None:
    for dealer, tsumo in ((False, False), (False, True), (True, True)):
        assert isinstance(parse_payment(case["typed"], dealer=dealer, tsumo=tsumo), Hint)


def test_table_forms_as_said_in_each_language() -> None:
    said = {
        code: (say_payment({"ron": 7700}, code),
               say_payment({"non_dealer": 2000, "dealer": 3900}, code),
               say_payment({"all": 3900}, code))
        for code in LANGUAGES
    }
    assert said["ja"] == ("7700", "2000・3900", "3900オール")
    assert said["en"] == ("7700", "2000/3900", "3900 all")
    assert said["th"][2] == "3900 รอบวง"
    assert said["vi"][2] == "3900 mỗi nhà"
    assert said["uk"][2] == "3900 з кожного"


def test_the_active_language_says_the_payment() -> None:
    use("ja")
    try:
        assert say_payment(Payment(PayShape.ALL, 3900)) == "3900オール"
        assert say_payment(Payment(PayShape.SPLIT, 2000, 3900)) == "2000・3900"
    finally:
        use("en")


_share = st.integers(min_value=1, max_value=480).map(lambda n: n * 100)


@st.composite
def _payments(draw: st.DrawFn) -> tuple[Payment, bool, bool]:
    shape = draw(st.sampled_from(list(PayShape)))
    if shape is PayShape.RON:
        return Payment(shape, draw(_share) * (1 if draw(st.booleans()) else 3)), \
            draw(st.booleans()), False
    if shape is PayShape.ALL:
        return Payment(shape, draw(_share)), True, True
    low = draw(_share)
    return Payment(shape, low, low * 2 - draw(st.sampled_from((0, 100)))), False, True


@given(_payments(), st.sampled_from(sorted(TABLE_FORMS)))
def test_every_language_round_trips_through_normaliser_and_parser(
    payment: tuple[Payment, bool, bool], code: str
) -> None:
    shares, dealer, tsumo = payment
    said = say_payment(shares, code)
    read = parse_payment(canonical_payment(said), dealer=dealer, tsumo=tsumo)
    assert read == shares, (said, canonical_payment(said))


_typing = st.text(
    alphabet=st.sampled_from(
        list("0123456789 ./,-・オールkтис万点แต้มรอบวงคนละ mỗinhàзкожногопо๓\u00a0")
    ),
    max_size=25,
)


@given(_typing, st.booleans(), st.booleans())
def test_anything_typed_is_read_or_hinted_never_a_crash(text: str, dealer: bool,
                                                        tsumo: bool) -> None:
    read = parse_payment(canonical_payment(text), dealer=dealer, tsumo=tsumo)
    assert isinstance(read, Payment | Hint)
