"""Celery tasks of events: thin wrappers that take ids and call a service.

Each task is defined beside the service it runs (``tournaments.services.decklists``,
``tournaments.services.printing``): the service that enqueues a task and the task then need no
import of each other. This module lists them for Celery's autodiscovery.
"""

from tournaments.live.snapshots import snapshot_catch_up_task
from tournaments.services.claims import registration_claim_code_mail_task
from tournaments.services.decklists import decklist_recheck_run_task
from tournaments.services.imports import player_import_run_task
from tournaments.services.printing import print_job_render_task
from tournaments.services.staff import staff_invitation_mail_task

__all__ = [
    "decklist_recheck_run_task",
    "player_import_run_task",
    "print_job_render_task",
    "registration_claim_code_mail_task",
    "snapshot_catch_up_task",
    "staff_invitation_mail_task",
]
