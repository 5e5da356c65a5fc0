"""ZTRIKE deck rules: ztr.deck.size, ztr.deck.copies, ztr.colors (one ZTRIKE card), bans."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool.legality import BanEntry, BanList, FormatRules, Game, check_ztrike, is_legal
from tests.cardpool.legality.cards import (
    legal_ztrike_deck,
    legal_ztrike_pairs,
    ztrike_deck,
    ztrike_index,
    ztrike_rules,
)

INDEX = ztrike_index()


def test_legal_deck_has_no_issue() -> None:
    assert check_ztrike(legal_ztrike_deck(), INDEX) == ()


@pytest.mark.parametrize(("extra", "size"), [([("ZX-019", 1)], 37), ([], 36)])
def test_rule_ztr_deck_size(extra: list[tuple[str, int]], size: int) -> None:
    issues = check_ztrike(ztrike_deck(*legal_ztrike_pairs(), *extra), INDEX)
    assert [(i.code, i.rule) for i in issues] == ([("deck_size", "ztr.deck.size")] if extra else [])
    if extra:
        assert f"{size} cards" in issues[0].message_en


def test_rule_ztr_deck_size_too_small() -> None:
    issues = check_ztrike(ztrike_deck(*legal_ztrike_pairs()[1:]), INDEX)
    assert [i.code for i in issues] == ["deck_size"]
    assert "34 cards" in issues[0].message_en


def test_rule_ztr_deck_copies() -> None:
    pairs = [p for p in legal_ztrike_pairs() if p[0] != "ZX-018"] + [("ZX-001", 1)]
    issues = check_ztrike(ztrike_deck(*pairs), INDEX)
    assert [(i.code, i.rule, i.cards) for i in issues] == [
        ("too_many_copies", "ztr.deck.copies", ("ZX-001",))
    ]


@pytest.mark.parametrize(
    ("ztrike_cards", "severity"),
    [([("ZX-Z1", 2)], "error"), ([("ZX-Z1", 1), ("ZX-Z2", 1)], "warning")],
    ids=["same-id", "two-ids"],
)
def test_rule_ztr_colors_ta_06(ztrike_cards: list[tuple[str, int]], severity: str) -> None:
    # TA-06 (the ambiguity register, judging.engine.ztrike.profile): "can only have 1 copy of this
    # card" is broken by two copies of one ZTRIKE Card ID (an error); two different ZTRIKE cards are
    # the unsettled reading (a warning). Both cite ztr.colors.
    pairs = [p for p in legal_ztrike_pairs() if p[0] not in ("ZX-Z1", "ZX-018")] + ztrike_cards
    issues = check_ztrike(ztrike_deck(*pairs), INDEX)
    assert [(i.code, i.rule, i.severity.value) for i in issues] == [
        ("ztrike_card_count", "ztr.colors", severity)
    ]
    assert set(issues[0].cards) == {card_id for card_id, _n in ztrike_cards}
    assert is_legal(ztrike_deck(*pairs), INDEX) is (severity == "warning")


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2025, 12, 31), []),  # before any list
        (date(2026, 1, 1), [("banned", ("ZX-003",))]),  # the January list, its first day
        (date(2026, 5, 31), [("banned", ("ZX-003",))]),
        (date(2026, 6, 1), [("limited", ("ZX-003",)), ("banned", ("ZX-004",))]),
        (None, [("limited", ("ZX-003",)), ("banned", ("ZX-004",))]),  # newest list
    ],
)
def test_rule_ztr_deck_banned_list_in_force_on_the_event_date(
    day: date | None, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    issues = check_ztrike(legal_ztrike_deck(), INDEX, ztrike_rules(), on=day)
    assert [(i.code, i.cards) for i in issues] == expected
    assert all(i.rule == "ztr.deck.banned" for i in issues)


def test_limited_n_allows_n_copies() -> None:
    rules = FormatRules(Game.ZTRIKE, "T", (BanList(date(2026, 1, 1), (BanEntry("ZX-003", 2),)),))
    assert check_ztrike(legal_ztrike_deck(), INDEX, rules) == ()
    limited = check_ztrike(
        legal_ztrike_deck(),
        INDEX,
        FormatRules(Game.ZTRIKE, "T", (BanList(date(2026, 1, 1), (BanEntry("ZX-003", 1),)),)),
    )
    assert [i.code for i in limited] == ["limited"]
    assert "Limited-(1)" in limited[0].message_en
    assert "2026-01-01" in limited[0].message_ja


def test_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="limit"):
        BanEntry("ZX-001", -1)
