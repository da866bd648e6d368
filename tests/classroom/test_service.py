"""The classroom service: preparing sets, joining, storing answers once, results, files.

Every test runs on SQLite and on the real PostgreSQL server (when its URL is set).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from data.classroom import (
    AnswerError,
    Classroom,
    Explain,
    PartResult,
    SetExistsError,
    SetFileError,
    SetNotFoundError,
    SetOptions,
    SetOptionsError,
    StudentNameTakenError,
    StudentNotFoundError,
    UnknownItemError,
    WrongPasswordError,
    results_csv,
)
from data.errors import UnknownTopicError
from tests.support.databases import table_counts

FU_HAN_PAY = ("fu", "han", "payment")


def parts(fu: bool = True, han: bool = True, pay: bool = True) -> list[PartResult]:
    """Parts of an answer, each right or wrong as asked."""
    return [
        PartResult("fu", "30" if fu else "40", "30", fu),
        PartResult("han", "2" if han else "1", "2", han),
        PartResult("payment", "2000" if pay else "1000", "2000", pay),
    ]


def bank_uids(classroom: Classroom, n: int) -> list[str]:
    from data.bank.repository import Bank

    return [s.uid for s in Bank(classroom.db).find(limit=n)]


# --------------------------------------------------------------------------- preparing


def test_a_set_by_ids_keeps_the_order_and_options(classroom: Classroom) -> None:
    uids = bank_uids(classroom, 6)[::-1]
    options = SetOptions(parts=("han", "payment"), question_seconds=45, set_seconds=600,
                         explain=Explain.DURING, skip_fu_on_limits=False)
    made = classroom.create_set("Club night", "sensei", options=options, item_uids=uids)
    assert made.item_uids == tuple(uids)
    assert made.selection == {"by": "ids"}
    got = classroom.get_set("Club night")
    assert got == made
    assert got.options == options
    questions = classroom.questions("Club night")
    assert [q.item.uid for q in questions] == uids
    assert [q.position for q in questions] == list(range(6))
    # every question is the checked bank item, with its scored answer
    assert all(q.item.answer.total > 0 and q.item.result is not None for q in questions)


def test_a_drawn_set_is_the_same_for_the_same_seed(make_classroom) -> None:  # type: ignore[no-untyped-def]
    c = make_classroom()
    a = c.create_set("A", "pw", count=12, seed=99)
    b = c.create_set("B", "pw", count=12, seed=99)
    other = c.create_set("C", "pw", count=12, seed=100)
    assert a.item_uids == b.item_uids
    assert a.item_uids != other.item_uids
    assert len(set(a.item_uids)) == 12
    assert a.selection == {"by": "draw", "topics": [], "difficulty": None, "count": 12,
                           "seed": 99}


def test_a_set_by_topic_only_has_hands_that_teach_it(classroom: Classroom) -> None:
    from data.bank.repository import Bank

    bank = Bank(classroom.db)
    topic = "win:tsumo"
    available = bank.count(topic=topic)
    assert available >= 3
    made = classroom.create_set("Tsumo night", "pw", topics=[topic], count=3, seed=1)
    for uid in made.item_uids:
        assert topic in bank.get(uid).topics
    with pytest.raises(SetOptionsError, match=rf"only {available} tenhou items teaching "
                                              rf"{topic}, {available + 1} asked"):
        classroom.create_set("Too many", "pw", topics=[topic], count=available + 1, seed=1)
    with pytest.raises(UnknownTopicError, match="unknown topic 'fu:tsumo_fu'"):
        classroom.create_set("Bad topic", "pw", topics=["fu:tsumo_fu"], count=1)


def test_bad_sets_are_refused_and_nothing_is_stored(classroom: Classroom) -> None:
    uids = bank_uids(classroom, 3)
    classroom.create_set("Taken", "pw", item_uids=uids)
    before = table_counts(classroom)
    with pytest.raises(SetExistsError, match="a practice set named 'Taken' already exists"):
        classroom.create_set("Taken", "pw", item_uids=uids)
    with pytest.raises(UnknownItemError, match="the bank has no item 'nope'"):
        classroom.create_set("New", "pw", item_uids=[uids[0], "nope"])
    with pytest.raises(SetOptionsError, match=r"item '.*' is named twice"):
        classroom.create_set("New", "pw", item_uids=[uids[0], uids[0]])
    with pytest.raises(UnknownItemError, match="scored under tenhou rules, not the set's ema"):
        classroom.create_set("New", "pw", item_uids=uids, options=SetOptions(rules="ema"))
    with pytest.raises(SetOptionsError, match="teacher password is empty"):
        classroom.create_set("New", "", item_uids=uids)
    with pytest.raises(SetOptionsError, match="name is empty"):
        classroom.create_set("  ", "pw", item_uids=uids)
    assert table_counts(classroom) == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"parts": ()}, "at least one part"),
        ({"parts": ("fu", "dora")}, "unknown part 'dora'"),
        ({"rules": "house"}, "unknown rule profile 'house'"),
        ({"question_seconds": 0}, "time per question must be"),
        ({"set_seconds": 10**6}, "time for the set must be"),
        ({"explain": "never"}, "'during' or 'after', not 'never'"),
    ],
)
def test_bad_options(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SetOptionsError, match=message):
        SetOptions(**kwargs)  # type: ignore[arg-type]


def test_the_teacher_password_is_hashed_and_checked(classroom: Classroom) -> None:
    from sqlalchemy import select

    from data.models.classroom import PracticeSet

    classroom.create_set("Secret", "correct horse", count=2, seed=3)
    with classroom.db.session() as s:
        stored = s.scalar(select(PracticeSet.password_hash))
    assert stored is not None and "correct horse" not in stored
    assert stored.startswith("scrypt$")
    assert classroom.check_password("Secret", "correct horse").name == "Secret"
    for action in (
        lambda: classroom.check_password("Secret", "wrong"),
        lambda: classroom.class_results("Secret", "wrong"),
        lambda: classroom.set_document("Secret", "wrong"),
        lambda: classroom.delete_set("Secret", ""),
    ):
        with pytest.raises(WrongPasswordError,
                           match="wrong teacher password for practice set 'Secret'"):
            action()
    assert classroom.get_set("Secret").size == 2  # not deleted
    with pytest.raises(SetNotFoundError, match="no practice set named 'Nope'"):
        classroom.check_password("Nope", "pw")


# --------------------------------------------------------------------------- taking it


def test_join_gives_a_random_code_and_a_taken_name_is_refused(classroom: Classroom) -> None:
    from data.classroom.hashing import CODE_ALPHABET

    classroom.create_set("S", "pw", count=3, seed=1)
    ann = classroom.join("S", "Ann")
    assert ann.code is not None and len(ann.code) == 11 and ann.code[5] == "-"
    assert set(ann.code.replace("-", "")) <= set(CODE_ALPHABET)
    assert (ann.position, ann.answered, ann.finished, ann.resumed) == (0, 0, False, False)
    before = table_counts(classroom)
    with pytest.raises(StudentNameTakenError,
                       match="student name 'Ann' is already taken in practice set 'S'; "
                             "to resume, give the code"):
        classroom.join("S", "Ann")
    with pytest.raises(StudentNameTakenError, match=r"\(wrong code to resume\)"):
        classroom.join("S", "Ann", "0000")
    assert table_counts(classroom) == before
    # typed in lower case with spaces: still the code
    typed = ann.code.lower().replace("-", " ")
    again = classroom.join("S", " Ann ", typed)
    assert again.enrolment_id == ann.enrolment_id and again.resumed and again.code is None
    # the code is never chosen by the student: a new name gets a new random code
    bo = classroom.join("S", "Bo", "7777")
    assert bo.code is not None and bo.code != "7777" and bo.code != ann.code
    # only a strong hash is stored
    from sqlalchemy import select

    from data.models.classroom import Enrolment

    with classroom.db.session() as s:
        stored = s.scalars(select(Enrolment.pin_hash)).all()
    assert all(h.startswith("scrypt$16384$") and ann.code not in h for h in stored)
    with pytest.raises(SetNotFoundError):
        classroom.join("Nope", "Ann")


def test_each_answer_is_stored_once_and_the_session_resumes(classroom: Classroom) -> None:
    made = classroom.create_set("S", "pw", count=4, seed=2)
    s = classroom.join("S", "Ann")
    first = classroom.record_answer(s.enrolment_id, 0, parts(fu=False),
                                    concepts=["fu:closed_ron"], seconds=12.5)
    assert first.created and not first.correct and first.item_uid == made.item_uids[0]
    # the same submission again (a retry): nothing new, the stored answer comes back
    again = classroom.record_answer(s.enrolment_id, 0, parts(), seconds=3.0)
    assert not again.created
    assert again.parts == first.parts and again.seconds == 12.5
    assert again.concepts == ("fu:closed_ron",)
    with pytest.raises(AnswerError, match="question 3 is not the next one for 'Ann' "
                                          r"\(next: 2\)"):
        classroom.record_answer(s.enrolment_id, 2, parts(), seconds=1.0)
    with pytest.raises(AnswerError, match="has no question 5"):
        classroom.record_answer(s.enrolment_id, 4, parts(), seconds=1.0)
    with pytest.raises(AnswerError, match="does not ask 'yaku'"):
        classroom.record_answer(s.enrolment_id, 1, [PartResult("yaku", "x", "y", False)],
                                seconds=1.0)
    with pytest.raises(AnswerError, match="unknown topic 'fu:nope'"):
        classroom.record_answer(s.enrolment_id, 1, parts(), concepts=["fu:nope"], seconds=1.0)
    classroom.record_answer(s.enrolment_id, 1, parts(), seconds=4.0)
    resumed = classroom.join("S", "Ann", s.code)
    assert (resumed.position, resumed.answered, resumed.seconds_used) == (2, 2, 16.5)
    for pos in (2, 3):
        classroom.record_answer(s.enrolment_id, pos, parts(pay=False),
                                concepts=["pay:honba"], seconds=2.0)
    done = classroom.session(s.enrolment_id)
    assert done.finished and done.position == 4
    with pytest.raises(AnswerError, match="has no question 5"):
        classroom.record_answer(s.enrolment_id, 4, parts(), seconds=1.0)
    assert table_counts(classroom)["class_answers"] == 4


def test_the_set_time_limit_ends_the_set(classroom: Classroom) -> None:
    classroom.create_set("Timed", "pw", count=5, seed=4, options=SetOptions(set_seconds=30))
    s = classroom.join("Timed", "Ann")
    classroom.record_answer(s.enrolment_id, 0, parts(), seconds=20.0)
    classroom.record_answer(s.enrolment_id, 1, parts(), seconds=10.0)
    state = classroom.session(s.enrolment_id)
    assert state.finished and state.seconds_left == 0.0
    with pytest.raises(AnswerError, match="the time for practice set 'Timed' is over for 'Ann'"):
        classroom.record_answer(s.enrolment_id, 2, parts(), seconds=1.0)
    result = classroom.own_results(classroom.session(s.enrolment_id))
    assert result.finished and result.answered == 2 and result.score == 2 / 5


# --------------------------------------------------------------------------- results


def test_results_scores_times_and_most_missed_concepts(classroom: Classroom) -> None:
    made = classroom.create_set("R", "pw", count=4, seed=5)
    ann = classroom.join("R", "Ann")
    bo = classroom.join("R", "Bo")
    cy = classroom.join("R", "Cy")
    # Ann: all right. Bo: misses closed ron on 1 and 2, honba on 3. Cy: closed ron on 2 only.
    for pos in range(4):
        classroom.record_answer(ann.enrolment_id, pos, parts(), seconds=10.0)
    classroom.record_answer(bo.enrolment_id, 0, parts(), seconds=5.0)
    classroom.record_answer(bo.enrolment_id, 1, parts(fu=False), concepts=["fu:closed_ron"],
                            seconds=6.0)
    classroom.record_answer(bo.enrolment_id, 2, parts(fu=False, han=False),
                            concepts=["fu:closed_ron", "yaku:pinfu"], seconds=7.0)
    classroom.record_answer(bo.enrolment_id, 3, parts(pay=False), concepts=["pay:honba"],
                            seconds=8.0)
    classroom.record_answer(cy.enrolment_id, 0, parts(), seconds=1.0)
    classroom.record_answer(cy.enrolment_id, 1, parts(), seconds=1.0)
    classroom.record_answer(cy.enrolment_id, 2, parts(fu=False), concepts=["fu:closed_ron"],
                            seconds=1.0)

    r = classroom.class_results("R", "pw")
    assert [s.student for s in r.students] == ["Ann", "Bo", "Cy"]
    a, b, c = r.students
    assert (a.right, a.parts_right, a.parts_asked, a.seconds, a.finished) == (4, 12, 12, 40, True)
    assert (b.right, b.parts_right, b.parts_asked, b.seconds, b.finished) == (1, 8, 12, 26, True)
    assert (c.right, c.answered, c.score, c.finished) == (2, 3, 0.5, False)
    assert r.answered == 11 and r.right == 7
    assert r.score == pytest.approx((1.0 + 0.25 + 0.5) / 3)
    assert [(q.answered, q.right) for q in r.questions] == [(3, 3), (3, 2), (3, 1), (2, 1)]
    assert [q.item_uid for q in r.questions] == list(made.item_uids)

    top = r.concepts[0]
    assert (top.topic, top.misses, top.students) == ("fu:closed_ron", 3, 2)
    assert top.title == "Closed ron +10"
    assert top.example.position == 2 and top.example.misses == 2
    assert top.example.item_uid == made.item_uids[2]
    item = classroom.questions("R")[2].item
    assert top.example.problem == item.problem
    assert top.example.declaration == item.answer.declaration
    assert [(c.topic, c.misses, c.students) for c in r.concepts[1:]] == [
        ("yaku:pinfu", 1, 1), ("pay:honba", 1, 1),
    ]
    assert r.concepts[2].example.position == 3

    # a student sees their own results with their code, and nobody else's
    mine = classroom.student_results("R", "Bo", bo.code or "")
    assert mine == b
    with pytest.raises(StudentNotFoundError, match="no student 'Bo' with that code"):
        classroom.student_results("R", "Bo", "not-the-code")
    assert classroom.own_results(ann) == a

    # CSV: a row per answer, the parts side by side
    rows = list(csv.DictReader(io.StringIO(results_csv(r))))
    assert len(rows) == 11
    bo2 = next(x for x in rows if x["student"] == "Bo" and x["question"] == "3")
    assert bo2["fu_given"] == "40" and bo2["fu_correct"] == "0" and bo2["han_correct"] == "0"
    assert bo2["concepts_missed"] == "yaku:pinfu fu:closed_ron"  # vocabulary order
    assert bo2["item"] == made.item_uids[2] and bo2["seconds"] == "7.0"


def test_delete_removes_the_set_its_students_and_answers(classroom: Classroom) -> None:
    classroom.create_set("Gone", "pw", count=2, seed=1)
    s = classroom.join("Gone", "Ann")
    classroom.record_answer(s.enrolment_id, 0, parts(), seconds=1.0)
    classroom.delete_set("Gone", "pw")
    counts = table_counts(classroom)
    assert {k: v for k, v in counts.items() if k != "bank_items"} == dict.fromkeys(
        (k for k in counts if k != "bank_items"), 0)
    assert counts["bank_items"] > 0


# --------------------------------------------------------------------------- files


def test_export_and_import_give_the_same_set(classroom: Classroom, tmp_path: Path) -> None:
    options = SetOptions(parts=("han", "yaku", "payment"), question_seconds=60,
                         explain=Explain.DURING)
    made = classroom.create_set("Export me", "pw", options=options, count=5, seed=8)
    path = tmp_path / "set.json"
    assert classroom.export_set("Export me", "pw", path) == 5
    doc = json.loads(path.read_text("utf-8"))
    assert doc["format"] == "riichi-drill practice set" and doc["version"] == 1
    assert "password" not in json.dumps(doc)
    assert [i["id"] for i in doc["items"]] == list(made.item_uids)
    assert all("answer" in i and "hand" in i for i in doc["items"])
    copy = classroom.import_set(path, "other teacher", name="Imported")
    assert copy.item_uids == made.item_uids
    assert copy.options == made.options
    assert copy.selection["seed"] == 8 and copy.selection["imported_from"] == "set.json"
    assert classroom.check_password("Imported", "other teacher")
    with pytest.raises(SetExistsError):
        classroom.import_set(path, "pw")


def test_a_set_file_with_unknown_items_is_refused_and_nothing_changes(
    classroom: Classroom, tmp_path: Path
) -> None:
    classroom.create_set("Src", "pw", count=3, seed=8)
    doc = classroom.set_document("Src", "pw")
    before = table_counts(classroom)

    def write(d: object, name: str = "bad.json") -> Path:
        p = tmp_path / name
        p.write_text(json.dumps(d) if not isinstance(d, str) else d, "utf-8")
        return p

    unknown = json.loads(json.dumps(doc))
    unknown["name"] = "Fresh"
    unknown["items"][1]["id"] = "g-not-in-this-bank"
    unknown["items"].append({**unknown["items"][0], "id": "g-also-missing"})
    with pytest.raises(SetFileError, match=r"bad.json': this bank has no items "
                                           r"'g-not-in-this-bank', 'g-also-missing'; "
                                           "nothing was imported"):
        classroom.import_set(write(unknown), "pw")

    changed = json.loads(json.dumps(doc))
    changed["name"] = "Fresh"
    changed["items"][0]["honba"] = changed["items"][0].get("honba", 0) + 1
    with pytest.raises(SetFileError, match="is a different hand in this bank"):
        classroom.import_set(write(changed), "pw")

    cases = [
        ("{not json", "is not valid JSON"),
        ({"format": "something else"}, "is not a riichi-drill practice set file"),
        ({**doc, "version": 9}, "format version 9"),
        ({**doc, "name": "Fresh", "items": []}, "has no items"),
        ({**doc, "name": "Fresh", "ask": ["colour"]}, "unknown part 'colour'"),
        ({**doc, "name": "Fresh", "items": [{"id": "x", "hand": "12"}]}, "item 'x'"),
    ]
    for content, message in cases:
        with pytest.raises(SetFileError, match=message):
            classroom.import_set(write(content), "pw")
    with pytest.raises(SetFileError, match="cannot read set file"):
        classroom.import_set(tmp_path / "missing.json", "pw")
    assert table_counts(classroom) == before
