"""Conditional requests, for pages and API answers alike: does ``If-None-Match`` name our ETag?

One helper for both (RFC 9110 §13.1.2): the header may list several tags, separated by commas,
each strong (``"x"``) or weak (``W/"x"``); comparison is weak, so ``W/"x"`` matches ``"x"``;
``*`` matches any current representation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class _Request(Protocol):
    """A Django request or a DRF one: both carry the headers."""

    @property
    def headers(self) -> Mapping[str, str]: ...


def etag_matches(if_none_match: str, etag: str) -> bool:
    """True when the ``If-None-Match`` header names ``etag`` (weakly) or is ``*``."""
    wanted = etag.removeprefix("W/")
    for tag in if_none_match.split(","):
        tag = tag.strip()
        if tag == "*" or tag.removeprefix("W/") == wanted:
            return True
    return False


def not_modified(request: _Request, etag: str) -> bool:
    """True when the request's ``If-None-Match`` names ``etag``: answer 304."""
    return etag_matches(request.headers.get("If-None-Match", ""), etag)
