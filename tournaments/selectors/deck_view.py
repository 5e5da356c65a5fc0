"""Reading a decklist (for its player, a judge, or anyone with its share link): the cards by group
with names in the reader's language, counts and stats; the list as text with names; its deck code;
its charts; the pasted text with each line's issues; and a person's saved decks.

Everything here reads the game's ``CardIndex`` (one query when it is current) and the pure
``cardpool.legality`` functions; the legality verdict is always the pure checker's.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardpool.legality.deckcode import DeckCodeError, deck_code_decode, deck_code_encode
from cardpool.legality.deckcode import deck_code_game as pure_deck_code_game
from cardpool.legality.render import card_name, group_deck, render_named
from cardpool.legality.report import LegalityReport, ReportDict
from cardpool.legality.types import (
    AzukiCard,
    CardIndex,
    CardRef,
    DeckEntry,
    Decklist,
    Game,
    ZtrikeCard,
    ZutomayoCard,
)
from cardpool.models import Card, element_label
from cardpool.selectors import card_index_for_game, decklist_report
from core.errors import InvalidInputError, NotFoundError
from tournaments.models import Registration, SavedDeck

#: The heading of each group (``cardpool.legality.render.GROUPS``).
GROUP_LABELS: dict[str, Promise | str] = {
    "character": gettext_lazy("Characters"),
    "enchant": gettext_lazy("Enchants"),
    "area_enchant": gettext_lazy("Area enchants"),
    "leader": gettext_lazy("Leader"),
    "gate": gettext_lazy("Gate"),
    "main": gettext_lazy("Main deck"),
    "ikz": gettext_lazy("IKZ"),
    "red": gettext_lazy("Red"),
    "blue": gettext_lazy("Blue"),
    "green": gettext_lazy("Green"),
    "generic": gettext_lazy("Generic"),
    "ztrike": "ZTRIKE",
}

#: The tallest bar of a chart, in SVG user units.
BAR_HEIGHT = 80


def group_label(group: str) -> str:
    return str(GROUP_LABELS.get(group, group))


def _type_label(value: str) -> str:
    labels = dict(Card.CardType.choices)
    if value == "ikz_token":
        return _("IKZ token")
    return str(labels.get(value, value))


@dataclass(frozen=True)
class Stat:
    label: str
    value: str


@dataclass(frozen=True)
class DeckCardRow:
    card_id: str
    name: str
    count: int
    stats: tuple[Stat, ...]
    known: bool = True


@dataclass(frozen=True)
class DeckGroupView:
    key: str
    label: str
    count: int
    rows: tuple[DeckCardRow, ...]


@dataclass(frozen=True)
class Bar:
    """One bar of a chart, placed in SVG user units (the strict CSP allows no style
    attributes, so sizes are the SVG's own attributes)."""

    label: str
    value: int
    height: int
    x: int
    y: int
    width: int

    @property
    def middle(self) -> int:
        return self.x + self.width // 2

    @property
    def value_y(self) -> int:
        return self.y - 3


@dataclass(frozen=True)
class Chart:
    key: str
    title: str
    bars: tuple[Bar, ...]
    slot: int = 36

    @property
    def width(self) -> int:
        return max(1, len(self.bars)) * self.slot

    @property
    def label_y(self) -> int:
        return BAR_HEIGHT + 30


@dataclass(frozen=True)
class DeckView:
    game: str
    groups: tuple[DeckGroupView, ...]
    size: int
    code: str | None
    text: str
    charts: tuple[Chart, ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)


def _number(value: int | None) -> str:
    return "—" if value is None else str(value)


def _stats(card: CardRef) -> tuple[Stat, ...]:
    if isinstance(card, ZutomayoCard):
        stats = [
            Stat(_("Element"), element_label(card.element)),
            Stat(_("Clock"), str(card.clock)),
        ]
        if card.attack_night is not None or card.attack_day is not None:
            stats.append(
                Stat(
                    _("Attack (night/day)"),
                    f"{_number(card.attack_night)}/{_number(card.attack_day)}",
                )
            )
        stats.append(Stat(_("Power cost"), str(card.power_cost)))
        stats.append(Stat("SEND TO POWER", _number(card.send_to_power)))
        return tuple(stats)
    if isinstance(card, AzukiCard):
        stats = [
            Stat(_("Type"), _type_label(str(card.card_type))),
            Stat(_("Element"), " / ".join(element_label(e) for e in card.elements)),
        ]
        if card.ikz_cost is not None:
            stats.append(Stat(_("IKZ cost"), str(card.ikz_cost)))
        if card.attack is not None or card.health is not None:
            stats.append(Stat(_("Attack/health"), f"{_number(card.attack)}/{_number(card.health)}"))
        return tuple(stats)
    stats = [Stat(_("Power"), str(card.power)), Stat(_("Victory points"), str(card.victory_points))]
    if card.bonus:
        stats.append(Stat(_("Bonus"), card.bonus))
    return tuple(stats)


def _chart(key: str, title: str, tally: Iterable[tuple[str, int]], slot: int = 36) -> Chart:
    items = list(tally)
    top = max((value for _label, value in items), default=0) or 1
    bars = []
    for position, (label, value) in enumerate(items):
        height = round(BAR_HEIGHT * value / top)
        bars.append(
            Bar(
                label=label,
                value=value,
                height=height,
                x=position * slot + 4,
                y=BAR_HEIGHT - height + 14,
                width=slot - 8,
            )
        )
    return Chart(key=key, title=title, bars=tuple(bars), slot=slot)


def _numbered(counter: Counter[int]) -> list[tuple[str, int]]:
    if not counter:
        return []
    return [(str(n), counter.get(n, 0)) for n in range(min(counter), max(counter) + 1)]


def deck_charts(counts: Mapping[str, int], index: CardIndex) -> tuple[Chart, ...]:
    """Element, clock (or cost / power), power cost and type of the cards, copies counted."""
    elements: Counter[str] = Counter()
    types: Counter[str] = Counter()
    first: Counter[int] = Counter()
    second: Counter[int] = Counter()
    for card_id, count in counts.items():
        card = index.get(card_id)
        if card is None:
            continue
        if isinstance(card, ZutomayoCard):
            elements[element_label(card.element)] += count
            types[_type_label(str(card.type))] += count
            first[card.clock] += count
            second[card.power_cost] += count
        elif isinstance(card, AzukiCard):
            for element in card.elements:
                elements[element_label(element)] += count
            types[_type_label(str(card.card_type))] += count
            if card.ikz_cost is not None:
                first[card.ikz_cost] += count
        elif isinstance(card, ZtrikeCard):
            elements[element_label(str(card.colour))] += count
            first[card.power] += count
            second[card.victory_points] += count
    charts = [_chart("element", _("Element"), sorted(elements.items()), slot=72)]
    if index.game is Game.ZUTOMAYO:
        charts.append(_chart("clock", _("Clock"), _numbered(first)))
        charts.append(_chart("cost", _("Power cost"), _numbered(second)))
    elif index.game is Game.AZUKI:
        charts.append(_chart("cost", _("IKZ cost"), _numbered(first)))
    else:
        charts.append(_chart("power", _("Power"), _numbered(first)))
        charts.append(_chart("points", _("Victory points"), _numbered(second)))
    if types:
        charts.append(_chart("type", _("Type"), sorted(types.items()), slot=96))
    return tuple(charts)


def _heading(group: str, copies: int) -> str:
    return _("%(group)s (%(n)d)") % {"group": group_label(group), "n": copies}


def deck_view(
    *, game: str, counts: Mapping[str, int], language: str, index: CardIndex | None = None
) -> DeckView:
    """The cards of ``counts`` (id -> copies, in list order) as a person reads them."""
    index = index or card_index_for_game(game=game)
    grouped = group_deck(dict(counts), index)
    groups = [
        DeckGroupView(
            key=key,
            label=group_label(key),
            count=sum(n for _c, n in rows),
            rows=tuple(
                DeckCardRow(card.id, card_name(card, language), n, _stats(card)) for card, n in rows
            ),
        )
        for key, rows in grouped.groups
    ]
    if grouped.unknown:
        groups.append(
            DeckGroupView(
                key="unknown",
                label=_("Cards no longer in the card pool"),
                count=sum(n for _c, n in grouped.unknown),
                rows=tuple(DeckCardRow(c, c, n, (), known=False) for c, n in grouped.unknown),
            )
        )
    deck = Decklist(
        game=index.game, entries=tuple(DeckEntry(card_id=k, count=n) for k, n in counts.items())
    )
    try:
        code: str | None = deck_code_encode(deck, index) if counts else None
    except ValueError:
        code = None
    return DeckView(
        game=game,
        groups=tuple(groups),
        size=sum(counts.values()),
        code=code,
        text=render_named(deck, index, language, _heading) if counts else "",
        charts=deck_charts(counts, index),
        counts=dict(counts),
    )


def deck_counts(cards: Sequence[Mapping[str, object]]) -> dict[str, int]:
    """A stored list's ``[{"id", "count"}]`` as id -> copies, in list order."""
    counts: dict[str, int] = {}
    for row in cards:
        card_id = str(row["id"])
        counts[card_id] = counts.get(card_id, 0) + int(str(row["count"]))
    return counts


def deck_code_game(code: str) -> str:
    """The game slug a deck code is for, or a 400 naming what is wrong."""
    game = pure_deck_code_game(code)
    if game is None:
        raise InvalidInputError(_("this is not a deck code"), field="code", code="bad_deck_code")
    return str(game)


def deck_from_code(*, code: str, language: str) -> DeckView:
    """The list a deck code stands for (a share link), or a 400 saying why it cannot be read."""
    game = deck_code_game(code)
    index = card_index_for_game(game=game)
    try:
        deck = deck_code_decode(code, index)
    except DeckCodeError as error:
        raise InvalidInputError(
            error.message(language), field="code", code=f"deck_code_{error.code}"
        ) from error
    return deck_view(game=game, counts=deck.counts(), language=language, index=index)


def deck_check_text(
    *,
    game: str,
    text: str,
    language: str,
    format_id: int | None = None,
    on: dt.date | None = None,
) -> tuple[DeckView, LegalityReport]:
    """The pure checker's report of ``text`` and the list as read (for drafts and the builder)."""
    report = decklist_report(game=game, format_id=format_id, on=on, data=text, fmt="auto")
    view = deck_view(game=game, counts=report.decklist.counts(), language=language)
    return view, report


# --- the pasted text with its issues -------------------------------------------------------------


@dataclass(frozen=True)
class LineIssue:
    code: str
    severity: str
    message: str
    rule: str
    suggestions: tuple[str, ...]


@dataclass(frozen=True)
class AnnotatedLine:
    number: int
    text: str
    issues: tuple[LineIssue, ...]

    @property
    def severity(self) -> str:
        if any(i.severity == "error" for i in self.issues):
            return "error"
        return "warning" if self.issues else ""


def annotated_lines(text: str, report: ReportDict | Mapping[str, object]) -> list[AnnotatedLine]:
    """Each line of ``text`` with the report's errors and warnings that name it (``line``)."""
    by_line: dict[int, list[LineIssue]] = {}
    for severity, key in (("error", "errors"), ("warning", "warnings")):
        items = report.get(key) or []
        if not isinstance(items, list):
            continue
        for item in items:
            line = item.get("line")
            if isinstance(line, int):
                by_line.setdefault(line, []).append(
                    LineIssue(
                        code=str(item.get("code", "")),
                        severity=severity,
                        message=str(item.get("message", "")),
                        rule=str(item.get("rule", "")),
                        suggestions=tuple(str(s) for s in item.get("suggestions") or ()),
                    )
                )
    return [
        AnnotatedLine(number, raw, tuple(by_line.get(number, ())))
        for number, raw in enumerate(text.splitlines(), start=1)
    ]


def unplaced_issues(report: Mapping[str, object]) -> list[Mapping[str, object]]:
    """The report's errors and warnings that name no line (deck size, copies, ban list…)."""
    out: list[Mapping[str, object]] = []
    for key in ("errors", "warnings"):
        items = report.get(key) or []
        if not isinstance(items, list):
            continue
        out.extend(item for item in items if not isinstance(item.get("line"), int))
    return out


# --- saved decks ---------------------------------------------------------------------------------


def saved_decks_of(*, user_id: int, game: str | None = None) -> QuerySet[SavedDeck]:
    """A person's saved decks (of one game, given its slug), newest change first (one query)."""
    decks = SavedDeck.objects.filter(user_id=user_id).select_related("game")
    return decks if game is None else decks.filter(game__slug=game)


def saved_deck_of(*, user_id: int, deck_id: int) -> SavedDeck:
    """One of a person's saved decks; another person's is not found (it is private)."""
    deck = SavedDeck.objects.select_related("game").filter(pk=deck_id, user_id=user_id).first()
    if deck is None:
        raise NotFoundError(_("you have no such saved deck"), field="deck")
    return deck


def registrations_open_for_lists(*, user_id: int, game: str) -> QuerySet[Registration]:
    """A person's registrations of ``game`` whose decklist can still be submitted (the event
    has not started; the service checks the deadline), for "submit to an event"."""
    return (
        Registration.objects.filter(
            user_id=user_id,
            event__game__slug=game,
            event__status__in=("registration_open", "registration_closed"),
            event__rounds__isnull=True,
        )
        .exclude(status__in=("dropped", "disqualified"))
        .select_related("event")
        .distinct()
        .order_by("event__date", "pk")
    )
