"""A claim that turns on the order of a player's effects (DEPENDS_ON a choice the players made):
the answer quotes the rule that gives the players that choice (5.2.7.3, "Players choose the
order their own effects take effect in.") and calls each claim "depends on the players'
choice", not "depends on a ruling" (the head judge's questions), in English and Japanese.

The game (tests/judging/engine/golden_effects/e10): Ann at 45 HP sets 1st_81 (heal 10) and
1st_55 (attack +20 at 50 HP or less). The heal first: 55 HP, attack 50; the other order: 70.
Ann says her attack was 50, Bo says 70."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db
E10 = (
    Path(__file__).resolve().parent
    / "engine" / "golden_effects" / "e10_order_choice_defaulted_depends_on.json"
)  # fmt: skip


@pytest.fixture
def page(judge_case: Any, shared_dir: Path) -> Any:
    case, client = judge_case("Which effect first?")
    call_command("import_rules", "--game", "zutomayo", "--version", "1.0.1", "--document",
                 "ground-rules", str(shared_dir / "rules" / "zutomayo-ground-rules-1.0.1.en.txt"),
                 stdout=StringIO())  # fmt: skip
    record = json.loads(E10.read_text(encoding="utf-8"))["record"]
    record.pop("claims")
    url = f"/judging/cases/{case.pk}/"
    upload = {"kind": "upload", "upload-record": json.dumps(record, ensure_ascii=False)}
    assert client.post(url, upload).status_code == 302
    claim = {"turn": 3, "step": "5.2.8", "what": "attack:0"}
    claims = {"kind": "claims", **{f"c0-{k}": v for k, v in claim.items()}, "c0-number": 50,
              **{f"c1-{k}": v for k, v in claim.items()}, "c1-number": 70}  # fmt: skip
    assert client.post(url, claims).status_code == 302

    def get(lang: str) -> str:
        client.cookies["django_language"] = lang
        body: str = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        return body.split('aria-labelledby="answer-h"')[1].split("</section>")[0]

    def answer(order: str) -> None:
        """The judge answers the choice on the page: the order the players say they used."""
        choice = {"kind": "choice", "path": "turns[0].choices.order[0]", "order": order}
        assert client.post(url, choice).status_code == 302

    get.answer = answer  # type: ignore[attr-defined]
    return get


def test_the_answer_quotes_the_rule_that_lets_the_players_choose(page: Any) -> None:
    answer = page("en")
    assert "It depends on what the players did" in answer
    assert "“Players choose the order their own effects take effect in.”" in answer
    assert "Ann: Ann&#x27;s attack is 50 (depends on the players&#x27; choice)" in answer
    assert "Bo: Ann&#x27;s attack is 70 (depends on the players&#x27; choice)" in answer
    assert "depends on a ruling" not in answer


def test_the_japanese_answer_says_the_players_choice_decides(page: Any) -> None:
    answer = page("ja")
    assert "プレイヤーの選択しだいです" in answer
    assert "Annの攻撃力は50（プレイヤーの選択しだい）" in answer
    assert "“Players choose the order their own effects take effect in.”" in answer
    assert "解釈次第" not in answer


def test_the_answer_links_to_the_choice_below_the_steps(page: Any) -> None:
    """On a phone the choices come after a long log: the answer takes the judge there."""
    for lang, words in (("en", "Answer the choice the players made"),
                        ("ja", "プレイヤーが行った選択を答える")):  # fmt: skip
        assert f'<a class="button" href="#choices-h">{words}</a>' in page(lang)


def test_once_answered_the_answer_quotes_the_rule_of_effects_on_attack(page: Any) -> None:
    """The players say Supporting Band went first: 45 HP ≤ 50, attack 50 + 20 = 70, Bo is
    right. What decided it is an effect's attack (7.1: the printed attack plus any attack given
    by effects), not the day/night column of 5.1.3.1 (50 either way here)."""
    page.answer("1st_55,1st_81")
    answer = page("en")
    assert "Bo is right: Ann&#x27;s attack was 70" in answer
    assert "rule 7.1." in answer
    assert "“A character&#x27;s attack is the attack written on the character card, plus any " \
           "attack given by effects.”" in answer  # fmt: skip
    assert "ルール7.1。" in page("ja")
