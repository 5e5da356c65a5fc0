"""What this app holds about a person, for their data download and their account's deletion
(``core.privacy``). Loaded once at start-up by ``core``'s ``AppConfig.ready``
(``autodiscover_modules("privacy")``)."""

from core.privacy import register_eraser, register_exporter
from tournaments.selectors.people import person_data_export
from tournaments.services.people import person_anonymise

register_exporter("tournaments", lambda user: person_data_export(user=user))
register_eraser("tournaments", lambda user, pseudonym: person_anonymise(user=user, pseudonym=pseudonym))
