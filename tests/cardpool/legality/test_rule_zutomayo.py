"""ZUTOMAYO CARD deck rules: 4.1.1 (20 cards), 4.1.2 / 2.3.10.1 (2 per pack and number)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpool.legality import (
    BanEntry,
    BanList,
    Decklist,
    FormatRules,
    Game,
    Severity,
    check_zutomayo,
    is_legal,
)
from cardpool.legality.checks_common import resolve
from cardpool.legality.checks_zutomayo import check_character_share
from tests.cardpool.legality.cards import (
    ZUTOMAYO_PACKS,
    ZUTOMAYO_PER_PACK,
    legal_zutomayo_deck,
    zutomayo_deck,
    zutomayo_index,
)

INDEX = zutomayo_index()


def codes(deck: Decklist, rules: FormatRules | None = None) -> list[str]:
    return [i.code for i in check_zutomayo(deck, INDEX, rules)]


def test_legal_deck_has_no_issue() -> None:
    assert check_zutomayo(legal_zutomayo_deck(), INDEX) == ()
    assert is_legal(legal_zutomayo_deck(), INDEX)


@pytest.mark.parametrize(
    ("pairs", "size"),
    [
        ([(f"1st_{n}", 2) for n in range(1, 10)], 18),
        ([(f"1st_{n}", 2) for n in range(1, 10)] + [("1st_10", 1)], 19),
        ([(f"1st_{n}", 2) for n in range(1, 11)] + [("1st_11", 1)], 21),
        ([("1st_1", 1)], 1),
    ],
)
def test_rule_4_1_1_deck_is_exactly_20(pairs: list[tuple[str, int]], size: int) -> None:
    issues = check_zutomayo(zutomayo_deck(*pairs), INDEX)
    size_issues = [i for i in issues if i.code == "deck_size"]
    assert len(size_issues) == 1
    assert size_issues[0].rule == "4.1.1"
    assert f"{size} cards" in size_issues[0].message_en
    assert f"{size}枚" in size_issues[0].message_ja


def test_rule_4_1_2_three_copies_of_one_id() -> None:
    pairs = [(f"1st_{n}", 2) for n in range(2, 10)] + [("1st_1", 3), ("1st_11", 1)]
    issues = check_zutomayo(zutomayo_deck(*pairs), INDEX)
    assert [i.code for i in issues] == ["too_many_copies"]
    assert issues[0].rule == "4.1.2"
    assert issues[0].cards == ("1st_1",)
    assert issues[0].severity is Severity.ERROR


def test_rule_2_3_10_1_same_pack_and_number_counts_whatever_rarity_or_name() -> None:
    # 1st_5 and 1st_5_SE are different printings (rarity, name) of pack 1st, number 5.
    pairs = [(f"1st_{n}", 2) for n in (1, 2, 3, 4, 6, 7, 8, 9)] + [("1st_5", 2), ("1st_5_SE", 1)]
    pairs.append(("1st_10", 1))
    issues = check_zutomayo(zutomayo_deck(*pairs), INDEX)
    assert [i.code for i in issues] == ["too_many_copies"]
    assert set(issues[0].cards) == {"1st_5", "1st_5_SE"}
    assert "pack 1st and number 5" in issues[0].message_en


def test_rule_2_1_2_same_name_different_number_is_not_a_copy() -> None:
    # 1st_7 and 2nd_7 share a name but are different cards: 2 + 2 is fine.
    pairs = [(f"1st_{n}", 2) for n in (1, 2, 3, 4, 5, 6, 8, 9)] + [("1st_7", 2), ("2nd_7", 2)]
    assert codes(zutomayo_deck(*pairs)) == []


def test_split_entries_of_one_card_are_added_up() -> None:
    pairs = [(f"1st_{n}", 2) for n in range(2, 10)] + [("1st_1", 2), ("1st_1", 1), ("1st_11", 1)]
    assert codes(zutomayo_deck(*pairs)) == ["too_many_copies"]


def test_unknown_card_is_an_error_and_the_rest_is_still_checked() -> None:
    pairs = [(f"1st_{n}", 2) for n in range(1, 10)] + [("9th_99", 2)]
    issues = check_zutomayo(zutomayo_deck(*pairs), INDEX)
    assert [i.code for i in issues] == ["unknown_card"]
    assert issues[0].cards == ("9th_99",)


def test_ids_are_matched_without_case_or_width() -> None:
    pairs = [(f"1ST_{n}", 2) for n in range(1, 11)]
    assert codes(zutomayo_deck(*pairs)) == []


def test_few_characters_is_only_a_warning() -> None:
    # Even numbers are enchants: 2 characters of 20 cards.
    pairs = [(f"1st_{n}", 2) for n in range(2, 21, 2)]
    pairs[0] = ("1st_1", 2)
    issues = check_zutomayo(zutomayo_deck(*pairs), INDEX)
    assert [(i.code, i.severity) for i in issues] == [("few_characters", Severity.WARNING)]
    assert is_legal(zutomayo_deck(*pairs), INDEX)


def test_exactly_half_characters_is_no_warning() -> None:
    resolved = resolve(legal_zutomayo_deck(), INDEX)  # 1st_1..1st_10: 5 odd = 10 of 20
    assert check_character_share(resolved) == ()


def test_format_ban_list_applies_to_zutomayo() -> None:
    rules = FormatRules(
        Game.ZUTOMAYO,
        "Test cup",
        (BanList(date(2026, 1, 1), (BanEntry("1st_3", 0), BanEntry("1st_4", 1))),),
    )
    issues = check_zutomayo(legal_zutomayo_deck(), INDEX, rules, on=date(2026, 2, 1))
    assert [(i.code, i.rule, i.cards) for i in issues] == [
        ("banned", "format.banlist", ("1st_3",)),
        ("limited", "format.banlist", ("1st_4",)),
    ]
    assert check_zutomayo(legal_zutomayo_deck(), INDEX, rules, on=date(2025, 12, 31)) == ()


def test_ban_by_name_covers_every_card_of_that_name() -> None:
    rules = FormatRules(
        Game.ZUTOMAYO,
        "Test",
        (BanList(date(2026, 1, 1), (BanEntry("共有ちゃん(テストの歌)", 0),)),),
    )
    deck = zutomayo_deck(*[(f"1st_{n}", 2) for n in range(1, 11)])
    issues = check_zutomayo(deck, INDEX, rules)
    assert [(i.code, i.cards) for i in issues] == [("banned", ("1st_7",))]


def test_wrong_game_index_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be checked"):
        check_zutomayo(Decklist(Game.AZUKI, ()), INDEX)


ALL_IDS = [f"{p}_{n}" for p in ZUTOMAYO_PACKS for n in range(1, ZUTOMAYO_PER_PACK + 1)]


@st.composite
def legal_decks(draw: st.DrawFn) -> Decklist:
    """20 cards, at most 2 per id, at least half characters (odd numbers)."""
    characters = [i for i in ALL_IDS if int(i.split("_")[1]) % 2 == 1]
    chosen = draw(st.lists(st.sampled_from(characters), min_size=5, max_size=10, unique=True))
    pairs = [(card_id, 2) for card_id in chosen]
    remaining = 20 - 2 * len(chosen)
    others = [i for i in ALL_IDS if i not in chosen]
    extra = draw(
        st.lists(st.sampled_from(others), min_size=remaining, max_size=remaining, unique=True)
    )
    pairs += [(card_id, 1) for card_id in extra]
    return zutomayo_deck(*draw(st.permutations(pairs)))


@settings(max_examples=60, deadline=None)
@given(legal_decks())
def test_property_generated_legal_deck_is_legal(deck: Decklist) -> None:
    assert deck.size == 20
    assert check_zutomayo(deck, INDEX) == ()


@settings(max_examples=60, deadline=None)
@given(legal_decks(), st.data())
def test_property_a_third_copy_names_that_card(deck: Decklist, data: st.DataObject) -> None:
    doubled = [card_id for card_id, n in deck.counts().items() if n == 2]
    target = data.draw(st.sampled_from(doubled))
    bigger = Decklist(deck.game, (*deck.entries, *zutomayo_deck((target, 1)).entries))
    copies = [i for i in check_zutomayo(bigger, INDEX) if i.code == "too_many_copies"]
    assert len(copies) == 1
    assert target in copies[0].cards
