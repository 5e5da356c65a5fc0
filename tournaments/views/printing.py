"""Printing: ask for a PDF and follow its job."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from core.views import request_user
from tournaments import services
from tournaments.models import PrintJob
from tournaments.permissions import (
    event_get_for_scorekeeper,
)
from tournaments.selectors.printing import print_job_get, print_job_pdf
from tournaments.views.common import (
    post_int,
)


@login_required
@require_POST
def print_request(request: HttpRequest, event_id: int, kind: str) -> HttpResponse:
    """Ask for a PDF; the task renders it (at once without a broker) and the job page shows it."""
    user = request_user(request)
    event_get_for_scorekeeper(user=user, event_id=event_id)
    job = services.print_job_request(
        event_id=event_id, kind=kind, by=user, base_url=request.build_absolute_uri("/"),
        round_number=post_int(request, "round") if request.POST.get("round") else None,
    )  # fmt: skip
    return redirect("tournaments:print-job", event_id=event_id, job_id=job.pk)


@login_required
def print_job(request: HttpRequest, event_id: int, job_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_scorekeeper(user=user, event_id=event_id)
    job = print_job_get(event=event, job_id=job_id, user=user)
    if request.GET.get("download") and job.status == PrintJob.Status.DONE:
        response = HttpResponse(print_job_pdf(job=job, user=user), content_type="application/pdf")
        filename = f"{event.pk}-round{job.round.number}-{job.kind}.pdf"
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response
    return render(request, "tournaments/print_job.html", {"event": event, "job": job})
