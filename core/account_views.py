"""The person's own account pages: profile, "download my data", "delete my account".
(Log-in, sign-up, email and password pages are allauth's, in our look: templates/account/.)"""

from __future__ import annotations

import json

from allauth.mfa.utils import is_mfa_enabled
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.errors import DomainError, InvalidInputError
from core.forms import AccountDeleteForm, ProfileForm
from core.numbers import whole_number_or_none
from core.profiles import (
    account_data_export,
    account_delete,
    profile_of,
    profile_update,
    registration_name_for,
)
from core.selectors import api_token_newest
from core.services import api_token_issue, api_token_revoke
from core.time_zones import session_time_zone_set
from core.tokens import api_tokens_of
from core.views import domain_error_response, form_service_call, request_user


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    """The profile: display name, official player ID, language, time zone, public name."""
    user = request_user(request)
    profile = profile_of(user=user)
    status = 200
    if request.method == "POST":
        form = ProfileForm(request.POST, current_zone=profile.time_zone)
        if form.is_valid():
            data = form.cleaned_data
            outcome = form_service_call(
                form,
                lambda: profile_update(
                    user=user,
                    display_name=data["display_name"],
                    official_player_id=data["official_player_id"],
                    language=data["language"],
                    time_zone=data["time_zone"],
                    public_name=data["public_name"],
                    short_name=data["short_name"],
                ),
            )
            if outcome.value is not None:
                language = outcome.value.language
                translation.activate(language)
                session_time_zone_set(request, outcome.value.time_zone)
                messages.success(request, _("Your profile is saved."))
                response = redirect("account-profile")
                response.set_cookie(
                    settings.LANGUAGE_COOKIE_NAME,
                    language,
                    samesite="Lax",
                    secure=request.is_secure(),
                )
                return response
            status = outcome.status
        else:
            status = 400
    else:
        saved = profile.pk is not None
        form = ProfileForm(
            current_zone=profile.time_zone,
            initial={
                # Until the profile is saved: the account's name and the language in use.
                "display_name": profile.display_name if saved else registration_name_for(user=user),
                "official_player_id": profile.official_player_id,
                "language": profile.language if saved else translation.get_language(),
                "time_zone": profile.time_zone,
                "public_name": profile.public_name,
                "short_name": profile.short_name,
            },
        )
    context = {
        "form": form,
        "profile": profile,
        "tokens": list(api_tokens_of(user=user)),
        "now": timezone.now(),
        "mfa_on": is_mfa_enabled(user),
    }
    return render(request, "core/profile.html", context, status=status)


@login_required
@never_cache
def account_data_download(request: HttpRequest) -> HttpResponse:
    """Everything the site holds about the person, as a JSON file."""
    user = request_user(request)
    data = account_data_export(user=user)
    name = f"my-data-{timezone.localdate():%Y%m%d}.json"
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def account_delete_page(request: HttpRequest) -> HttpResponse:
    """Delete the account, after a confirmation and the password typed again."""
    user = request_user(request)
    status = 200
    if request.method == "POST":
        form = AccountDeleteForm(request.POST)
        if form.is_valid():
            password = form.cleaned_data["password"]
            outcome = form_service_call(form, lambda: account_delete(user=user, password=password))
            if outcome.value is not None:
                logout(request)
                messages.success(request, _("Your account is deleted."))
                return redirect("home")
            status = outcome.status
        else:
            status = 400
    else:
        form = AccountDeleteForm()
    return render(
        request,
        "core/account_delete.html",
        {"form": form, "needs_password": user.has_usable_password()},
        status=status,
    )


@login_required
@require_POST
@never_cache
def api_token_new(request: HttpRequest) -> HttpResponse:
    """Make a new API token and show its key, this once (only its hash is kept)."""
    user = request_user(request)
    key = api_token_issue(user=user)
    token = api_token_newest(user=user)
    return render(request, "core/token_new.html", {"key": key, "token": token})


@login_required
@require_POST
def api_token_revoke_page(request: HttpRequest) -> HttpResponse:
    """Revoke one of the person's API tokens (the ``token`` field of the profile's button);
    someone else's is not found (404)."""
    user = request_user(request)
    try:
        token_id = whole_number_or_none(request.POST.get("token", ""))
        if token_id is None:
            raise InvalidInputError(_("choose a token to revoke"), field="token")
        api_token_revoke(user=user, token_id=token_id)
    except DomainError as error:
        return domain_error_response(request, error)
    messages.success(request, _("The API token is revoked."))
    return redirect(reverse("account-profile") + "#api-tokens")
