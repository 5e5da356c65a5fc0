"""REST API of the card pool: search, one card."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardpool.models import Card, Game
from cardpool.selectors import CardFilters, card_get, card_search
from core.errors import NotFoundError


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

    class FilterSerializer(serializers.Serializer[dict[str, Any]]):
        game = serializers.ChoiceField(choices=Game.Slug.values, default="zutomayo")
        q = serializers.CharField(required=False, allow_blank=True, max_length=100)
        pack = serializers.CharField(required=False, allow_blank=True, max_length=30)
        card_type = serializers.ChoiceField(
            choices=Card.CardType.values, required=False, allow_blank=True
        )
        element = serializers.CharField(required=False, allow_blank=True, max_length=40)
        clock = serializers.IntegerField(required=False, min_value=0, max_value=17)
        power_cost = serializers.IntegerField(required=False, min_value=0, max_value=99)

    @extend_schema(parameters=[FilterSerializer], responses=CardOutputSerializer(many=True))
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        cards = card_search(filters=CardFilters(**filters.validated_data))
        paginator = LimitOffsetPagination()
        page = paginator.paginate_queryset(cards, request, view=self)
        return paginator.get_paginated_response(CardOutputSerializer(page, many=True).data)


class CardDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=CardOutputSerializer)
    def get(self, request: Request, game: str, code: str) -> Response:
        card = card_get(game=game, code=code)
        if card is None:
            raise NotFoundError(f"no {game} card with code {code!r}", field="code")
        return Response(CardOutputSerializer(card).data)
