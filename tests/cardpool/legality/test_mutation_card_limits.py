"""Copy limits and the ZTRIKE card rule: the whole message a player reads, in both languages.

Written against the survivors of `make mutation` in the copy-limit checks (``check_copy_limit``
and ``checks_ztrike``). The limits are the rules texts': ZUTOMAYO 4.1.2 "at most 2 cards with
the same pack and the same card number", Azuki "up to four of each card number; alternate art
counts toward the same four", ZTRIKE "The ZTRIKE card is unique and can only have 1 copy of this
card in your deck" read per TA-06 (``PER_ID`` by default: two different ZTRIKE cards are a
warning; ``IN_TOTAL``: an error). A message names each card once, in the reader's language.
"""

from __future__ import annotations

import pytest

from cardpool.legality import (
    CardIndex,
    Game,
    LegalityIssue,
    Severity,
    ZtrikeCard,
    ZtrikeColour,
    check_azuki,
    check_ztrike,
    check_zutomayo,
)
from cardpool.legality.checks_common import resolve
from cardpool.legality.checks_ztrike import check_ztrike_cards
from tests.cardpool.legality.cards import (
    azuki_deck,
    azuki_index,
    legal_azuki_pairs,
    legal_ztrike_pairs,
    ztrike_deck,
    ztrike_index,
    zutomayo_deck,
    zutomayo_index,
)


def only(issues: tuple[LegalityIssue, ...], code: str) -> LegalityIssue:
    found = [i for i in issues if i.code == code]
    assert len(found) == 1, issues
    return found[0]


def test_zutomayo_two_printings_over_the_limit_are_both_named_in_each_language() -> None:
    # 1st_5 (TEST HERO 1ST 5 / テスト1stの5) twice and its SE printing (TEST HERO SECRET /
    # テストひみつ) once: three cards of pack 1st, number 5, with 17 other cards: 20.
    base = [(f"1st_{n}", 2) for n in (1, 2, 3, 4, 6, 7, 8, 9)]
    deck = zutomayo_deck(*base, ("1st_5", 2), ("1st_5_SE", 1))
    issue = only(check_zutomayo(deck, zutomayo_index()), "too_many_copies")
    assert issue.cards == ("1st_5", "1st_5_SE")
    assert issue.message_en == (
        "3 cards with pack 1st and number 5 (TEST HERO 1ST 5, TEST HERO SECRET); at most 2 allowed."
    )
    assert issue.message_ja == (
        "収録パック1st・ナンバー5のカード（テスト1stの5, テストひみつ）が3枚あります。"
        "同じパック・ナンバーのカードは2枚までです。"
    )


def test_azuki_alternate_art_with_the_same_name_is_named_once() -> None:
    # TST01-010 and its alternate art TST01-010A are both "Test Bolt 10": 3 + 2 = 5 of number
    # TST01-010. The main deck stays at 50 (TST01-011 out, one TST01-012 more).
    pairs = dict(legal_azuki_pairs())
    pairs.update({"TST01-010": 3, "TST01-010A": 2, "TST01-012": 3})
    del pairs["TST01-011"]
    issue = only(check_azuki(azuki_deck(*pairs.items()), azuki_index()), "too_many_copies")
    assert issue.message_en == (
        "5 copies of card number TST01-010 (Test Bolt 10); at most 4 allowed "
        "(alternate art counts toward the same limit)."
    )
    assert issue.message_ja == (
        "カードナンバーTST01-010（Test Bolt 10）が5枚あります。同じナンバーは4枚までです"
        "（異なるイラストも同じナンバーとして数えます）。"
    )


def without_ztrike_cards() -> list[tuple[str, int]]:
    """34 ordinary cards (ZX-001 ... ZX-017 twice): room for two more."""
    return [p for p in legal_ztrike_pairs() if p[0] not in ("ZX-Z1", "ZX-018")]


def test_a_second_copy_of_a_ztrike_card_in_both_languages() -> None:
    deck = ztrike_deck(*without_ztrike_cards(), ("ZX-Z1", 2))
    issue = only(check_ztrike(deck, ztrike_index()), "ztrike_card_count")
    assert (issue.rule, issue.cards, issue.severity) == ("ztr.colors", ("ZX-Z1",), Severity.ERROR)
    assert (
        issue.message_ja
        == "ZTRIKEカードTest Ace 1が2枚あります。ZTRIKEカードはデッキに1枚までです。"
    )


def three_ztrike_cards() -> tuple[CardIndex, list[tuple[str, int]]]:
    """A third ZTRIKE card in the pool; ZX-017 once instead of twice keeps the deck at 36."""
    ace = ZtrikeCard("ZX-Z3", "Test Ace 3", ZtrikeColour.ZTRIKE, 10, "Battle", 5)
    index = CardIndex(Game.ZTRIKE, (*ztrike_index().cards, ace))
    pairs = [p for p in without_ztrike_cards() if p[0] != "ZX-017"] + [("ZX-017", 1)]
    return index, [*pairs, ("ZX-Z1", 1), ("ZX-Z2", 1), ("ZX-Z3", 1)]


def test_three_different_ztrike_cards_are_counted_and_named() -> None:
    index, pairs = three_ztrike_cards()
    issue = only(check_ztrike(ztrike_deck(*pairs), index), "ztrike_card_count")
    assert issue.severity is Severity.WARNING
    assert issue.cards == ("ZX-Z1", "ZX-Z2", "ZX-Z3")
    assert issue.message_en == (
        "The deck has 3 different ZTRIKE cards (Test Ace 1, Test Ace 2, Test Ace 3). The rules "
        "say a ZTRIKE card can only have 1 copy; whether two different ones are allowed is not "
        "settled (TA-06): ask the head judge before the event."
    )
    assert issue.message_ja == (
        "異なるZTRIKEカードが3種類（Test Ace 1, Test Ace 2, Test Ace 3）あります。ルールでは"
        "ZTRIKEカードは1枚までですが、異なるカードを2種類入れてよいかは定まっていません"
        "（TA-06）。大会前にヘッドジャッジに確認してください。"
    )
    in_total = only(
        check_ztrike(ztrike_deck(*pairs), index, ztrike_reading="IN_TOTAL"), "ztrike_card_count"
    )
    assert in_total.message_ja == (
        "異なるZTRIKEカードが3種類（Test Ace 1, Test Ace 2, Test Ace 3）あります。"
        "この大会ではZTRIKEカードはデッキに合計1枚までと解釈します（TA-06）。"
    )


def test_the_ztrike_card_rule_is_read_per_card_id_by_default() -> None:
    deck = ztrike_deck(*without_ztrike_cards(), ("ZX-Z1", 1), ("ZX-Z2", 1))
    (issue,) = check_ztrike_cards(resolve(deck, ztrike_index()))
    assert (issue.code, issue.severity) == ("ztrike_card_count", Severity.WARNING)


def test_an_unknown_reading_of_ta_06_is_refused_with_the_choices() -> None:
    deck = ztrike_deck(*legal_ztrike_pairs())
    with pytest.raises(ValueError, match=r"^TA-06 must be one of PER_ID, IN_TOTAL$"):
        check_ztrike(deck, ztrike_index(), ztrike_reading="ONE")
