"""Organisers' pages: create and edit an event, the dashboard and its actions.

Who may press which button of the dashboard (``SCOREKEEPER_ACTIONS``; the URL patterns in
``tournaments/urls.py`` are split by it, and ``tournaments/api_urls.py`` declares the matching
endpoints alike). Scorekeepers run the rounds; the event's settings, its staff and the decisions
that shape it (cutting to the top N, finishing it) are the organisers':

===============  ==================  =========================================================
Action           Who                 API endpoint (same who)
===============  ==================  =========================================================
open, close      organiser           POST events/<id>/status/
publish_lists    organiser           PATCH events/<id>/ (decklists_published)
topcut           organiser           POST events/<id>/top-cut/
finish           organiser           POST events/<id>/finish/
cancel           organiser           POST events/<id>/status/ (cancelled)
import           organiser           POST events/<id>/registrations/import/
(edit, staff)    organiser           PATCH events/<id>/, events/<id>/staff/…
pair             scorekeeper         POST events/<id>/rounds/
repair, swap     scorekeeper         POST …/rounds/<n>/repair/, …/swap/
start, pause,    scorekeeper         POST …/rounds/<n>/start/, pause/, resume/, extend/
resume, extend
complete         scorekeeper         POST …/rounds/<n>/complete/
check_in         scorekeeper         POST …/registrations/<id>/check-in/
drop, undrop     scorekeeper         POST …/registrations/<id>/drop/, undrop/
add_player       scorekeeper         POST events/<id>/registrations/add/ (a late entry)
(print)          scorekeeper         the print pages
(results)        judge, scorekeeper  POST …/matches/<id>/judge-result/, the judge desk entry
===============  ==================  =========================================================

"scorekeeper" always includes the organisers (they hold every level).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseNotAllowed,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from core.errors import ConflictError, InvalidInputError, RateLimitedError
from core.numbers import whole_number
from core.views import form_service_call, request_user
from tournaments import services
from tournaments.forms.events import (
    CHAMPIONSHIP_FIELDS,
    CsvImportForm,
    EventCreateForm,
    EventEditForm,
    PlayerAddForm,
    SwapForm,
)
from tournaments.models import Event, PlayerImport, PrintJob
from tournaments.permissions import (
    HEAD_JUDGES,
    ORGANISERS,
    SCOREKEEPERS,
    event_get_for_organiser,
    event_get_for_role,
    event_get_for_scorekeeper,
    event_roles_of,
    is_event_organiser,
)
from tournaments.selectors.actions import (
    event_actions_available,
    finish_is_early,
    publish_lists_asks,
)
from tournaments.selectors.championship import structure_tables
from tournaments.selectors.decklists import players_without_legal_list
from tournaments.selectors.events import event_dashboard, latest_round
from tournaments.selectors.imports import player_import_get_for_organiser
from tournaments.selectors.judge_desk import disqualifications_pending
from tournaments.selectors.registrations import registration_get, registration_id_in_event
from tournaments.selectors.rounds import round_id_in_event, round_number_in_event
from tournaments.services.registration import MAX_IMPORT_BYTES
from tournaments.views.common import (
    Confirm,
    asking_which_player,
    confirmation_page,
    is_confirmed,
    post_int,
    posted_player,
    run_and_redirect,
)


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    user = request_user(request)
    form = EventCreateForm(request.POST or None)
    status = 400 if request.method == "POST" else 200
    error = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        event, status, error = form_service_call(
            form,
            lambda: services.event_create(
                name=data["name"], game_slug=data["game"], date=data["date"], created_by=user,
                venue=data["venue"], capacity=data["capacity"], swiss_rounds=data["swiss_rounds"],
                top_cut=data["top_cut"], start_time=data["start_time"],
                time_zone=data["time_zone"], region=data["region"], entry_fee=data["entry_fee"],
                contact=data["contact"], **{name: data[name] for name in CHAMPIONSHIP_FIELDS},
            ),
        )  # fmt: skip
        if event is not None:
            messages.success(request, _("Event created. Open registration when you are ready."))
            return redirect("tournaments:event-manage", event_id=event.pk)
    response = render(
        request,
        "tournaments/event_create.html",
        {"form": form, "structure_tables": structure_tables()},
        status=status,
    )
    if isinstance(error, RateLimitedError) and error.retry_after:  # too many events today
        response["Retry-After"] = str(error.retry_after)
    return response


@login_required
def event_manage(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_scorekeeper(user=user, event_id=event_id)
    return render(
        request,
        "tournaments/event_manage.html",
        {
            "event": event,
            "is_organiser": is_event_organiser(user=user, event_id=event.pk),
            **event_dashboard(event=event, user=user),
            # A disqualification waiting for a second person stops the event from finishing
            # (``services.event_finish``): the organiser sees it here, not only at the desk.
            "disqualifications": disqualifications_pending(event_id=event.pk, user=user),
            "decides_disqualifications": bool(
                event_roles_of(user=user, event_id=event.pk) & HEAD_JUDGES
            ),
            "add_form": PlayerAddForm(),
            "import_form": CsvImportForm(),
            "swap_form": SwapForm(),
            # What this person may take now: a scorekeeper is offered none of the organisers'.
            "actions": _offered(
                event, is_organiser=is_event_organiser(user=user, event_id=event.pk)
            ),
            "finish_early": finish_is_early(event=event, last_round=latest_round(event=event)),
            "needs_confirm": _needs_confirm(event),
            "print_kinds": PrintJob.Kind.choices,
            "export_kinds": (
                ("players", _("Players")),
                ("pairings", _("Pairings")),
                ("results", _("Results")),
                ("standings", _("Standings")),
            ),
        },
    )


#: What an action does: a service call made from the request, the event and the organiser.
Run = Callable[[HttpRequest, Event, User], object]


@dataclass(frozen=True)
class OrganiserAction:
    """One button of the dashboard: the service call it makes and what the organiser is told."""

    run: Run
    done: str | Promise
    #: What the confirmation page says; None: the action is done on one tap (not destructive).
    confirm: Confirm | None = None
    #: Where to go next, from what the service returned; None: back to the dashboard.
    then: Callable[[object], str] | None = None


def _reason(request: HttpRequest) -> str:
    return request.POST.get("reason", "")


def _int(name: str) -> Callable[[HttpRequest], int]:
    return lambda request: post_int(request, name)


def _on_event(service: Callable[..., object], **fixed: object) -> Run:
    """``service(event_id=…, by=…, **fixed)``."""
    return lambda request, event, user: service(event_id=event.pk, by=user, **fixed)


def _on_round(service: Callable[..., object], **read: Callable[[HttpRequest], object]) -> Run:
    """``service(round_id=…, by=…)`` on the form's round (of this event), with the other
    arguments read from the form."""

    def run(request: HttpRequest, event: Event, user: User) -> object:
        round_id = round_id_in_event(event=event, round_id=post_int(request, "round"))
        return service(round_id=round_id, by=user, **_read(request, read))

    return run


def _on_registration(
    service: Callable[..., object], **read: Callable[[HttpRequest], object]
) -> Run:
    """``service(registration_id=…, by=…)`` on the form's registration (of this event), with
    the other arguments read from the form."""

    def run(request: HttpRequest, event: Event, user: User) -> object:
        registration_id = registration_id_in_event(
            event=event, registration_id=post_int(request, "registration")
        )
        return service(registration_id=registration_id, by=user, **_read(request, read))

    return run


def _read(
    request: HttpRequest, read: Mapping[str, Callable[[HttpRequest], object]]
) -> dict[str, object]:
    return {name: reader(request) for name, reader in read.items()}


def _add_player(request: HttpRequest, event: Event, user: User) -> object:
    form = PlayerAddForm(request.POST)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        raise InvalidInputError(
            _("%(field)s: %(value)s") % {"field": field, "value": errors[0]}, field=field
        )
    return services.registration_create(
        event=event, user=None, display_name=form.cleaned_data["display_name"],
        player_id=form.cleaned_data["player_id"], email=form.cleaned_data["email"], by=user,
    )  # fmt: skip


def _swap_players(request: HttpRequest, event: Event, user: User) -> object:
    """Swap two players of the paired round, each named by name or table (or picked)."""
    round_id = round_id_in_event(event=event, round_id=post_int(request, "round"))
    return services.round_swap_players(
        round_id=round_id, by=user, reason=_reason(request),
        registration_a=posted_player(request, event, "player_a").pk,
        registration_b=posted_player(request, event, "player_b").pk,
    )  # fmt: skip


def _pair(request: HttpRequest, event: Event, user: User) -> object:
    """Pair the next round; for round 1, with what the scorekeeper chose for the players
    without a legal list (``_ask_about_unlisted`` asked)."""
    return services.round_pair(
        event_id=event.pk, by=user, unlisted=request.POST.get("unlisted") or None
    )


def _ask_about_unlisted(request: HttpRequest, event: Event) -> HttpResponse | None:
    """Before round 1 of an event that requires a legal list: the page naming the checked-in
    players without one, with the three answers (409: nothing done), unless the form carries
    the answer. None: go on and pair."""
    if request.POST.get("unlisted") or not event.decklist_required:
        return None
    if latest_round(event=event) is not None:
        return None
    players = players_without_legal_list(event_id=event.pk)
    if not players:
        return None
    context = {
        "event": event,
        "players": players,
        "is_organiser": is_event_organiser(user=request_user(request), event_id=event.pk),
        "cancel": reverse("tournaments:event-manage", args=[event.pk]),
    }
    return render(request, "tournaments/pair_unlisted.html", context, status=409)


def _import_players(request: HttpRequest, event: Event, user: User) -> object:
    """Queue the import (its job enters the players); the import's page follows it."""
    upload = request.FILES.get("file")
    if upload is None:
        raise InvalidInputError(_("choose a CSV file"), field="file")
    return services.player_import_request(
        event_id=event.pk, by=user, data=upload.read(MAX_IMPORT_BYTES + 1)
    )


def _import_page(job: object) -> str:
    if not isinstance(job, PlayerImport):  # _import_players returns the import it queued
        raise TypeError(f"expected a PlayerImport, got {type(job).__name__}")
    return reverse("tournaments:player-import", args=[job.event_id, job.pk])


#: Every action of the dashboard, by the name in its URL; any other name is a 404.
ORGANISER_ACTIONS: Mapping[str, OrganiserAction] = {
    "open": OrganiserAction(
        _on_event(services.event_set_status, status=Event.Status.REGISTRATION_OPEN),
        gettext_lazy("Registration is open."),
    ),
    "close": OrganiserAction(
        _on_event(services.event_set_status, status=Event.Status.REGISTRATION_CLOSED),
        gettext_lazy("Registration is closed."),
    ),
    "pair": OrganiserAction(_pair, gettext_lazy("The next round is paired.")),
    "topcut": OrganiserAction(
        _on_event(services.topcut_start),
        gettext_lazy("The top cut is paired."),
        confirm=Confirm(
            question=gettext_lazy("Cut to the top %(size)s?"),
            consequence=gettext_lazy(
                "The top %(size)s of the Swiss standings go on to the single-elimination "
                "bracket and everyone else stops playing. The Swiss rounds are over: no Swiss "
                "round can be paired after the cut, and the cut cannot be undone."
            ),
            yes=gettext_lazy("Yes, cut to the top %(size)s"),
        ),
    ),
    "finish": OrganiserAction(
        _on_event(services.event_finish),
        gettext_lazy("The event is finished."),
        confirm=Confirm(
            question=gettext_lazy("Finish %(event)s?"),
            consequence=gettext_lazy(
                "The event ends with the standings as they are now. No round can be paired "
                "after this, no player can be added, checked in or dropped, and no drop can be "
                "undone. Finishing cannot be undone."
            ),
            yes=gettext_lazy("Yes, finish the event"),
        ),
    ),
    "cancel": OrganiserAction(
        _on_event(services.event_set_status, status=Event.Status.CANCELLED),
        gettext_lazy("The event is cancelled; its players are told."),
        confirm=Confirm(
            question=gettext_lazy("Cancel %(event)s?"),
            consequence=gettext_lazy(
                "The event is called off: every registered player is told, nobody can register, "
                "no round can be paired and nothing more can be entered. Rounds already played "
                "stay as they are. Cancelling cannot be undone."
            ),
            yes=gettext_lazy("Yes, cancel the event"),
        ),
    ),
    # Asks first only while the event runs (``PUBLISH_WHILE_RUNNING``); once it is over, one tap.
    "publish_lists": OrganiserAction(
        lambda request, event, user: services.event_update(
            event_id=event.pk,
            by=user,
            changes={"decklists_published": True},
            confirm=is_confirmed(request),
        ),
        gettext_lazy("Decklists are published."),
    ),
    "start": OrganiserAction(
        _on_round(services.round_start), gettext_lazy("The round has started.")
    ),
    "pause": OrganiserAction(_on_round(services.round_pause), gettext_lazy("The clock is paused.")),
    "resume": OrganiserAction(
        _on_round(services.round_resume), gettext_lazy("The clock runs again.")
    ),
    "extend": OrganiserAction(
        _on_round(services.round_extend, minutes=_int("minutes")),
        gettext_lazy("The round is extended."),
    ),
    "complete": OrganiserAction(
        _on_round(services.round_complete),
        gettext_lazy("The round is complete; standings are published."),
    ),
    "repair": OrganiserAction(
        _on_round(services.round_repair, reason=_reason),
        gettext_lazy("The round is paired again."),
        confirm=Confirm(
            question=gettext_lazy("Pair round %(round)s again?"),
            consequence=gettext_lazy(
                "The pairings of round %(round)s are thrown away and new ones are made: players "
                "may already be looking for their tables, and the old pairings cannot be "
                "brought back. Slips printed for this round no longer apply."
            ),
            yes=gettext_lazy("Yes, pair round %(round)s again"),
        ),
    ),
    "swap": OrganiserAction(_swap_players, gettext_lazy("The players are swapped.")),
    "check_in": OrganiserAction(
        _on_registration(services.registration_check_in), gettext_lazy("Checked in.")
    ),
    "drop": OrganiserAction(
        _on_registration(services.registration_drop),
        gettext_lazy("Dropped."),
        confirm=Confirm(
            question=gettext_lazy("Drop %(player)s from %(event)s?"),
            consequence=gettext_lazy(
                "%(player)s is not paired in any later round; their results so far stay in the "
                "standings. You can undo the drop until the event finishes; the rounds missed "
                "meanwhile count as losses."
            ),
            yes=gettext_lazy("Yes, drop %(player)s"),
        ),
    ),
    "undrop": OrganiserAction(
        _on_registration(services.registration_undrop, reason=_reason),
        gettext_lazy("The drop is undone."),
    ),
    "add_player": OrganiserAction(_add_player, gettext_lazy("Player added.")),
    "import": OrganiserAction(
        _import_players,
        gettext_lazy("The file is being imported: this page shows how far it has got."),
        then=_import_page,
    ),
}


#: The actions scorekeepers may take too (the module's table); every other one is the
#: organisers'. ``tournaments/urls.py`` declares the two kinds as two URL patterns.
SCOREKEEPER_ACTIONS = frozenset(
    {"pair", "start", "pause", "resume", "extend", "complete", "repair", "swap", "check_in",
     "drop", "undrop", "add_player"}
)  # fmt: skip


#: The actions that ask first (the dashboard links them to their confirmation page).
NEEDS_CONFIRM = frozenset(name for name, row in ORGANISER_ACTIONS.items() if row.confirm)

#: Publishing the lists while the event runs: what the confirmation page says.
PUBLISH_WHILE_RUNNING = Confirm(
    question=gettext_lazy("Publish every decklist of %(event)s now?"),
    consequence=gettext_lazy(
        "%(event)s is running. Every player's decklist becomes public now: anyone can read it, "
        "including players who have still to play against it. Lists are usually published "
        "after the event finishes."
    ),
    yes=gettext_lazy("Yes, publish every list now"),
)


#: Finishing before the final (or before the last Swiss round) is played: what the
#: confirmation page says instead of the usual words.
FINISH_EARLY = Confirm(
    question=gettext_lazy("Finish %(event)s before its last round is played?"),
    consequence=gettext_lazy(
        "%(event)s is not played to the end: the final (or the last Swiss round) has not been "
        "played. The event ends with the standings as they are now and no more rounds can be "
        "paired, no player can be added, checked in or dropped. Finishing cannot be undone."
    ),
    yes=gettext_lazy("Yes, finish it unplayed"),
)


def _confirm_of(action: str, event: Event) -> Confirm | None:
    """What the action asks first, on this event now (None: it is done on one tap)."""
    if action == "publish_lists" and publish_lists_asks(event):
        return PUBLISH_WHILE_RUNNING
    if action == "finish" and finish_is_early(event=event, last_round=latest_round(event=event)):
        return FINISH_EARLY
    return ORGANISER_ACTIONS[action].confirm


def _needs_confirm(event: Event) -> frozenset[str]:
    return NEEDS_CONFIRM | ({"publish_lists"} if publish_lists_asks(event) else frozenset())


def _available(event: Event) -> frozenset[str]:
    return event_actions_available(event=event, last_round=latest_round(event=event))


def _offered(event: Event, *, is_organiser: bool) -> frozenset[str]:
    """The dashboard's buttons for this person: what applies now, and of that only what they
    may take (``SCOREKEEPER_ACTIONS`` for a scorekeeper; a button they cannot use is a 403)."""
    available = _available(event)
    return available if is_organiser else available & (SCOREKEEPER_ACTIONS | {"advance"})


def _confirm_names(request: HttpRequest, event: Event) -> dict[str, object]:
    """What a confirmation page names: the event, the cut's size, and the round and player the
    form points at (checked to be this event's)."""
    source = request.POST if request.method == "POST" else request.GET
    names: dict[str, object] = {"event": event.name, "size": event.top_cut, "round": ""}
    names["player"] = ""
    if source.get("registration"):
        registration_id = registration_id_in_event(
            event=event, registration_id=_query_int(source.get("registration", ""), "registration")
        )
        names["player"] = registration_get(
            event_id=event.pk, registration_id=registration_id
        ).display_name
    if source.get("round"):
        names["round"] = round_number_in_event(
            event=event, round_id=_query_int(source.get("round", ""), "round")
        )
    return names


def _query_int(raw: str, name: str) -> int:
    return whole_number(raw, field=name, negative=True)


@login_required
@require_http_methods(["GET", "POST"])
@asking_which_player
def event_action(request: HttpRequest, event_id: int, action: str) -> HttpResponseBase:
    """One dashboard button: the action's row in ``ORGANISER_ACTIONS`` runs, for the organisers or,
    for ``SCOREKEEPER_ACTIONS``, the scorekeepers too; unknown is a 404. An action that no longer
    applies (``event_actions_available``) is refused (409); a destructive one asks first: its GET
    is the confirmation page, and its POST without the confirmation is refused with that page
    (400, nothing done)."""
    user = request_user(request)
    chosen = ORGANISER_ACTIONS.get(action)
    if chosen is None:
        raise Http404("unknown action")
    roles = SCOREKEEPERS if action in SCOREKEEPER_ACTIONS else ORGANISERS
    event = event_get_for_role(user=user, event_id=event_id, roles=roles)
    confirm = _confirm_of(action, event)
    if request.method == "GET" and confirm is None:
        return HttpResponseNotAllowed(["POST"])
    if action not in _available(event):
        raise ConflictError(
            _("that does not apply to the event any more (it is %(status)s)")
            % {"status": event.get_status_display().lower()},
            field="action",
        )
    dashboard = reverse("tournaments:event-manage", args=[event.pk])
    if action == "pair" and (asked := _ask_about_unlisted(request, event)) is not None:
        return asked
    if confirm is not None:
        asked = confirmation_page(
            request, confirm, names=_confirm_names(request, event),
            action=request.path, cancel=dashboard,
        )  # fmt: skip
        if asked is not None:
            return asked
    if chosen.then is not None:
        result = chosen.run(request, event, user)
        messages.success(request, str(chosen.done))
        return redirect(chosen.then(result))
    return run_and_redirect(
        request,
        lambda: chosen.run(request, event, user),
        success=str(chosen.done),
        then=dashboard,
    )


@login_required
def player_import(request: HttpRequest, event_id: int, import_id: int) -> HttpResponse:
    """An import's progress, then its result: the players entered, or the problems, each
    naming its line. While it runs the progress refreshes itself (htmx polls this page)."""
    state = player_import_get_for_organiser(
        user=request_user(request), event_id=event_id, import_id=import_id
    )
    return render(
        request,
        "tournaments/player_import.html",
        {"event": state.job.event, "state": state, "job": state.job},
    )


EDITABLE = (
    "name", "date", "venue", "capacity", "registration_opens_at", "registration_closes_at",
    "decklist_deadline", "decklist_required", "swiss_rounds", "top_cut", "round_minutes",
    "tiebreak_profile", "start_time", "time_zone", "region", "entry_fee", "contact",
    *CHAMPIONSHIP_FIELDS,
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
            _result, status, _error = form_service_call(
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
        request,
        "tournaments/event_edit.html",
        {"event": event, "form": form, "structure_tables": structure_tables(event)},
        status=status,
    )
