"""``{% load people %}``: a person's name as staff read it (``{{ report.reported_by|person }}``:
the profile's display name, else the full name, else the username)."""

from __future__ import annotations

from django import template
from django.contrib.auth.models import User

from tournaments.selectors.audit import person_name

register = template.Library()


@register.filter
def person(user: User | None) -> str:
    return person_name(user)
