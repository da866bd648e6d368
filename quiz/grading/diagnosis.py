"""Diagnosis: the likely reasons for the wrong parts of an answer, most likely first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from data.topics import fu_topic, table_cell
from scoring.tiles import TILES, Tile
from scoring.yaku import YAKU

from .answer_key import AnswerKey
from .answers import UNKNOWN, Part, part_label
from .marks import Diagnosis, PartMark, Wording
from .mistakes import Mistake, mistakes_for, pay_topic, yaku_title, yaku_topic

__all__ = ["diagnose"]


def _set_diagnoses(key: AnswerKey, values: Mapping[Part, Any],
                   wrong: set[Part]) -> list[Diagnosis]:
    """Exact reasons for set-valued parts: which yaku, tiles or wait were missed."""
    out: list[Diagnosis] = []
    if Part.YAKU in wrong:
        given = values[Part.YAKU]
        missed = sorted(key.yaku - given)
        extra = sorted(given - key.yaku)
        bits = []
        if missed:
            bits.append("missed " + ", ".join(yaku_title(n) for n in missed))
        if extra:
            bits.append(", ".join(yaku_title(n) for n in extra)
                        + (" is" if len(extra) == 1 else " are") + " not in this hand")
        topics = [f"yaku:{n}" for n in (*missed, *extra)]
        if any(n in YAKU and YAKU[n].open_han is None for n in extra) and key.result is not None \
                and not key.result.hand.is_closed:
            topics.append("hand:open")
        out.append(Diagnosis("yaku_sets", Wording("; ".join(bits)), (Part.YAKU,), tuple(topics)))
    if Part.WAITS in wrong:
        given = values[Part.WAITS]
        want = frozenset(t.index for t in key.waits)
        missed = sorted(want - given)
        extra = sorted(given - want)
        bits = []
        groups: list[tuple[Tile, ...]] = []
        if missed:
            bits.append("missed {" + str(len(groups)) + "}")
            groups.append(tuple(TILES[i] for i in missed))
        if extra:
            bits.append("{" + str(len(groups)) + "} do not complete the hand")
            groups.append(tuple(TILES[i] for i in extra))
        topics = [f"wait:{key.wait.value}"] if key.wait else []
        if len(key.possible_waits) > 1:
            topics.append("wait:several_readings")
        out.append(Diagnosis("waits_sets", Wording("; ".join(bits), tuple(groups)), (Part.WAITS,),
                             tuple(topics)))
    if Part.WAIT in wrong and key.wait is not None:
        given = values[Part.WAIT]
        if given in key.possible_waits:
            text = (f"{given.value} is one reading, but the {key.wait.value} reading is worth "
                    "more, and the reading worth most counts")
            wait_topics: tuple[str, ...] = ("wait:several_readings", f"wait:{key.wait.value}")
        else:
            fu = "2 fu" if key.wait.fu else "no fu"
            text = f"the winning tile completes a {key.wait.value} wait ({fu})"
            wait_topics = (f"wait:{key.wait.value}",)
        out.append(Diagnosis("wait_kind", Wording(text), (Part.WAIT,), wait_topics))
    return out


def _fallback(key: AnswerKey, part: Part) -> Diagnosis:
    """A reason for a wrong part that no common mistake explains."""
    r = key.result
    if part is Part.FU:
        topics = [t for t in (fu_topic(i.kind) for i in r.fu_items) if t] if r else []
        if r is not None and r.raw_fu % 10:
            topics.append("fu:rounding")
        return Diagnosis("fu_total", Wording("the fu total is off: compare each fu item below"),
                         (part,), tuple(topics))
    if part is Part.HAN:
        topics = [yaku_topic(y.name) for y in r.yaku] if r else []
        return Diagnosis("han_total",
                         Wording("the han total is off: check each yaku and dora below"),
                         (part,), tuple(topics))
    if part is Part.PAYMENT:
        topics = [pay_topic(key)]
        if key.limit is None and not key.yakuman:
            topics.append(table_cell(key.han, key.fu, dealer=key.dealer, tsumo=key.tsumo))
        else:
            topics.append(f"limit:{key.limit}")
        return Diagnosis("payment_total",
                         Wording("the payment is off: follow the formula below"),
                         (part,), tuple(topics))
    if part is Part.DORA:
        return Diagnosis("dora_tiles", Wording("the dora is the tile after each indicator"),
                         (part,), ("dora:dora",))
    if part in (Part.WAITS, Part.WAIT):
        topics = [f"wait:{key.wait.value}"] if key.wait else []
        if len(key.possible_waits) > 1:
            topics.append("wait:several_readings")
        what = "winning tiles" if part is Part.WAITS else "wait"
        return Diagnosis(f"{part.value}_total",
                         Wording(f"the {what} is off: see the reading below"),
                         (part,), tuple(topics))
    topics = ["dora:dora"]
    if r is not None:
        if any(y.name == "aka_dora" for y in r.yaku):
            topics.append("dora:aka_dora")
        if len(r.situation.dora) > 1 and key.profile.kan_dora:
            topics.append("dora:kan_dora")
    return Diagnosis(f"{part.value}_total", Wording("the dora han are off: count each "
                                                    "indicator's dora and the red fives"),
                     (part,), tuple(topics))


#: Parts a mistake is about: a reason that predicts another value there than the one
#: the learner gave contradicts the answer and is not shown. (The payment follows
#: from the others, so a second slip there does not rule a reason out.)
_CAUSES = frozenset((Part.FU, Part.HAN, Part.DORA, Part.DORA_HAN, Part.WAIT, Part.WAITS))


def _fit(m: Mistake, values: Mapping[Part, Any], wrong: set[Part],
         open_parts: set[Part]) -> tuple[frozenset[Part], int] | None:
    """The open wrong parts a mistake reproduces and how many right parts it clashes with;
    None when it contradicts the answer (or names a yaku the learner marked as missed)."""
    marked = values.get(Part.YAKU)
    if m.missed_yaku is not None and isinstance(marked, frozenset) and m.missed_yaku in marked:
        return None
    hits: set[Part] = set()
    clashes = 0
    for p, v in m.predicts:
        if p not in values or values[p] is UNKNOWN:
            continue
        if values[p] == v:
            if p in open_parts:
                hits.add(p)
        elif p in _CAUSES:
            return None
        elif p not in wrong:
            clashes += 1
    return frozenset(hits), clashes


def _merge(out: list[Diagnosis], d: Diagnosis) -> None:
    """Add a reason, or widen the same reason already there (no reason printed twice)."""
    for i, old in enumerate(out):
        if old.text == d.text:
            parts = tuple(dict.fromkeys((*old.parts, *d.parts)))
            concepts = tuple(dict.fromkeys((*old.concepts, *d.concepts)))
            out[i] = Diagnosis(old.code, old.wording, parts, concepts, old.alternatives)
            return
    out.append(d)


def diagnose(key: AnswerKey, values: Mapping[Part, Any],
             marks: tuple[PartMark, ...]) -> tuple[Diagnosis, ...]:
    """The likely reasons for the wrong parts, most likely first.

    Each candidate mistake predicts values for some parts; it explains a wrong
    part when its prediction equals what the learner gave, and it is left out
    when it predicts another value than the learner's on a part it is about.
    Mistakes that explain more wrong parts (and clash with fewer right ones)
    win; what no mistake explains gets a reason that only says the part is off.
    """
    wrong = {m.part for m in marks if not m.correct}
    if not wrong:
        return ()
    known = {p: v for p, v in values.items() if v is not UNKNOWN}
    out = _set_diagnoses(key, known, wrong - {p for p, v in values.items() if v is UNKNOWN})
    explained = {p for d in out for p in d.parts}
    candidates = mistakes_for(key)
    order = {p: i for i, p in enumerate(key.parts)}
    while True:
        open_parts = wrong - explained
        if not open_parts:
            break
        fits: list[tuple[tuple[int, int, int], Mistake, frozenset[Part]]] = []
        for rank, m in enumerate(candidates):
            fit = _fit(m, values, wrong, open_parts)
            if fit is not None and fit[0]:
                fits.append(((len(fit[0]), -fit[1], -rank), m, fit[0]))
        if not fits:
            break
        top, m, hits = max(fits, key=lambda f: f[0])
        shown = {d.text for d in out} | {m.text}
        ties: list[Wording] = []
        for score, other, o_hits in fits:
            if score[:2] == top[:2] and o_hits == hits and other.text not in shown:
                ties.append(other.wording)
                shown.add(other.text)
        _merge(out, Diagnosis(m.code, m.wording, tuple(sorted(hits, key=order.__getitem__)),
                              m.concepts, tuple(ties[:2])))
        explained |= hits
        candidates = [c for c in candidates if c.text != m.text]
    for part in sorted(wrong - explained, key=order.__getitem__):
        reason = _fallback(key, part)
        if values.get(part) is UNKNOWN:
            what = part_label(part).lower()
            reason = Diagnosis("dont_know", Wording(f"you did not know the {what}: "
                                                    "see how it is worked out below"),
                               reason.parts, reason.concepts)
        out.append(reason)
    out.sort(key=lambda d: min(order[p] for p in d.parts))
    unknown = [d for d in out if d.code == "dont_know"]
    if len(unknown) > 1:
        parts = tuple(p for d in unknown for p in d.parts)
        names = [part_label(p).lower() for p in parts]
        said = ", ".join(names[:-1]) + " and " + names[-1]
        merged = Diagnosis("dont_know", Wording(f"you did not know the {said}: see how they are "
                                                "worked out below"), parts,
                           tuple(dict.fromkeys(c for d in unknown for c in d.concepts)))
        first = out.index(unknown[0])
        out = [d for d in out if d.code != "dont_know"]
        out.insert(min(first, len(out)), merged)
    return tuple(out)
