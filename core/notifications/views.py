"""The person's notification pages: the list (mark read) and the settings (kinds on or off)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.notifications.selectors import PAGE_SIZE, notification_list, notification_settings
from core.notifications.services import (
    notification_settings_update,
    notification_texts,
    notifications_mark_read,
)
from core.numbers import whole_number
from core.views import form_service_call, request_user


@login_required
def notification_list_page(request: HttpRequest) -> HttpResponse:
    user = request_user(request)
    page = Paginator(notification_list(user=user), PAGE_SIZE).get_page(request.GET.get("page"))
    language = get_language() or "en"
    rows: list[dict[str, object]] = []
    any_unread = False
    for notification in page.object_list:
        title, body = notification_texts(notification, language)
        rows.append({"notification": notification, "title": title, "body": body})
        any_unread = any_unread or notification.read_at is None
    return render(
        request,
        "core/notifications/list.html",
        {
            "page": page,
            "rows": rows,
            "any_unread": any_unread,
        },
    )


@login_required
@require_POST
def notification_mark_read(request: HttpRequest) -> HttpResponse:
    """Mark one notification read (``id``), or all of them (no ``id``)."""
    user = request_user(request)
    raw = request.POST.get("id", "")
    if raw:
        notifications_mark_read(user=user, ids=[whole_number(raw, field="id")])
    else:
        notifications_mark_read(user=user)
        messages.success(request, _("All notifications are marked read."))
    return redirect(reverse("notification-list"), permanent=False)


class NotificationSettingsForm(forms.Form):
    kinds = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: object, choices: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["kinds"].choices = choices  # type: ignore[attr-defined]


@login_required
def notification_settings_page(request: HttpRequest) -> HttpResponse:
    user = request_user(request)
    current = notification_settings(user=user)
    choices = [(setting.kind.kind, str(setting.kind.label)) for setting in current]
    status = 200
    if request.method == "POST":
        form = NotificationSettingsForm(request.POST, choices=choices)
        if form.is_valid():
            outcome = form_service_call(
                form,
                lambda: notification_settings_update(user=user, enabled=form.cleaned_data["kinds"]),
            )
            if outcome.error is None:
                messages.success(request, _("Your notification settings are saved."))
                return redirect(reverse("notification-settings"), permanent=False)
            status = outcome.status
        else:
            status = 400
    else:
        form = NotificationSettingsForm(
            initial={"kinds": [s.kind.kind for s in current if s.enabled]}, choices=choices
        )
    return render(request, "core/notifications/settings.html", {"form": form}, status=status)
