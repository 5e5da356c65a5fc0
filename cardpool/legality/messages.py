"""Issue codes and their English and Japanese message texts.

Each message is a ``str.format`` template; ``issue()`` fills both languages from the same
keyword arguments, so the two can never disagree on the numbers or cards they name.
"""

from __future__ import annotations

from enum import StrEnum

from cardpool.legality.types import LegalityIssue, Severity


class IssueCode(StrEnum):
    """Stable issue codes. Never rename one: clients and stored reports match on them."""

    # Deck rules
    DECK_SIZE = "deck_size"
    TOO_MANY_COPIES = "too_many_copies"
    UNKNOWN_CARD = "unknown_card"
    AMBIGUOUS_CARD = "ambiguous_card"
    BANNED = "banned"
    LIMITED = "limited"
    LEADER_COUNT = "leader_count"
    GATE_COUNT = "gate_count"
    MAIN_DECK_SIZE = "main_deck_size"
    IKZ_COUNT = "ikz_count"
    ELEMENT_MISMATCH = "element_mismatch"
    ZTRIKE_CARD_COUNT = "ztrike_card_count"
    FEW_CHARACTERS = "few_characters"
    # Input
    MALFORMED_LINE = "malformed_line"
    EMPTY_INPUT = "empty_input"
    TOO_LONG = "too_long"
    BINARY_DATA = "binary_data"
    BAD_COUNT = "bad_count"
    WRONG_GAME = "wrong_game"
    CSV_MISSING_COLUMN = "csv_missing_column"
    BAD_JSON = "bad_json"
    TOTAL_MISMATCH = "total_mismatch"
    SIDEBOARD = "sideboard"
    UNREADABLE_ENCODING = "unreadable_encoding"


# message key -> (code, English template, Japanese template)
_TEXTS: dict[str, tuple[IssueCode, str, str]] = {
    "zutomayo.deck_size": (
        IssueCode.DECK_SIZE,
        "The deck has {count} cards; it must have exactly {required}.",
        "デッキは{count}枚です。ちょうど{required}枚にしてください。",
    ),
    "zutomayo.too_many_copies": (
        IssueCode.TOO_MANY_COPIES,
        "{count} cards with pack {pack} and number {number} ({names}); at most {limit} allowed.",
        "収録パック{pack}・ナンバー{number}のカード（{names}）が{count}枚あります。"
        "同じパック・ナンバーのカードは{limit}枚までです。",
    ),
    "zutomayo.few_characters": (
        IssueCode.FEW_CHARACTERS,
        "Only {count} of {size} cards are characters (less than half); "
        "the opening hand may have no character to set.",
        "キャラクターカードが{size}枚中{count}枚しかありません（半分未満）。"
        "最初の手札にキャラクターカードがないことがあります。",
    ),
    "azuki.leader_count": (
        IssueCode.LEADER_COUNT,
        "The deck has {count} leaders; it must have exactly 1.",
        "リーダーが{count}枚あります。ちょうど1枚にしてください。",
    ),
    "azuki.gate_count": (
        IssueCode.GATE_COUNT,
        "The deck has {count} Gates; it must have exactly 1.",
        "ゲートが{count}枚あります。ちょうど1枚にしてください。",
    ),
    "azuki.main_deck_size": (
        IssueCode.MAIN_DECK_SIZE,
        "The main deck has {count} entities, spells and weapons; it must have exactly {required}.",
        "メインデッキ（エンティティ・スペル・ウェポン）が{count}枚です。"
        "ちょうど{required}枚にしてください。",
    ),
    "azuki.ikz_count": (
        IssueCode.IKZ_COUNT,
        "The deck has {count} IKZ cards; it must have exactly {required}.",
        "IKZカードが{count}枚です。ちょうど{required}枚にしてください。",
    ),
    "azuki.ikz_token_count": (
        IssueCode.IKZ_COUNT,
        "The deck has {count} IKZ tokens; it must have exactly {required}.",
        "IKZトークンが{count}枚です。ちょうど{required}枚にしてください。",
    ),
    "azuki.element_mismatch": (
        IssueCode.ELEMENT_MISMATCH,
        "{name} ({card}) is {card_elements}, but the leader allows only {allowed}.",
        "{name}（{card}）の属性は{card_elements}ですが、リーダーで使えるのは{allowed}だけです。",
    ),
    "azuki.too_many_copies": (
        IssueCode.TOO_MANY_COPIES,
        "{count} copies of card number {number} ({names}); at most {limit} allowed "
        "(alternate art counts toward the same limit).",
        "カードナンバー{number}（{names}）が{count}枚あります。同じナンバーは{limit}枚までです"
        "（異なるイラストも同じナンバーとして数えます）。",
    ),
    "ztrike.deck_size": (
        IssueCode.DECK_SIZE,
        "The deck has {count} cards; it must have exactly {required}.",
        "デッキは{count}枚です。ちょうど{required}枚にしてください。",
    ),
    "ztrike.too_many_copies": (
        IssueCode.TOO_MANY_COPIES,
        "{count} copies of Card ID {number} ({names}); at most {limit} allowed.",
        "カードID {number}（{names}）が{count}枚あります。同じカードIDは{limit}枚までです。",
    ),
    "ztrike.ztrike_card_copies": (
        IssueCode.ZTRIKE_CARD_COUNT,
        "The deck has {count} copies of the ZTRIKE card {names}; a ZTRIKE card can only have "
        "1 copy in a deck.",
        "ZTRIKEカード{names}が{count}枚あります。ZTRIKEカードはデッキに1枚までです。",
    ),
    "ztrike.ztrike_card_count": (
        IssueCode.ZTRIKE_CARD_COUNT,
        "The deck has {count} different ZTRIKE cards ({names}). The rules say a ZTRIKE card "
        "can only have 1 copy; whether two different ones are allowed is not settled (TA-06): "
        "ask the head judge before the event.",
        "異なるZTRIKEカードが{count}種類（{names}）あります。ルールではZTRIKEカードは1枚まで"
        "ですが、異なるカードを2種類入れてよいかは定まっていません（TA-06）。大会前に"
        "ヘッドジャッジに確認してください。",
    ),
    "ztrike.ztrike_card_total": (
        IssueCode.ZTRIKE_CARD_COUNT,
        "The deck has {count} different ZTRIKE cards ({names}); this event reads the rules as "
        "1 ZTRIKE card in a deck in total (TA-06).",
        "異なるZTRIKEカードが{count}種類（{names}）あります。この大会ではZTRIKEカードは"
        "デッキに合計1枚までと解釈します（TA-06）。",
    ),
    "banned": (
        IssueCode.BANNED,
        "{names} is banned ({list_name}, in force from {effective}).",
        "{names}は禁止カードです（{list_name}、{effective}から適用）。",
    ),
    "limited": (
        IssueCode.LIMITED,
        "{count} copies of {names}; it is Limited-({limit}) ({list_name}, in force from "
        "{effective}).",
        "{names}が{count}枚あります。制限カード（{limit}枚まで）です"
        "（{list_name}、{effective}から適用）。",
    ),
    "unknown_card_line": (
        IssueCode.UNKNOWN_CARD,
        "{where}: unknown card {card!r}.{hint}",
        "{where_ja}：カード「{card}」が見つかりません。{hint_ja}",
    ),
    "unknown_card_id": (
        IssueCode.UNKNOWN_CARD,
        "Unknown card id {card!r}: it is not in the card pool.",
        "カードID「{card}」はカードリストにありません。",
    ),
    "ambiguous_card": (
        IssueCode.AMBIGUOUS_CARD,
        "{where}: {card!r} matches {count} different cards: {candidates}. "
        "Write the card id instead.",
        "{where_ja}：「{card}」に当てはまるカードが{count}種類あります：{candidates_ja}。"
        "カードIDで書いてください。",
    ),
    "malformed_line": (
        IssueCode.MALFORMED_LINE,
        "{where}: cannot read {text!r}: {reason_en}. Write one card per line, "
        "e.g. '2 1st_10' or '2x NAME'.",
        "{where_ja}：「{text}」を読み取れません（{reason_ja}）。"
        "1行に1種類、例えば「2 1st_10」のように書いてください。",
    ),
    "empty_input": (
        IssueCode.EMPTY_INPUT,
        "The decklist is empty.",
        "デッキリストが空です。",
    ),
    "too_long_lines": (
        IssueCode.TOO_LONG,
        "The decklist has {count} lines; at most {limit} are accepted.",
        "デッキリストが{count}行あります。{limit}行までにしてください。",
    ),
    "too_long_bytes": (
        IssueCode.TOO_LONG,
        "The decklist is {count} bytes; at most {limit} are accepted.",
        "デッキリストが{count}バイトあります。{limit}バイトまでにしてください。",
    ),
    "binary_data": (
        IssueCode.BINARY_DATA,
        "The decklist is not text ({reason_en}).",
        "デッキリストがテキストではありません（{reason_ja}）。",
    ),
    "bad_count": (
        IssueCode.BAD_COUNT,
        "{where}: count {count} for {card!r} is not possible; use 1 to {limit}.",
        "{where_ja}：「{card}」の枚数{count}は使えません。1〜{limit}で書いてください。",
    ),
    "wrong_game": (
        IssueCode.WRONG_GAME,
        "{where}: {card!r} is a card id of {other}, but this is a {game} decklist.",
        "{where_ja}：「{card}」は{other}のカードIDです。このデッキリストは{game}です。",
    ),
    "csv_missing_column": (
        IssueCode.CSV_MISSING_COLUMN,
        "CSV header {header!r} has no {column} column; expected e.g. 'count,card'.",
        "CSVの見出し「{header}」に{column_ja}の列がありません。例：「count,card」",
    ),
    "total_mismatch": (
        IssueCode.TOTAL_MISMATCH,
        "{where}: the list says {total} cards in all, but its lines add up to {count}.",
        "{where_ja}：合計{total}枚と書かれていますが、各行の合計は{count}枚です。",
    ),
    "sideboard": (
        IssueCode.SIDEBOARD,
        "{where}: {game} has no sideboard; the {lines} card line(s) under {header!r} were not "
        "read. List only the deck.",
        "{where_ja}：{game}にサイドボードはありません。「{header}」以下の{lines}行は読み込んで"
        "いません。デッキのカードだけを書いてください。",
    ),
    "unreadable_encoding": (
        IssueCode.UNREADABLE_ENCODING,
        "The file is neither UTF-8, UTF-16 nor Shift-JIS ({reason_en}). Save it again as "
        "UTF-8: in Excel choose File > Save As > 'CSV UTF-8'; in Notepad or TextEdit choose "
        "the UTF-8 encoding when saving. Or paste the list into the text box.",
        "ファイルの文字コードがUTF-8・UTF-16・Shift-JISのどれでもありません（{reason_ja}）。"
        "UTF-8で保存し直してください：Excelでは「ファイル」→「名前を付けて保存」→"
        "「CSV UTF-8」、メモ帳やテキストエディットでは保存時に文字コードUTF-8を選びます。"
        "テキスト欄に貼り付けても構いません。",
    ),
    "bad_json": (
        IssueCode.BAD_JSON,
        "JSON {where}: {reason_en}.",
        "JSON {where_ja}：{reason_ja}。",
    ),
}


def issue(
    key: str,
    *,
    rule: str,
    cards: tuple[str, ...] = (),
    severity: Severity = Severity.ERROR,
    line: int | None = None,
    field: str | None = None,
    suggestions: tuple[str, ...] = (),
    suggestions_ja: tuple[str, ...] = (),
    **values: object,
) -> LegalityIssue:
    """Build an issue from the message ``key``, filling both languages from ``values``."""
    code, english, japanese = _TEXTS[key]
    # Card names in each language: ``names_ja`` (when given) fills the Japanese ``{names}``.
    values_ja = {**values, "names": values["names_ja"]} if "names_ja" in values else values
    return LegalityIssue(
        code=code.value,
        rule=rule,
        message_en=english.format(**values),
        message_ja=japanese.format(**values_ja),
        cards=cards,
        severity=severity,
        line=line,
        field=field,
        suggestions=suggestions,
        suggestions_ja=suggestions_ja,
    )


def message_keys() -> tuple[str, ...]:
    """Every message key (for tests that render each one)."""
    return tuple(_TEXTS)
