"""Who may join a set: closed to new names, a roster, names that only look like another.

A throwaway enrolment costs a student little (a new name), so the teacher can
close a set to new names once the class is in (:meth:`Classroom.set_admission`),
or give the roster of names that may join, and remove a student
(:meth:`Classroom.remove_student`). A new name that only *looks* like one
already in the set (Cyrillic ``а`` for Latin ``a``, a full-width letter, another
case) is refused (:func:`skeleton`): the teacher's report could not tell them apart.

>>> skeleton("Ann") == skeleton("\\u0410nn") == skeleton("ANN") == skeleton("Ａnn")
True
>>> skeleton("Zoé") == skeleton("Zoe")
False
"""

from __future__ import annotations

import unicodedata

__all__ = ["lookalike", "skeleton"]

#: Letters of other scripts drawn like a Latin letter (after case folding).
_LIKE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ѐ": "è", "ё": "ë", "з": "3", "і": "i", "ї": "ï", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x",
    "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ь": "b", "г": "r",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "ϲ": "c", "ϳ": "j",
    # Latin look-alikes
    "ı": "i", "ɡ": "g", "ɑ": "a", "ℓ": "l", "0": "o", "1": "l", "|": "l",
})


def skeleton(name: str) -> str:
    """What a name looks like: compatibility forms, case and look-alike letters folded, and
    the spaces between words counted once."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = unicodedata.normalize("NFC", folded).translate(_LIKE)
    return " ".join(folded.split())


def lookalike(name: str, others: list[str]) -> str | None:
    """The first of ``others`` that ``name`` only looks like (another name, the same look)."""
    mine = skeleton(name)
    for other in others:
        if other != name and skeleton(other) == mine:
            return other
    return None
