"""The generator: realistic practice hands, hands for topics, and what the bank stores.

:class:`HandGenerator` draws specs (:mod:`.spec`), bends them with the topic
recipes (:mod:`.recipes`), builds candidates (:mod:`.build`) and keeps those
that ``scoring`` accepts and that exercise what was asked for.
:func:`generate_into` makes the new items ``bank build`` stores, batch by
batch.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring import parse_record, score
from scoring.errors import ScoringError
from scoring.rules import get_profile

from ..bank.items import PreparedItem, difficulty_of, prepare_item, problem_uid
from ..errors import GeneratorError
from ..records import ItemKind, Problem
from ..topics import WIN_TOPICS, check_topic, sort_topics, topics_of
from .build import Reject, build_problem
from .recipes import harder, rarity, recipe_for
from .spec import Spec, realistic_spec

if TYPE_CHECKING:
    from scoring import Result


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated hand that scoring accepted.

    Attributes:
        problem: the hand and situation.
        result: the scoring result.
        topics: every topic it exercises.
        focus: the topics it was made for (or its notable topics for a plain hand).
        difficulty: 1 to 5.
        source: how it was made (generator, seed, topic).
    """

    problem: Problem
    result: Result
    topics: frozenset[str]
    focus: tuple[str, ...]
    difficulty: int
    source: str

    def prepared(self) -> PreparedItem:
        """The item ready to store in the bank."""
        return prepare_item(
            self.problem,
            uid=problem_uid(self.problem),
            origin="generator",
            kind=ItemKind.GENERATED,
            focus=self.focus,
            difficulty=self.difficulty,
            source=self.source,
            result=self.result,
        )


#: Topics that say little about a hand on their own (left out of a plain hand's focus).
_PLAIN = frozenset(
    (
        "fu:closed_ron",
        "fu:tsumo",
        "fu:rounding",
        "hand:open",
        "hand:closed",
        *WIN_TOPICS,
        "wait:ryanmen",
    )
)


def notable_topics(topics: Iterable[str]) -> tuple[str, ...]:
    """The topics worth naming as what a hand teaches (yaku, fu details, traps...)."""

    return sort_topics(
        t for t in topics if t not in _PLAIN and not t.startswith(("cell:", "dora:"))
    )


class HandGenerator:
    """Makes practice hands: realistic ones, ones for a topic, and siblings.

    Args:
        seed: the random seed (the same seed gives the same hands).
        rules: the default rule profile (a topic may need another, e.g. renhou).
        max_tries: candidates tried for one hand before giving up.
    """

    def __init__(self, seed: int | None = 0, *, rules: str = "tenhou", max_tries: int = 4000):
        get_profile(rules)
        self.seed = seed
        self.rules = rules
        self.rng = random.Random(seed)
        self.max_tries = max_tries
        self.tried = 0

    # -- scoring candidates

    def score(self, problem: Problem) -> Result | None:
        """Score a candidate (counted in :attr:`tried`); None when scoring refuses it."""

        self.tried += 1
        try:
            return score(parse_record(problem.to_record()))
        except ScoringError:
            return None

    def _attempt(
        self, spec_of: Callable[[random.Random], Spec]
    ) -> tuple[Problem, Result] | None:
        """One try: a hand built from a drawn spec and its score; None if either refuses."""
        try:
            problem = build_problem(self.rng, spec_of(self.rng))
        except Reject:
            return None
        result = self.score(problem)
        return None if result is None else (problem, result)

    def _candidate(self, spec_of: Callable[[random.Random], Spec]) -> tuple[Problem, Result]:
        for _ in range(self.max_tries):
            scored = self._attempt(spec_of)
            if scored is not None:
                return scored
        raise GeneratorError("could not build a legal hand")  # pragma: no cover

    def to_generated(
        self, problem: Problem, result: Result, focus: tuple[str, ...] | None, source: str
    ) -> Generated:
        """The generated hand: its topics, focus (default: its notable topics) and difficulty."""

        topics = topics_of(result)
        return Generated(
            problem,
            result,
            topics,
            focus if focus is not None else notable_topics(topics),
            difficulty_of(result, topics),
            source,
        )

    # -- public

    def hand(self, *, difficulty: int | None = None) -> Generated:
        """One hand with the odds of real play (optionally of a given difficulty).

        Raises:
            GeneratorError: when no hand of that difficulty was found in time.
        """
        for _ in range(self.max_tries):
            problem, result = self._candidate(lambda rng: realistic_spec(rng, self.rules))
            made = self.to_generated(problem, result, None, f"generator seed {self.seed}")
            if difficulty is None or made.difficulty == difficulty:
                return made
        raise GeneratorError(f"no hand of difficulty {difficulty} found in {self.max_tries} tries")

    def hands(self, count: int) -> Iterator[Generated]:
        """``count`` realistic hands."""
        for _ in range(count):
            yield self.hand()

    def for_topic(self, topic: str, *, difficulty: int | None = None) -> Generated:
        """A hand that exercises a topic (and has the difficulty, when given).

        Raises:
            UnknownTopicError: for an id outside the vocabulary.
            GeneratorError: when no such hand was found in ``max_tries`` candidates.
        """
        return self.for_topics((topic,), difficulty=difficulty)

    def for_topics(
        self, topics: Sequence[str], *, difficulty: int | None = None, max_tries: int | None = None
    ) -> Generated:
        """A hand that exercises every one of several topics.

        The recipe of the rarest topic shapes the candidates; each is scored and
        kept only when its computed topics include all of them.

        Raises:
            UnknownTopicError: for an id outside the vocabulary.
            GeneratorError: when no such hand was found in time.
        """
        wanted = tuple(dict.fromkeys(check_topic(t) for t in topics))
        if not wanted:
            return self.hand(difficulty=difficulty)
        ordered = sorted(wanted, key=rarity)
        recipes = [recipe_for(t) for t in ordered]
        lead = recipes[0]
        budget = max_tries or self.max_tries
        rules = self.rules

        def spec_of(rng: random.Random) -> Spec:
            spec = realistic_spec(rng, rules)
            # apply the secondary recipes first, the rarest last (it wins conflicts)
            for r in reversed(recipes[1:]):
                if rng.random() < 0.8:
                    r(rng, spec)
            lead(rng, spec)
            if difficulty is not None and difficulty >= 4 and rng.random() < 0.5:
                harder(rng, spec)
            return spec

        for _ in range(budget):
            scored = self._attempt(spec_of)
            if scored is None:
                continue
            problem, result = scored
            made = self.to_generated(
                problem, result, wanted, f"generator seed {self.seed}, topic {', '.join(wanted)}"
            )
            if not set(wanted) <= made.topics:
                continue
            if difficulty is not None and made.difficulty != difficulty:
                continue
            return made
        what = " and ".join(wanted) + (f" at difficulty {difficulty}" if difficulty else "")
        raise GeneratorError(f"could not make a hand for {what} in {budget} tries")


def generate(
    count: int,
    *,
    seed: int = 0,
    topic: str | None = None,
    difficulty: int | None = None,
    rules: str = "tenhou",
    progress: Callable[[int, int], None] | None = None,
) -> list[Generated]:
    """``count`` hands: realistic, or for a topic and difficulty.

    Args:
        count: how many hands.
        seed: the random seed.
        topic: a topic id every hand must exercise.
        difficulty: 1-5, the difficulty every hand must have.
        rules: the rule profile.
        progress: called as ``progress(done, count)`` now and then.
    """
    gen = HandGenerator(seed, rules=rules)
    out: list[Generated] = []
    step = max(1, count // 100)
    for i in range(count):
        if topic is not None:
            out.append(gen.for_topic(topic, difficulty=difficulty))
        else:
            out.append(gen.hand(difficulty=difficulty))
        if progress is not None and ((i + 1) % step == 0 or i + 1 == count):
            progress(i + 1, count)
    return out


#: The most generated hands one call of :func:`generate_into` (one ``bank build``) adds.
MAX_GENERATED = 100_000
#: Generated hands stored in one transaction by :func:`generate_into`.
GENERATE_BATCH = 500


def new_seed() -> int:
    """A fresh random seed from the operating system (two runs at once get different ones)."""
    return random.SystemRandom().randrange(2**31)


def check_generated_count(count: int) -> int:
    """``count`` when it is at most :data:`MAX_GENERATED`.

    Raises:
        GeneratorError: beyond the bound, naming it.
    """
    if count > MAX_GENERATED:
        raise GeneratorError(
            f"at most {MAX_GENERATED:,} generated hands can be added at a time, not {count:,}"
        )
    return count


def generate_into(
    store: Callable[[Sequence[PreparedItem]], tuple[int, int]],
    count: int,
    *,
    seed: int,
    topic: str | None = None,
    difficulty: int | None = None,
    rules: str = "tenhou",
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Generate ``count`` new items into a store, in batches; returns how many were added.

    ``store(items)`` stores the items it does not hold yet (each batch in its
    own transaction) and returns how many it added and how many count as
    made (those added, and those another writer stored meanwhile); the
    others are replaced by new ones. Only one batch (:data:`GENERATE_BATCH`
    items) is in memory at a time. At most ``3 * count + 10`` hands are made,
    so that a bank that already holds most hands of a narrow topic ends the
    search.

    Args:
        store: stores new items, returns how many it added and how many count as made.
        count: how many new items to add, at most :data:`MAX_GENERATED`.
        seed: the random seed (the same seed gives the same items; see :func:`new_seed`).
        topic: a topic id every hand must exercise.
        difficulty: 1-5, the difficulty every hand must have.
        rules: the rule profile.
        progress: called as ``progress(added, count)`` now and then.

    Raises:
        GeneratorError: for more than :data:`MAX_GENERATED` items.
    """
    check_generated_count(count)
    if count <= 0:
        return 0
    gen = HandGenerator(seed, rules=rules)
    added = done = 0
    batch: dict[str, PreparedItem] = {}

    def flush() -> None:
        nonlocal added, done
        stored, counted = store(list(batch.values()))
        added += stored
        done += counted
        batch.clear()
        if progress is not None:
            progress(done, count)

    for _ in range(count * 3 + 10):
        made = (
            gen.for_topic(topic, difficulty=difficulty)
            if topic is not None
            else gen.hand(difficulty=difficulty)
        )
        item = made.prepared()
        batch.setdefault(item.uid, item)
        if len(batch) < min(GENERATE_BATCH, count - done):
            if progress is not None and len(batch) % 50 == 0:
                progress(done + len(batch), count)
            continue
        flush()
        if done >= count:
            break
    if batch:
        flush()
    return added
