"""A seeded generator of practice hands that look like real play.

The generator only *builds candidates*: four sets and a pair (or seven pairs,
thirteen orphans, nine gates) with melds, a winning tile and a situation.
``scoring`` decides whether a candidate is a legal win and what it is worth;
candidates it refuses (most often: no yaku) are dropped, as real hands without
a yaku are never won. What each hand teaches is computed from the scored
result (:func:`data.topics.topics_of`).

Plain hands follow the shape of real Tenhou wins (7,972 wins of real games:
about 47% open, 40% tsumo, 40% riichi, 43% with a red five, 4% with a kan;
fu 30 for 58%, 40 for 27%, 20 for 9%, 25 for 3%), with realistic winds,
honba, riichi sticks, dora and situational flags. A hand can also be asked
for a topic (any id of :mod:`data.topics`: a yaku, a fu item, a wait, a limit,
a rule boundary, ``pay:dealer_tsumo_honba``...) and a difficulty, and a
*sibling* of a hand can be made: a different hand exercising the same topics.

One concern a module:

- :mod:`.spec`: what a hand is asked to look like (tile groups, the odds of
  real play, :class:`Spec`, :func:`realistic_spec`);
- :mod:`.build`: building one candidate from a spec (:func:`build_problem`);
- :mod:`.recipe_parts`: the parts recipes are made of (each bends a spec one way);
- :mod:`.recipes`: the recipes by topic (:data:`RECIPES`, :func:`recipe_for`);
- :mod:`.siblings`: siblings and the transform they fall back on;
- :mod:`.hands`: the generator itself, and new items for the bank in batches.

>>> g = HandGenerator(seed=1)
>>> a = g.hand()
>>> a.problem == HandGenerator(seed=1).hand().problem
True
>>> "yaku:sankantsu" in g.for_topic("yaku:sankantsu").topics
True
"""

from .build import build_problem
from .hands import (
    GENERATE_BATCH,
    MAX_GENERATED,
    Generated,
    HandGenerator,
    check_generated_count,
    generate,
    generate_into,
    new_seed,
    notable_topics,
)
from .recipe_parts import Recipe
from .recipes import RECIPES, recipe_for
from .siblings import sibling_item, sibling_of, transform_problem
from .spec import Policy, Spec, realistic_spec

__all__ = [
    "GENERATE_BATCH",
    "MAX_GENERATED",
    "RECIPES",
    "Generated",
    "HandGenerator",
    "Policy",
    "Recipe",
    "Spec",
    "build_problem",
    "check_generated_count",
    "generate",
    "generate_into",
    "new_seed",
    "notable_topics",
    "realistic_spec",
    "recipe_for",
    "sibling_item",
    "sibling_of",
    "transform_problem",
]
