"""Player imports (the event's organisers): one import with its progress, as the page and the
API's status endpoint show it."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from django.core.cache import cache
from django.http import Http404

from core.rate_limits import CACHE_ERRORS
from tournaments.models import PlayerImport
from tournaments.permissions import AnyUser, event_get_for_organiser


def progress_key(import_id: int) -> str:
    """Where a running import counts the players it has entered (``services.imports``)."""
    return f"tournaments:player-import:{import_id}:done"


def player_import_progress(*, import_id: int) -> int:
    """Players entered so far by a running import (0 when the cache does not know)."""
    with contextlib.suppress(*CACHE_ERRORS):
        return int(cache.get(progress_key(import_id)) or 0)
    return 0


@dataclass(frozen=True)
class ImportState:
    """Where an import stands: its row (without the file), and how many players it has
    entered so far (the cache's count while it runs; the row's once it is over)."""

    job: PlayerImport
    done: int

    @property
    def finished(self) -> bool:
        return self.job.status in (PlayerImport.Status.DONE, PlayerImport.Status.FAILED)

    @property
    def percent(self) -> int:
        return 100 if self.finished else (100 * self.done) // max(self.job.lines, 1)


def player_import_get_for_organiser(*, user: AnyUser, event_id: int, import_id: int) -> ImportState:
    """An import into the event, for its organisers; 404 for another event's."""
    event = event_get_for_organiser(user=user, event_id=event_id)
    job = PlayerImport.objects.filter(pk=import_id, event=event).defer("data").first()
    if job is None:
        raise Http404("no such import")
    done = job.created if job.status == PlayerImport.Status.DONE else 0
    if job.status == PlayerImport.Status.RUNNING:
        done = min(player_import_progress(import_id=job.pk), job.lines)
    return ImportState(job=job, done=done)
