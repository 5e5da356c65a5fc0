from importlib import import_module

from django.apps import AppConfig


class JudgingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "judging"

    def ready(self) -> None:
        # The result desk (tournaments, a lower layer) decides Azuki TCG overtime with the
        # rules engine: ``judging.overtime`` registers its decider when loaded.
        import_module("judging.overtime")
        # The match's page (tournaments) links to the ruling filed on the match.
        import_module("judging.match_links")
