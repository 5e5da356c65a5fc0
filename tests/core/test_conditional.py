"""``If-None-Match`` against our ETag (RFC 9110 §13.1.2): lists, weak tags and ``*``."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from rest_framework.request import Request

from core.conditional import etag_matches, not_modified


@pytest.mark.parametrize(
    ("header", "etag", "expected"),
    [
        ('"r1-2"', '"r1-2"', True),
        ('W/"r1-2"', '"r1-2"', True),  # weak comparison: a weak tag matches the strong one
        ('"r1-2"', 'W/"r1-2"', True),
        ('"r1-1", "r1-2"', '"r1-2"', True),  # a list: any member
        ('"r1-1",W/"r1-2"', '"r1-2"', True),
        ("*", '"r1-2"', True),
        ('"r1-1"', '"r1-2"', False),
        ('"r1-2', '"r1-2"', False),  # a broken tag is not ours
        ("", '"r1-2"', False),
        ('"r2-2"', '"r1-2"', False),  # another round, same revision
    ],
)
def test_etag_matches(header: str, etag: str, expected: bool) -> None:
    assert etag_matches(header, etag) is expected


def test_not_modified_reads_the_header_of_a_page_or_an_api_request() -> None:
    page = RequestFactory().get("/", HTTP_IF_NONE_MATCH='W/"r1-2"')
    assert not_modified(page, '"r1-2"')
    assert not_modified(Request(page), '"r1-2"')
    assert not not_modified(RequestFactory().get("/"), '"r1-2"')
