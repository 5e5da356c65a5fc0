"""Every rule the engine can cite exists in the ground rules; every clause is classified."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from judging.engine import (
    CITABLE_RULES,
    INFORMATIONAL_RULES,
    CardCatalogue,
    coverage_report,
    parse_ground_rules,
    replay_record,
)
from judging.engine.zutomayo.effects import PRIMITIVE_RULES
from judging.engine.zutomayo.rules import RuleRef, rule_by_key, sort_key

from .test_golden import FILES, load
from .test_golden_effects import FILES as EFFECT_FILES

ENGINE = Path(__file__).parents[3] / "judging" / "engine" / "zutomayo"


def test_citable_rules_are_defined_once_and_unique() -> None:
    keys = [ref.key for ref in CITABLE_RULES]
    assert len(keys) == len(set(keys))
    assert rule_by_key("10.2.4#priority") == RuleRef("10.2.4", "priority")
    assert RuleRef("10.2.4", "priority").display == "10.2.4 (Priority player)"


def test_every_citable_rule_exists_in_the_ground_rules(ground_rules_text: str) -> None:
    present = parse_ground_rules(ground_rules_text).keys
    missing = sorted(ref.key for ref in CITABLE_RULES if ref.key not in present)
    assert not missing, missing
    assert not [k for k in INFORMATIONAL_RULES if k not in present]


def test_primitive_and_golden_rules_are_citable() -> None:
    citable = {ref.key for ref in CITABLE_RULES}
    for rules in PRIMITIVE_RULES.values():
        assert set(rules) <= citable
    for path in FILES:
        expect = load(path)["expect"]
        wanted = set(expect.get("rules", [])) | {expect.get("illegal_rule", "1.2.1")}
        assert wanted <= citable, (path.name, wanted - citable)


def test_engine_source_cites_only_registered_rules() -> None:
    """Every ``R.R_x_y`` the engine's code uses is a constant of the rules module."""
    from judging.engine.zutomayo import rules

    for source in ENGINE.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "R"
                and node.attr.startswith("R_")
            ):
                assert hasattr(rules, node.attr), (source.name, node.attr)


def test_coverage_report_classifies_every_clause(ground_rules_text: str) -> None:
    report = coverage_report(parse_ground_rules(ground_rules_text))
    assert not report.unclassified, report.unclassified
    assert not report.not_in_document
    assert len(report.implemented) == len(CITABLE_RULES)
    assert "5.2.4.1" in report.implemented
    assert dict(report.informational)["2.3.8"].startswith("rarity")
    data = report.to_json()
    counts = data["counts"]
    assert isinstance(counts, dict)
    total = sum(v for v in counts.values() if isinstance(v, int))
    assert total == len(parse_ground_rules(ground_rules_text).clauses)


@pytest.mark.parametrize("key", ["5.2.1.1", "5.2.1.2", "5.2.1.3", "5.4.3.1", "8.2.2", "10.1.1.3"])
def test_rule_has_a_golden_that_cites_it(key: str) -> None:
    cited = set()
    for path in FILES:
        expect = load(path)["expect"]
        cited |= set(expect.get("rules", [])) | {expect.get("illegal_rule")}
    assert key in cited


PENDING_EFFECT_RULES = frozenset({"10.4.1"})
"""Rules cited only by card-effect codes no golden with effects reaches yet: 10.4.1 by
act.opp_deck_top_reorder (4th_88). Remove each one when a golden with effects cites it."""


def test_every_citable_rule_is_cited_by_a_golden_replay(
    cards: CardCatalogue, real_cards: CardCatalogue
) -> None:
    """House rule 9: every rule the engine implements is exercised by a golden replay (the
    goldens with effects, on the real pool, included)."""
    cited: set[str] = set()
    runs = [(path, cards) for path in FILES] + [(path, real_cards) for path in EFFECT_FILES]
    for path, catalogue in runs:
        report = replay_record(load(path)["record"], cards=catalogue)
        cited.update(rule for event in report.events for rule in event.rules)
        cited.update(report.result.rules)
    missing = sorted((ref.key for ref in CITABLE_RULES if ref.key not in cited), key=sort_key)
    assert sorted(set(missing) - PENDING_EFFECT_RULES) == [], missing
    assert not PENDING_EFFECT_RULES & cited, "cited now: remove it from PENDING_EFFECT_RULES"
