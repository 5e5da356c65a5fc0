"""The official Q&A answer that decided a step is cited beside its rule numbers on the ruling
page, in English and Japanese (found walking the judge's side: the engine names Q59 on the
event, the page dropped it).

The game (tests/judging/engine/golden_effects/e02): Ann at 95 HP plays 1st_81 (「HPを10回復」
if her character is darkness): healed to 100, not 105 (3.7.1). The next turn, at 100 HP, the
heal is not done: 1.3.2.1, and the official Q&A Q59 (an effect that can change nothing is not
done)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.django_db
E02 = (
    Path(__file__).resolve().parent
    / "engine" / "golden_effects" / "e02_heal_capped_then_not_done_at_full_q59.json"
)  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "heal is not done for Ann: HP is already 100. <span class=\"cites\">"
               "[1.3.2.1; Q&amp;A Q59]</span>"),
        ("ja", "<span class=\"cites\">[1.3.2.1; Q&amp;A Q59]</span>"),
    ],
)  # fmt: skip
def test_the_step_cites_the_qa_answer_that_decided_it(
    judge_case: Any, lang: str, line: str
) -> None:
    case, client = judge_case("Healed at full HP?")
    upload = {"kind": "upload", "upload-record": E02.read_text(encoding="utf-8")}
    assert client.post(f"/judging/cases/{case.pk}/", upload).status_code == 302
    client.cookies["django_language"] = lang
    page = client.get(f"/judging/cases/{case.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert line in page
    # the other steps keep their rule numbers alone: 3.7.1 caps the first heal, no Q&A
    assert "[1.3.1, 3.7.1]</span>" in page
