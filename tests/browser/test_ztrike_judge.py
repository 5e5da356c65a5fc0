"""A judge at a ZTRIKE event, on a phone (390x844) and a laptop (1280x800), in
English and Japanese: opens a case, pastes the reported game (``ztrike-game/1``, cards from the
event's pool in the database: the invented demo set), taps Replay and reads the answer first.

The game: Aki's Ember Fox (Red 5, 2 VP) against Ben's Moss Golem (Green 5). "Red defeats green"
(ztr.victor#s4): Aki wins the round by colour weakness though the powers are equal. Ben claims
he won the round: he is wrong.

Screenshots: ``artifacts/screenshots/ztrike_judge/<nn>-judge-<step>-<size>-<lang>.png``.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.browser.conftest import SCREENSHOTS, page_log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLDER = SCREENSHOTS / "ztrike_judge"
DEMO = Path(__file__).resolve().parents[2] / "cardpool" / "demo" / "ztrike-demo-cards.json"
WORDS = {
    "en": {"replay": "Replay", "answer": "The answer", "board": "The board after each round"},
    "ja": {"replay": "再現する", "answer": "結論", "board": "各ラウンド後の盤面"},
}
FILL = "ZD-N0"
RECORD = {
    "format": "ztrike-game/1",
    "players": [
        {"name": "Aki", "deck": ["ZD-R5", *[FILL] * 35]},
        {"name": "Ben", "deck": ["ZD-G5", *[FILL] * 35]},
    ],
    "main_player": 0,
    "rounds": [{"play": ["ZD-R5", "ZD-G5"]}],
    "claims": [{"party": "P1", "at": "R1/winner", "value": 1}],
}


def _data() -> None:
    from cardpool.importers import records_from_text
    from cardpool.services import card_import

    records = records_from_text(DEMO.read_text(encoding="utf-8"), filename=DEMO.name)
    card_import(game_slug="ztrike", records=records, source=DEMO.name, is_demo=True)
    rules = Path(settings.SHARED_DIR) / "rules" / "ztrike-official-rules.en.txt"
    if rules.exists():
        call_command("import_rules", "--game", "ztrike", "--version", "1", "--document",
                     "official-rules", str(rules), stdout=StringIO())  # fmt: skip


def test_ztrike_judge(
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
        page.screenshot(path=str(FOLDER / f"{shots[0]:02d}-judge-{step}-{size}-{lang}.png"),
                        full_page=True)  # fmt: skip

    _data()
    organiser = make_user("zorg")
    event = make_event(organiser=organiser, game_slug="ztrike", name="ZTRIKE Kyoto Meetup")
    judge = make_user("zjun", first_name="Jun", last_name="Judge")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)

    page_log_in(page, live_server.url, "zjun")
    page.goto(f"{live_server.url}/judging/events/{event.pk}/cases/")
    page.locator("input[name=title]").fill("Who won round 1?")
    shot("open-case")
    page.locator("main form button[type=submit]").first.click()
    # The upload sits under "or upload a game record" (the round entry by card name comes first).
    page.locator("details:has(textarea[name=upload-record]) > summary").click()
    page.locator("textarea[name=upload-record]").fill(json.dumps(RECORD))
    shot("paste-record")
    page.get_by_role("button", name=words["replay"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("table.ztrike-board")).to_be_visible()
    expect(page.get_by_role("heading", name=words["answer"])).to_be_visible()
    sentences = page.locator(".answer .sentence")
    if lang == "en":
        expect(sentences.first).to_have_text(
            "Round 1: Aki wins the round by colour weakness (Red against Green, power 5 to 5)."
        )
        expect(sentences.nth(1)).to_have_text(
            "Ben is wrong: the round's winner was Aki in round 1, rule "
            "ZTRIKE › Determining a Round Victor, sentence 4."
        )
    else:
        expect(sentences.first).to_have_text(
            "1ラウンド目：色の弱点でAkiの勝ち（赤対緑、パワー5対5）。"
        )
        expect(sentences.nth(1)).to_contain_text(
            "Benの主張は誤り：1ラウンド目、ラウンドの勝者はAkiだった"
        )
    expect(page.get_by_role("heading", name=words["board"])).to_be_visible()
    shot("answer")
    body = page.locator("main").inner_text()
    assert "P0" not in body
    assert "P1" not in body
    assert "players[" not in body
    assert "None" not in body
    if size == "phone":
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
