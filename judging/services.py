"""Writes of the judge tools: importing rules documents, cases and rulings."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, utf8_text
from judging.documents import split_sections
from judging.engine import (
    ENGINE_VERSION,
    RecordError,
    parse_ground_rules,
    replay_record,
    unwrap_record,
)
from judging.engine.ztrike import RULES as ZTRIKE_RULES
from judging.models import JudgeCase, RuleClause, RulesDocument, Ruling
from judging.selectors import engine_cards
from tournaments.models import Match
from tournaments.permissions import event_get_for_staff

#: The documents we know how to import, by (game, slug).
DOCUMENTS: dict[tuple[str, str], dict[str, str]] = {
    ("zutomayo", "ground-rules"): {"language": "en", "title": "ZUTOMAYO CARD ground rules"},
    ("zutomayo", "basic-rules"): {"language": "ja", "title": "ZUTOMAYO CARD 基本ルール"},
    ("azuki", "faq"): {"language": "en", "title": "Azuki TCG rules FAQ"},
    ("ztrike", "official-rules"): {"language": "en", "title": "Official ZTRIKE Rules"},
}
KEY_PREFIX = {"basic-rules": "zbr", "faq": "azk", "official-rules": "ztr"}
MAX_RECORD_BYTES = 512 * 1024


@dataclass(frozen=True)
class RulesImportSummary:
    document: str
    clauses: int
    created: int
    updated: int
    removed: int
    unchanged_document: bool


def _clause_rows(slug: str, text: str) -> tuple[str, list[dict[str, Any]], list[dict[str, str]]]:
    if slug == "ground-rules":
        parsed = parse_ground_rules(text)
        rows = [
            {
                "key": c.key, "number": c.number, "display": c.display, "level": c.level,
                "parent_key": c.parent_key or "", "heading": "", "text": c.text,
                "see_also": list(c.see_also), "anomaly": c.anomaly or "",
                "sort_order": c.sort_order,
            }
            for c in parsed.clauses
        ]  # fmt: skip
        anomalies = [{"kind": a.kind, "key": a.key, "detail": a.detail} for a in parsed.anomalies]
        return parsed.preamble, rows, anomalies
    rows = [
        {
            "key": s.key, "number": "", "display": s.key, "level": s.level,
            "parent_key": s.parent_key or "", "heading": s.heading, "text": s.text,
            "see_also": [], "anomaly": "", "sort_order": s.sort_order,
        }
        for s in split_sections(text, prefix=KEY_PREFIX[slug])
    ]  # fmt: skip
    if slug == "official-rules":
        rows += _ztrike_stable_rows(rows)
    return "", rows, []


def _ztrike_stable_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's stable keys (design 3.0), each with its quoted sentence and SHA-256, under
    the paragraph it is quoted from (whose heading-slug key stays, as an alias). A key whose quote
    is not in this text is not created."""
    paragraphs = [(row, " ".join(row["text"].split())) for row in rows]
    joined = " ".join(text for _, text in paragraphs)
    extra: list[dict[str, Any]] = []
    order = max((row["sort_order"] for row in rows), default=0)
    for rule in ZTRIKE_RULES:
        quote = " ".join(rule.quote.split())
        source = next((row for row, text in paragraphs if quote in text), None)
        if source is None and quote not in joined:
            continue
        if source is None:  # a quote across lines (the weakness list): its first line
            source = next(row for row, text in paragraphs if text and quote.startswith(text))
        order += 1
        extra.append({
            "key": rule.key, "number": "", "display": rule.display_en, "level": 3,
            "parent_key": source["key"], "heading": rule.heading, "text": rule.quote,
            "see_also": [source["key"]], "anomaly": "", "sort_order": order,
            "quote_sha256": rule.sha256,
        })  # fmt: skip
    return extra


@transaction.atomic
def rules_import(
    *, game: str, slug: str, version: str, text: str, source_name: str, by: User | None = None
) -> RulesImportSummary:
    """Import one rules document into the registry. Importing the same text again changes
    nothing; a changed text updates its clauses by key."""
    if (game, slug) not in DOCUMENTS:
        known = ", ".join(f"{g}/{s}" for g, s in DOCUMENTS)
        raise InvalidInputError(
            gettext("unknown document %(game)s/%(slug)s; known: %(known)s")
            % {"game": game, "slug": slug, "known": known},
            field="document",
        )
    if not text.strip():
        raise InvalidInputError(gettext("the rules text is empty"), field="path")
    digest = hashlib.sha256(text.encode()).hexdigest()
    meta = DOCUMENTS[(game, slug)]
    preamble, rows, anomalies = _clause_rows(slug, text)
    if not rows:
        raise InvalidInputError(gettext("no rules were found in this text"), field="path")
    document, created_doc = RulesDocument.objects.get_or_create(
        game=game, slug=slug, version=version,
        defaults={"language": meta["language"], "title": meta["title"], "source_name": source_name,
                  "sha256": digest, "preamble": preamble, "anomalies": anomalies},
    )  # fmt: skip
    if not created_doc and document.sha256 == digest:
        return RulesImportSummary(str(document), len(rows), 0, 0, 0, unchanged_document=True)
    existing = {clause.key: clause for clause in RuleClause.objects.filter(document=document)}
    created = updated = 0
    for row in rows:
        clause = existing.pop(row["key"], None)
        if clause is None:
            RuleClause.objects.create(document=document, **row)
            created += 1
        elif any(getattr(clause, field) != value for field, value in row.items()):
            for field, value in row.items():
                setattr(clause, field, value)
            clause.save(update_fields=list(row))
            updated += 1
    removed = len(existing)
    RuleClause.objects.filter(pk__in=[clause.pk for clause in existing.values()]).delete()
    document.sha256, document.preamble, document.anomalies = digest, preamble, anomalies
    document.source_name = source_name
    document.save(update_fields=["sha256", "preamble", "anomalies", "source_name", "imported_at"])
    audit_log(
        action="judging.rules.imported",
        actor=by,
        obj=document,
        data={"created": created, "updated": updated, "removed": removed},
    )
    return RulesImportSummary(str(document), len(rows), created, updated, removed, False)


def record_parse(data: str | bytes) -> dict[str, Any]:
    """A game record from JSON text: a dict, or InvalidInputError naming the problem."""
    if isinstance(data, bytes):
        data = utf8_text(
            data, max_bytes=MAX_RECORD_BYTES, what=gettext("the record"), field="record"
        )
    try:
        record = json.loads(data)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(
            gettext("the record is not JSON: line %(lineno)s, column %(colno)s: %(msg)s")
            % {"lineno": exc.lineno, "colno": exc.colno, "msg": exc.msg},
            field="record",
        ) from exc
    except (RecursionError, ValueError) as exc:
        raise InvalidInputError(
            gettext("the record is not usable JSON: %(exc)s") % {"exc": exc}, field="record"
        ) from exc
    if not isinstance(record, dict):
        raise InvalidInputError(gettext("a game record is a JSON object"), field="record")
    unwrapped = unwrap_record(record)
    if not isinstance(unwrapped, dict):  # pragma: no cover - unwrap_record keeps dicts
        raise InvalidInputError(gettext("a game record is a JSON object"), field="record")
    return unwrapped


def replay_for_judge(*, record: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Replay a record against the database's ZUTOMAYO cards; RecordError becomes a 400."""
    if len(json.dumps(record, ensure_ascii=False)) > MAX_RECORD_BYTES:
        raise InvalidInputError(gettext("the record is larger than 512 KB"), field="record")
    try:
        report = replay_record(record, cards=engine_cards(), lang=lang)
    except RecordError as exc:
        raise InvalidInputError(
            str(exc), field=f"record.{exc.path}" if exc.path else "record"
        ) from exc
    return {
        "json_en": report.to_json("en"),
        "json_ja": report.to_json("ja"),
        "text_en": report.to_text("en"),
        "text_ja": report.to_text("ja"),
        "report": report,
    }


@transaction.atomic
def judge_case_open(
    *, event_id: int, by: User, title: str, match_id: int | None = None
) -> JudgeCase:
    event = event_get_for_staff(user=by, event_id=event_id)
    if not title.strip():
        raise InvalidInputError(gettext("give the case a title"), field="title")
    if match_id is not None and not Match.objects.filter(pk=match_id, round__event=event).exists():
        raise InvalidInputError(gettext("that match is not part of this event"), field="match")
    case = JudgeCase.objects.create(event=event, match_id=match_id, title=title.strip()[:200],
                                    opened_by=by)  # fmt: skip
    audit_log(action="judging.case.opened", actor=by, obj=case, event_id=event.pk)
    return case


def _case_for_staff(case_id: int, user: User) -> JudgeCase:
    case = JudgeCase.objects.select_for_update().filter(pk=case_id).first()
    if case is None:
        raise NotFoundError(
            gettext("case %(case_id)s does not exist") % {"case_id": case_id}, field="case"
        )
    event_get_for_staff(user=user, event_id=case.event_id)
    return case


@transaction.atomic
def ruling_compute(*, case_id: int, by: User, record: dict[str, Any]) -> Ruling:
    """Replay the record and store the ruling with what reproduces it (engine version, profile,
    the record and its digest)."""
    case = _case_for_staff(case_id, by)
    if case.status == JudgeCase.Status.FILED:
        raise ConflictError(gettext("this case is filed; open a new case"), field="case")
    result = replay_for_judge(record=record)
    canonical = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    output = result["json_en"]
    ruling = Ruling.objects.create(
        case=case,
        record=record,
        record_sha256=hashlib.sha256(canonical.encode()).hexdigest(),
        engine_version=ENGINE_VERSION,
        profile=output.get("profile", {}),
        outcome=str(output["result"]["outcome"]),
        output={"en": output, "ja": result["json_ja"]},
        text_en=result["text_en"],
        text_ja=result["text_ja"],
        created_by=by,
    )
    audit_log(action="judging.ruling.computed", actor=by, obj=ruling, event_id=case.event_id,
              data={"outcome": ruling.outcome, "record_sha256": ruling.record_sha256})  # fmt: skip
    return ruling


@transaction.atomic
def ruling_claims_add(
    *, case_id: int, by: User, ruling_id: int, claims: list[dict[str, Any]]
) -> Ruling:
    """Replay a ruling's record again with these claims added (a new ruling; the old one stays)."""
    ruling = Ruling.objects.filter(pk=ruling_id, case_id=case_id).first()
    if ruling is None:
        raise InvalidInputError(gettext("that ruling does not belong to this case"), field="ruling")
    if not claims:
        raise InvalidInputError(gettext("give at least one claim"), field="claims")
    record = dict(ruling.record)
    record["claims"] = [*record.get("claims", []), *claims]
    return ruling_compute(case_id=case_id, by=by, record=record)


@transaction.atomic
def judge_case_notes_set(*, case_id: int, by: User, notes: str) -> JudgeCase:
    """The judges' private notes on a case (never shown on the players' share link)."""
    case = _case_for_staff(case_id, by)
    if len(notes) > 5000:
        raise InvalidInputError(gettext("notes are at most 5000 characters"), field="notes")
    case.notes = notes
    case.save(update_fields=["notes"])
    audit_log(action="judging.case.notes", actor=by, obj=case, event_id=case.event_id)
    return case


@transaction.atomic
def judge_case_file(*, case_id: int, ruling_id: int, by: User) -> JudgeCase:
    """File a ruling on the case (and so on its match). A filed case does not change again."""
    case = _case_for_staff(case_id, by)
    if case.status == JudgeCase.Status.FILED:
        raise ConflictError(gettext("this case is already filed"), field="case")
    ruling = Ruling.objects.filter(pk=ruling_id, case=case).first()
    if ruling is None:
        raise InvalidInputError(gettext("that ruling does not belong to this case"), field="ruling")
    case.status = JudgeCase.Status.FILED
    case.filed_ruling = ruling
    case.save(update_fields=["status", "filed_ruling"])
    audit_log(action="judging.case.filed", actor=by, obj=case, event_id=case.event_id,
              data={"ruling": ruling.pk})  # fmt: skip
    return case
