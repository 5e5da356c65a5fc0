"""What the judge tools hold about a person, for their account's deletion (``core.privacy``):
their names in the judges' cases and rulings of the events they played. Loaded at start-up by
``core``'s ``AppConfig.ready`` (``autodiscover_modules("privacy")``)."""

from django.contrib.auth.models import User

from core.privacy import register_eraser
from judging.services import judge_cases_anonymise


def _erase(user: User, pseudonym: str) -> None:
    judge_cases_anonymise(user=user, pseudonym=pseudonym)


# Erasers run in name order: "judging" before "tournaments", which renames the registrations
# this one reads the old names from.
register_eraser("judging", _erase)
