"""The choices card effects ask for, on the ruling page (the judge settles them): the page
asks each one in plain words with the cards' names, a claim that turns on it says the players'
choice decides it (not the head judge), and the judge's answer replays the game with it.

The game (tests/judging/engine/golden_effects/e10): Ann, at 45 HP, sets 1st_81 (「HPを10回復」 if
her character is darkness) in zone A and 1st_55 (「HP50以下なら攻撃力+20」) in zone B. Healed
first (the default order by zone, 5.2.7.3) she is at 55 and 1st_55 does nothing: attack 50;
1st_55 first, she is at 45 ≤ 50: attack 50 + 20 = 70, then the heal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judging.models import JudgeCase, Ruling

pytestmark = pytest.mark.django_db
E10 = (
    Path(__file__).resolve().parent
    / "engine" / "golden_effects" / "e10_order_choice_defaulted_depends_on.json"
)  # fmt: skip


@pytest.fixture
def case(judge_case: Any) -> tuple[JudgeCase, Client]:
    opened, client = judge_case("Which effect first?")
    record = json.loads(E10.read_text(encoding="utf-8"))["record"]
    response = client.post(f"/judging/cases/{opened.pk}/", {
        "kind": "upload", "upload-record": json.dumps(record, ensure_ascii=False)})  # fmt: skip
    assert response.status_code == 302
    return opened, client


def _names(ruling: Ruling) -> dict[str, str]:
    return {cid: pair[0] for cid, pair in ruling.output["en"]["card_names"].items()}


def test_the_page_asks_the_order_and_the_answer_replays_it(
    case: tuple[JudgeCase, Client],
) -> None:
    judge_case, client = case
    first = Ruling.objects.get()
    names = _names(first)
    heal, boost = names["1st_81"], names["1st_55"]
    page = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    assert "Choices the cards asked for" in page
    assert "In which order did Ann&#x27;s effects take effect (rule 5.2.7.3)?" in page
    assert f"{heal} → {boost}" in page
    assert f"{boost} → {heal}" in page
    # The claim "Ann's attack is 50" turns on the order: the players' choice, not a ruling.
    assert "It depends on what the players did" in page
    assert "The head judge must decide" not in page
    assert "turns[0].choices" not in page.split("<form")[0]
    assert "(not answered: the engine took the rules' default order)" in page

    answer = {"kind": "choice", "path": "turns[0].choices.order[0]", "order": "1st_55,1st_81"}
    answered = client.post(f"/judging/cases/{judge_case.pk}/", answer)
    assert answered.status_code == 302
    second = Ruling.objects.order_by("-pk").first()
    assert second is not None
    assert second.pk != first.pk
    assert second.record["turns"][0]["choices"]["order"][0] == ["1st_55", "1st_81"]
    (claim,) = second.output["en"]["claims"]
    # 1st_55 first: 45 HP ≤ 50, attack 50 + 20 = 70 (5.2.7.3, then 5.1.3): the claim of 50 is
    # contradicted; the choice is answered, so it is a fact, not DEPENDS_ON.
    assert (claim["status"], claim["actual"]) == ("CONTRADICTED", 70)
    after = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    assert "(not answered" not in after


def test_a_wrong_answer_is_refused_and_stores_nothing(case: tuple[JudgeCase, Client]) -> None:
    judge_case, client = case
    for path, order in (
        ("turns[5].choices.order[0]", "1st_55,1st_81"),
        ("turns[0].choices.order[2]", "1st_55,1st_81"),
        ("players[0].hp", "1"),
        ("turns[0].choices.order[0]", ""),
        ("turns[0].choices.order[0]", "1st_55,1st_99"),
    ):
        response = client.post(f"/judging/cases/{judge_case.pk}/", {
            "kind": "choice", "path": path, "order": order})  # fmt: skip
        assert response.status_code == 400, (path, order)
    assert Ruling.objects.count() == 1


def test_the_japanese_page_asks_it_in_japanese(case: tuple[JudgeCase, Client]) -> None:
    judge_case, client = case
    client.cookies["django_language"] = "ja"
    page = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    assert "カードが求めた選択" in page
    assert "Annの効果はどの順番で発揮されましたか（ルール5.2.7.3）？" in page
    assert "プレイヤーの選択しだいです" in page
    assert "In which order" not in page


def test_every_golden_with_effects_opens_on_the_page(case: tuple[JudgeCase, Client]) -> None:
    """The card-effect goldens work on the web page too: each file, wrapper and all, uploads on the
    web page against the database's real pool and replays to the outcome written in it by hand (one
    case for all of them: importing the pool is what costs)."""
    judge_case, client = case
    goldens = sorted(E10.parent.glob("*.json"))
    assert len(goldens) >= 60
    for golden in goldens:
        data = json.loads(golden.read_text(encoding="utf-8"))
        response = client.post(f"/judging/cases/{judge_case.pk}/", {
            "kind": "upload", "upload-record": golden.read_text(encoding="utf-8")})  # fmt: skip
        assert response.status_code == 302, (golden.name, response.content.decode()[-600:])
        expected = data["expect"]["result"]["outcome"]
        assert Ruling.objects.order_by("-pk")[0].outcome == expected, golden.name
        assert client.get(f"/judging/cases/{judge_case.pk}/").status_code == 200, golden.name


G03 = E10.parent / "g_cards_03_name_defaulted_depends_on.json"


def test_the_page_asks_a_card_s_choice_and_the_answer_replays_it(
    case: tuple[JudgeCase, Client],
) -> None:
    """g_cards_03: Ann's 3rd_59 names a card and reveals one of Bo's hand [1st_9, 1st_17], both
    defaulted (1st_1's name, 1st_9: named, +100, Bo at 0 HP). The page asks both choices; the
    answer "1st_17 revealed" is written to choices.picks and replayed: not the named card, 50
    against 40 (Bo at 90 HP), and the claim of 0 now turns on the name alone."""
    judge_case, client = case
    record = json.loads(G03.read_text(encoding="utf-8"))["record"]
    client.post(f"/judging/cases/{judge_case.pk}/", {
        "kind": "upload", "upload-record": json.dumps(record, ensure_ascii=False)})  # fmt: skip
    ruling = Ruling.objects.order_by("-pk")[0]
    names = _names(ruling)
    page = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    game_name = names["3rd_59"].replace("'", "&#x27;")
    assert f"What did Ann choose when {game_name}&#x27;s effect asked (choice 2)?" in page
    assert "It depends on what the players did" in page
    path = "turns[0].choices.picks[0].3rd_59[1]"
    answered = client.post(f"/judging/cases/{judge_case.pk}/", {
        "kind": "choice", "path": path, "order": "1st_17"})  # fmt: skip
    assert answered.status_code == 302
    second = Ruling.objects.order_by("-pk")[0]
    assert second.pk != ruling.pk
    assert second.record["format"] == "zutomayo-game/3"
    assert second.record["turns"][0]["choices"]["picks"][0] == {"3rd_59": [None, ["1st_17"]]}
    (claim,) = second.output["en"]["claims"]
    assert claim["actual"] == 90
    assert claim["depends_on"] == ["turns[0].choices.picks[0].3rd_59[0]"]
    refused = client.post(f"/judging/cases/{judge_case.pk}/", {
        "kind": "choice", "path": path, "order": "1st_67"})  # fmt: skip
    assert refused.status_code == 400
    client.cookies["django_language"] = "ja"
    page = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    assert "の効果の選択（1番目）で、Annは何を選びましたか？" in page
