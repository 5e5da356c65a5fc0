"""Check-in, claim codes and judge calls: the organiser's check-in desk (window, bulk check-in,
the venue's QR code), the players' receipts, the player's own check-in and claim, and calling a
judge from the phone."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.client_address import client_address
from core.conditional import not_modified
from core.errors import InvalidInputError
from core.live import content_etag, is_live_poll, mark_page, not_modified_response, revision_etag
from core.numbers import whole_number_or_none
from core.views import form_service_call, request_user
from tournaments.forms.checkin import ClaimForm, JudgeCallForm
from tournaments.models import Event
from tournaments.permissions import ORGANISER, SCOREKEEPER, event_get_for_role, event_roles_of
from tournaments.selectors.checkin import (
    BULK_FILTERS,
    check_in_board,
    judge_calls_open,
    judge_calls_signature,
    registration_receipts,
)
from tournaments.services.checkin import (
    event_check_in_close,
    event_check_in_open,
    event_drop_absent_set,
    registration_check_in_self,
    registrations_check_in_bulk,
)
from tournaments.services.claims import registration_claim
from tournaments.services.judge_calls import (
    JUDGE_ROLES,
    judge_call_create,
    judge_call_resolve,
    judge_call_take,
)
from tournaments.views.common import post_int, run_and_redirect

CHECK_IN_STAFF = frozenset({ORGANISER, SCOREKEEPER})


def _check_in_event(request: HttpRequest, event_id: int) -> Event:
    return event_get_for_role(user=request_user(request), event_id=event_id, roles=CHECK_IN_STAFF)


def _desk_url(event_id: int) -> str:
    return reverse("tournaments:check-in-desk", args=[event_id])


def _scan_url(request: HttpRequest, event: Event) -> str:
    path = reverse("tournaments:check-in-scan", args=[event.pk])
    return request.build_absolute_uri(f"{path}?code={event.check_in_token}")


# --- the organiser's (and scorekeeper's) check-in desk -----------------------------------------


@login_required
def check_in_desk(request: HttpRequest, event_id: int) -> HttpResponse:
    """The check-in window, the players still to check in (with a filter that pre-selects them
    for the bulk check-in), and those already in."""
    user = request_user(request)
    event = _check_in_event(request, event_id)
    board = check_in_board(event=event, user=user, select=request.GET.get("select", ""))
    is_organiser = ORGANISER in event_roles_of(user=user, event_id=event.pk)
    return render(
        request,
        "tournaments/check_in_desk.html",
        {"event": event, **board, "filters": list(BULK_FILTERS), "is_organiser": is_organiser},
    )


@login_required
@require_POST
def check_in_open(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    return run_and_redirect(
        request,
        lambda: event_check_in_open(event_id=event_id, by=user),
        success=_("Check-in is open. Players can check in on their page or with the QR code."),
        then=_desk_url(event_id),
    )


@login_required
@require_POST
def check_in_close(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    return run_and_redirect(
        request,
        lambda: event_check_in_close(event_id=event_id, by=user),
        success=_("Check-in is closed."),
        then=_desk_url(event_id),
    )


@login_required
@require_POST
def check_in_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    enabled = request.POST.get("drop_absent") == "on"
    return run_and_redirect(
        request,
        lambda: event_drop_absent_set(event_id=event_id, by=user, enabled=enabled),
        success=_("Players who have not checked in will be dropped when round 1 is paired.")
        if enabled
        else _("Nobody is dropped automatically at round 1."),
        then=_desk_url(event_id),
    )


def _chosen_ids(request: HttpRequest) -> list[int]:
    chosen = []
    for raw in request.POST.getlist("registrations"):
        number = whole_number_or_none(raw)
        if number is None:
            raise InvalidInputError(_("registrations must be whole numbers"), field="registrations")
        chosen.append(number)
    if not chosen:
        raise InvalidInputError(_("choose at least one player"), field="registrations")
    return chosen


@login_required
@require_POST
def check_in_bulk(request: HttpRequest, event_id: int) -> HttpResponse:
    """Check in the ticked players: first a page that names them and asks to confirm, then the
    check-in itself."""
    user = request_user(request)
    event = _check_in_event(request, event_id)
    chosen = _chosen_ids(request)
    if request.POST.get("confirm") != "yes":
        board = check_in_board(event=event, user=user)
        wanted = set(chosen)
        names = [r for r in board["not_checked_in"] if r.pk in wanted]
        if not names:
            raise InvalidInputError(
                _("none of the chosen players is waiting to check in"), field="registrations"
            )
        return render(
            request, "tournaments/check_in_confirm.html", {"event": event, "chosen": names}
        )
    done = registrations_check_in_bulk(event_id=event.pk, by=user, registration_ids=chosen)
    messages.success(
        request,
        ngettext("%(n)d player checked in.", "%(n)d players checked in.", len(done))
        % {"n": len(done)},
    )
    return redirect(_desk_url(event.pk))


@login_required
def check_in_qr(request: HttpRequest, event_id: int) -> HttpResponse:
    """The venue's check-in poster: a big QR code players scan with their phone."""
    event = _check_in_event(request, event_id)
    svg = ""
    url = ""
    if event.check_in_token:
        url = _scan_url(request, event)
        qr = segno.make(url, error="m")
        # segno writes the SVG itself (no script, no user text): safe to put in the page.
        svg = mark_safe(qr.svg_inline(scale=8, border=2, omitsize=True))  # noqa: S308
    return render(request, "tournaments/check_in_qr.html", {"event": event, "svg": svg, "url": url})


# --- the player ---------------------------------------------------------------------------------


@login_required
def check_in_scan(request: HttpRequest, event_id: int) -> HttpResponse:
    """What the venue's QR code opens: the logged-in person's registration is checked in."""
    user = request_user(request)
    token = request.GET.get("code", "")
    outcome = registration_check_in_self(event_id=event_id, user=user, token=token)
    return render(
        request,
        "tournaments/check_in_done.html",
        {"event": outcome.registration.event, "outcome": outcome},
    )


@login_required
@require_POST
def check_in_self(request: HttpRequest, event_id: int) -> HttpResponse:
    """The "Check in" button on the player's page."""
    user = request_user(request)
    outcome = registration_check_in_self(event_id=event_id, user=user)
    if outcome.already:
        messages.info(request, _("You were already checked in."))
    else:
        messages.success(request, _("You are checked in. Good luck!"))
    return redirect("tournaments:my-match", event_id=event_id)


@login_required
def claim(request: HttpRequest) -> HttpResponse:
    """Enter the claim code from a registration receipt: the registration becomes yours."""
    user = request_user(request)
    form = ClaimForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            registration, status, _error = form_service_call(
                form,
                lambda: registration_claim(
                    user=user, code=form.cleaned_data["code"], address=client_address(request)
                ),
            )
            if registration is not None:
                messages.success(
                    request,
                    _("You are now %(name)s in %(event)s.")
                    % {"name": registration.display_name, "event": registration.event.name},
                )
                return redirect("tournaments:my-match", event_id=registration.event_id)
    return render(request, "tournaments/claim.html", {"form": form}, status=status)


@login_required
def receipts(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every player's registration receipt, one per printed page."""
    user = request_user(request)
    event = _check_in_event(request, event_id)
    rows = registration_receipts(event=event, user=user)
    return render(request, "tournaments/receipts.html", {"event": event, "receipts": rows})


@login_required
def receipt(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """One player's registration receipt (with their claim code), to print or show them."""
    user = request_user(request)
    event = _check_in_event(request, event_id)
    rows = registration_receipts(event=event, user=user, registration_id=registration_id)
    if not rows:
        raise Http404("no such registration")
    return render(request, "tournaments/receipts.html", {"event": event, "receipts": rows})


# --- judge calls --------------------------------------------------------------------------------


@login_required
@require_POST
def judge_call(request: HttpRequest, event_id: int) -> HttpResponse:
    """The player's "Call a judge" button."""
    user = request_user(request)
    form = JudgeCallForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else request.POST.get("note", "")
    return run_and_redirect(
        request,
        lambda: judge_call_create(event_id=event_id, user=user, note=note),
        success=_("A judge is on the way. Stay at your table."),
        then=reverse("tournaments:my-match", args=[event_id]),
    )


def _judge_event(request: HttpRequest, event_id: int) -> Event:
    return event_get_for_role(user=request_user(request), event_id=event_id, roles=JUDGE_ROLES)


@login_required
@require_POST
def judge_call_take_view(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = _judge_event(request, event_id)
    call_id = post_int(request, "call")
    return run_and_redirect(
        request,
        lambda: judge_call_take(call_id=call_id, by=user, event_id=event.pk),
        success=_("The call is yours."),
        then=reverse("tournaments:judge-desk", args=[event.pk]),
    )


@login_required
@require_POST
def judge_call_resolve_view(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = _judge_event(request, event_id)
    call_id = post_int(request, "call")
    return run_and_redirect(
        request,
        lambda: judge_call_resolve(call_id=call_id, by=user, event_id=event.pk),
        success=_("The call is done."),
        then=reverse("tournaments:judge-desk", args=[event.pk]),
    )


@login_required
def judge_calls_partial(request: HttpRequest, event_id: int) -> HttpResponse:
    """The open calls alone (the judge desk's list), for the page to refresh in place."""
    user = request_user(request)
    event = _judge_event(request, event_id)
    calls = judge_calls_open(event=event, user=user)
    etag = revision_etag(content_etag("calls", judge_calls_signature(calls)))
    if is_live_poll(request) and not_modified(request, etag):
        return not_modified_response(etag, private=True)
    response = render(
        request, "tournaments/_judge_calls.html", {"event": event, "judge_calls": calls}
    )
    response["ETag"] = etag
    return mark_page(response)
