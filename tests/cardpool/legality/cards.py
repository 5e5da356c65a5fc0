"""Invented card pools for the legality tests (no real card names)."""

from __future__ import annotations

from datetime import date

from cardpool.legality import (
    AzukiCard,
    AzukiCardType,
    BanEntry,
    BanList,
    CardIndex,
    DeckEntry,
    Decklist,
    FormatRules,
    Game,
    ZtrikeCard,
    ZtrikeColour,
    load_card_index,
)

ZUTOMAYO_PACKS = ("1st", "2nd")
ZUTOMAYO_PER_PACK = 30


def zutomayo_rows() -> list[dict[str, object]]:
    """60 cards: odd numbers are characters, even numbers enchants; two share a name."""
    rows: list[dict[str, object]] = []
    for pack in ZUTOMAYO_PACKS:
        for number in range(1, ZUTOMAYO_PER_PACK + 1):
            character = number % 2 == 1
            rows.append(
                {
                    "id": f"{pack}_{number}",
                    "pack": pack,
                    "number": number,
                    "name_en": f"TEST HERO {pack.upper()} {number}",
                    "name_ja": f"テスト{pack}の{number}",
                    "type": "character" if character else "enchant",
                    "element": "flame",
                    "clock": number % 4,
                    "attack_night": 10 * number if character else None,
                    "attack_day": 5 * number if character else None,
                    "power_cost": number % 5,
                    "send_to_power": None if number % 3 == 0 else 1,
                    "rarity": "N",
                }
            )
    # Two different cards with the same name (rule 2.1.2) and a second printing (other rarity,
    # other name) of 1st_5 that shares its pack and number.
    for row in rows:
        if row["id"] in ("1st_7", "2nd_7"):
            row["name_en"] = "SHARED MUSE (TEST SONG)"
            row["name_ja"] = "共有ちゃん（テストの歌）"
    rows.append(
        {
            "id": "1st_5_SE",
            "pack": "1st",
            "number": 5,
            "name_en": "TEST HERO SECRET",
            "name_ja": "テストひみつ",
            "type": "character",
            "element": "flame",
            "clock": 0,
            "attack_night": 0,
            "attack_day": 0,
            "power_cost": 0,
            "send_to_power": 0,
            "rarity": "SE",
        }
    )
    return rows


def zutomayo_index() -> CardIndex:
    return load_card_index(Game.ZUTOMAYO, zutomayo_rows())


def zutomayo_deck(*pairs: tuple[str, int]) -> Decklist:
    return Decklist(Game.ZUTOMAYO, tuple(DeckEntry(card_id, n) for card_id, n in pairs))


def legal_zutomayo_deck() -> Decklist:
    """Two copies each of 1st_1 … 1st_10: 20 cards, 10 characters."""
    return zutomayo_deck(*((f"1st_{n}", 2) for n in range(1, 11)))


def _azuki(
    card_id: str,
    name: str,
    card_type: AzukiCardType,
    elements: tuple[str, ...],
    number: str = "",
) -> AzukiCard:
    return AzukiCard(
        id=card_id,
        set=card_id.split("-")[0],
        name=name,
        card_type=card_type,
        elements=elements,
        ikz_cost=1,
        attack=1,
        health=1,
        gate_points=0,
        keywords=(),
        variants=("C",),
        number=number,
    )


def azuki_index() -> CardIndex:
    t = AzukiCardType
    cards = [
        _azuki("TST01-001", "Test Storm Leader", t.LEADER, ("lightning",)),
        _azuki("TST01-002", "Test Twin Leader", t.LEADER, ("lightning", "water")),
        _azuki("TST01-003", "Test Storm Gate", t.GATE, ("lightning",)),
        _azuki("TST01-004", "Test Tide Gate", t.GATE, ("water",)),
        _azuki("TST01-005", "Test Blaze Gate", t.GATE, ("fire",)),
        _azuki("TST01-006", "Rushfire Gate", t.GATE, ("fire",)),
        _azuki("IKZ-901", "Test IKZ", t.IKZ, ("neutral",)),
        _azuki("IKZ-902", "Test IKZ Token", t.IKZ_TOKEN, ("neutral",)),
    ]
    for n in range(10, 30):  # 20 lightning main cards
        cards.append(_azuki(f"TST01-0{n}", f"Test Bolt {n}", t.ENTITY, ("lightning",)))
    for n in range(30, 40):
        cards.append(_azuki(f"TST01-0{n}", f"Test Wave {n}", t.SPELL, ("water",)))
    for n in range(40, 45):
        cards.append(_azuki(f"TST01-0{n}", f"Test Plain {n}", t.WEAPON, ("neutral",)))
    cards.append(_azuki("TST01-050", "Test Rock 50", t.ENTITY, ("earth",)))
    cards.append(_azuki("TST01-051", "Test Mixed 51", t.ENTITY, ("lightning", "earth")))
    # An alternate-art printing stored as its own row, sharing card number TST01-010.
    cards.append(_azuki("TST01-010A", "Test Bolt 10", t.ENTITY, ("lightning",), number="TST01-010"))
    return CardIndex(Game.AZUKI, tuple(cards))


def azuki_deck(*pairs: tuple[str, int]) -> Decklist:
    return Decklist(Game.AZUKI, tuple(DeckEntry(card_id, n) for card_id, n in pairs))


def legal_azuki_pairs() -> list[tuple[str, int]]:
    """Lightning leader and gate, 50 lightning/neutral main cards, 10 IKZ and the token."""
    pairs = [("TST01-001", 1), ("TST01-003", 1), ("IKZ-901", 10), ("IKZ-902", 1)]
    pairs += [(f"TST01-0{n}", 2) for n in range(10, 30)]  # 40
    pairs += [(f"TST01-0{n}", 2) for n in range(40, 45)]  # 10
    return pairs


def legal_azuki_deck() -> Decklist:
    return azuki_deck(*legal_azuki_pairs())


ZTRIKE_COLOURS = (ZtrikeColour.RED, ZtrikeColour.BLUE, ZtrikeColour.GREEN, ZtrikeColour.GENERIC)


def ztrike_index() -> CardIndex:
    cards = [
        ZtrikeCard(
            id=f"ZX-{n:03d}",
            name=f"Test Striker {n}",
            colour=ZTRIKE_COLOURS[n % 4],
            power=n % 11,
            bonus=None if n % 2 else "Win",
            victory_points=1 + n % 3,
        )
        for n in range(1, 31)
    ]
    cards += [
        ZtrikeCard(
            id=f"ZX-Z{n}",
            name=f"Test Ace {n}",
            colour=ZtrikeColour.ZTRIKE,
            power=10,
            bonus="Battle",
            victory_points=5,
        )
        for n in (1, 2)
    ]
    return CardIndex(Game.ZTRIKE, tuple(cards))


def ztrike_deck(*pairs: tuple[str, int]) -> Decklist:
    return Decklist(Game.ZTRIKE, tuple(DeckEntry(card_id, n) for card_id, n in pairs))


def legal_ztrike_pairs() -> list[tuple[str, int]]:
    """2 copies of ZX-001 … ZX-017 (34) + 1 ZX-018 + 1 ZTRIKE card = 36."""
    return [(f"ZX-{n:03d}", 2) for n in range(1, 18)] + [("ZX-018", 1), ("ZX-Z1", 1)]


def legal_ztrike_deck() -> Decklist:
    return ztrike_deck(*legal_ztrike_pairs())


def ztrike_rules() -> FormatRules:
    """ZX-003 banned from 2026-01-01; from 2026-06-01 it is Limited-(1) and ZX-004 banned."""
    return FormatRules(
        game=Game.ZTRIKE,
        name="Test constructed",
        ban_lists=(
            BanList(date(2026, 6, 1), (BanEntry("ZX-003", 1), BanEntry("ZX-004", 0)), "June"),
            BanList(date(2026, 1, 1), (BanEntry("ZX-003", 0),), "January"),
        ),
    )
