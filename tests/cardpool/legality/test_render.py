"""Grouping a decklist by each game's card groups, and the named text that reads back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardpool.legality import DeckEntry, Decklist, Game, parse_text
from cardpool.legality.render import group_deck, render_named
from tests.cardpool.legality.cards import azuki_index, ztrike_index, zutomayo_index

ZUTOMAYO = zutomayo_index()
AZUKI = azuki_index()
ZTRIKE = ztrike_index()


def test_zutomayo_groups_characters_before_enchants_in_list_order() -> None:
    grouped = group_deck({"1st_2": 2, "1st_1": 2, "1st_3": 1, "9th_9": 1}, ZUTOMAYO)
    assert [(g, [(c.id, n) for c, n in rows]) for g, rows in grouped.groups] == [
        ("character", [("1st_1", 2), ("1st_3", 1)]),
        ("enchant", [("1st_2", 2)]),
    ]
    assert grouped.unknown == (("9th_9", 1),)


def test_japanese_text_uses_japanese_names_and_headings_and_reads_back() -> None:
    deck = Decklist(Game.ZUTOMAYO, (DeckEntry("1st_1", 2), DeckEntry("1st_2", 1)))
    text = render_named(deck, ZUTOMAYO, "ja", lambda g, n: f"{g}（{n}枚）")
    assert text == "# character（2枚）\n2 テスト1stの1\n# enchant（1枚）\n1 テスト1stの2\n"
    assert parse_text(text, ZUTOMAYO).decklist.counts() == deck.counts()


def test_a_shared_name_is_written_as_the_id() -> None:
    deck = Decklist(Game.ZUTOMAYO, (DeckEntry("1st_7", 2), DeckEntry("2nd_7", 2)))
    text = render_named(deck, ZUTOMAYO, "en")
    name = "SHARED MUSE (TEST SONG)"
    assert text == f"2 1st_7  # {name}\n2 2nd_7  # {name}\n"


@settings(max_examples=100)
@given(st.sampled_from([ZUTOMAYO, AZUKI, ZTRIKE]), st.data(), st.sampled_from(["en", "ja"]))
def test_named_text_reads_back_to_the_same_cards(index, data, language) -> None:  # type: ignore[no-untyped-def]
    ids = data.draw(
        st.lists(st.sampled_from([c.id for c in index.cards]), unique=True, min_size=1, max_size=12)
    )
    deck = Decklist(index.game, tuple(DeckEntry(i, 1 + n % 3) for n, i in enumerate(ids)))
    parsed = parse_text(render_named(deck, index, language, lambda g, n: f"{g} ({n})"), index)
    assert not parsed.issues
    assert parsed.decklist.counts() == deck.counts()
