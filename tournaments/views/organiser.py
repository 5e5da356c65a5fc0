"""Organisers' pages: create and edit an event, the dashboard and its actions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import InvalidInputError
from core.views import form_service_call, request_user
from tournaments import services
from tournaments.forms import (
    CsvImportForm,
    EventCreateForm,
    EventEditForm,
    PlayerAddForm,
    SwapForm,
)
from tournaments.models import Event, PrintJob
from tournaments.permissions import (
    event_get_for_organiser,
)
from tournaments.services.registration import MAX_IMPORT_BYTES
from tournaments.view_selectors import (
    event_dashboard,
    registration_id_in_event,
    round_id_in_event,
)
from tournaments.views.common import (
    post_int,
    run_and_redirect,
)


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    user = request_user(request)
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        event, _status = form_service_call(
            form,
            lambda: services.event_create(
                name=data["name"], game_slug=data["game"], date=data["date"], created_by=user,
                venue=data["venue"], capacity=data["capacity"], swiss_rounds=data["swiss_rounds"],
                top_cut=data["top_cut"],
            ),
        )  # fmt: skip
        if event is not None:
            messages.success(request, _("Event created. Open registration when you are ready."))
            return redirect("tournaments:event-manage", event_id=event.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/event_create.html", {"form": form}, status=status)


@login_required
def event_manage(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    return render(
        request,
        "tournaments/event_manage.html",
        {
            "event": event,
            **event_dashboard(event=event, user=user),
            "add_form": PlayerAddForm(),
            "import_form": CsvImportForm(),
            "swap_form": SwapForm(),
            "print_kinds": PrintJob.Kind.choices,
            "export_kinds": ("players", "pairings", "results", "standings"),
        },
    )


@dataclass(frozen=True)
class OrganiserAction:
    """One button of the dashboard: the service call it makes and what the organiser is told."""

    run: Callable[[HttpRequest, Event, User], object]
    done: str | Promise


def _round_id(request: HttpRequest, event: Event) -> int:
    return round_id_in_event(event=event, round_id=post_int(request, "round"))


def _registration_id(request: HttpRequest, event: Event) -> int:
    return registration_id_in_event(event=event, registration_id=post_int(request, "registration"))


def _add_player(request: HttpRequest, event: Event, user: User) -> object:
    form = PlayerAddForm(request.POST)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        raise InvalidInputError(f"{field}: {errors[0]}", field=field)
    return services.registration_create(
        event=event, user=None, display_name=form.cleaned_data["display_name"],
        player_id=form.cleaned_data["player_id"], email=form.cleaned_data["email"], by=user,
    )  # fmt: skip


def _import_players(request: HttpRequest, event: Event, user: User) -> object:
    upload = request.FILES.get("file")
    if upload is None:
        raise InvalidInputError(_("choose a CSV file"), field="file")
    return services.registrations_import_csv(
        event_id=event.pk, by=user, data=upload.read(MAX_IMPORT_BYTES + 1)
    )


def _swap(request: HttpRequest, event: Event, user: User) -> object:
    return services.round_swap_players(
        round_id=_round_id(request, event),
        registration_a=post_int(request, "registration_a"),
        registration_b=post_int(request, "registration_b"),
        by=user,
        reason=request.POST.get("reason", ""),
    )


#: Every action of the dashboard, by the name in its URL; any other name is a 404.
ORGANISER_ACTIONS: Mapping[str, OrganiserAction] = {
    "open": OrganiserAction(
        lambda request, event, user: services.event_set_status(
            event_id=event.pk, by=user, status=Event.Status.REGISTRATION_OPEN
        ),
        gettext_lazy("Registration is open."),
    ),
    "close": OrganiserAction(
        lambda request, event, user: services.event_set_status(
            event_id=event.pk, by=user, status=Event.Status.REGISTRATION_CLOSED
        ),
        gettext_lazy("Registration is closed."),
    ),
    "pair": OrganiserAction(
        lambda request, event, user: services.round_pair(event_id=event.pk, by=user),
        gettext_lazy("The next round is paired."),
    ),
    "topcut": OrganiserAction(
        lambda request, event, user: services.topcut_start(event_id=event.pk, by=user),
        gettext_lazy("The top cut is paired."),
    ),
    "finish": OrganiserAction(
        lambda request, event, user: services.event_finish(event_id=event.pk, by=user),
        gettext_lazy("The event is finished."),
    ),
    "publish_lists": OrganiserAction(
        lambda request, event, user: services.event_update(
            event_id=event.pk, by=user, changes={"decklists_published": True}
        ),
        gettext_lazy("Decklists are published."),
    ),
    "start": OrganiserAction(
        lambda request, event, user: services.round_start(
            round_id=_round_id(request, event), by=user
        ),
        gettext_lazy("The round has started."),
    ),
    "pause": OrganiserAction(
        lambda request, event, user: services.round_pause(
            round_id=_round_id(request, event), by=user
        ),
        gettext_lazy("The clock is paused."),
    ),
    "resume": OrganiserAction(
        lambda request, event, user: services.round_resume(
            round_id=_round_id(request, event), by=user
        ),
        gettext_lazy("The clock runs again."),
    ),
    "extend": OrganiserAction(
        lambda request, event, user: services.round_extend(
            round_id=_round_id(request, event), by=user, minutes=post_int(request, "minutes")
        ),
        gettext_lazy("The round is extended."),
    ),
    "complete": OrganiserAction(
        lambda request, event, user: services.round_complete(
            round_id=_round_id(request, event), by=user
        ),
        gettext_lazy("The round is complete; standings are published."),
    ),
    "repair": OrganiserAction(
        lambda request, event, user: services.round_repair(
            round_id=_round_id(request, event), by=user, reason=request.POST.get("reason", "")
        ),
        gettext_lazy("The round is paired again."),
    ),
    "swap": OrganiserAction(_swap, gettext_lazy("The players are swapped.")),
    "check_in": OrganiserAction(
        lambda request, event, user: services.registration_check_in(
            registration_id=_registration_id(request, event), by=user
        ),
        gettext_lazy("Checked in."),
    ),
    "drop": OrganiserAction(
        lambda request, event, user: services.registration_drop(
            registration_id=_registration_id(request, event), by=user
        ),
        gettext_lazy("Dropped."),
    ),
    "undrop": OrganiserAction(
        lambda request, event, user: services.registration_undrop(
            registration_id=_registration_id(request, event),
            by=user,
            reason=request.POST.get("reason", ""),
        ),
        gettext_lazy("The drop is undone."),
    ),
    "add_player": OrganiserAction(_add_player, gettext_lazy("Player added.")),
    "import": OrganiserAction(_import_players, gettext_lazy("Players imported.")),
}


@login_required
@require_POST
def event_action(request: HttpRequest, event_id: int, action: str) -> HttpResponseBase:
    """One dashboard button: the action's row in ``ORGANISER_ACTIONS`` runs; unknown is a 404."""
    user = request_user(request)
    chosen = ORGANISER_ACTIONS.get(action)
    if chosen is None:
        raise Http404("unknown action")
    event = event_get_for_organiser(user=user, event_id=event_id)
    return run_and_redirect(
        request,
        lambda: chosen.run(request, event, user),
        success=str(chosen.done),
        then=reverse("tournaments:event-manage", args=[event.pk]),
    )


EDITABLE = (
    "name", "date", "venue", "capacity", "registration_opens_at", "registration_closes_at",
    "decklist_deadline", "swiss_rounds", "top_cut", "round_minutes", "tiebreak_profile",
)  # fmt: skip


@login_required
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    initial = {field: getattr(event, field) for field in EDITABLE}
    form = EventEditForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            changes = {k: v for k, v in form.cleaned_data.items() if initial.get(k) != v}
            _result, status = form_service_call(
                form,
                lambda: (
                    services.event_update(event_id=event.pk, by=user, changes=changes)
                    if changes
                    else None
                ),
            )
            if status == 200:
                messages.success(request, _("Event saved."))
                return redirect("tournaments:event-manage", event_id=event.pk)
    return render(
        request, "tournaments/event_edit.html", {"event": event, "form": form}, status=status
    )
