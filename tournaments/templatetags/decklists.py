"""A player's decklist state beside check-in: ``states|decklist_state:registration.pk``."""

from __future__ import annotations

from django import template

from tournaments.selectors.decklists import DecklistState, decklist_state_of

register = template.Library()


@register.filter
def decklist_state(states: dict[int, DecklistState], registration_id: int) -> DecklistState:
    """The state from the page's states (missing when the player has submitted no list)."""
    return decklist_state_of(states, registration_id)
