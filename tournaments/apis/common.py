"""Shared pieces of the event API: permission sets, the caller, output serializers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import InvalidInputError, PermissionDeniedError
from core.numbers import whole_number_or_none
from tournaments import services
from tournaments.models import Event, Match, Registration, ResultReport, Round
from tournaments.permissions import (
    IsEventHeadJudge,
    IsEventOrganiser,
    IsEventScorekeeper,
    IsEventStaff,
    IsResultKeeper,
)
from tournaments.selectors.matches import round_matches
from tournaments.services.results import MAX_KEY

ORGANISER = [IsAuthenticated, IsEventOrganiser]


STAFF = [IsAuthenticated, IsEventStaff]
#: Scorekeepers (and organisers): the rounds, the clock, check-in, late entries, drops.
SCOREKEEPER = [IsAuthenticated, IsEventScorekeeper]
#: Judges, scorekeepers and organisers: entering results, the rounds' queue.
RESULT_KEEPER = [IsAuthenticated, IsResultKeeper]
#: The head judge (and organisers): appeals.
HEAD_JUDGE = [IsAuthenticated, IsEventHeadJudge]


IDEMPOTENCY_HEADER = OpenApiParameter(
    name="Idempotency-Key",
    type=str,
    location=OpenApiParameter.HEADER,
    required=False,
    description=f"Up to {MAX_KEY} characters. Sending the same key again returns the first "
    "answer (same status, same body, header Idempotent-Replayed: true) and stores nothing.",
)


TIME_OUTCOME_CHOICES = ["", "time_draw", "time_hp", "time_judge", "time_tiebreak"]
# The two seats of a match; one named enum in the schema (``ENUM_NAME_OVERRIDES``).
MATCH_SIDES = ["a", "b"]


class OvertimeSideSerializer(serializers.Serializer[Mapping[str, object]]):
    """One player's counts when an Azuki TCG overtime ends (``azk.op.overtime``)."""

    leader_health = serializers.IntegerField(min_value=0, max_value=999)
    deck = serializers.IntegerField(min_value=0, max_value=999)
    garden = serializers.IntegerField(min_value=0, max_value=5)
    alley = serializers.IntegerField(min_value=0, max_value=5)
    hand = serializers.IntegerField(min_value=0, max_value=999)


class OvertimeInputSerializer(serializers.Serializer[Mapping[str, object]]):
    """Azuki TCG: the tiebreak values when overtime ends with the game unfinished (with
    ``time_outcome`` = ``time_tiebreak``; the score given is the games won before that game)."""

    a = OvertimeSideSerializer()
    b = OvertimeSideSerializer()
    took_damage_last = serializers.ChoiceField(
        choices=MATCH_SIDES, allow_null=True, required=False, default=None,
        help_text="The player whose leader took damage most recently (null: nobody's).",
    )  # fmt: skip


def request_user(request: Request) -> User:
    """The logged-in person (the permission classes already refused anonymous callers)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDeniedError(_("log in first"))
    return user


def idempotency_key(request: Request) -> str:
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > MAX_KEY:
        raise InvalidInputError(
            _("the Idempotency-Key header is longer than %(limit)s characters")
            % {"limit": MAX_KEY},
            field="idempotency_key",
        )
    return key


def result_response(outcome: services.ResultOutcome) -> Response:
    """201 with the outcome in ``ResultOutputSerializer``'s shape (its schema): the outcome's
    plain values already are that shape, so no serializer is built per report (a report stays
    cheap)."""
    headers = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
    return Response(outcome.as_dict(), status=201, headers=headers)


@extend_schema_field(OpenApiTypes.STR)
class InlineChoiceField(serializers.ChoiceField):
    """A choice documented inline, its values in the help text. Several models have a ``status``
    with different values; as shared enum components their names would collide."""

    def __init__(self, *, choices: Iterable[Any], **kwargs: Any) -> None:
        values = list(choices)
        kwargs.setdefault("help_text", "One of: " + ", ".join(map(str, values)))
        super().__init__(choices=values, **kwargs)


@extend_schema_field(OpenApiTypes.INT)
class BestOfField(InlineChoiceField):
    """1 or 3 games: documented as the integer it is."""


class EventOutputSerializer(serializers.ModelSerializer[Event]):
    game = serializers.CharField(source="game.slug")
    format = serializers.CharField(source="format.slug", default=None)
    status = InlineChoiceField(choices=Event.Status.values)
    best_of = BestOfField(choices=Event.BestOf.values)
    top_cut_best_of = BestOfField(choices=Event.BestOf.values)
    starts_at = serializers.SerializerMethodField(
        help_text="The start (ISO 8601), with the event's own UTC offset."
    )

    @extend_schema_field(OpenApiTypes.DATETIME)
    def get_starts_at(self, event: Event) -> str:
        return event.starts_at.isoformat()

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "format", "date", "start_time", "time_zone", "starts_at",
            "venue", "region", "capacity", "entry_fee", "contact", "copied_from", "status",
            "registration_opens_at", "registration_closes_at", "decklist_deadline",
            "decklists_published", "decklist_required", "swiss_rounds", "top_cut", "best_of",
            "top_cut_best_of", "round_minutes", "top_cut_round_minutes", "scoring",
            "tiebreak_profile", "draws_allowed", "structure_style", "created_at",
        ]  # fmt: skip


class EventListOutputSerializer(EventOutputSerializer):
    player_count = serializers.IntegerField(read_only=True)

    class Meta(EventOutputSerializer.Meta):
        fields = [*EventOutputSerializer.Meta.fields, "player_count"]


class RegistrationPublicOutputSerializer(serializers.ModelSerializer[Registration]):
    status = InlineChoiceField(choices=Registration.Status.values)

    class Meta:
        model = Registration
        fields = ["id", "display_name", "status"]


class RegistrationStaffOutputSerializer(serializers.ModelSerializer[Registration]):
    status = InlineChoiceField(choices=Registration.Status.values)
    username = serializers.CharField(source="user.username", default=None)

    class Meta:
        model = Registration
        fields = [
            "id", "display_name", "player_id", "email", "status", "username",
            "late_rounds_missed", "dropped_after_round", "created_at",
        ]  # fmt: skip


class MatchPlayerOutputSerializer(serializers.Serializer[Registration]):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="display_name")


class ReportOutputSerializer(serializers.ModelSerializer[ResultReport]):
    reported_by = serializers.CharField(source="reported_by.username", default=None)
    source = InlineChoiceField(choices=ResultReport.Source.values)  # type: ignore[assignment]  # a field named like Field.source
    status = InlineChoiceField(choices=ResultReport.Status.values)

    class Meta:
        model = ResultReport
        fields = [
            "version", "source", "status", "reported_by", "wins_a", "wins_b", "draws",
            "intentional_draw", "conceded_by", "double_loss", "created_at",
        ]  # fmt: skip


class MatchOutputSerializer(serializers.ModelSerializer[Match]):
    player_a = MatchPlayerOutputSerializer()
    player_b = MatchPlayerOutputSerializer(allow_null=True)

    class Meta:
        model = Match
        fields = [
            "id", "table", "is_bye", "bracket_slot", "player_a", "player_b", "reason",
            "extra_minutes",
        ]  # fmt: skip


class RoundOutputSerializer(serializers.ModelSerializer[Round]):
    stage = InlineChoiceField(choices=Round.Stage.values)
    status = InlineChoiceField(choices=Round.Status.values)
    matches = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id", "number", "stage", "status", "seed", "minutes", "started_at", "ends_at",
            "paused_remaining_seconds", "summary", "revision", "matches", "day",
        ]  # fmt: skip

    @extend_schema_field(MatchOutputSerializer(many=True))
    def get_matches(self, obj: Round) -> object:
        return MatchOutputSerializer(round_matches(round_obj=obj), many=True).data


class RoundSummaryOutputSerializer(serializers.ModelSerializer[Round]):
    stage = InlineChoiceField(choices=Round.Stage.values)
    status = InlineChoiceField(choices=Round.Status.values)

    class Meta:
        model = Round
        fields = [
            "id", "number", "stage", "status", "minutes", "started_at", "ends_at", "revision",
            "day",
        ]  # fmt: skip


class ResultOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    match = serializers.IntegerField()
    version = serializers.IntegerField()
    status = InlineChoiceField(choices=ResultReport.Status.values)
    wins_a = serializers.IntegerField(help_text="Seat a's games won.")
    wins_b = serializers.IntegerField(help_text="Seat b's games won.")
    draws = serializers.IntegerField()
    you = serializers.ChoiceField(
        choices=["a", "b"],
        allow_null=True,
        help_text="The caller's seat (null for a judge): read wins_a/wins_b from that side.",
    )
    must_confirm = serializers.BooleanField(
        help_text="Whether the caller still has the opponent's report to confirm."
    )


def round_response(round_obj: Round, status: int = 200) -> Response:
    return Response(RoundOutputSerializer(round_obj).data, status=status)


def etag_for(*parts: object) -> str:
    return '"' + "-".join(map(str, parts)) + '"'


#: Paging of a snapshot's long lists (standings, pairings) in the API (a phone polls a page of
#: it, not 2,000 rows): ``?limit=``
#: (1 to 500) and ``?offset=``; without ``limit`` the whole list, as before.
PAGE_PARAMETERS = [
    OpenApiParameter(name="limit", type=int, required=False, description="at most 500 rows"),
    OpenApiParameter(name="offset", type=int, required=False, description="rows to skip"),
]
SNAPSHOT_PAGE_MAX = 500


def snapshot_page(request: Request) -> tuple[int, int | None]:
    """``(offset, limit)`` from the query string; ``limit`` None for the whole list. A bad
    number is a 400 naming the parameter."""
    values: dict[str, int | None] = {}
    for name, low, high in (("offset", 0, 10**9), ("limit", 1, SNAPSHOT_PAGE_MAX)):
        raw = request.query_params.get(name)
        if raw in (None, ""):
            values[name] = None
            continue
        number = whole_number_or_none(str(raw), negative=True)
        if number is None:
            number = low - 1
        if not low <= number <= high:
            raise InvalidInputError(
                _("%(name)s must be a whole number from %(low)s to %(high)s")
                % {"name": name, "low": low, "high": high},
                field=name,
            )
        values[name] = number
    return values["offset"] or 0, values["limit"]


def paged[T](rows: list[T], offset: int, limit: int | None) -> list[T]:
    return rows[offset:] if limit is None else rows[offset : offset + limit]
