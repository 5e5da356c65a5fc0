"""REST API of the card pool: search, one card, and the stateless decklist check.

Event decklists (submitted, versioned, deck checks) are ``tournaments.apis.decklists``; they
share ``DecklistInputSerializer`` with the stateless check."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardpool.models import Card, Game
from cardpool.selectors import CardFilters, card_get, card_search
from cardpool.services import decklist_check
from core.api import error_responses
from core.errors import NotFoundError
from core.pagination import BoundedLimitOffsetPagination


class LegalityIssueSerializer(serializers.Serializer[Mapping[str, object]]):
    code = serializers.CharField()
    rule = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())


class CardCountSerializer(serializers.Serializer[Mapping[str, object]]):
    id = serializers.CharField()
    count = serializers.IntegerField()


# A field named "errors" would shadow Serializer.errors, so the schema is built inline.
LegalityReportSerializer = inline_serializer(
    name="LegalityReport",
    fields={
        "legal": serializers.BooleanField(),
        "errors": LegalityIssueSerializer(many=True),
        "warnings": LegalityIssueSerializer(many=True),
        "cards": CardCountSerializer(many=True),
    },
)


class CardOutputSerializer(serializers.ModelSerializer[Card]):
    game = serializers.CharField(source="game.slug")
    set = serializers.CharField(source="card_set.code")
    is_demo = serializers.BooleanField(source="card_set.is_demo")

    class Meta:
        model = Card
        fields = [
            "game", "code", "set", "number", "number_printed", "name", "name_en", "name_ja",
            "card_type", "element", "elements", "rarity", "has_effect", "effect_en", "effect_ja",
            "errata", "clock", "attack_night", "attack_day", "power_cost", "send_to_power",
            "ikz_cost", "attack", "health", "gate_points", "keywords", "subtypes", "variants",
            "colour", "power", "bonus", "bonus_text", "victory_points", "is_demo",
        ]  # fmt: skip


class CardListApi(APIView):
    """Search cards by name (English or Japanese; width, case and brackets ignored) and stats."""

    permission_classes = [AllowAny]

    class FilterSerializer(serializers.Serializer[Mapping[str, object]]):
        game = serializers.ChoiceField(choices=Game.Slug.values, default="zutomayo")
        q = serializers.CharField(required=False, allow_blank=True, max_length=100)
        pack = serializers.CharField(required=False, allow_blank=True, max_length=30)
        card_type = serializers.ChoiceField(
            choices=Card.CardType.values, required=False, allow_blank=True
        )
        element = serializers.CharField(required=False, allow_blank=True, max_length=40)
        clock = serializers.IntegerField(required=False, min_value=0, max_value=17)
        power_cost = serializers.IntegerField(required=False, min_value=0, max_value=99)

    @extend_schema(
        operation_id="v1_cards_list",
        parameters=[FilterSerializer],
        responses={
            200: inline_serializer(
                name="CardPage",
                fields={
                    "count": serializers.IntegerField(),
                    "next": serializers.URLField(allow_null=True),
                    "previous": serializers.URLField(allow_null=True),
                    "results": CardOutputSerializer(many=True),
                },
            ),
            **error_responses(400),
        },
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        cards = card_search(filters=CardFilters(**filters.validated_data))
        paginator = BoundedLimitOffsetPagination()
        page = paginator.paginate_queryset(cards, request, view=self)
        return paginator.get_paginated_response(CardOutputSerializer(page, many=True).data)


class CardDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: CardOutputSerializer, **error_responses(404)})
    def get(self, request: Request, game: str, code: str) -> Response:
        card = card_get(game=game, code=code)
        if card is None:
            raise NotFoundError(
                _("no %(game)s card with code %(code)r") % {"game": game, "code": code},
                field="code",
            )
        return Response(CardOutputSerializer(card).data)


# --- decklists (shared with tournaments.apis.decklists) ----------------------------------------

MAX_UPLOAD_BYTES = 64 * 1024 + 1


class DecklistInputSerializer(serializers.Serializer[Mapping[str, object]]):
    """A decklist as text (plain, CSV or JSON text), as a JSON list, or as an uploaded file."""

    decklist = serializers.JSONField(
        required=False,
        help_text='Text ("2 1st_10" per line), CSV or JSON text, or a list of '
        '{"card": id or name, "count": n}.',
    )
    file = serializers.FileField(required=False, help_text="A .txt, .csv or .json upload.")
    format = serializers.ChoiceField(choices=["auto", "text", "csv", "json"], default="auto")
    lang = serializers.ChoiceField(choices=["en", "ja"], default="en")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        value, upload = attrs.get("decklist"), attrs.get("file")
        if (value is None) == (upload is None):
            raise serializers.ValidationError(
                {"decklist": "send exactly one of 'decklist' and 'file'"}
            )
        if upload is not None:
            attrs["data"] = upload.read(MAX_UPLOAD_BYTES)
        elif isinstance(value, str):
            attrs["data"] = value
        elif isinstance(value, list | dict):
            attrs["data"] = json.dumps(value, ensure_ascii=False)
            attrs["format"] = "json"
        else:
            raise serializers.ValidationError({"decklist": "expected text or a list of cards"})
        return attrs


class DecklistCheckApi(APIView):
    """Check a decklist without storing it."""

    permission_classes = [AllowAny]

    class InputSerializer(DecklistInputSerializer):
        game = serializers.ChoiceField(choices=Game.Slug.values)
        format_id = serializers.IntegerField(required=False, min_value=1)
        date = serializers.DateField(
            required=False, help_text="Check against the ban list in force on this day (today)."
        )

    @extend_schema(
        request=InputSerializer, responses={200: LegalityReportSerializer, **error_responses(400)}
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        report = decklist_check(
            game=data["game"],
            data=data["data"],
            fmt=data["format"],
            format_id=data.get("format_id"),
            on=data.get("date"),
        )
        return Response(report.as_dict(data["lang"]))
