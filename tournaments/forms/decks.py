"""Forms of the saved decks (a person's own lists, kept between events)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cardpool.models import Game
from tournaments.services.saved_decks import NAME_MAX


class SavedDeckForm(forms.Form):
    name = forms.CharField(label=_("Deck name"), max_length=NAME_MAX)
    game = forms.ChoiceField(label=_("Game"), choices=Game.Slug.choices)
    text = forms.CharField(
        label=_("List"),
        widget=forms.Textarea(attrs={"rows": 16, "placeholder": "2 1st_10\n2 1st_20\n…"}),
    )
