from importlib import import_module

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        # ``receivers`` connects to the card side's signals when loaded (a
        # saved ban list re-checks the affected events' lists).
        import_module("tournaments.receivers")
        # The job sweepers (core.jobs) register when the tasks load, so no job is lost
        import_module("tournaments.tasks")
