"""Copy limits and card counts at their boundaries, with what the messages must say.

Written against the survivors of `make mutation`: the limits come from the rules texts, not from
the program. ZUTOMAYO ground rules 1.0.1, 4.1.1 "a deck of exactly 20 cards" and 4.1.2 / 2.3.10.1
"at most 2 cards with the same pack and the same card number"; Official ZTRIKE Rules "36 cards" and
"up to 2 copies of the same Card ID"; Azuki TCG rules FAQ "one leader, one Gate and exactly 50
entities, spells and weapons, plus 10 IKZ and an IKZ token" and "up to four of each card number.
Alternate art counts toward the same four".
"""

from __future__ import annotations

import pytest

from cardpool.legality import LegalityIssue, check_azuki, check_ztrike, check_zutomayo
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

ZUTOMAYO = zutomayo_index()
ZTRIKE = ztrike_index()
AZUKI = azuki_index()


def only(issues: tuple[LegalityIssue, ...], code: str) -> LegalityIssue:
    found = [i for i in issues if i.code == code]
    assert len(found) == 1, issues
    return found[0]


# --- ZUTOMAYO CARD: 2 per pack and number (4.1.2), 20 cards (4.1.1) ----------------------------


def zutomayo_with(copies: int) -> tuple[LegalityIssue, ...]:
    """``copies`` cards of pack 1st number 1, filled to 20 with pairs of other numbers."""
    rest = 20 - copies
    pairs = [("1st_1", copies)] + [(f"1st_{n}", 2) for n in range(2, 2 + rest // 2)]
    if rest % 2:
        pairs.append(("2nd_30", 1))
    return check_zutomayo(zutomayo_deck(*pairs), ZUTOMAYO)


@pytest.mark.parametrize(("copies", "legal"), [(1, True), (2, True), (3, False), (4, False)])
def test_zutomayo_two_copies_is_the_limit(copies: int, legal: bool) -> None:
    codes = [i.code for i in zutomayo_with(copies)]
    assert ("too_many_copies" not in codes) is legal


def test_zutomayo_too_many_copies_message_states_count_limit_pack_number_and_name() -> None:
    issue = only(zutomayo_with(3), "too_many_copies")
    assert issue.rule == "4.1.2"
    assert issue.message_en == (
        "3 cards with pack 1st and number 1 (TEST HERO 1ST 1); at most 2 allowed."
    )
    assert "収録パック1st・ナンバー1" in issue.message_ja
    assert (
        "テスト1stの1" in issue.message_ja
    )  # the Japanese name on a Japanese page, in the reader's language
    assert "3枚" in issue.message_ja
    assert "2枚まで" in issue.message_ja


def test_zutomayo_two_printings_of_one_pack_and_number_share_the_two() -> None:
    # 1st_5 and 1st_5_SE are pack 1st, number 5: one of each is two cards (legal), and a third
    # card of either printing is one too many.
    base = [(f"1st_{n}", 2) for n in (1, 2, 3, 4, 6, 7, 8, 9, 10)]
    legal = check_zutomayo(zutomayo_deck(*base, ("1st_5", 1), ("1st_5_SE", 1)), ZUTOMAYO)
    assert [i.code for i in legal] == []
    three = check_zutomayo(
        zutomayo_deck(*base[:-1], ("1st_5", 2), ("1st_5_SE", 1), ("2nd_30", 1)), ZUTOMAYO
    )
    issue = only(three, "too_many_copies")
    assert issue.message_en.startswith("3 cards with pack 1st and number 5 (")
    assert "at most 2 allowed" in issue.message_en


@pytest.mark.parametrize(("size", "legal"), [(19, False), (20, True), (21, False)])
def test_zutomayo_deck_is_exactly_20(size: int, legal: bool) -> None:
    pairs = [(f"1st_{n}", 1) for n in range(1, size + 1)]
    issues = check_zutomayo(zutomayo_deck(*pairs), ZUTOMAYO)
    codes = [i.code for i in issues]
    assert ("deck_size" not in codes) is legal
    if not legal:
        issue = only(issues, "deck_size")
        assert issue.message_en == f"The deck has {size} cards; it must have exactly 20."
        assert issue.message_ja == f"デッキは{size}枚です。ちょうど20枚にしてください。"


# --- ZTRIKE: 36 cards, 2 per Card ID ------------------------------------------------------------


def test_ztrike_third_copy_message_states_count_card_id_name_and_limit() -> None:
    pairs = [p for p in legal_ztrike_pairs() if p[0] != "ZX-018"] + [("ZX-001", 1)]
    issue = only(check_ztrike(ztrike_deck(*pairs), ZTRIKE), "too_many_copies")
    assert issue.rule == "ztr.deck.copies"
    assert issue.message_en == "3 copies of Card ID ZX-001 (Test Striker 1); at most 2 allowed."
    assert "3枚" in issue.message_ja
    assert "2枚まで" in issue.message_ja


def test_ztrike_two_copies_is_legal() -> None:
    assert [i.code for i in check_ztrike(ztrike_deck(*legal_ztrike_pairs()), ZTRIKE)] == []


@pytest.mark.parametrize("size", [35, 37])
def test_ztrike_deck_size_message_requires_36(size: int) -> None:
    pairs = legal_ztrike_pairs()
    pairs = [*pairs[:-2], ("ZX-018", 1)] if size == 35 else [*pairs, ("ZX-019", 1)]
    issue = only(check_ztrike(ztrike_deck(*pairs), ZTRIKE), "deck_size")
    assert issue.message_en == f"The deck has {size} cards; it must have exactly 36."


def test_ztrike_card_count_message() -> None:
    pairs = [p for p in legal_ztrike_pairs() if p[0] not in ("ZX-Z1", "ZX-018")]
    issue = only(
        check_ztrike(ztrike_deck(*pairs, ("ZX-Z1", 1), ("ZX-Z2", 1)), ZTRIKE), "ztrike_card_count"
    )
    assert issue.message_en.startswith(
        "The deck has 2 different ZTRIKE cards (Test Ace 1, Test Ace 2)."
    )
    assert "TA-06" in issue.message_en


def test_ztrike_card_in_total_reading_is_an_error() -> None:
    # TA-06 read as "one ZTRIKE card in total": two different ZTRIKE Card IDs break it.
    pairs = [p for p in legal_ztrike_pairs() if p[0] not in ("ZX-Z1", "ZX-018")]
    deck = ztrike_deck(*pairs, ("ZX-Z1", 1), ("ZX-Z2", 1))
    issue = only(check_ztrike(deck, ZTRIKE, ztrike_reading="IN_TOTAL"), "ztrike_card_count")
    assert issue.severity.value == "error"
    assert issue.rule == "ztr.colors"
    assert "in total (TA-06)" in issue.message_en
    assert "合計1枚まで" in issue.message_ja
    per_id = only(check_ztrike(deck, ZTRIKE), "ztrike_card_count")
    assert per_id.severity.value == "warning"


def test_ztrike_card_copies_message() -> None:
    pairs = [p for p in legal_ztrike_pairs() if p[0] not in ("ZX-Z1", "ZX-018")]
    issue = only(check_ztrike(ztrike_deck(*pairs, ("ZX-Z1", 2)), ZTRIKE), "ztrike_card_count")
    assert issue.message_en == (
        "The deck has 2 copies of the ZTRIKE card Test Ace 1; a ZTRIKE card can only have "
        "1 copy in a deck."
    )


# --- Azuki TCG: 4 per card number (alternate art included), 1 leader, 1 Gate, 50 + 10 + 1 -------


def azuki_with(changes: dict[str, int]) -> tuple[LegalityIssue, ...]:
    pairs = dict(legal_azuki_pairs())
    for card_id, count in changes.items():
        if count:
            pairs[card_id] = count
        else:
            pairs.pop(card_id, None)
    return check_azuki(azuki_deck(*pairs.items()), AZUKI)


def test_azuki_four_copies_is_legal_and_a_fifth_is_not() -> None:
    # TST01-010 2 -> 4 and TST01-011 2 -> 0 keeps the main deck at 50.
    assert [i.code for i in azuki_with({"TST01-010": 4, "TST01-011": 0})] == []
    five = azuki_with({"TST01-010": 5, "TST01-011": 0, "TST01-012": 1})
    issue = only(five, "too_many_copies")
    assert issue.rule == "azk.deck.copies"
    assert issue.message_en == (
        "5 copies of card number TST01-010 (Test Bolt 10); at most 4 allowed "
        "(alternate art counts toward the same limit)."
    )
    assert "5枚" in issue.message_ja
    assert "4枚まで" in issue.message_ja


def test_azuki_alternate_art_counts_toward_the_same_four() -> None:
    issues = azuki_with({"TST01-010": 3, "TST01-010A": 2, "TST01-011": 0, "TST01-012": 1})
    issue = only(issues, "too_many_copies")
    assert set(issue.cards) == {"TST01-010", "TST01-010A"}
    assert issue.message_en.startswith("5 copies of card number TST01-010 ")


@pytest.mark.parametrize(("leaders", "legal"), [(0, False), (1, True), (2, False)])
def test_azuki_exactly_one_leader(leaders: int, legal: bool) -> None:
    issues = azuki_with({"TST01-001": leaders})
    assert ("leader_count" not in [i.code for i in issues]) is legal
    if not legal:
        message = only(issues, "leader_count").message_en
        assert message == f"The deck has {leaders} leaders; it must have exactly 1."


@pytest.mark.parametrize(("gates", "legal"), [(0, False), (1, True), (2, False)])
def test_azuki_exactly_one_gate(gates: int, legal: bool) -> None:
    issues = azuki_with({"TST01-003": gates})
    assert ("gate_count" not in [i.code for i in issues]) is legal
    if not legal:
        message = only(issues, "gate_count").message_en
        assert message == f"The deck has {gates} Gates; it must have exactly 1."


@pytest.mark.parametrize(("main", "legal"), [(49, False), (50, True), (51, False)])
def test_azuki_main_deck_is_exactly_50(main: int, legal: bool) -> None:
    issues = azuki_with({"TST01-010": 2 + main - 50})
    assert ("main_deck_size" not in [i.code for i in issues]) is legal
    if not legal:
        message = only(issues, "main_deck_size").message_en
        assert message == (
            f"The main deck has {main} entities, spells and weapons; it must have exactly 50."
        )


@pytest.mark.parametrize(
    ("ikz", "tokens", "messages"),
    [
        (10, 1, []),
        (9, 1, ["The deck has 9 IKZ cards; it must have exactly 10."]),
        (11, 1, ["The deck has 11 IKZ cards; it must have exactly 10."]),
        (10, 0, ["The deck has 0 IKZ tokens; it must have exactly 1."]),
        (10, 2, ["The deck has 2 IKZ tokens; it must have exactly 1."]),
    ],
)
def test_azuki_ten_ikz_and_one_token(ikz: int, tokens: int, messages: list[str]) -> None:
    issues = azuki_with({"IKZ-901": ikz, "IKZ-902": tokens})
    assert [i.message_en for i in issues if i.code == "ikz_count"] == messages


def test_azuki_count_issues_name_the_cards_counted() -> None:
    two_leaders = only(azuki_with({"TST01-002": 1}), "leader_count")
    assert set(two_leaders.cards) == {"TST01-001", "TST01-002"}
    two_gates = only(azuki_with({"TST01-004": 1}), "gate_count")
    assert set(two_gates.cards) == {"TST01-003", "TST01-004"}
    ikz = [i for i in azuki_with({"IKZ-901": 9}) if i.code == "ikz_count"]
    assert [i.cards for i in ikz] == [("IKZ-901",)]


@pytest.mark.parametrize(("characters", "warned"), [(7, True), (9, True), (10, False)])
def test_zutomayo_fewer_than_half_characters_is_warned_with_the_counts(
    characters: int, warned: bool
) -> None:
    # Odd numbers are characters, even numbers enchants (tests/cardpool/legality/cards.py).
    odd = [f"1st_{n}" for n in range(1, 30, 2)][:characters]
    even = [f"1st_{n}" for n in range(2, 31, 2)][: 20 - characters]
    issues = check_zutomayo(zutomayo_deck(*((c, 1) for c in odd + even)), ZUTOMAYO)
    warnings = [i for i in issues if i.code == "few_characters"]
    assert bool(warnings) is warned
    assert [i.code for i in issues if i.code != "few_characters"] == []
    if warned:
        assert warnings[0].rule == "4.2.6"
        assert warnings[0].message_en.startswith(f"Only {characters} of 20 cards are characters")


# --- The Japanese message names the cards too (a Japanese page shows no English) ------------
# Azuki and ZTRIKE cards have one name, which a Japanese page shows as it is (card_names: "games
# with one name give it in both"); the limits are the rules texts' (4 per card number, 2 per
# Card ID).


def test_azuki_too_many_copies_names_the_card_on_a_japanese_page() -> None:
    issue = only(azuki_with({"TST01-010": 5, "TST01-011": 0, "TST01-012": 1}), "too_many_copies")
    assert "Test Bolt 10" in issue.message_ja
    assert "None" not in issue.message_ja


def test_ztrike_too_many_copies_names_the_card_on_a_japanese_page() -> None:
    pairs = [p for p in legal_ztrike_pairs() if p[0] != "ZX-018"] + [("ZX-001", 1)]
    issue = only(check_ztrike(ztrike_deck(*pairs), ZTRIKE), "too_many_copies")
    assert "Test Striker 1" in issue.message_ja
    assert "None" not in issue.message_ja
