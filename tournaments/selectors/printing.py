"""Print jobs (scorekeepers and organisers): a job of the event and its PDF."""

from __future__ import annotations

from django.http import Http404

from tournaments.models import (
    Event,
    PrintJob,
)
from tournaments.permissions import (
    AnyUser,
    require_event_scorekeeper,
)


def print_job_get(*, event: Event, job_id: int, user: AnyUser) -> PrintJob:
    """A print job of the event, without its PDF bytes; 404 for another event's job (for the
    event's scorekeepers and organisers)."""
    require_event_scorekeeper(user=user, event_id=event.pk)
    job = PrintJob.objects.filter(pk=job_id, event=event).defer("pdf").first()
    if job is None:
        raise Http404("no such print job")
    return job


def print_job_pdf(*, job: PrintJob, user: AnyUser) -> bytes:
    require_event_scorekeeper(user=user, event_id=job.event_id)
    pdf = PrintJob.objects.values_list("pdf", flat=True).get(pk=job.pk)
    return bytes(pdf or b"")
