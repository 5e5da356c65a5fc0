from django.contrib import admin

from judging.models import JudgeCase, RuleClause, RulesDocument, Ruling


@admin.register(RulesDocument)
class RulesDocumentAdmin(admin.ModelAdmin[RulesDocument]):
    list_display = ["game", "slug", "version", "language", "imported_at"]


@admin.register(RuleClause)
class RuleClauseAdmin(admin.ModelAdmin[RuleClause]):
    list_display = ["key", "document", "display"]
    list_filter = ["document"]
    search_fields = ["key", "text"]


@admin.register(JudgeCase)
class JudgeCaseAdmin(admin.ModelAdmin[JudgeCase]):
    list_display = ["title", "event", "status", "created_at"]
    readonly_fields = ["status", "filed_ruling"]


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin[Ruling]):
    """Rulings are immutable."""

    list_display = ["case", "outcome", "engine_version", "created_at"]

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False
