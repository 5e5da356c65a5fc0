"""Forms of the card pool pages (shape only; the rules live in services and legality)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cardpool.models import Card
from cardpool.selectors import CARD_SORTS, CardFilters

SORT_LABELS = {
    "pack": _("Pack and number"),
    "name": _("Name"),
    "cost": _("Cost"),
    "clock": _("Clock"),
}


class CardSearchForm(forms.Form):
    q = forms.CharField(label=_("Name or code"), required=False, max_length=100)
    text = forms.CharField(label=_("Effect text"), required=False, max_length=100)
    pack = forms.CharField(label=_("Pack / set"), required=False, max_length=30)
    card_type = forms.ChoiceField(
        label=_("Type"), required=False, choices=[("", "—"), *Card.CardType.choices]
    )
    element = forms.CharField(label=_("Element"), required=False, max_length=40)
    clock = forms.IntegerField(label=_("Clock"), required=False, min_value=0, max_value=17)
    power_cost = forms.IntegerField(
        label=_("Power cost"), required=False, min_value=0, max_value=99
    )
    sort = forms.ChoiceField(
        label=_("Sort by"), required=False, choices=[(s, SORT_LABELS[s]) for s in CARD_SORTS]
    )

    def filters(self, *, game: str, language: str = "en") -> CardFilters:
        data = self.cleaned_data
        return CardFilters(
            game=game,
            q=data.get("q") or "",
            text=data.get("text") or "",
            pack=data.get("pack") or "",
            card_type=data.get("card_type") or "",
            element=data.get("element") or "",
            clock=data.get("clock"),
            power_cost=data.get("power_cost"),
            sort=data.get("sort") or "pack",
            language=language,
        )
