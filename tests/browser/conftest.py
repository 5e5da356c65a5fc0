"""Playwright on Debian's Chromium (no browser download): people at phone and laptop sizes.

The harness of the browser suites ("tests as people": each acts as a person does):

- ``size``: every test that uses ``people`` (or ``size``) runs twice, on a phone (390x844,
  mobile, touch) and on a laptop (1280x800).
- ``people.person("player")``: a fresh browser context (its own cookies: one person) at that size,
  wrapped in :class:`Person`, which opens pages of the live server, logs in and takes screenshots
  to ``artifacts/screenshots/<suite>/<nn>-<who>-<step>-<size>.png`` (``artifacts/`` is ignored by
  git; CI keeps it as an artefact, ``.ci/run`` prints where it is).
- :func:`newest_mail_link` (:func:`newest_mail`, :func:`first_link`): the mail Django sent (the
  locmem outbox: the live server runs in this process), so a person can "open the mail" and
  follow its link.

Playwright's sync API marks an asyncio loop as running in this thread while it is open, which makes
Django refuse ORM calls from the test body ("async unsafe"); the browser fixture allows them for
its own lifetime only (``DJANGO_ALLOW_ASYNC_UNSAFE``), since the test body and the live server do
not share a connection concurrently.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.conf import settings
from django.core import mail
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


class _OneRequestAtATime(ThreadedWSGIServer):
    """The live server, answering one request at a time.

    Its request threads all use the test's one in-memory SQLite connection (Django shares it
    with them, since a second connection would see another, empty database). Two requests at
    once (a page refreshing itself while a form posts) then drive that connection from two
    threads, and the ORM fails inside it with a 500 no person could cause on a real server.
    The connections stay threaded, so Chromium's keep-alive connections do not wait for each
    other; only the application (the response read whole, under the lock) is serial."""

    def set_app(self, application: Any) -> None:
        lock = threading.Lock()

        def serial(environ: Any, start_response: Any) -> list[bytes]:
            with lock:
                result = application(environ, start_response)
                try:
                    return list(result)
                finally:
                    close = getattr(result, "close", None)
                    if close is not None:
                        close()

        super().set_app(serial)


LiveServerThread.server_class = _OneRequestAtATime


CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The two sizes every people suite runs at: a phone at the venue, a laptop at the desk.
SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
}
#: Every test account's password (made with ``make_user``'s default or set by the fixtures).
PASSWORD = "pw-for-tests-1"
#: How long ``expect`` waits for a page to show what it should (the live server is in process).
EXPECT_TIMEOUT_MS = 5_000
MAIL_TIMEOUT_S = 5.0
_LINK = re.compile(r"https?://[^\s<>\"']+")


def _require_chromium() -> None:
    if not CHROMIUM.exists():
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but there is no Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture
def chromium() -> Iterator[Browser]:
    """One Chromium for one test (a session-wide one would leave Playwright's loop marked as
    running in this thread, and Django would refuse every later test's ORM calls)."""
    _require_chromium()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            try:
                yield browser
            finally:
                browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def browser_page(chromium: Browser) -> Iterator[Page]:
    """A single page at phone width (the first browser tests use it)."""
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        yield context.new_page()
    finally:
        context.close()


#: The one case of the matrix every commit runs (``make test``); the others are marked ``walk``
#: and run on demand (``make walk``; docs/testing.md).
SMOKE_SIZE, SMOKE_LANG = "phone", "en"
LANGS = ("en", "ja")


def matrix(sizes: Any = SIZES, langs: tuple[str, ...] = ()) -> list[Any]:
    """The parameters of a browser test: every size (and every language in ``langs``), the
    smoke case (``SMOKE_SIZE``, ``SMOKE_LANG``) plain, every other one marked ``walk``. With
    ``langs`` a parameter is ``(size, lang)`` with the id ``size-lang``; without, the size."""
    params = []
    for size in sizes:
        for lang in langs or (SMOKE_LANG,):
            value: Any = (size, lang) if langs else size
            ident = f"{size}-{lang}" if langs else size
            smoke = size == SMOKE_SIZE and lang == SMOKE_LANG
            marks = () if smoke else (pytest.mark.walk,)
            params.append(pytest.param(value, id=ident, marks=marks))
    return params


@pytest.fixture(params=matrix())
def size(request: pytest.FixtureRequest) -> str:
    """``phone`` or ``laptop``: each test using it runs at both (the laptop on demand only)."""
    return str(request.param)


@dataclass
class Person:
    """One person in their own browser: a page of the live server, at one size."""

    who: str
    page: Page
    size: str
    base_url: str
    people: People

    def open(self, path: str) -> Page:
        """Go to a path of the site (``/events/1/``) and return the page."""
        self.page.goto(self.base_url + path)
        return self.page

    def log_in(self, username: str, password: str = PASSWORD) -> None:
        """Log in through the log-in page, as the person would (username or email)."""
        from playwright.sync_api import expect

        self.open("/accounts/login/")
        # The project's form names it "username"; allauth's form names it "login".
        self.page.locator("input[name=username], input[name=login]").first.fill(username)
        self.page.locator("input[name=password]").first.fill(password)
        self.page.locator("main button[type=submit]").first.click()
        expect(self.page).not_to_have_url(re.compile(r"/accounts/login/"))

    def shot(self, step: str) -> Path:
        """A full-page screenshot: ``artifacts/screenshots/<suite>/<nn>-<who>-<step>-<size>.png``"""
        return self.people.screenshot(self, step)

    def fits_the_width(self) -> bool:
        """True when the page needs no horizontal scrolling (on a phone: WCAG 1.4.10, reflow)."""
        return bool(
            self.page.evaluate(
                "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
            )
        )


@dataclass
class People:
    """The people of one test, each in their own browser context at the test's size."""

    browser: Browser
    size: str
    base_url: str
    suite: str
    _contexts: list[Any] = field(default_factory=list)
    _shots: int = 0

    def __post_init__(self) -> None:
        """This size's screenshots of an earlier run go: the folder shows this run only."""
        for old in (SCREENSHOTS / self.suite).glob(f"*-{self.size}.png"):
            old.unlink()

    def person(self, who: str) -> Person:
        context = self.browser.new_context(**SIZES[self.size])
        self._contexts.append(context)
        return Person(who=who, page=context.new_page(), size=self.size,
                      base_url=self.base_url, people=self)  # fmt: skip

    def screenshot(self, person: Person, step: str) -> Path:
        self._shots += 1
        folder = SCREENSHOTS / self.suite
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self._shots:02d}-{person.who}-{step}-{self.size}.png"
        person.page.screenshot(path=str(path), full_page=True)
        return path

    def close(self) -> None:
        for context in self._contexts:
            context.close()


def suite_name(request: pytest.FixtureRequest) -> str:
    """The screenshots' folder of a test: its function's name without ``test_``."""
    name = request.node.originalname if isinstance(request.node, pytest.Function) else "browser"
    return name.removeprefix("test_")


@pytest.fixture
def people(
    chromium: Browser, size: str, live_server: Any, request: pytest.FixtureRequest
) -> Iterator[People]:
    """``people.person("player")`` opens a browser for one more person at this test's size."""
    group = People(browser=chromium, size=size, base_url=live_server.url,
                   suite=suite_name(request))  # fmt: skip
    try:
        yield group
    finally:
        group.close()


def newest_mail(*, to: str, timeout: float = MAIL_TIMEOUT_S) -> mail.EmailMessage:
    """The newest mail sent to ``to`` (Django's locmem outbox), waiting for it a moment: mail
    goes out after the request's transaction commits (Celery runs eagerly in the tests)."""
    deadline = time.monotonic() + timeout
    while True:
        outbox: list[mail.EmailMessage] = getattr(mail, "outbox", [])
        sent = [message for message in outbox if to in message.to]
        if sent:
            return sent[-1]
        if time.monotonic() > deadline:
            seen = [(message.to, message.subject) for message in outbox]
            raise AssertionError(f"no mail to {to} within {timeout} s; the outbox holds {seen}")
        time.sleep(0.05)


def newest_mail_link(*, to: str) -> str:
    """The first link of the newest mail to ``to``: "open the mail and follow the link"."""
    return first_link(newest_mail(to=to))


def first_link(message: mail.EmailMessage) -> str:
    """The first web address in a mail (its text, else its HTML alternative)."""
    texts = [str(message.body)]
    texts += [str(content) for content, _type in getattr(message, "alternatives", [])]
    for text in texts:
        found = _LINK.search(text)
        if found:
            return found.group(0).rstrip(".,)")
    raise AssertionError(f"no link in the mail {message.subject!r}: {message.body!r}")


# -- Data the people suites start from (made through the services, as the site would) ----------


@dataclass
class Club:
    """An event open for registration, its organiser, and the invented card set imported."""

    event: Any
    organiser: Any
    decklist: str


def import_demo_cards() -> None:
    """The invented ZUTOMAYO CARD set of the demo (no shared folder needed)."""
    from cardpool.importers import records_from_text
    from cardpool.services import card_import
    from judging.management.commands.load_demo import DEMO_CARDS

    records = records_from_text(DEMO_CARDS.read_text(encoding="utf-8"), filename=DEMO_CARDS.name)
    card_import(game_slug="zutomayo", records=records, source=DEMO_CARDS.name, is_demo=True)


@pytest.fixture
def club(make_user: Any, make_event: Any) -> Club:
    """ "Harbour Cup": registration open, two Swiss rounds, best of one; a legal list to submit."""
    from cardpool.models import Card

    import_demo_cards()
    organiser = make_user("olivia", first_name="Olivia", last_name="Organiser")
    event = make_event(organiser=organiser, name="Harbour Cup", swiss_rounds=2)
    cards = Card.objects.filter(game__slug="zutomayo").order_by("number")
    characters = [card.code for card in cards if card.card_type == "character"][:6]
    others = [card.code for card in cards if card.card_type != "character"][:4]
    decklist = "\n".join(f"2 {code}" for code in characters + others)
    return Club(event=event, organiser=organiser, decklist=decklist)


def register_players(club: Club, make_user: Any, names: list[str]) -> list[Any]:
    """Players with accounts (username: the first name, lower case), registered by themselves."""
    from tournaments.services import registration_create

    registrations = []
    for name in names:
        first, _, last = name.partition(" ")
        user = make_user(first.lower(), first_name=first, last_name=last)
        registrations.append(
            registration_create(event=club.event, user=user, display_name=name, by=user)
        )
    return registrations


def check_in_and_pair(club: Club, registrations: list[Any]) -> Any:
    """The organiser checks the players in and pairs round 1 (seed fixed): the round."""
    from tournaments.services import registration_check_in, round_pair

    for registration in registrations:
        registration_check_in(registration_id=registration.pk, by=club.organiser)
    return round_pair(event_id=club.event.pk, by=club.organiser, seed=1)


# -- The demo data, made once per worker --------------------------------------------------------

#: The test database just after ``load_demo`` (the invented card set), copied once per process.
_DEMO_COPY: dict[str, Any] = {}


def load_demo_once(settings: Any, tmp_path: Path) -> None:
    """``manage.py load_demo`` with its invented card set (``SHARED_DIR`` pointed at an empty
    folder), as the first browser test of this process ran it. On SQLite (the only database the
    browser suites run on) the first call keeps a copy of the whole in-memory database, made with
    SQLite's backup API, and the later calls restore that copy into the test database, which the
    live server's thread shares: milliseconds instead of seconds. Each test still ends with the
    database flushed (``transaction=True``), so a test's writes never reach the next one."""
    from io import StringIO

    from django.contrib.contenttypes.models import ContentType
    from django.core.management import call_command
    from django.db import connection

    settings.SHARED_DIR = tmp_path
    if connection.vendor != "sqlite":
        call_command("load_demo", stdout=StringIO())
        return
    connection.ensure_connection()
    live = connection.connection
    if "db" in _DEMO_COPY:
        _DEMO_COPY["db"].backup(live)
        ContentType.objects.clear_cache()  # the copy's ids, not those of the last flush
        return
    call_command("load_demo", stdout=StringIO())
    import sqlite3

    copy = sqlite3.connect(":memory:", check_same_thread=False)
    live.backup(copy)
    _DEMO_COPY["db"] = copy


# -- One page at one size in one language (the judge suites) -----------------------------------


@pytest.fixture(params=matrix(SIZES, LANGS))
def where(request: pytest.FixtureRequest) -> tuple[str, str]:
    """``(size, language)``: each test using it runs at both sizes in both languages (all but
    the phone in English on demand only). A module with other sizes (``PAGE_SIZES``) overrides
    this fixture with its own parameters (``matrix(PAGE_SIZES, LANGS)``)."""
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def lang_page(
    where: tuple[str, str], live_server: Any, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A page at the test's size (the module's ``PAGE_SIZES``, else ``SIZES``) with the language
    cookie set; the module's ``FOLDER`` loses this size and language's earlier screenshots."""
    _require_chromium()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=8_000)
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    size, lang = where
    sizes: dict[str, dict[str, Any]] = getattr(request.module, "PAGE_SIZES", SIZES)
    folder: Path | None = getattr(request.module, "FOLDER", None)
    for old in folder.glob(f"*-{size}-{lang}.png") if folder else ():
        old.unlink()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            context = browser.new_context(**sizes[size])
            context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang,
                                  "url": live_server.url}])  # fmt: skip
            try:
                yield context.new_page()
            finally:
                context.close()
                browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def page_log_in(page: Page, base_url: str, username: str, password: str = PASSWORD) -> None:
    """Log in through the log-in page, as the person would."""
    page.goto(base_url + "/accounts/login/")
    page.locator("input[name=username], input[name=login]").first.fill(username)
    page.locator("input[name=password]").first.fill(password)
    page.locator("main button[type=submit]").first.click()
