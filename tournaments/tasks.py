"""Celery tasks of events: thin wrappers that take ids and call a service."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.print_job_render", acks_late=True)
def print_job_render_task(job_id: int) -> str:
    from tournaments.services.printing import print_job_render

    return print_job_render(job_id=job_id).status
