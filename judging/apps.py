from django.apps import AppConfig


class JudgingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "judging"

    def ready(self) -> None:
        # The result desk (tournaments, a lower layer) decides Azuki TCG overtime with the
        # rules engine through the decider registered here.
        from judging.overtime import azuki_tiebreak
        from tournaments.end_of_round import register_tiebreak

        register_tiebreak("azuki", azuki_tiebreak)
