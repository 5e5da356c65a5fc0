"""Who may do what on which event. Views and API endpoints ask here, never decide themselves.

Staff roles are per event: the organiser of event X has no rights on event Y. Every
logged-in person can be a player. Organisers can do everything the other staff can.

Who does what (the role sets below; ``tournaments.views.organiser`` has the table per action):

==============  ===============================================================================
Role            Does
==============  ===============================================================================
organiser       everything: the event's settings (edit, open/close, publish lists, top cut,
                finish), its staff, and all that the others do
head judge      all that a judge does, and decides appeals against judges' decisions
judge           the judge desk: results, penalties, time extensions, deck checks, cases
scorekeeper     runs the rounds: pairs, starts and pauses the clock, enters results, checks
                players in, adds late entries, drops and undrops, prints; not the settings, not
                the staff
==============  ===============================================================================
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from core.access import Access, Subject
from core.errors import NotFoundError, PermissionDeniedError
from tournaments.models import Event, EventRole, Match, Registration, ResultAppeal

ORGANISER = EventRole.Role.ORGANISER
HEAD_JUDGE = EventRole.Role.HEAD_JUDGE
JUDGE = EventRole.Role.JUDGE
SCOREKEEPER = EventRole.Role.SCOREKEEPER

AnyUser = AbstractBaseUser | AnonymousUser

#: Who may act as each kind of staff (organisers can do all that the others can).
ORGANISERS = frozenset({ORGANISER})
JUDGES = frozenset({ORGANISER, HEAD_JUDGE, JUDGE})
HEAD_JUDGES = frozenset({ORGANISER, HEAD_JUDGE})
SCOREKEEPERS = frozenset({ORGANISER, SCOREKEEPER})
#: Who enters and overrides match results: judges and scorekeepers.
RESULT_KEEPERS = JUDGES | SCOREKEEPERS


def event_roles_of(*, user: AnyUser, event_id: int) -> frozenset[str]:
    """The staff roles ``user`` holds on the event (empty for anonymous people and players)."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(
        EventRole.objects.filter(event_id=event_id, user_id=user.pk).values_list("role", flat=True)
    )


def is_event_organiser(*, user: AnyUser, event_id: int) -> bool:
    return ORGANISER in event_roles_of(user=user, event_id=event_id)


def is_event_staff(*, user: AnyUser, event_id: int) -> bool:
    """Organiser, head judge or judge of this event."""
    return bool(event_roles_of(user=user, event_id=event_id) & JUDGES)


def is_event_head_judge(*, user: AnyUser, event_id: int) -> bool:
    """Head judge or organiser of this event: who decides appeals."""
    return bool(event_roles_of(user=user, event_id=event_id) & HEAD_JUDGES)


def is_event_scorekeeper(*, user: AnyUser, event_id: int) -> bool:
    """Scorekeeper or organiser of this event: who runs its rounds."""
    return bool(event_roles_of(user=user, event_id=event_id) & SCOREKEEPERS)


def is_result_keeper(*, user: AnyUser, event_id: int) -> bool:
    """Judge (of any kind), scorekeeper or organiser: who enters results."""
    return bool(event_roles_of(user=user, event_id=event_id) & RESULT_KEEPERS)


def require_result_keeper(*, user: AnyUser, event_id: int) -> None:
    """For the judge desk's reads: PermissionDeniedError unless ``user`` judges, keeps the
    score or organises."""
    if not is_result_keeper(user=user, event_id=event_id):
        raise PermissionDeniedError(
            _("this is for the event's judges, scorekeepers and organisers"), field="event"
        )


def require_event_scorekeeper(*, user: AnyUser, event_id: int) -> None:
    """For reads of the rounds' staff (print jobs): scorekeepers and organisers."""
    if not is_event_scorekeeper(user=user, event_id=event_id):
        raise PermissionDeniedError(_("this is for the event's scorekeepers and organisers"))


def require_event_staff(*, user: AnyUser, event_id: int) -> None:
    """For selectors of staff data: PermissionDeniedError unless ``user`` judges or organises."""
    if not is_event_staff(user=user, event_id=event_id):
        raise PermissionDeniedError(
            _("this is for the event's judges and organisers"), field="event"
        )


def require_event_organiser(*, user: AnyUser, event_id: int) -> None:
    """For selectors of organisers' data: PermissionDeniedError unless ``user`` organises."""
    if not is_event_organiser(user=user, event_id=event_id):
        raise PermissionDeniedError(_("this is for the event's organisers"), field="event")


def _role_names(roles: frozenset[str]) -> str:
    """``roles`` as people read them: "head judge or organiser" (主催者またはヘッドジャッジ)."""
    labels = dict(EventRole.Role.choices)
    return pgettext("joins role names", " or ").join(
        str(labels.get(role, role)).lower() for role in sorted(roles)
    )


def event_get_for_role(*, user: AnyUser, event_id: int, roles: frozenset[str]) -> Event:
    """The event, if ``user`` holds one of ``roles`` on it.

    Raises NotFoundError when the event does not exist, PermissionDeniedError otherwise.
    """
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFoundError(
            _("event %(event_id)s does not exist") % {"event_id": event_id}, field="event"
        )
    if not event_roles_of(user=user, event_id=event_id) & roles:
        raise PermissionDeniedError(
            _("you need to be %(names)s of this event") % {"names": _role_names(roles)},
            field="event",
        )
    return event


def event_get_for_organiser(*, user: AnyUser, event_id: int) -> Event:
    return event_get_for_role(user=user, event_id=event_id, roles=frozenset({ORGANISER}))


def event_get_for_staff(*, user: AnyUser, event_id: int) -> Event:
    return event_get_for_role(user=user, event_id=event_id, roles=JUDGES)


def event_get_for_scorekeeper(*, user: AnyUser, event_id: int) -> Event:
    return event_get_for_role(user=user, event_id=event_id, roles=SCOREKEEPERS)


def event_get_for_result_keeper(*, user: AnyUser, event_id: int) -> Event:
    return event_get_for_role(user=user, event_id=event_id, roles=RESULT_KEEPERS)


# --- what the routes' arguments name (``core.access``), registered in ``access.py`` ---------


def event_levels_held(user: AnyUser, event_id: int) -> frozenset[Access]:
    """The event levels ``user`` holds: player (any registration), judge, head judge (a judge
    who decides appeals), scorekeeper, organiser (who can do all that the others can)."""
    if not user.is_authenticated:
        return frozenset()
    roles = event_roles_of(user=user, event_id=event_id)
    held = set()
    if ORGANISER in roles:
        held |= {
            Access.EVENT_ORGANISER,
            Access.EVENT_HEAD_JUDGE,
            Access.EVENT_JUDGE,
            Access.EVENT_SCOREKEEPER,
        }
    if HEAD_JUDGE in roles:
        held |= {Access.EVENT_HEAD_JUDGE, Access.EVENT_JUDGE}
    if JUDGE in roles:
        held.add(Access.EVENT_JUDGE)
    if SCOREKEEPER in roles:
        held.add(Access.EVENT_SCOREKEEPER)
    if Registration.objects.filter(event_id=event_id, user_id=user.pk).exists():
        held.add(Access.EVENT_PLAYER)
    return frozenset(held)


def event_subject(event_id: int) -> Subject | None:
    return Subject(event_id=event_id) if Event.objects.filter(pk=event_id).exists() else None


def match_subject(match_id: int) -> Subject | None:
    """A match: its event, and its players' accounts."""
    rows = list(
        Match.objects.filter(pk=match_id)
        .order_by()  # one row by primary key: no ORDER BY to compile
        .values_list("round__event_id", "player_a__user_id", "player_b__user_id")[:1]
    )
    if not rows:
        return None
    event_id, *users = rows[0]
    return Subject(
        event_id=event_id,
        owner_level=Access.MATCH_PLAYER,
        owners=frozenset(users) - {None},
    )


def registration_subject(registration_id: int) -> Subject | None:
    """A registration: its event, and the player's account (none for a player without one)."""
    row = Registration.objects.filter(pk=registration_id).values_list("event_id", "user_id").first()
    if row is None:
        return None
    event_id, user_id = row
    return Subject(
        event_id=event_id,
        owner_level=Access.REGISTRATION_OWNER,
        owners=frozenset({user_id}) - {None},
    )


def appeal_subject(appeal_id: int) -> Subject | None:
    """An appeal: the event of the match it is about."""
    row = (
        ResultAppeal.objects.filter(pk=appeal_id)
        .values_list("decision__match__round__event_id", flat=True)
        .first()
    )
    return None if row is None else Subject(event_id=row)


class _EventRolePermission(BasePermission):
    """DRF permission: the view's ``event_id`` URL argument names the event."""

    roles: frozenset[str] = frozenset()

    def has_permission(self, request: Request, view: Any) -> bool:
        event_id = view.kwargs.get("event_id")
        if event_id is None:
            return False
        roles = event_roles_of(user=request.user, event_id=int(event_id))
        return bool(roles & self.roles)


class IsEventOrganiser(_EventRolePermission):
    roles = frozenset({ORGANISER})


class IsEventStaff(_EventRolePermission):
    roles = JUDGES


class IsEventScorekeeper(_EventRolePermission):
    roles = SCOREKEEPERS


class IsResultKeeper(_EventRolePermission):
    roles = RESULT_KEEPERS


class IsEventHeadJudge(_EventRolePermission):
    roles = HEAD_JUDGES
