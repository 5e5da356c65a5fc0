"""What people do in the browser, one function per step, shared by the ``test_people_*`` suites.

Each step is written as the person does it: they read the page and press what they see, by its
words (a role and an accessible name), never by an internal id. Data the step needs but the
person would not type (an event made earlier, a round paired by the organiser in another suite)
comes from the services in the tests' fixtures.

Steps of features still being built on other branches are at the end of this module, under
"Not yet on main": they are written against the pages the features' plan describes and are not
called by any test until the feature is merged (each says what to check when wiring it in).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tests.browser.conftest import newest_mail_link

if TYPE_CHECKING:
    from tests.browser.conftest import Person


def expect_message(person: Person, text: str) -> None:
    """The green (or red) line the site shows after an action contains ``text``."""
    from playwright.sync_api import expect

    expect(person.page.locator(".messages")).to_contain_text(text)


# -- The organiser ---------------------------------------------------------------------------


def create_event(person: Person, *, name: str, date: str, swiss_rounds: int) -> None:
    """The organiser fills the new-event form and lands on the event's dashboard."""
    from playwright.sync_api import expect

    page = person.open("/events/new/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game").select_option("zutomayo")
    page.get_by_label("Date").fill(date)
    page.get_by_role("spinbutton", name=re.compile(r"^Swiss rounds")).fill(str(swiss_rounds))
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    expect_message(person, "Event created")


def press(person: Person, button: str, *, then: str) -> None:
    """Press a dashboard button (the first of that name) and see the site's answer."""
    person.page.get_by_role("button", name=button, exact=True).first.click()
    expect_message(person, then)


def add_player_at_the_desk(person: Person, name: str) -> None:
    """The organiser adds a player who came to the desk (no account)."""
    page = person.page
    page.get_by_text("Add a player / late entry").click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_role("button", name="Add", exact=True).click()
    expect_message(person, "Player added")


def check_in_everyone(person: Person, count: int) -> None:
    """The organiser presses "Check in" on each registered player's row of the dashboard."""
    from playwright.sync_api import expect

    buttons = person.page.get_by_role("button", name="Check in", exact=True)
    for left in range(count, 0, -1):
        expect(buttons).to_have_count(left)
        buttons.first.click()
        expect_message(person, "Checked in")
    expect(buttons).to_have_count(0)


# -- A player --------------------------------------------------------------------------------


def find_event_on_home(person: Person, *, event_name: str, event_id: int) -> None:
    """The player sees the event on the home page (in "My events" once registered, and among
    the running and upcoming events) and opens it by tapping its card."""
    from playwright.sync_api import expect

    page = person.open("/")
    card = page.get_by_role("link").filter(has_text=event_name).first
    expect(card).to_be_visible()
    card.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(event_name)
    assert page.url.rstrip("/").endswith(f"/events/{event_id}")


def register(person: Person) -> None:
    """On the event page: "Register", and the page says so."""
    page = person.page
    page.get_by_role("button", name="Register", exact=True).click()
    expect_message(person, "You are registered")


def submit_decklist(person: Person, decklist: str) -> None:
    """From the event page: "My decklist", paste the list, "Check and save"."""
    from playwright.sync_api import expect

    page = person.page
    page.get_by_role("link", name="My decklist").click()
    page.get_by_label("Decklist", exact=True).fill(decklist)
    page.get_by_role("button", name="Check and save").click()
    current = page.get_by_role("heading", name=re.compile(r"Current list \(version 1\)"))
    expect(current).to_be_visible()


def see_my_table(person: Person, *, table: int, opponent: str) -> None:
    """The "My table" tab shows the table number and the opponent's name."""
    from playwright.sync_api import expect

    page = person.page
    page.get_by_role("link", name="My table").click()
    expect(page.locator(".my-table")).to_contain_text(f"Table {table}")
    expect(page.locator(".my-table")).to_contain_text(opponent)


def report_win(person: Person) -> None:
    """From "My table": report "I won" 1–0 (best of one), from the player's own side."""
    page = person.page
    page.get_by_role("link", name="Report the result").click()
    page.get_by_label("I won").check()
    page.get_by_label("My wins").fill("1")
    page.get_by_label("My opponent's wins").fill("0")
    page.get_by_role("button", name="Send result").click()
    expect_message(person, "your opponent confirms it or disputes it")


def confirm_opponents_report(person: Person) -> None:
    """From "My table": the opponent's report, read from this player's side, and "Confirm"."""
    from playwright.sync_api import expect

    page = person.page
    expect(page.locator(".my-table")).to_contain_text("Your opponent reported")
    page.get_by_role("link", name="Confirm", exact=True).click()
    page.get_by_role("button", name="Confirm", exact=True).click()
    expect_message(person, "Result confirmed")


# -- A judge ---------------------------------------------------------------------------------


def open_judge_desk(person: Person, event_id: int) -> None:
    """From the event page, the judge's "Judge desk" button."""
    from playwright.sync_api import expect

    person.open(f"/events/{event_id}/")
    person.page.get_by_role("link", name="Judge desk").click()
    expect(person.page.get_by_role("heading", name=re.compile(r"^Round \d"))).to_be_visible()


def enter_result_by_table(person: Person, *, table: int, score: str) -> None:
    """On the judge desk: the table number, then the score's button (``"1–0"``, ``"draw"``...)."""
    page = person.page
    page.get_by_label("Table or player").fill(str(table))
    page.get_by_role("button", name=score, exact=True).click()
    expect_message(person, "Result entered")


def resolve_dispute(person: Person, *, table: int, winner: str, loser: str, reason: str) -> None:
    """On the judge desk: open the disputed table, enter the result with a reason."""
    from playwright.sync_api import expect

    page = person.page
    page.locator("tr.disputed").get_by_role("link", name=str(table), exact=True).click()
    expect(page.get_by_text("disputed: a judge decides")).to_be_visible()
    page.get_by_label(f"Games won by {winner}").fill("1")
    page.get_by_label(f"Games won by {loser}").fill("0")
    page.get_by_label("Reason (needed to override)").fill(reason)
    page.get_by_role("button", name="Enter result").click()
    expect_message(person, "Result entered")


# -- Not yet on main: steps of features other branches build --------------------------------
# Not called by any test yet. When the feature is merged, call the step from the suite named in
# its docstring, run the suite at both sizes, and fix the selectors to the merged page's words.


def sign_up_and_verify(person: Person, *, username: str, email: str, password: str) -> None:
    """Sign-up through allauth: sign up, open the verification mail, follow its link, confirm.

    For ``test_people_player.py``: replaces the ``make_user`` of the player's fixture. The mail's
    link must lead back to the live server: if links are built from a configured site address
    (``SITE_URL``) rather than the request, set it to ``live_server.url`` in the test.
    """
    from playwright.sync_api import expect

    page = person.open("/accounts/signup/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=email]").fill(email)
    page.locator("input[name=password1]").fill(password)
    if page.locator("input[name=password2]").count():
        page.locator("input[name=password2]").fill(password)
    page.locator("main button[type=submit]").first.click()
    link = newest_mail_link(to=email)
    assert link.startswith(person.base_url), f"the mail's link leaves the site: {link}"
    page.goto(link)
    confirm = page.get_by_role("button", name=re.compile("Confirm", re.IGNORECASE))
    if confirm.count():
        confirm.first.click()
    expect(page.locator("body")).not_to_contain_text("expired or is invalid")


def find_event_in_directory(person: Person, *, event_name: str) -> None:
    """The event directory: ``/events/``, search the event by name, open its card (a link).

    For ``test_people_player.py``: replaces ``find_event_on_home``.
    """
    from playwright.sync_api import expect

    page = person.open("/events/")
    search = page.get_by_role("search")
    search.locator("input[type=search], input[type=text]").first.fill(event_name)
    search.get_by_role("button", name="Search").click()
    page.get_by_role("link", name=event_name).first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(event_name)


def check_in_on_me(person: Person, event_id: int) -> None:
    """Check-in: the player checks themselves in on ``/me/`` while the window is open.

    For ``test_people_player.py``: replaces the organiser's service check-in in the fixture.
    """
    person.open(f"/events/{event_id}/me/")
    person.page.get_by_role("button", name="Check in", exact=True).click()
    expect_message(person, "You are checked in")


def appoint_judge(person: Person, event_id: int, *, judge: str) -> None:
    """Staff: the organiser appoints a judge (``judge``: their username) on the staff page.

    For ``test_people_judge.py``: replaces the ``event_role_grant`` of the judge's fixture.
    """
    page = person.open(f"/events/{event_id}/staff/")
    page.get_by_label("Username or email").fill(judge)
    page.get_by_label("Role", exact=True).select_option("judge")
    page.get_by_role("button", name="Appoint", exact=True).click()
    expect_message(person, f"{judge} is now judge")


def call_a_judge(person: Person, event_id: int) -> None:
    """A judge call: the player taps "call a judge" on ``/me/`` (the table is filled in).

    For ``test_people_judge.py``: the judge then sees the call on the desk and takes it.
    """
    person.open(f"/events/{event_id}/me/")
    person.page.get_by_role("button", name="Call a judge", exact=True).click()
    expect_message(person, "A judge is on the way")
