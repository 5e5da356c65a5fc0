"""Cross-cutting models: the audit log."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AuditEntry(models.Model):
    """One write, recorded by the service that made it.

    ``action`` is dotted: ``<app>.<entity>.<past-tense verb>`` (``tournaments.result.confirmed``).
    """

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=100, db_index=True)
    object_type = models.CharField(max_length=100, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return (
            f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action} {self.object_type}#{self.object_id}"
        )
