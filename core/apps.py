from importlib import import_module

from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"

    def ready(self) -> None:
        # Each app's ``access.py`` registers what its URL arguments name (``core.access``), as
        # the admin finds each app's ``admin.py``: core imports no app, and no app hides an
        # import of ours inside a function.
        autodiscover_modules("access")
        # Each app's ``privacy.py`` says what it holds about a person (``core.privacy``).
        autodiscover_modules("privacy")
        # Each app's ``notifications.py`` registers its kinds of notification and its due
        # reminders (``core.notifications``).
        autodiscover_modules("notifications")
        # So that no job is lost with its process, the outbox's handlers and sweeper (core.jobs)
        # register when the tasks load, in every process (web, worker, beat, manage.py sweep_jobs)
        import_module("core.tasks")
        # Redis is a cache, not a dependency: allauth's sign-up and password-reset limits fall back
        # to the database while the cache is down (never a 500, never open)
        import_module("core.rate_limits").install()
        # Every account is made with its profile (and so its language): ``core.profiles``
        import_module("core.profiles")
