"""A strict Content-Security-Policy must not break a page: the pages raise no
Content-Security-Policy violation in a real browser. The walk over every page
(``test_accessibility.test_every_page_for_each_person``: each page opened by the person who uses
it, at each size and language) collects the browser's ``securitypolicyviolation`` events and its
console's CSP messages and fails on any; this test shows that watch can fail."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import People, suite_name
from tests.browser.test_accessibility import csp_violations, watch_csp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def laptop(chromium: Any, live_server: Any, request: pytest.FixtureRequest) -> Iterator[People]:
    people = People(browser=chromium, size="laptop", base_url=live_server.url,
                    suite=suite_name(request))  # fmt: skip
    try:
        yield people
    finally:
        people.close()


def test_the_watch_sees_a_violation(laptop: People) -> None:
    """The check can fail: an inline script added to a page is blocked and reported."""
    person = laptop.person("visitor")
    found: list[str] = []
    watch_csp(person, found, ["home"])
    person.page.goto(person.base_url + "/")
    person.page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = '1'; "
        "document.body.appendChild(s); }"
    )
    person.page.wait_for_timeout(300)
    violations = csp_violations(person)
    assert any("script-src" in v for v in violations), violations
