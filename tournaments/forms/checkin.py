"""Forms of check-in, claim codes and judge calls: they check shape only; the services check the
rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import JUDGE_CALL_NOTE_MAX


class ClaimForm(forms.Form):
    code = forms.CharField(
        label=_("Claim code"),
        max_length=20,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "placeholder": "K7QF-3MXD",
                "class": "claim-code-input",
            }
        ),
    )


class JudgeCallForm(forms.Form):
    note = forms.CharField(
        label=_("What is it about? (optional)"),
        max_length=JUDGE_CALL_NOTE_MAX,
        required=False,
    )
