"""Every sentence the grading says, in the learner's language: reasons, hints, notes.

A :class:`~quiz.grading.wording.Wording` names a kind of sentence and its
parameters; :func:`say` looks the kind up here and fills it in the active
language. The field's own words come from :mod:`quiz.words.terms` (yaku, fu
items, waits, counts), payments are said as at the table
(:mod:`quiz.words.payments`), and tiles are drawn in the learner's style:

>>> from quiz.words.core import use
>>> from quiz.grading.wording import Count, Term, Wording
>>> use("en")
>>> say(Wording.of("missed_yaku", yaku=Term("yaku", "riichi"), han=Count("han", 1)))
'missed Riichi (1 han)'
>>> use("ja")
>>> say(Wording.of("missed_yaku", yaku=Term("yaku", "riichi"), han=Count("han", 1)))
'立直（1翻）を見落としました'
>>> use("en")

Every table is built from literal ``pgettext`` calls, so Babel's extraction
finds each sentence; a table is built once per language and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scoring.result import Payment
from scoring.tiles import format_tiles

from ..grading.answers import Part, part_label
from ..grading.marks import Hints, Marked
from ..grading.wording import Arg, Count, Term, Tiles, TileText, Wording
from . import core as i18n
from . import terms
from .core import active_language, gettext
from .payments import say_payment

#: A ``pgettext``: the builders below take it, so the English can be built in any language.
Translate = Callable[[str, str], str]

__all__ = ["KINDS", "hint_of", "join_words", "mark_note", "part_name", "reason_of", "say",
           "sentence"]


def _reasons(pgettext: Translate = i18n.pgettext) -> dict[str, str]:
    """The likely mistakes (:mod:`.mistakes`) and the reasons of :mod:`.diagnosis`."""
    return {
        # fu
        "rounded_chiitoitsu": pgettext(
            "reason", "rounded chiitoitsu's 25 fu up to 30: seven pairs are always 25 fu, "
            "never rounded"),
        "chiitoitsu_fu_50": pgettext(
            "reason", "counted chiitoitsu as 50 fu: it is 25 fu (some old tables count "
            "50 fu 1 han, which gives the same points)"),
        "pinfu_tsumo_fu": pgettext(
            "reason", "counted the 2 tsumo fu on a pinfu tsumo: pinfu tsumo is a fixed 20 fu"),
        "ron_triplet_closed": pgettext(
            "reason", "counted the %(tiles)s triplet as closed, but it was completed by ron, "
            "so it counts as open (%(open)s, not %(closed)d)"),
        "ron_triplet_sanankou": pgettext(
            "reason", "counted sanankou, but the %(tiles)s triplet was completed by ron, "
            "so it is not concealed"),
        "forgot_closed_ron": pgettext(
            "reason", "forgot the 10 fu for a closed hand won by ron (menzen kafu)"),
        "forgot_tsumo_fu": pgettext("reason", "forgot the 2 fu for a win by tsumo"),
        "forgot_wait_fu": pgettext("reason", "forgot the 2 fu for the %(wait)s"),
        "forgot_fu_item": pgettext("reason", "did not count the %(item)s (%(fu)s)"),
        "forgot_fu_item_tiles": pgettext(
            "reason", "did not count the %(item)s %(tiles)s (%(fu)s)"),
        "wait_fu_on_open_wait": pgettext(
            "reason", "counted 2 fu for the wait, but a %(wait)s is worth no fu"),
        "wait_reading_fu": pgettext(
            "reason", "counted 2 fu for a single wait, but the reading with the %(wait)s "
            "is the one that counts"),
        "double_wind_pair": pgettext(
            "reason", "counted the double-wind pair as %(other)s; under %(rules)s rules "
            "it is %(fu)d"),
        "no_round_fu": pgettext("reason", "did not round the fu up: %(raw)d is counted as "
                                "%(fu)d"),
        "open_ron_minimum": pgettext(
            "reason", "an open hand won by ron with no other fu is counted as 30, not 20"),
        "closed_ron_on_open_hand": pgettext(
            "reason", "added 10 fu for a closed ron, but the hand is open"),
        # han
        "missed_yaku": pgettext("reason", "missed %(yaku)s (%(han)s)"),
        "missed_dora": pgettext("reason", "did not count the dora (%(han)s)"),
        "missed_ura_dora": pgettext("reason", "did not count the ura dora (%(han)s)"),
        "missed_aka_dora": pgettext("reason", "did not count the red fives (%(han)s)"),
        "missed_one_dora": pgettext("reason", "missed one of the dora"),
        "missed_one_ura_dora": pgettext("reason", "missed one of the ura dora"),
        "missed_one_aka_dora": pgettext("reason", "missed one of the red fives"),
        "kuisagari": pgettext(
            "reason", "counted %(yaku)s at its closed value; open it is worth one han less"),
        "ura_without_riichi": pgettext(
            "reason", "counted ura dora, but ura dora count only after riichi"),
        "kan_indicator": pgettext(
            "reason", "counted dora from the first indicator only: the kan indicator "
            "%(tiles)s counts too"),
        "missed_indicator": pgettext(
            "reason", "did not count the dora %(dora)s of the indicator %(indicator)s "
            "(%(han)s)"),
        "yakuhai_pair_pinfu": pgettext(
            "reason", "counted pinfu, but the pair %(tiles)s is worth fu, so the hand is "
            "not pinfu"),
        # payment
        "dealer_multiplier_dealer": pgettext(
            "reason", "used the non-dealer's multiplier: the dealer gets 6 x base on ron, "
            "2 x base from each player on tsumo"),
        "dealer_multiplier_non_dealer": pgettext(
            "reason", "used the dealer's multiplier: a non-dealer gets 4 x base on ron; on "
            "tsumo 1 x base from each non-dealer and 2 x from the dealer"),
        "no_round_payment": pgettext("reason", "did not round the payment up to the next 100"),
        "rounded_tsumo_total": pgettext(
            "reason", "rounded the total (%(total)d) and split it; each share is rounded up "
            "on its own: %(payment)s"),
        "gave_total": pgettext(
            "reason", "gave the total (%(total)d); at the table each payer's share is said: "
            "'%(payment)s'"),
        "forgot_honba_ron": pgettext(
            "reason", "forgot the %(honba)s: +300 per counter from the discarder"),
        "forgot_honba_tsumo": pgettext(
            "reason", "forgot the %(honba)s: +100 per counter from each payer"),
        "honba_size_tsumo": pgettext(
            "reason", "added 300 per honba to each share: on tsumo each payer adds 100 per "
            "counter"),
        "honba_size_ron": pgettext(
            "reason", "added 100 per honba: on ron the discarder pays 300 per counter"),
        "kiriage_not_played": pgettext(
            "reason", "paid %(han)s %(fu)s as mangan: kiriage mangan is not played "
            "under %(rules)s rules"),
        "kiriage_played": pgettext(
            "reason", "under %(rules)s rules %(han)s %(fu)s is rounded up to mangan "
            "(kiriage mangan)"),
        "not_capped": pgettext(
            "reason", "did not cap at mangan: %(fu)s %(han)s is %(base)d base points, "
            "more than 2000"),
        "table_row": pgettext("reason", "read the %(fu)s row of the table"),
        "table_column": pgettext("reason", "read the %(han)s column of the table"),
        # dora
        "indicator_is_dora": pgettext(
            "reason", "named the indicators themselves: the dora is the next tile"),
        "dora_backwards": pgettext(
            "reason", "went the wrong way: the dora is the tile after the indicator (1 to 2, "
            "East to South, haku to hatsu to chun)"),
        "dora_no_wrap": pgettext(
            "reason", "did not wrap round: 9 points at 1 of the same suit, North at East, "
            "chun at haku"),
        "forgot_red_fives": pgettext("reason", "did not count the red fives (one han each)"),
        "counted_indicator": pgettext(
            "reason", "counted the indicator tile itself; the dora is the tile after it"),
        # exact reasons for yaku, winning tiles and waits
        "yaku_missed": pgettext("reason", "missed %(missed)s"),
        "yaku_extra_one": pgettext("reason", "%(extra)s is not in this hand"),
        "yaku_extra_many": pgettext("reason", "%(extra)s are not in this hand"),
        "yaku_missed_extra_one": pgettext(
            "reason", "missed %(missed)s; %(extra)s is not in this hand"),
        "yaku_missed_extra_many": pgettext(
            "reason", "missed %(missed)s; %(extra)s are not in this hand"),
        "missed_tiles": pgettext("reason", "missed %(tiles)s"),
        "extra_tiles": pgettext("reason", "%(extra)s do not complete the hand"),
        "missed_extra_tiles": pgettext(
            "reason", "missed %(tiles)s; %(extra)s do not complete the hand"),
        "wait_other_reading": pgettext(
            "reason", "the %(given)s is one reading, but the %(wait)s is worth more, and the "
            "reading worth most counts"),
        "wait_kind_fu": pgettext("reason", "the winning tile completes a %(wait)s (2 fu)"),
        "wait_kind_no_fu": pgettext("reason", "the winning tile completes a %(wait)s (no fu)"),
        # a part no common mistake explains
        "fu_total": pgettext("reason", "the fu total is off: compare each fu item below"),
        "han_total": pgettext("reason", "the han total is off: check each yaku and dora below"),
        "payment_total": pgettext("reason", "the payment is off: follow the formula below"),
        "dora_tiles": pgettext("reason", "the dora is the tile after each indicator"),
        "waits_total": pgettext("reason", "the winning tiles are off: see the reading below"),
        "wait_total": pgettext("reason", "the wait is off: see the reading below"),
        "dora_han_total": pgettext(
            "reason", "the dora han are off: count each indicator's dora and the red fives"),
        "dont_know": pgettext(
            "reason", "you did not know the %(part)s: see how it is worked out below"),
        "dont_know_many": pgettext(
            "reason", "you did not know the %(parts)s: see how they are worked out below"),
        # a round's settlement (the settlement drill)
        "noten_split_swapped": pgettext(
            "reason", "split the %(total)d the wrong way round: each noten player pays "
            "%(paid)d and each tenpai player receives %(got)d"),
        "noten_flat": pgettext(
            "reason", "paid 1000 from each noten player to each tenpai player: the noten "
            "payments are %(total)d in all, split between them"),
        "noten_reversed": pgettext(
            "reason", "turned the noten payments round: the noten players pay, the tenpai "
            "players receive"),
        "counted_stick_draw": pgettext(
            "reason", "took this round's riichi stick off its owner's change: it left their "
            "score when it was put down, and at a draw it stays on the table"),
        "counted_stick_win": pgettext(
            "reason", "took this round's riichi stick off its owner's change: it left their "
            "score when it was put down"),
        "settle_forgot_honba": pgettext(
            "reason", "forgot the %(honba)s: 300 each to the winner (100 from each payer on "
            "a tsumo)"),
        "settle_forgot_sticks": pgettext(
            "reason", "forgot the riichi sticks on the table (%(n)d x 1000): the winner "
            "takes them"),
        "double_ron_sticks": pgettext(
            "reason", "gave the riichi sticks to the other winner: they go to the winner "
            "nearest the discarder's right"),
        "double_ron_honba_each": pgettext(
            "reason", "paid the honba to both winners: only the winner nearest the "
            "discarder's right gets them"),
        "double_ron_honba_nearest": pgettext(
            "reason", "paid the honba to one winner only: under these rules each winner "
            "gets them"),
        "double_ron_one": pgettext(
            "reason", "paid only one winner: under these rules the discarder pays both"),
        "pao_ignored": pgettext(
            "reason", "left out pao: the player who fed the last set is liable for the "
            "yakuman"),
        "pao_all_liable": pgettext(
            "reason", "had the liable player pay the whole ron: on a ron the liable player "
            "and the discarder pay half each"),
        "pao_honba_discarder": pgettext(
            "reason", "had the discarder pay the honba: with pao on a ron the liable player "
            "pays them"),
        "nagashi_as_noten": pgettext(
            "reason", "paid noten payments: a nagashi mangan is paid as a mangan tsumo "
            "instead"),
        "nagashi_honba": pgettext(
            "reason", "added the honba to the nagashi mangan: it is paid without them"),
        "abortive_as_noten": pgettext(
            "reason", "paid noten payments: an abortive draw ends the round at once and "
            "nothing changes hands"),
        "abortive_sticks_back": pgettext(
            "reason", "gave the riichi sticks back: at an abortive draw they stay on the "
            "table for the next win"),
        "chombo_ron_style": pgettext(
            "reason", "paid a whole mangan ron to each player: a chombo is paid as a mangan "
            "tsumo the other way round (4000 to the dealer, 2000 to each other player)"),
        "chombo_dealer_share": pgettext(
            "reason", "swapped the shares: the dealer gets 4000 and each other player 2000"),
        "chombo_paid_out": pgettext(
            "reason", "paid the others a mangan: under these rules a chombo is %(points)d off "
            "the offender's score, paid to no one"),
        "chombo_sticks_kept": pgettext(
            "reason", "kept this round's riichi sticks on the table: after a chombo they go "
            "back to their owners"),
        "settle_total": pgettext(
            "reason", "some seats' changes are off: see who pays whom below"),
        # words kept as they came (an older server's English, say)
        "text": "%(text)s",
    }


def _hints(pgettext: Translate = i18n.pgettext) -> dict[str, str]:
    """What to type instead, when a part cannot be read (:mod:`.answers`)."""
    return {
        "pay_example_ron": pgettext("hint", "'%(payment)s' for a ron"),
        "pay_example_dealer_ron": pgettext("hint", "'%(payment)s' for the dealer's ron"),
        "pay_example_split": pgettext(
            "hint", "the non-dealers' share, then the dealer's: '%(payment)s'"),
        "pay_example_all": pgettext("hint", "each player's share: '%(payment)s'"),
        "pay_unreadable": pgettext(
            "hint", "write the payment as it is said at the table: %(example)s"),
        "pay_empty": pgettext("hint", "type the payment: %(example)s"),
        "pay_ron_all": pgettext(
            "hint", "this is a ron: one player pays, so say one number, e.g. %(example)s"),
        "pay_ron_split": pgettext(
            "hint", "this is a ron: only the discarder pays, so say one number, "
            "e.g. %(example)s"),
        "pay_tsumo_single": pgettext(
            "hint", "a non-dealer's tsumo is paid by three players: give the non-dealers' "
            "share and the dealer's, e.g. '%(payment)s'"),
        "fu_empty": pgettext(
            "hint", "type the fu as a number, e.g. 30 (or ? if you do not know)"),
        "fu_unreadable": pgettext("hint", "type the fu as a number, e.g. 30, not '%(typed)s'"),
        "han_empty": pgettext(
            "hint", "type the han as a number, e.g. 3 (or yakuman) (or ? if you do not know)"),
        "han_unreadable": pgettext(
            "hint", "type the han as a number, e.g. 3 (or yakuman), not '%(typed)s'"),
        "dora_han_empty": pgettext(
            "hint", "type how many han of dora as a number, e.g. 2 (or ? if you do not know)"),
        "dora_han_unreadable": pgettext(
            "hint", "type how many han of dora as a number, e.g. 2, not '%(typed)s'"),
        "yaku_unknown": pgettext("hint", "unknown yaku '%(typed)s': pick from the list"),
        "yaku_none": pgettext(
            "hint", "pick at least one yaku from the list (space marks one, ? if you do not "
            "know)"),
        "tiles_empty": pgettext("hint", "type tiles in MPSZ notation, e.g. '25m' or '6p E'"),
        "tiles_unreadable": pgettext(
            "hint", "cannot read '%(typed)s' as tiles: use MPSZ like '25m' or '6p E'"),
        "settle_empty": pgettext(
            "hint", "type each seat's change, East South West North, e.g. "
            "'+1500 -1500 +1500 -1500' (or ? if you do not know)"),
        "settle_unreadable": pgettext(
            "hint", "cannot read '%(typed)s': type four changes, East South West North, "
            "e.g. '+1500 -1500 +1500 -1500'"),
        "settle_count": pgettext(
            "hint", "%(n)d numbers: type one change per seat, four in all, East South West "
            "North (0 for a seat that pays nothing)"),
        "settle_noten_uneven": pgettext(
            "hint", "'%(typed)s' does not split evenly: say what each noten player pays, "
            "e.g. '1500 each from noten', or type each seat's change"),
        "settle_winds": pgettext(
            "hint", "label each seat once with its wind (E S W N), or give the four changes "
            "in order East South West North"),
        "wait_unreadable": pgettext(
            "hint", "type the wait: ryanmen, kanchan, penchan, shanpon or tanki "
            "(r, k, p, s, t)"),
    }


def _notes(pgettext: Translate = i18n.pgettext) -> dict[str, str]:
    """Remarks beside a mark (:attr:`~quiz.grading.marks.PartMark.note`), by their English."""
    return {
        "at the table the non-dealers' share is said first, then the dealer's": pgettext(
            "marks", "at the table the non-dealers' share is said first, then the dealer's"),
        "time ran out": pgettext("marks", "time ran out"),
        "(no answer)": pgettext("marks", "(no answer)"),
    }


def _joins(pgettext: Translate = i18n.pgettext) -> dict[str, str]:
    return {
        "list": pgettext("marks", ", "),
        "last": pgettext("marks", "%(list)s and %(last)s"),
    }


def _table(pgettext: Translate = i18n.pgettext) -> dict[str, str]:
    return {**_reasons(pgettext), **_hints(pgettext)}


def _english(context: str, message: str) -> str:
    return message


#: Every kind of sentence, in English (the catalogs' keys are these sentences).
KINDS: Mapping[str, str] = _table(_english)

_cache: dict[tuple[str, str], dict[str, str]] = {}


def _built(name: str, build: Callable[[], dict[str, str]]) -> dict[str, str]:
    key = (name, active_language())
    table = _cache.get(key)
    if table is None:
        table = _cache[key] = build()
    return table


def sentence(kind: str) -> str:
    """The template of a kind of sentence in the active language (``%(name)s`` placeholders).

    Raises:
        KeyError: for a kind there is no sentence for.
    """
    return _built("sentences", _table)[kind]


def part_name(part: Part) -> str:
    """A part's name inside a sentence (``payment``, ``支払い``)."""
    name = gettext(part_label(part))
    return name.lower() if active_language() in ("en", "uk", "vi") else name


def join_words(words: list[str]) -> str:
    """Words joined as a list in the active language (``fu, han and payment``)."""
    joins = _built("joins", _joins)
    if len(words) < 2:
        return "".join(words)
    return joins["last"] % {"list": joins["list"].join(words[:-1]), "last": words[-1]}


def mark_note(note: str) -> str:
    """A mark's remark (kept in English in the marks) in the active language."""
    return _built("notes", _notes).get(note, note)


def _payment(value: str) -> str:
    """A payment term (its declaration, ``2000/3900``) as said at the table."""
    try:
        return say_payment(Payment.from_declaration(value))
    except ValueError:
        return value


def _term(term: Term) -> str:
    kind, value = term.kind, term.value
    if kind == "yaku":
        return terms.yaku_title(value)
    if kind == "yaku_list":
        return _built("joins", _joins)["list"].join(terms.yaku_title(n) for n in value.split(","))
    if kind == "fu_item":
        return terms.fu_item_name(value)
    if kind == "wait":
        return terms.wait_name(value)
    if kind == "limit":
        return terms.limit_name(value)
    if kind == "part":
        return part_name(Part(value))
    if kind == "part_list":
        return join_words([part_name(Part(v)) for v in value.split(",")])
    if kind == "payment":
        return _payment(value)
    if kind == "rules":
        return terms.rules_name(value)
    return value


def _count(count: Count) -> str:
    say = {"fu": terms.fu_count, "han": terms.han_count, "honba": terms.honba_count}
    return say[count.unit](count.n) if count.unit in say else str(count.n)


def _arg(value: Arg, tile_text: TileText) -> str | int:
    if isinstance(value, Tiles):
        return tile_text(value.tiles)
    if isinstance(value, Term):
        return _term(value)
    if isinstance(value, Count):
        return _count(value)
    if isinstance(value, Wording):
        return say(value, tile_text)
    return value


def say(wording: Wording, tile_text: TileText = format_tiles) -> str:
    """A sentence in the active language, its tiles drawn by ``tile_text``.

    A kind there is no sentence for is said as its parameters' words (never a
    traceback: a newer server may send a kind an older client does not know).
    """
    values = {name: _arg(value, tile_text) for name, value in wording.args}
    try:
        template = sentence(wording.kind)
    except KeyError:
        return " ".join(str(v) for v in values.values()) or wording.kind
    try:
        return template % values
    except (KeyError, TypeError, ValueError):  # a translation that does not fit: the English
        return KINDS[wording.kind] % values


def reason_of(marked: Marked) -> str | None:
    """The most likely reason for a marked answer's first wrong part, in the active
    language (tiles in MPSZ), or None when all is right."""
    return None if marked.first_reason is None else say(marked.first_reason)


def hint_of(hints: Hints, part: Part) -> str | None:
    """The hint for one part of an unreadable answer, in the active language, if any."""
    wording = hints.for_part(part)
    return None if wording is None else say(wording)
