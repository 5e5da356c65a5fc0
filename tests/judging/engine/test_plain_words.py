"""The judge-facing texts in plain words (a judge reads them at the table): names, verdict words,
claims as sentences."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from judging.engine import CardCatalogue, replay_record

C42 = Path(__file__).parent / "replays" / "design_example_c42.json"
CODES = ("CONSISTENT", "CONTRADICTED", "ILLEGAL_INPUT", "DEPENDS_ON", "UNDETERMINED")


def _c42(cards: CardCatalogue, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(C42.read_text(encoding="utf-8"))["record"]
    record.update(extra)
    return record


def test_japanese_text_has_no_codes_paths_or_none(cards: CardCatalogue) -> None:
    text = replay_record(_c42(cards), cards=cards).to_text("ja")
    for code in (*CODES, "None", "players[", "chronos.", "battle.", "P0", "P1", "ZA-"):
        assert code not in text, code
    assert "矛盾" in text
    assert "一致" in text
    # The worked time-of-day dispute: D says it was night; the medal is on 12 (day) after 5.2.4
    # (rule 3.8.4).
    assert "時間帯は夜：矛盾 [5.2.4.1, 3.8.2, 3.8.4]。リプレイでは昼" in text
    assert "BoのHPは70：一致" in text
    assert "クロノスのどのマークが夜か？ → 14〜17と0〜4が夜" in text


def test_english_text_names_the_players(cards: CardCatalogue) -> None:
    text = replay_record(_c42(cards), cards=cards).to_text("en")
    assert not re.search(r"\bP[01]\b", text)
    assert "Bo's HP is 70: consistent" in text
    assert "the winner of the battle is Bo: contradicted" in text


def test_a_claim_that_a_zone_holds_a_card(cards: CardCatalogue) -> None:
    """W left Bo's battle zone for the power charger at T3/5.2.5 (5.2.5.2): "contains" is
    consistent for W and contradicted for V, which stayed in Ann's battle zone."""
    claims = [
        {"party": "1", "at": "T3", "path": "players[1].power_charger", "op": "contains",
         "value": "Z_W"},
        {"party": "0", "at": "T3", "path": "players[1].power_charger", "op": "contains",
         "value": "Z_V"},
    ]  # fmt: skip
    report = replay_record(_c42(cards, claims=claims), cards=cards)
    assert [c.status for c in report.claims] == ["CONSISTENT", "CONTRADICTED"]
    assert "Bo's power charger holds W" in report.to_text("en")


def latin_words(text: str, record: dict[str, Any]) -> list[str]:
    """The Latin words of ``text`` that are not a quotation (「…」), a card id of ``record``, a
    player's name, the game's name or HP (the game's own word)."""
    text = re.sub(r"「[^」]*」", "", text)
    for card in sorted((c["id"] for c in record.get("cards", [])), key=len, reverse=True):
        text = text.replace(card, "")
    players = [p.get("name", "") if isinstance(p, dict) else p for p in record.get("players", [])]
    for name in (*players, "ZUTOMAYO CARD", "HP"):
        text = text.replace(str(name), "")
    return re.findall(r"[A-Za-z]{2,}", text)


def _not_in_hand(cards: CardCatalogue) -> dict[str, Any]:
    """C42 with Ann setting X, a card in Bo's hand and not in hers (5.2.1), names in Japanese."""
    record = _c42(cards)
    for index, card in enumerate(record["cards"]):
        card["name_ja"] = f"札{index}"
    record["turns"][0]["set"][0]["A"] = "Z_X"
    return record


def test_japanese_report_of_illegal_input_has_no_latin_words(cards: CardCatalogue) -> None:
    record = _not_in_hand(cards)
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.message == "player 0 has no Z_X in hand"
    text = report.to_text("ja")
    x = f"札{[c['id'] for c in record['cards']].index('Z_X')}"
    assert f"Annの手札に{x}はない" in text
    assert "ZUTOMAYO CARD 総合ルール 1.0.1（英語の非公式翻訳）" in text
    assert latin_words(text, record) == [], text
    out: Any = report.to_json("ja")
    assert out["rules_document"] == "ZUTOMAYO CARD 総合ルール 1.0.1（英語の非公式翻訳）"
    ill = out["illegal_input"]
    assert isinstance(ill, dict)
    assert ill["message"] == f"Annの手札に{x}はない"
    assert ill["key"] == "NOT_IN_HAND"
    texts = [e["text"] for e in out["setup"]["events"]]
    texts += [e["text"] for t in out["turns"] for e in t["events"]]
    assert texts
    assert latin_words(" ".join(texts), record) == [], texts


def test_japanese_step_texts_show_card_names_without_ids(cards: CardCatalogue) -> None:
    record = _not_in_hand(cards)
    text = replay_record(record, cards=cards).to_text("ja")
    assert "[Z_" not in text
    assert replay_record(record, cards=cards).to_text("en").count("[Z_") > 0
