"""Shared builders for the service-level tests of running an event.

``kit`` builds an event with an organiser and a judge, registers and checks in players who
each have a user account, pairs rounds with fixed seeds and plays them through the services.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from tournaments.models import Event, Match, Registration, ResultReport, Round, RoundSnapshot
from tournaments.services import (
    event_create,
    event_role_grant,
    registration_check_in,
    registration_create,
    result_enter_by_judge,
    result_report,
    round_complete,
    round_pair,
)

Score = tuple[int, int, int]
#: A scorer gets a match and returns the game score (wins_a, wins_b, draws) both players report.
Scorer = Callable[[Match], Score]
START = dt.datetime(2026, 12, 20, 10, 0, tzinfo=dt.UTC)


def a_wins(match: Match) -> Score:
    return (1, 0, 0)


@dataclass
class TournamentKit:
    """Builds events and plays rounds through the services; every write is a service call."""

    organiser: User
    judge: User
    _counter: Iterator[int] = field(default_factory=lambda: iter(range(1, 100_000)))

    def user(self, prefix: str = "player") -> User:
        number = next(self._counter)
        user: User = get_user_model().objects.create_user(
            username=f"{prefix}{number}", password="pw-for-tests-1"
        )
        return user

    def event(self, **fields: Any) -> Event:
        fields.setdefault("name", "Service Open")
        fields.setdefault("game_slug", "zutomayo")
        fields.setdefault("date", dt.date(2026, 12, 20))
        fields.setdefault("status", Event.Status.REGISTRATION_OPEN)
        # Most tests play rounds without decklists; the decklist tests require legal lists.
        fields.setdefault("decklist_required", False)
        event = event_create(created_by=self.organiser, **fields)
        event_role_grant(event=event, user=self.judge, role="judge", granted_by=self.organiser)
        return event

    def register(self, event: Event, name: str, *, check_in: bool = True) -> Registration:
        """Register a player with a user account (added by the organiser), checked in."""
        registration = registration_create(
            event=event, user=self.user(), display_name=name, by=self.organiser
        )
        if check_in and registration.status == Registration.Status.REGISTERED:
            registration = registration_check_in(registration_id=registration.pk, by=self.organiser)
        return registration

    def players(self, event: Event, count: int, *, check_in: bool = True) -> list[Registration]:
        return [
            self.register(event, f"Player {index:02d}", check_in=check_in)
            for index in range(1, count + 1)
        ]

    def pair(self, event: Event, seed: int = 7) -> Round:
        return round_pair(event_id=event.pk, by=self.organiser, seed=seed)

    @staticmethod
    def matches(round_obj: Round, *, byes: bool = False) -> list[Match]:
        query = Match.objects.filter(round=round_obj).select_related(
            "player_a__user", "player_b__user"
        )
        if not byes:
            query = query.filter(is_bye=False)
        return list(query.order_by("table"))

    @staticmethod
    def user_a(match: Match) -> User:
        user = match.player_a.user
        assert user is not None
        return user

    @staticmethod
    def user_b(match: Match) -> User:
        assert match.player_b is not None
        user = match.player_b.user
        assert user is not None
        return user

    def report_both(self, match: Match, score: Score, *, b_first: bool = False) -> None:
        """Both players report the same score: the match is confirmed."""
        users = [self.user_a(match), self.user_b(match)]
        if b_first:
            users.reverse()
        for user in users:
            result_report(
                match_id=match.pk, user=user, wins_a=score[0], wins_b=score[1], draws=score[2]
            )

    def play(self, round_obj: Round, scorer: Scorer = a_wins, *, complete: bool = True) -> Round:
        """Confirm a result at every table still without one, then close the round."""
        for match in self.matches(round_obj):
            if ResultReport.objects.filter(match=match, status="confirmed").exists():
                continue  # decided earlier in the test
            if match.player_a.user is None or match.player_b is None or not match.player_b.user:
                score = scorer(match)
                result_enter_by_judge(
                    match_id=match.pk,
                    judge=self.judge,
                    wins_a=score[0],
                    wins_b=score[1],
                    draws=score[2],
                )
            else:
                self.report_both(match, scorer(match))
        if complete:
            round_obj = round_complete(round_id=round_obj.pk, by=self.organiser)
        return round_obj

    @staticmethod
    def standings(round_obj: Round) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = RoundSnapshot.objects.get(round=round_obj).standings
        return rows

    @staticmethod
    def row_of(rows: list[dict[str, Any]], registration: Registration) -> dict[str, Any]:
        return next(row for row in rows if row["registration"] == registration.pk)


@pytest.fixture
def kit(db: None) -> TournamentKit:
    model = get_user_model()
    organiser = model.objects.create_user(username="organiser", password="pw-for-tests-1")
    judge = model.objects.create_user(username="judge", password="pw-for-tests-1")
    return TournamentKit(organiser=organiser, judge=judge)
