"""Grading: lenient parsing, marks per part, and the diagnosis of each common mistake."""

from __future__ import annotations

from typing import Any

import pytest

from data.topics import is_topic
from quiz.grading import (
    AnswerKey,
    Hints,
    Marked,
    Part,
    grade,
    parse_han,
    parse_payment,
    parse_tile_list,
    parse_wait,
    parse_yaku,
    winning_tiles,
)
from quiz.words.sentences import hint_of, reason_of, say
from scoring import (
    Payment,
    PayShape,
    Result,
    Wait,
    format_tiles,
    parse_record,
    parse_tiles,
    score,
)

# --------------------------------------------------------------------------- helpers


def scored(**record: Any) -> Result:
    """Score a batch input record (round and seat default to East / South)."""
    record.setdefault("round", "E")
    record.setdefault("seat", "S")
    return score(parse_record(record))


def key_of(parts: tuple[Part, ...], **record: Any) -> AnswerKey:
    return AnswerKey.from_result(scored(**record), parts)


def marked(key: AnswerKey, **answers: Any) -> Marked:
    result = grade(key, {Part(k): v for k, v in answers.items()})
    assert isinstance(result, Marked), result
    return result


def codes(m: Marked) -> list[str]:
    return [d.code for d in m.diagnoses]


FU_PAY = (Part.FU, Part.PAYMENT)
FU_HAN_PAY = (Part.FU, Part.HAN, Part.PAYMENT)

#: The seeds' worked example: 1m triplet completed by ron, two closed kans, double-wind pair.
SEED_HAND = {"hand": "111m678s22z", "win": "1m", "melds": ["ankan 1111p", "ankan 6666z"],
             "seat": "S", "round": "S"}


# --------------------------------------------------------------------------- payments


@pytest.mark.parametrize(
    ("text", "dealer", "tsumo", "expected"),
    [
        ("7700", False, False, "7700"),
        ("7,700", False, False, "7700"),
        ("7 700", False, False, "7700"),
        ("７７００", False, False, "7700"),
        ("7700点", False, False, "7700"),
        ("7.7k", False, False, "7700"),
        ("2000/3900", False, True, "2000/3900"),
        ("2000-3900", False, True, "2000/3900"),
        ("2000 3900", False, True, "2000/3900"),
        ("2,000/3,900", False, True, "2000/3900"),
        ("２０００／３９００", False, True, "2000/3900"),
        ("２０００ー３９００", False, True, "2000/3900"),
        ("3900/2000", False, True, "2000/3900"),
        ("3900 all", True, True, "3900 all"),
        ("3900all", True, True, "3900 all"),
        ("3900 ALL", True, True, "3900 all"),
        ("3900オール", True, True, "3900 all"),
        ("３９００オール", True, True, "3900 all"),
        ("3900", True, True, "3900 all"),
        ("11600", True, False, "11600"),
    ],
)
def test_payment_is_read_as_said_at_the_table(text: str, dealer: bool, tsumo: bool,
                                              expected: str) -> None:
    read = parse_payment(text, dealer=dealer, tsumo=tsumo)
    assert isinstance(read, Payment), read
    assert str(read) == expected


@pytest.mark.parametrize(
    ("text", "dealer", "tsumo", "words"),
    [
        ("", False, False, "type the payment"),
        ("lots", False, False, "as it is said at the table"),
        ("2000/3900", False, False, "this is a ron"),
        ("3900 all", False, False, "this is a ron"),
        ("7900", False, True, "give the non-dealers' share and the dealer's"),
        ("0", False, False, "as it is said at the table"),
        ("1/2/3", False, True, "as it is said at the table"),
    ],
)
def test_a_payment_in_the_wrong_shape_gets_a_hint(text: str, dealer: bool, tsumo: bool,
                                                  words: str) -> None:
    read = parse_payment(text, dealer=dealer, tsumo=tsumo)
    assert not isinstance(read, Payment)
    assert words in say(read.wording)


def test_a_hint_is_not_a_mark() -> None:
    key = AnswerKey.from_cell(30, 4, dealer=False, tsumo=True)
    result = grade(key, {Part.PAYMENT: "7900"})
    assert isinstance(result, Hints)
    assert "2000/3900" in (hint_of(result, Part.PAYMENT) or "")


def test_shares_round_each_payment_and_add_honba() -> None:
    assert str(Payment.of_base(1920, dealer=False, tsumo=True)) == "2000/3900"
    assert Payment.of_base(1920, dealer=False, tsumo=True).total_paid == 7900
    assert str(Payment.of_base(1920, dealer=True, tsumo=True, honba=2)) == "4100 all"
    assert str(Payment.of_base(1920, dealer=False, tsumo=False, honba=2)) == "8300"


def test_a_split_said_backwards_is_right_with_a_note() -> None:
    key = AnswerKey.from_cell(30, 4, dealer=False, tsumo=True)
    m = marked(key, payment="3900/2000")
    assert m.correct
    assert "non-dealers' share is said first" in m.marks[0].note


# --------------------------------------------------------------------------- other parts


def test_han_fu_yaku_tiles_and_waits_are_read_leniently() -> None:
    assert parse_han("3 han") == (3, 0)
    assert parse_han("３飜") == (3, 0)
    assert parse_han("yakuman") == (0, 1)
    assert parse_han("2x yakuman") == (0, 2)
    assert parse_yaku("Riichi, tanyao") == frozenset({"riichi", "tanyao"})
    assert parse_yaku(["pinfu"]) == frozenset({"pinfu"})
    assert not isinstance(parse_yaku("riichi, nonsense"), frozenset)
    tiles = parse_tile_list("6p E, chun 中", Part.DORA)
    assert isinstance(tiles, tuple)
    assert format_tiles(tiles) == "6p177z"
    assert parse_wait("edge") is Wait.PENCHAN
    assert parse_wait("K") is Wait.KANCHAN
    assert not isinstance(parse_wait("sideways"), Wait)
    key = key_of((Part.FU,), **SEED_HAND)
    assert marked(key, fu="110 fu").correct
    assert marked(key, fu="１１０符").correct
    assert isinstance(grade(key, {Part.FU: "lots"}), Hints)
    assert isinstance(grade(key, {Part.FU: ""}), Hints)


def test_dont_know_is_marked_wrong_not_hinted() -> None:
    key = key_of(FU_PAY, **SEED_HAND)
    m = marked(key, fu="?", payment="3600")
    assert [x.correct for x in m.marks] == [False, True]
    assert m.marks[0].given == "?"
    assert codes(m) == ["dont_know"]
    assert "fu:closed_quad_terminals" in m.concepts


def test_parts_are_marked_one_by_one() -> None:
    key = key_of(FU_HAN_PAY, **SEED_HAND)
    m = marked(key, fu="110", han="1", payment="3600")
    assert m.correct and m.diagnoses == () and m.concepts == ()
    m = marked(key, fu="110", han="2", payment="3600")
    assert [x.correct for x in m.marks] == [True, False, True]
    assert m.score == (2, 3)


def test_winning_tiles_of_a_waiting_hand() -> None:
    assert format_tiles(winning_tiles(parse_tiles("1112345678999m"), 0)) == "123456789m"
    assert format_tiles(winning_tiles(parse_tiles("1133557799m11p3s"), 0)) == "3s"


# --------------------------------------------------------------------------- mistakes


def test_forgot_closed_ron_10() -> None:
    key = key_of(FU_PAY, **SEED_HAND)
    m = marked(key, fu="100", payment="3200")
    assert codes(m) == ["forgot_closed_ron"]
    assert m.diagnoses[0].parts == (Part.FU, Part.PAYMENT)
    assert m.concepts == ("fu:closed_ron",)


def test_counted_tsumo_fu_on_pinfu_tsumo() -> None:
    key = key_of(FU_PAY, hand="123m55m456p789s234s", win="4s", tsumo=True)
    assert (key.fu, str(key.payment)) == (20, "400/700")
    m = marked(key, fu="30", payment="500/1000")
    assert codes(m) == ["pinfu_tsumo_fu"]
    assert m.concepts == ("fu:pinfu_tsumo",)


def test_ron_completed_triplet_counted_closed() -> None:
    key = key_of((Part.FU,), hand="234m456p777p999s55s", win="9s", riichi=True)
    assert key.fu == 40
    m = marked(key, fu="50")
    assert codes(m) == ["ron_triplet_closed"]
    assert "completed by ron" in (reason_of(m) or "")
    assert m.concepts == ("fu:ron_triplet",)


def test_double_wind_pair_2_or_4() -> None:
    hand = {"hand": "456p789s234s11z", "win": "4s", "melds": ["ankan 3333m"], "tsumo": True,
            "riichi": True, "seat": "E"}
    key = key_of((Part.FU,), **hand)
    assert (key.raw_fu, key.fu) == (42, 50)
    m = marked(key, fu="40")
    assert codes(m) == ["double_wind_pair"]
    assert m.concepts == ("rule:double_wind_pair",)
    assert "forgot the 2 fu for a win by tsumo" in [say(a) for a in m.diagnoses[0].alternatives]
    wrc = key_of((Part.FU,), **hand, rules="wrc")
    assert wrc.fu == 40
    assert codes(marked(wrc, fu="50")) == ["double_wind_pair"]


def test_an_ambiguous_answer_names_the_likeliest_mistake_and_the_others() -> None:
    key = key_of((Part.FU,), **SEED_HAND)
    m = marked(key, fu="100")
    assert codes(m) == ["forgot_closed_ron"]
    assert len(m.diagnoses[0].alternatives) == 2
    assert m.concepts == ("fu:closed_ron",)


def test_did_not_round_up() -> None:
    key = key_of((Part.FU,), hand="111m456p789s234s11z", win="4s", riichi=True, seat="E")
    m = marked(key, fu="42")
    assert codes(m)[0] == "no_round_fu"
    assert m.concepts[0] == "fu:rounding"
    cell = AnswerKey.from_cell(110, 1, dealer=False, tsumo=False)
    m = marked(cell, payment="3520")
    assert codes(m) == ["no_round_payment"]


def test_rounded_chiitoitsu() -> None:
    key = key_of(FU_PAY, hand="1133557799m11p33s", win="3s", riichi=True)
    assert key.fu == 25
    m = marked(key, fu="30", payment=str(key.payment_for(30, key.han)))
    assert codes(m) == ["rounded_chiitoitsu"]
    assert m.diagnoses[0].parts == (Part.FU, Part.PAYMENT)
    assert m.concepts == ("fu:chiitoitsu",)


def test_missed_a_yaku_or_a_dora() -> None:
    parts = (Part.HAN, Part.PAYMENT)
    key = key_of(parts, hand="123m123p123s456m99p", win="6m", riichi=True, dora="8p")
    assert {y.name for y in key.result.yaku} >= {"sanshoku_doujun", "dora"}  # type: ignore[union-attr]
    dora = sum(y.han for y in key.result.yaku if y.name == "dora")  # type: ignore[union-attr]
    assert dora == 2
    m = marked(key, han=str(key.han - 2), payment=str(key.payment))
    assert codes(m)[0] == "missed_yaku"
    assert reason_of(m) in ("missed Sanshoku doujun (2 han)", "did not count the dora (2 han)")
    m = marked(key, han=str(key.han - 1), payment=str(key.payment_for(key.fu, key.han - 1)))
    assert m.diagnoses[0].parts == (Part.HAN, Part.PAYMENT)
    only_dora = key_of((Part.HAN,), hand="234m567p345s678m99p", win="8m", riichi=True,
                       dora="8p")
    m = marked(only_dora, han=str(only_dora.han - 2))
    assert reason_of(m) == "did not count the dora (2 han)"
    assert "dora:dora" in m.concepts


def test_used_the_dealers_multiplier() -> None:
    key = AnswerKey.from_cell(30, 4, dealer=False, tsumo=False)
    m = marked(key, payment="11600")
    assert codes(m) == ["dealer_multiplier"]
    assert "pay:non_dealer_ron" in m.concepts
    tsumo = AnswerKey.from_cell(30, 4, dealer=False, tsumo=True)
    assert codes(marked(tsumo, payment="3900 all")) == ["dealer_multiplier"]
    dealer = AnswerKey.from_cell(30, 4, dealer=True, tsumo=False)
    m = marked(dealer, payment="7700")
    assert "non-dealer's multiplier" in (reason_of(m) or "")


def test_rounded_a_tsumo_total_instead_of_each_share() -> None:
    key = AnswerKey.from_cell(40, 1, dealer=False, tsumo=True)
    assert str(key.payment) == "400/700"
    m = marked(key, payment="325/650")
    assert codes(m) == ["rounded_tsumo_total"]
    assert m.concepts == ("pay:tsumo_rounding",)
    dealer = AnswerKey.from_cell(40, 1, dealer=True, tsumo=True)
    assert str(dealer.payment) == "700 all"
    assert codes(marked(dealer, payment="667 all")) == ["rounded_tsumo_total"]
    assert codes(marked(dealer, payment="2100")) == ["gave_total"]


def test_forgot_honba() -> None:
    key = AnswerKey.from_cell(30, 4, dealer=False, tsumo=False, honba=2)
    assert str(key.payment) == "8300"
    m = marked(key, payment="7700")
    assert codes(m) == ["forgot_honba"]
    assert m.concepts == ("pay:honba",)
    tsumo = AnswerKey.from_cell(30, 4, dealer=True, tsumo=True, honba=1)
    assert str(tsumo.payment) == "4000 all"
    m = marked(tsumo, payment="3900 all")
    assert codes(m) == ["forgot_honba"]
    assert set(m.concepts) == {"pay:dealer_tsumo_honba", "pay:honba"}
    assert codes(marked(tsumo, payment="4200 all")) == ["honba_size"]


def test_other_traps_are_named() -> None:
    key = AnswerKey.from_cell(30, 4, dealer=False, tsumo=False)
    assert codes(marked(key, payment="8000")) == ["kiriage"]
    open_hand = key_of((Part.HAN,), hand="234567m22p456s", win="2p", melds=["chi 678s"],
                       tsumo=False)
    assert {y.name for y in open_hand.result.yaku} == {"tanyao"}  # type: ignore[union-attr]
    yakuhai = key_of((Part.FU, Part.HAN), hand="123m456p789s234s66z", win="4s", riichi=True)
    m = marked(yakuhai, fu="30", han="2")
    assert codes(m) == ["yakuhai_pair_pinfu"]
    assert "trap:yakuhai_pair_no_pinfu" in m.concepts


def test_yaku_sets_name_what_was_missed_and_what_is_not_there() -> None:
    key = key_of((Part.HAN, Part.YAKU), hand="234567m22p456s", win="2p", melds=["chi 678s"])
    m = marked(key, han="1", yaku=["tanyao", "pinfu"])
    assert reason_of(m) == "Pinfu is not in this hand"
    assert "yaku:pinfu" in m.concepts
    m = marked(key, han="1", yaku=["riichi"])
    assert "missed Tanyao" in (reason_of(m) or "")


def test_wait_parts_are_diagnosed() -> None:
    key = key_of((Part.WAITS, Part.WAIT), hand="123345m456p789s55p", win="3m", riichi=True)
    assert format_tiles(key.waits) == "36m"
    assert key.wait is Wait.RYANMEN and Wait.PENCHAN in key.possible_waits
    m = marked(key, waits="3m", wait="penchan")
    assert reason_of(m) == "missed 6m"
    assert "wait:several_readings" in m.concepts
    assert any("reading" in say(d.wording) for d in m.diagnoses)


def test_dora_parts_are_diagnosed() -> None:
    parts = (Part.DORA, Part.DORA_HAN)
    key = key_of(parts, hand="123m99m456p789s123s", win="3s", riichi=True, dora="8m")
    assert format_tiles(key.dora) == "9m" and key.dora_han == 2
    m = marked(key, dora="8m", dora_han="2")
    assert codes(m) == ["indicator_is_dora"]
    assert codes(marked(key, dora="7m", dora_han="2")) == ["dora_backwards"]
    wrap = key_of(parts, hand="123m99m456p789s123s", win="3s", riichi=True, dora="9m")
    assert format_tiles(wrap.dora) == "1m" and wrap.dora_han == 1
    m = marked(wrap, dora="1p", dora_han="1")
    assert codes(m) == ["dora_no_wrap"]
    assert "dora:wrap" in m.concepts


@pytest.mark.parametrize("answer", ["1", "?", "30", "1000/2000", "99999"])
def test_every_tagged_concept_is_in_the_vocabulary(answer: str) -> None:
    keys = [
        key_of(FU_HAN_PAY, **SEED_HAND),
        key_of(FU_HAN_PAY, hand="123m55m456p789s234s", win="4s", tsumo=True),
        AnswerKey.from_cell(40, 2, dealer=True, tsumo=True, honba=1),
    ]
    for key in keys:
        answers = {p: (answer if p is not Part.PAYMENT or "/" not in answer or
                       (key.tsumo and not key.dealer) else "1000") for p in key.parts}
        result = grade(key, answers)
        if isinstance(result, Marked):
            assert all(is_topic(c) for c in result.concepts), result.concepts


def test_shape_of_a_payment_follows_the_win() -> None:
    assert AnswerKey.from_cell(30, 1, dealer=True, tsumo=True).payment.shape is PayShape.ALL
    assert AnswerKey.from_cell(30, 1, dealer=False, tsumo=True).payment.shape is PayShape.SPLIT
    assert AnswerKey.from_cell(30, 1, dealer=False, tsumo=False).payment.shape is PayShape.RON


def test_dont_know_on_every_part_is_one_reason() -> None:
    key = key_of(FU_HAN_PAY, **SEED_HAND)
    m = marked(key, fu="?", han="?", payment="?")
    assert codes(m) == ["dont_know"]
    assert reason_of(m) == ("you did not know the fu, han and payment: see how they are worked "
                        "out below")
    assert "fu:closed_ron" in m.concepts and "yaku:hatsu" in m.concepts
