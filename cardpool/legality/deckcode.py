"""Deck codes: a decklist as a short, URL-safe string that decodes to the same cards.

Format (version 1)
------------------
::

    <game prefix>1.<payload>

``<game prefix>`` is ``zm`` (ZUTOMAYO CARD), ``az`` (Azuki TCG) or ``zt`` (ZTRIKE); ``1`` is
the format's version (a later format gets a new digit, and old codes keep decoding).
``<payload>`` is the unpadded base64url encoding (RFC 4648 §5: ``A-Z a-z 0-9 - _``) of::

    checksum  4 bytes, big-endian: CRC-32 of "id:count\\n" for every card, in order (UTF-8)
    entries   for each distinct card, in the list's order of first appearance:
                  varint  the card's position among the game's card ids sorted by code point
                  varint  the number of copies (1 or more)

``varint`` is the unsigned LEB128 encoding (7 bits a byte, low bits first, high bit set on
every byte but the last).

Positions make the code short (20 ZUTOMAYO cards: about 35 characters), but they depend on the
card pool: a card added later shifts the positions after it. The checksum is over the card
*ids*, so a code read against a pool whose positions moved does not decode to other cards
silently: it is refused as made for another card pool (``DeckCodeError`` with code
``stale``). Sections and line numbers are not kept; a decoded list has one entry per card.

Round trip: ``deck_code_decode(deck_code_encode(deck, index), index).counts() ==
deck.counts()`` (same cards, counts and order), and ``deck_code_encode`` of a decoded list
gives the same code back.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import Final

from cardpool.legality.types import CardIndex, DeckEntry, Decklist, Game

__all__ = [
    "DECK_CODE_VERSION",
    "DeckCodeError",
    "deck_code_decode",
    "deck_code_encode",
    "deck_code_game",
]

DECK_CODE_VERSION: Final = 1
_PREFIX: Final = {Game.ZUTOMAYO: "zm", Game.AZUKI: "az", Game.ZTRIKE: "zt"}
_GAME_OF_PREFIX: Final = {prefix: game for game, prefix in _PREFIX.items()}
_LABEL: Final = {Game.ZUTOMAYO: "ZUTOMAYO CARD", Game.AZUKI: "Azuki TCG", Game.ZTRIKE: "ZTRIKE"}
#: A deck code longer than this is not one (a 60-card Azuki deck takes well under 300).
MAX_CODE_LENGTH: Final = 2000


class DeckCodeError(ValueError):
    """A deck code that cannot be read, with a stable ``code`` and messages in both languages.

    ``code`` is one of ``malformed`` (not a deck code), ``version`` (a format this program does
    not know), ``wrong_game``, ``unknown_card`` (a position past the end of the pool) and
    ``stale`` (the checksum does not match: made for another card pool).
    """

    def __init__(self, code: str, message_en: str, message_ja: str) -> None:
        super().__init__(message_en)
        self.code = code
        self.message_en = message_en
        self.message_ja = message_ja

    def message(self, language: str) -> str:
        return self.message_ja if language == "ja" else self.message_en


def _positions(index: CardIndex) -> tuple[dict[str, int], tuple[str, ...]]:
    cached = index.memo.get("deck_code_positions")
    if cached is None:
        ids = tuple(sorted(card.id for card in index.cards))
        cached = ({card_id: n for n, card_id in enumerate(ids)}, ids)
        index.memo["deck_code_positions"] = cached
    positions: dict[str, int] = cached[0]
    ids_sorted: tuple[str, ...] = cached[1]
    return positions, ids_sorted


def _checksum(counts: list[tuple[str, int]]) -> bytes:
    text = "".join(f"{card_id}:{count}\n" for card_id, count in counts)
    return zlib.crc32(text.encode("utf-8")).to_bytes(4, "big")


def _varint(value: int, out: bytearray) -> None:
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return


def deck_code_encode(decklist: Decklist, index: CardIndex) -> str:
    """The deck code of ``decklist`` (see the module docstring). Raises ``ValueError`` for a
    card that is not in ``index`` or a list of another game than the index's."""
    if decklist.game is not index.game:
        raise ValueError(f"a {decklist.game} decklist cannot be coded with a {index.game} index")
    positions, _ids = _positions(index)
    counts = [(card_id, count) for card_id, count in decklist.counts().items() if count > 0]
    payload = bytearray(_checksum(counts))
    for card_id, count in counts:
        position = positions.get(card_id)
        if position is None:
            raise ValueError(f"card {card_id!r} is not a card of {index.game}")
        _varint(position, payload)
        _varint(count, payload)
    body = base64.urlsafe_b64encode(bytes(payload)).decode("ascii").rstrip("=")
    return f"{_PREFIX[index.game]}{DECK_CODE_VERSION}.{body}"


def deck_code_game(code: str) -> Game | None:
    """The game a deck code's prefix names (None: it is no deck code of any game)."""
    head, dot, _body = code.strip().partition(".")
    return _GAME_OF_PREFIX.get(head[:2]) if dot and len(head) >= 3 else None


def _malformed(why: str, why_ja: str) -> DeckCodeError:
    return DeckCodeError(
        "malformed", f"this is not a deck code ({why})", f"デッキコードではありません（{why_ja}）"
    )


def _read_varints(data: bytes) -> list[int]:
    values: list[int] = []
    value = shift = 0
    pending = False
    for byte in data:
        value |= (byte & 0x7F) << shift
        pending = True
        if byte & 0x80:
            shift += 7
            if shift > 35:
                raise _malformed("a number is too long", "数値が長すぎます")
            continue
        values.append(value)
        value = shift = 0
        pending = False
    if pending:
        raise _malformed("it ends in the middle of a number", "数値の途中で終わっています")
    return values


def deck_code_decode(code: str, index: CardIndex) -> Decklist:
    """The decklist that ``code`` stands for, against ``index``. Raises ``DeckCodeError``."""
    code = code.strip()
    if len(code) > MAX_CODE_LENGTH:
        raise _malformed("it is too long", "長すぎます")
    head, dot, body = code.partition(".")
    if not dot or len(head) < 3 or head[:2] not in _GAME_OF_PREFIX:
        raise _malformed(
            "it should begin with zm1., az1. or zt1.",
            "zm1.・az1.・zt1. のいずれかで始まるはずです",
        )
    game = _GAME_OF_PREFIX[head[:2]]
    if head[2:] != str(DECK_CODE_VERSION):
        raise DeckCodeError(
            "version",
            f"deck code version {head[2:]!r} is not known (this site reads version "
            f"{DECK_CODE_VERSION})",
            f"デッキコードのバージョン「{head[2:]}」は読めません"
            f"（このサイトはバージョン{DECK_CODE_VERSION}を読みます）",
        )
    if game is not index.game:
        raise DeckCodeError(
            "wrong_game",
            f"this deck code is for {_LABEL[game]}, not {_LABEL[index.game]}",
            f"このデッキコードは{_LABEL[game]}用で、{_LABEL[index.game]}用ではありません",
        )
    if not body or any(not (ch.isascii() and (ch.isalnum() or ch in "-_")) for ch in body):
        raise _malformed("it has characters a deck code never has", "使えない文字があります")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise _malformed("its letters do not decode", "文字列を復号できません") from error
    if len(data) < 4:
        raise _malformed("it is too short", "短すぎます")
    numbers = _read_varints(data[4:])
    if len(numbers) % 2:
        raise _malformed("a card has no count", "枚数のないカードがあります")
    _positions_by_id, ids = _positions(index)
    counts: dict[str, int] = {}
    for position, count in zip(numbers[::2], numbers[1::2], strict=True):
        if position >= len(ids):
            raise DeckCodeError(
                "unknown_card",
                "this deck code names a card this site does not have",
                "このデッキコードには、このサイトにないカードが含まれています",
            )
        if count < 1 or ids[position] in counts:
            raise _malformed("a card is listed twice or with no copies", "カードの重複か0枚")
        counts[ids[position]] = count
    if _checksum(list(counts.items())) != data[:4]:
        raise DeckCodeError(
            "stale",
            "this deck code was made for another card pool (or was mistyped); "
            "ask for the list as text",
            "このデッキコードは別のカードプール用か、打ち間違いがあります。"
            "テキストのリストをもらってください",
        )
    return Decklist(
        game=game, entries=tuple(DeckEntry(card_id=k, count=n) for k, n in counts.items())
    )
