"""REST API of the judge tools: replay a record, cases and rulings, rule texts."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from judging.models import JudgeCase, RuleClause, Ruling
from judging.selectors import judge_case_list, rule_clause_get
from judging.services import judge_case_file, judge_case_open, replay_for_judge, ruling_compute


class ReplayApi(APIView):
    """Replay a ``zutomayo-game/1`` record (cards from the database) without storing it."""

    permission_classes = [IsAuthenticated]

    class ReplayInputSerializer(serializers.Serializer[Mapping[str, object]]):
        record = serializers.DictField()
        lang = serializers.ChoiceField(choices=["en", "ja"], default="en")
        text = serializers.BooleanField(default=False)

    @extend_schema(
        request=ReplayInputSerializer, responses={200: dict, **error_responses(400, 403)}
    )
    def post(self, request: Request) -> Response:
        data = validated(self.ReplayInputSerializer, request.data)
        result = replay_for_judge(record=data["record"], lang=data["lang"])
        lang = data["lang"]
        body = result.json(lang)
        if data["text"]:
            body = {**body, "text": result.text(lang)}
        return Response(body)


class RulingSerializer(serializers.ModelSerializer[Ruling]):
    class Meta:
        model = Ruling
        fields = [
            "id", "case", "record", "record_sha256", "engine_version", "profile", "outcome",
            "output", "text_en", "text_ja", "created_at",
        ]  # fmt: skip


class JudgeCaseSerializer(serializers.ModelSerializer[JudgeCase]):
    class Meta:
        model = JudgeCase
        fields = ["id", "event", "match", "title", "status", "filed_ruling", "created_at"]


class CaseListApi(APIView):
    permission_classes = [IsAuthenticated]

    class CaseOpenInputSerializer(serializers.Serializer[Mapping[str, object]]):
        title = serializers.CharField(max_length=200)
        match = serializers.IntegerField(required=False, min_value=1)

    @extend_schema(responses={200: JudgeCaseSerializer(many=True), **error_responses(403, 404)})
    def get(self, request: Request, event_id: int) -> Response:
        cases = judge_case_list(event_id=event_id, user=request.user)
        return Response(JudgeCaseSerializer(cases, many=True).data)

    @extend_schema(
        request=CaseOpenInputSerializer,
        responses={201: JudgeCaseSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.CaseOpenInputSerializer, request.data)
        case = judge_case_open(
            event_id=event_id, by=request.user, title=data["title"],  # type: ignore[arg-type]  # IsAuthenticated
            match_id=data.get("match"),
        )  # fmt: skip
        return Response(JudgeCaseSerializer(case).data, status=201)


class RulingCreateApi(APIView):
    """Replay a record on a case and store the ruling (immutable, reproducible)."""

    permission_classes = [IsAuthenticated]

    class RulingInputSerializer(serializers.Serializer[Mapping[str, object]]):
        record = serializers.DictField()

    @extend_schema(request=RulingInputSerializer, responses={201: RulingSerializer, **ERRORS})
    def post(self, request: Request, case_id: int) -> Response:
        data = validated(self.RulingInputSerializer, request.data)
        ruling = ruling_compute(
            case_id=case_id,
            by=request.user,  # type: ignore[arg-type]  # IsAuthenticated
            record=data["record"],
        )
        return Response(RulingSerializer(ruling).data, status=201)


class CaseFileApi(APIView):
    permission_classes = [IsAuthenticated]

    class CaseFileInputSerializer(serializers.Serializer[Mapping[str, object]]):
        ruling = serializers.IntegerField(min_value=1)

    @extend_schema(request=CaseFileInputSerializer, responses={200: JudgeCaseSerializer, **ERRORS})
    def post(self, request: Request, case_id: int) -> Response:
        data = validated(self.CaseFileInputSerializer, request.data)
        case = judge_case_file(
            case_id=case_id,
            ruling_id=data["ruling"],
            by=request.user,  # type: ignore[arg-type]  # IsAuthenticated
        )
        return Response(JudgeCaseSerializer(case).data)


class RuleClauseSerializer(serializers.ModelSerializer[RuleClause]):
    document = serializers.CharField(source="document.slug")
    version = serializers.CharField(source="document.version")

    class Meta:
        model = RuleClause
        fields = ["document", "version", "key", "number", "display", "heading", "text", "see_also"]


class RuleClauseApi(APIView):
    """One rule's text: ``/api/v1/rules/zutomayo/ground-rules/5.2.1.2/``."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: RuleClauseSerializer, **error_responses(404)})
    def get(self, request: Request, game: str, slug: str, key: str) -> Response:
        clause = rule_clause_get(game=game, slug=slug, key=key)
        return Response(RuleClauseSerializer(clause).data)
