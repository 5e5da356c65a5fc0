"""What this app holds about a person, for their data download and their account's deletion
(``core.privacy``). Loaded once at start-up by ``core``'s ``AppConfig.ready``
(``autodiscover_modules("privacy")``)."""

from django.contrib.auth.models import User

from core.privacy import register_eraser, register_exporter
from tournaments.selectors.people import person_data_export
from tournaments.services.people import person_anonymise


def _export(user: User) -> dict[str, object]:
    return person_data_export(user=user)


def _erase(user: User, pseudonym: str) -> None:
    person_anonymise(user=user, pseudonym=pseudonym)


register_exporter("tournaments", _export)
register_eraser("tournaments", _erase)
