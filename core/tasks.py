"""Infrastructure tasks. Domain tasks live in each app's tasks.py and only call services."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="core.ping")
def ping_task(value: str) -> str:
    """Echo ``value``: lets a health check or a test see that a worker consumes the queue."""
    return f"pong:{value}"


# Notification tasks live beside their services; listed here for Celery's autodiscovery.
import core.account_mail  # noqa: E402, F401  (registers its outbox handler)
from core.jobs import jobs_sweep_task  # noqa: E402
from core.notifications.services import (  # noqa: E402
    notification_deliver_task,
    notifications_send_due_task,
)
from core.outbox import outbox_run_task  # noqa: E402

__all__ = [
    "jobs_sweep_task",
    "notification_deliver_task",
    "notifications_send_due_task",
    "outbox_run_task",
    "ping_task",
]
