"""Staff roles are per event; the permission helper is what views and APIs ask."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIRequestFactory

from core.errors import NotFoundError, PermissionDeniedError
from tournaments.permissions import (
    IsEventOrganiser,
    IsEventStaff,
    event_get_for_organiser,
    event_get_for_staff,
    event_roles_of,
    is_event_organiser,
    is_event_staff,
)
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser_x, organiser_y, judge_x, player = (make_user() for _ in range(4))
    event_x = make_event(organiser=organiser_x, name="X")
    event_y = make_event(organiser=organiser_y, name="Y")
    event_role_grant(event=event_x, user=judge_x, role="judge", granted_by=organiser_x)
    return {
        "x": event_x,
        "y": event_y,
        "organiser_x": organiser_x,
        "organiser_y": organiser_y,
        "judge_x": judge_x,
        "player": player,
    }


@pytest.mark.parametrize(
    ("who", "event", "organiser", "staff"),
    [
        ("organiser_x", "x", True, True),
        ("organiser_x", "y", False, False),
        ("organiser_y", "x", False, False),
        ("judge_x", "x", False, True),
        ("judge_x", "y", False, False),
        ("player", "x", False, False),
    ],
)
def test_role_matrix(
    world: dict[str, Any], who: str, event: str, organiser: bool, staff: bool
) -> None:
    user, event_id = world[who], world[event].pk
    assert is_event_organiser(user=user, event_id=event_id) is organiser
    assert is_event_staff(user=user, event_id=event_id) is staff
    if organiser:
        assert event_get_for_organiser(user=user, event_id=event_id) == world[event]
    else:
        with pytest.raises(PermissionDeniedError):
            event_get_for_organiser(user=user, event_id=event_id)
    if staff:
        assert event_get_for_staff(user=user, event_id=event_id) == world[event]
    else:
        with pytest.raises(PermissionDeniedError):
            event_get_for_staff(user=user, event_id=event_id)


def test_anonymous_has_no_roles(world: dict[str, Any]) -> None:
    assert event_roles_of(user=AnonymousUser(), event_id=world["x"].pk) == frozenset()


def test_missing_event_is_not_found(world: dict[str, Any]) -> None:
    with pytest.raises(NotFoundError):
        event_get_for_staff(user=world["organiser_x"], event_id=999_999)


def test_drf_permission_classes(world: dict[str, Any]) -> None:
    request = APIRequestFactory().get("/")

    class View:
        kwargs = {"event_id": str(world["x"].pk)}

    for who, organiser, staff in (
        ("organiser_x", True, True),
        ("judge_x", False, True),
        ("organiser_y", False, False),
    ):
        request.user = world[who]
        assert IsEventOrganiser().has_permission(request, View()) is organiser
        assert IsEventStaff().has_permission(request, View()) is staff
