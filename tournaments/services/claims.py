"""Claim codes: how a player entered at the desk or by CSV import links their own account.

A registration made without an account gets a *claim code* (8 characters from an alphabet
without 0/O/1/I, shown as ``K7QF-3MXD``). It is printed on the player's own registration
receipt (never on a match slip or any page the opponent sees) and mailed when an e-mail address
is known. A logged-in person who enters it becomes that registration's player; a code works
once.

The mail task is defined here, beside the service that enqueues it; ``tournaments.tasks``
lists it for Celery's autodiscovery.
"""

from __future__ import annotations

import secrets

from celery import shared_task
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import (
    ConflictError,
    DomainError,
    InvalidInputError,
    NotFoundError,
    RateLimitedError,
)
from core.login_limits import (
    LoginRefusedError,
    login_attempt_begin,
    login_attempt_failed,
    login_attempt_succeeded,
)
from core.notifications.services import site_base_url
from core.outbox import outbox_enqueue, outbox_handler
from tournaments.models import Registration

#: Letters and digits that cannot be mistaken for one another (no 0/O, no 1/I).
CLAIM_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CLAIM_LENGTH = 8
_ATTEMPTS = 20


def claim_code_normalise(code: str) -> str:
    """The code as stored (``K7QF-3MXD``) from what a person typed: any case, with or without
    the dash or spaces. InvalidInputError naming the field when it cannot be a code."""
    bare = "".join(ch for ch in code.upper() if ch not in "- \t")
    if not bare:
        raise InvalidInputError(_("enter the claim code from your receipt"), field="code")
    if len(bare) != CLAIM_LENGTH or any(ch not in CLAIM_ALPHABET for ch in bare):
        raise InvalidInputError(
            _("a claim code has 8 letters and digits, like K7QF-3MXD"), field="code"
        )
    return f"{bare[:4]}-{bare[4:]}"


def claim_code_new() -> str:
    """A fresh random code in the stored form (not yet checked against the database)."""
    bare = "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(CLAIM_LENGTH))
    return f"{bare[:4]}-{bare[4:]}"


def claim_code_issue(registration: Registration) -> Registration:
    """Give a registration without an account its claim code (inside the caller's transaction)
    and mail it, after commit, when the registration has an e-mail address."""
    if registration.user_id is not None or registration.claim_code:
        return registration
    for _attempt in range(_ATTEMPTS):
        registration.claim_code = claim_code_new()
        try:
            with transaction.atomic():
                registration.save(update_fields=["claim_code"])
        except IntegrityError:
            continue
        break
    else:  # pragma: no cover - 32**8 codes; twenty collisions in a row do not happen
        raise ConflictError(_("no free claim code was found; try again"), field="claim_code")
    if registration.email:
        registration_id, base_url = registration.pk, site_base_url()
        # the outbox (core.outbox): stored with the registration, sent on commit, re-sent by the
        # sweeper; a mail server that is down never undoes or breaks the registration itself
        outbox_enqueue(
            task=CLAIM_CODE_MAIL,
            payload={"registration_id": registration_id, "base_url": base_url},
        )
    return registration


def registration_claim(*, user: User, code: str, address: str = "") -> Registration:
    """Link ``user`` to the registration the code belongs to. A code works once; someone who
    already has a registration in that event cannot claim another one there.

    Codes cannot be guessed for free: each try goes through the log-in limiter
    (``core.login_limits``) with counters of its own, per person (5 wrong codes, then a growing
    wait, never a lock) and per client ``address`` (past 100 wrong codes in 5 minutes each
    further one waits before its answer). A wrong or used code counts as a failure; the
    limiter's writes stay outside the claim's transaction, so a refusal never rolls them back."""
    stored = claim_code_normalise(code)
    try:
        attempt = login_attempt_begin(
            account=f"claim-code:{user.pk}", address=f"claim-code:{address}" if address else ""
        )
    except LoginRefusedError as refused:
        raise RateLimitedError(
            _("Too many wrong claim codes. Wait %(seconds)s seconds and try again.")
            % {"seconds": refused.retry_after},
            field="code",
            retry_after=refused.retry_after,
        ) from None
    try:
        registration = _claim(user=user, stored=stored)
    except DomainError:
        login_attempt_failed(attempt)
        raise
    login_attempt_succeeded(attempt)
    return registration


@transaction.atomic
def _claim(*, user: User, stored: str) -> Registration:
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(claim_code=stored)
        .first()
    )
    if registration is None:
        raise NotFoundError(
            _("no registration has the claim code %(code)s; check the receipt") % {"code": stored},
            field="code",
        )
    if registration.user_id is not None or registration.claimed_at is not None:
        raise ConflictError(_("this claim code has already been used"), field="code")
    if Registration.objects.filter(event_id=registration.event_id, user_id=user.pk).exists():
        raise ConflictError(
            _("you already have a registration in %(event)s") % {"event": registration.event.name},
            field="code",
        )
    registration.user = user
    registration.claimed_at = timezone.now()
    try:
        with transaction.atomic():
            registration.save(update_fields=["user", "claimed_at"])
    except IntegrityError as exc:  # a second claim by the same person at the same moment
        raise ConflictError(
            _("you already have a registration in %(event)s") % {"event": registration.event.name},
            field="code",
        ) from exc
    audit_log(
        action="tournaments.registration.claimed",
        actor=user,
        obj=registration,
        event_id=registration.event_id,
    )
    return registration


MAIL_SUBJECT = "Your claim code / 参加登録の引き継ぎコード: {event}"
MAIL_BODY = """{name},

You are registered for {event}. To see your table and report your results on your phone,
log in (or sign up), open {url} and enter this claim code:

    {code}

The code works once. Keep it to yourself: whoever enters it becomes this player.

---

{name} 様

{event} への参加登録が完了しています。スマートフォンで卓番号の確認や結果の報告をするには、
ログイン（またはアカウント登録）して {url} を開き、次の引き継ぎコードを入力してください。

    {code}

コードは一度だけ使えます。他の人に見せないでください。
"""


#: the outbox handler's name (``core.outbox``)
CLAIM_CODE_MAIL = "tournaments.registration_claim_code_mail"


@outbox_handler(CLAIM_CODE_MAIL)
def registration_claim_code_mail(*, registration_id: int, base_url: str = "") -> bool:
    """Mail a registration's claim code to its address (in English and Japanese: the player has
    no account, so no language of their own yet). The claim page's link is absolute: the site's
    address when the registration was made (``SITE_URL``, else that request's). False when
    there is nothing to send."""
    registration = Registration.objects.select_related("event").filter(pk=registration_id).first()
    if registration is None or not registration.email or not registration.claim_code:
        return False
    if registration.user_id is not None:
        return False
    url = (base_url or site_base_url()).rstrip("/") + reverse("tournaments:claim")
    fields = {
        "name": registration.display_name,
        "event": registration.event.name,
        "code": registration.claim_code,
        "url": url,
    }
    send_mail(
        MAIL_SUBJECT.format(**fields),
        MAIL_BODY.format(**fields),
        None,
        [registration.email],
    )
    return True


@shared_task(name="tournaments.registration_claim_code_mail", acks_late=True)
def registration_claim_code_mail_task(registration_id: int, base_url: str = "") -> bool:
    return registration_claim_code_mail(registration_id=registration_id, base_url=base_url)
