"""Forms for the accounts pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _

from core.login_limits import login_failure_record, login_failures_clear, login_retry_after


class RateLimitedAuthenticationForm(AuthenticationForm):
    """The login form, refusing an account after too many recent failures."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "rate_limited": _(
            "Too many failed logins for this account. Try again in %(minutes)s minute(s)."
        ),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        if username:
            retry_after = login_retry_after(username=username)
            if retry_after:
                self.retry_after = retry_after
                raise forms.ValidationError(
                    self.error_messages["rate_limited"],
                    code="rate_limited",
                    params={"minutes": (retry_after + 59) // 60},
                )
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            if username:
                login_failure_record(username=username)
            raise
        if username:
            login_failures_clear(username=username)
        return cleaned
