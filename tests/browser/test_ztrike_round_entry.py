"""A judge at a ZTRIKE event enters the disputed rounds by card name, on a phone
(390x844) and a laptop (1280x800), in English and Japanese: the snapshot's cards, the cards
played, the Win bonus ticked (its checkbox appears, labelled with the card's bonus text, once the
card is named), then Replay and the answer first.

Round 4: Aki's Cinder Imp (Red 3) against Ben's Old Oak (Green 7): "red defeats green", Aki wins
whatever the power. Round 5 (the answer's first sentence: the last round entered): Aki's Tide
Wisp (Blue 5) against Ben's Bloom Sprite (Green 3, Win bonus +2 Victory Points): green defeats
blue, Ben wins; 3 to 3 Victory Points.

Screenshots: ``artifacts/screenshots/ztrike_judge/<nn>-entry-<step>-<size>-<lang>.png``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import page_log_in
from tests.browser.test_ztrike_judge import FOLDER, _data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WORDS = {
    "en": {"link": "Enter the disputed round by card names", "replay": "Replay",
           "bonus": "Win bonus — Bloom Sprite: +2 Victory Points (you)",
           "answer": "Round 5: Ben wins the round by colour weakness (Blue against Green, power "
                     "5 to 3).",
           "round4": "Round 4: Aki wins the round by colour weakness (Red against Green, power "
                     "3 to 7)."},
    "ja": {"link": "争点のラウンドをカード名で入力する", "replay": "再現する",
           "bonus": "勝利ボーナス — Bloom Sprite: 勝利点＋2 (あなた)",
           "answer": "5ラウンド目：色の弱点でBenの勝ち（青対緑、パワー5対3）。",
           "round4": "4ラウンド目：色の弱点でAkiの勝ち（赤対緑、パワー3対7）。"},
}  # fmt: skip


def test_ztrike_round_entry(
    lang_page: Any, where: tuple[str, str], make_user: Any, make_event: Any, live_server: Any
) -> None:
    from playwright.sync_api import expect

    from tournaments.services import event_role_grant

    size, lang = where
    words = WORDS[lang]
    page = lang_page
    shots = [0]

    def shot(step: str) -> None:
        shots[0] += 1
        FOLDER.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(FOLDER / f"{shots[0]:02d}-entry-{step}-{size}-{lang}.png"),
                        full_page=True)  # fmt: skip

    _data()
    organiser = make_user("zorg")
    event = make_event(organiser=organiser, game_slug="ztrike", name="ZTRIKE Kyoto Meetup")
    judge = make_user("zjun", first_name="Jun", last_name="Judge")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)

    page_log_in(page, live_server.url, "zjun")
    page.goto(f"{live_server.url}/judging/events/{event.pk}/cases/")
    page.locator("input[name=title]").fill("Who won round 4?")
    page.locator("main form button[type=submit]").first.click()
    page.get_by_role("link", name=words["link"]).click()
    page.wait_for_load_state()
    shot("empty")
    fields = {
        "zr-round": "4", "zr-p0_name": "Aki", "zr-p1_name": "Ben",
        "zr-p0_hand0": "Cinder Imp · ZD-R3", "zr-p0_hand1": "Tide Wisp · ZD-B5",
        "zr-p1_hand0": "Old Oak · ZD-G7", "zr-p1_hand1": "Bloom Sprite · ZD-GW",
        "zr-r0_p0": "Cinder Imp · ZD-R3", "zr-r0_p1": "Old Oak · ZD-G7",
        "zr-r1_p0": "Tide Wisp · ZD-B5",
    }  # fmt: skip
    for name, value in fields.items():
        page.locator(f"input[name='{name}']").fill(value)
    page.locator("summary").first.click()  # Aki's Victory Zone
    page.locator("input[name='zr-p0_vz0']").fill("Ember Fox · ZD-R5")
    bonus = page.locator("label.bonus-check", has=page.locator("input[name='zr-r1_p1_win']"))
    expect(bonus).to_be_hidden()
    page.locator("input[name='zr-r1_p1']").fill("bloom sprite")  # typed, not picked
    expect(bonus).to_be_visible()
    expect(bonus).to_contain_text(words["bonus"])
    page.locator("input[name='zr-r1_p1_win']").check()
    page.locator("input[name='zr-r1_p1_win']").scroll_into_view_if_needed()
    shot("filled")
    page.get_by_role("button", name=words["replay"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator(".answer .sentence").first).to_have_text(words["answer"])
    expect(page.locator("table.ztrike-board")).to_be_visible()
    expect(page.locator("main")).to_contain_text(words["round4"])
    shot("answer")
    if size == "phone":
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
