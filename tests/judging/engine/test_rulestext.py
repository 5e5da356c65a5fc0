"""The ground-rules parser: clauses, Q&A pointers and numbering anomalies (ZA-10)."""

from __future__ import annotations

from judging.engine import parse_ground_rules

# A tiny invented text with the same layout and the same anomalies as the ground rules.
SAMPLE = """About these rules

These are the sample rules, version 9.8.7.

1. Overview

1.1

Heading one

1.1.1

First clause.
Q&A: Q1, Q2

1.3

After a gap

2. Turns

2.1

Doing things

2.1.1

Do a thing.

2.2

Later turns

2.2.1

Doing things

2.4

Priority player

2.4.1

The priority player goes first.

2.4.2

Really first.
Q&A: Q9

2.4

Public and hidden information

2.4.1

Public is public.
"""


def test_sample_clauses_and_pointers() -> None:
    doc = parse_ground_rules(SAMPLE)
    assert doc.version == "9.8.7"
    assert doc.clause("1.1.1").text == "First clause."
    assert doc.clause("1.1.1").see_also == ("Q1", "Q2")
    assert doc.clause("1.1.1").parent_key == "1.1"
    assert doc.clause("1").text == "Overview"


def test_sample_duplicate_block_gets_variants() -> None:
    doc = parse_ground_rules(SAMPLE)
    assert doc.clause("2.4.1#priority").text == "The priority player goes first."
    assert doc.clause("2.4.1#info").text == "Public is public."
    assert doc.clause("2.4.2#priority").display == "2.4.2 (Priority player)"
    assert doc.clause("2.4#info").display == "2.4 (Public and hidden information)"
    kinds = {(a.kind, a.key) for a in doc.anomalies}
    assert ("duplicate_number", "2.4") in kinds
    assert ("duplicate_number", "2.4.1") in kinds


def test_sample_gaps_and_heading_only() -> None:
    doc = parse_ground_rules(SAMPLE)
    kinds = {(a.kind, a.key) for a in doc.anomalies}
    assert ("gap", "1.2") in kinds
    assert ("gap", "2.3") in kinds
    assert doc.clause("2.2.1").anomaly == "heading_only"
    assert doc.clause("2.2.1").points_to == "2.1"


def test_ground_rules_have_196_numbered_clauses(ground_rules_text: str) -> None:
    doc = parse_ground_rules(ground_rules_text)
    assert doc.version == "1.0.1"
    assert len([c for c in doc.clauses if c.level > 1]) == 196
    assert len(doc.keys) == len(doc.clauses), "keys are unique"


def test_rule_10_2_duplicate_blocks(ground_rules_text: str) -> None:
    doc = parse_ground_rules(ground_rules_text)
    assert doc.clause("10.2.4#priority").see_also == ("Q102",)
    assert doc.clause("10.2.1#priority").display == "10.2.1 (Priority player)"
    assert "Public information" in doc.clause("10.2.1#info").text
    assert doc.clause("10.2.2#info").parent_key == "10.2#info"
    assert doc.clause("10.2#priority").parent_key == "10"


def test_rule_3_9_and_2_1_3_1_are_gaps(ground_rules_text: str) -> None:
    doc = parse_ground_rules(ground_rules_text)
    gaps = {a.key: a.detail for a in doc.anomalies if a.kind == "gap"}
    assert set(gaps) == {"3.9", "2.1.3.1"}
    assert "2.1.3.3" in gaps["2.1.3.1"]


def test_rule_5_2_8_and_5_2_9_are_heading_only(ground_rules_text: str) -> None:
    doc = parse_ground_rules(ground_rules_text)
    assert doc.clause("5.2.8").points_to == "5.1.3"
    assert doc.clause("5.2.9").points_to == "5.1.4"
    heading_only = {a.key for a in doc.anomalies if a.kind == "heading_only"}
    assert heading_only == {"5.2.8", "5.2.9"}


def test_qa_pointers(ground_rules_text: str) -> None:
    doc = parse_ground_rules(ground_rules_text)
    assert doc.clause("5.2.5.3").see_also == ("Q13",)
    assert doc.clause("5.2.6.3").see_also == ("Q11",)
    assert doc.clause("6.3.2").see_also == ("Q19",)
    assert doc.clause("9.1.3").see_also == ("Q74",)
    assert sum(1 for c in doc.clauses if c.see_also) == 45


def test_multiline_clause_text(ground_rules_text: str) -> None:
    doc = parse_ground_rules(ground_rules_text)
    assert doc.clause("10.1.1").text.count("\n") == 2
    assert doc.clause("2.2").text.startswith("Card types")


def test_number_and_text_on_one_line() -> None:
    doc = parse_ground_rules(
        "Intro\n\n1. Overview\n\n1.1 Heading\n\n1.1.1 First clause.\nQ&A: Q3\n"
    )
    assert doc.clause("1.1.1").text == "First clause."
    assert doc.clause("1.1.1").see_also == ("Q3",)
    assert doc.clause("1.1").text == "Heading"


def test_windows_line_endings_and_clause_json() -> None:
    doc = parse_ground_rules(SAMPLE.replace("\n", "\r\n"))
    assert doc.clause("1.1.1").text == "First clause."
    data = doc.to_json()
    clauses = data["clauses"]
    assert isinstance(clauses, list)
    assert len(clauses) == len(doc.clauses)
