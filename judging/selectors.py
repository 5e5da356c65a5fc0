"""Reads of the judge tools: the engine's card catalogue, rule texts, cases."""

from __future__ import annotations

from collections.abc import Iterable

from cardpool.selectors import card_rows_for_game
from core.access import Subject
from judging.engine import CardCatalogue
from judging.models import JudgeCase, RuleClause, RulesDocument


def engine_cards() -> CardCatalogue:
    """The database's ZUTOMAYO cards as the engine's catalogue (one query)."""
    return CardCatalogue.from_dicts(card_rows_for_game(game="zutomayo"))  # type: ignore[arg-type]  # rows are JSON-shaped dicts


def ground_rules_latest() -> RulesDocument | None:
    return (
        RulesDocument.objects.filter(game="zutomayo", slug="ground-rules")
        .order_by("-imported_at")
        .first()
    )


def rule_texts(*, keys: Iterable[str]) -> dict[str, RuleClause]:
    """The clauses of the latest ground rules for these keys (one or two queries)."""
    document = ground_rules_latest()
    if document is None:
        return {}
    wanted = set(keys)
    clauses = RuleClause.objects.filter(document=document, key__in=wanted)
    return {clause.key: clause for clause in clauses}


def case_subject(case_id: int) -> Subject | None:
    """A judge case, for ``core.access``: the event it belongs to."""
    event_id = JudgeCase.objects.filter(pk=case_id).values_list("event_id", flat=True).first()
    return None if event_id is None else Subject(event_id=event_id)
