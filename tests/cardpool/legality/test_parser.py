"""Decklist parser: every line form, every bad-input case, CSV, JSON and the round trip."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpool.legality import (
    MAX_BYTES,
    MAX_LINES,
    DeckEntry,
    Decklist,
    Game,
    ParsedDecklist,
    detect_format,
    parse_csv,
    parse_decklist,
    parse_json,
    parse_text,
    render_decklist,
)
from tests.cardpool.legality.cards import azuki_index, ztrike_index, zutomayo_index

ZUTOMAYO = zutomayo_index()
AZUKI = azuki_index()
ZTRIKE = ztrike_index()


def entries(parsed: ParsedDecklist) -> list[tuple[str, int]]:
    return [(e.card_id, e.count) for e in parsed.decklist.entries]


def codes(parsed: ParsedDecklist) -> list[str]:
    return [i.code for i in parsed.issues]


@pytest.mark.parametrize(
    "line",
    [
        "2 1st_10",
        "2x 1st-010",
        "2 1st 10",
        "2 1st10",
        "2 1ST_010",
        "2 x 1st_10",
        "2× 1st_10",
        "2x1st_10",
        "1st_10 x2",
        "1st_10 x 2",
        "２ １ｓｔ＿１０",
        "2 1st 010/104",
        "  2   1st_10   ",
        "2 1st_10  # my favourite",
        "2 TEST HERO 1ST 10",
        "2 test hero 1st 10",
        "2 テスト1stの10",
        "2 ＴＥＳＴ　ＨＥＲＯ　１ＳＴ　１０",
    ],
)
def test_zutomayo_line_forms(line: str) -> None:
    parsed = parse_text(line, ZUTOMAYO)
    assert parsed.issues == ()
    assert entries(parsed) == [("1st_10", 2)]


def test_name_with_brackets_in_any_style() -> None:
    text = "\n".join(
        [
            "1 TEST HERO SECRET",
            "2 共有ちゃん（テストの歌）",
        ]
    )
    parsed = parse_text(text, ZUTOMAYO)
    assert entries(parsed) == [("1st_5_SE", 1)]
    (ambiguous,) = parsed.issues
    assert ambiguous.code == "ambiguous_card"
    assert ambiguous.line == 2
    assert ambiguous.cards == ("1st_7", "2nd_7")
    assert "1st_7" in ambiguous.message_en
    assert "2nd_7" in ambiguous.message_ja


@pytest.mark.parametrize(
    "name",
    [
        "SHARED MUSE (TEST SONG)",
        "shared muse【test song】",
        "共有ちゃん[テストの歌]",
        "共有ちゃん (テストの歌)",
    ],
)
def test_rule_2_1_2_a_shared_name_is_ambiguous(name: str) -> None:
    parsed = parse_text(f"2 {name}", ZUTOMAYO)
    assert codes(parsed) == ["ambiguous_card"]
    assert set(parsed.issues[0].cards) == {"1st_7", "2nd_7"}


def test_blank_lines_and_comments_are_ignored_and_lines_are_numbered() -> None:
    text = "# my deck\n\n2 1st_1\n   \n# side note\n2 1st_2\nnonsense\n"
    parsed = parse_text(text, ZUTOMAYO)
    assert entries(parsed) == [("1st_1", 2), ("1st_2", 2)]
    assert [e.line for e in parsed.decklist.entries] == [3, 6]
    assert [(i.code, i.line) for i in parsed.issues] == [("malformed_line", 7)]
    assert "Line 7" in parsed.issues[0].message_en
    assert "7行目" in parsed.issues[0].message_ja


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Leader", "Leader"),
        ("Leader:", "Leader"),
        ("[Leader]", "Leader"),
        ("【Leader】", "Leader"),
        ("LEADER (1)", "LEADER"),
        ("リーダー", "リーダー"),
        ("Main Deck:", "Main Deck"),
    ],
)
def test_azuki_section_headers(header: str, section: str) -> None:
    parsed = parse_text(f"{header}\n1 TST01-001\n", AZUKI)
    assert parsed.issues == ()
    assert parsed.decklist.entries == (DeckEntry("TST01-001", 1, section),)


def test_azuki_full_list_with_sections() -> None:
    text = """Leader: 1 TST01-001
Gate
1 TST01-003
[Main]
4 TST01-010
2x Test Bolt 11
IKZ:
10 IKZ-901
1 Test IKZ Token
"""
    parsed = parse_text(text, AZUKI)
    assert parsed.issues == ()
    assert [(e.card_id, e.count, e.section) for e in parsed.decklist.entries] == [
        ("TST01-001", 1, "Leader"),
        ("TST01-003", 1, "Gate"),
        ("TST01-010", 4, "Main"),
        ("TST01-011", 2, "Main"),
        ("IKZ-901", 10, "IKZ"),
        ("IKZ-902", 1, "IKZ"),
    ]


@pytest.mark.parametrize("line", ["2 tst01-010", "2 TST01-010A", "2 ＴＳＴ０１－０１０"])
def test_azuki_id_forms(line: str) -> None:
    parsed = parse_text(line, AZUKI)
    assert parsed.issues == ()
    assert entries(parsed)[0][1] == 2
    assert entries(parsed)[0][0] in ("TST01-010", "TST01-010A")


def test_azuki_alternate_art_suffix_resolves_to_its_card_number() -> None:
    parsed = parse_text("2 TST01-011B", AZUKI)
    assert entries(parsed) == [("TST01-011", 2)]


def test_ztrike_ids_are_opaque() -> None:
    parsed = parse_text("2 ZX-001\n1 zx-z1\n2 Test Striker 2", ZTRIKE)
    assert parsed.issues == ()
    assert entries(parsed) == [("ZX-001", 2), ("ZX-Z1", 1), ("ZX-002", 2)]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("0 1st_10", "bad_count"),
        ("-1 1st_10", "bad_count"),
        ("100 1st_10", "bad_count"),
        ("99999999999999999999 1st_10", "bad_count"),
        ("1st_10", "malformed_line"),
        ("two 1st_10", "malformed_line"),
        ("2", "malformed_line"),
        ("2 STT01-001", "wrong_game"),
        ("2 1st_99", "unknown_card"),
        ("2 TEST HERO 1ST 99", "unknown_card"),
    ],
)
def test_zutomayo_bad_lines(line: str, code: str) -> None:
    parsed = parse_text(f"2 1st_1\n{line}\n", ZUTOMAYO)
    assert entries(parsed) == [("1st_1", 2)]
    assert [(i.code, i.line, i.rule) for i in parsed.issues] == [(code, 2, "input")]
    assert parsed.issues[0].message_en.startswith("Line 2")
    assert parsed.issues[0].message_ja.startswith("2行目")


def test_near_miss_name_gets_did_you_mean() -> None:
    (problem,) = parse_text("2 TEST HERO SECRT", ZUTOMAYO).issues
    assert problem.code == "unknown_card"
    assert "Did you mean" in problem.message_en
    assert "もしかして" in problem.message_ja
    assert problem.suggestions[0] == "TEST HERO SECRET (1st_5_SE)"


def test_wrong_game_in_azuki_and_ztrike_lists() -> None:
    assert codes(parse_text("2 1st_10", AZUKI)) == ["wrong_game"]
    assert codes(parse_text("2 STT01-001", ZTRIKE)) == ["wrong_game"]
    assert codes(parse_text("2 2nd_3", ZTRIKE)) == ["wrong_game"]


def test_unknown_azuki_id_is_unknown_not_wrong_game() -> None:
    assert codes(parse_text("2 TST01-099", AZUKI)) == ["unknown_card"]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ("", "empty_input"),
        ("   \n\n\t\n", "empty_input"),
        ("# only a comment\n", "empty_input"),
        (b"", "empty_input"),
        ("2 1st_1\n" * (MAX_LINES + 1), "too_long"),
        ("#" * (MAX_BYTES + 1), "too_long"),
        (b"x" * (MAX_BYTES + 1), "too_long"),
        (b"2 1st_1\x00\x01", "binary_data"),
        (b"\x89PNG\r\n\x1a\n\xff\xfe", "binary_data"),
        ("2 1st_1\x07", "binary_data"),
    ],
)
@pytest.mark.parametrize("parse", [parse_text, parse_csv, parse_json, parse_decklist])
def test_bad_input(data: str | bytes, code: str, parse: object) -> None:
    assert callable(parse)
    parsed = parse(data, ZUTOMAYO)
    assert isinstance(parsed, ParsedDecklist)
    assert [i.code for i in parsed.issues] == [code]
    assert parsed.decklist.entries == ()
    assert not parsed.ok


def test_only_section_headers_is_empty() -> None:
    assert codes(parse_text("[Main]\nLeader:\n", AZUKI)) == ["empty_input"]


def test_exactly_the_limits_is_accepted() -> None:
    text = "2 1st_1\n" + "# filler\n" * (MAX_LINES - 1)
    assert parse_text(text, ZUTOMAYO).ok


def test_utf8_bytes_and_bom_are_accepted() -> None:
    data = "\ufeff2 テスト1stの10\n".encode()
    assert entries(parse_text(data, ZUTOMAYO)) == [("1st_10", 2)]


# ------------------------------------------------------------------------------------ CSV


@pytest.mark.parametrize(
    "header",
    ["count,card", "count,id", "quantity,name", " Count , Card ", "qty,card_id", "枚数,カード名"],
)
def test_csv_headers(header: str) -> None:
    parsed = parse_csv(f"{header}\n2,1st_10\n1,TEST HERO 1ST 11\n", ZUTOMAYO)
    assert parsed.issues == ()
    assert entries(parsed) == [("1st_10", 2), ("1st_11", 1)]


def test_csv_card_first_and_extra_columns_and_section() -> None:
    text = 'card,rarity,count,section\n"TEST HERO 1ST 10",N,2,Main\n1st_11,R,1,\n'
    parsed = parse_csv(text, ZUTOMAYO)
    assert parsed.decklist.entries == (
        DeckEntry("1st_10", 2, "Main"),
        DeckEntry("1st_11", 1, None),
    )


def test_csv_quoted_names_with_commas() -> None:
    index = ZTRIKE
    parsed = parse_csv('count,name\n2,"Test Striker 1"\n', index)
    assert entries(parsed) == [("ZX-001", 2)]


@pytest.mark.parametrize(
    ("header", "missing"),
    [("card,rarity", ["count"]), ("count,rarity", ["card"]), ("2,1st_10", ["count", "card"])],
)
def test_csv_missing_column(header: str, missing: list[str]) -> None:
    parsed = parse_csv(f"{header}\n2,1st_10\n", ZUTOMAYO)
    assert [(i.code, i.field, i.line) for i in parsed.issues] == [
        ("csv_missing_column", column, 1) for column in missing
    ]
    assert parsed.decklist.entries == ()


def test_csv_header_without_rows_is_empty() -> None:
    assert codes(parse_csv("count,card\n\n", ZUTOMAYO)) == ["empty_input"]


def test_csv_bad_rows_name_their_line() -> None:
    text = "count,card\n2,1st_1\n\n0,1st_2\nabc,1st_3\n2\n2,1st_99\n"
    parsed = parse_csv(text, ZUTOMAYO)
    assert entries(parsed) == [("1st_1", 2)]
    assert [(i.code, i.line) for i in parsed.issues] == [
        ("bad_count", 4),
        ("malformed_line", 5),
        ("malformed_line", 6),
        ("unknown_card", 7),
    ]


# ----------------------------------------------------------------------------------- JSON


@pytest.mark.parametrize(
    "document",
    [
        [{"card": "1st_10", "count": 2}, {"card": "TEST HERO 1ST 11", "count": 1}],
        {"cards": [{"id": "1st_10", "quantity": 2}, {"name": "テスト1stの11", "count": 1}]},
    ],
)
def test_json_forms(document: object) -> None:
    parsed = parse_json(json.dumps(document, ensure_ascii=False), ZUTOMAYO)
    assert parsed.issues == ()
    assert entries(parsed) == [("1st_10", 2), ("1st_11", 1)]


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        ("[{", "bad_json", "line 1 column 3"),
        ('{"deck": []}', "bad_json", "$"),
        ("[]", "empty_input", None),
        ('[{"card": "1st_1", "count": 2}, 5]', "bad_json", "[1]"),
        ('[{"count": 2}]', "bad_json", "[0].card"),
        ('[{"card": "1st_1"}]', "bad_json", "[0].count"),
        ('[{"card": "1st_1", "count": "2"}]', "bad_json", "[0].count"),
        ('[{"card": "1st_1", "count": true}]', "bad_json", "[0].count"),
        ('{"cards": [{"card": "1st_1", "count": 0}]}', "bad_count", "cards[0]"),
        ('[{"card": "1st_1", "count": 2, "section": 3}]', "bad_json", "[0].section"),
        ('[{"card": "STT01-001", "count": 1}]', "wrong_game", "[0]"),
        ('[{"card": "1st_99", "count": 1}]', "unknown_card", "[0]"),
    ],
)
def test_json_bad_input(text: str, code: str, field: str | None) -> None:
    parsed = parse_json(text, ZUTOMAYO)
    assert [(i.code, i.field) for i in parsed.issues] == [(code, field)]
    if field:
        assert field in parsed.issues[0].message_en


# ----------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("data", "fmt"),
    [
        ("2 1st_10", "text"),
        ("[Main]\n2 1st_10", "text"),
        ("# deck\ncount,card\n2,1st_10", "csv"),
        ("Quantity,Name\n2,x", "csv"),
        ('[{"card": "1st_10", "count": 2}]', "json"),
        ('  {"cards": []}', "json"),
        (b'[{"card": "1st_10", "count": 2}]', "json"),
    ],
)
def test_detect_format(data: str | bytes, fmt: str) -> None:
    assert detect_format(data) == fmt


def test_parse_decklist_auto_reads_all_three() -> None:
    expected = [("1st_10", 2)]
    assert entries(parse_decklist("2 1st_10", ZUTOMAYO)) == expected
    assert entries(parse_decklist("count,card\n2,1st_10", ZUTOMAYO)) == expected
    assert entries(parse_decklist('[{"card":"1st_10","count":2}]', ZUTOMAYO)) == expected
    assert entries(parse_decklist("2 1st_10", ZUTOMAYO, fmt="text")) == expected


# ----------------------------------------------------------------------------- round trip

SECTIONS = ("Leader", "Gate", "Main", "IKZ")


@st.composite
def decklists(draw: st.DrawFn) -> Decklist:
    game = draw(st.sampled_from([Game.ZUTOMAYO, Game.AZUKI, Game.ZTRIKE]))
    index = {Game.ZUTOMAYO: ZUTOMAYO, Game.AZUKI: AZUKI, Game.ZTRIKE: ZTRIKE}[game]
    ids = [c.id for c in index.cards]
    with_sections = draw(st.booleans())
    items = draw(
        st.lists(
            st.tuples(st.sampled_from(ids), st.integers(1, 99), st.sampled_from(SECTIONS)),
            max_size=25,
        )
    )
    return Decklist(
        game,
        tuple(DeckEntry(i, n, s if with_sections else None) for i, n, s in items),
    )


@settings(max_examples=120, deadline=None)
@given(decklists())
def test_property_parse_render_round_trip(deck: Decklist) -> None:
    index = {Game.ZUTOMAYO: ZUTOMAYO, Game.AZUKI: AZUKI, Game.ZTRIKE: ZTRIKE}[deck.game]
    text = render_decklist(deck)
    if not deck.entries:
        assert codes(parse_text(text, index)) == ["empty_input"]
        return
    parsed = parse_text(text, index)
    assert parsed.issues == ()
    assert parsed.decklist == deck


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_property_parser_never_crashes(data: str | bytes) -> None:
    for index in (ZUTOMAYO, AZUKI, ZTRIKE):
        parsed = parse_decklist(data, index)
        assert isinstance(parsed, ParsedDecklist)
        for problem in parsed.issues:
            assert problem.code
            assert problem.message_en
            assert problem.message_ja
