from django.apps import AppConfig


class CardpoolConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cardpool"
