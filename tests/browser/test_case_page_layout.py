"""The ruling page of a case as a judge reads it on a phone and a laptop, in English and
Japanese (found walking the judge's side): the board's column names stay on one line, never
broken inside a word ("Play|er", "Pow|er"), and every button of the page (replay, save the
notes, replay with this answer) is one a thumb can hit: at least 40 px high, not the bare
browser button.

The record: tests/judging/engine/golden_effects/e10 (real cards: the shared folder's pool).
Screenshots: ``artifacts/screenshots/case_page_layout/<size>-<lang>.png``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import SCREENSHOTS, page_log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLDER = SCREENSHOTS / "case_page_layout"
E10 = (
    Path(__file__).resolve().parents[1]
    / "judging" / "engine" / "golden_effects" / "e10_order_choice_defaulted_depends_on.json"
)  # fmt: skip
#: The smallest height of a tap target here (the primary buttons are about 43 px).
MIN_TAP_PX = 40


def test_the_board_and_the_buttons_of_a_ruling(
    lang_page: Any, where: tuple[str, str], make_user: Any, make_event: Any, live_server: Any,
    shared_dir: Path,
) -> None:  # fmt: skip
    from cardpool.services import card_import
    from judging.services import judge_case_open, record_parse, ruling_compute
    from tournaments.services import event_role_grant

    size, lang = where
    records = json.loads((shared_dir / "data" / "zutomayo" / "cards.json").read_text("utf-8"))
    card_import(game_slug="zutomayo", records=copy.deepcopy(records), source="real")
    organiser, judge = make_user("olivia"), make_user("jun")
    event = make_event(organiser=organiser, name="Layout Cup")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    case = judge_case_open(event_id=event.pk, by=judge, title="Which effect first?")
    ruling_compute(case_id=case.pk, by=judge, record=record_parse(E10.read_bytes()))

    page = lang_page
    page_log_in(page, live_server.url, "jun")
    page.goto(f"{live_server.url}/judging/cases/{case.pk}/")
    page.locator("summary", has_text="JSON").click()  # the upload form's button shows too
    FOLDER.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(FOLDER / f"{size}-{lang}.png"), full_page=True)

    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    ), "the page scrolls sideways"
    # A column name on one line: its cell is no taller than one line of its text.
    broken = page.evaluate(
        """Array.from(document.querySelectorAll('table.board thead th')).filter(th => {
             const line = parseFloat(getComputedStyle(th).lineHeight) || 20;
             const r = document.createRange(); r.selectNodeContents(th);
             return r.getClientRects().length > 1 || r.getBoundingClientRect().height > line * 1.5;
           }).map(th => th.textContent)"""
    )
    assert broken == [], f"column names broken over lines: {broken}"
    small = page.evaluate(
        f"""Array.from(document.querySelectorAll('main button')).filter(b => b.offsetParent)
             .filter(b => b.getBoundingClientRect().height < {MIN_TAP_PX})
             .map(b => b.textContent.trim() + ' ' + Math.round(b.getBoundingClientRect().height))"""
    )
    assert small == [], f"buttons smaller than {MIN_TAP_PX} px: {small}"
