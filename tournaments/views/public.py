"""Public event pages: the home page (the events), the event directory, the event, pairings,
standings, bracket and clock; the round pages refresh themselves from the round's snapshot with
conditional requests."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from core.conditional import not_modified
from core.live import (
    fragment_response,
    is_live_poll,
    mark_page,
    not_modified_response,
    revision_etag,
)
from tournaments.forms.events import EventDirectoryForm
from tournaments.models import Round
from tournaments.permissions import (
    is_event_scorekeeper,
    is_result_keeper,
)
from tournaments.procedures.end_of_round import overtime_for, procedure_for
from tournaments.selectors.announcements import SHOWN_ON_EVENT_PAGE, announcement_list
from tournaments.selectors.audit import can_read_event_audit
from tournaments.selectors.championship import day_two_rule
from tournaments.selectors.events import (
    DirectoryFilters,
    DirectoryStatus,
    event_directory,
    event_get_visible,
    event_list_current,
    event_page,
    event_regions,
    latest_round,
    my_current_events,
)
from tournaments.selectors.matches import bracket_results_tag, bracket_rounds
from tournaments.selectors.placings import final_placings
from tournaments.selectors.rounds import (
    event_round_snapshot,
    event_rounds,
    latest_top_cut_round,
    round_tag_get,
)
from tournaments.selectors.standings import readable
from tournaments.services.snapshots import snapshot_catch_up_if_due


def home(request: HttpRequest) -> HttpResponse:
    """The site's home page: running and upcoming events (not drafts, finished or cancelled
    ones), a link to the directory, and the person's own current events."""
    return render(
        request,
        "tournaments/home.html",
        {"events": event_list_current(), "my_events": my_current_events(user=request.user)},
    )


def event_list(request: HttpRequest) -> HttpResponse:
    """The event directory: search and filters in the query string, a page of event cards.
    Filters that do not make sense are a 400 that says which and why, with the form."""
    form = EventDirectoryForm(request.GET)
    context: dict[str, object] = {"form": form, "regions": event_regions()}
    if not form.is_valid():
        return render(request, "tournaments/event_list.html", context, status=400)
    data = form.cleaned_data
    filters = DirectoryFilters(
        text=data["q"].strip(),
        game=data["game"],
        date_from=data["date_from"],
        date_to=data["date_to"],
        status=DirectoryStatus(data["status"]) if data["status"] else None,
        place=data["place"].strip(),
    )
    page = event_directory(filters=filters, page=request.GET.get("page", 1))
    kept = request.GET.copy()
    kept.pop("page", None)
    context |= {"page": page, "events": page.object_list, "query": kept.urlencode()}
    return render(request, "tournaments/event_list.html", context)


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
            "can_read_audit": can_read_event_audit(user=request.user, event_id=event.pk),
            **event_page(event=event, user=request.user),
            "announcements": announcement_list(event_id=event.pk, limit=SHOWN_ON_EVENT_PAGE),
            "placings": final_placings(event),  # once the event is finished
            "day_two_rule": day_two_rule(event),  # who plays on day 2
            "procedure": procedure_for(event),
        },
    )


def live_etag(round_obj: Round | int, digest: str) -> str:
    """Names the round (or its id) and what its page shows (a digest kept beside the snapshot,
    read without its body): a new round is a new page, and the tag moves only when the content
    does."""
    round_id = round_obj if isinstance(round_obj, int) else round_obj.pk
    return f'"r{round_id}-{digest}"'


def _pairings_tags(
    request: HttpRequest, round_id: int, digest: str, status: str, variant: str
) -> tuple[str, str]:
    """The pairings page's ETag and its live region's."""
    round_etag = live_etag(round_id, f"{digest}-{status}")
    return page_tag(request, round_etag), revision_etag(round_etag, variant)


def _standings_tags(
    request: HttpRequest, round_id: int, digest: str, status: str, event_status: str,
    decklists_published: bool,
) -> tuple[str, str]:  # fmt: skip
    """The standings page's ETag (the final placings change it when the event finishes) and
    its live region's."""
    round_etag = live_etag(round_id, f"{digest}-{status}")
    shown = f"{round_etag.strip(chr(34))}-{event_status}-{int(decklists_published)}"
    return page_tag(request, f'"{shown}"'), revision_etag(round_etag)


def _early_unchanged(
    request: HttpRequest, event_id: int, number: int | None, *, standings: bool, variant: str = ""
) -> HttpResponse | None:
    """A conditional request answered from the tag's few columns alone (so that a 304 costs
    about the yardstick); None when it is not conditional or not answered so (the full path)."""
    if not request.headers.get("If-None-Match"):
        return None
    tag = round_tag_get(event_id=event_id, number=number, swiss_only=standings)
    if tag is None:
        return None
    if standings:
        page_etag, etag = _standings_tags(
            request, tag.round_id, tag.standings_digest, tag.round_status, tag.event_status,
            tag.decklists_published,
        )  # fmt: skip
    else:
        page_etag, etag = _pairings_tags(
            request, tag.round_id, tag.pairings_digest, tag.round_status, variant
        )
    return _unchanged(request, page_etag, etag)


def page_tag(request: HttpRequest, etag: str) -> str:
    """The whole page's ETag: the round's tag, plus what else the page shows, the reader's
    language and who is logged in (the header names them). A browser revalidates its cached
    copy after a change of language or of account, and must then get the new page, not a 304."""
    user = request.user.pk if request.user.is_authenticated else 0
    bare = etag.strip('"')
    return f'"{bare}-{get_language() or "en"}-u{user}"'


def _unchanged(request: HttpRequest, page_etag: str, live: str) -> HttpResponse | None:
    """304 when the asker has what we would send: the page (``page_etag``) or, to htmx's poll,
    the live region (``live``); None when there is something new to render."""
    if is_live_poll(request):
        return not_modified_response(live, private=False) if not_modified(request, live) else None
    if not_modified(request, page_etag):
        return HttpResponse(status=304, headers={"ETag": page_etag})
    return None


def round_pairings(request: HttpRequest, event_id: int, number: int | None = None) -> HttpResponse:
    """Pairings by name (wall sheet, searchable) or by table, from the round's snapshot. The
    table refreshes itself (``core.live``); the name search above it stays as typed."""
    by_table = request.GET.get("by") == "table"
    variant = "table" if by_table else "name"
    early = _early_unchanged(request, event_id, number, standings=False, variant=variant)
    if early is not None:
        return early
    event, round_obj, snapshot = event_round_snapshot(
        event_id=event_id, user=request.user, number=number
    )
    if snapshot is None or round_obj is None:
        etag = revision_etag('"none"', variant)
        context: dict[str, object] = {
            "event": event,
            "round": None,
            "rows": [],
            "by_table": by_table,
        }
        return _live_or_page(request, "tournaments/round_pairings.html", context, etag, None)
    round_obj, snapshot = snapshot_catch_up_if_due(round_obj, snapshot)
    page_etag, etag = _pairings_tags(
        request, round_obj.pk, snapshot.pairings_digest, round_obj.status, variant
    )
    if (unchanged := _unchanged(request, page_etag, etag)) is not None:
        return unchanged
    rows: list[dict[str, Any]] = []
    for pairing in snapshot.pairings:
        a, b = pairing["a"], pairing["b"]
        rows.append({"table": pairing["table"], "bye": pairing["bye"], "player": a, "opponent": b})
        if not by_table and b is not None:
            rows.append({"table": pairing["table"], "bye": False, "player": b, "opponent": a})
    if not by_table:
        rows.sort(key=lambda row: str(row["player"]["name"]).casefold())
    context = {
        "event": event,
        "round": round_obj,
        "rows": rows,
        "notes": pairing_notes(snapshot.pairings),
        "by_table": by_table,
        "rounds": event_rounds(event_id=event.pk),
    }
    return _live_or_page(request, "tournaments/round_pairings.html", context, etag, page_etag)


def _live_or_page(
    request: HttpRequest,
    template: str,
    context: dict[str, object],
    live: str,
    page_etag: str | None,
) -> HttpResponse:
    """To htmx's poll: the page's live region (``template#live``) alone; else the whole page,
    its live region tagged ``live``."""
    if is_live_poll(request):
        if not_modified(request, live):
            return not_modified_response(live, private=False)
        html = render_to_string(f"{template}#live", context, request=request)
        return fragment_response(html, live, private=False)
    response = render(
        request,
        template,
        {**context, "live_etag": live, "search": request.GET.get("q", "")},
    )
    if page_etag is not None:
        response["ETag"] = page_etag
    return mark_page(response)


def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    early = _early_unchanged(request, event_id, None, standings=True)
    if early is not None:
        return early
    event, round_obj, snapshot = event_round_snapshot(
        event_id=event_id, user=request.user, number=None, swiss_only=True
    )
    if snapshot is None or round_obj is None:
        return render(request, "tournaments/no_round.html", {"event": event})
    round_obj, snapshot = snapshot_catch_up_if_due(round_obj, snapshot)
    # The final placings change the page when the event finishes.
    page_etag, etag = _standings_tags(
        request, round_obj.pk, snapshot.standings_digest, round_obj.status, event.status,
        event.decklists_published,
    )  # fmt: skip
    if (unchanged := _unchanged(request, page_etag, etag)) is not None:
        return unchanged
    context = {
        "event": event,
        "round": round_obj,
        "rows": standings_rows(snapshot.standings),
        "final": round_obj.status == Round.Status.COMPLETE,
        "placings": final_placings(event),
    }
    return _live_or_page(request, "tournaments/standings.html", context, etag, page_etag)


#: Tiebreak columns, by their engine keys. The seeded draw has none: its raw value is a random
#: number that only orders otherwise equal players, so it stays in the row's explanation.
TIEBREAK_COLUMNS = {
    "omw": _("OMW%"),
    "gw": _("GW%"),
    "ogw": _("OGW%"),
    "oomw": _("OOMW%"),
    "h2h": _("H2H"),
}
#: The head-to-head value is a word in the snapshot; the reader's language says it.
HEAD_TO_HEAD_WORDS = {"won": _("won"), "lost": _("lost")}


def standings_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The snapshot's rows with the tiebreaks a person reads (labelled; no seed column)."""
    shown = []
    for row in rows:
        tiebreaks = [
            {
                **t,
                "label": TIEBREAK_COLUMNS[str(t["key"])],
                "value": HEAD_TO_HEAD_WORDS.get(str(t["value"]), t["value"]),
            }
            for t in row["tiebreaks"]
            if str(t["key"]) in TIEBREAK_COLUMNS
        ]
        shown.append({**row, "tiebreaks": tiebreaks})
    return shown


def bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_get_visible(event_id=event_id, user=request.user)
    latest_cut = latest_top_cut_round(event=event)
    round_etag = (
        live_etag(latest_cut, f"{latest_cut.revision}-{bracket_results_tag(event=event)}")
        if latest_cut
        else '"r0-0"'
    )
    page_etag, etag = page_tag(request, round_etag), revision_etag(round_etag)
    if (unchanged := _unchanged(request, page_etag, etag)) is not None:
        return unchanged
    context = {"event": event, "rounds": bracket_rounds(event=event)}
    return _live_or_page(request, "tournaments/bracket.html", context, etag, page_etag)


def round_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_get_visible(event_id=event_id, user=request.user)
    round_obj = latest_round(event=event)
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(clock_state(round_obj))
    return render(
        request,
        "tournaments/round_clock.html",
        {
            "event": event,
            "round": round_obj,
            "clock": clock_state(round_obj),
            "procedure": procedure_for(event),
            "overtime": overtime_for(event, round_obj.stage) if round_obj else None,
            "at_time": round_obj is not None
            and round_obj.status == Round.Status.IN_PROGRESS
            and round_obj.ends_at is not None
            and round_obj.ends_at <= timezone.now(),
        },
    )


def pairing_notes(pairings: list[dict[str, Any]]) -> list[dict[str, object]]:
    """Why a table has its number (a player's fixed seating) and why a player has a bye (given
    in advance, or the odd player's), for the pairings page (so a player knows why)."""
    notes: list[dict[str, object]] = []
    for pairing in pairings:
        reason = pairing.get("reason") or {}
        if pairing["bye"] and reason.get("en"):
            notes.append(readable(reason))
        elif isinstance(reason.get("seat"), dict):
            notes.append(readable(reason["seat"]))
    return notes


def clock_state(round_obj: Round | None) -> dict[str, object]:
    if round_obj is None:
        return {"round": None, "status": "none"}
    overtime = overtime_for(round_obj.event, round_obj.stage)
    return {
        "round": round_obj.number,
        "status": round_obj.status,
        "ends_at": round_obj.ends_at.isoformat() if round_obj.ends_at else None,
        # Azuki TCG: once time is called the clock counts the published overtime down.
        "overtime_minutes": overtime.minutes if overtime else 0,
        "paused_remaining_seconds": round_obj.paused_remaining_seconds,
        "minutes": round_obj.minutes,
        "revision": round_obj.revision,
    }
