"""Admin: browsing events. Changes go through the services (the actions below call them)."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from core.errors import DomainError
from tournaments.models import (
    DecklistVersion,
    Event,
    EventRole,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
)
from tournaments.services import registration_check_in


class EventRoleInline(admin.TabularInline[EventRole, Event]):
    model = EventRole
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    """Read-only: events change through the organiser pages and the API (audited services)."""

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    list_display = ["name", "game", "date", "status", "swiss_rounds", "top_cut"]
    list_filter = ["game", "status"]
    search_fields = ["name", "venue"]
    inlines = [EventRoleInline]


@admin.action(description="Check in the selected players")
def check_in(modeladmin: object, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
    done = 0
    for registration in queryset:
        try:
            registration_check_in(registration_id=registration.pk, by=request.user)  # type: ignore[arg-type]  # admin users are Users
        except DomainError as error:
            messages.warning(request, f"{registration.display_name}: {error.message}")
        else:
            done += 1
    messages.success(request, f"{done} checked in")


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin[Registration]):
    list_display = ["display_name", "event", "status", "player_id", "late_rounds_missed"]
    list_filter = ["status", "event"]
    search_fields = ["display_name", "player_id", "email"]
    actions = [check_in]

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # shared by several models
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["event", "number", "stage", "status", "seed"]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["round", "table", "player_a", "player_b", "is_bye"]


@admin.register(ResultReport)
class ResultReportAdmin(ReadOnlyAdmin):
    """Results are never edited: judges enter a new version on the judge desk."""

    list_display = ["match", "version", "source", "status", "wins_a", "wins_b", "draws"]
    list_filter = ["status", "source"]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["event", "registration", "penalty", "infraction", "judge", "created_at"]


@admin.register(DecklistVersion)
class DecklistVersionAdmin(admin.ModelAdmin[DecklistVersion]):
    """Decklist versions are never edited: submissions go through ``decklist_submit``."""

    list_display = ["decklist", "version", "legal", "submitted_at", "submitted_by"]

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_add_permission(self, request: object) -> bool:
        return False
