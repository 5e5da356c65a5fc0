"""Championship pages (events of two days): advancing to day 2 (a confirmation page that shows every
player's decision and why), byes given in advance and fixed tables on the player list, and the
organiser's own pairing of a round (picked by name from select boxes, validated, flags
confirmed before they are stored).

Thin adapters: the services decide and store; a DomainError rises to ``core.middleware``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.errors import ConflictError, DomainError, InvalidInputError
from core.numbers import optional_whole_number
from core.views import request_user
from tournaments import services
from tournaments.models import Round
from tournaments.permissions import event_get_for_organiser, event_get_for_scorekeeper
from tournaments.selectors.events import latest_round
from tournaments.selectors.matches import round_matches_with_players
from tournaments.selectors.registrations import (
    registration_names,
    registrations_checked_in_except,
    registrations_not_waitlisted,
)
from tournaments.selectors.standings import readable, registration_pk
from tournaments.services.championship import day_two_cut
from tournaments.views.common import CONFIRM_FIELD, is_confirmed


@login_required
@require_http_methods(["GET", "POST"])
def event_advance(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: who would advance to day 2 and why, and the "Yes, advance" button. POST with the
    confirmation: decide it (audited). POST without it: the same page, refused (400)."""
    user = request_user(request)
    event = event_get_for_scorekeeper(user=user, event_id=event_id)
    if is_confirmed(request):
        cut = services.event_advance_to_day_two(event_id=event.pk, by=user)
        messages.success(
            request,
            _("%(n)s players advance to day 2; the others keep their day-1 places.")
            % {"n": len(cut.advancing)},
        )
        return redirect("tournaments:event-manage", event_id=event.pk)
    if event.advanced_at is not None:
        raise ConflictError(_("day 2's players are already decided"), field="event")
    cut = day_two_cut(event)
    names = registration_names(event_id=event.pk)
    rows = [
        {
            "rank": decision.day_one_rank,
            "name": names.get(registration_pk(decision.player_id), ""),
            "points": decision.match_points,
            "advances": decision.advances,
            "reason": decision.reason,
        }
        for decision in cut.decisions
    ]
    return render(
        request,
        "tournaments/advance_confirm.html",
        {
            "event": event,
            "cut": cut,
            "rows": rows,
            "advancing": len(cut.advancing),
            "refused": request.method == "POST",
            "confirm_field": CONFIRM_FIELD,
        },
        status=400 if request.method == "POST" else 200,
    )


def _optional_int(raw: str, field: str) -> int | None:
    return optional_whole_number(raw, field=field, negative=True)


@login_required
@require_http_methods(["GET", "POST"])
def event_seating(request: HttpRequest, event_id: int) -> HttpResponse:
    """The player list's byes given in advance and fixed tables (organisers)."""
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    if request.method == "POST":
        registration = _optional_int(request.POST.get("registration", ""), "registration")
        if registration is None:
            raise InvalidInputError(_("choose a player"), field="registration")
        services.registration_set_seating(
            event_id=event.pk,
            registration_id=registration,
            by=user,
            awarded_byes=_optional_int(request.POST.get("awarded_byes", ""), "awarded_byes") or 0,
            fixed_table=_optional_int(request.POST.get("fixed_table", ""), "fixed_table"),
        )
        messages.success(request, _("Byes and seating saved."))
        return redirect("tournaments:event-seating", event_id=event.pk)
    players = registrations_not_waitlisted(event_id=event.pk)
    return render(request, "tournaments/seating.html", {"event": event, "players": players})


# --- the organiser's own pairing ------------------------------------------------------------------


def _posted_tables(request: HttpRequest, count: int) -> tuple[list[tuple[int, int]], int | None]:
    tables: list[tuple[int, int]] = []
    for number in range(1, count + 1):
        a = _optional_int(request.POST.get(f"a_{number}", ""), f"a_{number}")
        b = _optional_int(request.POST.get(f"b_{number}", ""), f"b_{number}")
        if a is None and b is None:
            continue
        if a is None or b is None:
            raise InvalidInputError(
                _("table %(n)s: choose two players (or none)") % {"n": number},
                field=f"b_{number}",
            )
        tables.append((a, b))
    return tables, _optional_int(request.POST.get("bye", ""), "bye")


def _override_context(round_obj: Round) -> dict[str, Any]:
    matches = round_matches_with_players(round_obj=round_obj)
    awarded = [m for m in matches if m.is_bye and m.reason.get("code") == "bye_awarded"]
    free = [m for m in matches if m not in awarded]
    tables = [m for m in free if not m.is_bye]
    bye = next((m for m in free if m.is_bye), None)
    players = sorted(
        [m.player_a for m in free] + [m.player_b for m in tables if m.player_b is not None],
        key=lambda reg: reg.display_name.lower(),
    )
    others = registrations_checked_in_except(
        event_id=round_obj.event_id,
        excluded=[reg.pk for reg in players] + [m.player_a_id for m in awarded],
    )
    players += others  # checked in after the pairing: they can be seated by hand
    count = (len(players) + 1) // 2
    rows = [
        {
            "number": n,
            "a": tables[n - 1].player_a_id if n <= len(tables) else None,
            "b": tables[n - 1].player_b_id if n <= len(tables) else None,
        }
        for n in range(1, count + 1)
    ]
    return {
        "round": round_obj,
        "players": players,
        "rows": rows,
        "bye": bye.player_a_id if bye else None,
        "awarded": awarded,
        "count": count,
    }


def _problems(error: DomainError) -> list[dict[str, Any]]:
    problems = error.extra.get("problems", [])
    return [p for p in problems if isinstance(p, dict)] if isinstance(problems, list) else []


@login_required
@require_http_methods(["GET", "POST"])
def round_override(request: HttpRequest, event_id: int) -> HttpResponse:
    """The latest round's tables, edited by hand: each table's two players picked by name, and
    the bye. Structural problems are refused (400, nothing stored); rematches and byes are
    flagged and stored once the organiser confirms them."""
    user = request_user(request)
    event = event_get_for_scorekeeper(user=user, event_id=event_id)
    round_obj = latest_round(event=event)
    if round_obj is None or round_obj.status != Round.Status.PAIRED:
        raise ConflictError(
            _("no round is waiting to start: pair the next round first"), field="round"
        )
    context: dict[str, Any] = {"event": event, **_override_context(round_obj)}
    if request.method == "GET":
        return render(request, "tournaments/pairing_override.html", context)
    tables, bye = _posted_tables(request, int(context["count"]) + 1)
    reason = request.POST.get("reason", "")
    try:
        services.round_pairing_override(
            round_id=round_obj.pk, by=user, tables=tables, bye=bye, reason=reason,
            accept_flags=is_confirmed(request),
        )  # fmt: skip
    except DomainError as error:
        if error.code not in ("pairing_invalid", "pairing_flagged"):
            raise
        context |= {
            "problems": [readable(p) for p in _problems(error)],
            "flagged": error.code == "pairing_flagged",
            "rows": [{"number": n, "a": a, "b": b} for n, (a, b) in enumerate(tables, start=1)]
            + [
                {"number": n, "a": None, "b": None}
                for n in range(len(tables) + 1, int(context["count"]) + 1)
            ],
            "bye": bye,
            "reason": reason,
            "confirm_field": CONFIRM_FIELD,
        }
        return render(request, "tournaments/pairing_override.html", context, status=400)
    messages.success(request, _("Your pairing is stored and published."))
    return redirect(reverse("tournaments:round-pairings", args=[event.pk, round_obj.number]))
