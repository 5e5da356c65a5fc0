"""The judge desk: the queue, fast result entry, penalties and time extensions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from core.errors import InvalidInputError, NotFoundError
from core.live import (
    answer_poll,
    content_etag,
    is_live_poll,
    mark_page,
    render_live,
    revision_etag,
)
from core.views import request_user
from tournaments import services
from tournaments.forms.events import (
    PenaltyForm,
)
from tournaments.models import Event, Match, Round
from tournaments.permissions import (
    HEAD_JUDGE,
    HEAD_JUDGES,
    JUDGE,
    ORGANISER,
    SCOREKEEPER,
    event_get_for_result_keeper,
    event_get_for_role,
    event_get_for_staff,
    event_roles_of,
    is_event_staff,
)
from tournaments.selectors.checkin import judge_calls_open, judge_calls_signature
from tournaments.selectors.events import latest_round
from tournaments.selectors.judge_desk import (
    disqualifications_pending,
    judge_queue,
    penalties_recent,
)
from tournaments.selectors.matches import match_at_table, match_of_registration
from tournaments.selectors.registrations import TABLE_TEXT, player_choices
from tournaments.selectors.staff import appeals_open
from tournaments.views.common import (
    Confirm,
    asking_which_player,
    confirmation_page,
    pick_field,
    post_int,
    posted_player,
    run_and_redirect,
)

DISQUALIFY = Confirm(
    question=gettext_lazy("Propose to disqualify %(player)s?"),
    consequence=gettext_lazy(
        "A disqualification needs two people: %(player)s stays in the event (and is paired) "
        "until an organiser or head judge other than you confirms it at the judge desk."
    ),
    yes=gettext_lazy("Yes, propose to disqualify %(player)s"),
)
DISQUALIFY_CONFIRM = Confirm(
    question=gettext_lazy("Confirm the disqualification of %(player)s?"),
    consequence=gettext_lazy(
        "%(player)s leaves the event at once: never paired again, and shown as disqualified in "
        "the standings. A disqualification cannot be undone."
    ),
    yes=gettext_lazy("Yes, disqualify %(player)s"),
)
DISQUALIFY_WITHDRAW = Confirm(
    question=gettext_lazy("Withdraw the disqualification of %(player)s?"),
    consequence=gettext_lazy(
        "%(player)s stays in the event. The proposal stays on record as withdrawn."
    ),
    yes=gettext_lazy("Yes, withdraw it"),
)

QUICK_SCORES = {
    "20": (2, 0, 0), "21": (2, 1, 0), "12": (1, 2, 0), "02": (0, 2, 0), "111": (1, 1, 1),
    "10": (1, 0, 0), "01": (0, 1, 0), "11": (1, 1, 0), "001": (0, 0, 1), "000": (0, 0, 0),
}  # fmt: skip


@login_required
def judge_desk(request: HttpRequest, event_id: int) -> HttpResponse:
    """Disputed and missing results of the current round, the fast entry form, penalties."""
    user = request_user(request)
    event = event_get_for_result_keeper(user=user, event_id=event_id)
    context = {
        "event": event,
        "penalty_form": PenaltyForm(),
        "penalties": penalties_recent(event=event, user=user),
        # Calls are for judges; a scorekeeper's desk (results entry) has no calls panel.
        "judge_calls": (
            judge_calls_open(event=event, user=user)
            if is_event_staff(user=user, event_id=event.pk)
            else None
        ),
        "appeals": appeals_open(event_id=event.pk, user=user),
        "disqualifications": disqualifications_pending(event_id=event.pk, user=user),
        "decides_disqualifications": bool(
            event_roles_of(user=user, event_id=event.pk) & HEAD_JUDGES
        ),
        **judge_queue(event=event, user=user),
    }
    # The counter and the queue refresh themselves (``#live``: no input in it);
    # the entry forms around them keep what the judge is typing.
    html, etag = render_live(request, "tournaments/judge_desk.html#live", context, kind="desk")
    if is_live_poll(request):
        return answer_poll(request, html, etag, private=True)
    calls = context["judge_calls"]
    calls_etag = (
        revision_etag(content_etag("calls", judge_calls_signature(calls)))
        if isinstance(calls, list)
        else ""
    )
    page = {**context, "live_html": html, "live_etag": etag, "calls_etag": calls_etag}
    return mark_page(render(request, "tournaments/judge_desk.html", page))


def _match_named(request: HttpRequest, round_obj: Round | None, event: Event) -> Match:
    """The match the fast entry names: by table number, or by a player's name (or the
    autocomplete's pick) in the current round."""
    text = request.POST.get("table", "").strip()
    table = TABLE_TEXT.match(text)
    if table is not None and not request.POST.get(pick_field("table")):
        return match_at_table(round_obj=round_obj, table=int(table["table"]))
    registration = posted_player(request, event, "table")
    return match_of_registration(round_obj=round_obj, registration=registration)


@login_required
@require_POST
@asking_which_player
def judge_fast_entry(request: HttpRequest, event_id: int) -> HttpResponse:
    """Type the table number (or a player's name) and a key (20, 21, 111 …): the result is
    entered and confirmed."""
    user = request_user(request)
    back = reverse("tournaments:judge-desk", args=[event_id])

    def enter() -> object:
        event = event_get_for_result_keeper(user=user, event_id=event_id)
        match = _match_named(request, latest_round(event=event), event)
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

    return run_and_redirect(request, enter, success=_("Result entered."), then=back)


@login_required
@require_POST
@asking_which_player
def judge_penalty(request: HttpRequest, event_id: int) -> HttpResponse:
    """Record a penalty on the player named by name or table; a disqualification asks first."""
    user = request_user(request)
    form = PenaltyForm(request.POST)
    back = reverse("tournaments:judge-desk", args=[event_id])
    event = event_get_for_staff(user=user, event_id=event_id)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        raise InvalidInputError(
            _("%(label)s: %(value)s") % {"label": form.fields[field].label, "value": errors[0]},
            field=field,
        )
    data = form.cleaned_data
    registration = posted_player(request, event, "player")
    if data["penalty"] == "disqualification":
        asked = confirmation_page(
            request, DISQUALIFY, names={"player": registration.display_name},
            action=request.path, cancel=back,
        )  # fmt: skip
        if asked is not None:
            return asked
    round_obj = latest_round(event=event)
    return run_and_redirect(
        request,
        lambda: services.penalty_record(
            registration_id=registration.pk, judge=user,
            infraction=data["infraction"], penalty=data["penalty"],
            round_id=round_obj.pk if round_obj else None, table=data["table"], note=data["note"],
        ),
        success=(
            _("Disqualification proposed: an organiser or head judge confirms it.")
            if data["penalty"] == "disqualification" else _("Penalty recorded.")
        ),
        then=back,
    )  # fmt: skip


def _disqualification_decision(
    request: HttpRequest, event_id: int, penalty_id: int, *, withdraw: bool
) -> HttpResponse:
    user = request_user(request)
    back = reverse("tournaments:judge-desk", args=[event_id])
    event = event_get_for_role(user=user, event_id=event_id, roles=HEAD_JUDGES)
    pending = {p.pk: p for p in disqualifications_pending(event_id=event.pk, user=user)}
    if penalty_id not in pending:
        raise NotFoundError(_("no disqualification waits with this number"), field="penalty")
    asked = confirmation_page(
        request, DISQUALIFY_WITHDRAW if withdraw else DISQUALIFY_CONFIRM,
        names={"player": pending[penalty_id].registration.display_name},
        action=request.path, cancel=back,
    )  # fmt: skip
    if asked is not None:
        return asked
    if withdraw:
        return run_and_redirect(
            request,
            lambda: services.disqualification_withdraw(
                penalty_id=penalty_id, event_id=event.pk, by=user,
                reason=request.POST.get("reason", ""),
            ),
            success=_("The disqualification is withdrawn."), then=back,
        )  # fmt: skip
    return run_and_redirect(
        request,
        lambda: services.disqualification_confirm(
            penalty_id=penalty_id, event_id=event.pk, by=user
        ),
        success=_("The disqualification is confirmed."), then=back,
    )  # fmt: skip


@login_required
@require_POST
def disqualification_confirm(request: HttpRequest, event_id: int, penalty_id: int) -> HttpResponse:
    """The second person's yes to a pending disqualification (asks first, no script)."""
    return _disqualification_decision(request, event_id, penalty_id, withdraw=False)


@login_required
@require_POST
def disqualification_withdraw(request: HttpRequest, event_id: int, penalty_id: int) -> HttpResponse:
    """The second person's no to a pending disqualification (asks first, no script)."""
    return _disqualification_decision(request, event_id, penalty_id, withdraw=True)


@login_required
@require_POST
def judge_extend(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)

    def extend() -> object:
        event = event_get_for_staff(user=user, event_id=event_id)
        match = match_at_table(
            round_obj=latest_round(event=event), table=post_int(request, "table")
        )
        return services.match_extend_time(
            match_id=match.pk, judge=user, minutes=post_int(request, "minutes"),
            reason=request.POST.get("reason", ""),
        )  # fmt: skip

    return run_and_redirect(
        request, extend, success=_("Time extension recorded."),
        then=reverse("tournaments:judge-desk", args=[event_id]),
    )  # fmt: skip


#: Who may look players up by name: the event's staff.
SEARCHERS = frozenset({ORGANISER, HEAD_JUDGE, JUDGE, SCOREKEEPER})


@login_required
@require_GET
def player_search(request: HttpRequest, event_id: int) -> JsonResponse:
    """The autocomplete of the fields that name a player: the event's players matching ``q``
    (a name, part of one, or a table of the current round), as JSON for the staff's forms."""
    event = event_get_for_role(user=request_user(request), event_id=event_id, roles=SEARCHERS)
    choices = player_choices(event=event, query=request.GET.get("q", "")[:100])
    return JsonResponse(
        {
            "results": [
                {"label": c.label, "name": c.name, "table": c.table, "value": c.value}
                for c in choices
            ]
        }
    )
