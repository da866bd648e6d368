"""The web server: pages for learners, students and teachers, and the classroom's JSON API.

``riichi-drill web`` (and ``riichi-drill class serve``) run one aiohttp
application: the classroom server's JSON API (:class:`quiz.classroom.server.ClassServer`,
as ``class join --server`` speaks it) with the pages of :class:`WebPages` added
to it. Pages are rendered on the server from Jinja2 templates; every form is
a plain form post (JavaScript only makes the keys nicer and the teacher's page
live). A visitor is known by a signed cookie (:mod:`quiz.web.security`); the
server keeps no state per visitor, so one process holds a whole school and
several processes behind a proxy share one database.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp_jinja2
import jinja2
from aiohttp import web

from data.errors import LearnerError, NotFoundError
from data.learner_passwords import (
    NameTakenError,
    PasswordError,
    SignInLimits,
    WrongSignInError,
    sign_in_key,
)

from ..classroom.base import BODY_SECONDS
from ..classroom.proxy import Network, TrustedProxies
from ..drills import DRILLS, DrillKind, Question, prompt_for
from ..grading import Hints, Marked, Part, part_label
from ..screens.drill import payment_placeholder
from ..settings import Settings
from ..widgets.answer_form import PLACEHOLDERS
from ..widgets.marks import mark_lines
from ..widgets.situation import situation_lines
from ..words.core import LANGUAGE_NAMES, LANGUAGES, N_, _, ngettext, request_language, speaking
from ..words.explanation import explanation_lines, section_title
from ..words.payments import say_payment
from ..words.sentences import hint_of
from ..words.terms import fu_count, han_count, rules_label
from ..words.tilefaces import tiles_in
from .drill import LONGEST_FIELD, Asked, BadTicket, WebDrill
from .security import SECURITY_HEADERS, Signer, csrf_ok, csrf_token, derive_key, new_id
from .tiles import hand_view, tiles_html
from .words import page_words

if TYPE_CHECKING:
    from data.learner_passwords import LearnerPasswords
    from data.records import LearnerRecord

    from ..store.drill import DrillStore

__all__ = ["COOKIE", "Visit", "WebPages"]

T = TypeVar("T")

HERE = Path(__file__).resolve().parent
#: The session cookie's name.
COOKIE = "rd"
#: Seconds a session cookie lasts (signed in a day at most; renewed as the visitor goes on).
COOKIE_LIFE = 12 * 3600
#: Seconds a failed password is held back (slows guessing).
FAIL_DELAY = 0.5
#: The parts whose field opens the numeric keypad.
NUMERIC = (Part.FU, Part.HAN, Part.DORA_HAN)
#: The application's :class:`WebPages`.
_KEY_APP: web.AppKey[WebPages] = web.AppKey("web_pages")


class PageError(Exception):
    """Something wrong with a request, said on the page in one line (``status`` given)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Visit:
    """What the signed cookie says about the visitor (changed by a page, then re-signed)."""

    doc: dict[str, Any]
    changed: bool = False
    fresh: bool = False
    learner: LearnerRecord | None = None
    settings: Settings | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def sid(self) -> str:
        return str(self.doc["sid"])

    def get(self, key: str) -> Any:
        return self.doc.get(key)

    def set(self, **values: Any) -> None:
        for key, value in values.items():
            if value is None:
                if key in self.doc:
                    del self.doc[key]
                    self.changed = True
            elif self.doc.get(key) != value:
                self.doc[key] = value
                self.changed = True


#: Where a request keeps its :class:`Visit`.
VISIT: web.RequestKey[Visit] = web.RequestKey("visit", Visit)


class WebPages:
    """The pages of ``riichi-drill web`` over one database.

    Args:
        store: the app's store (the bank, learners, settings, answers).
        secret: the database's secret (cookies and question tickets are signed with
            keys derived from it).
        passwords: learners' passwords.
        workers: threads running database work.
        trusted_proxies: reverse proxies whose ``X-Forwarded-For`` is believed.
        secure_cookies: send the cookie only over HTTPS (behind a proxy with TLS).
        fail_delay: seconds a wrong password's answer is held back.
    """

    def __init__(self, store: DrillStore, secret: bytes, passwords: LearnerPasswords, *,
                 workers: int = 8, trusted_proxies: Iterable[Network] = (),
                 secure_cookies: bool = False, fail_delay: float = FAIL_DELAY,
                 ticker: Callable[[], float] = time.time) -> None:
        self.store = store
        self.passwords = passwords
        self.cookie_key = derive_key(secret, "cookie")
        self.csrf_key = derive_key(secret, "csrf")
        self.cookies = Signer(self.cookie_key, ticker=ticker)
        self.drill = WebDrill(store, Signer(derive_key(secret, "ticket"), ticker=ticker))
        self.limiter = SignInLimits(store.database)
        self.proxies = TrustedProxies(tuple(trusted_proxies))
        self.secure_cookies = secure_cookies
        self.fail_delay = fail_delay
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="web-db")
        #: scrypt (passwords, resume codes) on two threads at most: each hash takes 16 MB
        #: while it runs, so a class joining at once neither swells the server nor stalls it
        self._hashing = ThreadPoolExecutor(max_workers=2, thread_name_prefix="web-hash")
        self.extensions: list[Callable[[web.Application], None]] = []

    # ----------------------------------------------------------------- wiring

    def install(self, app: web.Application) -> None:
        """Add the pages, their middleware and the static files to an application."""
        env = aiohttp_jinja2.setup(
            app, loader=jinja2.FileSystemLoader(str(HERE / "templates")),
            autoescape=jinja2.select_autoescape(default=True), trim_blocks=True,
            lstrip_blocks=True, undefined=jinja2.StrictUndefined)
        env.globals.update(languages=[(c, LANGUAGE_NAMES.get(c, c)) for c in LANGUAGES])
        app[_KEY_APP] = self
        app.middlewares.append(self._middleware)
        app.add_routes([
            web.get("/", self.home),
            web.post("/lang", self.choose_language),
            web.post("/signup", self.sign_up),
            web.post("/signin", self.sign_in),
            web.post("/signout", self.sign_out),
            web.get("/drill", self.drill_page),
            web.post("/drill", self.drill_answer),
            web.get("/favicon.ico", self.favicon),
            web.static("/static", str(HERE / "static"), append_version=False),
        ])
        for extend in self.extensions:
            extend(app)
        app.on_cleanup.append(self._cleanup)

    async def _cleanup(self, _app: web.Application) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._hashing.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run database (or hashing) work in a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args))

    async def hashing(self, fn: Callable[..., T], *args: Any) -> T:
        """Run work that hashes a secret (scrypt) on the two hashing threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._hashing, lambda: fn(*args))

    def address(self, request: web.Request) -> str:
        """The client's address (from a trusted proxy's ``X-Forwarded-For`` when behind one)."""
        return "addr:" + self.proxies.client(request.remote,
                                             request.headers.getall("X-Forwarded-For", []))

    # ----------------------------------------------------------------- middleware

    @web.middleware
    async def _middleware(self, request: web.Request,
                          handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                          ) -> web.StreamResponse:
        if request.path.startswith("/api/"):
            response = await handler(request)
            return response
        doc = self.cookies.read(request.cookies.get(COOKIE))
        visit = Visit(doc or {"sid": new_id()}, fresh=doc is None)
        if doc is None:
            visit.changed = True
        request[VISIT] = visit
        try:
            if request.method == "POST":
                await self._check_post(request, visit)
            response = await handler(request)
        except web.HTTPRequestEntityTooLarge:
            response = self.page_error(request, page_words()["too_big"], 413)
        except PageError as e:
            response = self.page_error(request, str(e), e.status)
        except BadTicket:
            response = self.page_error(request, self.words(request)["unknown_question"], 400)
        except web.HTTPNotFound:
            response = self.page_error(request, self.words(request)["page_not_found"], 404)
        except web.HTTPException as e:  # a redirect: it takes the visit's changes along
            if visit.changed:
                self._set_cookie(e, visit)
            raise
        except Exception as e:
            from data.errors import DatabaseError

            if isinstance(e, DatabaseError) or type(e).__module__.startswith("sqlalchemy"):
                response = self.page_error(request, self.words(request)["server_busy"], 503)
            else:
                raise
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if not request.path.startswith("/static/"):
            response.headers.setdefault("Cache-Control", "no-store")
        if visit.changed or (visit.learner is not None and not visit.fresh):
            self._set_cookie(response, visit)
        return response

    def _set_cookie(self, response: web.StreamResponse, visit: Visit) -> None:
        doc = {k: v for k, v in visit.doc.items() if k != "exp"}
        response.set_cookie(COOKIE, self.cookies.sign(doc, life=COOKIE_LIFE),
                            max_age=COOKIE_LIFE, httponly=True, samesite="Lax",
                            secure=self.secure_cookies, path="/")

    async def _check_post(self, request: web.Request, visit: Visit) -> None:
        """A form post must come from this site's own page: its Origin (when sent) and
        its CSRF token; the body must be small and readable."""
        origin = request.headers.get("Origin")
        if origin and origin != "null":
            host = request.headers.get("Host", "")
            if origin.split("://", 1)[-1] != host:
                raise PageError(self.words(request)["bad_form"], 403)
        try:
            async with asyncio.timeout(BODY_SECONDS):  # a body sent a byte at a time: dropped
                form = await request.post()
        except TimeoutError:
            raise PageError(self.words(request)["too_slow"], 408) from None
        token = form.get("csrf")
        if visit.fresh or not csrf_ok(self.csrf_key, visit.sid, token):
            raise PageError(self.words(request)["bad_form"], 403)

    # ----------------------------------------------------------------- rendering

    def language(self, request: web.Request) -> str:
        """The visitor's language: their settings, their choice, else the browser's."""
        visit: Visit = request[VISIT]
        if visit.settings is not None and visit.settings.language:
            return visit.settings.language
        return request_language(visit.get("lang"), request.headers.get("Accept-Language"))

    def words(self, request: web.Request) -> dict[str, str]:
        with speaking(self.language(request)):
            return page_words()

    def render(self, request: web.Request, template: str, context: Mapping[str, Any],
               status: int = 200) -> web.Response:
        """A page in the visitor's language."""
        visit: Visit = request[VISIT]
        lang = self.language(request)
        with speaking(lang):
            ctx = {
                "w": page_words(), "lang": lang, "visit": visit,
                "csrf": csrf_token(self.csrf_key, visit.sid), "learner": visit.learner,
                "notes": visit.notes, "drills": [(k.value, _(DRILLS[k].title)) for k in
                                                  DrillKind],
                **context,
            }
            response = aiohttp_jinja2.render_template(template, request, ctx, status=status)
        return response

    def page_error(self, request: web.Request, message: str, status: int) -> web.Response:
        """One line on a page: what is wrong (nothing was changed)."""
        return self.render(request, "error.html", {"message": message}, status=status)

    # ----------------------------------------------------------------- learners

    async def learner(self, request: web.Request) -> LearnerRecord:
        """The signed-in learner (and their settings, read fresh); else back to the start."""

        visit: Visit = request[VISIT]
        lid = visit.get("lid")
        if not isinstance(lid, int):
            raise web.HTTPSeeOther("/")
        try:
            record = await self.run(self.store.learners.by_id, lid)
        except NotFoundError:
            visit.set(lid=None)
            raise web.HTTPSeeOther("/") from None
        visit.learner = record
        visit.settings = await self.run(self.store.load_settings, lid)
        return record

    async def home(self, request: web.Request) -> web.StreamResponse:
        """The start: sign in or up, join a class, or open a class as its teacher."""
        visit: Visit = request[VISIT]
        if isinstance(visit.get("lid"), int):
            raise web.HTTPSeeOther("/drill")
        if request.query.get("out") == "1":
            visit.notes.append(self.words(request)["signed_out"])
        return self.render(request, "home.html", {})

    async def favicon(self, request: web.Request) -> web.StreamResponse:
        """The icon a browser asks for by itself."""
        raise web.HTTPMovedPermanently("/static/icon.svg")

    async def choose_language(self, request: web.Request) -> web.StreamResponse:
        """The language of a visitor who is not signed in."""
        form = await request.post()
        lang = form.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES:
            request[VISIT].set(lang=lang)
        back = form.get("back")
        raise web.HTTPSeeOther(back if isinstance(back, str) and back.startswith("/")
                               and not back.startswith("//") else "/")

    async def _password_form(self, request: web.Request) -> tuple[str, str, Any]:
        form = await request.post()
        name, password = form.get("name"), form.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or not name.strip():
            raise PageError(self.words(request)["bad_request"] % {
                "what": self.words(request)["name"] + ", " + self.words(request)["password"]})
        if len(name) > 200 or len(password) > 500:
            raise PageError(self.words(request)["too_long"])
        return name, password, form

    async def sign_up(self, request: web.Request) -> web.StreamResponse:
        """A new learner (or a terminal learner setting a password), signed in at once."""

        w = self.words(request)
        name, password, form = await self._password_form(request)
        if form.get("password2") is not None and form.get("password2") != password:
            raise PageError(w["passwords_differ"])
        address = self.address(request)
        await self._reserve(request, address)
        try:
            record = await self.hashing(self.passwords.sign_up, name, password)
        except NameTakenError:
            await self.run(self.limiter.failed, address)
            raise PageError(w["name_taken"], 409) from None
        except PasswordError:
            raise PageError(w["password_short"]) from None
        except LearnerError as e:
            raise PageError(str(e)) from None
        return self._signed_in(request, record)

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        """A learner signs in; wrong passwords are slowed, then refused for a while. Each
        guess is reserved before it is checked, so guesses sent at once count as many."""

        w = self.words(request)
        name, password, _form = await self._password_form(request)
        account, address = sign_in_key(name), self.address(request)
        await self._reserve(request, address, account)
        try:
            record = await self.hashing(self.passwords.sign_in, name, password)
        except WrongSignInError:
            await self.run(self.limiter.failed, address, account)
            await asyncio.sleep(self.fail_delay)
            raise PageError(w["wrong_sign_in"], 403) from None
        except BaseException:
            await self.run(self.limiter.settle, account)
            raise
        await self.run(self.limiter.succeeded, account)
        return self._signed_in(request, record)

    async def _reserve(self, request: web.Request, address: str,
                       account: str | None = None) -> None:
        """Reserve this attempt (:meth:`data.learner_passwords.SignInLimits.reserve`), or
        refuse the request (429) with the wait."""
        wait = await self.run(self.limiter.reserve, address, account)
        if wait > 0:
            raise PageError(self.words(request)["too_many"]
                            % {"seconds": SignInLimits.seconds(wait)}, 429)

    def _signed_in(self, request: web.Request, record: LearnerRecord) -> web.StreamResponse:
        visit: Visit = request[VISIT]
        visit.doc = {"sid": new_id(), "lid": record.id}  # a new session id: no fixation
        visit.changed = True
        response = web.HTTPSeeOther("/drill")
        self._set_cookie(response, visit)
        raise response

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        """Forget the visitor: a new anonymous session."""
        visit: Visit = request[VISIT]
        lang = visit.get("lang")
        visit.doc = {"sid": new_id(), **({"lang": lang} if lang else {})}
        visit.changed = True
        raise web.HTTPSeeOther("/?out=1")

    # ----------------------------------------------------------------- the drill

    def _session(self, visit: Visit, drill: DrillKind, *, fresh: bool = False) -> tuple[str, int]:
        """The visitor's drill session and the number of the next question."""
        ses, num, kind = visit.get("ses"), visit.get("num"), visit.get("kind")
        if fresh or not isinstance(ses, str) or not isinstance(num, int) or kind != drill.value:
            ses, num = new_id()[:16], 0
            visit.set(ses=ses, num=0, kind=drill.value)
        return ses, num + 1

    async def drill_page(self, request: web.Request) -> web.StreamResponse:
        """A new question of the drill asked (``?kind=fu``), else of the learner's drill."""
        learner = await self.learner(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        kind = request.query.get("kind")
        try:
            drill = DrillKind(kind) if kind else settings.drill
        except ValueError:
            raise PageError(self.words(request)["page_not_found"], 404) from None
        if drill is DrillKind.SETTLE:  # a round's end, not a hand: its own page
            raise web.HTTPSeeOther("/settle")
        session, number = self._session(visit, drill)
        lang = self.language(request)
        with speaking(lang):
            asked = await self.run(self.drill.ask, learner, settings, drill, session, number)
        if asked is None:
            raise PageError(self.words(request)["no_hands"], 503)
        return self._question_page(request, asked, settings, typed={}, hints=None)

    def _question_page(self, request: web.Request, asked: Asked, settings: Settings, *,
                       typed: Mapping[str, str], hints: Hints | None,
                       status: int = 200) -> web.Response:
        with speaking(self.language(request)):
            view = question_view(asked.question, settings, typed=typed, hints=hints)
        total = settings.session_length or None
        return self.render(request, "drill.html", {
            "q": view, "ticket": asked.ticket, "number": asked.question.number, "total": total,
            "action": "/drill"}, status=status)

    async def drill_answer(self, request: web.Request) -> web.StreamResponse:
        """Grade the answer on the server; show the marks and the explanation, or hints."""
        learner = await self.learner(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        form = await request.post()
        ticket = form.get("ticket")
        if not isinstance(ticket, str):
            raise PageError(self.words(request)["unknown_question"])
        asked = await self.run(self.drill.reopen, learner, ticket)
        typed = read_fields(form, asked.question.fields, self.words(request))
        with speaking(self.language(request)):
            graded = await self.run(self.drill.answer, learner, asked,
                                    {Part(k): v for k, v in typed.items()})
        if isinstance(graded, Hints):
            return self._question_page(request, asked, settings, typed=typed, hints=graded)
        if visit.get("ses") == asked.session:
            visit.set(num=max(int(visit.get("num") or 0), asked.question.number))
        total = settings.session_length or None
        over = total is not None and asked.question.number >= total
        with speaking(self.language(request)):
            view = question_view(asked.question, settings, typed=typed, hints=None)
            marks = marks_view(graded, settings)
            lines = explanation_view(asked.question, settings)
        return self.render(request, "marked.html", {
            "q": view, "marks": marks, "right": graded.correct, "lines": lines,
            "number": asked.question.number, "total": total, "over": over,
            "kind": asked.question.drill.value})


# --------------------------------------------------------------------------- views


def read_fields(form: Mapping[str, Any], parts: Iterable[Part],
                words: Mapping[str, str]) -> dict[str, str]:
    """The answer fields of a form, checked: text, none too long.

    Raises:
        PageError: a field is not text or too long (nothing is stored).
    """

    typed: dict[str, str] = {}
    for part in parts:
        value = form.get(part.value, "")
        if not isinstance(value, str):
            raise PageError(words["bad_request"] % {"what": part.value})
        if len(value) > LONGEST_FIELD:
            raise PageError(words["too_long"])
        typed[part.value] = value
    return typed


@dataclass(frozen=True)
class FieldView:
    """One answer field as the page draws it."""

    name: str
    label: str
    value: str
    placeholder: str
    numeric: bool
    hint: str | None
    payment: bool


@dataclass(frozen=True)
class QuestionView:
    """What a question page shows: the hand, the situation, the prompt and the fields."""

    title: str
    prompt: str
    groups: list[Any]
    situation: list[str]
    dora: Any
    dora_label: str
    ura: Any
    ura_label: str
    ura_note: str
    fields: list[FieldView]
    payment_forms: list[tuple[str, str]]
    style: str


def _labels() -> dict[str, str]:
    meld = {"chi": N_("^chi"), "pon": N_("^pon"), "minkan": N_("^open kan"),
            "shouminkan": N_("^added kan"), "ankan": N_("closed kan")}
    out = {k: _(v).lstrip("^") for k, v in meld.items()}
    out.update(waiting=_("waiting"), ron=_("ron"), tsumo=_("tsumo"))
    return out


def payment_forms() -> list[tuple[str, str]]:
    """The payment field's buttons: what each adds, and its label (the table's forms)."""

    forms: list[tuple[str, str]] = [("/", "/"), (" all", "all")]
    said = say_payment({"all": 3900}).replace("3900", "").strip()
    if said and said != "all":
        forms.append((" " + said if said[0].isalpha() else said, said))
    sep = say_payment({"non_dealer": 2000, "dealer": 3900}).replace("2000", "").replace(
        "3900", "").strip()
    if sep and sep != "/":
        forms.append((sep, sep))
    return forms


def question_view(q: Question, settings: Settings, *, typed: Mapping[str, str],
                  hints: Hints | None) -> QuestionView:
    """A question as a page shows it, in the language spoken now."""

    style = settings.tile_style.value
    groups: list[Any] = []
    situation: list[str] = []
    dora: Any = tiles_html((), style)
    ura: Any = dora
    dora_label = ura_label = ura_note = ""
    if q.result is not None:
        r = q.result
        groups = hand_view(r.hand, style, tsumo=r.tsumo, hide_win=q.hide_win, labels=_labels())
        s = r.situation
        situation = situation_lines(s, r.rules, salt=q.item.uid if q.item is not None else "")
        dora_label = ngettext("Dora indicator: ", "Dora indicators: ", max(len(s.dora), 1))
        dora = tiles_html(s.dora, style) if s.dora else _("none")
        if q.drill is not DrillKind.DORA and s.ura:
            ura_label, ura = _("Ura:"), tiles_html(s.ura, style)
            if not s.in_riichi:
                ura_note = _("(no riichi: not counted)")
    elif q.cell is not None:
        c = q.cell
        bits = [_("Dealer") if c.dealer else _("Non-dealer"),
                (_(" · won by ") + (_("tsumo") if c.tsumo else _("ron"))).strip(" ·"),
                f"{fu_count(c.fu)} {han_count(c.han)}"]
        if c.honba:
            bits.append(ngettext("%(n)d honba", "%(n)d honba", c.honba) % {"n": c.honba})
        bits.append(_("rules: %(rules)s") % {"rules": rules_label(q.key.profile.name)})
        situation = [" · ".join(bits)]
    fields = []
    for part in q.fields:
        placeholder = (payment_placeholder(q) if part is Part.PAYMENT
                       else _(PLACEHOLDERS.get(part, "")) if part in PLACEHOLDERS else "")
        fields.append(FieldView(part.value, _(part_label(part)), typed.get(part.value, ""),
                                placeholder, part in NUMERIC,
                                hint_of(hints, part) if hints is not None else None,
                                part is Part.PAYMENT))
    return QuestionView(_(DRILLS[q.drill].title), prompt_for(q), groups, situation, dora,
                        dora_label, ura, ura_label, ura_note, fields, payment_forms(), style)


@dataclass(frozen=True)
class MarkRow:
    """One line of the marks: its head (``✓ Fu``, ``Likely reason:``) and text."""

    head: str
    text: str
    kind: str


def marks_view(marked: Marked, settings: Settings) -> list[MarkRow]:
    """The marks as the terminal words them (:func:`quiz.widgets.marks.mark_lines`)."""

    rows = []
    for row in mark_lines(marked, style=settings.tile_style):
        head = row.head.plain.strip()
        kind = ("right" if head.startswith("✓") else "wrong" if head.startswith("✗")
                else "reason")
        rows.append(MarkRow(head, row.body.plain, kind))
    return rows


@dataclass(frozen=True)
class ExplainedLine:
    """One line of the worked explanation, with the heading of its section where it starts."""

    heading: str
    text: str
    kind: str


def explanation_view(q: Question, settings: Settings) -> list[ExplainedLine]:
    """The worked explanation in the learner's words and tile style
    (:mod:`quiz.words.explanation`)."""

    out = []
    last = None
    for line in explanation_lines(q, tiles_in(settings.tile_style)):
        title = section_title(line.kind)
        out.append(ExplainedLine(title if title != last else "", line.text, line.kind))
        last = title
    return out
