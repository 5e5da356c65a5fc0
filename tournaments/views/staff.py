"""The staff page of an event (its organisers appoint and remove staff, invite by email) and
the page an invitation's link opens."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import InvalidInputError, NotFoundError
from core.numbers import whole_number_or_none
from core.views import form_service_call, request_user
from tournaments.forms.events import StaffAppointForm
from tournaments.models import EventRole, StaffInvitation
from tournaments.permissions import ORGANISER, event_get_for_organiser, event_roles_of
from tournaments.selectors.audit import person_name
from tournaments.selectors.staff import event_invitations_pending, event_staff, person_get
from tournaments.services.staff import (
    staff_appoint,
    staff_invitation_accept,
    staff_invitation_preview,
    staff_invitation_revoke,
    staff_revoke,
)
from tournaments.views.common import post_int, run_and_redirect


def _role_label(role: str) -> str:
    if role not in EventRole.Role.values:
        raise InvalidInputError(_("choose a role"), field="role")
    return str(EventRole.Role(role).label).lower()


@login_required
def staff_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: the staff and the open invitations, and the form to appoint; POST: appoint."""
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    form = StaffAppointForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            done, status, _error = form_service_call(
                form,
                lambda: staff_appoint(
                    actor=user, event_id=event.pk, who=data["who"], role=data["role"],
                    base_url=request.build_absolute_uri("/"),
                ),
            )  # fmt: skip
            if isinstance(done, StaffInvitation):
                messages.success(
                    request, _("Invitation sent to %(email)s.") % {"email": done.email}
                )
                return redirect("tournaments:event-staff", event_id=event.pk)
            if isinstance(done, EventRole):
                messages.success(
                    request,
                    _("%(name)s is now %(role)s.")
                    % {"name": done.user.get_username(), "role": done.get_role_display().lower()},
                )
                return redirect("tournaments:event-staff", event_id=event.pk)
    context = {
        "event": event,
        "form": form,
        "staff": event_staff(event_id=event.pk, user=user),
        "invitations": event_invitations_pending(event_id=event.pk, user=user),
    }
    return render(request, "tournaments/staff.html", context, status=status)


@login_required
def staff_remove(request: HttpRequest, event_id: int) -> HttpResponseBase:
    """GET: asks to confirm removing one person's role (named in the query); POST: removes it."""
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    source = request.POST if request.method == "POST" else request.GET
    role = source.get("role", "")
    label = _role_label(role)
    person_id = whole_number_or_none(source.get("user", ""))
    if person_id is None:
        raise InvalidInputError(_("choose whom to remove"), field="user")
    person = person_get(user_id=person_id)
    if person is None or role not in event_roles_of(user=person, event_id=event.pk):
        raise NotFoundError(_("that person is not %(role)s of this event") % {"role": label})
    back = reverse("tournaments:event-staff", args=[event.pk])
    if request.method == "POST":
        return run_and_redirect(
            request,
            lambda: staff_revoke(actor=user, event_id=event.pk, user_id=person.pk, role=role),
            success=_("%(name)s is no longer %(role)s.")
            % {"name": person.get_username(), "role": label},
            then=back,
        )
    context = {
        "event": event,
        "person": person,
        "role": role,
        "role_label": label,
        "is_self": person.pk == user.pk and role == ORGANISER,
        "back": back,
    }
    return render(request, "tournaments/staff_remove.html", context)


@login_required
@require_POST
def staff_invitation_withdraw(request: HttpRequest, event_id: int) -> HttpResponseBase:
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    return run_and_redirect(
        request,
        lambda: staff_invitation_revoke(
            actor=user, event_id=event.pk, invitation_id=post_int(request, "invitation")
        ),
        success=_("The invitation is withdrawn."),
        then=reverse("tournaments:event-staff", args=[event.pk]),
    )


def _staff_home(role: str) -> str:
    """Where a new member of staff starts: the dashboard, or the judge desk for judges."""
    judges = (EventRole.Role.JUDGE, EventRole.Role.HEAD_JUDGE)
    return "tournaments:judge-desk" if role in judges else "tournaments:event-manage"


def staff_invitation(request: HttpRequest, token: str) -> HttpResponseBase:
    """The page an invitation's link opens: who invited whom to what role of which event, read
    before logging in (the link is the secret); accepting it needs an account."""
    invitation = staff_invitation_preview(token=token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        user = request_user(request)
        appointed = staff_invitation_accept(user=user, token=token)
        messages.success(
            request,
            _("You are now %(role)s of %(event)s.")
            % {"role": appointed.get_role_display().lower(), "event": invitation.event.name},
        )
        return redirect(_staff_home(appointed.role), event_id=invitation.event_id)
    return render(
        request,
        "tournaments/staff_invitation.html",
        {"invitation": invitation, "inviter": person_name(invitation.invited_by)},
    )
