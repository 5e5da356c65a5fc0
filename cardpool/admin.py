"""Admin: browsing the card pool. Imports go through ``import_cards`` (the importer service)."""

from django.contrib import admin

from cardpool.models import (
    BanList,
    BanListEntry,
    Card,
    CardRevision,
    CardSet,
    DecklistVersion,
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


@admin.register(DecklistVersion)
class DecklistVersionAdmin(admin.ModelAdmin[DecklistVersion]):
    """Decklist versions are never edited: submissions go through ``decklist_submit``."""

    list_display = ["decklist", "version", "legal", "submitted_at", "submitted_by"]

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_add_permission(self, request: object) -> bool:
        return False
