"""A student's side of a practice set: the link to the classroom server, and the controller.

:class:`HttpLink` speaks to the classroom server (``class join --server URL``);
:class:`LocalLink` calls a :class:`quiz.classroom.desk.ClassDesk` in the same process
(tests, and a teacher trying a set on their own machine). Either way the
grading is the desk's.

:class:`ClassController` is what :mod:`quiz.screens.classroom` drives: it
joins (keeping the resume code in a small file on the student's machine, so
coming back needs no typing), builds each question from the hand the server
sent, checks an answer can be read, and submits it. An answer is kept in
memory and in a small journal file before it is sent; when the server (or its
database) is away, it stays there and is sent when it returns, in order and
exactly once (the server stores one answer per question, so a repeat changes
nothing), and the student can go on with the questions already loaded.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import threading
import time
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import DrillError
from ..grading import Answer, Hints, Part, grade
from ..words.core import pgettext
from ..words.error_texts import localized_error
from ..words.terms import local_words
from .desk import ClassDesk, question_for, receipt_for, results_visible
from .wire import (
    AskedQuestion,
    Receipt,
    WireError,
    receipt_from_json,
    result_from_json,
    session_from_json,
)

if TYPE_CHECKING:
    from data.classroom import StudentResult, StudentSession

    from ..drills import Question

__all__ = [
    "ClassController",
    "ClassLink",
    "ClassRefused",
    "HttpLink",
    "Kept",
    "LinkDown",
    "LocalLink",
    "reset_code_on_server",
]

#: Seconds an HTTP request may take before the server counts as away.
TIMEOUT = 10.0
#: The browser's address, set in a served tab's process (``riichi-drill serve``).
CLIENT_ADDRESS_ENV = "RIICHI_DRILL_CLIENT_ADDRESS"


def client_address() -> str | None:
    """The browser's address when this process serves a browser tab (else None).

    The classroom server believes it (as ``X-Forwarded-For``) only when the
    serving computer is one of its trusted proxies (``--trusted-proxy``).
    """
    import ipaddress

    text = os.environ.get(CLIENT_ADDRESS_ENV, "").strip()
    try:
        return str(ipaddress.ip_address(text)) if text else None
    except ValueError:
        return None
#: Seconds a join may take (it hashes the resume code).
JOIN_TIMEOUT = 60.0


class LinkDown(DrillError):
    """The classroom server (or its database) does not answer: answers are kept."""


class ClassRefused(DrillError):
    """The classroom server refused a request (wrong code, finished set...): one line."""

    def __init__(self, message: str, status: int = 400, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class ClassLink(Protocol):
    """How a student's app reaches the grading: in process, or over HTTP."""

    set_name: str

    def join(self, student: str, code: str | None) -> StudentSession:
        """Join or resume."""

    def questions(self) -> tuple[AskedQuestion, ...]:
        """The set's hands, in order."""

    def submit(self, position: int, answers: Mapping[str, str], *, seconds: float,
               timed_out: bool) -> Receipt | Hints:
        """Send an answer; the server grades and stores it."""

    def own_results(self) -> StudentResult:
        """The student's own results."""


def _hints(doc: Mapping[str, Any]) -> Hints:
    """The server's hints, worded here in the student's language."""
    from .wire import hints_from_json

    return hints_from_json(doc)


class LocalLink:
    """A :class:`ClassDesk` in this process (the same rules as the server, no HTTP)."""

    def __init__(self, desk: ClassDesk, set_name: str) -> None:
        self.desk = desk
        self.set_name = set_name
        self._session: StudentSession | None = None

    def join(self, student: str, code: str | None) -> StudentSession:
        """Join or resume on the desk."""
        self._session = self.desk.join(self.set_name, student, code)
        return self._session

    def questions(self) -> tuple[AskedQuestion, ...]:
        """The set's hands."""
        return tuple(AskedQuestion(q.position, q.item.uid, q.item.problem)
                     for q in self.desk.questions(self.set_name))

    def submit(self, position: int, answers: Mapping[str, str], *, seconds: float,
               timed_out: bool) -> Receipt | Hints:
        """Grade and store on the desk."""
        assert self._session is not None, "join first"
        graded = self.desk.submit(self._session, position, answers, seconds=seconds,
                                  timed_out=timed_out)
        if isinstance(graded, Hints):
            return graded
        return receipt_for(graded)

    def own_results(self) -> StudentResult:
        """The student's own results (when the set lets them be seen)."""
        assert self._session is not None, "join first"
        session = self.desk.classroom.session(self._session.enrolment_id)
        if not results_visible(session):
            raise ClassRefused(pgettext("class", "this set shows the results when you have "
                                                 "finished it"), 403)
        return self.desk.own_results(session)



def _answered(status: int) -> str:
    """The line for a classroom server's refusal that said nothing more."""
    return pgettext("class", "the classroom server answered %(status)s") % {"status": status}


class HttpLink:
    """The classroom server over HTTP (JSON) on one kept connection, with the session
    token it gave at join.

    The token is signed by the server and outlives its restart; when the server
    refuses it anyway (expired), the link joins again with the code it was
    given and retries once.
    """

    def __init__(self, server: str, set_name: str, *, timeout: float = TIMEOUT) -> None:
        server = server.strip().rstrip("/")
        try:
            parsed = urllib.parse.urlsplit(server)
            parsed.port  # noqa: B018  (a port out of range or not a number raises here)
        except ValueError:  # e.g. 'http://[::1' (an address left open)
            parsed = urllib.parse.urlsplit("")
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise DrillError(pgettext("class", "'%(server)s' is not a server address "
                                               "(write http://HOST:PORT or https://HOST)")
                             % {"server": server[:80]})
        self.server = server
        self.set_name = set_name
        self.timeout = timeout
        self._token: str | None = None
        self._student: str | None = None
        self._code: str | None = None
        # one kept connection (HTTP keep-alive): no new connection, nor TLS handshake
        # behind a proxy, for each answer; used by one request at a time
        self._conn: http.client.HTTPConnection | None = None
        self._lock = threading.Lock()

    def url(self, tail: str) -> str:
        """The address of one of the set's routes."""
        return f"{self.server}/api/sets/{urllib.parse.quote(self.set_name, safe='')}/{tail}"

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        """The kept connection to the server (made when there is none)."""
        if self._conn is None:
            parsed = urllib.parse.urlsplit(self.server)
            kind = (http.client.HTTPSConnection if parsed.scheme == "https"
                    else http.client.HTTPConnection)
            self._conn = kind(parsed.hostname or "", parsed.port, timeout=timeout)
        conn = self._conn
        conn.timeout = timeout
        if conn.sock is not None:
            conn.sock.settimeout(timeout)
        return conn

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _exchange(self, method: str, path: str, data: bytes | None, headers: dict[str, str],
                  timeout: float) -> tuple[int, bytes, Message]:
        """One request on the kept connection: (status, body, headers).

        A kept connection the server has closed meanwhile (it restarted, or
        ended an idle connection) is made again once: every request of the
        classroom is safe to repeat (an answer is stored once per question).
        """
        with self._lock:
            for attempt in (1, 2):
                reused = self._conn is not None and self._conn.sock is not None
                conn = self._connection(timeout)
                try:
                    conn.request(method, path, body=data, headers=headers)
                    r = conn.getresponse()
                    body = r.read()
                except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError,
                        http.client.ImproperConnectionState):
                    self._drop()
                    if attempt == 2 or not reused:
                        raise
                    continue
                except BaseException:
                    self._drop()
                    raise
                if r.will_close:
                    self._drop()
                return r.status, body, r.headers
        raise AssertionError("unreachable")  # pragma: no cover

    def _call(self, method: str, tail: str, body: Mapping[str, Any] | None = None,
              *, rejoin: bool = True, timeout: float | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        address = client_address()
        if address:  # a served tab: the browser's address (believed from a trusted proxy only)
            headers["X-Forwarded-For"] = address
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        try:
            status, raw, reply = self._exchange(method, urllib.parse.urlsplit(self.url(tail)).path,
                                                data, headers, timeout or self.timeout)
            doc = json.loads(raw or b"null")
        except (OSError, ValueError, http.client.HTTPException) as e:
            reason = getattr(e, "reason", None) or str(e) or type(e).__name__
            raise LinkDown(pgettext("class", "the classroom server %(server)s does not answer "
                                             "(%(reason)s)") % {"server": self.server,
                                                                "reason": reason}
                           ) from None
        if status < 400:
            return status, doc
        message = doc.get("error") if isinstance(doc, dict) else None
        if status == 401 and rejoin and self._student is not None:
            self.join(self._student, self._code)
            return self._call(method, tail, body, rejoin=False)
        if status == 422 and isinstance(doc, dict):
            return 422, doc
        if status >= 500:
            raise LinkDown(localized_error(message) if message else _answered(status))
        try:
            retry = float(reply.get("Retry-After") or 0)
        except ValueError:
            retry = 0.0
        raise ClassRefused(localized_error(message) if message else _answered(status), status,
                           retry)

    def join(self, student: str, code: str | None) -> StudentSession:
        """Join or resume; the server gives a session token (and the code, the first time)."""
        self._token = None
        # a join checks a strong hash: a whole class joining at once takes a while
        _, doc = self._call("POST", "join", {"student": student, "code": code}, rejoin=False,
                            timeout=max(self.timeout, JOIN_TIMEOUT))
        try:
            session = session_from_json(doc["session"])
            self._token = str(doc["token"])
        except (KeyError, TypeError, WireError) as e:
            raise LinkDown(pgettext("class", "the classroom server sent a join that cannot be "
                                             "read (%(reason)s)") % {"reason": e}) from None
        self._student = session.student
        self._code = session.code or code
        return session

    def questions(self) -> tuple[AskedQuestion, ...]:
        """The set's hands, in order."""
        from .wire import question_from_json

        _, doc = self._call("GET", "questions")
        if not isinstance(doc, list):
            raise LinkDown(pgettext("class", "the classroom server sent questions that cannot "
                                             "be read"))
        return tuple(question_from_json(q) for q in doc)

    def submit(self, position: int, answers: Mapping[str, str], *, seconds: float,
               timed_out: bool) -> Receipt | Hints:
        """Send an answer; the server grades it."""
        status, doc = self._call("POST", "answers", {
            "position": position, "answers": dict(answers), "seconds": seconds,
            "timed_out": timed_out,
        })
        if status == 422:
            return _hints(doc.get("hints") or {})
        return receipt_from_json(doc)

    def own_results(self) -> StudentResult:
        """The student's own results."""
        _, doc = self._call("GET", "mine")
        return result_from_json(doc)


def reset_code_on_server(server: str, set_name: str, password: str, student: str,
                         ) -> tuple[str, str]:
    """A student's new resume code, from the classroom server (teacher): (student, code).

    Raises:
        ClassRefused: a wrong password, no such student (one line).
        LinkDown: the server does not answer.
    """
    link = HttpLink(server, set_name, timeout=JOIN_TIMEOUT)  # it hashes the new code
    _, doc = link._call("POST", "reset", {"password": password, "student": student},
                        rejoin=False)
    try:
        return str(doc["student"]), str(doc["code"])
    except (KeyError, TypeError) as e:
        raise LinkDown(_answered(200)) from e


def teacher_on_server(server: str, set_name: str, route: str, body: Mapping[str, Any],
                      ) -> dict[str, Any]:
    """A teacher's request to the classroom server (``remove``, ``admission``): its reply.

    Raises:
        ClassRefused: a wrong password, no such student (one line).
        LinkDown: the server does not answer.
    """
    link = HttpLink(server, set_name, timeout=JOIN_TIMEOUT)  # it checks a password hash
    _, doc = link._call("POST", route, body, rejoin=False)
    if not isinstance(doc, dict):
        raise LinkDown(_answered(200))
    return doc


# --------------------------------------------------------------------------- the student's files


def _data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("riichi-drill", appauthor=False)) / "class"


def _key(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:24]


def _write_private(path: Path, doc: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(doc, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class Pending:
    """An answer not yet confirmed by the server."""

    position: int
    answers: Mapping[str, str]
    seconds: float
    timed_out: bool

    def to_json(self) -> dict[str, Any]:
        """As kept in the journal."""
        return {"position": self.position, "answers": dict(self.answers),
                "seconds": self.seconds, "timed_out": self.timed_out}


@dataclass(frozen=True, slots=True)
class Kept:
    """An answer the server could not take yet: it is kept and will be sent."""

    position: int
    waiting: int
    reason: str


class ClassController:
    """One student's session of a set, on a link (see the module's docstring).

    Args:
        link: the way to the grading.
        where: an id of the server (for the student's files), e.g. its URL.
        folder: where the code and the journal are kept (the user's data folder).
        ticker: a monotonic clock.
    """

    def __init__(self, link: ClassLink, *, where: str = "local", folder: Path | None = None,
                 ticker: Callable[[], float] = time.monotonic) -> None:
        self.link = link
        self.where = where
        self.folder = folder or _data_dir()
        self.ticker = ticker
        self.session: StudentSession | None = None
        self.questions: tuple[Question, ...] = ()
        self.pending: list[Pending] = []
        self.receipts: dict[int, Receipt] = {}
        #: a browser tab served by ``riichi-drill serve``: no code is kept on this machine
        self.served = os.environ.get("RIICHI_DRILL_SERVED") == "1"

    # ----------------------------------------------------------------- files

    def _codes_path(self) -> Path:
        return self.folder / "codes.json"

    def _journal_path(self) -> Path:
        assert self.session is not None
        key = _key(self.where, self.link.set_name, self.session.student)
        return self.folder / f"journal-{key}.json"

    def saved_code(self, student: str) -> str | None:
        """The resume code kept on this machine for this student and set, if any.

        A session served to a browser keeps no code: the machine is the server,
        shared by every visitor.
        """
        if self.served:
            return None
        doc = _read(self._codes_path())
        found = doc.get(_key(self.where, self.link.set_name, student)) if isinstance(doc, dict) \
            else None
        return found if isinstance(found, str) else None

    def _save_code(self, student: str, code: str) -> None:
        if self.served:
            return
        doc = _read(self._codes_path())
        doc = doc if isinstance(doc, dict) else {}
        doc[_key(self.where, self.link.set_name, student)] = code
        with contextlib.suppress(OSError):
            _write_private(self._codes_path(), doc)

    def _save_journal(self) -> None:
        path = self._journal_path()
        try:
            if self.pending:
                _write_private(path, [p.to_json() for p in self.pending])
            else:
                path.unlink(missing_ok=True)
        except OSError:
            pass  # the answers are still in memory

    def _load_journal(self) -> None:
        doc = _read(self._journal_path())
        if not isinstance(doc, list):
            return
        for p in doc:
            try:
                self.pending.append(Pending(int(p["position"]), dict(p["answers"]),
                                            float(p["seconds"]), bool(p["timed_out"])))
            except (KeyError, TypeError, ValueError):
                continue

    # ----------------------------------------------------------------- the set

    def join(self, student: str, code: str | None = None) -> StudentSession:
        """Join or resume (with the code given, or the one kept on this machine)."""
        given = code or self.saved_code(student.strip())
        session = self.link.join(student, given)
        if session.code:
            self._save_code(session.student, session.code)
        self.session = session
        self._load_journal()
        return session

    def load(self) -> tuple[Question, ...]:
        """Fetch the set's hands and build their questions (scored here only to draw them)."""
        from data.bank.items import prepare_item
        from data.records import ItemKind

        assert self.session is not None, "join first"
        options = self.session.practice_set.options
        out = []
        for q in self.link.questions():
            item = prepare_item(q.problem, uid=q.uid, origin="class server",
                                kind=ItemKind.GENERATED).to_bank_item(0)
            out.append(question_for(item, q.position, options))
        self.questions = tuple(out)
        return self.questions

    @property
    def next_position(self) -> int:
        """The next question to ask: after the stored answers and the kept ones."""
        assert self.session is not None
        kept = max((p.position + 1 for p in self.pending), default=0)
        return max(self.session.position, kept)

    def readable(self, question: Question, answers: Mapping[Part, Answer]) -> Hints | None:
        """Hints when part of the answer cannot be read (nothing is sent), else None."""
        graded = grade(question.key, answers, local_words())
        return graded if isinstance(graded, Hints) else None

    def submit(self, position: int, answers: Mapping[Part, Answer], *, seconds: float,
               timed_out: bool = False) -> Receipt | Hints | Kept:
        """Keep the answer, then send everything kept, in order.

        Returns the server's receipt for this answer, its hints when it cannot
        be read, or :class:`Kept` when the server is away (the answer waits in
        memory and in the journal file, and goes with the next :meth:`flush`).
        """
        text = {p.value: (a if isinstance(a, str) else ", ".join(a)) for p, a in answers.items()}
        self.pending.append(Pending(position, text, max(0.0, seconds), timed_out))
        self._save_journal()
        try:
            got = self.flush()
        except LinkDown as e:
            return Kept(position, len(self.pending), str(e))
        except ClassRefused:
            raise
        if isinstance(got, Hints):
            return got
        return self.receipts[position]

    def flush(self) -> Hints | list[Receipt]:
        """Send the kept answers in order; returns the receipts (or hints for an unreadable one).

        Raises:
            LinkDown: the server is still away (what was not sent stays kept).
            ClassRefused: the server refused an answer (it is dropped: it cannot be stored).
        """
        sent: list[Receipt] = []
        while self.pending:
            p = self.pending[0]
            try:
                got = self.link.submit(p.position, p.answers, seconds=p.seconds,
                                       timed_out=p.timed_out)
            except ClassRefused:
                self.pending.pop(0)
                self._save_journal()
                raise
            self.pending.pop(0)
            self._save_journal()
            if isinstance(got, Hints):
                return got
            self.receipts[p.position] = got
            self.session = got.session
            sent.append(got)
        return sent

    def own_results(self) -> StudentResult:
        """The student's own results, from the server."""
        return self.link.own_results()
