"""Celery tasks of the card pool: thin wrappers that take ids and call a service."""

from __future__ import annotations

from typing import Any

from celery import shared_task


@shared_task(bind=True, name="cardpool.decklist_recheck_run", acks_late=True)
def decklist_recheck_run_task(self: Any, recheck_id: int) -> dict[str, int]:
    """Re-check an event's decklists; progress goes to the task state and to the recheck row."""
    from cardpool.services import decklist_recheck_run

    def progress(done: int, total: int) -> None:
        if not self.request.called_directly and not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    recheck = decklist_recheck_run(recheck_id=recheck_id, progress=progress)
    return {"total": recheck.total, "illegal": len(recheck.illegal)}
