"""A judge at an Azuki TCG event, on a phone (390x844) and a laptop
(1280x800), in English and Japanese: opens a case, pastes the reported game (``azuki-game/1``,
real cards from the event's pool in the database, no cards section), taps Replay and reads the
answer first, the board after each turn by card name, then the steps.

The game (golden 53): Aki's Indra (Charge, 3 attack) attacks Ben's leader; Ben responds with
Aquatic Veil and his Defender Penny (0 attack, 1 health) takes the attack and is destroyed
("the defending player may tap an untapped Garden entity with Defender to make it the attack's
new target"). Aki claims Ben's leader is down to 17: she is wrong, it is still 20.

Screenshots: ``artifacts/screenshots/azuki_judge/<nn>-judge-<step>-<size>-<lang>.png``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tests.browser.conftest import SCREENSHOTS, page_log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLDER = SCREENSHOTS / "azuki_judge"
GOLDEN = Path(__file__).resolve().parents[1] / "judging" / "engine" / "golden_azuki"
WORDS = {
    "en": {"replay": "Replay", "answer": "The answer", "board": "The board after each turn"},
    "ja": {"replay": "再現する", "answer": "結論", "board": "各ターン終了時の盤面"},
}


def _record() -> dict[str, Any]:
    path = next(GOLDEN.glob("53_*.json"))
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["record"]
    return {**record, "claims": [{"party": "P0", "at": 3, "path": "players[1].leader_health",
                                  "value": 17}]}  # fmt: skip


def _data() -> None:
    from cardpool.importers import records_from_text
    from cardpool.services import card_import

    pool = Path(settings.SHARED_DIR) / "data" / "azuki" / "cards.json"
    if not pool.exists():
        pytest.skip("the shared Azuki card data is not present")
    records = records_from_text(pool.read_text(encoding="utf-8"), filename=pool.name)
    card_import(game_slug="azuki", records=records, source=pool.name, is_demo=False)


def test_azuki_judge(
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
    organiser = make_user("aorg")
    event = make_event(organiser=organiser, game_slug="azuki", name="Azuki TCG Los Angeles Open")
    judge = make_user("ajun", first_name="Jun", last_name="Judge")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)

    page_log_in(page, live_server.url, "ajun")
    page.goto(f"{live_server.url}/judging/events/{event.pk}/cases/")
    page.locator("input[name=title]").fill("Did Indra hit the leader?")
    shot("open-case")
    page.locator("main form button[type=submit]").first.click()
    page.locator("textarea[name=upload-record]").fill(json.dumps(_record()))
    shot("paste-record")
    page.get_by_role("button", name=words["replay"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("table.azuki-board")).to_be_visible()
    expect(page.get_by_role("heading", name=words["answer"])).to_be_visible()
    sentences = page.locator(".answer .sentence")
    if lang == "en":
        expect(sentences.first).to_have_text(
            "Nobody has won yet after turn 3: Aki's leader has 20 health, Ben's 20."
        )
        expect(sentences.nth(1)).to_have_text(
            "Aki is wrong: Ben's leader health was 20 after turn 3, rule "
            "Azuki FAQ › Attacking › How is combat damage dealt?"
        )
    else:
        expect(sentences.first).to_have_text(
            "3ターン目の後、まだ勝者はいません：Akiのリーダーの体力は20、Benは20。"
        )
        expect(sentences.nth(1)).to_contain_text(
            "Akiの主張は誤り：3ターン目の後、Benのリーダーの体力は20だった"
        )
    expect(page.get_by_role("heading", name=words["board"])).to_be_visible()
    board = page.locator("table.azuki-board")
    expect(board).to_contain_text("Indra")
    expect(board).to_contain_text("Penny")
    shot("answer")
    page.locator("details.event").last.locator("summary").click()
    shot("steps")
    body = page.locator("main").inner_text()
    for raw in ("P0", "P1", "players[", "None", "STT01-010", "AZK01-001"):
        assert raw not in body
    if size == "phone":
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
