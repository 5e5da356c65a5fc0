"""An event's staff: appointing and removing organisers, head judges, judges and scorekeepers,
and the email invitations for people who have no account yet.

Only the event's organisers change its staff. A person is named by username or email (case
does not matter); an email that belongs to no account becomes an invitation, mailed by a Celery
task after the transaction commits, whose link appoints whoever opens it while logged in (once,
unless the organiser withdrew it). An event always keeps at least one organiser.
"""

from __future__ import annotations

import secrets

from celery import shared_task
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError
from core.outbox import outbox_enqueue, outbox_handler
from tournaments.models import Event, EventRole, StaffInvitation
from tournaments.services.locks import event_lock

Role = EventRole.Role
_ORGANISERS_ONLY = gettext_lazy("only the event's organisers change its staff")
#: Languages an invitation is written in: the invited person has no account, so no preference.
MAIL_LANGUAGES = ("en", "ja")
#: django-allauth's email addresses (looked up only when allauth is installed).
ALLAUTH_ADDRESS: str = "account.EmailAddress"


def _role(role: str) -> Role:
    if role not in Role.values:
        choices = ", ".join(Role.values)
        raise InvalidInputError(
            _("unknown role %(role)r; one of: %(choices)s") % {"role": role, "choices": choices},
            field="role",
        )
    return Role(role)


def _is_email(text: str) -> bool:
    try:
        validate_email(text)
    except DjangoValidationError:
        return False
    return True


def _accounts_by_email(email: str) -> list[User]:
    """Active accounts whose email is ``email``: the account's own address, or a verified or
    primary address of django-allauth's (when it is installed)."""
    found = Q(email__iexact=email)
    if apps.is_installed("allauth.account"):
        addresses = apps.get_model(ALLAUTH_ADDRESS).objects.filter(
            Q(verified=True) | Q(primary=True), email__iexact=email
        )
        found |= Q(pk__in=addresses.values("user_id"))
    return list(get_user_model().objects.filter(found, is_active=True).distinct()[:2])


def staff_person_find(*, who: str) -> User | None:
    """The account ``who`` (a username or an email) names; None when an email names no account.

    Raises InvalidInputError for an empty name, an unknown username (suggesting an invitation
    by email) and an email that two accounts share.
    """
    who = who.strip()
    if not who:
        raise InvalidInputError(_("enter a username or an email"), field="who")
    accounts = get_user_model().objects.filter(is_active=True)
    exact = accounts.filter(username=who).first()
    if exact is not None:
        return exact
    by_name = list(accounts.filter(username__iexact=who)[:2])
    if len(by_name) > 1:
        raise InvalidInputError(
            _("more than one account has the username “%(who)s” in some case; type it exactly")
            % {"who": who},
            field="who",
        )
    if by_name:
        return by_name[0]
    if not _is_email(who):
        raise InvalidInputError(
            _(
                "nobody has the username “%(who)s”; to appoint someone who has no account "
                "yet, enter their email address and they get an invitation"
            )
            % {"who": who},
            field="who",
        )
    by_email = _accounts_by_email(who)
    if len(by_email) > 1:
        raise InvalidInputError(
            _("more than one account uses %(email)s; appoint the person by username")
            % {"email": who},
            field="who",
        )
    return by_email[0] if by_email else None


@transaction.atomic
def staff_appoint(
    *, actor: User, event_id: int, who: str, role: str, base_url: str
) -> EventRole | StaffInvitation:
    """Appoint the person ``who`` names as ``role`` of the event; an email that belongs to no
    account gets an invitation instead (mailed after commit, its link under ``base_url``, the
    address of the site the organiser uses)."""
    event = event_lock(event_id, actor, refusal=str(_ORGANISERS_ONLY))
    chosen = _role(role)
    person = staff_person_find(who=who)
    if person is None:
        return _invite(actor=actor, event=event, email=who.strip(), role=chosen, base_url=base_url)
    if EventRole.objects.filter(event=event, user=person, role=chosen).exists():
        raise ConflictError(
            _("%(name)s is already %(role)s of this event")
            % {"name": person.get_username(), "role": str(chosen.label).lower()},
            field="who",
            code="already_appointed",
        )
    appointed = EventRole.objects.create(event=event, user=person, role=chosen)
    audit_log(
        action="tournaments.staff.appointed",
        actor=actor,
        obj=appointed,
        event_id=event.pk,
        data={"user": person.pk, "role": chosen.value},
    )
    return appointed


def _invite(*, actor: User, event: Event, email: str, role: Role, base_url: str) -> StaffInvitation:
    pending = StaffInvitation.objects.filter(
        event=event, email__iexact=email, role=role, accepted_at=None, revoked_at=None
    )
    if pending.exists():
        raise ConflictError(
            _(
                "%(email)s is already invited as %(role)s; withdraw that invitation to send "
                "a new one"
            )
            % {"email": email, "role": str(role.label).lower()},
            field="who",
            code="already_invited",
        )
    invitation = StaffInvitation.objects.create(
        event=event, email=email, role=role, token=secrets.token_urlsafe(32), invited_by=actor
    )
    audit_log(
        action="tournaments.staff.invited",
        actor=actor,
        obj=invitation,
        event_id=event.pk,
        data={"email": email, "role": role.value},
    )
    site = base_url[:200]
    # robust: a mail server or broker that is down is logged; the invitation stays (the
    # organiser sees it on the staff page and can withdraw it and invite again).
    # the outbox (core.outbox): stored with the invitation, sent on commit, re-sent by the sweeper
    outbox_enqueue(task=INVITATION_MAIL, payload={"invitation_id": invitation.pk, "base_url": site})
    return invitation


def _last_organiser(event: Event, user_id: int) -> bool:
    organisers = EventRole.objects.filter(event=event, role=Role.ORGANISER)
    return not organisers.exclude(user_id=user_id).exists()


@transaction.atomic
def staff_revoke(*, actor: User, event_id: int, user_id: int, role: str) -> None:
    """Take ``role`` of the event away from the account ``user_id``. The last organiser stays:
    appoint another one first."""
    event = event_lock(event_id, actor, refusal=str(_ORGANISERS_ONLY))
    chosen = _role(role)
    held = EventRole.objects.select_related("user").filter(
        event=event, user_id=user_id, role=chosen
    )
    appointment = held.first()
    if appointment is None:
        raise NotFoundError(
            _("that person is not %(role)s of this event") % {"role": str(chosen.label).lower()},
            field="user",
        )
    if chosen == Role.ORGANISER and _last_organiser(event, user_id):
        raise ConflictError(
            _(
                "an event needs at least one organiser: appoint another organiser before you "
                "remove the last one"
            ),
            field="user",
            code="last_organiser",
        )
    audit_log(
        action="tournaments.staff.revoked",
        actor=actor,
        obj=appointment,
        event_id=event.pk,
        data={"user": user_id, "role": chosen.value},
    )
    appointment.delete()


def _invitation_locked(*, token: str) -> StaffInvitation:
    invitation = (
        StaffInvitation.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(token=token)
        .first()
        if token
        else None
    )
    if invitation is None:
        raise NotFoundError(
            _("this invitation link is not valid; ask the organiser for a new one"),
            field="token",
        )
    return invitation


@transaction.atomic
def staff_invitation_accept(*, user: User, token: str) -> EventRole:
    """The logged-in ``user`` takes up the invitation: it works once, and only while the
    organiser has not withdrawn it."""
    invitation = _invitation_locked(token=token)
    if invitation.revoked_at is not None:
        raise ConflictError(
            _("the organiser withdrew this invitation"),
            field="token",
            code="invitation_revoked",
        )
    if invitation.accepted_at is not None:
        raise ConflictError(
            _("this invitation was already accepted"), field="token", code="invitation_used"
        )
    appointed, _created = EventRole.objects.get_or_create(
        event=invitation.event, user=user, role=invitation.role
    )
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    audit_log(
        action="tournaments.staff.invitation_accepted",
        actor=user,
        obj=invitation,
        event_id=invitation.event_id,
        data={"user": user.pk, "role": invitation.role, "email": invitation.email},
    )
    return appointed


@transaction.atomic
def staff_invitation_revoke(*, actor: User, event_id: int, invitation_id: int) -> StaffInvitation:
    """The organiser withdraws an invitation nobody has accepted yet."""
    event = event_lock(event_id, actor, refusal=str(_ORGANISERS_ONLY))
    invitation = (
        StaffInvitation.objects.select_for_update().filter(pk=invitation_id, event=event).first()
    )
    if invitation is None:
        raise NotFoundError(_("this event has no such invitation"), field="invitation")
    if invitation.accepted_at is not None:
        raise ConflictError(
            _("%(email)s already accepted; remove their role instead")
            % {"email": invitation.email},
            field="invitation",
        )
    if invitation.revoked_at is not None:
        raise ConflictError(_("this invitation is already withdrawn"), field="invitation")
    invitation.revoked_at = timezone.now()
    invitation.save(update_fields=["revoked_at"])
    audit_log(
        action="tournaments.staff.invitation_revoked",
        actor=actor,
        obj=invitation,
        event_id=event.pk,
        data={"email": invitation.email, "role": invitation.role},
    )
    return invitation


def staff_invitation_preview(*, token: str) -> StaffInvitation:
    """The invitation a link names, for its page (NotFoundError for an unknown token)."""
    invitation = (
        StaffInvitation.objects.select_related("event", "invited_by__profile")
        .filter(token=token)
        .first()
    )
    if not token or invitation is None:
        raise NotFoundError(
            _("this invitation link is not valid; ask the organiser for a new one"),
            field="token",
        )
    return invitation


def _mail_text(invitation: StaffInvitation, link: str) -> tuple[str, str]:
    subjects, bodies = [], []
    for language in MAIL_LANGUAGES:
        with translation.override(language):
            values = {
                "event": invitation.event.name,
                "role": str(Role(invitation.role).label).lower(),
                "link": link,
            }
            subjects.append(_("Staff invitation: %(role)s of %(event)s") % values)
            bodies.append(
                _(
                    "You are invited to be %(role)s of %(event)s.\n\n"
                    "Open this link, log in or sign up, and accept:\n%(link)s\n\n"
                    "If you did not expect this, ignore this mail."
                )
                % values
            )
    return " / ".join(subjects), "\n\n----\n\n".join(bodies)


#: the outbox handler's name (``core.outbox``)
INVITATION_MAIL = "tournaments.staff_invitation_mail"


@outbox_handler(INVITATION_MAIL)
def staff_invitation_mail(*, invitation_id: int, base_url: str) -> bool:
    """Mail the invitation (English and Japanese: the person has no account, so no language
    of their own yet); False when it was withdrawn or accepted before the mail went."""
    invitation = StaffInvitation.objects.select_related("event").filter(pk=invitation_id).first()
    if invitation is None or invitation.revoked_at or invitation.accepted_at:
        return False
    path = reverse("tournaments:staff-invitation", args=[invitation.token])
    link = base_url.rstrip("/") + path
    subject, body = _mail_text(invitation, link)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [invitation.email])
    return True


@shared_task(name="tournaments.staff_invitation_mail")
def staff_invitation_mail_task(invitation_id: int, base_url: str) -> bool:
    return staff_invitation_mail(invitation_id=invitation_id, base_url=base_url)
