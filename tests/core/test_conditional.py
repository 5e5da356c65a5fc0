"""``If-None-Match`` against our ETag (RFC 9110 §13.1.2): lists, weak tags and ``*``."""

from __future__ import annotations

import pytest

from core.conditional import etag_matches


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
