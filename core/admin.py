from django.contrib import admin

from core.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin[AuditEntry]):
    """The audit log is read-only: entries are written by services only."""

    list_display = ["created_at", "action", "actor", "object_type", "object_id", "event_id"]
    list_filter = ["action"]
    search_fields = ["action", "object_id", "reason"]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False
