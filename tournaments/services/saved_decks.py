"""A person's saved decks, so a list is not typed again for each event: drafts kept beside their
event decklists.

A saved deck may be illegal (it is a draft; its report is shown, never a refusal), but its text
must be readable as a list of one game (size limits as for a submission). Only its owner may
change or delete it. Submitting it to an event is ``decklist_submit`` with its text.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from cardpool.legality.parser import MAX_BYTES
from cardpool.models import Game
from core.audit import audit_log
from core.errors import InvalidInputError, NotFoundError
from tournaments.models import SavedDeck

NAME_MAX = 100


def _clean(*, name: str, text: str) -> tuple[str, str]:
    name = name.strip()
    if not name:
        raise InvalidInputError(_("give the deck a name"), field="name")
    if len(name) > NAME_MAX:
        raise InvalidInputError(
            _("the name is longer than %(n)d characters") % {"n": NAME_MAX}, field="name"
        )
    if not text.strip():
        raise InvalidInputError(_("the list is empty"), field="text")
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise InvalidInputError(
            _("the list is longer than %(n)d bytes") % {"n": MAX_BYTES}, field="text"
        )
    return name, text.replace("\r\n", "\n")


@transaction.atomic
def saved_deck_create(*, user: User, game: str, name: str, text: str) -> SavedDeck:
    """Save a new deck of ``game`` (a slug) for ``user``."""
    game_row = Game.objects.filter(slug=game).first()
    if game_row is None:
        raise InvalidInputError(_("no such game: %(game)s") % {"game": game}, field="game")
    name, text = _clean(name=name, text=text)
    deck = SavedDeck.objects.create(user=user, game=game_row, name=name, text=text)
    audit_log(action="tournaments.saved_deck.created", actor=user, obj=deck, data={"name": name})
    return deck


def _own(*, user: User, deck_id: int) -> SavedDeck:
    deck = (
        SavedDeck.objects.select_for_update()
        .select_related("game")
        .filter(pk=deck_id, user=user)
        .first()
    )
    if deck is None:  # another person's deck is not found either: its existence is private
        raise NotFoundError(_("you have no such saved deck"), field="deck")
    return deck


@transaction.atomic
def saved_deck_update(*, user: User, deck_id: int, name: str, text: str) -> SavedDeck:
    """Change the name and list of one of ``user``'s saved decks."""
    deck = _own(user=user, deck_id=deck_id)
    deck.name, deck.text = _clean(name=name, text=text)
    deck.save(update_fields=["name", "text", "updated_at"])
    audit_log(action="tournaments.saved_deck.updated", actor=user, obj=deck, data={"name": name})
    return deck


@transaction.atomic
def saved_deck_delete(*, user: User, deck_id: int) -> None:
    """Delete one of ``user``'s saved decks."""
    deck = _own(user=user, deck_id=deck_id)
    audit_log(
        action="tournaments.saved_deck.deleted", actor=user, obj=deck, data={"name": deck.name}
    )
    deck.delete()
