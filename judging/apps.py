from django.apps import AppConfig


class JudgingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "judging"

    def ready(self) -> None:
        from core.access import register_subject
        from judging.selectors import case_subject

        register_subject("case_id", case_subject)
