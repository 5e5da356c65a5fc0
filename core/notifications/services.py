"""Sending notifications: enqueue after commit, deliver at least once, email at most once.

``notification_send`` is what an app's service calls after its write: it only enqueues (on
commit) a Celery task that takes plain values. The task (``notification_deliver_task``) makes
the in-site row with ``get_or_create`` on its de-duplication key
``<recipient>:<kind>:<object_key>`` and then emails it unless it was emailed already: it locks
the row, checks ``emailed_at``, sends, sets ``emailed_at``. A retried task (the broker
redelivers, or the SMTP server failed and the task retries) therefore finds the row and sends
nothing twice; an SMTP error rolls back, leaves ``emailed_at`` empty and retries the task.

Links in mail are absolute: ``SITE_URL`` (the public address, ``https://to.example.org``) when
set, else the address of the request that enqueued the send (``core.notifications.middleware``
captures it), else the mail carries the path alone and a warning is logged.
"""

from __future__ import annotations

import datetime as dt
import logging
import smtplib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.audit import audit_log, audit_log_many
from core.errors import InvalidInputError
from core.models import Notification, Profile
from core.notifications import due_producers, kind_enabled, kind_get, kinds
from core.notifications.middleware import current_base_url
from core.outbox import (
    outbox_batch_handler,
    outbox_enqueue_many,
    outbox_handler,
)

logger = logging.getLogger(__name__)

#: Errors of the mail server or the network: the task retries on them.
MAIL_ERRORS = (smtplib.SMTPException, OSError)


def dedupe_key(*, recipient_id: int, kind: str, object_key: str) -> str:
    """``<recipient>:<kind>:<object_key>``, the one key per thing a person is told about."""
    return f"{recipient_id}:{kind}:{object_key}"[:200]


def site_base_url() -> str:
    """The site's public address without a trailing slash: ``SITE_URL``, else the current
    request's, else empty."""
    configured = str(getattr(settings, "SITE_URL", "") or "")
    return (configured or current_base_url.get() or "").rstrip("/")


def absolute(url: str, base_url: str) -> str:
    if not url or url.startswith(("http://", "https://")):
        return url
    return f"{base_url}{url}" if base_url else url


def notification_send(
    *,
    recipient_id: int,
    kind: str,
    object_key: str,
    params: Mapping[str, Any],
    url: str,
    event_id: int | None = None,
) -> None:
    """Tell a person about something, once the current transaction commits.

    Call it after the write: nothing is sent when the transaction rolls back. ``object_key``
    names what the notification is about (``match12``, ``event3:round2``): one person gets one
    notification of a kind per object, however often this is called. ``params`` are plain
    values (JSON) that fill the kind's texts.
    """
    notification_send_many(
        [Outgoing(recipient_id, kind, str(object_key), dict(params), url, event_id)]
    )


@dataclass(frozen=True)
class Outgoing:
    """One notification ``notification_send_many`` sends (the arguments of
    ``notification_send``)."""

    recipient_id: int
    kind: str
    object_key: str
    params: dict[str, Any]
    url: str
    event_id: int | None = None


def notification_send_many(outgoing: Sequence[Outgoing]) -> None:
    """``notification_send`` for many at once (a round's pairings): one INSERT of their job
    rows, published together on commit."""
    for item in outgoing:
        if kind_get(item.kind) is None:
            raise ValueError(f"unknown notification kind {item.kind!r}: register it first")
    base_url = site_base_url()
    payloads = [
        {
            "recipient_id": item.recipient_id,
            "kind": item.kind,
            "object_key": item.object_key,
            "params": item.params,
            "url": item.url,
            "event_id": item.event_id,
            "base_url": base_url,
        }
        for item in outgoing
    ]
    # the job rows are stored with the write (core.outbox), so a rolled-back write sends
    # nothing; they are published on commit (one second at most: a broker that is down never
    # holds the request) and re-sent by the sweeper until a worker has run them
    if payloads:
        outbox_enqueue_many(task=DELIVER, payloads=payloads)


def _language_of(profile: Profile | None) -> str:
    codes = {code for code, _name in settings.LANGUAGES}
    if profile is not None and profile.language in codes:
        return profile.language
    return str(settings.LANGUAGE_CODE)


def notification_texts(notification: Notification, language: str) -> tuple[str, str]:
    """The title and body of ``notification`` in ``language``."""
    kind = kind_get(notification.kind)
    with translation.override(language):
        if kind is None:
            return notification.kind, ""
        return kind.render(notification.params)


def _mail_body(notification: Notification, body: str, base_url: str) -> str:
    link = absolute(notification.url, base_url)
    settings_link = absolute(reverse("notification-settings"), base_url)
    parts = [body]
    if link:
        parts.append(link)
    parts.append(
        "-- \n" + _("Choose which notifications you get: %(url)s") % {"url": settings_link}
    )
    return "\n\n".join(parts) + "\n"


#: the outbox handler's name (``core.outbox``)
DELIVER = "core.notification_deliver"


@outbox_handler(DELIVER)
def notification_deliver(
    *,
    recipient_id: int,
    kind: str,
    object_key: str,
    params: Mapping[str, Any],
    url: str,
    event_id: int | None = None,
    base_url: str = "",
) -> Notification | None:
    """Make the in-site notification (once) and email it (once). None when the recipient is
    gone, inactive, or switched the kind off. Mail errors propagate (the task retries)."""
    registered = kind_get(kind)
    user = get_user_model().objects.filter(pk=recipient_id, is_active=True).first()
    if registered is None or user is None:
        logger.info("notification %s to %s dropped: no such kind or person", kind, recipient_id)
        return None
    profile = Profile.objects.filter(user_id=recipient_id).first()
    if not kind_enabled(registered, profile.muted_kinds if profile else ()):
        return None
    key = dedupe_key(recipient_id=recipient_id, kind=kind, object_key=object_key)
    with transaction.atomic():
        notification, created = Notification.objects.get_or_create(
            dedupe_key=key,
            defaults={
                "recipient_id": recipient_id,
                "kind": kind,
                "params": dict(params),
                "url": url[:300],
                "event_id": event_id,
            },
        )
        if created:
            audit_log(
                action="core.notification.created",
                actor=None,
                obj=notification,
                event_id=event_id,
                data={"kind": kind, "recipient": recipient_id},
            )
    if not user.email:
        return notification
    base = (base_url or site_base_url()).rstrip("/")
    if not base:
        logger.warning("SITE_URL is not set: the mail for %s carries a bare path", key)
    with transaction.atomic():
        locked = Notification.objects.select_for_update().get(pk=notification.pk)
        if locked.emailed_at is not None:
            return locked
        language = _language_of(profile)
        title, body = notification_texts(locked, language)
        with translation.override(language):
            text = _mail_body(locked, body, base)
        send_mail(title, text, None, [user.email])
        locked.emailed_at = timezone.now()
        locked.save(update_fields=["emailed_at"])
    return locked


@outbox_batch_handler(DELIVER)
def notification_deliver_many(payloads: list[dict[str, Any]]) -> list[int]:
    """``notification_deliver`` for many at once (the outbox's drain, in one transaction): the
    recipients and their muted kinds in two reads, the in-site rows not made yet in one
    INSERT, their audit in another. The positions of the notifications to be mailed (their
    recipient has an address) are left to ``notification_deliver``, which finds the row and
    mails it once."""
    ids = {int(p["recipient_id"]) for p in payloads}
    users = dict(
        get_user_model().objects.filter(pk__in=ids, is_active=True).values_list("pk", "email")
    )
    muted = dict(Profile.objects.filter(user_id__in=ids).values_list("user_id", "muted_kinds"))
    wanted: dict[str, dict[str, Any]] = {}
    to_mail: list[int] = []
    for position, payload in enumerate(payloads):
        recipient_id, kind = int(payload["recipient_id"]), str(payload["kind"])
        registered = kind_get(kind)
        if registered is None or recipient_id not in users:
            logger.info("notification %s to %s dropped: no such kind or person", kind, recipient_id)
            continue
        if not kind_enabled(registered, muted.get(recipient_id) or ()):
            continue
        key = dedupe_key(
            recipient_id=recipient_id, kind=kind, object_key=str(payload["object_key"])
        )
        wanted.setdefault(key, payload)
        if users[recipient_id]:
            to_mail.append(position)
    made = set(
        Notification.objects.filter(dedupe_key__in=list(wanted))
        .order_by()  # a set of keys: not the inbox's order (a sort of every row found)
        .values_list("dedupe_key", flat=True)
    )
    created = Notification.objects.bulk_create(
        [
            Notification(
                recipient_id=int(payload["recipient_id"]),
                kind=str(payload["kind"]),
                dedupe_key=key,
                params=dict(payload["params"]),
                url=str(payload["url"])[:300],
                event_id=payload.get("event_id"),
            )
            for key, payload in wanted.items()
            if key not in made
        ]
    )
    audit_log_many(
        action="core.notification.created",
        actor=None,
        entries=[
            (row, row.event_id, {"kind": row.kind, "recipient": row.recipient_id})
            for row in created
        ],
    )
    return to_mail


@shared_task(
    name="core.notification_deliver",
    acks_late=True,
    autoretry_for=MAIL_ERRORS,
    retry_backoff=30,
    retry_backoff_max=1800,
    max_retries=12,
)
def notification_deliver_task(
    recipient_id: int,
    kind: str,
    object_key: str,
    params: dict[str, Any],
    url: str,
    event_id: int | None = None,
    base_url: str = "",
) -> int | None:
    """Deliver one notification; retried on mail errors, harmless when run twice. (Sends go
    through the outbox, ``core.outbox_run``; this task still runs messages queued before.)"""
    notification = notification_deliver(
        recipient_id=recipient_id,
        kind=kind,
        object_key=object_key,
        params=params,
        url=url,
        event_id=event_id,
        base_url=base_url,
    )
    return notification.pk if notification is not None else None


def notifications_send_due(*, now: dt.datetime | None = None) -> int:
    """Send every reminder that is due (each app's ``register_due`` producers); how many
    sends were enqueued. Running it twice sends nothing twice (the de-duplication keys)."""
    moment = now or timezone.now()
    total = 0
    for producer in due_producers():
        with transaction.atomic():
            total += producer(moment)
    return total


@shared_task(name="core.notifications_send_due", acks_late=True)
def notifications_send_due_task() -> int:
    """The periodic task (Celery beat, ``config.celery``) behind the due reminders."""
    return notifications_send_due()


@transaction.atomic
def notifications_mark_read(*, user: User, ids: Iterable[int] | None = None) -> int:
    """Mark the person's notifications read: those of ``ids`` (their own only), or all of them.
    How many changed."""
    unread = Notification.objects.filter(recipient=user, read_at__isnull=True)
    if ids is not None:
        wanted = list(ids)
        if not wanted:
            raise InvalidInputError(_("name the notifications to mark read"), field="ids")
        unread = unread.filter(pk__in=wanted)
    changed = unread.update(read_at=timezone.now())
    if changed:
        audit_log(action="core.notification.read", actor=user, data={"count": changed})
    return changed


@transaction.atomic
def notification_settings_update(*, user: User, enabled: Iterable[str]) -> Profile:
    """Keep the kinds in ``enabled`` on and switch every other registered kind off."""
    wanted = set(enabled)
    unknown = wanted - {kind.kind for kind in kinds()}
    if unknown:
        raise InvalidInputError(
            _("unknown kind of notification: %(names)s") % {"names": ", ".join(sorted(unknown))},
            field="kinds",
        )
    profile, _created = Profile.objects.select_for_update().get_or_create(
        user=user, defaults={"language": _language_of(None)}
    )
    others = [
        entry
        for entry in profile.muted_kinds
        if entry.lstrip("+") not in {kind.kind for kind in kinds()}
    ]
    own: list[str] = []
    for kind in kinds():
        if kind.default_on and kind.kind not in wanted:
            own.append(kind.kind)
        elif not kind.default_on and kind.kind in wanted:
            own.append(f"+{kind.kind}")
    profile.muted_kinds = others + own
    profile.save(update_fields=["muted_kinds", "updated_at"])
    audit_log(
        action="core.notification_settings.updated",
        actor=user,
        obj=profile,
        data={"muted": profile.muted_kinds},
    )
    return profile
