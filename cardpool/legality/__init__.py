"""Deck legality for ZUTOMAYO CARD, Azuki TCG and ZTRIKE (pure: standard library only).

Vocabulary
----------
card
    One card of one game (``ZutomayoCard``, ``AzukiCard``, ``ZtrikeCard``; any of them is a
    ``CardRef``), identified by its **id**: ZUTOMAYO ``1st_10`` (pack and number), Azuki
    ``STT01-001`` (card code), ZTRIKE the printed Card ID.
copy key
    What a copy limit counts. ZUTOMAYO: pack and number, whatever the rarity or name (rules
    2.3.10.1, 4.1.2). Azuki: the card number, alternate art included. ZTRIKE: the Card ID.
card index
    A ``CardIndex``: a snapshot of one game's card pool, by id and by normalised name.
    Several cards may share a name (ZUTOMAYO rule 2.1.2), so a name can be ambiguous.
name key
    ``normalize_name(s)``: a name with width, case, bracket style and spacing ignored.
decklist
    A ``Decklist``: ``DeckEntry`` lines of (card id, count, section). Sections (Leader, Gate,
    Main, IKZ…) are what the player wrote; legality looks only at the cards.
format
    ``FormatRules``: a game's format with dated ban / limited lists. The list **in force** on a
    day is the latest one dated on or before it. ``BanEntry(card, 0)`` is banned,
    ``BanEntry(card, N)`` is Limited-(N).
issue
    A ``LegalityIssue``: stable ``code``, the ``rule`` it comes from (clause number or citation
    key), an English and a Japanese message, the ``cards`` involved, and a ``severity``:
    an **error** makes the deck illegal, a **warning** is advice.
input issue
    An issue about the text itself (``malformed_line``, ``empty_input``, ``too_long``,
    ``binary_data``, ``bad_count``, ``wrong_game``, ``csv_missing_column``, ``bad_json``, and
    ``unknown_card`` / ``ambiguous_card`` for a line); its rule is ``"input"`` and it names the
    line or JSON path.
report
    A ``LegalityReport``; ``report.as_dict("en" | "ja")`` is the JSON-able
    ``{"legal", "errors", "warnings", "cards"}``; ``report.as_dicts()`` has both languages.

Typical use::

    index = load_card_index("zutomayo", rows)
    report = check_decklist_text(text, index, rules, on=event_date)
    report.as_dict("ja")
"""

from cardpool.legality.checks_azuki import azuki_constructed_rules, check_azuki
from cardpool.legality.checks_ztrike import check_ztrike
from cardpool.legality.checks_zutomayo import check_zutomayo
from cardpool.legality.loaders import (
    azuki_card,
    card_index_from_json,
    load_card_index,
    ztrike_card,
    zutomayo_card,
)
from cardpool.legality.messages import IssueCode
from cardpool.legality.names import normalize_name
from cardpool.legality.parser import (
    MAX_BYTES,
    MAX_COUNT,
    MAX_LINES,
    DecklistFormat,
    detect_format,
    parse_csv,
    parse_decklist,
    parse_json,
    parse_text,
    render_decklist,
)
from cardpool.legality.report import (
    CardCountDict,
    IssueDict,
    Language,
    LegalityReport,
    ReportDict,
    check_decklist,
    check_decklist_text,
    is_legal,
    legality_report,
)
from cardpool.legality.types import (
    AzukiCard,
    AzukiCardType,
    BanEntry,
    BanList,
    CardDataError,
    CardIndex,
    CardRef,
    DeckEntry,
    Decklist,
    FormatRules,
    Game,
    LegalityIssue,
    ParsedDecklist,
    Severity,
    ZtrikeCard,
    ZtrikeColour,
    ZutomayoCard,
    ZutomayoCardType,
)

__all__ = [
    "MAX_BYTES",
    "MAX_COUNT",
    "MAX_LINES",
    "AzukiCard",
    "AzukiCardType",
    "BanEntry",
    "BanList",
    "CardCountDict",
    "CardDataError",
    "CardIndex",
    "CardRef",
    "DeckEntry",
    "Decklist",
    "DecklistFormat",
    "FormatRules",
    "Game",
    "IssueCode",
    "IssueDict",
    "Language",
    "LegalityIssue",
    "LegalityReport",
    "ParsedDecklist",
    "ReportDict",
    "Severity",
    "ZtrikeCard",
    "ZtrikeColour",
    "ZutomayoCard",
    "ZutomayoCardType",
    "azuki_card",
    "azuki_constructed_rules",
    "card_index_from_json",
    "check_azuki",
    "check_decklist",
    "check_decklist_text",
    "check_ztrike",
    "check_zutomayo",
    "detect_format",
    "is_legal",
    "legality_report",
    "load_card_index",
    "normalize_name",
    "parse_csv",
    "parse_decklist",
    "parse_json",
    "parse_text",
    "render_decklist",
    "ztrike_card",
    "zutomayo_card",
]
