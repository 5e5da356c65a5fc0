"""A result read from the viewing player's side: ``report|from_side:side`` (won, lost or draw,
their games first), so that no player reads a score in seat order."""

from __future__ import annotations

from django import template

from tournaments.models import ResultReport
from tournaments.selectors.matches import SideScore, score_from_side

register = template.Library()


@register.filter
def from_side(report: ResultReport, side: str) -> SideScore:
    return score_from_side(report, side)
