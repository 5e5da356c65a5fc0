"""What the site holds about a person, for "download my data" and "delete my account".

core imports no app: each app says what it holds about a person in its own ``privacy.py``
(``register_exporter``, ``register_eraser``), which ``core``'s ``AppConfig.ready`` loads at
start-up (``autodiscover_modules``), as ``access.py`` is loaded for the route guard.

- An exporter ``(user) -> {section: JSON-able data}`` adds its sections to the download.
- An eraser ``(user, pseudonym) -> None`` runs inside the account deletion's transaction: it
  shows the person's records under ``pseudonym`` and deletes what must not outlive the account.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User

Exporter = Callable[[User], dict[str, object]]
Eraser = Callable[[User, str], None]

_EXPORTERS: dict[str, Exporter] = {}
_ERASERS: dict[str, Eraser] = {}


def register_exporter(name: str, exporter: Exporter) -> None:
    _EXPORTERS[name] = exporter


def register_eraser(name: str, eraser: Eraser) -> None:
    _ERASERS[name] = eraser


def exporters() -> dict[str, Exporter]:
    return dict(_EXPORTERS)


def erasers() -> dict[str, Eraser]:
    return dict(_ERASERS)
