"""Reads of the card pool: search, one card, and snapshots for the pure legality checker."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, F, Max, QuerySet

from cardpool.legality.loaders import load_card_index
from cardpool.legality.names import normalize_name
from cardpool.legality.types import BanEntry, CardIndex, FormatRules
from cardpool.legality.types import BanList as PureBanList
from cardpool.legality.types import Game as LegalityGame
from cardpool.models import (
    BanList,
    BanListEntry,
    Card,
    CardRevision,
    DecklistRecheck,
    DecklistVersion,
    Format,
)
from core.errors import NotFoundError, PermissionDeniedError

AnyUser = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class CardFilters:
    game: str = "zutomayo"
    q: str = ""
    pack: str = ""
    card_type: str = ""
    element: str = ""
    clock: int | None = None
    power_cost: int | None = None


def card_search(*, filters: CardFilters) -> QuerySet[Card]:
    """Cards of one game matching every given filter, in pack and number order.

    The name filter matches English or Japanese names and the card code, ignoring
    full-width/half-width, case and bracket style.
    """
    cards = Card.objects.filter(game__slug=filters.game).select_related("card_set", "game")
    if filters.q.strip():
        cards = cards.filter(search_text__contains=normalize_name(filters.q))
    if filters.pack:
        cards = cards.filter(card_set__code__iexact=filters.pack)
    if filters.card_type:
        cards = cards.filter(card_type=filters.card_type)
    if filters.element:
        cards = cards.filter(element__icontains=filters.element.lower())
    if filters.clock is not None:
        cards = cards.filter(clock=filters.clock)
    if filters.power_cost is not None:
        cards = cards.filter(power_cost=filters.power_cost)
    return cards.order_by("card_set__code", "number", "code")


def card_get(*, game: str, code: str) -> Card | None:
    return (
        Card.objects.select_related("card_set", "game").filter(game__slug=game, code=code).first()
    )


def card_revisions(*, card: Card) -> QuerySet[CardRevision]:
    return CardRevision.objects.filter(card=card).order_by("-created_at", "-id")


def card_facets(*, game: str) -> dict[str, list[str]]:
    """The values the search form offers for one game (three queries)."""
    cards = Card.objects.filter(game__slug=game)
    packs = sorted(set(cards.values_list("card_set__code", flat=True)))
    elements = sorted(
        {element for row in cards.values_list("elements", flat=True) for element in row or []}
    )
    types = sorted(set(cards.values_list("card_type", flat=True)))
    return {"packs": packs, "elements": elements, "types": types}


# --- snapshots for the pure legality checker -------------------------------------------------

_INDEX_CACHE: dict[str, tuple[tuple[object, ...], CardIndex]] = {}


def _card_row(card: Card) -> dict[str, object]:
    """A card as a dict in the shape of the shared ``cards.json`` files (what loaders read)."""
    slug = card.game.slug
    if slug == "zutomayo":
        return {
            "id": card.code,
            "pack": card.card_set.code,
            "number": card.number,
            "name": card.name,
            "name_en": card.name_en or None,
            "name_ja": card.name_ja or card.name,
            "type": card.card_type,
            "element": card.element,
            "clock": card.clock,
            "attack_night": card.attack_night,
            "attack_day": card.attack_day,
            "power_cost": card.power_cost,
            "send_to_power": card.send_to_power,
            "rarity": card.rarity,
            "has_effect": card.has_effect,
        }
    if slug == "azuki":
        return {
            "id": card.code,
            "set": card.card_set.code,
            "name": card.name,
            "card_type": card.card_type,
            "element": list(card.elements),
            "ikz_cost": card.ikz_cost,
            "attack": card.attack,
            "health": card.health,
            "gate_points": card.gate_points,
            "keywords": list(card.keywords),
            "variants": list(card.variants),
        }
    return {
        "id": card.code,
        "name": card.name,
        "colour": card.colour,
        "power": card.power,
        "bonus": card.bonus or None,
        "victory_points": card.victory_points,
    }


def card_rows_for_game(*, game: str) -> list[dict[str, object]]:
    """Every card of the game as a dict in the shape of the shared ``cards.json`` (one query)."""
    cards = Card.objects.filter(game__slug=game).select_related("game", "card_set").order_by("id")
    return [_card_row(card) for card in cards]


def card_index_for_game(*, game: str) -> CardIndex:
    """The game's card pool as a frozen ``CardIndex``, rebuilt only when the pool changed.

    One query when the cached index is current (count and last change of the game's cards),
    two when it must be rebuilt.
    """
    stamp_row = Card.objects.filter(game__slug=game).aggregate(
        count=Count("id"), changed=Max("updated_at")
    )
    stamp = (stamp_row["count"], stamp_row["changed"])
    cached = _INDEX_CACHE.get(game)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    index = load_card_index(game, card_rows_for_game(game=game))
    _INDEX_CACHE[game] = (stamp, index)
    return index


def format_rules_get(*, format_id: int | None, game: str) -> FormatRules | None:
    """A format's dated ban/limited lists as frozen ``FormatRules`` (two queries), or None."""
    if format_id is None:
        return None
    fmt = Format.objects.filter(pk=format_id).first()
    if fmt is None:
        return None
    entries = (
        BanListEntry.objects.filter(ban_list__format=fmt)
        .select_related("card", "ban_list")
        .order_by("ban_list__effective_from", "card__code")
    )
    lists: dict[int, tuple[BanList, list[BanEntry]]] = {}
    for ban_list in fmt.ban_lists.all():
        lists[ban_list.pk] = (ban_list, [])
    for entry in entries:
        lists[entry.ban_list_id][1].append(BanEntry(card=entry.card.code, limit=entry.limit))
    return FormatRules(
        game=LegalityGame(game),
        name=fmt.name,
        ban_lists=tuple(
            PureBanList(effective=row.effective_from, entries=tuple(items), name=row.note)
            for row, items in lists.values()
        ),
    )


# --- decklists ---------------------------------------------------------------------------------


def decklist_current_for_viewer(*, registration_id: int, user: AnyUser) -> DecklistVersion:
    """The current list of a registration, if ``user`` may read it.

    The player and the event's staff always may; other people only once the organiser has
    published the event's lists. Raises NotFoundError / PermissionDeniedError.
    """
    from tournaments.models import Registration
    from tournaments.permissions import is_event_staff

    registration = Registration.objects.select_related("event").filter(pk=registration_id).first()
    if registration is None:
        raise NotFoundError(f"registration {registration_id} does not exist", field="registration")
    is_owner = user.is_authenticated and registration.user_id == user.pk
    if not (
        is_owner
        or registration.event.decklists_published
        or is_event_staff(user=user, event_id=registration.event_id)
    ):
        raise PermissionDeniedError(
            "decklists of this event are visible to the player and the event's staff only",
            field="registration",
        )
    version = (
        DecklistVersion.objects.filter(
            decklist__registration_id=registration_id, version=F("decklist__current_version")
        )
        .select_related("decklist")
        .first()
    )
    if version is None:
        raise NotFoundError("no decklist has been submitted for this registration")
    return version


def decklist_versions(*, registration_id: int, user: AnyUser) -> QuerySet[DecklistVersion]:
    """Every version of a registration's list, newest first, if ``user`` may read its current
    one (``decklist_current_for_viewer``)."""
    current = decklist_current_for_viewer(registration_id=registration_id, user=user)
    return DecklistVersion.objects.filter(decklist_id=current.decklist_id).order_by("-version")


def decklist_rechecks(*, event_id: int, user: AnyUser, limit: int = 10) -> list[DecklistRecheck]:
    """The event's latest re-checks of every list (for its organisers)."""
    from tournaments.permissions import require_event_organiser

    require_event_organiser(user=user, event_id=event_id)
    return list(DecklistRecheck.objects.filter(event_id=event_id).order_by("-created_at")[:limit])


@dataclass(frozen=True)
class DeckDifference:
    card: str
    registered: int
    presented: int

    @property
    def delta(self) -> int:
        return self.presented - self.registered


def deck_differences(
    *, registered: list[dict[str, object]], presented: dict[str, int]
) -> list[DeckDifference]:
    """Cards whose count differs between the registered list and the presented deck."""
    counts = {str(row["id"]): int(str(row["count"])) for row in registered}
    return [
        DeckDifference(card=card, registered=counts.get(card, 0), presented=presented.get(card, 0))
        for card in sorted(set(counts) | set(presented))
        if counts.get(card, 0) != presented.get(card, 0)
    ]


def deck_check_for_judge(
    *, registration_id: int, user: AnyUser, data: str | bytes, fmt: str = "auto"
) -> dict[str, object]:
    """Compare a presented deck with the registered list (event staff only)."""
    from cardpool.legality.parser import parse_decklist
    from tournaments.models import Registration
    from tournaments.permissions import is_event_staff

    registration = (
        Registration.objects.select_related("event__game").filter(pk=registration_id).first()
    )
    if registration is None:
        raise NotFoundError(f"registration {registration_id} does not exist", field="registration")
    if not is_event_staff(user=user, event_id=registration.event_id):
        raise PermissionDeniedError("deck checks are for the event's judges and organisers")
    current = decklist_current_for_viewer(registration_id=registration_id, user=user)
    index = card_index_for_game(game=registration.event.game.slug)
    parsed = parse_decklist(data, index, fmt=fmt)  # type: ignore[arg-type]  # shape checked by the serializer
    differences = deck_differences(registered=current.cards, presented=parsed.decklist.counts())
    return {
        "matches": not differences and parsed.ok,
        "registered_version": current.version,
        "differences": [
            {"card": d.card, "registered": d.registered, "presented": d.presented, "delta": d.delta}
            for d in differences
        ],
        "presented_issues": [
            {"code": i.code, "line": i.line, "message": i.message_en, "message_ja": i.message_ja}
            for i in parsed.issues
        ],
    }
