"""Writes of the judge tools: importing rules documents, cases and rulings."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, utf8_text
from core.names import display_name_clean
from judging.documents import split_sections
from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import unwrap_record
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import Report
from judging.engine.registry import plugin_for_format, plugins
from judging.games import ClauseRow, RulesSource, StableRule, judge_game, judge_games
from judging.models import JudgeCase, RuleClause, RulesDocument, Ruling
from tournaments.models import Match, Registration
from tournaments.permissions import event_get_for_staff
from tournaments.selectors.people import public_name_of

type Record = dict[str, JSON]
"""A game record as the engines read it: a JSON object."""

MAX_RECORD_BYTES = 512 * 1024
#: The FAQ's text extraction glues the UI label "Step by step" onto the next line (cut off on
#: import, so the quoted sentence reads as printed).
_STEP_BY_STEP = re.compile(r"^Step by step(?=\S)", re.MULTILINE)


@dataclass(frozen=True)
class RulesImportSummary:
    document: str
    clauses: int
    created: int
    updated: int
    removed: int
    unchanged_document: bool


def _documents() -> dict[tuple[str, str], RulesSource]:
    """The documents we know how to import, by (game, slug): each judge game's."""
    return {(game.slug, doc.slug): doc for game in judge_games() for doc in game.documents}


def _clause_rows(doc: RulesSource, text: str) -> tuple[str, list[ClauseRow], list[dict[str, str]]]:
    if doc.read is not None:
        return doc.read(text)
    slug = doc.slug
    if slug == "faq":
        text = _STEP_BY_STEP.sub("", text)
    rows: list[ClauseRow] = [
        {
            "key": s.key, "number": "", "display": s.key, "level": s.level,
            "parent_key": s.parent_key or "", "heading": s.heading, "text": s.text,
            "see_also": [], "anomaly": "", "sort_order": s.sort_order,
        }
        for s in split_sections(text, prefix=doc.key_prefix)
    ]  # fmt: skip
    return "", [*rows, *_stable_rows(rows, doc.stable_rules())], []


def _stable_rows(rows: list[ClauseRow], rules: Sequence[StableRule]) -> list[ClauseRow]:
    """The engine's stable keys (ZTRIKE's, Azuki's), each with its quoted sentence
    and SHA-256, under the paragraph it is quoted from (whose heading-slug key stays, as an
    alias). A key whose quote is not in this text is not created."""
    paragraphs = [(row, " ".join(row["text"].split())) for row in rows]
    joined = " ".join(text for _, text in paragraphs)
    extra: list[ClauseRow] = []
    order = max((row["sort_order"] for row in rows), default=0)
    for rule in rules:
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
    documents = _documents()
    if (game, slug) not in documents:
        known = ", ".join(f"{g}/{s}" for g, s in documents)
        raise InvalidInputError(
            gettext("unknown document %(game)s/%(slug)s; known: %(known)s")
            % {"game": game, "slug": slug, "known": known},
            field="document",
        )
    if not text.strip():
        raise InvalidInputError(gettext("the rules text is empty"), field="path")
    digest = hashlib.sha256(text.encode()).hexdigest()
    meta = documents[(game, slug)]
    preamble, rows, anomalies = _clause_rows(meta, text)
    if not rows:
        raise InvalidInputError(gettext("no rules were found in this text"), field="path")
    document, created_doc = RulesDocument.objects.get_or_create(
        game=game, slug=slug, version=version,
        defaults={"language": meta.language, "title": meta.title, "source_name": source_name,
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


def record_parse(data: str | bytes) -> Record:
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


@dataclass(frozen=True, slots=True)
class JudgeReplay:
    """A record replayed for the judge pages: the report, and its JSON and text in English and
    Japanese."""

    json_en: dict[str, JSON]
    json_ja: dict[str, JSON]
    text_en: str
    text_ja: str
    report: Report
    engine_version: str

    def json(self, lang: str) -> dict[str, JSON]:
        """The report's JSON in ``lang`` (``en`` or ``ja``)."""
        return self.json_ja if lang == "ja" else self.json_en

    def text(self, lang: str) -> str:
        """The report's text in ``lang`` (``en`` or ``ja``)."""
        return self.text_ja if lang == "ja" else self.text_en


def replay_for_judge(*, record: Record, lang: str = "en", game: str | None = None) -> JudgeReplay:
    """Replay a record against the database's cards of the event's ``game`` (without one: the
    game whose records are in the record's format; a record without a format is the first
    game's, whose oldest records had none); a record of another game, or a RecordError, becomes
    a 400."""
    if len(json.dumps(record, ensure_ascii=False)) > MAX_RECORD_BYTES:
        raise InvalidInputError(gettext("the record is larger than 512 KB"), field="record")
    given = record.get("format")
    if game is None:
        engine = plugin_for_format(str(given)) if given is not None else plugins()[0]
        game = engine.slug if engine is not None else str(given)
    entry = judge_game(game)
    if entry is None:
        raise InvalidInputError(
            gettext("the judge assist does not replay %(game)s games yet") % {"game": game},
            field="record",
        )
    engine = entry.engine
    if given is not None and not engine.reads(str(given)):
        raise InvalidInputError(
            gettext("this event plays %(game)s: its records are %(expected)s, not %(given)s")
            % {"game": game, "expected": engine.record_format, "given": given},
            field="record.format",
        )
    try:
        cards = entry.cards()
    except RecordError as exc:
        raise InvalidInputError(
            gettext("the %(game)s card data in the database cannot be replayed: %(error)s")
            % {"game": game, "error": exc},
            field="cards",
        ) from exc
    try:
        report = entry.stored_report(engine.replay(record, cards=cards, lang=lang))
    except RecordError as exc:
        raise InvalidInputError(
            str(exc), field=f"record.{exc.path}" if exc.path else "record"
        ) from exc
    return JudgeReplay(
        json_en=report.to_json("en"),
        json_ja=report.to_json("ja"),
        text_en=report.to_text("en"),
        text_ja=report.to_text("ja"),
        report=report,
        engine_version=engine.engine_version,
    )


@transaction.atomic
def judge_case_open(
    *, event_id: int, by: User, title: str, match_id: int | None = None
) -> JudgeCase:
    event = event_get_for_staff(user=by, event_id=event_id)
    if not title.strip():
        raise InvalidInputError(gettext("give the case a title"), field="title")
    title = display_name_clean(title.strip()[:200], field="title", max_length=200)
    if match_id is not None and not Match.objects.filter(pk=match_id, round__event=event).exists():
        raise InvalidInputError(gettext("that match is not part of this event"), field="match")
    case = JudgeCase.objects.create(event=event, match_id=match_id, title=title,
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
def ruling_compute(*, case_id: int, by: User, record: Record) -> Ruling:
    """Replay the record and store the ruling with what reproduces it (engine version, profile,
    the record and its digest)."""
    case = _case_for_staff(case_id, by)
    if case.status == JudgeCase.Status.FILED:
        raise ConflictError(gettext("this case is filed; open a new case"), field="case")
    result = replay_for_judge(record=record, game=case.event.game.slug)
    canonical = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    output = result.json_en
    ruling = Ruling.objects.create(
        case=case,
        record=record,
        record_sha256=hashlib.sha256(canonical.encode()).hexdigest(),
        engine_version=result.engine_version,
        profile=output.get("profile", {}),
        outcome=str(cast(dict[str, JSON], output["result"])["outcome"]),  # a report has one
        output={"en": output, "ja": result.json_ja},
        text_en=result.text_en,
        text_ja=result.text_ja,
        created_by=by,
    )
    audit_log(action="judging.ruling.computed", actor=by, obj=ruling, event_id=case.event_id,
              data={"outcome": ruling.outcome, "record_sha256": ruling.record_sha256})  # fmt: skip
    return ruling


@transaction.atomic
def ruling_claims_add(
    *, case_id: int, by: User, ruling_id: int, claims: list[dict[str, JSON]]
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


#: The path of a choice the ZUTOMAYO engine asks for (``choices_needed``): a player's order of
#: effects at a turn, ``turns[i].choices.order[p]``, or the n-th choice a card's effect asked of
#: a player, ``turns[i].choices.picks[p].<card>[n]`` (an input of the record).
CHOICE_PATH = re.compile(
    r"turns\[(\d{1,3})\]\.choices\.(?:order\[([01])\]|picks\[([01])\]\.([\w\-]{1,40})\[(\d{1,2})\])"
)


def ruling_choice_set(
    *, case_id: int, by: User, ruling_id: int, path: str, order: list[str]
) -> Ruling:
    """Replay a ruling's record again with a choice the engine asked for answered (a new
    ruling; the old one stays): a player's order of effects (5.2.7.3), one card id per effect,
    first first; or a card's choice (the cards chosen, ``yes``/``no``, or the card named), which
    must be one of the answers the ruling offered. The engine checks the answer again."""
    ruling = Ruling.objects.filter(pk=ruling_id, case_id=case_id).first()
    if ruling is None:
        raise InvalidInputError(gettext("that ruling does not belong to this case"), field="ruling")
    found = CHOICE_PATH.fullmatch(path)
    turns = ruling.record.get("turns")
    if found is None or not isinstance(turns, list) or int(found[1]) >= len(turns):
        raise InvalidInputError(gettext("the record asks no such choice"), field="path")
    asked = next(
        (c for c in ruling.output.get("en", {}).get("choices", []) if c.get("path") == path), None
    )
    if asked is None:
        raise InvalidInputError(gettext("the record asks no such choice"), field="path")
    record = json.loads(json.dumps(ruling.record))
    turn = record["turns"][int(found[1])]
    if not isinstance(turn, dict):
        raise InvalidInputError(gettext("the record asks no such choice"), field="path")
    if found[2] is None:
        _set_pick(turn, asked, int(found[3]), found[4], int(found[5]), order)
    else:
        _set_order(turn, asked, int(found[2]), order)
    # Choices are read from a game's newer record formats on: the record is written anew in its
    # game's current format (which reads every older record).
    given = record.get("format")
    engine = plugin_for_format(str(given)) if given is not None else plugins()[0]
    if engine is not None:
        record["format"] = engine.record_format
    return ruling_compute(case_id=case_id, by=by, record=record)


def _set_order(turn: dict[str, Any], asked: dict[str, Any], player: int, order: list[str]) -> None:
    if not order or len(order) > 10 or not all(order):
        raise InvalidInputError(gettext("choose one order of the cards"), field="order")
    if sorted(order) != sorted(str(c) for c in asked.get("options", [])):
        raise InvalidInputError(
            gettext("the order must name each of these cards once: %(cards)s")
            % {"cards": ", ".join(str(c) for c in asked.get("options", []))},
            field="order",
        )
    orders = turn.setdefault("choices", {}).setdefault("order", [None, None])
    if not isinstance(orders, list) or len(orders) != 2:
        raise InvalidInputError(gettext("the record asks no such choice"), field="path")
    orders[player] = list(order)


def _set_pick(
    turn: dict[str, Any], asked: dict[str, Any], player: int, card: str, n: int, answer: list[str]
) -> None:
    options = [str(c) for c in asked.get("options", [])]
    left = list(options)
    for item in answer:
        if item not in left:
            raise InvalidInputError(gettext("choose one of the answers offered"), field="order")
        if asked.get("kind") not in ("may", "name"):
            left.remove(item)
    if asked.get("kind") in ("may", "name") and len(answer) != 1:
        raise InvalidInputError(gettext("choose one of the answers offered"), field="order")
    picks = turn.setdefault("choices", {}).setdefault("picks", [None, None])
    if not isinstance(picks, list) or len(picks) != 2:
        raise InvalidInputError(gettext("the record asks no such choice"), field="path")
    mine = picks[player] if isinstance(picks[player], dict) else {}
    answers = list(mine.get(card) or [])
    answers += [None] * (n + 1 - len(answers))
    answers[n] = list(answer)
    mine[card] = answers
    picks[player] = mine


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


def _renamed(value: JSON, pattern: re.Pattern[str], new: str) -> JSON:
    """``value`` (JSON) with every whole-word occurrence of an old name replaced by ``new``."""
    if isinstance(value, str):
        return pattern.sub(new, value)
    if isinstance(value, list):
        return [_renamed(item, pattern, new) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, pattern, new) for key, item in value.items()}
    return value


def _name_pattern(name: str) -> str:
    """``name`` as a whole word: a Latin letter or digit at either end may not touch another
    (so "Al" is not found in "Alice"); a Japanese name has no such boundary (「山田のデッキ」)."""
    before = r"(?<![A-Za-z0-9])" if re.match(r"[A-Za-z0-9]", name) else ""
    after = r"(?![A-Za-z0-9])" if re.search(r"[A-Za-z0-9]$", name) else ""
    return before + re.escape(name) + after


@transaction.atomic
def judge_cases_anonymise(*, user: User, pseudonym: str) -> int:
    """Show a person who deleted their account under ``pseudonym`` in the judges' cases of the
    events they played: case titles and notes, and each ruling's record, report and texts (the
    names a judge typed or the match supplied). A ruling is otherwise never changed; here its
    record digest is recomputed so that it still describes the stored record, and the old digest
    is kept in the audit log. Called by ``core.profiles.account_delete`` (``judging.privacy``)
    before the tournaments app renames the registrations. Returns the number of rulings
    renamed."""
    names: set[str] = set()
    event_ids: set[int] = set()
    for reg in Registration.objects.filter(user=user).select_related("user__profile"):
        names |= {reg.display_name, public_name_of(reg)}
        event_ids.add(reg.event_id)
    names = {name for name in names if name.strip()}
    if not names:
        return 0
    pattern = re.compile(
        "|".join(_name_pattern(name) for name in sorted(names, key=len, reverse=True))
    )
    renamed = 0
    cases = JudgeCase.objects.select_for_update().filter(event_id__in=event_ids)
    for case in cases:
        title, notes = pattern.sub(pseudonym, case.title), pattern.sub(pseudonym, case.notes)
        if (title, notes) != (case.title, case.notes):
            case.title, case.notes = title[:200], notes
            case.save(update_fields=["title", "notes"])
        for ruling in case.rulings.all():
            record = _renamed(ruling.record, pattern, pseudonym)
            fields = {
                "record": record,
                "output": _renamed(ruling.output, pattern, pseudonym),
                "text_en": pattern.sub(pseudonym, ruling.text_en),
                "text_ja": pattern.sub(pseudonym, ruling.text_ja),
            }
            if all(getattr(ruling, key) == value for key, value in fields.items()):
                continue
            old_digest = ruling.record_sha256
            canonical = json.dumps(
                record, sort_keys=True, ensure_ascii=False, separators=(",", ":")
            )
            for key, value in fields.items():
                setattr(ruling, key, value)
            ruling.record_sha256 = hashlib.sha256(canonical.encode()).hexdigest()
            ruling.save(update_fields=[*fields, "record_sha256"])
            audit_log(action="judging.ruling.anonymised", actor=user, obj=ruling,
                      event_id=case.event_id, data={"name": pseudonym,
                      "record_sha256_before": old_digest})  # fmt: skip
            renamed += 1
    return renamed
