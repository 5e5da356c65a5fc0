"""Admin: browsing the card pool. Imports go through ``import_cards`` (the importer service)."""

from django.contrib import admin

from cardpool.models import (
    BanList,
    BanListEntry,
    Card,
    CardRevision,
    CardSet,
    Format,
)


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


admin.site.register(Format)


@admin.register(CardRevision)
class CardRevisionAdmin(admin.ModelAdmin[CardRevision]):
    list_display = ["card", "created_at", "source"]
    readonly_fields = ["card", "created_at", "source", "old_values", "new_values"]
