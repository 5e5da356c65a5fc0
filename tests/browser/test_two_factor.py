"""Site staff turn on two-factor in the browser and log in with a code: profile → "Turn on
two-factor authentication" → scan (here: read) the secret → type the app's code → log out →
log in with the password → the site asks for the code → in. The code is computed in the test
from the secret the page shows (RFC 6238), as an authenticator app would.

Runs at phone and laptop sizes; screenshots under
``artifacts/screenshots/staff_turns_on_two_factor/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import People
from tests.core.test_two_factor import totp_code

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fresh_code(secret: str) -> str:
    """The app's code, waiting for the next 30-second step when this one is about to end (the
    site takes the current step only, as allauth's TOTP_TOLERANCE is 0)."""
    left = 30 - time.time() % 30
    if left < 5:
        time.sleep(left + 0.1)
    return totp_code(secret)


def test_staff_turns_on_two_factor(people: People, make_user: Any) -> None:
    from playwright.sync_api import expect

    make_user("mio", is_staff=True)
    staff = people.person("staff")
    staff.log_in("mio")
    page = staff.open("/accounts/profile/")
    expect(page.locator("#two-factor")).to_contain_text("Organisers, judges and site staff")
    staff.shot("profile")
    page.get_by_role("link", name="Turn on two-factor authentication").click()
    if "/reauthenticate/" in page.url:  # allauth asks for the password again first
        staff.shot("confirm-password")
        page.locator("input[name=password]").fill("pw-for-tests-1")
        page.locator("main button[type=submit]").first.click()
    expect(page).to_have_url(re.compile(r"/accounts/2fa/totp/activate/"))
    expect(page.locator("img[src^='data:image/svg+xml']")).to_be_visible()
    secret = page.locator("#authenticator_secret").input_value()
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)
    assert staff.fits_the_width()
    staff.shot("activate")
    page.locator("input[name=code]").fill(fresh_code(secret))
    page.locator("main button[type=submit]").first.click()
    expect(page).not_to_have_url(re.compile(r"/activate/"))
    staff.shot("activated")

    # Log out, then in again: the password alone is not enough.
    page.context.clear_cookies()
    page = staff.open("/accounts/login/")
    page.locator("input[name=login]").fill("mio")
    page.locator("input[name=password]").fill("pw-for-tests-1")
    page.locator("main button[type=submit]").first.click()
    expect(page).to_have_url(re.compile(r"/accounts/2fa/authenticate/"))
    assert staff.fits_the_width()
    staff.shot("asks-for-code")
    page.locator("input[name=code]").fill(fresh_code(secret))
    page.locator("main button[type=submit]").first.click()
    expect(page).to_have_url(staff.base_url + "/")
    profile = staff.open("/accounts/profile/")
    expect(profile.locator("#two-factor")).to_contain_text("Two-factor authentication is on")
    staff.shot("logged-in-with-code")

    # An API token for a tool, made and revoked on the profile.
    profile.get_by_role("button", name="Make a new token").click()
    key = profile.get_by_test_id("token-key").inner_text()
    assert re.fullmatch(r"[0-9a-f]{40}", key)
    staff.shot("new-token")
    profile = staff.open("/accounts/profile/")
    row = profile.locator("#api-tokens tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(key[:8])
    assert staff.fits_the_width()
    staff.shot("token-listed")
    row.get_by_role("button").click()
    expect(profile.locator("#api-tokens")).to_contain_text("You have no API tokens.")
