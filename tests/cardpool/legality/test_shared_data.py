"""Against the real card data in SHARED_DIR (skipped when it is absent, e.g. outside CI)."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from cardpool.legality import (
    AzukiCard,
    AzukiCardType,
    CardIndex,
    Game,
    ZutomayoCard,
    ZutomayoCardType,
    card_index_from_json,
    check_decklist_text,
    normalize_name,
    parse_text,
)

#: SHARED_DIR as in the settings (`make mutation` points it here from its copy of the tests).
SHARED = Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[3].parent / "shared")
ZUTOMAYO_JSON = SHARED / "data" / "zutomayo" / "cards.json"
AZUKI_JSON = SHARED / "data" / "azuki" / "cards.json"


@pytest.fixture(scope="module")
def zutomayo() -> CardIndex:
    if not ZUTOMAYO_JSON.is_file():
        pytest.skip(f"no shared ZUTOMAYO card data at {ZUTOMAYO_JSON}")
    return card_index_from_json(Game.ZUTOMAYO, ZUTOMAYO_JSON.read_bytes())


@pytest.fixture(scope="module")
def azuki() -> CardIndex:
    if not AZUKI_JSON.is_file():
        pytest.skip(f"no shared Azuki card data at {AZUKI_JSON}")
    return card_index_from_json(Game.AZUKI, AZUKI_JSON.read_bytes())


def test_all_zutomayo_cards_load(zutomayo: CardIndex) -> None:
    assert len(zutomayo) == 425
    assert len({c.copy_key for c in zutomayo.cards}) == 425


@pytest.mark.parametrize("line", ["2 1st_10", "2x 1st-010", "2 1st 10", "2 1ST_10"])
def test_zutomayo_id_lines(zutomayo: CardIndex, line: str) -> None:
    parsed = parse_text(line, zutomayo)
    assert parsed.issues == ()
    assert [(e.card_id, e.count) for e in parsed.decklist.entries] == [("1st_10", 2)]


def test_every_shared_zutomayo_name_is_ambiguous(zutomayo: CardIndex) -> None:
    by_name: Counter[str] = Counter()
    for card in zutomayo.cards:
        for key in {normalize_name(n) for n in card.names}:
            by_name[key] += 1
    shared = [name for name, n in by_name.items() if n > 1]
    assert shared, "the real data has names shared by several cards (rule 2.1.2)"
    for name in shared:
        parsed = parse_text(f"1 {name}", zutomayo)
        assert [i.code for i in parsed.issues] == ["ambiguous_card"], name
        assert len(parsed.issues[0].cards) == by_name[name]


def test_nira_chan_study_me_is_ambiguous(zutomayo: CardIndex) -> None:
    (problem,) = parse_text("2 NIRA-CHAN (STUDY ME)", zutomayo).issues
    assert problem.code == "ambiguous_card"
    assert "1st_1" in problem.cards
    (japanese,) = parse_text("2 にらちゃん【お勉強しといてよ】", zutomayo).issues
    assert japanese.code == "ambiguous_card"


def test_every_unique_name_parses_to_its_card(zutomayo: CardIndex) -> None:
    for card in zutomayo.cards:
        for name in card.names:
            found = zutomayo.find_name(name)
            if len(found) == 1:
                parsed = parse_text(f"1 {name}", zutomayo)
                assert [e.card_id for e in parsed.decklist.entries] == [card.id], name


def test_a_real_legal_zutomayo_deck(zutomayo: CardIndex) -> None:
    characters = [
        c.id
        for c in zutomayo.cards
        if isinstance(c, ZutomayoCard) and c.type is ZutomayoCardType.CHARACTER
    ][:10]
    report = check_decklist_text("\n".join(f"2 {i}" for i in characters), zutomayo)
    assert report.as_dict() == {
        "legal": True,
        "errors": [],
        "warnings": [],
        "cards": [{"id": i, "count": 2} for i in characters],
    }


def test_azuki_starter_deck_is_legal(azuki: CardIndex) -> None:
    rows = json.loads(AZUKI_JSON.read_text(encoding="utf-8"))
    lines = [
        f"{row['starter_deck_copies']} {row['id']}"
        for row in rows
        if row["set"] in ("STT01", "IKZ") and row["starter_deck_copies"]
    ]
    report = check_decklist_text("\n".join(lines), azuki)
    assert report.as_dict()["errors"] == []


def test_azuki_ikz_token_and_neutral_elements(azuki: CardIndex) -> None:
    cards = [c for c in azuki.cards if isinstance(c, AzukiCard)]
    assert len(cards) == len(azuki) == 92
    assert [c.id for c in cards if c.card_type is AzukiCardType.IKZ_TOKEN] == ["IKZ-002"]
    assert all("normal" not in c.elements for c in cards)


def test_azuki_name_shared_by_leader_and_entity_is_ambiguous(azuki: CardIndex) -> None:
    (problem,) = parse_text("1 Raizan", azuki).issues
    assert problem.code == "ambiguous_card"
    assert set(problem.cards) == {"STT01-001", "STT01-011"}


def test_azuki_alternate_art_id_counts_toward_its_number(azuki: CardIndex) -> None:
    parsed = parse_text("3 STT01-011\n2 STT01-011A", azuki)
    assert parsed.issues == ()
    assert parsed.decklist.counts() == {"STT01-011": 5}


def test_azuki_code_in_a_zutomayo_list(zutomayo: CardIndex) -> None:
    assert [i.code for i in parse_text("2 STT01-001", zutomayo).issues] == ["wrong_game"]
