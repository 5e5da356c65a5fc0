"""The API's one JSON parser, on every endpoint (the token endpoint's too): JSON nested absurdly
deep, or a string holding a NUL byte or a lone surrogate, is a 400, never a crash."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.hygiene import json_problem


class SafeJSONParser(JSONParser):
    def parse(
        self,
        stream: IO[bytes],
        media_type: str | None = None,
        parser_context: Mapping[str, object] | None = None,
    ) -> dict[str, object]:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError("JSON parse error - nested too deeply") from exc
        problem = json_problem(data)
        if problem is not None:
            raise problem
        return data
