"""Concepts (topics) by name, in the learner's language: titles and descriptions.

:mod:`data.topics` names every concept in English (``Topic.title`` and
``Topic.description``): the data layer knows nothing of the catalogs. The app
shows a concept to the learner (statistics, review, most-missed lists, class
results) through :func:`topic_title` and :func:`topic_description`:

- a yaku's title is the yaku's name of :func:`quiz.words.terms.yaku_title`;
- a points-table cell (``cell:3h40f:non_dealer:ron``) is said with the
  field's words of :mod:`quiz.words.terms`;
- every other title, and every description, comes from the ``topics`` data
  catalog (``quiz/words/locales/<code>/LC_MESSAGES/topics.po``), keyed by the topic
  id and its current English (``python -m quiz.words.data_texts`` writes its
  template from :data:`data.topics.TOPICS`).

>>> from quiz.words.core import use
>>> use("en")
>>> topic_title("fu:ron_triplet"), topic_title("cell:3h40f:non_dealer:ron")
('Triplet completed by ron', '3 han 40 fu, non-dealer ron')
>>> use("ja")
>>> topic_title("yaku:pinfu"), topic_title("cell:3h40f:dealer:tsumo")
('平和', '3翻 40符、親のツモ')
>>> use("en")
"""

from __future__ import annotations

import re

from data.topics import TOPICS, Family, get_topic, is_topic

from .core import dpgettext, pgettext
from .terms import fu_count, han_count, term, yaku_title

__all__ = ["TOPICS_DOMAIN", "topic_description", "topic_title"]

#: The data catalog of the concepts' titles and descriptions.
TOPICS_DOMAIN = "topics"

_CELL = re.compile(r"^cell:(\d+)h(\d+)f:(dealer|non_dealer):(ron|tsumo)$")


def _cell_words(topic_id: str) -> dict[str, str] | None:
    m = _CELL.match(topic_id)
    if m is None:
        return None
    han, fu, who, how = m.groups()
    return {"han": han_count(int(han)), "fu": fu_count(int(fu)), "who": term(who),
            "how": term(how)}


def topic_title(topic_id: str) -> str:
    """A concept's short title in the active language (an id outside the vocabulary as is)."""
    if not is_topic(topic_id):
        return topic_id
    words = _cell_words(topic_id)
    if words is not None:
        return pgettext("topic", "%(han)s %(fu)s, %(who)s %(how)s") % words
    topic = TOPICS[topic_id]
    if topic.family is Family.YAKU:
        return yaku_title(topic_id.split(":", 1)[1])
    return dpgettext(TOPICS_DOMAIN, topic_id, topic.title)


def topic_description(topic_id: str) -> str:
    """A concept's one-sentence description in the active language ("" outside the vocabulary)."""
    if not is_topic(topic_id):
        return ""
    words = _cell_words(topic_id)
    if words is not None:
        return pgettext("topic", "The points table: %(han)s %(fu)s for a %(who)s %(how)s.") % words
    return dpgettext(TOPICS_DOMAIN, topic_id, get_topic(topic_id).description)
