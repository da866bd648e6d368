"""The Thai runs of the catalogs that the word list does not cover, and words to add.

A Thai line that must break inside a phrase breaks between words, found in
``quiz/words/locales/th/words.txt`` (``quiz/words/thai.py``). A new message whose
words are not in the list would break between clusters there; this script names
each run of Thai letters of the Thai catalogs (every ``msgstr``, and the Thai
words of the code) that does not cut into words of the list, with the pieces it
does not know::

    python scripts/thai_words.py            # the runs not covered (exit 1 if any)
    python scripts/thai_words.py --propose  # and words for them (needs pythainlp)

``--propose`` cuts each run with PyThaiNLP's ``newmm`` (``pip install pythainlp``
into your own environment: a translator's tool, never a dependency of the app),
our list's words first, and prints the words the list lacks, one a line. Check
each by eye before adding it (a game term such as ยาคุ, โดร่า, ริจจิ, สึโมะ is one
word; a word never spans two, as เป็นลม does in ``เป็น|ลม|แขก``), then add them with
``--add WORD...`` (which keeps the list sorted and without repeats).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import astuple
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quiz.words import thai  # noqa: E402

CATALOGS = ROOT / "quiz" / "words" / "locales" / "th" / "LC_MESSAGES"
_RUN = re.compile("[\u0e01-\u0e4e]+")


def thai_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every Thai text the app shows: each catalog's ``msgstr`` (every
    plural form) and the Thai words of the code (the payments said at the table)."""
    from babel.messages.pofile import read_po

    from quiz.words.core import LANGUAGE_NAMES
    from quiz.words.payments import TABLE_FORMS

    for path in sorted(CATALOGS.glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                if text:
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    yield f"{path.name}: {msgid[:50]!r}", str(text)
    forms: tuple[object, ...] = (*astuple(TABLE_FORMS["th"]), LANGUAGE_NAMES["th"])
    for form in forms:
        if isinstance(form, str):
            yield "quiz/words/payments.py", form


def uncovered() -> dict[str, list[str]]:
    """Each Thai run that holds a piece the list does not know -> where it is shown."""
    found: dict[str, list[str]] = {}
    for where, text in thai_texts():
        for run in _RUN.findall(text):
            if not all(s.known for s in thai.segments(run)):
                found.setdefault(run, []).append(where)
    return found


def propose(runs: list[str]) -> list[str]:
    """Words PyThaiNLP would cut the runs into that the list lacks (ours first)."""
    try:
        from pythainlp.corpus import thai_words
        from pythainlp.tokenize import word_tokenize
        from pythainlp.util import Trie
    except ImportError:
        sys.exit("--propose needs PyThaiNLP: pip install pythainlp (not a dependency of the app)")
    known = thai.words()
    trie = Trie(set(thai_words()) | known)
    new: set[str] = set()
    for run in runs:
        new.update(w for w in word_tokenize(run, custom_dict=trie, engine="newmm",
                                            keep_whitespace=False)
                   if w.strip() and w not in known)
    return sorted(new)


def add(new: list[str]) -> None:
    """Add words to the list, kept sorted and without repeats."""
    lines = thai.WORDS_FILE.read_text(encoding="utf-8").splitlines()
    head = [line for line in lines if line.startswith("#")]
    listed = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    bad = [w for w in new if not _RUN.fullmatch(w)]
    if bad:
        sys.exit(f"not a Thai word: {', '.join(bad)}")
    body = sorted(listed | set(new))
    thai.WORDS_FILE.write_text("\n".join([*head, *body]) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--propose", action="store_true",
                        help="propose words for the runs not covered (needs pythainlp)")
    parser.add_argument("--add", nargs="+", metavar="WORD", help="add words to the list")
    args = parser.parse_args(argv)
    if args.add:
        add(args.add)
        print(f"{thai.WORDS_FILE.relative_to(ROOT)}: {len(args.add)} word(s) added")
        return 0
    found = uncovered()
    for run, where in sorted(found.items()):
        cut = " ".join(s.text if s.known else f"[{s.text}]" for s in thai.segments(run))
        print(f"{cut}\t{where[0]}" + (f" (and {len(where) - 1} more)" if len(where) > 1 else ""))
    if args.propose and found:
        print("\nwords to check and add (--add):")
        print("\n".join(propose(sorted(found))))
    if not found:
        print(f"every Thai run of the catalogs cuts into words of "
              f"{thai.WORDS_FILE.relative_to(ROOT)}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
