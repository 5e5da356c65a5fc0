"""``{% load overtime %}``: a result's Azuki TCG overtime decision in the page's language, with
the players' names (``{{ report|tiebreak:match }}``)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from tournaments.models import Match, ResultReport
from tournaments.procedures.end_of_round import tiebreak_text

register = template.Library()


@register.filter
def tiebreak(report: ResultReport, match: Match) -> str:
    if not report.overtime:
        return ""
    name_b = match.player_b.display_name if match.player_b else ""
    return tiebreak_text(
        report.overtime, get_language(), name_a=match.player_a.display_name, name_b=name_b
    )
