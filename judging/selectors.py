"""Reads of the judge tools: the engine's card catalogue, rule texts, cases."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from cardpool.models import Card
from cardpool.selectors import card_rows_for_game
from core.access import Subject
from core.errors import NotFoundError
from judging.engine import CardCatalogue
from judging.engine.azuki.record import Card as AzukiCard
from judging.engine.azuki.record import cards_from_list as azuki_cards_from_list
from judging.engine.ztrike.record import Card as ZtrikeCard
from judging.engine.ztrike.record import cards_from_list as ztrike_cards_from_list
from judging.models import JudgeCase, RuleClause, RulesDocument, Ruling
from tournaments.models import Match
from tournaments.permissions import AnyUser, event_get_for_staff


def engine_cards() -> CardCatalogue:
    """The database's ZUTOMAYO cards as the engine's catalogue (one query)."""
    return CardCatalogue.from_dicts(card_rows_for_game(game="zutomayo"))  # type: ignore[arg-type]  # rows are JSON-shaped dicts


def ztrike_engine_cards() -> dict[str, ZtrikeCard]:
    """The database's ZTRIKE cards (``import_cards --game ztrike``; the invented demo set from
    ``load_demo``) as the ZTRIKE engine's catalogue (one query)."""
    return ztrike_cards_from_list(card_rows_for_game(game="ztrike"), "cards")  # type: ignore[arg-type]  # rows are JSON-shaped dicts


def azuki_engine_cards() -> dict[str, AzukiCard]:
    """The database's Azuki TCG cards (``import_cards --game azuki``; ``load_demo`` imports the
    shared ``data/azuki/cards.json``) as the Azuki engine's card table (one query)."""
    return azuki_cards_from_list(card_rows_for_game(game="azuki"), "cards")  # type: ignore[arg-type]  # rows are JSON-shaped dicts


@dataclass(frozen=True, slots=True)
class CardOption:
    """A card as the judge picks it by name: id (never typed), English and Japanese names."""

    id: str
    name: str
    name_ja: str

    @property
    def label(self) -> str:
        """What the autocomplete offers and the form takes back: "Name · id"."""
        return f"{self.name} · {self.id}"

    @property
    def label_ja(self) -> str:
        return f"{self.name_ja} · {self.id}"


def card_options(*, game: str = "zutomayo") -> list[CardOption]:
    """The event's card pool (its game's cards) for the name fields (one query)."""
    rows = (
        Card.objects.filter(game__slug=game).order_by("id").values_list("code", "name", "name_ja")
    )
    return [CardOption(code, name, name_ja or name) for code, name, name_ja in rows]


def card_datalist(options: Iterable[CardOption]) -> str:
    """The autocomplete's ``<datalist>``: each card in English and in Japanese (built here, not in
    a template loop: 425 cards are 850 options on every open case's page)."""
    return format_html(
        '<datalist id="card-names">{}</datalist>',
        format_html_join(
            "", '<option value="{}"><option value="{}">', ((o.label, o.label_ja) for o in options)
        ),
    )


def clause_texts(
    *, keys: Iterable[str], ja_keys: Iterable[str] = ()
) -> tuple[dict[str, str], dict[str, str]]:
    """The ground rules' texts for ``keys`` and the Japanese basic rules' for ``ja_keys``, from
    the newest import of each (two queries: the documents, then their clauses)."""
    wanted, wanted_ja = set(keys), set(ja_keys)
    docs = {
        d.slug: d
        for d in RulesDocument.objects.filter(
            game="zutomayo", slug__in=("ground-rules", "basic-rules")
        ).order_by("imported_at")
    }
    ground, basic = docs.get("ground-rules"), docs.get("basic-rules")
    texts: dict[str, str] = {}
    texts_ja: dict[str, str] = {}
    ids = [d.pk for d in (ground, basic) if d is not None]
    if not ids or not (wanted or wanted_ja):
        return texts, texts_ja
    rows = RuleClause.objects.filter(document_id__in=ids, key__in=wanted | wanted_ja).values_list(
        "document_id", "key", "text"
    )
    for document_id, key, text in rows:
        if ground is not None and document_id == ground.pk and key in wanted:
            texts[key] = text
        elif basic is not None and document_id == basic.pk and key in wanted_ja:
            texts_ja[key] = text
    return texts, texts_ja


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
        raise NotFoundError(
            _("no rule %(key)r in %(game)s/%(slug)s") % {"key": key, "game": game, "slug": slug},
            field="key",
        )
    return clause


def judge_case_list(*, event_id: int, user: AnyUser) -> QuerySet[JudgeCase]:
    """The event's cases (for its judges and organisers)."""
    event = event_get_for_staff(user=user, event_id=event_id)
    return JudgeCase.objects.filter(event=event).select_related("match", "filed_ruling")


def case_rulings(*, case: JudgeCase, limit: int = 10) -> list[Ruling]:
    """The case's newest rulings, newest first (one query)."""
    return list(case.rulings.all()[:limit])


def ruling_get_shared(*, ruling_id: int) -> Ruling:
    """A ruling by its share link (the link is signed; the case's notes are not read)."""
    ruling = (
        Ruling.objects.select_related("case", "case__event", "case__match")
        .filter(pk=ruling_id)
        .first()
    )
    if ruling is None:
        raise NotFoundError(_("this ruling does not exist"), field="ruling")
    return ruling


def match_player_names(case: JudgeCase) -> tuple[str, str] | None:
    """The two players' names of the case's match (one query), or None without a match."""
    if case.match_id is None:
        return None
    match = Match.objects.select_related("player_a", "player_b").filter(pk=case.match_id).first()
    if match is None or match.player_b is None:
        return None
    return (match.player_a.display_name, match.player_b.display_name)


def judge_case_get_for_judge(*, case_id: int, user: AnyUser) -> JudgeCase:
    """A case, for a judge or organiser of its event; NotFoundError / PermissionDeniedError."""
    case = (
        JudgeCase.objects.select_related("event__game", "match", "filed_ruling")
        .filter(pk=case_id)
        .first()
    )
    if case is None:
        raise NotFoundError(
            _("case %(case_id)s does not exist") % {"case_id": case_id}, field="case"
        )
    event_get_for_staff(user=user, event_id=case.event_id)
    return case


def case_subject(case_id: int) -> Subject | None:
    """A judge case, for ``core.access``: the event it belongs to."""
    event_id = JudgeCase.objects.filter(pk=case_id).values_list("event_id", flat=True).first()
    return None if event_id is None else Subject(event_id=event_id)


def filed_rulings_of_match(*, match_id: int) -> list[tuple[int, str]]:
    """The rulings filed on a match (``judge_case_file``), oldest case first: (ruling id, the
    case's title). One query."""
    rows = (
        JudgeCase.objects.filter(
            match_id=match_id, status=JudgeCase.Status.FILED, filed_ruling__isnull=False
        )
        .order_by("pk")
        .values_list("filed_ruling_id", "title")
    )
    return [(int(ruling_id), str(title)) for ruling_id, title in rows]


def case_ruling_get(*, case: JudgeCase, ruling_id: int | None) -> Ruling | None:
    """The case's ruling ``ruling_id`` (None: its newest), or None when it has none such."""
    rulings = case.rulings.all()
    if ruling_id is not None:
        rulings = rulings.filter(pk=ruling_id)
    return rulings.first()
