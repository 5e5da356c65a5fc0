"""Every page, opened by the person who uses it: axe-core (through axe-playwright-python), the
phone's width and the Content-Security-Policy, in one walk: a page a person cannot read with a
screen reader, that overflows a phone, or that a strict policy breaks is a page they cannot use.

- Any axe violation of impact "serious" or "critical" fails the test, listed with its rule,
  impact, help and the offending nodes' selectors.
- On a phone, no page may scroll sideways (WCAG 1.4.10).
- No page may raise a Content-Security-Policy violation: the browser's
  ``securitypolicyviolation`` events (recorded by a script injected before any of the page's
  own) and its console's CSP messages are collected (``tests/browser/test_csp_violations.py``
  shows the watch can fail).

Two simulated events (the invented card set): one finished with its top cut played (bracket and
final standings), one running round 2 (pairings, clock, the judge desk, a player's table, the
organiser's dashboard).

The walk runs at every size in both languages (``where``) in ``make walk``; every commit runs its
smoke case, a phone in English over a handful of pages (``SMOKE_PAGES``; docs/testing.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.browser.conftest import PASSWORD, People, Person, import_demo_cards, suite_name

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The impacts that fail the test (axe's scale: minor, moderate, serious, critical).
FAILING = {"serious", "critical"}
#: Pages allowed to be wider than a phone (none: the standings collapse into cards). A page put
#: here is a known reflow failure, named so the walk still checks everything else on it.
NOT_YET_PHONE_WIDE: set[str] = set()


@dataclass(frozen=True)
class Site:
    running: int
    finished: int
    registration: int
    match: int
    case: int
    card: str


def _simulated(players: int, stop_after_round: int | None, seed: int) -> Any:
    from tournaments.demo.simulation import SimulationSettings, simulate_event
    from tournaments.models import Event

    result = simulate_event(
        SimulationSettings(players=players, rounds=3, top_cut=4, stop_after_round=stop_after_round,
                           dispute_rate=0.0, drop_rate=0.0),
        rng=random.Random(seed),
        log=lambda line: None,
    )  # fmt: skip
    return Event.objects.get(pk=result.event_id)


@pytest.fixture
def site() -> Site:
    """The two events; the running one's organiser, judge and a seated player can log in."""
    from judging.services import judge_case_open
    from tournaments.models import EventRole, Match

    import_demo_cards()
    finished = _simulated(8, None, seed=3)
    running = _simulated(8, 1, seed=4)
    match = (
        Match.objects.filter(round__event=running, is_bye=False)
        .select_related("player_a__user")
        .order_by("-round__number", "table")
        .first()
    )
    assert match is not None
    staff = {
        role.role: role.user
        for role in EventRole.objects.filter(event=running).select_related("user")
    }
    people = {
        "organiser": staff["organiser"],
        "judge": staff["judge"],
        "player": match.player_a.user,
    }
    for username, user in people.items():
        assert user is not None
        user.username = username
        user.set_password(PASSWORD)
        user.save(update_fields=["username", "password"])
    case = judge_case_open(
        event_id=running.pk, by=staff["judge"], title="Which effect resolves first?",
        match_id=match.pk,
    )  # fmt: skip
    card = running.game.cards.order_by("code").values_list("code", flat=True).first()
    assert card is not None
    return Site(running=running.pk, finished=finished.pk, registration=match.player_a_id,
                match=match.pk, case=case.pk, card=card)  # fmt: skip


def _pages(site: Site) -> dict[str, list[tuple[str, str]]]:
    """Who opens which page: (a name for the page, its path)."""
    event, done = f"/events/{site.running}", f"/events/{site.finished}"
    return {
        "visitor": [
            ("home", "/"),
            ("directory", "/events/"),
            ("login", "/accounts/login/"),
            ("sign-up", "/accounts/signup/"),
            ("password-reset", "/accounts/password/reset/"),
            ("event", f"{event}/"),
            ("pairings", f"{event}/pairings/"),
            ("standings", f"{done}/standings/"),
            ("bracket", f"{done}/bracket/"),
            ("clock", f"{event}/clock/"),
            ("card-list", "/cards/"),
            ("card", f"/cards/zutomayo/{site.card}/"),
        ],
        "player": [
            ("event-as-player", f"{event}/"),
            ("my-table", f"{event}/me/"),
            ("match", f"/events/matches/{site.match}/"),
            ("decklist", f"/cards/decklists/{site.registration}/"),
            ("my-events", "/me/events/"),
            ("profile", "/accounts/profile/"),
            ("notifications", "/notifications/"),
            ("notification-settings", "/notifications/settings/"),
            ("claim", "/claim/"),
            ("delete-account", "/accounts/delete/"),
        ],
        "judge": [
            ("judge-desk", f"{event}/judge/"),
            ("case-list", f"/judging/events/{site.running}/cases/"),
            ("case", f"/judging/cases/{site.case}/"),
        ],
        "organiser": [
            ("dashboard", f"{event}/manage/"),
            ("new-event", "/events/new/"),
            ("edit-event", f"{event}/edit/"),
            ("staff", f"{event}/staff/"),
            ("check-in", f"{event}/check-in/"),
            ("audit-log", f"{event}/audit/"),
            ("copy-event", f"{event}/copy/"),
            ("announcements", f"{event}/announcements/"),
        ],
    }


LOGINS = ("player", "judge", "organiser")


#: Records the browser's CSP refusals in the page (before any script of the page's own runs).
CSP_RECORD = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile || ""}:${e.lineNumber || 0}`);
});
"""


def watch_csp(person: Person, found: list[str], where: list[str]) -> None:
    """Record the CSP messages of the person's console in ``found``, named by ``where[0]``; the
    page's own ``securitypolicyviolation`` events are read with :func:`csp_violations`."""
    person.page.add_init_script(CSP_RECORD)

    def console(message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            found.append(f"{where[0]} console: {message.text}")

    person.page.on("console", console)


def csp_violations(person: Person) -> list[str]:
    return list(person.page.evaluate("window.__cspViolations || []"))


def _violations(person: Person, name: str) -> list[str]:
    """axe's serious and critical violations on the page, one line per offending node."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    results = Axe().run(person.page)
    lines = []
    for violation in results.response["violations"]:
        if violation["impact"] not in FAILING:
            continue
        for node in violation["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            lines.append(
                f"{name} [{person.size}] {violation['id']} ({violation['impact']}): "
                f"{violation['help']} -> {target}"
            )
    return lines


@pytest.fixture
def walkers(
    chromium: Any, where: tuple[str, str], live_server: Any, request: pytest.FixtureRequest
) -> Iterator[People]:
    """The people of this test at its size; each person's browser speaks its language."""
    size, _lang = where
    group = People(browser=chromium, size=size, base_url=live_server.url,
                   suite=suite_name(request))  # fmt: skip
    try:
        yield group
    finally:
        group.close()


#: The pages every commit walks (``make walk`` walks every page): one of each kind a person meets
#: at an event (the home page, a live list, a wide table, a player's own pages, a ruling, the
#: organiser's desk).
SMOKE_PAGES = {"home", "pairings", "standings", "my-table", "match", "decklist", "case",
               "dashboard"}  # fmt: skip


@pytest.mark.walk
def test_every_page_for_each_person(site: Site, walkers: People, where: tuple[str, str]) -> None:
    """Each person opens each of their pages: 200, no serious axe violation, no sideways
    scrolling on a phone, no CSP violation."""
    _walk(site, walkers, where, _pages(site))


@pytest.mark.parametrize("where", [("phone", "en")], ids=["phone-en"])
def test_a_handful_of_pages_for_each_person(
    site: Site, walkers: People, where: tuple[str, str]
) -> None:
    """The per-commit smoke case of the walk above: the same checks over ``SMOKE_PAGES``."""
    pages = {who: [(name, path) for name, path in each if name in SMOKE_PAGES]
             for who, each in _pages(site).items()}  # fmt: skip
    assert sorted(name for each in pages.values() for name, _path in each) == sorted(SMOKE_PAGES)
    _walk(site, walkers, where, {who: each for who, each in pages.items() if each})


def _walk(
    site: Site, walkers: People, where: tuple[str, str], pages_of: dict[str, list[tuple[str, str]]]
) -> None:
    from django.conf import settings

    size, lang = where
    found: list[str] = []
    for who, pages in pages_of.items():
        person = walkers.person(who)
        person.page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang,
                                          "url": person.base_url}])  # fmt: skip
        page_name = [""]
        watch_csp(person, found, page_name)
        if who in LOGINS:
            person.log_in(who)
        for name, path in pages:
            page_name[0] = name
            response = person.page.goto(person.base_url + path)
            assert response is not None
            assert response.status == 200, f"{name}: {path} answered {response.status}"
            assert person.page.locator("html").get_attribute("lang") == lang, name
            found += _violations(person, name)
            # WCAG 1.4.10 (reflow): no sideways scrolling on a phone.
            checked = size == "phone" and name not in NOT_YET_PHONE_WIDE
            if checked and not person.fits_the_width():
                found.append(f"{name} [phone] is wider than the screen")
            person.page.wait_for_load_state("networkidle")
            found += [f"{name}: CSP {v}" for v in csp_violations(person)]
            person.shot(f"{name}-{lang}")
    heading = f"problems at {size} in {lang} (axe: serious or critical; phone width; CSP):"
    assert not found, "\n".join([heading, *found])


@pytest.mark.parametrize("size", ["phone"])
def test_keyboard_opens_the_menu_on_a_phone(people: People) -> None:
    """The phone menu is a checkbox: it must stay reachable by the keyboard and screen readers."""
    from playwright.sync_api import expect

    visitor = people.person("visitor")
    page = visitor.open("/")
    cards = page.locator(".site-nav").get_by_role("link", name="Cards")
    expect(cards).to_be_hidden()
    page.keyboard.press("Tab")  # the link that skips to the page's content
    page.keyboard.press("Tab")  # the site's name
    page.keyboard.press("Tab")  # the menu
    expect(page.get_by_role("checkbox", name="Menu")).to_be_focused()
    page.keyboard.press("Space")
    expect(cards).to_be_visible()
    visitor.shot("menu-open")
