"""Registry coverage: which numbered rules the engine implements and which are informational."""

from __future__ import annotations

from dataclasses import dataclass

from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.rules import CITABLE_RULES, INFORMATIONAL_RULES, sort_key
from judging.engine.zutomayo.rulestext import RulesDocument


@dataclass(frozen=True, slots=True)
class CoverageReport:
    """Every clause key of the document in exactly one of the first four groups."""

    implemented: tuple[str, ...]  # cited by the engine's events
    informational: tuple[tuple[str, str], ...]  # (key, why the engine does not model it)
    headings: tuple[str, ...]  # clauses that only group sub-clauses (or sections)
    unclassified: tuple[str, ...]  # neither: a gap in the engine's coverage
    not_in_document: tuple[str, ...]  # cited or listed by the engine but absent from the text

    def to_json(self) -> dict[str, JSON]:
        return {
            "implemented": list(self.implemented),
            "informational": dict(self.informational),
            "headings": list(self.headings),
            "unclassified": list(self.unclassified),
            "not_in_document": list(self.not_in_document),
            "counts": {
                "implemented": len(self.implemented),
                "informational": len(self.informational),
                "headings": len(self.headings),
                "unclassified": len(self.unclassified),
            },
        }


def coverage_report(document: RulesDocument) -> CoverageReport:
    """Classify the document's clauses against ``CITABLE_RULES`` and ``INFORMATIONAL_RULES``."""
    cited = {ref.key for ref in CITABLE_RULES}
    parents = {c.parent_key for c in document.clauses if c.parent_key is not None}
    implemented: list[str] = []
    informational: list[tuple[str, str]] = []
    headings: list[str] = []
    unclassified: list[str] = []
    for clause in document.clauses:
        key = clause.key
        if key in cited:
            implemented.append(key)
        elif key in INFORMATIONAL_RULES:
            informational.append((key, INFORMATIONAL_RULES[key]))
        elif key in parents or clause.level == 1:
            headings.append(key)
        else:
            unclassified.append(key)
    present = document.keys
    missing = sorted(
        (k for k in cited | set(INFORMATIONAL_RULES) if k not in present), key=sort_key
    )
    return CoverageReport(
        implemented=tuple(implemented),
        informational=tuple(informational),
        headings=tuple(headings),
        unclassified=tuple(unclassified),
        not_in_document=tuple(missing),
    )
