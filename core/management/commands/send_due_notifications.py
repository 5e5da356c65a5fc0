"""Send the reminders that are due now: what Celery beat's periodic task does in production,
for a setup without a beat process (``make run``; run it by hand or from cron). Running it
twice sends nothing twice."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from core.notifications.services import notifications_send_due


class Command(BaseCommand):
    help = "Send the notifications that are due (decklist reminders…); safe to run repeatedly."

    def handle(self, *args: object, **options: object) -> None:
        count = notifications_send_due()
        self.stdout.write(f"{count} due notification(s) enqueued")
