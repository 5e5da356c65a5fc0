"""Whole numbers from people: ASCII digits only, one parser for every place (``core.numbers``)."""

from __future__ import annotations

import pytest

from core.errors import InvalidInputError
from core.numbers import optional_whole_number, whole_number, whole_number_or_none


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0", 0), (" 42 ", 42), ("007", 7), ("9" * 18, int("9" * 18))],
)
def test_ascii_digits_are_read(text: str, expected: int) -> None:
    assert whole_number(text, field="n") == expected


@pytest.mark.parametrize(
    "text", ["", " ", "²", "١٢", "１２", "1_000", "+1", "-1", "1.0", "1e3", "9" * 19, "\x00", "𝟙"]
)
def test_anything_else_is_refused_naming_the_field(text: str) -> None:
    assert whole_number_or_none(text) is None
    with pytest.raises(InvalidInputError) as refused:
        whole_number(text, field="table")
    assert refused.value.field == "table"
    assert "digits 0–9" in refused.value.message


def test_a_minus_sign_only_where_the_caller_allows_it() -> None:
    assert whole_number_or_none("-3", negative=True) == -3
    assert whole_number_or_none("--3", negative=True) is None
    assert whole_number_or_none(["3"]) is None


def test_bounds_and_blank() -> None:
    with pytest.raises(InvalidInputError, match="from 1 to 5"):
        whole_number("6", field="n", minimum=1, maximum=5)
    assert optional_whole_number("  ", field="n") is None
    assert optional_whole_number(None, field="n") is None
    assert optional_whole_number("3", field="n") == 3
