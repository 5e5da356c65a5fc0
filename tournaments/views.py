"""Event pages: public pairings, standings, bracket and clock; the player's table and result
report; the organiser's dashboard; the judges' queue and fast result entry.

Every view is an adapter: it reads the request, calls one service or selector, renders. A
service's DomainError becomes the error page with the error's 4xx status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError, InvalidInputError
from core.views import domain_error_response, request_user
from tournaments import services
from tournaments.forms import (
    CsvImportForm,
    EventCreateForm,
    EventEditForm,
    PenaltyForm,
    PlayerAddForm,
    ResultForm,
    SwapForm,
)
from tournaments.models import Event, Match, PrintJob, Registration, Round
from tournaments.permissions import (
    event_get_for_organiser,
    event_get_for_staff,
    is_event_organiser,
    is_event_staff,
)
from tournaments.selectors import confirmed_report
from tournaments.services.registration import MAX_IMPORT_BYTES
from tournaments.view_selectors import (
    event_public_get,
    judge_queue,
    latest_round,
    match_for_viewer,
    my_current_match,
    round_snapshot,
)


def _run(
    request: HttpRequest, action: Callable[[], object], *, success: str, then: str
) -> HttpResponse:
    """Call a service; on success show ``success`` and go to ``then``; on error, the error."""
    try:
        action()
    except DomainError as error:
        return domain_error_response(request, error)
    messages.success(request, success)
    return redirect(then, permanent=False)


_user = request_user


def _int(request: HttpRequest, name: str) -> int:
    raw = request.POST.get(name, "")
    try:
        return int(raw)
    except ValueError:
        raise InvalidInputError(
            _("%(name)s must be a whole number") % {"name": name}, field=name
        ) from None


# --- public pages ------------------------------------------------------------------------------


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_public_get(event_id=event_id, user=request.user)
    registration = None
    if request.user.is_authenticated:
        registration = Registration.objects.filter(event=event, user_id=request.user.pk).first()
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "registration": registration,
            "is_organiser": is_event_organiser(user=request.user, event_id=event.pk),
            "is_staff": is_event_staff(user=request.user, event_id=event.pk),
            "round": latest_round(event=event),
            "player_count": event.registrations.exclude(status="waitlisted").count(),
        },
    )


def live_etag(round_obj: Round, revision: int) -> str:
    """Names the round and its snapshot revision: a new round is a new page, whatever revision."""
    return f'"r{round_obj.pk}-{revision}"'


def _conditional(request: HttpRequest, round_obj: Round, revision: int) -> tuple[str, bool]:
    etag = live_etag(round_obj, revision)
    return etag, request.headers.get("If-None-Match") == etag


def round_pairings(request: HttpRequest, event_id: int, number: int | None = None) -> HttpResponse:
    """Pairings by name (wall sheet, searchable) or by table, from the round's snapshot."""
    event = event_public_get(event_id=event_id, user=request.user)
    round_obj, snapshot = round_snapshot(event=event, number=number)
    if snapshot is None or round_obj is None:
        return render(request, "tournaments/no_round.html", {"event": event})
    etag, fresh = _conditional(request, round_obj, snapshot.revision)
    if fresh:
        return HttpResponse(status=304, headers={"ETag": etag})
    by_table = request.GET.get("by") == "table"
    rows: list[dict[str, Any]] = []
    for pairing in snapshot.pairings:
        a, b = pairing["a"], pairing["b"]
        rows.append({"table": pairing["table"], "bye": pairing["bye"], "player": a, "opponent": b})
        if not by_table and b is not None:
            rows.append({"table": pairing["table"], "bye": False, "player": b, "opponent": a})
    if not by_table:
        rows.sort(key=lambda row: str(row["player"]["name"]).casefold())
    response = render(
        request,
        "tournaments/round_pairings.html",
        {
            "event": event,
            "round": round_obj,
            "rows": rows,
            "by_table": by_table,
            "etag": live_etag(round_obj, snapshot.revision),
            "rounds": event.rounds.order_by("number"),
        },
    )
    response["ETag"] = etag
    return response


def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_public_get(event_id=event_id, user=request.user)
    round_obj, snapshot = round_snapshot(event=event, number=None, swiss_only=True)
    if snapshot is None or round_obj is None:
        return render(request, "tournaments/no_round.html", {"event": event})
    etag, fresh = _conditional(request, round_obj, snapshot.revision)
    if fresh:
        return HttpResponse(status=304, headers={"ETag": etag})
    response = render(
        request,
        "tournaments/standings.html",
        {
            "event": event,
            "round": round_obj,
            "rows": snapshot.standings,
            "final": round_obj.status == Round.Status.COMPLETE,
            "etag": live_etag(round_obj, snapshot.revision),
        },
    )
    response["ETag"] = etag
    return response


def bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_public_get(event_id=event_id, user=request.user)
    latest_cut = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("-number").first()
    etag = live_etag(latest_cut, latest_cut.revision) if latest_cut else '"r0-0"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponse(status=304, headers={"ETag": etag})
    scores = {}
    for match in Match.objects.filter(round__event=event, round__stage="top_cut").prefetch_related(
        "reports"
    ):
        report = confirmed_report(match)
        if report is not None:
            scores[match.pk] = report
    rounds = []
    for round_obj in event.rounds.filter(stage=Round.Stage.TOP_CUT).select_related("snapshot"):
        snapshot = getattr(round_obj, "snapshot", None)
        pairings = []
        for pairing in snapshot.pairings if snapshot else []:
            report = scores.get(pairing["match"])
            winner = None
            if report is not None and report.wins_a != report.wins_b:
                winner = "a" if report.wins_a > report.wins_b else "b"
            score = f"{report.wins_a}–{report.wins_b}" if report is not None else ""
            pairings.append({**pairing, "winner": winner, "score": score})
        rounds.append({"round": round_obj, "pairings": pairings})
    response = render(
        request, "tournaments/bracket.html", {"event": event, "rounds": rounds, "etag": etag}
    )
    response["ETag"] = etag
    return response


def round_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_public_get(event_id=event_id, user=request.user)
    round_obj = latest_round(event=event)
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(clock_state(round_obj))
    return render(
        request,
        "tournaments/round_clock.html",
        {"event": event, "round": round_obj, "clock": clock_state(round_obj)},
    )


def clock_state(round_obj: Round | None) -> dict[str, object]:
    if round_obj is None:
        return {"round": None, "status": "none"}
    return {
        "round": round_obj.number,
        "status": round_obj.status,
        "ends_at": round_obj.ends_at.isoformat() if round_obj.ends_at else None,
        "paused_remaining_seconds": round_obj.paused_remaining_seconds,
        "minutes": round_obj.minutes,
        "revision": round_obj.revision,
    }


# --- players -------------------------------------------------------------------------------


@login_required
@require_POST
def event_register(request: HttpRequest, event_id: int) -> HttpResponse:
    user = _user(request)
    event = event_public_get(event_id=event_id, user=user)
    name = user.get_full_name() or user.get_username()
    return _run(
        request,
        lambda: services.registration_create(event=event, user=user, display_name=name, by=user),
        success=_("You are registered."),
        then=reverse("tournaments:event-detail", args=[event.pk]),
    )


@login_required
@require_POST
def event_drop_self(request: HttpRequest, event_id: int) -> HttpResponse:
    user = _user(request)
    registration = Registration.objects.filter(event_id=event_id, user=user).first()
    if registration is None:
        raise Http404("not registered")
    return _run(
        request,
        lambda: services.registration_drop(registration_id=registration.pk, by=user),
        success=_("You have dropped from the event."),
        then=reverse("tournaments:event-detail", args=[event_id]),
    )


@login_required
def my_match(request: HttpRequest, event_id: int) -> HttpResponse:
    """The player's table and opponent in the current round, and the report form."""
    user = _user(request)
    event = event_public_get(event_id=event_id, user=user)
    found = my_current_match(event=event, user=user)
    return render(request, "tournaments/my_match.html", {"event": event, **found})


@login_required
def match_report(request: HttpRequest, match_id: int) -> HttpResponse:
    """The page a match slip's QR code opens: players report, judges enter."""
    user = _user(request)
    try:
        view = match_for_viewer(match_id=match_id, user=user)
    except DomainError as error:
        return domain_error_response(request, error)
    match: Match = view["match"]
    back = reverse("tournaments:match-report", args=[match.pk])
    if request.method == "POST":
        form = ResultForm(request.POST)
        action = request.POST.get("action", "report")
        if action == "confirm":
            return _run(
                request,
                lambda: services.result_confirm(match_id=match.pk, user=user),
                success=_("Result confirmed."),
                then=back,
            )
        if action == "concede":
            return _run(
                request,
                lambda: services.result_report(
                    match_id=match.pk, user=user, wins_a=0, wins_b=0, concede=True
                ),
                success=_("You conceded the match."),
                then=back,
            )
        if not form.is_valid():
            return render(
                request, "tournaments/match_report.html", {**view, "form": form}, status=400
            )
        data = form.cleaned_data
        if view["is_staff"] and not view["side"]:
            return _run(
                request,
                lambda: services.result_enter_by_judge(
                    match_id=match.pk, judge=user, wins_a=data["wins_a"], wins_b=data["wins_b"],
                    draws=data["draws"], intentional_draw=data["intentional_draw"],
                    reason=request.POST.get("reason", ""),
                ),
                success=_("Result entered."),
                then=back,
            )  # fmt: skip
        return _run(
            request,
            lambda: services.result_report(
                match_id=match.pk, user=user, wins_a=data["wins_a"], wins_b=data["wins_b"],
                draws=data["draws"], intentional_draw=data["intentional_draw"],
                idempotency_key=request.POST.get("idempotency_key", ""),
            ),
            success=_("Result sent. Your opponent confirms it."),
            then=back,
        )  # fmt: skip
    return render(request, "tournaments/match_report.html", {**view, "form": ResultForm()})


# --- organisers ----------------------------------------------------------------------------


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_create(
                name=data["name"], game_slug=data["game"], date=data["date"], created_by=user,
                venue=data["venue"], capacity=data["capacity"], swiss_rounds=data["swiss_rounds"],
                top_cut=data["top_cut"],
            )  # fmt: skip
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Event created. Open registration when you are ready."))
            return redirect("tournaments:event-manage", event_id=event.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/event_create.html", {"form": form}, status=status)


@login_required
def event_manage(request: HttpRequest, event_id: int) -> HttpResponse:
    user = _user(request)
    try:
        event = event_get_for_organiser(user=user, event_id=event_id)
    except DomainError as error:
        return domain_error_response(request, error)
    registrations = event.registrations.order_by("status", "display_name")
    rounds = event.rounds.order_by("-number")
    return render(
        request,
        "tournaments/event_manage.html",
        {
            "event": event,
            "registrations": registrations,
            "rounds": rounds,
            "round": rounds.first(),
            "add_form": PlayerAddForm(),
            "import_form": CsvImportForm(),
            "swap_form": SwapForm(),
            "print_kinds": PrintJob.Kind.choices,
            "export_kinds": ("players", "pairings", "results", "standings"),
        },
    )


ORGANISER_ACTIONS: dict[str, str] = {
    "open": _("Registration is open."),
    "close": _("Registration is closed."),
    "pair": _("The next round is paired."),
    "topcut": _("The top cut is paired."),
    "start": _("The round has started."),
    "pause": _("The clock is paused."),
    "resume": _("The clock runs again."),
    "extend": _("The round is extended."),
    "complete": _("The round is complete; standings are published."),
    "repair": _("The round is paired again."),
    "swap": _("The players are swapped."),
    "check_in": _("Checked in."),
    "drop": _("Dropped."),
    "undrop": _("The drop is undone."),
    "add_player": _("Player added."),
    "import": _("Players imported."),
    "finish": _("The event is finished."),
    "publish_lists": _("Decklists are published."),
}


def _event_level_action(event: Event, user: User, action: str) -> object:
    if action in {"open", "close"}:
        status = (
            Event.Status.REGISTRATION_OPEN if action == "open" else Event.Status.REGISTRATION_CLOSED
        )
        return services.event_set_status(event_id=event.pk, by=user, status=status)
    if action == "pair":
        return services.round_pair(event_id=event.pk, by=user)
    if action == "topcut":
        return services.topcut_start(event_id=event.pk, by=user)
    if action == "finish":
        return services.event_finish(event_id=event.pk, by=user)
    return services.event_update(event_id=event.pk, by=user, changes={"decklists_published": True})


def _round_level_action(request: HttpRequest, event: Event, user: User, action: str) -> object:
    round_id = _round_of(event, _int(request, "round"))
    reason = request.POST.get("reason", "")
    if action == "start":
        return services.round_start(round_id=round_id, by=user)
    if action == "pause":
        return services.round_pause(round_id=round_id, by=user)
    if action == "resume":
        return services.round_resume(round_id=round_id, by=user)
    if action == "complete":
        return services.round_complete(round_id=round_id, by=user)
    if action == "extend":
        return services.round_extend(round_id=round_id, by=user, minutes=_int(request, "minutes"))
    if action == "repair":
        return services.round_repair(round_id=round_id, by=user, reason=reason)
    return services.round_swap_players(
        round_id=round_id,
        registration_a=_int(request, "registration_a"),
        registration_b=_int(request, "registration_b"),
        by=user,
        reason=reason,
    )


def _player_level_action(request: HttpRequest, event: Event, user: User, action: str) -> object:
    if action == "add_player":
        form = PlayerAddForm(request.POST)
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise InvalidInputError(f"{field}: {errors[0]}", field=field)
        return services.registration_create(
            event=event, user=None, display_name=form.cleaned_data["display_name"],
            player_id=form.cleaned_data["player_id"], email=form.cleaned_data["email"], by=user,
        )  # fmt: skip
    if action == "import":
        upload = request.FILES.get("file")
        if upload is None:
            raise InvalidInputError(_("choose a CSV file"), field="file")
        return services.registrations_import_csv(
            event_id=event.pk, by=user, data=upload.read(MAX_IMPORT_BYTES + 1)
        )
    registration_id = _registration_of(event, _int(request, "registration"))
    if action == "check_in":
        return services.registration_check_in(registration_id=registration_id, by=user)
    if action == "drop":
        return services.registration_drop(registration_id=registration_id, by=user)
    return services.registration_undrop(
        registration_id=registration_id, by=user, reason=request.POST.get("reason", "")
    )


EVENT_ACTIONS = frozenset({"open", "close", "pair", "topcut", "finish", "publish_lists"})
ROUND_ACTIONS = frozenset({"start", "pause", "resume", "complete", "extend", "repair", "swap"})


def _organiser_action(request: HttpRequest, event: Event, user: User, action: str) -> object:
    if action in EVENT_ACTIONS:
        return _event_level_action(event, user, action)
    if action in ROUND_ACTIONS:
        return _round_level_action(request, event, user, action)
    return _player_level_action(request, event, user, action)


def _round_of(event: Event, round_id: int) -> int:
    if not Round.objects.filter(pk=round_id, event=event).exists():
        raise InvalidInputError(_("that round is not part of this event"), field="round")
    return round_id


def _registration_of(event: Event, registration_id: int) -> int:
    if not Registration.objects.filter(pk=registration_id, event=event).exists():
        raise InvalidInputError(
            _("that player is not registered for this event"), field="registration"
        )
    return registration_id


@login_required
@require_POST
def event_action(request: HttpRequest, event_id: int, action: str) -> HttpResponseBase:
    user = _user(request)
    if action not in ORGANISER_ACTIONS:
        raise Http404("unknown action")
    try:
        event = event_get_for_organiser(user=user, event_id=event_id)
    except DomainError as error:
        return domain_error_response(request, error)
    return _run(
        request,
        lambda: _organiser_action(request, event, user, action),
        success=str(ORGANISER_ACTIONS[action]),
        then=reverse("tournaments:event-manage", args=[event.pk]),
    )


EDITABLE = (
    "name", "date", "venue", "capacity", "registration_opens_at", "registration_closes_at",
    "decklist_deadline", "swiss_rounds", "top_cut", "round_minutes", "tiebreak_profile",
)  # fmt: skip


@login_required
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    user = _user(request)
    try:
        event = event_get_for_organiser(user=user, event_id=event_id)
    except DomainError as error:
        return domain_error_response(request, error)
    initial = {field: getattr(event, field) for field in EDITABLE}
    form = EventEditForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            changes = {k: v for k, v in form.cleaned_data.items() if initial.get(k) != v}
            try:
                if changes:
                    services.event_update(event_id=event.pk, by=user, changes=changes)
            except DomainError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
                status = error.status_code
            else:
                messages.success(request, _("Event saved."))
                return redirect("tournaments:event-manage", event_id=event.pk)
    return render(
        request, "tournaments/event_edit.html", {"event": event, "form": form}, status=status
    )


# --- judges --------------------------------------------------------------------------------

QUICK_SCORES = {
    "20": (2, 0, 0), "21": (2, 1, 0), "12": (1, 2, 0), "02": (0, 2, 0), "111": (1, 1, 1),
    "10": (1, 0, 0), "01": (0, 1, 0), "11": (1, 1, 0), "001": (0, 0, 1), "000": (0, 0, 0),
}  # fmt: skip


@login_required
def judge_desk(request: HttpRequest, event_id: int) -> HttpResponse:
    """Disputed and missing results of the current round, the fast entry form, penalties."""
    user = _user(request)
    try:
        event = event_get_for_staff(user=user, event_id=event_id)
    except DomainError as error:
        return domain_error_response(request, error)
    context = {
        "event": event,
        "penalty_form": PenaltyForm(),
        "penalties": event.penalties.select_related("registration")[:50],
        **judge_queue(event=event),
    }
    return render(request, "tournaments/judge_desk.html", context)


@login_required
@require_POST
def judge_fast_entry(request: HttpRequest, event_id: int) -> HttpResponse:
    """Type the table number and a key (20, 21, 111 …): the result is entered and confirmed."""
    user = _user(request)
    back = reverse("tournaments:judge-desk", args=[event_id])

    def enter() -> object:
        event = event_get_for_staff(user=user, event_id=event_id)
        round_obj = latest_round(event=event)
        if round_obj is None:
            raise InvalidInputError(_("no round is paired"), field="table")
        table = _int(request, "table")
        match = Match.objects.filter(round=round_obj, table=table).first()
        if match is None:
            raise InvalidInputError(
                _("round %(round)s has no table %(table)s")
                % {"round": round_obj.number, "table": table},
                field="table",
            )
        key = request.POST.get("score", "").strip()
        if key not in QUICK_SCORES:
            raise InvalidInputError(
                _("score key %(key)s is not one of %(keys)s")
                % {"key": key, "keys": ", ".join(QUICK_SCORES)},
                field="score",
            )
        wins_a, wins_b, draws = QUICK_SCORES[key]
        return services.result_enter_by_judge(
            match_id=match.pk, judge=user, wins_a=wins_a, wins_b=wins_b, draws=draws,
            intentional_draw=key == "000", reason=request.POST.get("reason", ""),
        )  # fmt: skip

    return _run(request, enter, success=_("Result entered."), then=back)


@login_required
@require_POST
def judge_penalty(request: HttpRequest, event_id: int) -> HttpResponse:
    user = _user(request)
    form = PenaltyForm(request.POST)

    def record() -> object:
        event = event_get_for_staff(user=user, event_id=event_id)
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise InvalidInputError(f"{field}: {errors[0]}", field=field)
        data = form.cleaned_data
        round_obj = latest_round(event=event)
        return services.penalty_record(
            registration_id=_registration_of(event, data["registration"]), judge=user,
            infraction=data["infraction"], penalty=data["penalty"],
            round_id=round_obj.pk if round_obj else None, table=data["table"], note=data["note"],
        )  # fmt: skip

    return _run(
        request, record, success=_("Penalty recorded."),
        then=reverse("tournaments:judge-desk", args=[event_id]),
    )  # fmt: skip


@login_required
@require_POST
def judge_extend(request: HttpRequest, event_id: int) -> HttpResponse:
    user = _user(request)

    def extend() -> object:
        event = event_get_for_staff(user=user, event_id=event_id)
        round_obj = latest_round(event=event)
        table = _int(request, "table")
        match = Match.objects.filter(round=round_obj, table=table).first()
        if match is None:
            raise InvalidInputError(_("no such table in the current round"), field="table")
        return services.match_extend_time(
            match_id=match.pk, judge=user, minutes=_int(request, "minutes"),
            reason=request.POST.get("reason", ""),
        )  # fmt: skip

    return _run(
        request, extend, success=_("Time extension recorded."),
        then=reverse("tournaments:judge-desk", args=[event_id]),
    )  # fmt: skip


# --- printing ------------------------------------------------------------------------------


@login_required
@require_POST
def print_request(request: HttpRequest, event_id: int, kind: str) -> HttpResponse:
    """Ask for a PDF; the task renders it (at once without a broker) and the job page shows it."""
    user = _user(request)
    try:
        event_get_for_organiser(user=user, event_id=event_id)
        job = services.print_job_request(
            event_id=event_id, kind=kind, by=user, base_url=request.build_absolute_uri("/"),
            round_number=_int(request, "round") if request.POST.get("round") else None,
        )  # fmt: skip
    except DomainError as error:
        return domain_error_response(request, error)
    return redirect("tournaments:print-job", event_id=event_id, job_id=job.pk)


@login_required
def print_job(request: HttpRequest, event_id: int, job_id: int) -> HttpResponse:
    user = _user(request)
    try:
        event = event_get_for_organiser(user=user, event_id=event_id)
    except DomainError as error:
        return domain_error_response(request, error)
    job = PrintJob.objects.filter(pk=job_id, event=event).defer("pdf").first()
    if job is None:
        raise Http404("no such print job")
    if request.GET.get("download") and job.status == PrintJob.Status.DONE:
        pdf = PrintJob.objects.values_list("pdf", flat=True).get(pk=job.pk)
        response = HttpResponse(bytes(pdf or b""), content_type="application/pdf")
        filename = f"{event.pk}-round{job.round.number}-{job.kind}.pdf"
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response
    return render(request, "tournaments/print_job.html", {"event": event, "job": job})
