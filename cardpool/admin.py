"""Admin: browsing the card pool. Imports go through ``import_cards`` (the importer service)."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from cardpool.models import (
    BanList,
    BanListEntry,
    Card,
    CardRevision,
    CardSet,
    Format,
)
from cardpool.signals import ban_list_saved


@admin.register(Card)
class CardAdmin(admin.ModelAdmin[Card]):
    list_display = ["code", "name", "name_ja", "card_type", "element", "clock", "power_cost"]
    list_filter = ["game", "card_set", "card_type"]
    search_fields = ["code", "name", "name_ja", "search_text"]
    readonly_fields = [field.name for field in Card._meta.fields]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin[CardSet]):
    list_display = ["game", "code", "name", "is_demo"]


class BanListEntryInline(admin.TabularInline[BanListEntry, BanList]):
    model = BanListEntry
    autocomplete_fields = ["card"]


@admin.register(BanList)
class BanListAdmin(admin.ModelAdmin[BanList]):
    list_display = ["format", "effective_from", "note"]
    inlines = [BanListEntryInline]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """A list saved here is announced as the browser editor's are, so that the admin is no way
        round it: the affected events re-check their lists."""
        super().save_related(request, form, formsets, change)
        ban_list = form.instance
        ban_list_saved.send(
            sender=BanList,
            format_id=ban_list.format_id,
            effective_from=ban_list.effective_from,
            by=request.user if request.user.is_authenticated else None,
        )


admin.site.register(Format)


@admin.register(CardRevision)
class CardRevisionAdmin(admin.ModelAdmin[CardRevision]):
    list_display = ["card", "created_at", "source"]
    readonly_fields = ["card", "created_at", "source", "old_values", "new_values"]
