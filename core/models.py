"""Cross-cutting models: the audit log, people's profiles and their notifications."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class AuditEntry(models.Model):
    """One write, recorded by the service that made it.

    ``action`` is dotted: ``<app>.<entity>.<past-tense verb>`` (``tournaments.result.confirmed``).
    """

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=100, db_index=True)
    object_type = models.CharField(max_length=100, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return (
            f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action} {self.object_type}#{self.object_id}"
        )


class Profile(models.Model):
    """What a person says about themselves, beside the account allauth keeps."""

    class PublicName(models.TextChoices):
        FULL = "full", _("My display name")
        SHORT = "short", _("A short name (first name and initial)")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=100, blank=True)
    official_player_id = models.CharField(
        max_length=40, blank=True, help_text=_("The game's own player ID, if you have one.")
    )
    language = models.CharField(max_length=10, choices=settings.LANGUAGES, default="ja")
    time_zone = models.CharField(max_length=64, default="Asia/Tokyo")
    public_name = models.CharField(
        max_length=10, choices=PublicName.choices, default=PublicName.FULL
    )
    short_name = models.CharField(max_length=40, blank=True)
    muted_kinds = models.JSONField(
        default=list, blank=True, help_text=_("Kinds of notification this person switched off.")
    )
    anonymised_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"profile of {self.user_id}"


class Notification(models.Model):
    """One message to one person, shown in the site and mailed; sent at most once.

    ``dedupe_key`` is ``<recipient>:<kind>:<object>``: a retried task finds the row it made and
    sends nothing again. ``params`` fill the kind's text in the recipient's language.
    """

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=40)
    dedupe_key = models.CharField(max_length=200, unique=True)
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True)
    event_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["recipient", "read_at"], name="notification_unread")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.recipient_id}"


class LoginLimitEntry(models.Model):
    """One counter or mark of the failed-login limiter (``core.login_limits``), kept in the
    database while the cache (Redis) cannot be reached. Rows past ``expires_at`` count as absent."""

    key = models.CharField(max_length=120, primary_key=True)
    value = models.FloatField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.key


class ApiToken(models.Model):
    """An API token (``Authorization: Token <key>``): only a hash of the key is stored, with its
    first characters so that its owner can tell tokens apart; it stops working at
    ``expires_at`` (``API_TOKEN_LIFETIME_DAYS``) or when its owner revokes it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user_id})"


class OutboxJob(models.Model):
    """A background job with no row of its own (a notification, a mail): the outbox of
    ``core.outbox``. Stored in the transaction that asks for it, claimed by one worker, re-sent
    by the sweeper (``core.jobs``), failed with the reason after ``core.jobs.MAX_ATTEMPTS``."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", pgettext_lazy("a background job", "Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    #: the handler's name (``core.outbox.outbox_handler``), e.g. ``core.notification_deliver``
    task = models.CharField(max_length=80)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "created_at"], name="core_outbox_status_idx"),
            # the drain's claim (``core.outbox``): the oldest never-tried jobs in order, read
            # from the index, so a claim costs its batch, not the backlog queued behind it
            models.Index(fields=["status", "attempts", "id"], name="core_outbox_claim_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.task} #{self.pk} ({self.status})"


class RateLimitEntry(models.Model):
    """One key of allauth's rate limits (sign-up, password reset…) kept in the database while
    the cache (Redis) cannot be reached (``core.rate_limits``). Rows past ``expires_at`` count
    as absent."""

    key = models.CharField(max_length=250, primary_key=True)
    value = models.JSONField(default=list)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.key
