"""A person's profile, the name public pages show, their data download and their account's
deletion.

What other apps hold about a person comes in through ``core.privacy`` (core imports no app).
"""

from __future__ import annotations

import datetime as dt
import secrets
import zoneinfo

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from allauth.socialaccount.models import SocialAccount
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import InvalidInputError, PermissionDeniedError
from core.models import ApiToken, Notification, Profile
from core.names import display_name_clean
from core.privacy import erasers, exporters

#: Letters of an anonymous name: digits and consonants, so that no word can be spelt.
PSEUDONYM_ALPHABET = "0123456789BCDFGHJKLMNPQRSTVWXZ"
PSEUDONYM_LENGTH = 6


def profile_of(*, user: User) -> Profile:
    """The person's profile; for an account older than its profile row, an unsaved one with the
    language mail is written in for it (``LANGUAGE_CODE``), so the page shows what is true."""
    found = Profile.objects.filter(user=user).first()
    return found if found is not None else Profile(user=user, language=settings.LANGUAGE_CODE)


def language_in_use() -> str:
    """The site's language now (the page's during a request), as one of ``LANGUAGES``."""
    language = (translation.get_language() or "").split("-")[0]
    codes = {code for code, _name in settings.LANGUAGES}
    return language if language in codes else str(settings.LANGUAGE_CODE)


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def profile_made_with_the_account(
    sender: type[User], instance: User, created: bool, **kwargs: object
) -> None:
    """Every account has a language from the moment it exists: the language of the page it
    was made on (sign-up), or the one a command or service made it in (``user_create``'s
    ``language``). Mail is written in it (``core.notifications``). A default, not a person's
    choice: saving the profile page is what is audited."""
    if created and not kwargs.get("raw"):
        Profile.objects.get_or_create(user=instance, defaults={"language": language_in_use()})


def shown_name(*, display_name: str, profile: Profile | None) -> str:
    """The name public pages show for a player registered as ``display_name``: their short name
    when they chose to show it, else the registered name. Staff pages show ``display_name``."""
    if (
        profile is not None
        and profile.public_name == Profile.PublicName.SHORT
        and profile.short_name.strip()
    ):
        return profile.short_name.strip()
    return display_name


def registration_name_for(*, user: User) -> str:
    """The name a new registration starts with: the profile's display name, else the account's
    full name, else the username."""
    display = Profile.objects.filter(user=user).values_list("display_name", flat=True).first()
    return (display or "").strip() or user.get_full_name() or user.get_username()


def _zone_valid(name: str) -> bool:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return bool(name)


@transaction.atomic
def profile_update(
    *,
    user: User,
    display_name: str,
    official_player_id: str,
    language: str,
    time_zone: str,
    public_name: str,
    short_name: str,
) -> Profile:
    """Save what the person says about themselves (audited with the fields that changed)."""
    display_name, short_name = display_name.strip(), short_name.strip()
    official_player_id = official_player_id.strip()
    if len(display_name) > 100:
        raise InvalidInputError(
            _("the display name is longer than 100 characters"), field="display_name"
        )
    if display_name:
        display_name = display_name_clean(display_name)
    if short_name:
        short_name = display_name_clean(short_name, field="short_name", max_length=40)
    if len(official_player_id) > 40:
        raise InvalidInputError(
            _("the player ID is longer than 40 characters"), field="official_player_id"
        )
    if language not in dict(settings.LANGUAGES):
        raise InvalidInputError(_("choose English or Japanese"), field="language")
    if not _zone_valid(time_zone):
        raise InvalidInputError(_("choose a time zone from the list"), field="time_zone")
    if public_name not in Profile.PublicName.values:
        raise InvalidInputError(_("choose which name public pages show"), field="public_name")
    if len(short_name) > 40:
        raise InvalidInputError(
            _("the short name is longer than 40 characters"), field="short_name"
        )
    if public_name == Profile.PublicName.SHORT and not short_name:
        raise InvalidInputError(
            _("enter the short name that public pages should show"), field="short_name"
        )
    profile, _created = Profile.objects.select_for_update().get_or_create(user=user)
    values: dict[str, object] = {
        "display_name": display_name,
        "official_player_id": official_player_id,
        "language": language,
        "time_zone": time_zone,
        "public_name": public_name,
        "short_name": short_name,
    }
    changed = sorted(key for key, value in values.items() if getattr(profile, key) != value)
    for key, value in values.items():
        setattr(profile, key, value)
    profile.save()
    audit_log(action="core.profile.updated", actor=user, obj=profile, data={"changed": changed})
    return profile


# --- download my data --------------------------------------------------------------------------


def _moment(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def account_data_export(*, user: User) -> dict[str, object]:
    """Everything the site holds about the person, as JSON-able data: their account, profile
    and notifications, and each app's sections (``core.privacy``)."""
    profile = profile_of(user=user)
    data: dict[str, object] = {
        "exported_at": timezone.now().isoformat(),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "date_joined": _moment(user.date_joined),
            "last_login": _moment(user.last_login),
            "email_addresses": [
                {"email": row.email, "verified": row.verified, "primary": row.primary}
                for row in EmailAddress.objects.filter(user=user).order_by("email")
            ],
            "social_accounts": sorted(
                SocialAccount.objects.filter(user=user).values_list("provider", flat=True)
            ),
        },
        "profile": {
            "display_name": profile.display_name,
            "official_player_id": profile.official_player_id,
            "language": profile.language,
            "time_zone": profile.time_zone,
            "public_name": profile.public_name,
            "short_name": profile.short_name,
            "muted_kinds": list(profile.muted_kinds or []),
        },
        "notifications": [
            {
                "kind": note.kind,
                "params": note.params,
                "url": note.url,
                "created_at": _moment(note.created_at),
                "read_at": _moment(note.read_at),
            }
            for note in Notification.objects.filter(recipient=user).order_by("created_at", "id")
        ],
    }
    for _name, exporter in sorted(exporters().items()):
        data.update(exporter(user))
    return data


# --- delete my account -------------------------------------------------------------------------


def pseudonym_new() -> str:
    """An anonymous name such as ``#7F3K2C``: no word in any language, unused as a username."""
    model = get_user_model()
    while True:
        name = "#" + "".join(secrets.choice(PSEUDONYM_ALPHABET) for _ in range(PSEUDONYM_LENGTH))
        if not model.objects.filter(username=name).exists():
            return name


@transaction.atomic
def account_delete(*, user: User, password: str) -> str:
    """Delete the person's account: it is deactivated and scrubbed (username, email, names,
    profile, addresses, social log-ins, API token, notifications); what they took part in stays,
    shown under an anonymous name (each app's eraser, ``core.privacy``). Returns that name.

    An account with a password needs it typed again."""
    if not user.is_active:
        raise PermissionDeniedError(_("this account is already deleted"))
    if user.has_usable_password() and not user.check_password(password):
        raise InvalidInputError(_("the password is not right"), field="password")
    pseudonym = pseudonym_new()
    for _name, eraser in sorted(erasers().items()):
        eraser(user, pseudonym)
    EmailAddress.objects.filter(user=user).delete()
    SocialAccount.objects.filter(user=user).delete()
    ApiToken.objects.filter(user=user).delete()
    Authenticator.objects.filter(user=user).delete()
    Notification.objects.filter(recipient=user).delete()
    Profile.objects.update_or_create(
        user=user,
        defaults={
            "display_name": "",
            "official_player_id": "",
            "public_name": Profile.PublicName.FULL,
            "short_name": "",
            "muted_kinds": [],
            "anonymised_at": timezone.now(),
        },
    )
    user.username = pseudonym
    user.email = ""
    user.first_name = ""
    user.last_name = ""
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.set_unusable_password()
    user.save()
    audit_log(action="core.account.deleted", actor=user, obj=user, data={"name": pseudonym})
    return pseudonym
