"""Siblings: a different hand that exercises the same concepts.

A learner who missed a concept is asked it again on another hand. A sibling
is first a fresh hand built for the concepts; failing that, the hand itself
transformed (suits permuted, numbers mirrored, dragons permuted, counters
moved) until its tiles differ and it still exercises every concept.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from scoring.tiles import Tile, dora_from_indicator, format_tiles, parse_tiles

from ..bank.items import PreparedItem, prepare_item, problem_uid
from ..errors import GeneratorError
from ..records import BankItem, ItemKind, Problem
from ..topics import check_topic
from .build import INDICATOR_OF
from .hands import Generated, HandGenerator


def sibling_of(
    generator: HandGenerator, problem: Problem, concepts: Iterable[str], *, fresh_tries: int = 150
) -> Generated:
    """A different hand that exercises the same concepts, under the same rules.

    First a fresh hand is tried (built for the concepts); failing that, the
    hand is transformed (suits swapped, numbers mirrored, dragons swapped,
    counters changed) until its tiles differ and it still exercises every
    concept.

    Raises:
        GeneratorError: when no sibling was found.
    """
    wanted = tuple(dict.fromkeys(check_topic(t) for t in concepts))
    original = generator.score(problem)
    if original is None:
        raise GeneratorError("the original hand cannot be scored, so it has no sibling")
    saved = generator.rules
    generator.rules = problem.rules
    try:
        made = generator.for_topics(wanted, max_tries=fresh_tries) if wanted else generator.hand()
        if made.problem.hand != problem.hand and made.problem.rules == problem.rules:
            return replace(made, source=f"sibling ({made.source})")
    except GeneratorError:
        pass
    finally:
        generator.rules = saved
    for _ in range(200):
        candidate = transform_problem(problem, generator.rng)
        if candidate.hand == problem.hand and candidate.melds == problem.melds:
            continue
        result = generator.score(candidate)
        if result is None:
            continue
        made = generator.to_generated(candidate, result, wanted, "sibling (transformed)")
        if set(wanted) <= made.topics:
            return made
    raise GeneratorError(f"could not make a sibling for {', '.join(wanted) or 'the hand'}")


def _map_kind(k: int, suits: Sequence[int], mirror: bool, dragons: Sequence[int]) -> int:
    if k < 27:
        s, n = divmod(k, 9)
        return 9 * suits[s] + (8 - n if mirror else n)
    if k >= 31:
        return 31 + dragons[k - 31]
    return k


def transform_problem(problem: Problem, rng: random.Random) -> Problem:
    """The same hand with suits permuted, numbers maybe mirrored, dragons permuted.

    Dora indicators are moved so that they point at the transformed dora; the
    counters change a little (staying zero when zero).
    """

    suits = [0, 1, 2]
    rng.shuffle(suits)
    dragons = [0, 1, 2]
    rng.shuffle(dragons)
    mirror = rng.random() < 0.5

    def tile(t: Tile) -> Tile:
        return Tile(_map_kind(t.index, suits, mirror, dragons), t.red)

    def tiles(text: str, sort: bool = True) -> str:
        return format_tiles((tile(t) for t in parse_tiles(text)), sort=sort)

    def indicators(text: str) -> str:
        out = []
        for ind in parse_tiles(text):
            dora = dora_from_indicator(ind)
            out.append(Tile(INDICATOR_OF[_map_kind(dora.index, suits, mirror, dragons)]))
        return format_tiles(out, sort=False)

    melds = tuple(f"{m.split()[0]} {tiles(m.split()[1])}" for m in problem.melds)
    honba = problem.honba and max(1, problem.honba + rng.choice((-1, 0, 1)))
    sticks = problem.sticks and max(
        int(problem.riichi or problem.double_riichi) or 1, problem.sticks + rng.choice((-1, 0, 1))
    )
    return replace(
        problem,
        hand=tiles(problem.hand),
        win=tiles(problem.win),
        melds=melds,
        dora=indicators(problem.dora),
        ura=indicators(problem.ura),
        honba=honba,
        sticks=sticks,
    )


def sibling_item(
    item: BankItem, *, seed: int | None = None, concepts: Iterable[str] | None = None
) -> PreparedItem:
    """A sibling of a bank item, ready to store (its id starts ``s-``).

    Args:
        item: the bank item.
        seed: the generator's seed (default: a random one).
        concepts: the concepts to exercise (default: the item's focus).

    Raises:
        GeneratorError: when no sibling could be made.
    """
    wanted = tuple(concepts) if concepts is not None else item.focus
    gen = HandGenerator(
        seed if seed is not None else random.randrange(2**31), rules=item.problem.rules
    )
    made = sibling_of(gen, item.problem, wanted)
    return prepare_item(
        made.problem,
        uid=problem_uid(made.problem, prefix="s-"),
        origin="generator",
        kind=ItemKind.GENERATED,
        focus=wanted,
        source=f"sibling of {item.uid}",
        result=made.result,
    )
