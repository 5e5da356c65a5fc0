"""A floor judge at the table, on a tablet (1024x768) and a phone (390x844), in
English and Japanese: opens a case on table 1, enters the disputed turn by card names (the
autocomplete offers English and Japanese names; no id typed), adds both players' claims in plain
words, and reads the answer first.

The turn (invented demo cards): turn 4 from a position after a drawn battle, the medal on mark 10.
The first player keeps Paper Lantern Cat in the battle zone and sets Laundromat Owl (clock 0); the
second keeps Rooftop Antenna Girl (DAY 90, power cost 2, power 2) and sets Homework Avalanche
(clock 1). The medal moves 10 → 11: DAY (3.8.4, the same under both mat layouts of ZA-01). The
first player says it was night; the second says day: the second is right, rule 3.8.4.

Screenshots: ``artifacts/screenshots/judge_assist/<nn>-judge-<step>-<size>-<lang>.png``.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.browser.conftest import (
    LANGS,
    SCREENSHOTS,
    Club,
    check_in_and_pair,
    matrix,
    page_log_in,
    register_players,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE_SIZES: dict[str, dict[str, Any]] = {
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
FOLDER = SCREENSHOTS / "judge_assist"
WORDS = {
    "en": {"cases": "Open a case", "enter": "Enter the disputed turn by card names",
           "replay": "Replay", "check": "Check the claims", "answer": "The answer"},
    "ja": {"cases": "ケースを開く", "enter": "争点のターンをカード名で入力",
           "replay": "再現する", "check": "主張を確認する", "answer": "結論"},
}  # fmt: skip


@pytest.fixture(params=matrix(PAGE_SIZES, LANGS))
def where(request: pytest.FixtureRequest) -> tuple[str, str]:
    return request.param  # type: ignore[no-any-return]


def _rules() -> None:
    folder = Path(settings.SHARED_DIR) / "rules"
    for slug, version, name in (
        ("ground-rules", "1.0.1", "zutomayo-ground-rules-1.0.1.en.txt"),
        ("basic-rules", "1", "zutomayo-basic-rules.ja.txt"),
    ):
        if (folder / name).exists():
            call_command("import_rules", "--game", "zutomayo", "--version", version,
                         "--document", slug, str(folder / name), stdout=StringIO())  # fmt: skip


def test_judge_assist(
    lang_page: Any, where: tuple[str, str], club: Club, make_user: Any, live_server: Any
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

    def name_card(selector: str, text: str) -> None:
        """Type a card's name as a person does, key by key; the autocomplete list stays open."""
        page.locator(selector).click()
        page.locator(selector).press_sequentially(text)

    _rules()
    registrations = register_players(club, make_user, ["Aoi Sato", "Ren Suzuki"])
    match = check_in_and_pair(club, registrations).matches.get(table=1)
    first, second = match.player_a.display_name, match.player_b.display_name
    judge = make_user("jun", first_name="Jun", last_name="Judge")
    event_role_grant(event=club.event, user=judge, role="judge", granted_by=club.organiser)

    page_log_in(page, live_server.url, "jun")
    page.goto(f"{live_server.url}/judging/events/{club.event.pk}/cases/")
    page.locator("input[name=title]").fill("Night or day on turn 4?")
    page.locator("input[name=table]").fill("1")
    shot("open-case")
    page.locator("main form button[type=submit]").first.click()
    page.get_by_role("link", name=words["enter"]).click()

    # The position at the start of turn 4 and the cards set, all by name. The autocomplete list
    # holds both languages; the second player's cards are typed in Japanese.
    page.locator("#id_turn-turn").fill("4")
    page.locator("#id_turn-medal").fill("10")
    page.locator("#id_turn-previous_winner").select_option("tie")
    expect(page.locator("#id_turn-p0_name")).to_have_value(first)
    expect(page.locator("datalist#card-names option[value='紙灯籠ねこ · DEMO_1']")).to_have_count(1)
    name_card("#id_turn-p0_battle", "Paper Lantern Cat")
    name_card("#id_turn-p0_charger0", "Static Goldfish · DEMO_4")
    name_card("#id_turn-p0_charger1", "Sleepless Radio")
    name_card("#id_turn-t0_p0_a", "Laundromat Owl")
    name_card("#id_turn-p1_battle", "屋上アンテナ少女")
    name_card("#id_turn-p1_charger0", "やかんドラゴン")
    name_card("#id_turn-p1_charger1", "迷子の傘")
    name_card("#id_turn-t0_p1_a", "宿題なだれ")
    shot("turn-by-card-names")
    # The judge taps "Replay" once, the autocomplete list of the last card still open: one tap
    # submits the form.
    page.get_by_role("button", name=words["replay"], exact=True).click()
    page.wait_for_load_state()
    if not page.locator("table.board").count():
        shot("refused")
        print("ERRORS", page.locator(".errorlist").all_inner_texts(), page.url)
    expect(page.locator("table.board")).to_be_visible()
    shot("replayed")

    # Each player's claim in plain words: the first says night, the second day (end of turn 4).
    page.locator("#id_c0-turn").fill("4")
    page.locator("#id_c0-what").select_option("time")
    page.locator("#id_c0-answer").select_option("night")
    page.locator("#id_c1-turn").fill("4")
    page.locator("#id_c1-what").select_option("time")
    page.locator("#id_c1-answer").select_option("day")
    shot("claims")
    page.get_by_role("button", name=words["check"]).click()
    page.wait_for_load_state()

    sentence = page.locator(".answer .sentence").first
    if lang == "en":
        expect(sentence).to_have_text(
            f"{second} is right: the time of day was DAY (the medal was on mark 11) "
            "at the end of turn 4, rule 3.8.4."
        )
    else:
        expect(sentence).to_have_text(
            f"{second}が正しい：4ターン目の終わり、時間帯は昼だった（メダルは11の位置にあった）、"
            "ルール3.8.4。"
        )
    expect(page.get_by_role("heading", name=words["answer"])).to_be_visible()
    page.locator("details.event").first.locator("summary").click()
    shot("answer")
    if size == "phone":
        page.evaluate("document.querySelector('#board-h').scrollIntoView()")
    body = page.locator("main").inner_text()
    assert "P0" not in body
    assert "players[" not in body
    assert "None" not in body
