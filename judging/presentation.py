"""What a judge reads on the ruling page, built from a stored ruling, answer first, so a judge
at the table reads the decision before the detail: the shared part.

A *presenter* turns one game's stored replay (``Ruling.output``, the engine's report JSON in
English and Japanese) into the plain values of ``RulingView`` for the template: the answer first
(one sentence per dispute: who is right, the deciding rule and its text), the board after each
turn or round, the step log with its citations, the ambiguity choices as question and answer. It
reads no database: the view passes the rule texts in. Each game's presenter lives in its module
under ``judging.games`` and is found by the report's ``format``; the board is the game's own
rows, shown by the game's board template.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from django.template import Template

from judging.engine.core.rules import RuleBook
from judging.report_json import RecordJson, ReportJson


@dataclass(frozen=True)
class RuleText:
    """A cited rule: its number as shown, the English text (quoted as English), and the
    passage of the Japanese basic rules beside it, if there is one."""

    key: str
    display: str
    text: str | None
    passages: tuple[str, ...]
    no_passage: bool
    ja_source: bool = True  # the game has Japanese rules passages to show beside the quote


@dataclass(frozen=True)
class Answer:
    kind: str  # right | neither | agree | question | undetermined | illegal
    sentence: str
    rule: RuleText | None
    outcomes: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step of the log: its events (text, rule numbers) and, folded, the rules it cites."""

    title: str
    lines: tuple[tuple[str, str], ...]
    rules: tuple[RuleText, ...]


@dataclass(frozen=True)
class EngineChoice:
    """A choice a card effect asked for (an input of the record), as the judge answers it on the
    page:
    the question in plain words, each legal answer as ``(value, label)`` (value: the card ids in
    order, comma-separated; label: the cards' names with arrows), the answer the replay used."""

    path: str
    question: str
    options: tuple[tuple[str, str], ...]
    chosen: str
    defaulted: bool


@dataclass(frozen=True)
class TurnLog:
    title: str
    steps: tuple[Step, ...]


class BoardRow(Protocol):
    """One row of a game's board (after a turn, after a round): its own fields are the game's
    board template's business; the PDF prints it as a heading and one line per player."""

    def printed(self) -> tuple[str, tuple[str, ...]]: ...


@dataclass(frozen=True)
class RulingView:
    players: tuple[str, str]
    answers: tuple[Answer, ...]
    result: str
    illegal: str
    log: tuple[TurnLog, ...]
    choices: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    rules: tuple[RuleText, ...] = ()
    board: Sequence[BoardRow] = ()
    #: The game's template of ``board`` (included by ``judging/_ruling.html``: a template name,
    #: or a template object for a game outside the project's template folders) and its heading.
    board_template: str | Template = ""
    board_heading: str = ""
    engine_choices: tuple[EngineChoice, ...] = ()


class Presenter(Protocol):
    """One game's ruling page, for one language."""

    def present(
        self, *, output: ReportJson, record: RecordJson, players: tuple[str, str]
    ) -> RulingView: ...


class PresenterFactory(Protocol):
    """A game's presenter class: built with the language and the cited rules' texts (the
    English quotation and, where the game has one, the Japanese passage)."""

    def __call__(
        self, *, lang: str, rule_texts: Mapping[str, str], ja_texts: Mapping[str, str]
    ) -> Presenter: ...


def cited_keys(output: ReportJson) -> list[str]:
    """Every rule key the report cites (claims, events, result), in order of first citation."""
    keys: list[str] = []
    for claim in output.get("claims", []):
        keys.extend(claim.get("rules", []))
    for event in output.get("setup", {}).get("events", []):
        keys.extend(event.get("rules", []))
    for turn in [*output.get("turns", []), *output.get("rounds", [])]:
        for event in turn.get("events", []):
            keys.extend(event.get("rules", []))
    keys.extend(output.get("result", {}).get("rules", []))
    illegal = output.get("illegal_input")
    if illegal:
        keys.append(illegal["rule"])
    return list(dict.fromkeys(str(k) for k in keys))


def json_objects[T](items: Sequence[T]) -> list[T]:
    """The items that are JSON objects: a stored report or record is not checked when read."""
    return [item for item in items if isinstance(item, dict)]


def party_of(party: str, players: tuple[str, str]) -> str:
    """A claim's party (``P0``, ``1``) as the player's name; another party as given."""
    seat = party[-1] if party in ("P0", "P1", "0", "1") else ""
    return players[int(seat)] if seat else party


class QuotedRulesPresenter:
    """The shared start of a presenter whose game cites its rules by stable key, each with the
    sentence it quotes (a core ``RuleBook``): the page's language and each cited rule, looked up
    once. A game's presenter sets ``book`` and adds ``present``."""

    book: ClassVar[RuleBook]

    def __init__(self, *, lang: str, rule_texts: Mapping[str, str],
                 ja_texts: Mapping[str, str]) -> None:  # fmt: skip
        self.lang = "ja" if lang == "ja" else "en"
        self.rule_texts = rule_texts
        self._rules: dict[str, RuleText] = {}

    def rule(self, key: str) -> RuleText:
        cached = self._rules.get(key)
        if cached is None:
            known = self.book.by_key.get(key)
            text = self.rule_texts.get(key) or (known.quote if known else None)
            cached = RuleText(key, self.shown(key), text, (), False, False)
            self._rules[key] = cached
        return cached

    def shown(self, key: str) -> str:
        """The key as the page shows it (the book's display; a key it lacks is an error)."""
        return self.book.display(key, self.lang)
