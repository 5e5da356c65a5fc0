"""Celery tasks of events: thin wrappers that take ids and call a service.

The decklist re-check is defined beside its service (``tournaments.services.decklists``) and
listed here for Celery's autodiscovery.
"""

from __future__ import annotations

from celery import shared_task

from tournaments.services.decklists import decklist_recheck_run_task

__all__ = ["decklist_recheck_run_task", "print_job_render_task"]


@shared_task(name="tournaments.print_job_render", acks_late=True)
def print_job_render_task(job_id: int) -> str:
    from tournaments.services.printing import print_job_render

    return print_job_render(job_id=job_id).status
