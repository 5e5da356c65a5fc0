"""Deck codes: round trips for every game, the documented layout, and bad codes refused clearly."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpool.legality import CardIndex, DeckEntry, Decklist, Game, load_card_index
from cardpool.legality.deckcode import (
    DeckCodeError,
    deck_code_decode,
    deck_code_encode,
    deck_code_game,
)
from tests.cardpool.legality.cards import (
    azuki_index,
    ztrike_index,
    zutomayo_index,
    zutomayo_rows,
)

ZUTOMAYO = zutomayo_index()
AZUKI = azuki_index()
ZTRIKE = ztrike_index()
INDEXES = {Game.ZUTOMAYO: ZUTOMAYO, Game.AZUKI: AZUKI, Game.ZTRIKE: ZTRIKE}
URL_SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


@st.composite
def decks(draw: st.DrawFn, game: Game | None = None) -> Decklist:
    chosen = game or draw(st.sampled_from(list(Game)))
    index = INDEXES[chosen]
    ids = draw(
        st.lists(st.sampled_from([c.id for c in index.cards]), min_size=0, max_size=30, unique=True)
    )
    counts = draw(st.lists(st.integers(1, 300), min_size=len(ids), max_size=len(ids)))
    return Decklist(
        game=chosen,
        entries=tuple(DeckEntry(card_id=i, count=n) for i, n in zip(ids, counts, strict=True)),
    )


@settings(max_examples=300)
@given(decks())
def test_round_trip_keeps_cards_counts_and_order(deck: Decklist) -> None:
    index = INDEXES[deck.game]
    code = deck_code_encode(deck, index)
    assert set(code) <= URL_SAFE
    decoded = deck_code_decode(code, index)
    assert decoded.game is deck.game
    assert list(decoded.counts().items()) == list(deck.counts().items())
    assert deck_code_encode(decoded, index) == code


def test_repeated_entries_add_up_and_sections_are_dropped() -> None:
    deck = Decklist(
        game=Game.ZUTOMAYO,
        entries=(
            DeckEntry("1st_1", 1, section="Characters", line=1),
            DeckEntry("1st_2", 2, section="Enchants", line=2),
            DeckEntry("1st_1", 1, section="Characters", line=3),
        ),
    )
    decoded = deck_code_decode(deck_code_encode(deck, ZUTOMAYO), ZUTOMAYO)
    assert decoded.entries == (DeckEntry("1st_1", 2), DeckEntry("1st_2", 2))


def test_layout_is_the_documented_one() -> None:
    """zm1. + base64url(crc32 of "id:count\\n"..., then (position, count) varints)."""
    deck = Decklist(game=Game.ZUTOMAYO, entries=(DeckEntry("2nd_9", 2), DeckEntry("1st_1", 1)))
    ids = sorted(c.id for c in ZUTOMAYO.cards)
    crc = zlib.crc32(b"2nd_9:2\n1st_1:1\n").to_bytes(4, "big")
    payload = crc + bytes([ids.index("2nd_9"), 2, ids.index("1st_1"), 1])
    expected = "zm1." + base64.urlsafe_b64encode(payload).decode().rstrip("=")
    assert deck_code_encode(deck, ZUTOMAYO) == expected


def test_a_twenty_card_deck_is_short() -> None:
    deck = Decklist(
        game=Game.ZUTOMAYO, entries=tuple(DeckEntry(f"1st_{n}", 2) for n in range(1, 11))
    )
    assert len(deck_code_encode(deck, ZUTOMAYO)) <= 40


def test_positions_past_127_take_two_bytes() -> None:
    rows = [dict(r, id=f"x{n:03}_{r['id']}") for n, r in enumerate(zutomayo_rows() * 3)]
    big = load_card_index("zutomayo", rows)
    last = sorted(c.id for c in big.cards)[-1]
    deck = Decklist(game=Game.ZUTOMAYO, entries=(DeckEntry(last, 2),))
    assert deck_code_decode(deck_code_encode(deck, big), big).counts() == {last: 2}


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        ("", "malformed"),
        ("hello", "malformed"),
        ("xx1.AAAA", "malformed"),
        ("zm1.", "malformed"),
        ("zm1.AA", "malformed"),
        ("zm1.AAAA!!", "malformed"),
        ("zm1.カード", "malformed"),
        ("zm9.AAAAAAA", "version"),
        ("az1.AAAAAAA", "wrong_game"),
        ("zm1." + "A" * 3000, "malformed"),
    ],
)
def test_bad_codes_are_refused_with_a_reason(code: str, kind: str) -> None:
    with pytest.raises(DeckCodeError) as raised:
        deck_code_decode(code, ZUTOMAYO)
    assert raised.value.code == kind
    assert raised.value.message_en
    assert raised.value.message_ja != raised.value.message_en


def _code(payload: bytes) -> str:
    return "zm1." + base64.urlsafe_b64encode(payload).decode().rstrip("=")


def test_truncated_number_position_past_the_pool_and_a_missing_count() -> None:
    with pytest.raises(DeckCodeError) as raised:
        deck_code_decode(_code(b"\0\0\0\0\x85"), ZUTOMAYO)
    assert raised.value.code == "malformed"
    with pytest.raises(DeckCodeError) as raised:
        deck_code_decode(_code(b"\0\0\0\0\x05"), ZUTOMAYO)
    assert raised.value.code == "malformed"
    with pytest.raises(DeckCodeError) as raised:
        deck_code_decode(_code(b"\0\0\0\0\x7f\x01"), ZUTOMAYO)
    assert raised.value.code == "unknown_card"


def test_a_changed_card_pool_is_refused_not_read_as_other_cards() -> None:
    deck = Decklist(game=Game.ZUTOMAYO, entries=(DeckEntry("2nd_9", 2),))
    code = deck_code_encode(deck, ZUTOMAYO)
    # A card sorted before 2nd_9 is added: every later position moves by one.
    rows = [*zutomayo_rows(), dict(zutomayo_rows()[0], id="1st_00", number=99)]
    grown: CardIndex = load_card_index("zutomayo", rows)
    with pytest.raises(DeckCodeError) as raised:
        deck_code_decode(code, grown)
    assert raised.value.code == "stale"


def test_a_mistyped_letter_is_caught_by_the_checksum() -> None:
    deck = Decklist(game=Game.ZUTOMAYO, entries=(DeckEntry("1st_3", 2), DeckEntry("1st_4", 2)))
    code = deck_code_encode(deck, ZUTOMAYO)
    typo = code[:5] + ("B" if code[5] != "B" else "C") + code[6:]
    with pytest.raises(DeckCodeError):
        deck_code_decode(typo, ZUTOMAYO)


def test_encoding_a_card_of_another_pool_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        deck_code_encode(Decklist(game=Game.ZUTOMAYO, entries=(DeckEntry("9th_1", 1),)), ZUTOMAYO)
    with pytest.raises(ValueError, match="cannot be coded"):
        deck_code_encode(Decklist(game=Game.AZUKI, entries=()), ZUTOMAYO)


def test_the_prefix_names_the_game() -> None:
    assert deck_code_game("zm1.AAAA") is Game.ZUTOMAYO
    assert deck_code_game(" az1.AAAA") is Game.AZUKI
    assert deck_code_game("zt2.AAAA") is Game.ZTRIKE
    assert deck_code_game("zz1.AAAA") is None
    assert deck_code_game("zm1AAAA") is None
