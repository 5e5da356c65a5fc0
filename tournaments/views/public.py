"""Public event pages: the home page (the events), the event, pairings, standings, bracket and
clock; the round pages refresh themselves from the round's snapshot with conditional requests."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from core.conditional import not_modified
from tournaments.models import Round
from tournaments.permissions import (
    is_event_scorekeeper,
    is_result_keeper,
)
from tournaments.selectors.announcements import SHOWN_ON_EVENT_PAGE, announcement_list
from tournaments.selectors.events import (
    event_get_visible,
    event_list_upcoming,
    event_page,
    latest_round,
)
from tournaments.selectors.matches import bracket_rounds
from tournaments.selectors.rounds import latest_top_cut_round, round_snapshot


def home(request: HttpRequest) -> HttpResponse:
    """The site's home page: upcoming and running events (drafts are not listed)."""
    return render(request, "tournaments/home.html", {"events": event_list_upcoming()})


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_get_visible(event_id=event_id, user=request.user)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            # The dashboard's link: organisers and scorekeepers; the judge desk's: judges too.
            "is_organiser": is_event_scorekeeper(user=request.user, event_id=event.pk),
            "is_staff": is_result_keeper(user=request.user, event_id=event.pk),
            **event_page(event=event, user=request.user),
            "announcements": announcement_list(event_id=event.pk, limit=SHOWN_ON_EVENT_PAGE),
        },
    )


def live_etag(round_obj: Round, revision: int) -> str:
    """Names the round and its snapshot revision: a new round is a new page, whatever revision."""
    return f'"r{round_obj.pk}-{revision}"'


def _conditional(request: HttpRequest, round_obj: Round, revision: int) -> tuple[str, bool]:
    etag = live_etag(round_obj, revision)
    return etag, not_modified(request, etag)


def round_pairings(request: HttpRequest, event_id: int, number: int | None = None) -> HttpResponse:
    """Pairings by name (wall sheet, searchable) or by table, from the round's snapshot."""
    event = event_get_visible(event_id=event_id, user=request.user)
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
    event = event_get_visible(event_id=event_id, user=request.user)
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
    event = event_get_visible(event_id=event_id, user=request.user)
    latest_cut = latest_top_cut_round(event=event)
    etag = live_etag(latest_cut, latest_cut.revision) if latest_cut else '"r0-0"'
    if not_modified(request, etag):
        return HttpResponse(status=304, headers={"ETag": etag})
    rounds = bracket_rounds(event=event)
    response = render(
        request, "tournaments/bracket.html", {"event": event, "rounds": rounds, "etag": etag}
    )
    response["ETag"] = etag
    return response


def round_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_get_visible(event_id=event_id, user=request.user)
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
