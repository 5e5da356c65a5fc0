from importlib import import_module

from django.apps import AppConfig

from judging.engine.registry import plugins


class JudgingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "judging"

    def ready(self) -> None:
        # One loop over the engine's games, nothing per game: each game's judge pages
        # (``judging.games.<slug>``) register themselves when loaded, and the result desk
        # (tournaments, a lower layer) gets the game's tiebreak decider, if it has one.
        tiebreaks = import_module("judging.tiebreaks")
        for game in plugins():
            import_module(f"judging.games.{game.slug}")
            tiebreaks.tiebreak_register(game)
        # The match's page (tournaments) links to the ruling filed on the match.
        import_module("judging.match_links")
