"""The report dict, both languages, and every message template."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardpool.legality import (
    Decklist,
    Game,
    IssueCode,
    LegalityIssue,
    Severity,
    check_decklist,
    check_decklist_text,
    legality_report,
)
from cardpool.legality.messages import issue, message_keys
from tests.cardpool.legality.cards import (
    azuki_index,
    legal_azuki_deck,
    legal_zutomayo_deck,
    ztrike_index,
    ztrike_rules,
    zutomayo_index,
)

ZUTOMAYO = zutomayo_index()
REPO = Path(__file__).resolve().parents[3]


def test_report_shape_of_a_legal_deck() -> None:
    report = legality_report(legal_zutomayo_deck(), ZUTOMAYO)
    result = report.as_dict("en")
    assert result == {
        "legal": True,
        "errors": [],
        "warnings": [],
        "cards": [{"id": f"1st_{n}", "count": 2} for n in range(1, 11)],
    }
    json.dumps(result)


def test_report_of_parsed_text_in_both_languages() -> None:
    text = "2 1st_1\n3 1st_2\n2 1st_4\n2 1st_6\n2 1st_8\n2 1st_10\n2 1st_12\n2 1st_14\nnope\n"
    report = check_decklist_text(text, ZUTOMAYO)
    english = report.as_dict("en")
    assert english["legal"] is False
    assert [e["code"] for e in english["errors"]] == [
        "malformed_line",
        "deck_size",
        "too_many_copies",
    ]
    assert [e["rule"] for e in english["errors"]] == ["input", "4.1.1", "4.1.2"]
    assert english["errors"][2]["cards"] == ["1st_2"]
    assert [w["code"] for w in english["warnings"]] == ["few_characters"]
    # Every item carries the line, the code, the rule, the message and the
    # suggestions a page needs.
    assert set(english["errors"][0]) == {"code", "rule", "message", "cards", "line", "suggestions"}
    assert english["errors"][0]["line"] == 9
    assert english["errors"][1]["line"] is None
    both = report.as_dicts()
    assert both["en"] == english
    japanese = both["ja"]
    assert [e["code"] for e in japanese["errors"]] == [e["code"] for e in english["errors"]]
    assert all(re.search(r"[\u3040-\u30ff]", e["message"]) for e in japanese["errors"])
    assert all(not re.search(r"[\u3040-\u30ff]", e["message"]) for e in english["errors"])
    json.dumps(both, ensure_ascii=False)


def test_unreadable_input_reports_only_that() -> None:
    report = check_decklist_text("", ZUTOMAYO)
    assert [e["code"] for e in report.as_dict()["errors"]] == ["empty_input"]


def test_language_must_be_en_or_ja() -> None:
    report = legality_report(legal_zutomayo_deck(), ZUTOMAYO)
    with pytest.raises(ValueError, match="language"):
        report.as_dict("fr")  # type: ignore[arg-type]  # testing the runtime check


def test_check_decklist_dispatches_by_game() -> None:
    assert check_decklist(legal_zutomayo_deck(), ZUTOMAYO) == ()
    assert check_decklist(legal_azuki_deck(), azuki_index()) == ()
    issues = check_decklist(Decklist(Game.ZTRIKE, ()), ztrike_index(), ztrike_rules())
    assert [i.code for i in issues] == ["deck_size"]


def test_rules_of_another_game_are_refused() -> None:
    with pytest.raises(ValueError, match="rules"):
        check_decklist(legal_zutomayo_deck(), ZUTOMAYO, ztrike_rules())


PLACEHOLDERS = [
    "count",
    "required",
    "pack",
    "number",
    "names",
    "limit",
    "size",
    "name",
    "card",
    "card_elements",
    "allowed",
    "list_name",
    "effective",
    "hint",
    "hint_ja",
    "where",
    "where_ja",
    "candidates",
    "candidates_ja",
    "total",
    "lines",
    "text",
    "reason_en",
    "reason_ja",
    "other",
    "game",
    "header",
    "column",
    "column_ja",
]


@pytest.mark.parametrize("key", message_keys())
def test_every_message_renders_in_both_languages(key: str) -> None:
    values = dict.fromkeys(PLACEHOLDERS, "X")
    made = issue(
        key,
        rule="r",
        cards=(),
        severity=Severity.ERROR,
        line=None,
        field=None,
        suggestions=(),
        suggestions_ja=(),
        **values,
    )
    assert isinstance(made, LegalityIssue)
    assert made.message_en
    assert made.message_ja
    assert made.code in {c.value for c in IssueCode}
    assert made.severity is Severity.ERROR


def test_required_codes_exist() -> None:
    required = {
        "deck_size",
        "too_many_copies",
        "unknown_card",
        "ambiguous_card",
        "malformed_line",
        "banned",
        "limited",
        "leader_count",
        "gate_count",
        "main_deck_size",
        "ikz_count",
        "element_mismatch",
        "ztrike_card_count",
        "empty_input",
        "too_long",
        "binary_data",
        "bad_count",
        "wrong_game",
        "csv_missing_column",
    }
    assert required <= {c.value for c in IssueCode}


def test_package_imports_without_django() -> None:
    code = (
        "import sys, cardpool.legality; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery', 'redis')]; "
        "sys.exit(1 if bad else 0)"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, check=False)
    assert result.returncode == 0
