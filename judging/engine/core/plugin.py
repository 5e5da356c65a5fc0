"""The contract between a game's rules engine and everything that uses it.

A game is one package under ``judging.engine`` whose ``plugin`` module exports ``PLUGIN``, an object
that satisfies ``GamePlugin``. The command line, the judge pages, the tournaments' tiebreaks, the
benchmarks and the property tests reach a game only through this object (``judging.engine.registry``
finds it by slug or by record format), so a new game needs no ``if game == …`` anywhere else.

Vocabulary:

record format
    The ``format`` string of a game record (``zutomayo-game/3``); a plug-in writes its current one
    and may still read older ones (``also_reads``).
report format
    The ``format`` of the JSON a replay hands back (``zutomayo-replay/1``): what a ruling page
    renders and what a stored ruling keeps.
claim kind
    What a player's claim is about (the last part of its state path: ``hp``, ``victory_points``,
    ``leader_health``), mapped to the step of the game at which its value is decided, in the
    game's own citation scheme (a clause number or a stable rule key).
tiebreak
    How a game is decided when a tournament round's time runs out with no winner (Azuki TCG's
    overtime); most games have none.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Protocol, runtime_checkable

from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import Report
from judging.engine.core.rules import Rule, RuleBook


@dataclass(frozen=True, slots=True)
class TiebreakDecision:
    """Who wins when the round's time runs out: ``winner`` is 0 or 1, or None when the judge must
    decide; ``decided_by`` names the count that decided (or ``escalate``); ``rules`` the citation
    keys; ``ambiguities`` the ambiguity ids consulted. ``explain`` says why in English (players as
    "player 1"/"player 2"), ``explain_ja`` in Japanese (「プレイヤー1」「プレイヤー2」)."""

    winner: int | None
    decided_by: str
    rules: tuple[str, ...]
    ambiguities: tuple[str, ...]
    explain: str
    explain_ja: str

    def to_json(self) -> dict[str, JSON]:
        return {
            "winner": self.winner,
            "decided_by": self.decided_by,
            "rules": list(self.rules),
            "ambiguities": list(self.ambiguities),
            "explain": self.explain,
            "explain_ja": self.explain_ja,
        }


class Tiebreak(Protocol):
    """A game's tiebreak decider: the counts it compares (``fields``, in the order compared) and
    ``decide``, which reads ``{"players": [{field: count, …}, {…}], …}`` and raises
    ``RecordError`` naming the path of a bad value (``players[0].deck``)."""

    @property
    def fields(self) -> tuple[str, ...]: ...

    def decide(self, data: JSON) -> TiebreakDecision: ...


@runtime_checkable
class GamePlugin(Protocol):
    """One game's rules engine, as the rest of the project sees it.

    ``cards_from_list`` turns rows in the game's ``cards.json`` shape (or the database's rows of
    that shape) into the game's card catalogue; ``replay`` takes that catalogue back (None: the
    record's own ``cards`` only). ``replay`` and ``replay_text`` raise ``RecordError`` naming the
    field when the input cannot be read; a record that breaks a rule is a report whose
    ``illegal_input`` is set, never an exception.
    """

    @property
    def slug(self) -> str:
        """The cardpool Game slug (the event's game): ``zutomayo``, ``ztrike``, ``azuki``."""
        ...

    @property
    def title(self) -> str:
        """The game's name as printed."""
        ...

    @property
    def engine_version(self) -> str:
        """The version of this game's engine, stored with each ruling it gives."""
        ...

    @property
    def record_format(self) -> str:
        """The record format the game writes (and reads)."""
        ...

    @property
    def also_reads(self) -> tuple[str, ...]:
        """Older record formats still read."""
        ...

    @property
    def report_format(self) -> str:
        """The ``format`` of the report's JSON (``zutomayo-replay/1``)."""
        ...

    @property
    def claim_kinds(self) -> Mapping[str, str]:
        """Claim kind → the step at which its value is decided (a citable rule key)."""
        ...

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The quoted rules the engine cites (key, display in both languages, quote and its
        hash), which the rules import stores; empty for a game with numbered clauses."""
        ...

    @property
    def tiebreak(self) -> Tiebreak | None:
        """The decider when a round's time runs out, or None (the game has none)."""
        ...

    def reads(self, fmt: str) -> bool:
        """Whether a record in ``fmt`` is this game's (current or older format)."""
        ...

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> object:
        """The game's card catalogue as its replay reads it."""
        ...

    def parse(self, record: JSON, *, cards: object | None = None) -> object:
        """The record read and checked field by field (its format among those ``reads``
        accepts; card ids in ``cards`` or the record's own), without replaying it: a
        ``RecordError`` names the first bad field."""
        ...

    def replay(self, record: JSON, *, cards: object | None, lang: str) -> Report:
        """Replay a record (parsed JSON) against a catalogue from ``cards_from_list``."""
        ...

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> Report:
        """The command line's entry: the record's text and an optional card list's text."""
        ...

    def schema_text(self) -> str:
        """The JSON Schema of the current record format."""
        ...

    def rule_display(self, key: str, lang: str) -> str:
        """How a judge reads a citation key ("5.2.4.1", "Azuki FAQ › Winning › …")."""
        ...

    def rule_text(self, key: str, lang: str) -> str | None:
        """The quoted text of a rule the engine carries, or None (the text comes from the
        imported rules document instead)."""
        ...

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        """A random legal record for property tests and benchmarks: over ``cards`` (from
        ``cards_from_list``; the record is then replayed against them), or self-contained over
        the game's sample pool (its cards included)."""
        ...


def own_cards[T](cards: object | None, kind: type[T]) -> T | None:
    """``cards`` as the game's catalogue type (``kind``), or None: a plug-in takes back only what
    its ``cards_from_list`` made (TypeError otherwise); the contract types it as ``object``."""
    if cards is not None and not isinstance(cards, kind):
        raise TypeError(f"cards must come from cards_from_list, not {type(cards).__name__}")
    return cards


def package_text(package: str, name: str) -> str:
    """A UTF-8 file shipped in a game's package (its record schema, its sample pool)."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


class PluginBase:
    """What most games' plug-ins do alike: a record format and the older ones read, a game's own
    sample card pool (``sample_cards.json`` in its package, for ``random_game``) and, for a game
    whose rules are quoted (``book``), the way a judge reads and quotes them."""

    record_format: str
    also_reads: tuple[str, ...] = ()
    engine_version = "1.0.0"
    book: RuleBook = RuleBook(())
    package: str

    def reads(self, fmt: str) -> bool:
        return fmt == self.record_format or fmt in self.also_reads

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self.book.rules

    def rule_display(self, key: str, lang: str) -> str:
        return self.book.display(key, lang)

    def rule_text(self, key: str, lang: str) -> str | None:
        return self.book.text(key, lang)

    def sample_rows(self) -> list[JSON]:
        """The package's invented sample pool (rows in the ``cards.json`` shape)."""
        text = package_text(self.package, "sample_cards.json")
        rows: list[JSON] = json.loads(text)
        return rows
