"""The judge tools around the engine: the rules registry, replays, cases and rulings."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from judging.engine import CITABLE_RULES
from judging.engine.registry import plugin
from judging.models import JudgeCase, RuleClause, RulesDocument, Ruling
from judging.services import rules_import
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db
ENGINE_TESTS = Path(__file__).resolve().parent / "engine"


def _golden_record(name: str = "01_turn1_night_battle.json") -> dict[str, Any]:
    record: dict[str, Any] = json.loads((ENGINE_TESTS / "golden" / name).read_text())["record"]
    record["cards"] = json.loads((ENGINE_TESTS / "invented_cards.json").read_text())
    return record


@pytest.fixture
def ground_rules(shared_dir: Path) -> RulesDocument:
    path = shared_dir / "rules" / "zutomayo-ground-rules-1.0.1.en.txt"
    call_command("import_rules", "--game", "zutomayo", "--version", "1.0.1", str(path),
                 stdout=StringIO())  # fmt: skip
    return RulesDocument.objects.get(slug="ground-rules")


def test_import_rules_is_idempotent_and_handles_the_anomalies(
    ground_rules: RulesDocument, shared_dir: Path
) -> None:
    count = RuleClause.objects.filter(document=ground_rules).count()
    out = StringIO()
    path = shared_dir / "rules" / "zutomayo-ground-rules-1.0.1.en.txt"
    call_command("import_rules", "--game", "zutomayo", "--version", "1.0.1", str(path), stdout=out)
    assert "unchanged" in out.getvalue()
    assert RuleClause.objects.filter(document=ground_rules).count() == count
    keys = set(RuleClause.objects.filter(document=ground_rules).values_list("key", flat=True))
    assert "5.2.1.2" in keys
    assert "3.9" not in keys
    assert {a["kind"] for a in ground_rules.anomalies} >= {
        "duplicate_number",
        "gap",
        "heading_only",
    }
    duplicate_block = [k for k in keys if k.startswith("10.2")]
    assert len(duplicate_block) > len({k.split("#")[0] for k in duplicate_block})


def test_every_citable_rule_is_in_the_registry(ground_rules: RulesDocument) -> None:
    keys = set(RuleClause.objects.filter(document=ground_rules).values_list("key", flat=True))
    missing = sorted(rule.key if hasattr(rule, "key") else str(rule) for rule in CITABLE_RULES
                     if (rule.key if hasattr(rule, "key") else str(rule)) not in keys)  # fmt: skip
    assert missing == []


@pytest.mark.parametrize(
    ("game", "document", "file", "prefix"),
    [
        ("zutomayo", "basic-rules", "zutomayo-basic-rules.ja.txt", "zbr"),
        ("azuki", "faq", "azuki-tcg-rules-faq.en.txt", "azk"),
        ("ztrike", "official-rules", "ztrike-official-rules.en.txt", "ztr"),
    ],
)
def test_unnumbered_documents_get_stable_keys(
    shared_dir: Path, game: str, document: str, file: str, prefix: str
) -> None:
    text = (shared_dir / "rules" / file).read_text(encoding="utf-8")
    rules_import(game=game, slug=document, version="1", text=text, source_name=file)
    first = list(RuleClause.objects.filter(document__slug=document).values_list("key", "text"))
    assert first
    assert {re.split(r"[.#]", key)[0] for key, _ in first} == {prefix}
    RuleClause.objects.all().delete()
    RulesDocument.objects.all().delete()
    rules_import(game=game, slug=document, version="1", text=text, source_name=file)
    again = list(RuleClause.objects.filter(document__slug=document).values_list("key", "text"))
    assert again == first


def test_changed_text_updates_clauses_by_key() -> None:
    rules_import(game="ztrike", slug="official-rules", version="1", text="Deck\n\nUse 36 cards.\n",
                 source_name="a")  # fmt: skip
    summary = rules_import(game="ztrike", slug="official-rules", version="1",
                           text="Deck\n\nUse 36 cards exactly.\n", source_name="b")  # fmt: skip
    assert (summary.created, summary.updated, summary.removed) == (0, 1, 0)
    assert RuleClause.objects.get(key="ztr.deck#p1").text == "Use 36 cards exactly."


def test_import_rules_refuses_unknown_documents(tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_text("1. Something\n", encoding="utf-8")
    with pytest.raises(CommandError, match="unknown document"):
        call_command("import_rules", "--game", "zutomayo", "--version", "1", "--document",
                     "nope", str(path))  # fmt: skip


def test_judge_replay_command_prints_json_and_text(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_golden_record()), encoding="utf-8")
    out = StringIO()
    call_command("judge_replay", str(path), stdout=out)
    body = json.loads(out.getvalue())
    assert body["result"]["outcome"] == "unfinished"
    assert body["turns"][0]["battle"]["attack"] == [50, 10]
    text = StringIO()
    call_command("judge_replay", str(path), "--text", "--lang", "ja", stdout=text)
    assert "ターン" in text.getvalue()


def test_judge_replay_refuses_unreadable_records(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(
        '{"format": "zutomayo-game/1", "night_side": 0, "players": 3}', encoding="utf-8"
    )
    with pytest.raises(CommandError, match="players"):
        call_command("judge_replay", str(path))
    path.write_text("not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("judge_replay", str(path))


@pytest.fixture
def staff(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge, other_judge, player = (make_user(n) for n in ("o", "j", "j2", "p"))
    event = make_event(organiser=organiser)
    other = make_event(organiser=make_user("o2"), name="Other")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    event_role_grant(event=other, user=other_judge, role="judge", granted_by=None)
    return {"event": event, "judge": judge, "other_judge": other_judge, "player": player}


def _web(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_case_page_flow_with_the_single_turn_form(staff: dict[str, Any], ground_rules: Any) -> None:
    from cardpool.services import card_import
    from tests.cardpool.conftest import demo_records

    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    judge = _web(staff["judge"])
    url = f"/judging/events/{staff['event'].pk}/cases/"
    assert _web(staff["other_judge"]).get(url).status_code == 403
    assert _web(staff["player"]).post(url, {"title": "x"}).status_code == 403
    response = judge.post(url, {"title": "Was it night?"})
    case = JudgeCase.objects.get()
    assert response["Location"] == f"/judging/cases/{case.pk}/"
    form = {
        "turn-turn": 3, "turn-medal": 5, "turn-night_side": 0, "turn-previous_winner": "tie",
        "turn-p0_name": "Ann", "turn-p0_hp": 80, "turn-p0_hand": 5, "turn-p0_battle": "DEMO_1",
        "turn-t0_p0_a": "DEMO_2", "turn-p0_charger0": "DEMO_4",
        "turn-p1_name": "Bo", "turn-p1_hp": 70, "turn-p1_hand": 5, "turn-p1_battle": "DEMO_3",
        "turn-t0_p1_a": "DEMO_5",
    }  # fmt: skip
    turn_url = f"/judging/cases/{case.pk}/turn/"
    assert judge.post(turn_url, form).status_code == 302
    page = judge.get(f"/judging/cases/{case.pk}/")
    ruling = Ruling.objects.get()
    assert page.context["latest"] == ruling
    cited = {rule.key: rule.text for rule in page.context["view"].rules}
    assert "5.2.4.1" in cited
    assert cited["5.2.4.1"] is not None
    assert "Time moves forward" in ruling.text_en
    bad = dict(form, **{"turn-medal": 40})
    assert judge.post(turn_url, bad).status_code == 400
    assert Ruling.objects.count() == 1
    assert judge.post(f"/judging/cases/{case.pk}/file/", {"ruling": ruling.pk}).status_code == 302
    case.refresh_from_db()
    assert (case.status, case.filed_ruling_id) == ("filed", ruling.pk)
    again = judge.post(turn_url, form)
    assert again.status_code == 409
    assert Ruling.objects.count() == 1


def test_rulings_are_reproducible(staff: dict[str, Any]) -> None:
    api = APIClient()
    api.force_authenticate(staff["judge"])
    case = api.post(f"/api/v1/events/{staff['event'].pk}/cases/", {"title": "t"}, format="json")
    assert case.status_code == 201
    record = _golden_record()
    first = api.post(f"/api/v1/cases/{case.json()['id']}/rulings/", {"record": record},
                     format="json").json()  # fmt: skip
    second = api.post(f"/api/v1/cases/{case.json()['id']}/rulings/", {"record": record},
                      format="json").json()  # fmt: skip
    assert first["id"] != second["id"]
    assert first["record_sha256"] == second["record_sha256"]
    assert first["output"] == second["output"]
    assert first["engine_version"]
    denied = APIClient()
    denied.force_authenticate(staff["other_judge"])
    assert denied.post(f"/api/v1/cases/{case.json()['id']}/rulings/", {"record": record},
                       format="json").status_code == 403  # fmt: skip
    assert Ruling.objects.count() == 2


def test_replay_api_answers_claims_and_reports_bad_records(staff: dict[str, Any]) -> None:
    api = APIClient()
    api.force_authenticate(staff["player"])
    record = _golden_record()
    record["claims"] = [{"party": "Bo", "at": "T1", "path": "players[1].hp", "value": 80}]
    body = api.post("/api/v1/judging/replay/", {"record": record, "text": True},
                    format="json").json()  # fmt: skip
    assert body["claims"][0]["status"] == "CONTRADICTED"
    assert "Turn 1" in body["text"]
    record["players"][0]["deck"] = record["players"][0]["deck"][:19]
    illegal = api.post("/api/v1/judging/replay/", {"record": record}, format="json").json()
    assert illegal["illegal_input"]["rule"].startswith("4.1.1")
    bad = api.post("/api/v1/judging/replay/", {"record": {"format": "nope"}}, format="json")
    assert bad.status_code == 400
    assert "record" in bad.json()["field"]
    assert APIClient().post("/api/v1/judging/replay/", {"record": record},
                            format="json").status_code in {401, 403}  # fmt: skip


def test_rule_clause_api(ground_rules: Any) -> None:
    body = APIClient().get("/api/v1/rules/zutomayo/ground-rules/5.2.1.2/").json()
    assert body["key"] == "5.2.1.2"
    assert body["text"]
    assert APIClient().get("/api/v1/rules/zutomayo/ground-rules/99.9/").status_code == 404


def test_ztrike_stable_keys_are_imported_with_quote_and_hash(shared_dir: Path) -> None:
    import hashlib

    ztrike = plugin("ztrike")
    assert ztrike is not None
    text = (shared_dir / "rules" / "ztrike-official-rules.en.txt").read_text(encoding="utf-8")
    rules_import(game="ztrike", slug="official-rules", version="1", text=text, source_name="z")
    clauses = {c.key: c for c in RuleClause.objects.filter(document__slug="official-rules")}
    for rule in ztrike.rules:  # every key the engine cites is in the registry, quoted and hashed
        clause = clauses[rule.key]
        assert clause.text == rule.quote
        assert clause.quote_sha256 == hashlib.sha256(rule.quote.encode()).hexdigest()
        assert clause.parent_key in clauses  # the heading-slug key it is quoted from, kept
    victor = clauses["ztr.victor#s9"]
    assert victor.parent_key == "ztr.determining-a-round-victor#p1"
    paragraph = clauses[victor.parent_key].text
    assert "In case of a tie, no Win or Lose bonuses are applied." in paragraph


def test_azuki_stable_keys_are_imported_with_quote_and_hash(shared_dir: Path) -> None:
    import hashlib

    azuki = plugin("azuki")
    assert azuki is not None
    text = (shared_dir / "rules" / "azuki-tcg-rules-faq.en.txt").read_text(encoding="utf-8")
    rules_import(game="azuki", slug="faq", version="1", text=text, source_name="faq")
    clauses = {c.key: c for c in RuleClause.objects.filter(document__slug="faq")}
    for rule in azuki.rules:  # every key the engine cites is in the registry, quoted and hashed
        clause = clauses[rule.key]
        assert clause.text == rule.quote
        assert clause.quote_sha256 == hashlib.sha256(rule.quote.encode()).hexdigest()
        assert clause.parent_key in clauses  # the heading-slug key it is quoted from, kept
    # the "Step by step" label glued to questions and headings is stripped
    assert not any("Step by step" in c.text for c in clauses.values())
    assert "azk.keywords" in clauses
    assert "azk.responses-and-defender" in clauses
    step4 = clauses["azk.attack.order#step4"]
    assert step4.text == "The defending player may tap a Defender to take the attack."
    assert clauses[step4.parent_key].text.startswith("- The defending player may tap")
