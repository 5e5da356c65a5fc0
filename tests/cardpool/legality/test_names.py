"""normalize_name: width, case, bracket style and whitespace are ignored."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardpool.legality import normalize_name


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("NIRA-CHAN (STUDY ME)", "nira-chan (study me)"),
        ("NIRA-CHAN (STUDY ME)", "NIRA-CHAN(STUDY ME)"),
        ("NIRA-CHAN (STUDY ME)", "  NIRA-CHAN   ( STUDY  ME )  "),
        ("NIRA-CHAN (STUDY ME)", "ＮＩＲＡ－ＣＨＡＮ（ＳＴＵＤＹ　ＭＥ）"),
        ("にらちゃん（お勉強しといてよ）", "にらちゃん(お勉強しといてよ)"),
        ("にらちゃん（お勉強しといてよ）", "にらちゃん【お勉強しといてよ】"),
        ("にらちゃん（お勉強しといてよ）", "にらちゃん[お勉強しといてよ]"),
        ("にらちゃん（お勉強しといてよ）", "にらちゃん［お勉強しといてよ］"),
        ("にらちゃん（お勉強しといてよ）", "にらちゃん 〔お勉強しといてよ〕"),
        ("ﾀﾞﾝｽ", "ダンス"),
        ("Test\tName", "test name"),
    ],
)
def test_names_that_match(left: str, right: str) -> None:
    assert normalize_name(left) == normalize_name(right)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("NIRA-CHAN (STUDY ME)", "NIRA-CHAN (STUDYME)"),
        ("NIRA-CHAN", "NIRA CHAN"),
        ("にらちゃん（正義）", "にらちゃん"),
    ],
)
def test_names_that_differ(left: str, right: str) -> None:
    assert normalize_name(left) != normalize_name(right)


@given(st.text(max_size=40))
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize_name(text)
    assert normalize_name(once) == once


@given(st.text(max_size=40))
def test_no_surrounding_or_double_whitespace(text: str) -> None:
    key = normalize_name(text)
    assert key == key.strip()
    assert "  " not in key
