"""Decklist parsing: plain text, CSV and JSON into a ``ParsedDecklist`` (decklist + issues).

The parser never fixes input silently and never raises on bad input: every line it cannot
use becomes an issue naming the line (or JSON path) and what is wrong, and the decklist holds
the lines it could read. Limits: at most 300 lines and 64 KB, counts 1 to 99.

**Text**, one card per line, as players paste it (blank lines are ignored)::

    2 1st_10          2x 1st-010        2 1st 10          2 1st 010/104     1st_10 x2
    2 NIRA-CHAN (STUDY ME)              2 にらちゃん【お勉強しといてよ】     ２ １ｓｔ＿１０
    2枚 にらちゃん（正義）              にらちゃん（正義） ×2               にらちゃん（正義）2枚
    x2 1st_10         2 1弾-28          2 第1弾-028
    Leader:           [Main]            Main              Main (50)         Leader: 1 STT01-001
    キャラクター（12枚）                Enchants:         合計20枚          Total: 20

Counts come before the name (``2``, ``2x``, ``2×``, ``2枚``, ``x2``) or after it (``x2``,
``×2``, ``2枚``), in half- or full-width digits. Comments: a line starting with ``#`` or
``//``, and from `` #``, `` //`` or ``※`` to the end of a line. A note after the name in
brackets (``（主力）``) or after `` - `` is dropped when the name without it is a card and the
name with it is not. Curly quotes, dashes, middle dots and wave dashes are read as one
spelling each (``names.normalize_marks``). A total line (``合計20枚``, ``計20枚``,
``Total: 20``) is checked against the lines: a different figure is the warning
``total_mismatch``. A ``Sideboard:`` (``サイドボード``) section is the error ``sideboard``:
none of these games has one, and its lines are not read.

A line without a count is ``malformed_line`` (never read as one copy).

Bytes are read as UTF-8 (with or without a byte-order mark), UTF-16 (with a byte-order mark,
or without one when every other byte is NUL, as Windows saves it) or Shift-JIS (cp932, as
Japanese Excel saves a CSV); anything else is ``unreadable_encoding``, with how to save the
file again.

A card is an id (ZUTOMAYO ``<pack>_<number>`` with ``_``, ``-``, space or nothing between and
leading zeros allowed; Azuki ``STT01-001``, an alternate-art suffix such as ``STT01-001A``
meaning the same card number; ZTRIKE Card IDs as printed) or a name, matched with
``normalize_name`` (width, case, bracket style and spacing ignored). A name shared by several
cards is ``ambiguous_card`` (ZUTOMAYO rule 2.1.2): write the id. A section header is a line
``[X]``, ``【X】`` or ``X:``, or a bare known word (Leader, Gate, Main, Main Deck, Deck, IKZ,
IKZ Token, Characters, Enchants, …, optionally followed by a count such as ``Main (50)``).
Sections are kept on each entry; legality never depends on them.

**CSV**: a header row, then one card per row. The header needs a count column (``count``,
``quantity``, ``qty``, ``copies``, ``amount`` or ``枚数``) and a card column (``card``, ``id``,
``card_id``, ``code``, ``name``, ``card_name``, ``カード`` or ``カード名``; when several are
present the first of ``id, card_id, code, card, name, card_name`` wins); an optional
``section`` column. Column names ignore case and surrounding spaces; other columns are
ignored. Names with commas must be quoted (standard CSV)::

    count,card
    2,1st_10
    2,"Silver Current, Haruhi"

**JSON**: ``[{"card": "1st_10", "count": 2}, ...]`` or ``{"cards": [...]}``; each object needs
``count`` (or ``quantity``) and one of ``card``, ``id`` or ``name``; ``section`` is optional.
"""

from __future__ import annotations

import csv
import difflib
import functools
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from cardpool.legality.messages import issue
from cardpool.legality.names import normalize_marks, normalize_name
from cardpool.legality.types import (
    CardIndex,
    CardRef,
    DeckEntry,
    Decklist,
    Game,
    LegalityIssue,
    ParsedDecklist,
    Severity,
)

MAX_LINES = 300
MAX_BYTES = 64 * 1024
MAX_COUNT = 99
INPUT_RULE = "input"
#: Card texts resolved per card index, and line shapes classified, kept for the next lists.
RESOLVED_CACHE_SIZE = 50_000
LINE_CACHE_SIZE = 1 << 16
#: Names compared with difflib for an unknown card's suggestions, after the bigram filter.
SUGGESTION_POOL = 40

DecklistFormat = Literal["auto", "text", "csv", "json"]

_ZUTOMAYO_ID = re.compile(r"^(\d{1,2}(?:st|nd|rd|th))[\s_\-./]*0*(\d{1,3})(?:\s*/\s*\d{1,3})?$")
#: A Japanese pack name: 1弾, 第1弾 (the first pack), before the number.
_JAPANESE_PACK = re.compile(r"^第?(\d{1,2})弾")
_AZUKI_ID = re.compile(r"^([a-z]{2,5}\d{0,3})-(\d{3})([a-z]{0,3})$")
_COUNT_FIRST = re.compile(r"^([+-]?\d+)(?:\s*枚\s*|\s*[x×*]\s+|[x×*](?=\S)|\s+)(.+)$")
_COUNT_X_FIRST = re.compile(r"^[x×*]\s*([+-]?\d+)\s+(.+)$")
_COUNT_LAST = re.compile(r"^(.+?)(?:\s+[x×*]|(?<=\))\s*[x×*]|\s*[×*])\s*([+-]?\d+)\s*枚?$")
_COUNT_LAST_MAI = re.compile(r"^(.+?)\s*([+-]?\d+)\s*枚$")
_TOTAL = re.compile(r"^(?:合計|総計|計|total|totals|デッキ合計)\s*[:：]?\s*(\d+)\s*枚?$", re.I)
_NOTE_IN_BRACKETS = re.compile(r"^(.+?)\s*\([^()]*\)$")
_NOTE_AFTER_DASH = re.compile(r"^(.+?)\s+-\s+.+$")
_SIDEBOARD_SECTIONS = frozenset(
    {"sideboard", "side board", "side deck", "side", "サイドボード", "サイドデッキ", "サイド"}
)
_BRACKETED = re.compile(r"^[\[【(]\s*([^\]】)]+?)\s*[\]】)]\s*:?$")
_LABELLED = re.compile(r"^([^:：]+?)\s*[:：]\s*(.*)$")
_HEADER_COUNT = re.compile(r"^(.+?)\s*(?:[(\[]\s*\d+\s*枚?\s*[)\]]|[-–—]\s*\d+\s*枚?|\d+\s*枚?)?$")
_KNOWN_SECTIONS = frozenset(
    {
        "leader",
        "leaders",
        "gate",
        "gates",
        "main",
        "main deck",
        "maindeck",
        "deck",
        "ikz",
        "ikz token",
        "ikz tokens",
        "token",
        "tokens",
        "character",
        "characters",
        "enchant",
        "enchants",
        "area enchant",
        "area enchants",
        "entities",
        "spells",
        "weapons",
        "リーダー",
        "ゲート",
        "メイン",
        "メインデッキ",
        "デッキ",
        "キャラクター",
        "エンチャント",
        "エリアエンチャント",
    }
)
_COUNT_COLUMNS = ("count", "quantity", "qty", "copies", "amount", "枚数")
_CARD_COLUMNS = ("id", "card_id", "code", "card", "name", "card_name", "カード", "カード名")
_GAME_LABEL = {Game.ZUTOMAYO: "ZUTOMAYO CARD", Game.AZUKI: "Azuki TCG", Game.ZTRIKE: "ZTRIKE"}


@dataclass(frozen=True, slots=True)
class _Where:
    """Where in the input a problem is: a line number, or a JSON path."""

    line: int | None
    path: str | None = None

    @property
    def en(self) -> str:
        return f"Line {self.line}" if self.line is not None else str(self.path)

    @property
    def ja(self) -> str:
        return f"{self.line}行目" if self.line is not None else str(self.path)


def _line_issue(
    key: str,
    where: _Where,
    *,
    cards: tuple[str, ...] = (),
    suggestions: tuple[str, ...] = (),
    suggestions_ja: tuple[str, ...] = (),
    **values: object,
) -> LegalityIssue:
    return issue(
        key,
        rule=INPUT_RULE,
        cards=cards,
        severity=Severity.ERROR,
        suggestions=suggestions,
        suggestions_ja=suggestions_ja,
        line=where.line,
        field=where.path,
        where=where.en,
        where_ja=where.ja,
        **values,
    )


def _shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------- input checks


def _decode(data: str | bytes) -> tuple[str | None, LegalityIssue | None]:
    """The input as text, or the ``too_long`` / ``binary_data`` / ``empty_input`` issue."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            return None, issue("too_long_bytes", rule=INPUT_RULE, count=len(data), limit=MAX_BYTES)
        decoded, problem = _decode_bytes(data)
        if decoded is None:
            return None, problem
        text = decoded
    else:
        text = data.removeprefix("\ufeff")
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_BYTES:
            return None, issue("too_long_bytes", rule=INPUT_RULE, count=size, limit=MAX_BYTES)
    for position, char in enumerate(text):
        if char not in "\t\n\r" and unicodedata.category(char) in ("Cc", "Cs"):
            return None, _binary(
                f"control character U+{ord(char):04X} at character {position}",
                f"{position}文字目に制御文字U+{ord(char):04X}があります",
            )
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        return None, issue("too_long_lines", rule=INPUT_RULE, count=len(lines), limit=MAX_LINES)
    if not any(line.strip() and not line.strip().startswith("#") for line in lines):
        return None, issue("empty_input", rule=INPUT_RULE)
    return text, None


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when every other byte is NUL (Windows' "Unicode" text)."""
    if len(data) < 2 or len(data) % 2:
        return None
    if data[1::2].count(0) * 2 >= len(data) // 2 and b"\x00" not in data[0::2]:
        return "utf-16-le"
    if data[0::2].count(0) * 2 >= len(data) // 2 and b"\x00" not in data[1::2]:
        return "utf-16-be"
    return None


def _decode_bytes(data: bytes) -> tuple[str | None, LegalityIssue | None]:
    """Bytes as text: UTF-8 (BOM or not), UTF-16 (BOM, or NUL every other byte), Shift-JIS."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding: str | None = "utf-16"
    else:
        encoding = _utf16_without_bom(data)
    if encoding is not None:
        try:
            return data.decode(encoding).removeprefix("\ufeff"), None
        except UnicodeDecodeError as error:
            return None, _unreadable(
                f"not UTF-16 at byte {error.start}", f"{error.start}バイト目がUTF-16ではありません"
            )
    if b"\x00" in data:
        return None, _binary("it contains NUL bytes", "NULバイトを含みます")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as error:
        utf8_error = error
    try:
        return data.decode("cp932"), None
    except UnicodeDecodeError:
        return None, _unreadable(
            f"not UTF-8 at byte {utf8_error.start}",
            f"{utf8_error.start}バイト目がUTF-8ではありません",
        )


#: A JSON string literal (escapes included); JSON text cannot break a string across lines.
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def json_lone_surrogate_line(text: str) -> int | None:
    """The first line of ``text`` whose JSON string escapes (``\\ud800``) make half of a UTF-16
    surrogate pair, or None. Such a string decodes to a character no UTF-8 text can hold, so no
    report may echo it: the caller refuses the input instead, naming this line."""
    if "\\u" not in text:
        return None
    for match in _JSON_STRING.finditer(text):
        literal = match.group()
        if "\\u" not in literal:
            continue
        try:
            value = json.loads(literal)
        except ValueError:
            continue
        if any("\ud800" <= char <= "\udfff" for char in value):
            return text.count("\n", 0, match.start()) + 1
    return None


def decklist_text(data: str | bytes) -> str:
    """The text of ``data`` as the parser reads it (bytes decoded as UTF-8, UTF-16 or
    Shift-JIS, byte-order mark dropped); empty when it cannot be read. For storing a list."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    text, _problem = _decode_bytes(data)
    return text or ""


def _unreadable(reason_en: str, reason_ja: str) -> LegalityIssue:
    return issue("unreadable_encoding", rule=INPUT_RULE, reason_en=reason_en, reason_ja=reason_ja)


def _binary(reason_en: str, reason_ja: str) -> LegalityIssue:
    return issue("binary_data", rule=INPUT_RULE, reason_en=reason_en, reason_ja=reason_ja)


# ---------------------------------------------------------------------------- card lookup


def _id_candidate(text: str, game: Game) -> str | None:
    """The canonical id ``text`` spells in ``game``'s id syntax, or None if it is no such id."""
    key = normalize_marks(text).strip().casefold()
    if game is Game.ZUTOMAYO:
        key = _JAPANESE_PACK.sub(lambda m: _ordinal(int(m[1])), key)
        match = _ZUTOMAYO_ID.match(key)
        return f"{match[1]}_{int(match[2])}" if match else None
    if game is Game.AZUKI:
        match = _AZUKI_ID.match(key)
        return f"{match[1]}-{match[2]}".upper() if match else None
    return None


def _ordinal(n: int) -> str:
    """1 -> 1st, 2 -> 2nd, 3 -> 3rd, 4 -> 4th, 11 -> 11th, 21 -> 21st (pack names)."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def card_id_candidate(text: str, game: str) -> str | None:
    """The card id ``text`` spells in the id syntax of ``game`` (``zutomayo``, ``azuki``), if
    it spells one: ``1ST-010`` and ``１ｓｔ－１０`` are ``1st_10``. For card search."""
    try:
        chosen = Game(game)
    except ValueError:
        return None
    return _id_candidate(text, chosen)


def _other_game(text: str, game: Game) -> Game | None:
    for other in (Game.ZUTOMAYO, Game.AZUKI):
        if other is not game and _id_candidate(text, other) is not None:
            return other
    return None


def resolve_card(text: str, index: CardIndex, where: _Where) -> CardRef | LegalityIssue:
    """The one card ``text`` names in ``index``, or the issue saying why there is none."""
    card = index.find_id(text)
    if card is not None:
        return card
    candidate = _id_candidate(text, index.game)
    if candidate is not None:
        card = index.find_id(candidate)
        if card is not None:
            return card
    named = index.find_name(text)
    if len(named) == 1:
        return named[0]
    if named:
        english = tuple(f"{c.names[0]} ({c.id})" for c in named)
        japanese = tuple(f"{c.names[-1]}（{c.id}）" for c in named)
        return _line_issue(
            "ambiguous_card",
            where,
            cards=tuple(c.id for c in named),
            suggestions=english,
            suggestions_ja=japanese,
            card=text,
            count=len(named),
            candidates=", ".join(english),
            candidates_ja="、".join(japanese),
        )
    other = _other_game(text, index.game)
    if other is not None and candidate is None:
        return _line_issue(
            "wrong_game",
            where,
            cards=(text,),
            card=text,
            other=_GAME_LABEL[other],
            game=_GAME_LABEL[index.game],
        )
    return _unknown(text, index, where)


def _bigrams(key: str) -> set[str]:
    return {key[i : i + 2] for i in range(len(key) - 1)} or {key}


def _similar_names(key: str, index: CardIndex) -> list[str]:
    """The names sharing the most character pairs with ``key`` (a filter before difflib, which
    would otherwise compare every name of the pool for each unknown card)."""
    by_gram: dict[str, list[str]] | None = index.memo.get("bigrams")
    if by_gram is None:
        by_gram = {}
        for name in index.normalized_names:
            for gram in _bigrams(name):
                by_gram.setdefault(gram, []).append(name)
        index.memo["bigrams"] = by_gram
    shared: dict[str, int] = {}
    for gram in _bigrams(key):
        for name in by_gram.get(gram, ()):
            shared[name] = shared.get(name, 0) + 1
    return sorted(shared, key=lambda name: (-shared[name], name))[:SUGGESTION_POOL]


def _unknown(text: str, index: CardIndex, where: _Where) -> LegalityIssue:
    key = normalize_name(text)
    close = difflib.get_close_matches(key, _similar_names(key, index), n=3, cutoff=0.6)
    near = tuple(dict.fromkeys(c for key in close for c in index.find_name(key)))[:5]
    suggestions = tuple(f"{c.names[0]} ({c.id})" for c in near)
    suggestions_ja = tuple(f"{c.names[-1]}（{c.id}）" for c in near)
    hint = f" Did you mean: {'; '.join(suggestions)}?" if suggestions else ""
    hint_ja = f"もしかして：{'、'.join(suggestions_ja)}" if suggestions else ""
    return _line_issue(
        "unknown_card_line",
        where,
        cards=(text,),
        suggestions=suggestions,
        suggestions_ja=suggestions_ja,
        card=text,
        hint=hint,
        hint_ja=hint_ja,
    )


class _Builder:
    """Collects entries and issues while a decklist is read."""

    def __init__(self, index: CardIndex) -> None:
        self.index = index
        self.entries: list[DeckEntry] = []
        self.issues: list[LegalityIssue] = []
        self.counted = 0
        """Copies on the lines read so far (for a total line to be checked against)."""

    def add(self, count_text: str, card_text: str, section: str | None, where: _Where) -> None:
        card_text = card_text.strip()
        try:
            count = int(unicodedata.normalize("NFKC", count_text).strip())
        except ValueError:
            self.malformed(f"{count_text} {card_text}", where, "the count is not a whole number")
            return
        if not 1 <= count <= MAX_COUNT:
            self.issues.append(
                _line_issue(
                    "bad_count",
                    where,
                    cards=(card_text,),
                    count=count,
                    card=card_text,
                    limit=MAX_COUNT,
                )
            )
            return
        if not card_text:
            self.malformed(count_text, where, "no card after the count")
            return
        resolved: dict[str, CardRef] = self.index.memo.setdefault("resolved", {})
        card = resolved.get(card_text)
        if card is None:
            found = resolve_card(card_text, self.index, where)
            if isinstance(found, LegalityIssue) and found.code == "unknown_card":
                found = _without_note(card_text, self.index, where) or found
            if isinstance(found, LegalityIssue):
                self.issues.append(found)
                return
            card = found
            if len(resolved) < RESOLVED_CACHE_SIZE:  # card texts repeat across every list
                resolved[card_text] = card
        self.entries.append(DeckEntry(card.id, count, section, where.line))
        self.counted += count

    def malformed(self, text: str, where: _Where, reason_en: str, reason_ja: str = "") -> None:
        self.issues.append(
            _line_issue(
                "malformed_line",
                where,
                text=_shorten(text),
                reason_en=reason_en,
                reason_ja=reason_ja or _REASONS_JA.get(reason_en, reason_en),
            )
        )

    def result(self, issues: tuple[LegalityIssue, ...] = ()) -> ParsedDecklist:
        found = issues + tuple(self.issues)
        if not found and not self.entries:  # e.g. only section headers, or a bare CSV header
            found = (issue("empty_input", rule=INPUT_RULE),)
        return ParsedDecklist(Decklist(self.index.game, tuple(self.entries)), found)


def _without_note(text: str, index: CardIndex, where: _Where) -> CardRef | LegalityIssue | None:
    """The card ``text`` names once a trailing note (``（主力）``, `` - note``) is dropped, or
    the issue for that shorter name when it is ambiguous; None when dropping gives nothing."""
    for pattern in (_NOTE_IN_BRACKETS, _NOTE_AFTER_DASH):
        shorter = pattern.match(normalize_marks(text))
        if shorter is None:
            continue
        found = resolve_card(shorter[1], index, where)
        if not (isinstance(found, LegalityIssue) and found.code == "unknown_card"):
            return found
    return None


_REASONS_JA = {
    "the count is not a whole number": "枚数が整数ではありません",
    "no card after the count": "枚数の後にカードがありません",
    "no count": "枚数がありません",
    "wrong number of columns": "列の数が合いません",
}


# ---------------------------------------------------------------------------- text


def _section_header(line: str) -> tuple[str, str] | None:
    """(section, rest of the line) when ``line`` starts a section, else None."""
    normal = unicodedata.normalize("NFKC", line).strip()
    bracketed = _BRACKETED.match(normal)
    if bracketed:
        return bracketed[1].strip(), ""
    labelled = _LABELLED.match(normal)
    if labelled and (not labelled[2] or _is_known_section(labelled[1])):
        return labelled[1].strip(), labelled[2].strip()
    bare = _HEADER_COUNT.match(normal)
    if bare and _is_known_section(bare[1]):
        return bare[1].strip(), ""
    return None


def _is_known_section(label: str) -> bool:
    return normalize_name(label) in _KNOWN_SECTIONS


def _split_count(line: str) -> tuple[str, str] | None:
    """(count, card) of a card line, the count before or after the name."""
    normal = unicodedata.normalize("NFKC", line).strip()
    for pattern, count_at, card_at in (
        (_COUNT_X_FIRST, 1, 2),
        (_COUNT_FIRST, 1, 2),
        (_COUNT_LAST, 2, 1),
        (_COUNT_LAST_MAI, 2, 1),
    ):
        match = pattern.match(normal)
        if match:
            return match[count_at], match[card_at]
    return None


def _strip_comment(line: str) -> str:
    stripped = normalize_marks(line).strip()
    if stripped.startswith(("#", "//")):
        return ""
    cut = re.search(r"\s#|\s//|※", stripped)
    return stripped[: cut.start()].rstrip() if cut else stripped


@dataclass(frozen=True, slots=True)
class _Shape:
    """What one line of a text list is, whatever the card pool (cached by the line's text)."""

    stripped: str
    total: int | None = None
    split: tuple[str, str] | None = None
    header: tuple[str, str] | None = None
    header_is_sideboard: bool = False
    header_split: tuple[str, str] | None = None


@functools.lru_cache(maxsize=LINE_CACHE_SIZE)
def _classify(raw: str) -> _Shape:
    line = _strip_comment(raw)
    if not line:
        return _Shape("")
    total_line = _TOTAL.match(unicodedata.normalize("NFKC", line))
    if total_line:
        return _Shape(line, total=int(total_line[1]))
    split = _split_count(line)
    if split is not None and _is_known_section(split[1]):  # "エンチャント 8枚": a heading
        split = None
    header = _section_header(line)
    if header is None:
        return _Shape(line, split=split)
    return _Shape(
        line,
        split=split,
        header=header,
        header_is_sideboard=normalize_name(header[0]) in _SIDEBOARD_SECTIONS,
        header_split=_split_count(header[1]) if header[1] else None,
    )


def parse_text(data: str | bytes, index: CardIndex) -> ParsedDecklist:
    """Read a plain-text decklist (see the module docstring for the accepted lines)."""
    text, problem = _decode(data)
    builder = _Builder(index)
    if text is None:
        return builder.result((problem,) if problem else ())
    section: str | None = None
    sideboard: tuple[_Where, str] | None = None
    sideboard_lines = 0
    total: tuple[_Where, int] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        shape = _classify(raw)
        if shape.stripped == "":
            continue
        where = _Where(number)
        if shape.total is not None:
            total = (where, shape.total)
            continue
        split = shape.split
        if split is None or (sideboard is not None and shape.header is not None):
            if shape.header is None:
                if sideboard is None:
                    builder.malformed(shape.stripped, where, "no count")
                continue
            section, rest = shape.header
            if shape.header_is_sideboard:
                sideboard = sideboard or (where, section)
                section = None
                continue
            if not rest:
                continue
            split = shape.header_split
            if split is None:
                builder.malformed(rest, where, "no count")
                continue
        if sideboard is not None and section is None:
            sideboard_lines += 1
            continue
        builder.add(split[0], split[1], section, where)
    extra: list[LegalityIssue] = []
    if sideboard is not None:
        at, header_text = sideboard
        extra.append(
            _line_issue(
                "sideboard",
                at,
                game=_GAME_LABEL[index.game],
                header=header_text,
                lines=sideboard_lines,
            )
        )
    if total is not None and total[1] != builder.counted and not builder.issues:
        at, figure = total
        extra.append(
            issue(
                "total_mismatch",
                rule=INPUT_RULE,
                severity=Severity.WARNING,
                line=at.line,
                where=at.en,
                where_ja=at.ja,
                total=figure,
                count=builder.counted,
            )
        )
    return builder.result(tuple(extra))


def render_decklist(deck: Decklist) -> str:
    """The plain-text form of ``deck`` that ``parse_text`` reads back to the same entries."""
    lines: list[str] = []
    section: str | None = None
    for entry in deck.entries:
        if entry.section is not None and entry.section != section:
            lines.append(f"{entry.section}:")
            section = entry.section
        lines.append(f"{entry.count} {entry.card_id}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- CSV


def _pick(header: list[str], names: tuple[str, ...]) -> int | None:
    for name in names:
        if name in header:
            return header.index(name)
    return None


def _csv_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(text.splitlines())
    for row in reader:
        if not row or all(not cell.strip() for cell in row) or row[0].strip().startswith("#"):
            continue
        yield reader.line_num, row


def parse_csv(data: str | bytes, index: CardIndex) -> ParsedDecklist:
    """Read a CSV decklist with a header row (see the module docstring for the columns)."""
    text, problem = _decode(data)
    builder = _Builder(index)
    if text is None:
        return builder.result((problem,) if problem else ())
    rows = _csv_rows(text)
    try:
        _line, first = next(rows)
    except (StopIteration, csv.Error):
        return builder.result((issue("empty_input", rule=INPUT_RULE),))
    header = [unicodedata.normalize("NFKC", cell).strip().casefold() for cell in first]
    count_at = _pick(header, _COUNT_COLUMNS)
    card_at = _pick(header, _CARD_COLUMNS)
    section_at = _pick(header, ("section",))
    missing = [
        (column, column_ja)
        for column, column_ja, at in (("count", "枚数", count_at), ("card", "カード", card_at))
        if at is None
    ]
    if count_at is None or card_at is None:
        return builder.result(
            tuple(
                issue(
                    "csv_missing_column",
                    rule=INPUT_RULE,
                    line=1,
                    field=column,
                    header=_shorten(",".join(first)),
                    column=column,
                    column_ja=column_ja,
                )
                for column, column_ja in missing
            )
        )
    needed = max(count_at, card_at)
    try:
        for number, row in rows:
            if len(row) <= needed:
                builder.malformed(",".join(row), _Where(number), "wrong number of columns")
                continue
            section = None
            if section_at is not None and section_at < len(row):
                section = row[section_at].strip() or None
            builder.add(row[count_at], row[card_at], section, _Where(number))
    except csv.Error as error:
        builder.malformed(str(error), _Where(None, "csv"), "not valid CSV", "CSVとして読めません")
    return builder.result()


# ---------------------------------------------------------------------------- JSON


def _json_issue(path: str, reason_en: str, reason_ja: str) -> LegalityIssue:
    return issue(
        "bad_json",
        rule=INPUT_RULE,
        field=path,
        where=path,
        where_ja=path,
        reason_en=reason_en,
        reason_ja=reason_ja,
    )


def parse_json(data: str | bytes, index: CardIndex) -> ParsedDecklist:
    """Read ``[{"card": id-or-name, "count": n}, ...]`` or ``{"cards": [...]}``."""
    text, problem = _decode(data)
    builder = _Builder(index)
    if text is None:
        return builder.result((problem,) if problem else ())
    try:
        document: object = json.loads(text)
    except (RecursionError, ValueError) as error:
        if not isinstance(error, json.JSONDecodeError):  # nested too deep, number too long
            return builder.result(
                (_json_issue("document", f"not usable JSON ({error})", "使えないJSONです"),)
            )
        return builder.result(
            (
                _json_issue(
                    f"line {error.lineno} column {error.colno}",
                    f"not valid JSON ({error.msg})",
                    "JSONとして読めません",
                ),
            )
        )
    items = document.get("cards") if isinstance(document, dict) else document
    if not isinstance(items, list):
        return builder.result(
            (
                _json_issue(
                    "$",
                    'expected a list of cards or {"cards": [...]}',
                    'カードのリスト、または {"cards": [...]} にしてください',
                ),
            )
        )
    if not items:
        return builder.result((issue("empty_input", rule=INPUT_RULE),))
    prefix = "cards" if isinstance(document, dict) else ""
    for position, item in enumerate(items):
        _json_item(builder, item, f"{prefix}[{position}]")
    return builder.result()


def _json_item(builder: _Builder, item: object, path: str) -> None:
    if not isinstance(item, dict):
        builder.issues.append(_json_issue(path, "expected an object", "オブジェクトにしてください"))
        return
    card = next((item[k] for k in ("card", "id", "name") if k in item), None)
    count = next((item[k] for k in ("count", "quantity") if k in item), None)
    section = item.get("section")
    if not isinstance(card, str) or not card.strip():
        builder.issues.append(
            _json_issue(
                f"{path}.card",
                "expected the card id or name as a string",
                "カードIDまたはカード名を文字列で書いてください",
            )
        )
        return
    if isinstance(count, bool) or not isinstance(count, int):
        builder.issues.append(
            _json_issue(
                f"{path}.count",
                f"expected a whole number, got {count!r}",
                "枚数を整数で書いてください",
            )
        )
        return
    if section is not None and not isinstance(section, str):
        builder.issues.append(
            _json_issue(f"{path}.section", "expected a string", "文字列にしてください")
        )
        return
    builder.add(str(count), card, section, _Where(None, path))


# ---------------------------------------------------------------------------- any


def detect_format(data: str | bytes) -> Literal["text", "csv", "json"]:
    """Guess the format: JSON if it starts like JSON, CSV if the first row is a CSV header."""
    sample = (decklist_text(data[: MAX_BYTES + 2]) if isinstance(data, bytes) else data)[:4096]
    stripped = sample.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{") or re.match(r"\[\s*[{\]]", stripped):
        return "json"
    for line in stripped.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        cells = [
            unicodedata.normalize("NFKC", c).strip().strip('"').casefold() for c in line.split(",")
        ]
        if len(cells) > 1 and any(c in _COUNT_COLUMNS + _CARD_COLUMNS for c in cells):
            return "csv"
        break
    return "text"


def parse_decklist(
    data: str | bytes, index: CardIndex, *, fmt: DecklistFormat = "auto"
) -> ParsedDecklist:
    """Read a decklist in ``fmt`` (``"auto"``: see ``detect_format``) against ``index``."""
    chosen = detect_format(data) if fmt == "auto" and isinstance(data, str | bytes) else fmt
    if chosen == "json":
        return parse_json(data, index)
    if chosen == "csv":
        return parse_csv(data, index)
    return parse_text(data, index)
