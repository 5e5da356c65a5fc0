"""A strict Content-Security-Policy must not break a page: the main pages raise no
Content-Security-Policy violation in a real browser. Each page is opened by the person who uses it
(the pages of the accessibility suite); the browser's ``securitypolicyviolation`` events (recorded
by a script injected before any of the page's own) and its console's CSP messages are collected, and
any one fails the test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import People, suite_name
from tests.browser.test_accessibility import LOGINS, Site, _pages, site  # noqa: F401 - fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile || ""}:${e.lineNumber || 0}`);
});
"""


@pytest.fixture
def laptop(chromium: Any, live_server: Any, request: pytest.FixtureRequest) -> Iterator[People]:
    people = People(browser=chromium, size="laptop", base_url=live_server.url,
                    suite=suite_name(request))  # fmt: skip
    try:
        yield people
    finally:
        people.close()


def _watch(person: Any, found: list[str], where: list[str]) -> None:
    person.page.add_init_script(RECORD)

    def console(message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            found.append(f"{where[0]} console: {message.text}")

    person.page.on("console", console)


def test_main_pages_raise_no_csp_violation(site: Site, laptop: People) -> None:  # noqa: F811
    found: list[str] = []
    for who, pages in _pages(site).items():
        person = laptop.person(who)
        where = [""]
        _watch(person, found, where)
        if who in LOGINS:
            person.log_in(who)
        for name, path in pages:
            where[0] = name
            response = person.page.goto(person.base_url + path)
            assert response is not None
            assert response.status == 200, f"{name}: {path} answered {response.status}"
            person.page.wait_for_load_state("networkidle")
            found += [f"{name}: {v}" for v in person.page.evaluate("window.__cspViolations")]
    assert not found, "CSP violations:\n" + "\n".join(found)


def test_the_watch_sees_a_violation(site: Site, laptop: People) -> None:  # noqa: F811
    """The check can fail: an inline script added to a page is blocked and reported."""
    person = laptop.person("visitor")
    found: list[str] = []
    _watch(person, found, ["home"])
    person.page.goto(person.base_url + "/")
    person.page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = '1'; "
        "document.body.appendChild(s); }"
    )
    person.page.wait_for_timeout(300)
    violations = person.page.evaluate("window.__cspViolations")
    assert any("script-src" in v for v in violations), violations
