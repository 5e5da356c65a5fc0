"""Reads of the judge tools: the engine's card catalogue, rule texts, cases."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from cardpool.selectors import card_rows_for_game
from core.access import Subject
from core.errors import NotFoundError
from judging.engine import CardCatalogue
from judging.models import JudgeCase, RuleClause, RulesDocument
from tournaments.permissions import AnyUser, event_get_for_staff


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


def rule_clause_get(*, game: str, slug: str, key: str) -> RuleClause:
    """One rule's text from the newest imported version of that document; 404 when absent."""
    clause = (
        RuleClause.objects.select_related("document")
        .filter(document__game=game, document__slug=slug, key=key)
        .order_by("-document__imported_at")
        .first()
    )
    if clause is None:
        raise NotFoundError(f"no rule {key!r} in {game}/{slug}", field="key")
    return clause


def judge_case_list(*, event_id: int, user: AnyUser) -> QuerySet[JudgeCase]:
    """The event's cases (for its judges and organisers)."""
    event = event_get_for_staff(user=user, event_id=event_id)
    return JudgeCase.objects.filter(event=event).select_related("match", "filed_ruling")


def judge_case_get_for_judge(*, case_id: int, user: AnyUser) -> JudgeCase:
    """A case, for a judge or organiser of its event; NotFoundError / PermissionDeniedError."""
    case = (
        JudgeCase.objects.select_related("event", "match", "filed_ruling")
        .filter(pk=case_id)
        .first()
    )
    if case is None:
        raise NotFoundError(f"case {case_id} does not exist", field="case")
    event_get_for_staff(user=user, event_id=case.event_id)
    return case


def case_subject(case_id: int) -> Subject | None:
    """A judge case, for ``core.access``: the event it belongs to."""
    event_id = JudgeCase.objects.filter(pk=case_id).values_list("event_id", flat=True).first()
    return None if event_id is None else Subject(event_id=event_id)
