"""Round ends made up for the settlement drill: a small seeded generator.

Each :class:`RoundSpec` is a round's end at a table (how it ended, the dealer,
honba, the riichi sticks on the table and those put down this round) that
:func:`scoring.settle.settle_round` settles into the answer. The kinds asked:

- ``draw``: an exhaustive draw with 0-4 players tenpai (noten payments);
- ``double_ron``: two players ron one discard (where the profile pays both);
- ``pao_tsumo`` / ``pao_ron``: a daisangen or daisuushii whose liable player
  (pao) pays (where the profile has pao);
- ``nagashi``: a nagashi mangan (where the profile has it);
- ``chombo``: a player's chombo, paid as the profile defines it (where it has one);
- ``abortive``: an abortive draw (where the profile has them): nothing is paid,
  the riichi sticks stay on the table and the next round adds a honba.

Honba and sticks are on the table often, as the settlement hinges on them.
The same seed gives the same rounds:

>>> specs = generate_rounds(3, seed=7)
>>> [s.kind for s in specs] == [s.kind for s in generate_rounds(3, seed=7)]
True
>>> spec = RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=frozenset({1})),
...                  Table(dealer=0, honba=1, sticks=0, riichi=frozenset({1})))
>>> spec.settle().deltas
(-1000, 3000, -1000, -1000)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scoring.errors import ScoringError
from scoring.rules import (
    TENHOU,
    AbortiveDraw,
    Chombo,
    MultipleRon,
    Nagashi,
    RuleProfile,
    get_profile,
)
from scoring.settle import (
    SEATS,
    YAKUMAN_BASE,
    RoundEnd,
    RoundEndKind,
    Settlement,
    Table,
    WinShare,
    settle_round,
)

from ..errors import DataError

__all__ = ["ROUND_KINDS", "RoundSpec", "generate_round", "generate_rounds", "kinds_for",
           "round_for_topic", "round_from_record"]

#: The kinds of round end the generator makes, in the order they are offered.
ROUND_KINDS = ("draw", "double_ron", "pao_tsumo", "pao_ron", "nagashi", "chombo", "abortive")

#: Base points a generated hand may have (1 han 30 fu ... haneman), and how often.
_BASES = (240, 320, 480, 640, 960, 1280, 1920, 2000, 3000)
_BASE_WEIGHTS = (3, 3, 3, 3, 3, 2, 2, 3, 1)


@dataclass(frozen=True, slots=True)
class RoundSpec:
    """One round's end to settle.

    Attributes:
        kind: one of :data:`ROUND_KINDS` (``log`` for a round end of an imported game).
        end: how the round ended.
        table: the table as it ended.
        rules: the rule profile's name.
        source: where it came from (a log's round, ``E2-1`` of a game), or "".
        pao_yaku: the yakuman the liable player answers for (``daisangen``), or "".
    """

    kind: str
    end: RoundEnd
    table: Table
    rules: str = "tenhou"
    source: str = ""
    pao_yaku: str = ""

    @property
    def profile(self) -> RuleProfile:
        """The rule profile."""
        return get_profile(self.rules)

    def settle(self) -> Settlement:
        """The settlement: the answer to the question."""
        return settle_round(self.end, self.table, self.profile)

    def topics(self) -> tuple[str, ...]:
        """The concepts the round end exercises (``settle:noten``, ``settle:pao``...)."""
        end, table = self.end, self.table
        out: list[str] = []
        if end.kind is RoundEndKind.EXHAUSTIVE_DRAW:
            out.append("settle:noten")
        if end.kind is RoundEndKind.NAGASHI:
            out.append("settle:nagashi")
        if end.kind is RoundEndKind.CHOMBO:
            out.append("settle:chombo")
        if end.kind is RoundEndKind.ABORTIVE_DRAW:
            out.append("settle:abortive")
        if len(end.wins) > 1:
            out.append("settle:double_ron")
        if any(w.pao is not None for w in end.wins):
            out.append("settle:pao")
        if table.sticks or table.riichi or (table.honba and end.kind is RoundEndKind.WIN):
            out.append("settle:honba_sticks")
        return tuple(out)

    def to_record(self) -> dict[str, Any]:
        """The round as plain data (stored with an answer; read by :func:`round_from_record`)."""
        t = self.table
        out: dict[str, Any] = {
            "kind": "round", "round": self.kind, "rules": self.rules, "source": self.source,
            "pao_yaku": self.pao_yaku, "end": self.end.kind.value,
            "dealer": t.dealer, "honba": t.honba, "sticks": t.sticks,
            "riichi": sorted(t.riichi), "tenpai": sorted(self.end.tenpai),
            "nagashi": sorted(self.end.nagashi),
            "wins": [{"who": w.who, "base": w.base, "discarder": w.discarder,
                      "yakuman": w.yakuman, "pao": w.pao, "pao_yakuman": w.pao_yakuman}
                     for w in self.end.wins],
        }
        # an abortive draw's kind and a chombo's offender, only where the round has one
        # (records stored before they were asked read back the same)
        if self.end.abortive is not None:
            out["abortive"] = self.end.abortive.value
        if self.end.offender is not None:
            out["offender"] = self.end.offender
        return out


def round_from_record(record: dict[str, Any]) -> RoundSpec:
    """A round read back from :meth:`RoundSpec.to_record`.

    Raises:
        DataError: when the record is not a round, or cannot be settled.
    """
    try:
        wins = tuple(WinShare(int(w["who"]), int(w["base"]),
                              None if w["discarder"] is None else int(w["discarder"]),
                              int(w["yakuman"]), None if w["pao"] is None else int(w["pao"]),
                              int(w["pao_yakuman"])) for w in record["wins"])
        spec = RoundSpec(
            str(record["round"]),
            RoundEnd(RoundEndKind(record["end"]), wins,
                     tenpai=frozenset(int(s) for s in record["tenpai"]),
                     nagashi=frozenset(int(s) for s in record["nagashi"]),
                     abortive=None if record.get("abortive") is None
                     else AbortiveDraw(record["abortive"]),
                     offender=None if record.get("offender") is None
                     else int(record["offender"])),
            Table(int(record["dealer"]), int(record["honba"]), int(record["sticks"]),
                  frozenset(int(s) for s in record["riichi"])),
            str(record["rules"]), str(record.get("source", "")),
            str(record.get("pao_yaku", "")))
        spec.settle()
    except (KeyError, TypeError, ValueError, ScoringError) as e:
        raise DataError(f"not a round end to settle: {e}") from e
    return spec


def _table(rng: random.Random, dealer: int, *, riichi: frozenset[int]) -> Table:
    honba = rng.choice((0, 0, 1, 1, 2, 3))
    sticks = rng.choice((0, 0, 0, 1, 1, 2))
    return Table(dealer, honba, sticks, riichi)


def _riichi(rng: random.Random, seats: list[int], chance: float) -> frozenset[int]:
    return frozenset(s for s in seats if rng.random() < chance)


def _draw(rng: random.Random, profile: RuleProfile) -> RoundSpec:
    dealer = rng.randrange(SEATS)
    count = rng.choices((0, 1, 2, 3, 4), weights=(1, 3, 4, 3, 1))[0]
    tenpai = frozenset(rng.sample(range(SEATS), count))
    # riichi is declared by tenpai players (now and then by one who is noten: a stick
    # put down still leaves their score whatever the draw)
    riichi = _riichi(rng, sorted(tenpai), 0.4)
    table = _table(rng, dealer, riichi=riichi)
    return RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=tenpai), table,
                     profile.name)


def _base(rng: random.Random) -> int:
    return rng.choices(_BASES, weights=_BASE_WEIGHTS)[0]


def _double_ron(rng: random.Random, profile: RuleProfile) -> RoundSpec:
    dealer = rng.randrange(SEATS)
    discarder = rng.randrange(SEATS)
    winners = rng.sample([s for s in range(SEATS) if s != discarder], 2)
    riichi = _riichi(rng, [*winners, discarder], 0.35) - {discarder}
    table = _table(rng, dealer, riichi=riichi)
    wins = tuple(WinShare(w, _base(rng), discarder=discarder) for w in winners)
    return RoundSpec("double_ron", RoundEnd(RoundEndKind.WIN, wins), table, profile.name)


def _pao(rng: random.Random, profile: RuleProfile, *, tsumo: bool) -> RoundSpec:
    dealer = rng.randrange(SEATS)
    winner = rng.randrange(SEATS)
    others = [s for s in range(SEATS) if s != winner]
    liable = rng.choice(others)
    discarder = None if tsumo else rng.choice(others)
    yaku = rng.choice(sorted(profile.pao))
    table = _table(rng, dealer, riichi=_riichi(rng, [s for s in others if s != liable], 0.3))
    share = WinShare(winner, YAKUMAN_BASE, discarder=discarder, yakuman=1, pao=liable)
    return RoundSpec("pao_tsumo" if tsumo else "pao_ron", RoundEnd(RoundEndKind.WIN, (share,)),
                     table, profile.name, pao_yaku=yaku)


def _nagashi(rng: random.Random, profile: RuleProfile) -> RoundSpec:
    dealer = rng.randrange(SEATS)
    who = rng.randrange(SEATS)
    tenpai = frozenset(s for s in range(SEATS) if s != who and rng.random() < 0.3)
    table = _table(rng, dealer, riichi=_riichi(rng, sorted(tenpai), 0.4))
    return RoundSpec("nagashi", RoundEnd(RoundEndKind.NAGASHI, tenpai=tenpai,
                                         nagashi=frozenset({who})), table, profile.name)


#: The abortive draws asked, with the riichi a table may have when each happens: none on
#: the first go-round (nine terminals, four winds), all four for four riichi, any for four
#: kans. A triple ron drawn is asked as a double ron's cousin, not here.
_ABORTIVE_ASKED = (AbortiveDraw.NINE_TERMINALS, AbortiveDraw.FOUR_WINDS,
                   AbortiveDraw.FOUR_RIICHI, AbortiveDraw.FOUR_KANS)


def _abortive_kinds(profile: RuleProfile) -> list[AbortiveDraw]:
    return [a for a in _ABORTIVE_ASKED if a in profile.abortive_draws]


def _abortive(rng: random.Random, profile: RuleProfile) -> RoundSpec:
    dealer = rng.randrange(SEATS)
    which = rng.choice(_abortive_kinds(profile))
    if which is AbortiveDraw.FOUR_RIICHI:
        riichi = frozenset(range(SEATS))
    elif which is AbortiveDraw.FOUR_KANS:
        riichi = _riichi(rng, list(range(SEATS)), 0.3)
    else:
        riichi = frozenset()
    table = _table(rng, dealer, riichi=riichi)
    return RoundSpec("abortive", RoundEnd(RoundEndKind.ABORTIVE_DRAW, abortive=which), table,
                     profile.name)


def _chombo(rng: random.Random, profile: RuleProfile) -> RoundSpec:
    dealer = rng.randrange(SEATS)
    offender = rng.randrange(SEATS)
    # a false riichi or a false win: sticks put down this round by others are given back
    table = _table(rng, dealer, riichi=_riichi(rng, list(range(SEATS)), 0.25))
    return RoundSpec("chombo", RoundEnd(RoundEndKind.CHOMBO, offender=offender), table,
                     profile.name)


def kinds_for(profile: RuleProfile) -> tuple[str, ...]:
    """The kinds of round end a profile has (no pao, nagashi, double ron, chombo or
    abortive draw where it has none)."""
    out = ["draw"]
    if profile.multiple_ron is not MultipleRon.HEAD_BUMP:
        out.append("double_ron")
    if profile.pao:
        out += ["pao_tsumo", "pao_ron"]
    if profile.nagashi is not Nagashi.NONE:
        out.append("nagashi")
    if profile.chombo is not Chombo.NONE:
        out.append("chombo")
    if _abortive_kinds(profile):
        out.append("abortive")
    return tuple(out)


_WEIGHTS = {"draw": 5, "double_ron": 3, "pao_tsumo": 1, "pao_ron": 1, "nagashi": 1,
            "chombo": 1, "abortive": 1}


def generate_round(rng: random.Random, profile: RuleProfile = TENHOU,
                   kind: str | None = None) -> RoundSpec:
    """One round end of a kind (None: any the profile has, draws most often).

    Raises:
        DataError: for a kind the profile does not have.
    """
    kinds = kinds_for(profile)
    if kind is None:
        kind = rng.choices(kinds, weights=[_WEIGHTS[k] for k in kinds])[0]
    elif kind not in kinds:
        raise DataError(f"the {profile.name} rules have no round end '{kind}' to settle "
                        f"(they have: {', '.join(kinds)})")
    if kind == "draw":
        return _draw(rng, profile)
    if kind == "double_ron":
        return _double_ron(rng, profile)
    if kind in ("pao_tsumo", "pao_ron"):
        return _pao(rng, profile, tsumo=kind == "pao_tsumo")
    if kind == "chombo":
        return _chombo(rng, profile)
    if kind == "abortive":
        return _abortive(rng, profile)
    return _nagashi(rng, profile)


#: The kinds of round end that exercise each settlement concept.
_TOPIC_KINDS = {"settle:noten": ("draw",), "settle:double_ron": ("double_ron",),
                "settle:pao": ("pao_tsumo", "pao_ron"), "settle:nagashi": ("nagashi",),
                "settle:honba_sticks": ("double_ron", "pao_ron", "pao_tsumo"),
                "settle:chombo": ("chombo",), "settle:abortive": ("abortive",)}


def round_for_topic(rng: random.Random, profile: RuleProfile, topic: str) -> RoundSpec:
    """A round end that exercises a settlement concept (for its review card).

    Raises:
        DataError: for a concept the profile has no round end for (or not a concept
            of a round's settlement).
    """
    kinds = [k for k in _TOPIC_KINDS.get(topic, ()) if k in kinds_for(profile)]
    if not kinds:
        raise DataError(f"the {profile.name} rules have no round end exercising '{topic}'")
    for _ in range(100):
        spec = generate_round(rng, profile, rng.choice(kinds))
        if topic in spec.topics():
            return spec
    raise DataError(f"no round end exercising '{topic}' was made")  # pragma: no cover


def generate_rounds(count: int, *, seed: int, rules: str = "tenhou",
                    kind: str | None = None) -> list[RoundSpec]:
    """``count`` round ends from a seed (the same seed, the same rounds)."""
    rng = random.Random(seed)
    profile = get_profile(rules)
    return [generate_round(rng, profile, kind) for _ in range(count)]
