"""The concepts a wrong answer shows were missed, named in the learner's language.

A concept is a topic id of :mod:`data.topics` (``fu:closed_ron``, ``yaku:pinfu``,
``cell:2h30f:dealer:tsumo``). Yaku, waits and limits are named with the field's
words (:mod:`quiz.i18n_terms`); the other concepts have their short titles here;
a points-table cell is said from its han, fu, winner and win. English keeps the
titles of :mod:`data.topics` as they are.

>>> from quiz.i18n import use
>>> use("ja")
>>> concept_title("cell:2h30f:dealer:tsumo"), concept_title("fu:closed_ron")
('2翻 30符・親 ツモ', '門前ロン +10符')
>>> use("en")
>>> concept_title("cell:2h30f:dealer:tsumo")
'2 han 30 fu, dealer tsumo'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import i18n
from ..i18n import SOURCE_LANGUAGE, active_language

__all__ = ["CONCEPT_TITLES", "concept_title"]

Translate = Callable[[str, str], str]


def _titles(pgettext: Translate = i18n.pgettext) -> dict[str, str]:
    """The short titles of the concepts that are not a yaku, a wait or a limit."""
    return {
        "dora:kan_dora": pgettext("marks", "Kan dora"),
        "dora:wrap": pgettext("marks", "Indicator wrap-around"),
        "fu:closed_ron": pgettext("marks", "Closed ron +10"),
        "fu:tsumo": pgettext("marks", "Tsumo +2"),
        "fu:pinfu_tsumo": pgettext("marks", "Pinfu tsumo 20 fu"),
        "fu:open_ron_minimum": pgettext("marks", "Open ron counts 30"),
        "fu:chiitoitsu": pgettext("marks", "Chiitoitsu 25 fu"),
        "fu:open_triplet_simples": pgettext("marks", "Open triplet of simples"),
        "fu:closed_triplet_simples": pgettext("marks", "Closed triplet of simples"),
        "fu:open_triplet_terminals": pgettext("marks", "Open triplet of terminals/honours"),
        "fu:closed_triplet_terminals": pgettext("marks",
                                                "Closed triplet of terminals/honours"),
        "fu:open_quad_simples": pgettext("marks", "Open kan of simples"),
        "fu:closed_quad_simples": pgettext("marks", "Closed kan of simples"),
        "fu:open_quad_terminals": pgettext("marks", "Open kan of terminals/honours"),
        "fu:closed_quad_terminals": pgettext("marks", "Closed kan of terminals/honours"),
        "fu:ron_triplet": pgettext("marks", "Triplet completed by ron"),
        "fu:dragon_pair": pgettext("marks", "Dragon pair +2"),
        "fu:seat_wind_pair": pgettext("marks", "Seat wind pair +2"),
        "fu:round_wind_pair": pgettext("marks", "Round wind pair +2"),
        "fu:wait": pgettext("marks", "Single wait +2"),
        "fu:rounding": pgettext("marks", "Rounding fu up"),
        "wait:several_readings": pgettext("marks", "Several readings of the wait"),
        "limit:mangan_by_fu": pgettext("marks", "Mangan by fu"),
        "rule:kiriage": pgettext("marks", "Kiriage mangan"),
        "rule:double_wind_pair": pgettext("marks", "Double-wind pair"),
        "rule:kazoe": pgettext("marks", "13+ han"),
        "rule:double_yakuman": pgettext("marks", "Double yakuman forms"),
        "rule:yakuman_stacking": pgettext("marks", "Yakuman stacking"),
        "rule:rinshan_fu": pgettext("marks", "Rinshan tsumo fu"),
        "win:dealer": pgettext("marks", "Dealer win"),
        "win:non_dealer": pgettext("marks", "Non-dealer win"),
        "win:ron": pgettext("marks", "Ron"),
        "win:tsumo": pgettext("marks", "Tsumo"),
        "pay:dealer_ron": pgettext("marks", "Dealer ron"),
        "pay:non_dealer_ron": pgettext("marks", "Non-dealer ron"),
        "pay:dealer_tsumo": pgettext("marks", "Dealer tsumo"),
        "pay:non_dealer_tsumo": pgettext("marks", "Non-dealer tsumo"),
        "pay:tsumo_rounding": pgettext("marks", "Tsumo shares rounded one by one"),
        "pay:honba": pgettext("marks", "Honba"),
        "pay:dealer_tsumo_honba": pgettext("marks", "Dealer tsumo with honba"),
        "pay:sticks": pgettext("marks", "Riichi sticks"),
        "hand:open": pgettext("marks", "Open hand"),
        "hand:closed": pgettext("marks", "Closed hand"),
        "kan:ankan": pgettext("marks", "Closed kan"),
        "kan:minkan": pgettext("marks", "Open kan"),
        "kan:shouminkan": pgettext("marks", "Added kan"),
        "trap:yakuhai_pair_no_pinfu": pgettext("marks", "A yakuhai pair spoils pinfu"),
        "trap:guest_wind_pair": pgettext("marks", "Guest wind pair"),
        "trap:ryanpeikou_not_chiitoitsu": pgettext("marks", "Ryanpeikou, not chiitoitsu"),
        "trap:ura_without_riichi": pgettext("marks", "Ura dora only with riichi"),
        "trap:kuisagari": pgettext("marks", "Open hand, one han less"),
        "trap:best_reading": pgettext("marks", "The best reading counts"),
        "cell": pgettext("marks", "%(han)s %(fu)s, %(who)s %(how)s"),
    }


def _english(context: str, message: str) -> str:
    return message


#: The titles in English, by topic id (the catalogs' keys).
CONCEPT_TITLES = _titles(_english)

_CELL = re.compile(r"^cell:(\d{1,2})h(\d{2,3})f:(dealer|non_dealer):(ron|tsumo)$")
_cache: dict[str, dict[str, str]] = {}


def concept_title(topic: str) -> str:
    """A concept's short title in the active language (the id itself when unknown)."""
    from data.errors import UnknownTopicError
    from data.topics import get_topic

    from .. import i18n_terms as terms

    if active_language() == SOURCE_LANGUAGE:
        try:
            return get_topic(topic).title
        except UnknownTopicError:
            return topic
    family, _sep, name = topic.partition(":")
    if family in ("yaku", "dora") and name in terms.KNOWN_YAKU:
        return terms.yaku_title(name)
    if family == "wait" and name in terms.KNOWN_WAITS:
        return terms.wait_name(name)
    if family == "limit" and name in terms.KNOWN_LIMITS:
        return terms.limit_name(name)
    titles = _cache.get(active_language())
    if titles is None:
        titles = _cache[active_language()] = _titles()
    cell = _CELL.match(topic)
    if cell:
        return titles["cell"] % {"han": terms.han_count(int(cell.group(1))),
                                 "fu": terms.fu_count(int(cell.group(2))),
                                 "who": terms.term(cell.group(3)), "how": terms.term(cell.group(4))}
    return titles.get(topic, topic)
