"""Decklists as players paste them (from other sites, notes and chats): counts in every common
form, comments and notes, section headings with counts, total lines, Japanese pack names,
curly quotes and dashes, the encodings Japanese tools save in, a sideboard refused; names that
several cards share are never matched to one of them; each issue names its line and carries
suggestions in the reader's language. Cards are the invented pool of ``cards.py`` (and the real
pool where it is present)."""

from __future__ import annotations

import json

import pytest

from cardpool.legality import (
    CardIndex,
    check_decklist_text,
    normalize_name,
    parse_decklist,
    parse_text,
)
from cardpool.legality.names import normalize_marks
from cardpool.legality.parser import decklist_text
from tests.cardpool.legality.cards import zutomayo_index
from tests.cardpool.legality.test_shared_data import zutomayo as zutomayo

INDEX = zutomayo_index()


def read(text: str | bytes) -> tuple[list[tuple[str, int]], list[str]]:
    parsed = parse_text(text, INDEX)
    return [(e.card_id, e.count) for e in parsed.decklist.entries], [i.code for i in parsed.issues]


@pytest.mark.parametrize(
    "line",
    [
        "2 1st_3", "2x 1st_3", "2× 1st_3", "2枚 1st_3", "2枚　1st_3", "x2 1st_3", "×2 1st_3",
        "1st_3 x2", "1st_3 ×2", "1st_3 2枚", "1st_3×2", "２ １ｓｔ＿３", "1st_3 ×２枚",
        "2 テスト1stの3", "テスト1stの3 ×2", "テスト1stの3 2枚", "2枚 テスト1stの3",
        "2 TEST HERO 1ST 3",
    ],
)  # fmt: skip
def test_counts_before_or_after_the_name(line: str) -> None:
    assert read(line) == ([("1st_3", 2)], [])


@pytest.mark.parametrize(
    "line",
    ["2 1弾-3", "2 1弾_003", "2 第1弾-3", "2 1弾 3", "2 ２弾－３"],
)
def test_japanese_pack_names(line: str) -> None:
    pack = "2nd" if "２弾" in line else "1st"
    assert read(line) == ([(f"{pack}_3", 2)], [])


@pytest.mark.parametrize(
    "text",
    [
        "# my deck\n2 1st_3",
        "// my deck\n2 1st_3",
        "2 1st_3 # the best",
        "2 1st_3 // the best",
        "2 1st_3 ※強い",
        "2 テスト1stの3（主力）",
        "2 テスト1stの3 (main attacker)",
        "2 TEST HERO 1ST 3 - main attacker",
        "2 TEST HERO 1ST 3 – main attacker",
    ],
)
def test_comments_and_notes_are_not_part_of_the_card(text: str) -> None:
    assert read(text) == ([("1st_3", 2)], [])


def test_a_note_is_only_dropped_from_a_name_that_is_no_card() -> None:
    # "SHARED MUSE (TEST SONG)" is two cards' name: the bracket is the name, not a note, and
    # the line stays ambiguous rather than becoming the unknown "SHARED MUSE".
    assert read("2 SHARED MUSE (TEST SONG)") == ([], ["ambiguous_card"])
    # A note after an ambiguous name is dropped, and the name is still ambiguous.
    assert read("2 共有ちゃん（テストの歌）（主力）") == ([], ["ambiguous_card"])


def test_section_headings_with_counts_and_a_matching_total() -> None:
    text = "キャラクター（2枚）\n2 1st_3\nエンチャント 2枚\n2 1st_4\nEnchants:\n1 1st_6\n合計5枚\n"
    parsed = parse_text(text, INDEX)
    assert parsed.issues == ()
    assert [(e.card_id, e.section) for e in parsed.decklist.entries] == [
        ("1st_3", "キャラクター"),
        ("1st_4", "エンチャント"),
        ("1st_6", "Enchants"),
    ]


@pytest.mark.parametrize("total", ["合計20枚", "計20枚", "Total: 20", "TOTAL 20", "合計：２０"])
def test_a_total_that_disagrees_is_a_warning_on_its_line(total: str) -> None:
    parsed = parse_text(f"2 1st_3\n2 1st_5\n{total}\n", INDEX)
    (warning,) = parsed.issues
    assert warning.code == "total_mismatch"
    assert warning.severity.value == "warning"
    assert warning.line == 3
    assert "20" in warning.message_en
    assert "4" in warning.message_en
    assert parsed.ok  # a warning does not make the list unreadable


def test_a_sideboard_is_an_error_and_its_cards_are_not_read() -> None:
    parsed = parse_text("Main:\n2 1st_3\nSideboard:\n2 1st_5\n1 1st_9\nサイド\n1 1st_11\n", INDEX)
    assert [(e.card_id, e.count) for e in parsed.decklist.entries] == [("1st_3", 2)]
    (error,) = parsed.issues
    assert error.code == "sideboard"
    assert error.line == 3
    assert "no sideboard" in error.message_en
    assert "サイドボードはありません" in error.message_ja
    assert not parsed.ok


def test_cards_after_the_sideboard_in_a_new_section_are_read() -> None:
    parsed = parse_text("Sideboard:\n2 1st_5\nMain:\n2 1st_3\n", INDEX)
    assert [(e.card_id, e.count) for e in parsed.decklist.entries] == [("1st_3", 2)]
    assert [i.code for i in parsed.issues] == ["sideboard"]


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Don’t Stop", "Don't Stop"),
        ("Don‘t Stop", "Don't Stop"),
        ("“Quoted” Song", '"Quoted" Song'),
        ("A—B", "A-B"),
        ("A–B", "A-B"),
        ("A−B", "A-B"),
        ("KIRA • CHAN", "KIRA・CHAN"),
        ("KIRA·CHAN", "KIRA・CHAN"),
        ("ｷﾗ･ﾁｬﾝ", "キラ・チャン"),
        ("波〜", "波~"),
        ("The password“︀”︀", 'The password""'),
    ],
)
def test_the_normalisation_table(typed: str, stored: str) -> None:
    assert normalize_name(typed) == normalize_name(stored)


def test_marks_are_normalised_but_not_the_long_vowel() -> None:
    assert normalize_marks("ー") == "ー"
    assert normalize_name("カード") != normalize_name("カ-ド")


@pytest.mark.parametrize(
    ("encoding", "prefix"),
    [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16", b""), ("utf-16-le", b""),
     ("utf-16-be", b""), ("cp932", b""), ("shift_jis", b"")],
)  # fmt: skip
def test_files_in_the_encodings_japanese_tools_save(encoding: str, prefix: bytes) -> None:
    data = prefix + "2枚 テスト1stの3\n2 1st_5 ※主力\n".encode(encoding)
    assert read(data) == ([("1st_3", 2), ("1st_5", 2)], [])


def test_an_unreadable_encoding_says_how_to_save_again() -> None:
    parsed = parse_text(b"2 \x82\xff\xfe\x81", INDEX)
    (problem,) = parsed.issues
    assert problem.code == "unreadable_encoding"
    assert "CSV UTF-8" in problem.message_en
    assert "UTF-8で保存し直して" in problem.message_ja


def test_ambiguous_names_carry_candidates_in_each_language() -> None:
    report = check_decklist_text("2 SHARED MUSE (TEST SONG)\n", INDEX)
    english = report.as_dict("en")["errors"][0]
    japanese = report.as_dict("ja")["errors"][0]
    assert english["code"] == "ambiguous_card"
    assert english["line"] == 1
    assert english["suggestions"] == [
        "SHARED MUSE (TEST SONG) (1st_7)",
        "SHARED MUSE (TEST SONG) (2nd_7)",
    ]
    assert japanese["suggestions"] == [
        "共有ちゃん（テストの歌）（1st_7）",
        "共有ちゃん（テストの歌）（2nd_7）",
    ]
    # The line as typed is quoted; the candidates are named in Japanese.
    assert "SHARED MUSE (TEST SONG) (1st_7)" not in japanese["message"]
    assert "共有ちゃん（テストの歌）（1st_7）" in japanese["message"]


def test_unknown_card_suggestions_are_japanese_on_a_japanese_page() -> None:
    report = check_decklist_text("2 テスト1stの33\n", INDEX)
    japanese = report.as_dict("ja")["errors"][0]
    assert japanese["code"] == "unknown_card"
    assert japanese["suggestions"]
    assert all("TEST HERO" not in s for s in japanese["suggestions"])
    assert "TEST HERO" not in japanese["message"]
    english = report.as_dict("en")["errors"][0]
    assert all("TEST HERO" in s for s in english["suggestions"])


def test_each_message_appears_once() -> None:
    report = check_decklist_text("2 nope\n2 nope\n", INDEX).as_dict("en")
    messages = [e["message"] for e in report["errors"]]
    assert len(messages) == len(set(messages))
    json.dumps(report)


# --- the real card pool (skipped where SHARED_DIR is absent) -------------------------------


def test_real_names_differing_only_by_their_dots_are_ambiguous(zutomayo: CardIndex) -> None:
    # Three different real cards print NIRA-CHAN and KIRA-CHAN joined by three different dots;
    # whichever dot a player types, the line is ambiguous between the three, never one card.
    variants = ["・", "•", "·", " · "]
    found = set()
    for dot in variants:
        parsed = parse_text(f"2 NIRA-CHAN{dot}KIRA-CHAN (Kira Killer)", zutomayo)
        (problem,) = parsed.issues
        assert problem.code == "ambiguous_card"
        found.add(problem.cards)
    (cards,) = found
    assert len(cards) == 3


def test_no_two_real_cards_share_a_key_without_being_ambiguous(zutomayo: CardIndex) -> None:
    keys: dict[str, set[str]] = {}
    for card in zutomayo.cards:
        for name in card.names:
            keys.setdefault(normalize_name(name), set()).add(card.id)
    for key, ids in keys.items():
        parsed = parse_text(f"1 {key}", zutomayo)
        if len(ids) == 1:
            assert [e.card_id for e in parsed.decklist.entries] == list(ids), key
        else:
            assert [i.code for i in parsed.issues] == ["ambiguous_card"], key
            assert set(parsed.issues[0].cards) == ids, key


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp932"])
def test_the_stored_text_is_what_the_parser_read(encoding: str) -> None:
    # The event side stores the list as text: a Shift-JIS or UTF-16 upload must not be stored
    # as mojibake, nor fail (it used to be decoded as UTF-8 only).
    assert decklist_text("2枚 にらちゃん\n".encode(encoding)) == "2枚 にらちゃん\n"
    assert decklist_text(b"\x82\xff\xfe\x81") == ""


def test_a_utf16_csv_is_recognised_as_csv() -> None:
    data = "count,card\n2,1st_3\n".encode("utf-16")
    parsed = parse_decklist(data, INDEX)
    assert [(e.card_id, e.count) for e in parsed.decklist.entries] == [("1st_3", 2)]
    assert parsed.issues == ()


def test_rule_messages_name_the_cards_in_the_readers_language() -> None:
    # Req 3: on a Japanese page the copy-limit error (rule 4.1.2) names the cards in Japanese.
    report = check_decklist_text("3 1st_3\n", INDEX)
    (english,) = [e for e in report.as_dict("en")["errors"] if e["code"] == "too_many_copies"]
    (japanese,) = [e for e in report.as_dict("ja")["errors"] if e["code"] == "too_many_copies"]
    assert "TEST HERO 1ST 3" in english["message"]
    assert "テスト1stの3" in japanese["message"]
    assert "TEST HERO" not in japanese["message"]
