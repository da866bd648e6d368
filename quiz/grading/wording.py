"""Sentences as data: a kind of sentence and its parameters, worded only when shown.

What the grading finds (a likely mistake, a hint) is a :class:`Wording`: a
kind (``missed_yaku``) and named parameters (the yaku, the han, the tiles...).
:mod:`quiz.words.sentences` puts it into the active language at display
time, so grading stays language-independent, a classroom server can send it
for each student to read in their own language, and what is stored (parts,
concept ids) never depends on the language the learner reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.tiles import Tile, format_tiles, parse_tiles

__all__ = ["Arg", "Count", "Term", "TileText", "Tiles", "Wording", "wording_from_doc",
           "wording_to_doc"]

#: Draws a group of tiles as text in one notation (MPSZ by default).
TileText = Callable[[Sequence[Tile]], str]


@dataclass(frozen=True, slots=True)
class Tiles:
    """A group of tiles in a sentence: drawn in the learner's tile style."""

    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the field in a sentence, named by its key and said in the learner's language.

    ``kind`` is ``yaku`` (a batch name), ``yaku_list`` (batch names joined by
    ``,``), ``fu_item`` (a fu item's scoring name), ``wait`` (a
    :class:`~scoring.result.Wait` value), ``part`` / ``part_list`` (part values),
    ``payment`` (a payment as :class:`~scoring.result.Payment` prints it), ``rules``
    (a rule profile's id, said by its name in the language) or ``text`` (words kept
    as they are: what was typed).
    """

    kind: str
    value: str


@dataclass(frozen=True, slots=True)
class Count:
    """A number with its unit, said with the language's plural (``2 han``, ``8 fu``)."""

    unit: str
    n: int


@dataclass(frozen=True, slots=True)
class Wording:
    """A sentence as data: its kind and its parameters, worded when shown
    (by :func:`quiz.words.sentences.say`, in the learner's language).

    >>> from scoring.tiles import parse_tiles
    >>> w = Wording.of("missed_tiles", tiles=Tiles(parse_tiles("6m")))
    >>> w.kind, w.arg("tiles")
    ('missed_tiles', Tiles(tiles=(Tile.parse('6m'),)))
    """

    kind: str
    args: tuple[tuple[str, Arg], ...] = ()

    @classmethod
    def of(cls, kind: str, **args: Arg) -> Wording:
        """A sentence of ``kind`` with named parameters."""
        return cls(kind, tuple(args.items()))

    def arg(self, name: str) -> Arg | None:
        """The parameter called ``name``, or None."""
        return next((value for key, value in self.args if key == name), None)


#: A sentence's parameter: a number, tiles, a word of the field, a counted unit or a
#: whole sentence (an example inside a hint).
Arg = int | Tiles | Term | Count | Wording


def _arg_to_doc(value: Arg) -> Any:
    if isinstance(value, Tiles):
        return {"tiles": format_tiles(value.tiles, sort=False)}
    if isinstance(value, Term):
        return {"term": value.kind, "value": value.value}
    if isinstance(value, Count):
        return {"count": value.unit, "n": value.n}
    if isinstance(value, Wording):
        return wording_to_doc(value)
    return int(value)


def wording_to_doc(wording: Wording) -> dict[str, Any]:
    """A sentence as plain data (JSON), for a client to word in its own language.

    >>> from scoring.tiles import parse_tiles
    >>> w = Wording.of("missed_indicator", dora=Tiles(parse_tiles("2m")),
    ...                indicator=Tiles(parse_tiles("1m")), han=Count("han", 2))
    >>> doc = wording_to_doc(w)
    >>> doc["args"]["han"], wording_from_doc(doc) == w
    ({'count': 'han', 'n': 2}, True)
    """
    return {"kind": wording.kind,
            "args": {name: _arg_to_doc(value) for name, value in wording.args}}


def _arg_from_doc(doc: Any) -> Arg:
    if isinstance(doc, bool):
        raise ValueError("a sentence's number cannot be true or false")
    if isinstance(doc, int):
        return doc
    if not isinstance(doc, Mapping):
        raise ValueError(f"not a sentence's parameter: {str(doc)[:40]!r}")
    if "tiles" in doc:
        return Tiles(tuple(parse_tiles(str(doc["tiles"]))))
    if "term" in doc:
        return Term(str(doc["term"]), str(doc["value"]))
    if "count" in doc:
        return Count(str(doc["count"]), int(doc["n"]))
    return wording_from_doc(doc)


def wording_from_doc(doc: Mapping[str, Any]) -> Wording:
    """A sentence read back from :func:`wording_to_doc`.

    A sentence already worded by an older server (``template`` with ``{0}``
    tile groups) is kept as its English words.

    Raises:
        KeyError, TypeError or ValueError: when ``doc`` is not a sentence.
    """
    if "template" in doc:  # an older server's words
        groups = [format_tiles(parse_tiles(str(g)), sort=False) for g in doc.get("tiles", ())]
        return Wording.of("text", text=Term("text", str(doc["template"]).format(*groups)))
    args = doc.get("args", {})
    if not isinstance(args, Mapping):
        raise ValueError("a sentence's parameters must be an object")
    return Wording(str(doc["kind"]),
                   tuple((str(name), _arg_from_doc(value)) for name, value in args.items()))
