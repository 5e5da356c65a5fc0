"""The Celery app. Tasks live in each app's ``tasks.py``; settings come from ``CELERY_*``.

The periodic tasks (``beat_schedule``) need exactly one beat process in production
(``make beat``): two would enqueue each of them twice (the due reminders would still be sent once,
thanks to their de-duplication keys, but the work doubles). Without a broker (``make run``),
``python manage.py send_due_notifications`` does what the schedule does.
"""

import os

from celery import Celery
from celery.schedules import crontab
from celery.signals import task_postrun, task_prerun
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

app = Celery("zto")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _connections_as_per_request(sender: object = None, **_kwargs: object) -> None:
    """Around each task, what Django does around each request: close the database connections
    that are broken or older than CONN_MAX_AGE (and health-check the rest on their next use).
    Celery's closing after every task is off (CELERY_DB_REUSE_MAX). Not for a task run eagerly:
    it runs inside the caller's request or transaction."""
    request = getattr(sender, "request", None)
    if request is not None and getattr(request, "is_eager", False):
        return
    close_old_connections()


#: Reminders that fall due by the clock (decklist missing 24 hours before the deadline…),
#: every 15 minutes.
DUE_NOTIFICATIONS_TASK = "core.notifications_send_due"
app.conf.beat_schedule = {
    "send-due-notifications": {
        "task": DUE_NOTIFICATIONS_TASK,
        "schedule": crontab(minute="*/15"),
        "options": {"expires": 14 * 60},
    },
    # Job rows still queued after a minute (their send was lost) go to the broker again
    # (core.jobs; ``manage.py sweep_jobs`` does the same by hand).
    "sweep-jobs": {
        "task": "core.jobs_sweep",
        "schedule": 60.0,
        "options": {"expires": 55},
    },
}
