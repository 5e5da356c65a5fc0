"""The table of Japanese basic-rules passages is complete and points at real passages."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from judging.documents import split_sections
from judging.engine import CITABLE_RULES
from judging.rules_ja import JA_PASSAGES


def test_every_citable_clause_has_an_entry() -> None:
    missing = sorted(ref.key for ref in CITABLE_RULES if ref.key not in JA_PASSAGES)
    assert not missing, f"add these clauses to judging/rules_ja.py (a passage or ()): {missing}"


def test_the_table_names_only_clauses_the_engine_cites() -> None:
    citable = {ref.key for ref in CITABLE_RULES}
    assert set(JA_PASSAGES) <= citable


def test_every_passage_exists_in_the_japanese_basic_rules() -> None:
    path = Path(settings.SHARED_DIR) / "rules" / "zutomayo-basic-rules.ja.txt"
    if not path.exists():
        pytest.skip(f"the shared Japanese basic rules are not at {path}")
    keys = {s.key for s in split_sections(path.read_text(encoding="utf-8"), prefix="zbr")}
    wrong = sorted({p for passages in JA_PASSAGES.values() for p in passages} - keys)
    assert not wrong, wrong


def test_the_time_of_day_has_its_japanese_passage() -> None:
    """3.8.4 (NIGHT on the moon side) is the guide's 「青のゾーンが夜、赤のゾーンが昼」."""
    assert JA_PASSAGES["3.8.4"] == ("zbr.クロノス#p1",)
    assert JA_PASSAGES["5.2.3.1"] == (), "the guide has no start-of-turn effects step"
