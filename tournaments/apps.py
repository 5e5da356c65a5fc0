from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from core.access import register_event_levels, register_subject
        from tournaments import permissions

        register_event_levels(permissions.event_levels_held)
        register_subject("event_id", permissions.event_subject)
        register_subject("match_id", permissions.match_subject)
        register_subject("registration_id", permissions.registration_subject)
