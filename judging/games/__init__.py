"""The judge pages' games: one module per game (``judging.games.<slug>``) registers what the
Django side needs of it, and every page finds the game here, by the event's game or by a stored
report's format, so no page, service or template asks which game it is.

A game's engine is its plug-in in ``judging.engine.registry`` (record formats, replay, rules);
a ``JudgeGame`` adds the Django side: the presenter of its ruling page and that page's board
template, the claim form, the entry page (by card name), the card loader (the database's cards
as the engine reads them), and the rules documents ``rules_import`` knows. ``judging.apps``
imports the module of every plug-in the engine registry lists, and each module calls
``register``; a test's invented game calls ``register`` and ``unregister`` itself. See
``README.md`` beside this file: adding a game, Django side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, NotRequired, Protocol, TypedDict

from django_stubs_ext import StrOrPromise

from judging.engine.core.plugin import GamePlugin
from judging.engine.core.report import Report
from judging.engine.registry import plugin

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.http import HttpRequest, HttpResponse

    from judging.forms import PlayerClaimForm
    from judging.models import JudgeCase
    from judging.presentation import PresenterFactory


class ClauseRow(TypedDict):
    """A rules clause's fields as ``rules_import`` stores them (``RuleClause``)."""

    key: str
    number: str
    display: str
    level: int
    parent_key: str
    heading: str
    text: str
    see_also: list[str]
    anomaly: str
    sort_order: int
    quote_sha256: NotRequired[str]


class StableRule(Protocol):
    """A rule an engine cites by a stable key, with the sentence it quotes (ZTRIKE's, Azuki's):
    imported beside the paragraph it is quoted from."""

    @property
    def key(self) -> str: ...
    @property
    def quote(self) -> str: ...
    @property
    def display_en(self) -> str: ...
    @property
    def heading(self) -> str: ...
    @property
    def sha256(self) -> str: ...


@dataclass(frozen=True)
class RulesSource:
    """A rules document of the game that ``rules_import`` reads (``import_rules``, ``load_demo``):
    its slug, language and title, the file in the shared ``rules/`` folder and its version, the
    prefix of its section keys, and the engine's stable rules quoted from it."""

    slug: str
    language: str
    title: str
    file: str
    version: str
    key_prefix: str = ""
    stable_rules: Callable[[], Sequence[StableRule]] = tuple
    #: A reader of the document's own numbering (its preamble, clauses and anomalies), where the
    #: game has one; otherwise the text is split into sections by headings.
    read: Callable[[str], tuple[str, list[ClauseRow], list[dict[str, str]]]] | None = None


@dataclass(frozen=True)
class EntryPage:
    """The page that enters the disputed part of a game by card name (``/cases/<id>/turn/``):
    the case page's button and the view."""

    label: StrOrPromise
    view: Callable[[HttpRequest, JudgeCase, User], HttpResponse]


def _as_stored(report: Report) -> Report:
    return report


@dataclass(frozen=True)
class JudgeGame:
    """One game on the judge pages."""

    slug: str  # the cardpool Game slug (the event's game) and the engine plug-in's
    presenter: PresenterFactory
    claim_form: type[PlayerClaimForm]
    cards: Callable[[], object]  # the database's cards, as the engine's catalogue
    entry: EntryPage | None = None
    #: The report as the pages store it (``to_json``), from the engine's report: a game may add
    #: what its ruling page reads (Azuki: the card names on the board).
    stored_report: Callable[[Report], Report] = _as_stored
    #: The rules documents this game's rules are imported from; the first one is the default.
    documents: tuple[RulesSource, ...] = ()
    #: The documents the ruling page quotes: the English text's slug and the Japanese passages'
    #: (empty: the engine's own quotes are shown), and which Japanese passages a key has.
    quoted: tuple[str, str] = ("", "")
    ja_passages: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def engine(self) -> GamePlugin:
        """The game's engine plug-in (the registry's)."""
        found = plugin(self.slug)
        if found is None:
            raise LookupError(f"no engine plug-in for {self.slug!r}")
        return found

    def japanese_keys(self, keys: Sequence[str]) -> list[str]:
        """The Japanese passages to fetch for these cited keys."""
        return [p for key in keys for p in self.ja_passages.get(key, ())]


_GAMES: dict[str, JudgeGame] = {}


def register(game: JudgeGame) -> None:
    """Add a game to the judge pages (its module does, when ``judging.apps`` imports it)."""
    if game.slug in _GAMES:
        raise ValueError(f"the judge pages already have a game {game.slug!r}")
    _GAMES[game.slug] = game


def unregister(slug: str) -> None:
    """Remove a game (a test's invented game, after the test); no-op if it is not there."""
    _GAMES.pop(slug, None)


def judge_game(slug: str) -> JudgeGame | None:
    """The judge pages' game of an event's game, or None (no judge assist for it yet)."""
    return _GAMES.get(slug)


def judge_games() -> tuple[JudgeGame, ...]:
    """Every game on the judge pages, in the order they registered."""
    return tuple(_GAMES.values())


def judge_game_for_report(fmt: str) -> JudgeGame | None:
    """The game whose engine writes reports in ``fmt`` (a stored ruling's), or None."""
    return next((g for g in _GAMES.values() if g.engine.report_format == fmt), None)
