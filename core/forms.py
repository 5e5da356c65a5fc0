"""Forms for the account pages: the profile, and deleting the account."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from core.models import Profile
from core.time_zones import COMMON_ZONES, is_valid_zone, zone_label


class ProfileForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=100,
        required=False,
        help_text=_("The name you register for events with."),
    )
    official_player_id = forms.CharField(
        label=_("Official player ID"),
        max_length=40,
        required=False,
        help_text=_("The game's own player ID, if you have one."),
    )
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=COMMON_ZONES)
    public_name = forms.ChoiceField(
        label=_("Name on public pages"),
        choices=Profile.PublicName.choices,
        widget=forms.RadioSelect,
        help_text=_("Pairings and standings show this name; the event's staff see your full name."),
    )
    short_name = forms.CharField(
        label=_("Short name"),
        max_length=40,
        required=False,
        help_text=_("For example: Aoi S."),
    )

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        current_zone: str = "",
        initial: MutableMapping[str, object] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        zones = list(COMMON_ZONES)
        if current_zone and current_zone not in dict(zones) and is_valid_zone(current_zone):
            zones.append((current_zone, zone_label(current_zone)))
        self.fields["time_zone"].choices = zones  # type: ignore[attr-defined]  # a ChoiceField


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label=_("I understand that this cannot be undone."),
        required=True,
    )
