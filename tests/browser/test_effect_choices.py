"""A judge answers a choice a card effect asked for, on a phone in
Japanese and on a laptop in English: the ruling page of a reported game shows the question in
plain words with the cards' names, the judge asks the players, taps their answer and "Replay with
this answer", and reads the new answer first.

The game (tests/judging/engine/golden_effects/e10): Ann, at 45 HP, set 1st_81 (heal 10) in zone A
and 1st_55 (attack +20 at 50 HP or less) in zone B; she claims her attack was 50. Unanswered, the
rules' default order (zone A first, 5.2.7.3) heals her to 55 and 1st_55 does nothing: 50, but the
other order gives 70, so the page says it depends on what the players did. The players say
1st_55 went first: her attack was 70 and her claim is wrong.

Screenshots: ``artifacts/screenshots/effect_choices/<nn>-judge-<step>-<size>.png``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

E10 = (
    Path(__file__).resolve().parents[1]
    / "judging" / "engine" / "golden_effects" / "e10_order_choice_defaulted_depends_on.json"
)  # fmt: skip


def test_effect_choices(people: Any, size: str, make_user: Any, make_event: Any) -> None:
    from playwright.sync_api import expect

    from cardpool.services import card_import
    from judging.models import Ruling
    from judging.services import judge_case_open, ruling_compute
    from tournaments.services import event_role_grant

    pool = Path(settings.SHARED_DIR) / "data" / "zutomayo" / "cards.json"
    if not pool.exists():
        pytest.skip("the real card pool is not beside the checkout")
    card_import(game_slug="zutomayo", records=copy.deepcopy(json.loads(pool.read_text("utf-8"))),
                source="real")  # fmt: skip
    lang = "ja" if size == "phone" else "en"
    organiser, judge = make_user("olivia"), make_user("jun")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    case = judge_case_open(event_id=event.pk, by=judge, title="Which effect first?")
    record = json.loads(E10.read_text(encoding="utf-8"))["record"]
    ruling_compute(case_id=case.pk, by=judge, record=record)
    names = Ruling.objects.get().output[lang]["card_names"]
    heal, boost = (names[cid][1 if lang == "ja" else 0] for cid in ("1st_81", "1st_55"))

    person = people.person("judge")
    person.page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang,
                                      "url": person.base_url}])  # fmt: skip
    person.log_in("jun")
    page = person.open(f"/judging/cases/{case.pk}/")
    heading = "カードが求めた選択" if lang == "ja" else "Choices the cards asked for"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    depends = "プレイヤーの選択しだいです" if lang == "ja" else "It depends on what the players did"
    expect(page.locator(".answer .sentence").first).to_contain_text(depends)
    page.locator("#choices-h").scroll_into_view_if_needed()
    person.shot("asked")
    page.get_by_label(f"{boost} → {heal}").check()
    person.shot("answered")
    page.get_by_role(
        "button", name="この答えで再現する" if lang == "ja" else "Replay with this answer"
    ).click()
    page.wait_for_load_state()
    # 1st_55 first: 45 HP ≤ 50, so 50 + 20 = 70 (5.2.7.3, 5.1.3.2): Ann's claim of 50 is wrong.
    wrong = "Annの主張は誤り" if lang == "ja" else "Ann is wrong"
    expect(page.locator(".answer .sentence").first).to_contain_text(wrong)
    expect(page.locator(".answer .sentence").first).to_contain_text("70")
    person.shot("replayed")
    assert Ruling.objects.count() == 2
    assert person.fits_the_width()
