"""Diagnosis: the likely reasons for the wrong parts of an answer, most likely first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from data.topics import fu_topic, table_cell
from scoring.tiles import TILES
from scoring.yaku import YAKU

from .answer_key import AnswerKey
from .answers import UNKNOWN, Part
from .marks import Diagnosis, PartMark
from .mistakes import Mistake, mistakes_for, pay_topic, rounding_slip, yaku_topic
from .wording import Term, Tiles, Wording

__all__ = ["diagnose"]


def _set_diagnoses(key: AnswerKey, values: Mapping[Part, Any],
                   wrong: set[Part]) -> list[Diagnosis]:
    """Exact reasons for set-valued parts: which yaku, tiles or wait were missed."""
    out: list[Diagnosis] = []
    if Part.YAKU in wrong:
        given = values[Part.YAKU]
        missed = sorted(key.yaku - given)
        extra = sorted(given - key.yaku)
        how = "one" if len(extra) == 1 else "many"
        if missed and extra:
            wording = Wording.of(f"yaku_missed_extra_{how}",
                                 missed=Term("yaku_list", ",".join(missed)),
                                 extra=Term("yaku_list", ",".join(extra)))
        elif missed:
            wording = Wording.of("yaku_missed", missed=Term("yaku_list", ",".join(missed)))
        else:
            wording = Wording.of(f"yaku_extra_{how}", extra=Term("yaku_list", ",".join(extra)))
        topics = [f"yaku:{n}" for n in (*missed, *extra)]
        if any(n in YAKU and YAKU[n].open_han is None for n in extra) and key.result is not None \
                and not key.result.hand.is_closed:
            topics.append("hand:open")
        out.append(Diagnosis("yaku_sets", wording, (Part.YAKU,), tuple(topics)))
    if Part.WAITS in wrong:
        given = values[Part.WAITS]
        want = frozenset(t.index for t in key.waits)
        missed = sorted(want - given)
        extra = sorted(given - want)
        missed_tiles = Tiles(tuple(TILES[i] for i in missed))
        extra_tiles = Tiles(tuple(TILES[i] for i in extra))
        if missed and extra:
            tiles_wording = Wording.of("missed_extra_tiles", tiles=missed_tiles,
                                       extra=extra_tiles)
        elif missed:
            tiles_wording = Wording.of("missed_tiles", tiles=missed_tiles)
        else:
            tiles_wording = Wording.of("extra_tiles", extra=extra_tiles)
        topics = [f"wait:{key.wait.value}"] if key.wait else []
        if len(key.possible_waits) > 1:
            topics.append("wait:several_readings")
        out.append(Diagnosis("waits_sets", tiles_wording, (Part.WAITS,), tuple(topics)))
    if Part.WAIT in wrong and key.wait is not None:
        given = values[Part.WAIT]
        wait = Term("wait", key.wait.value)
        if given in key.possible_waits:
            wait_wording = Wording.of("wait_other_reading", given=Term("wait", given.value),
                                      wait=wait)
            wait_topics: tuple[str, ...] = ("wait:several_readings", f"wait:{key.wait.value}")
        else:
            wait_wording = Wording.of("wait_kind_fu" if key.wait.fu else "wait_kind_no_fu",
                                      wait=wait)
            wait_topics = (f"wait:{key.wait.value}",)
        out.append(Diagnosis("wait_kind", wait_wording, (Part.WAIT,), wait_topics))
    return out


def _fallback(key: AnswerKey, part: Part) -> Diagnosis:
    """A reason for a wrong part that no common mistake explains."""
    if part is Part.SETTLEMENT:
        from .settle import settle_topics

        said = settle_topics(key.settle.spec, key.settle.settlement) if key.settle else ()
        return Diagnosis("settle_total", Wording.of("settle_total"), (part,), said)
    r = key.result
    if part is Part.FU:
        topics = [t for t in (fu_topic(i.kind) for i in r.fu_items) if t] if r else []
        if r is not None and r.raw_fu % 10:
            topics.append("fu:rounding")
        return Diagnosis("fu_total", Wording.of("fu_total"), (part,), tuple(topics))
    if part is Part.HAN:
        topics = [yaku_topic(y.name) for y in r.yaku] if r else []
        return Diagnosis("han_total", Wording.of("han_total"), (part,), tuple(topics))
    if part is Part.PAYMENT:
        topics = [pay_topic(key)]
        if key.limit is None and not key.yakuman:
            topics.append(table_cell(key.han, key.fu, dealer=key.dealer, tsumo=key.tsumo))
        else:
            topics.append(f"limit:{key.limit}")
        return Diagnosis("payment_total", Wording.of("payment_total"), (part,), tuple(topics))
    if part is Part.DORA:
        return Diagnosis("dora_tiles", Wording.of("dora_tiles"), (part,), ("dora:dora",))
    if part in (Part.WAITS, Part.WAIT):
        topics = [f"wait:{key.wait.value}"] if key.wait else []
        if len(key.possible_waits) > 1:
            topics.append("wait:several_readings")
        return Diagnosis(f"{part.value}_total", Wording.of(f"{part.value}_total"),
                         (part,), tuple(topics))
    topics = ["dora:dora"]
    if r is not None:
        if any(y.name == "aka_dora" for y in r.yaku):
            topics.append("dora:aka_dora")
        if len(r.situation.dora) > 1 and key.profile.kan_dora:
            topics.append("dora:kan_dora")
    return Diagnosis(f"{part.value}_total", Wording.of("dora_han_total"), (part,), tuple(topics))


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
        if old.wording == d.wording:
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
    slip = rounding_slip(key, known.get(Part.FU)) if Part.FU in wrong else None
    if slip is not None and all(c.wording != slip.wording for c in candidates):
        # last among equals: a catalogued mistake that reproduces the answer as well wins
        candidates.append(Mistake(slip.code, slip.wording, slip.concepts,
                                  tuple((p, v) for p, v in slip.predicts if p in key.parts
                                        and v != key.expected_value(p)),
                                  slip.missed_yaku))
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
        shown = {d.wording for d in out} | {m.wording}
        ties: list[Wording] = []
        for score, other, o_hits in fits:
            if score[:2] == top[:2] and o_hits == hits and other.wording not in shown:
                ties.append(other.wording)
                shown.add(other.wording)
        _merge(out, Diagnosis(m.code, m.wording, tuple(sorted(hits, key=order.__getitem__)),
                              m.concepts, tuple(ties[:2])))
        explained |= hits
        candidates = [c for c in candidates if c.wording != m.wording]
    for part in sorted(wrong - explained, key=order.__getitem__):
        reason = _fallback(key, part)
        if values.get(part) is UNKNOWN:
            reason = Diagnosis("dont_know", Wording.of("dont_know", part=Term("part", part.value)),
                               reason.parts, reason.concepts)
        out.append(reason)
    out.sort(key=lambda d: min(order[p] for p in d.parts))
    unknown = [d for d in out if d.code == "dont_know"]
    if len(unknown) > 1:
        parts = tuple(p for d in unknown for p in d.parts)
        said = Term("part_list", ",".join(p.value for p in parts))
        merged = Diagnosis("dont_know", Wording.of("dont_know_many", parts=said), parts,
                           tuple(dict.fromkeys(c for d in unknown for c in d.concepts)))
        first = out.index(unknown[0])
        out = [d for d in out if d.code != "dont_know"]
        out.insert(min(first, len(out)), merged)
    return tuple(out)
