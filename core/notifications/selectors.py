"""Reading a person's notifications (their own only) and their settings."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from core.models import Notification, Profile
from core.notifications import Kind, kind_enabled, kinds

PAGE_SIZE = 50


def notification_list(*, user: AbstractBaseUser) -> QuerySet[Notification]:
    """The person's notifications, newest first (one query when read)."""
    return Notification.objects.filter(recipient_id=user.pk).order_by("-created_at", "-id")


def notification_unread_count(*, user: AbstractBaseUser | AnonymousUser) -> int:
    """How many of the person's notifications are unread: one query, none for anonymous."""
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(recipient_id=user.pk, read_at__isnull=True).count()


@dataclass(frozen=True)
class KindSetting:
    kind: Kind
    enabled: bool


def notification_settings(*, user: AbstractBaseUser) -> list[KindSetting]:
    """Every registered kind and whether the person gets it (one query)."""
    profile = Profile.objects.filter(user_id=user.pk).only("muted_kinds").first()
    muted = profile.muted_kinds if profile is not None else []
    return [KindSetting(kind=kind, enabled=kind_enabled(kind, muted)) for kind in kinds()]
