"""The home page and the login page in a real browser; the demo organiser logs in."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SCREENSHOTS, load_demo_once

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo_loaded(settings: Any, tmp_path: Any) -> None:
    """Demo data with the invented card set (there without the shared folder), made once per
    process (``load_demo_once``)."""
    load_demo_once(settings, tmp_path)


def test_demo_organiser_logs_in(demo_loaded: None, live_server: Any, browser_page: Any) -> None:
    from playwright.sync_api import expect

    page, base_url = browser_page, live_server.url
    page.goto(base_url + "/")
    expect(page.locator("h1")).to_have_text("Events")
    expect(page.get_by_text("ZUTOMAYO CARD Demo Championship")).to_be_visible()
    page.goto(base_url + "/accounts/login/")
    expect(page.locator("h1")).to_have_text("Sign In")  # allauth's log-in page, username or email
    page.fill("#id_login", "organiser")
    page.fill("#id_password", "demo-organiser-pass")
    page.click("button.primary")
    page.wait_for_url(base_url + "/")
    page.click("label.nav-toggle-label")
    expect(page.locator(".who")).to_contain_text("organiser")
    shot = SCREENSHOTS / "smoke" / "login-organiser-phone.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 1000


def test_the_first_tab_skips_to_the_page_itself(
    demo_loaded: None, live_server: Any, browser_page: Any
) -> None:
    """A keyboard's first stop is a link past the header and menu (hidden until focused); in
    Japanese it speaks Japanese."""
    from playwright.sync_api import expect

    page, base_url = browser_page, live_server.url
    page.goto(base_url + "/")
    skip = page.locator("a.skip-link")
    expect(skip).not_to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    expect(skip).to_have_text("Skip to the page's content")
    shot = SCREENSHOTS / "smoke" / "skip-link-phone.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot))
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
    page.keyboard.press("Tab")  # the next stop is in the page, not the menu
    inside = page.evaluate("document.activeElement.closest('main') !== null")
    assert inside
    page.context.add_cookies([{"name": "django_language", "value": "ja", "url": base_url}])
    page.goto(base_url + "/")
    expect(page.locator("a.skip-link")).to_have_text("本文へ移動")
