"""Azuki TCG deck rules (rules FAQ, "Deck building": azk.deck.legal / copies / dual / banned)."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool.legality import (
    BanEntry,
    BanList,
    Decklist,
    FormatRules,
    Game,
    azuki_constructed_rules,
    check_azuki,
)
from tests.cardpool.legality.cards import azuki_deck, azuki_index, legal_azuki_pairs

INDEX = azuki_index()


def replaced(old: str, new: list[tuple[str, int]]) -> Decklist:
    return azuki_deck(*[p for p in legal_azuki_pairs() if p[0] != old], *new)


def issues_of(deck: Decklist, rules: FormatRules | None = None) -> list[tuple[str, str]]:
    return [(i.code, i.rule) for i in check_azuki(deck, INDEX, rules)]


def test_legal_deck_has_no_issue() -> None:
    assert check_azuki(azuki_deck(*legal_azuki_pairs()), INDEX) == ()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("TST01-001", []), [("leader_count", "azk.deck.legal")]),
        (("TST01-001", [("TST01-001", 2)]), [("leader_count", "azk.deck.legal")]),
        (
            ("TST01-001", [("TST01-001", 1), ("TST01-002", 1)]),
            [("leader_count", "azk.deck.legal")],
        ),
        (("TST01-003", []), [("gate_count", "azk.deck.legal")]),
        (
            ("TST01-003", [("TST01-003", 1), ("TST01-004", 1)]),
            [("gate_count", "azk.deck.legal"), ("element_mismatch", "azk.deck.legal")],
        ),
        (("TST01-010", [("TST01-010", 1)]), [("main_deck_size", "azk.deck.legal")]),
        (("TST01-010", [("TST01-010", 3)]), [("main_deck_size", "azk.deck.legal")]),
        (("IKZ-901", [("IKZ-901", 9)]), [("ikz_count", "azk.deck.legal")]),
        (("IKZ-902", []), [("ikz_count", "azk.deck.legal")]),
        (("IKZ-902", [("IKZ-902", 2)]), [("ikz_count", "azk.deck.legal")]),
    ],
)
def test_rule_azk_deck_legal_counts(
    change: tuple[str, list[tuple[str, int]]], expected: list[tuple[str, str]]
) -> None:
    assert issues_of(replaced(*change)) == expected


def test_ikz_messages_say_which_count_is_wrong() -> None:
    (token,) = check_azuki(replaced("IKZ-902", []), INDEX)
    assert "IKZ tokens" in token.message_en
    assert "IKZトークン" in token.message_ja
    (ikz,) = check_azuki(replaced("IKZ-901", [("IKZ-901", 11)]), INDEX)
    assert "11 IKZ cards" in ikz.message_en


def test_rule_azk_deck_legal_main_card_off_element() -> None:
    deck = replaced("TST01-010", [("TST01-030", 2)])  # a water spell in a lightning deck
    issues = check_azuki(deck, INDEX)
    assert [(i.code, i.cards) for i in issues] == [("element_mismatch", ("TST01-030", "TST01-001"))]
    assert "water" in issues[0].message_en


def test_rule_azk_deck_legal_gate_off_element() -> None:
    deck = replaced("TST01-003", [("TST01-005", 1)])
    assert issues_of(deck) == [("element_mismatch", "azk.deck.legal")]


def test_neutral_cards_are_always_allowed() -> None:
    deck = replaced("TST01-010", [("TST01-044", 2)])  # 4 copies of a neutral weapon
    assert issues_of(deck) == []


def test_rule_azk_deck_dual_leader_allows_either_element() -> None:
    pairs = [p for p in legal_azuki_pairs() if p[0] not in ("TST01-001", "TST01-003")]
    pairs = pairs[:-2]  # drop 4 neutral weapons
    deck = azuki_deck(
        *pairs, ("TST01-002", 1), ("TST01-004", 1), ("TST01-030", 2), ("TST01-031", 2)
    )
    assert issues_of(deck) == []


def test_dual_leader_still_refuses_a_third_element() -> None:
    pairs = [p for p in legal_azuki_pairs() if p[0] not in ("TST01-001", "TST01-010")]
    deck = azuki_deck(*pairs, ("TST01-002", 1), ("TST01-050", 2))
    assert issues_of(deck) == [("element_mismatch", "azk.deck.dual")]


def test_dual_element_main_card_needs_both_elements_allowed() -> None:
    deck = replaced("TST01-010", [("TST01-051", 2)])  # lightning + earth in a lightning deck
    assert issues_of(deck) == [("element_mismatch", "azk.deck.legal")]


def test_no_element_check_without_a_single_leader() -> None:
    deck = azuki_deck(*[p for p in legal_azuki_pairs() if p[0] != "TST01-001"], ("TST01-050", 1))
    assert [c for c, _r in issues_of(deck)] == ["leader_count", "main_deck_size"]


def test_rule_azk_deck_copies_four_allowed_five_not() -> None:
    four = replaced("TST01-011", [("TST01-010", 2)])  # TST01-010 x2 + x2
    assert issues_of(four) == []
    five = azuki_deck(
        *[(e.card_id, e.count) for e in replaced("TST01-012", []).entries],
        ("TST01-012", 1),
        ("TST01-010", 3),
    )
    issues = check_azuki(five, INDEX)
    assert [(i.code, i.rule, i.cards) for i in issues] == [
        ("main_deck_size", "azk.deck.legal", ()),
        ("too_many_copies", "azk.deck.copies", ("TST01-010",)),
    ]
    assert "5 copies" in issues[1].message_en


def test_rule_azk_deck_copies_alternate_art_counts_toward_the_same_four() -> None:
    base = replaced("TST01-011", [])  # 48 main cards, TST01-010 x2
    deck = azuki_deck(*[(e.card_id, e.count) for e in base.entries], ("TST01-010A", 3))
    issues = check_azuki(deck, INDEX)
    assert [i.code for i in issues] == ["main_deck_size", "too_many_copies"]
    assert set(issues[1].cards) == {"TST01-010", "TST01-010A"}
    assert "TST01-010" in issues[1].message_en


def test_ikz_cards_are_not_limited_to_four() -> None:
    assert all(c != "too_many_copies" for c, _r in issues_of(azuki_deck(*legal_azuki_pairs())))


def test_rule_azk_deck_banned_rushfire_gate_by_default() -> None:
    deck = replaced("TST01-003", [("TST01-006", 1)])
    issues = check_azuki(deck, INDEX)
    assert [(i.code, i.rule) for i in issues] == [
        ("element_mismatch", "azk.deck.legal"),
        ("banned", "azk.deck.banned"),
    ]
    assert issues[1].cards == ("TST01-006",)


def test_constructed_rules_are_the_default() -> None:
    deck = replaced("TST01-003", [("TST01-006", 1)])
    assert check_azuki(deck, INDEX) == check_azuki(deck, INDEX, azuki_constructed_rules())


def test_a_format_list_adds_to_the_faq_ban() -> None:
    rules = FormatRules(
        Game.AZUKI, "Cup", (BanList(date(2026, 1, 1), (BanEntry("TST01-011", 1),)),)
    )
    deck = replaced("TST01-003", [("TST01-006", 1)])
    codes = [i.code for i in check_azuki(deck, INDEX, rules)]
    assert codes == ["element_mismatch", "limited", "banned"]


def test_the_faq_ban_is_not_reported_twice() -> None:
    rules = FormatRules(
        Game.AZUKI, "Cup", (BanList(date(2026, 1, 1), (BanEntry("TST01-006", 0),)),)
    )
    deck = replaced("TST01-003", [("TST01-006", 1)])
    assert [i.code for i in check_azuki(deck, INDEX, rules)] == ["element_mismatch", "banned"]


def test_a_non_constructed_format_does_not_apply_the_faq_ban() -> None:
    rules = FormatRules(Game.AZUKI, "Casual", (), constructed=False)
    deck = replaced("TST01-003", [("TST01-006", 1)])
    assert [i.code for i in check_azuki(deck, INDEX, rules)] == ["element_mismatch"]


def test_unknown_card() -> None:
    deck = replaced("TST01-010", [("TST09-999", 2)])
    assert [(i.code, i.cards) for i in check_azuki(deck, INDEX)] == [
        ("unknown_card", ("TST09-999",)),
        ("main_deck_size", ()),
    ]
