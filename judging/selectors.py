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
from judging.engine.registry import plugin
from judging.models import JudgeCase, RuleClause, RulesDocument, Ruling
from tournaments.models import Match
from tournaments.permissions import AnyUser, event_get_for_staff


def engine_cards(*, game: str) -> object:
    """The database's cards of ``game`` as its engine's catalogue (one query): ``import_cards``
    stores them in the shape of the game's ``cards.json``, which the plug-in reads."""
    found = plugin(game)
    if found is None:
        raise NotFoundError(_("no rules engine for %(game)s") % {"game": game}, field="game")
    return found.cards_from_list(card_rows_for_game(game=game))  # type: ignore[arg-type]  # rows are JSON-shaped dicts


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


def card_options(*, game: str) -> list[CardOption]:
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
    *, game: str, slugs: tuple[str, str], keys: Iterable[str], ja_keys: Iterable[str] = ()
) -> tuple[dict[str, str], dict[str, str]]:
    """The texts of ``keys`` in the game's document ``slugs[0]`` (its English rules) and of
    ``ja_keys`` in ``slugs[1]`` (its Japanese passages), from the newest import of each (two
    queries: the documents, then their clauses; none when no key is asked for)."""
    wanted, wanted_ja = set(keys), set(ja_keys)
    texts: dict[str, str] = {}
    texts_ja: dict[str, str] = {}
    if not (wanted or wanted_ja):
        return texts, texts_ja
    docs = {
        d.slug: d
        for d in RulesDocument.objects.filter(game=game, slug__in=slugs).order_by("imported_at")
    }
    english, japanese = docs.get(slugs[0]), docs.get(slugs[1])
    ids = [d.pk for d in (english, japanese) if d is not None]
    if not ids:
        return texts, texts_ja
    rows = RuleClause.objects.filter(document_id__in=ids, key__in=wanted | wanted_ja).values_list(
        "document_id", "key", "text"
    )
    for document_id, key, text in rows:
        if english is not None and document_id == english.pk and key in wanted:
            texts[key] = text
        elif japanese is not None and document_id == japanese.pk and key in wanted_ja:
            texts_ja[key] = text
    return texts, texts_ja


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
