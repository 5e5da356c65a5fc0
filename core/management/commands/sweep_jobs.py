"""Re-send background jobs still queued after a minute (what Celery beat does every minute)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from core.jobs import sweep


class Command(BaseCommand):
    help = "Re-send jobs still queued after a minute; put back or fail jobs whose worker died."

    def handle(self, *args: object, **options: object) -> None:
        for name, sent in sweep().items():
            self.stdout.write(f"{name}: {sent} sent again")
