"""The legality report: every issue of a decklist, as a JSON-able dict in English or Japanese.

The Django management command and API only call ``check_decklist_text`` (or
``legality_report``) and return ``report.as_dict(language)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Literal, TypedDict

from cardpool.legality.checks_azuki import check_azuki
from cardpool.legality.checks_ztrike import check_ztrike
from cardpool.legality.checks_zutomayo import check_zutomayo
from cardpool.legality.parser import DecklistFormat, parse_decklist
from cardpool.legality.types import (
    CardIndex,
    Decklist,
    FormatRules,
    Game,
    LegalityIssue,
    Severity,
)

Language = Literal["en", "ja"]
LANGUAGES: tuple[Language, ...] = ("en", "ja")


class IssueDict(TypedDict):
    code: str
    rule: str
    message: str
    cards: list[str]
    line: int | None
    suggestions: list[str]


class CardCountDict(TypedDict):
    id: str
    count: int


class ReportDict(TypedDict):
    legal: bool
    errors: list[IssueDict]
    warnings: list[IssueDict]
    cards: list[CardCountDict]


_CHECKS: dict[
    Game,
    Callable[[Decklist, CardIndex, FormatRules | None, date | None], tuple[LegalityIssue, ...]],
] = {
    Game.ZUTOMAYO: lambda d, i, r, on: check_zutomayo(d, i, r, on=on),
    Game.AZUKI: lambda d, i, r, on: check_azuki(d, i, r, on=on),
    Game.ZTRIKE: lambda d, i, r, on: check_ztrike(d, i, r, on=on),
}


def check_decklist(
    deck: Decklist,
    index: CardIndex,
    rules: FormatRules | None = None,
    *,
    on: date | None = None,
) -> tuple[LegalityIssue, ...]:
    """Every issue of ``deck`` under its game's rules and ``rules``' ban list in force ``on``.

    ``rules=None`` means the game's rules with no format list (for Azuki: the FAQ's ban of
    Rushfire Gate). ``on=None`` uses the newest list of ``rules``.
    """
    if rules is not None and rules.game is not deck.game:
        raise ValueError(f"a {deck.game} decklist cannot be checked with {rules.game} rules")
    return _CHECKS[deck.game](deck, index, rules, on)


def is_legal(
    deck: Decklist, index: CardIndex, rules: FormatRules | None = None, *, on: date | None = None
) -> bool:
    return not any(i.severity is Severity.ERROR for i in check_decklist(deck, index, rules, on=on))


@dataclass(frozen=True, slots=True)
class LegalityReport:
    """A decklist and all its issues (input issues first, then rule issues)."""

    decklist: Decklist
    issues: tuple[LegalityIssue, ...]

    @property
    def errors(self) -> tuple[LegalityIssue, ...]:
        return tuple(i for i in self.issues if i.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[LegalityIssue, ...]:
        return tuple(i for i in self.issues if i.severity is Severity.WARNING)

    @property
    def legal(self) -> bool:
        return not self.errors

    def as_dict(self, language: Language = "en") -> ReportDict:
        """``{"legal", "errors", "warnings", "cards"}`` with messages in ``language``."""
        if language not in LANGUAGES:
            raise ValueError(f"language must be 'en' or 'ja', not {language!r}")
        return {
            "legal": self.legal,
            "errors": _issue_dicts(self.errors, language),
            "warnings": _issue_dicts(self.warnings, language),
            "cards": [{"id": k, "count": n} for k, n in self.decklist.counts().items()],
        }

    def as_dicts(self) -> dict[Language, ReportDict]:
        """The report in both languages: ``{"en": {...}, "ja": {...}}``."""
        return {language: self.as_dict(language) for language in LANGUAGES}


def _issue_dicts(items: Iterable[LegalityIssue], language: Language) -> list[IssueDict]:
    """Each issue once (the same message twice is shown once), in the order found."""
    seen: set[str] = set()
    out: list[IssueDict] = []
    for item in items:
        message = item.message(language)
        if message in seen:
            continue
        seen.add(message)
        out.append(
            {
                "code": item.code,
                "rule": item.rule,
                "message": message,
                "cards": list(item.cards),
                "line": item.line,
                "suggestions": list(item.suggestions_in(language)),
            }
        )
    return out


def legality_report(
    deck: Decklist,
    index: CardIndex,
    rules: FormatRules | None = None,
    *,
    on: date | None = None,
    input_issues: tuple[LegalityIssue, ...] = (),
) -> LegalityReport:
    """The report of an already-built decklist (``input_issues``: what the parser found)."""
    return LegalityReport(deck, input_issues + check_decklist(deck, index, rules, on=on))


def check_decklist_text(
    data: str | bytes,
    index: CardIndex,
    rules: FormatRules | None = None,
    *,
    on: date | None = None,
    fmt: DecklistFormat = "auto",
) -> LegalityReport:
    """Parse ``data`` (text, CSV or JSON) and check it: the one call the Django side needs.

    When the input cannot be read at all (empty, too long, binary) the report holds only that
    issue: checking deck size on nothing would just repeat it.
    """
    parsed = parse_decklist(data, index, fmt=fmt)
    if not parsed.decklist.entries and parsed.issues:
        return LegalityReport(parsed.decklist, parsed.issues)
    return legality_report(parsed.decklist, index, rules, on=on, input_issues=parsed.issues)
