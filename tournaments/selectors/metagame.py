"""Published decklists and the metagame of an event: what was played, and how well it did.

A deck's *main element* is the element with the most cards among its characters (a character
of two elements counts for each); a tie is ``mixed``, a deck without characters ``none``. The
metagame gives each main element's share of the decks, each card type's share of all the
cards in them, and how the decks
of each main element performed: their match win rate over every match played (Swiss and top
cut; byes not counted, a draw half a win), and the same within the top cut.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import F, Prefetch
from django.utils.translation import gettext as _

from cardpool.models import Card, element_label
from core.errors import NotFoundError
from tournaments.models import DecklistVersion, Event, Match, ResultReport, Round
from tournaments.permissions import AnyUser, is_event_organiser
from tournaments.selectors.placings import FinalPlacing, final_placings

MIXED = "mixed"
NONE = "none"


def main_element(cards: Iterable[tuple[Card, int]]) -> str:
    """The element with the most cards among the characters; ``mixed`` on a tie."""
    counts: Counter[str] = Counter()
    for card, count in cards:
        if card.card_type != Card.CardType.CHARACTER:
            continue
        for element in filter(None, card.element.split("|")):
            counts[element] += count
    if not counts:
        return NONE
    ranked = counts.most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return MIXED
    return ranked[0][0]


def main_element_label(value: str) -> str:
    if value == MIXED:
        return _("Mixed")
    if value == NONE:
        return _("No characters")
    return element_label(value)


@dataclass
class DeckLine:
    card: Card | None
    code: str
    count: int

    def name(self, language: str) -> str:
        if self.card is None:
            return self.code
        if language == "ja" and self.card.name_ja:
            return self.card.name_ja
        return self.card.name_en or self.card.name


@dataclass
class PublishedDeck:
    placing: FinalPlacing | None
    name: str
    registration_id: int
    lines: list[DeckLine]
    main_element: str
    groups: list[tuple[str, list[DeckLine]]] = field(default_factory=list)

    @property
    def main_element_label(self) -> str:
        return main_element_label(self.main_element)

    @property
    def total(self) -> int:
        return sum(line.count for line in self.lines)


def require_published(*, event: Event, user: AnyUser) -> None:
    """Published lists are public; before publication only the event's organisers see them."""
    if not event.decklists_published and not is_event_organiser(user=user, event_id=event.pk):
        raise NotFoundError(_("the decklists of this event are not published"), field="event")


def _type_order() -> dict[str, int]:
    return {value: index for index, value in enumerate(Card.CardType.values)}


def published_decks(*, event: Event, user: AnyUser) -> list[PublishedDeck]:
    """Every player's current list with its cards and placing, best placing first (then by name).

    Eight queries: the lists (one), their cards (one) and the placings (six)."""
    require_published(event=event, user=user)
    versions = list(
        DecklistVersion.objects.filter(
            decklist__registration__event=event, version=F("decklist__current_version")
        ).select_related("decklist__registration")
    )
    codes = {str(entry["id"]) for version in versions for entry in version.cards}
    cards = {card.code: card for card in Card.objects.filter(game_id=event.game_id, code__in=codes)}
    placings = {row.registration.pk: row for row in final_placings(event)}
    order = _type_order()
    decks = []
    for version in versions:
        registration = version.decklist.registration
        lines = [
            DeckLine(card=cards.get(str(e["id"])), code=str(e["id"]), count=int(e["count"]))
            for e in version.cards
        ]
        grouped: dict[str, list[DeckLine]] = defaultdict(list)
        for line in lines:
            grouped[line.card.card_type if line.card else ""].append(line)
        groups = [
            (
                str(Card.CardType(kind).label) if kind in order else _("Unknown cards"),
                grouped[kind],
            )
            for kind in sorted(grouped, key=lambda k: order.get(k, 99))
        ]
        decks.append(
            PublishedDeck(
                placing=placings.get(registration.pk),
                name=registration.display_name,
                registration_id=registration.pk,
                lines=lines,
                main_element=main_element((ln.card, ln.count) for ln in lines if ln.card),
                groups=groups,
            )
        )
    decks.sort(
        key=lambda d: (d.placing is None, d.placing.placing.first if d.placing else 0, d.name)
    )
    return decks


@dataclass(frozen=True)
class Share:
    key: str
    label: str
    count: int
    total: int

    @property
    def percent(self) -> int:
        return round(100 * self.count / self.total) if self.total else 0


@dataclass(frozen=True)
class Performance:
    key: str
    label: str
    decks: int
    matches: int
    wins: Fraction

    @property
    def win_rate(self) -> int | None:
        """Percent of matches won (a draw is half a win); None without a match."""
        return round(100 * self.wins / self.matches) if self.matches else None


@dataclass(frozen=True)
class Metagame:
    decks: int
    elements: list[Share]
    card_types: list[Share]
    performance: list[Performance]
    top_cut_size: int
    top_cut_elements: list[Share]
    top_cut_performance: list[Performance]


def _shares(counts: Mapping[str, int], total: int, label: object) -> list[Share]:
    return [
        Share(key, str(label(key)), count, total)  # type: ignore[operator]
        for key, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def _records(event: Event, top_cut_only: bool) -> dict[int, tuple[int, Fraction]]:
    """Per registration: matches played (byes not counted) and wins (a draw is half)."""
    confirmed = ResultReport.objects.filter(status=ResultReport.Status.CONFIRMED)
    matches = Match.objects.filter(round__event=event, is_bye=False)
    if top_cut_only:
        matches = matches.filter(round__stage=Round.Stage.TOP_CUT)
    records: dict[int, tuple[int, Fraction]] = defaultdict(lambda: (0, Fraction(0)))
    for match in matches.prefetch_related(
        Prefetch("reports", queryset=confirmed, to_attr="confirmed_reports")
    ):
        reports = getattr(match, "confirmed_reports", [])
        if not reports or match.player_b_id is None:
            continue
        report = reports[0]
        for side, own, other in (
            (match.player_a_id, report.wins_a, report.wins_b),
            (match.player_b_id, report.wins_b, report.wins_a),
        ):
            played, wins = records[side]
            won = Fraction(0) if report.double_loss else Fraction(int(own > other))
            if own == other and not report.double_loss:
                won = Fraction(1, 2)
            records[side] = (played + 1, wins + won)
    return records


def _performance(
    decks: list[PublishedDeck], records: Mapping[int, tuple[int, Fraction]]
) -> list[Performance]:
    by_element: dict[str, list[PublishedDeck]] = defaultdict(list)
    for deck in decks:
        by_element[deck.main_element].append(deck)
    rows = []
    for key, members in by_element.items():
        played = sum(records.get(d.registration_id, (0, Fraction(0)))[0] for d in members)
        wins = sum((records.get(d.registration_id, (0, Fraction(0)))[1] for d in members),
                   Fraction(0))  # fmt: skip
        rows.append(Performance(key, main_element_label(key), len(members), played, wins))
    rows.sort(key=lambda p: (-(p.win_rate or -1), -p.decks, p.key))
    return rows


def event_metagame(*, event: Event, user: AnyUser) -> Metagame:
    """The shares of main elements and card types over the published lists, and the win rates
    per main element, over the whole event and within the top cut.

    At most twelve queries: the decks (eight) and the matches with their confirmed reports,
    over the whole event and over the top cut (two each; one when there are none)."""
    decks = published_decks(event=event, user=user)
    total = len(decks)
    elements = Counter(deck.main_element for deck in decks)
    types: Counter[str] = Counter()
    for deck in decks:
        for line in deck.lines:
            if line.card is not None:
                types[line.card.card_type] += line.count
    cut = [d for d in decks if d.placing is not None and d.placing.placing.top_cut]
    return Metagame(
        decks=total,
        elements=_shares(elements, total, main_element_label),
        card_types=_shares(types, sum(types.values()), lambda k: Card.CardType(k).label),
        performance=_performance(decks, _records(event, top_cut_only=False)),
        top_cut_size=len(cut),
        top_cut_elements=_shares(
            Counter(d.main_element for d in cut), len(cut), main_element_label
        ),
        top_cut_performance=_performance(cut, _records(event, top_cut_only=True)),
    )
