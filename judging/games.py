"""The judge pages' one table of games: what each game's records are, where its cards come from
and which engine replays them. A game plugs in with one entry.

The judge pages dispatch on the *event's* game: a record of another game is refused with a 400
that names both formats; the cards are always the database's pool of that game (a record's own
``cards`` section may add invented cards, as the command line allows).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from judging.engine import CardCatalogue
from judging.engine import replay_record as zutomayo_replay
from judging.engine.azuki import AzukiReport
from judging.engine.azuki import replay_record as azuki_replay
from judging.engine.azuki.record import FORMAT as AZUKI_FORMAT
from judging.engine.azuki.record import Card as AzukiCard
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import IllegalInput, Report
from judging.engine.ztrike import replay_record as ztrike_replay
from judging.engine.ztrike.record import FORMAT as ZTRIKE_FORMAT
from judging.engine.ztrike.record import Card as ZtrikeCard
from judging.engine.zutomayo.record import FORMAT as ZUTOMAYO_FORMAT
from judging.engine.zutomayo.record import FORMAT_V1 as ZUTOMAYO_FORMAT_V1
from judging.engine.zutomayo.record import FORMAT_V2 as ZUTOMAYO_FORMAT_V2
from judging.selectors import azuki_engine_cards, engine_cards, ztrike_engine_cards

type Record = dict[str, JSON]
"""A game record as the engines read it: a JSON object."""

type Cards = CardCatalogue | dict[str, ZtrikeCard] | dict[str, AzukiCard]
"""A game's card pool as its engine reads it (each game's ``cards`` gives its own kind)."""


@dataclass(frozen=True)
class JudgeGame:
    """One game on the judge pages."""

    slug: str  # cardpool Game slug (the event's game)
    record_format: str  # the records its engine replays
    report_format: str  # the format of its reports (the presenter's key)
    cards: Callable[[], Cards]  # the database's card pool, as the engine's catalogue
    replay: Callable[[Record, Cards, str], Report]  # (record, its cards(), lang) -> report
    turn_entry: bool  # whether the "enter the turn by card names" page knows this game
    also_reads: tuple[str, ...] = ()  # older record formats its engine still reads

    def reads(self, record_format: str) -> bool:
        return record_format == self.record_format or record_format in self.also_reads


def _zutomayo(record: Record, cards: Cards, lang: str) -> Report:
    return zutomayo_replay(record, cards=cast(CardCatalogue, cards), lang=lang)


def _ztrike(record: Record, cards: Cards, lang: str) -> Report:
    return ztrike_replay(record, cards=cast(dict[str, ZtrikeCard], cards), lang=lang)


def _card_ids(value: JSON, known: Mapping[str, object], into: dict[str, None]) -> None:
    if isinstance(value, str):
        if value in known:
            into[value] = None
    elif isinstance(value, list):
        for item in value:
            _card_ids(item, known, into)
    elif isinstance(value, dict):
        for item in value.values():
            _card_ids(item, known, into)


@dataclass(frozen=True)
class AzukiJudgeReport:
    """An Azuki report as the judge pages store it: the engine's JSON plus ``card_names`` (the
    names of the cards on the board, so the ruling page reads no card table)."""

    report: AzukiReport

    @property
    def illegal_input(self) -> IllegalInput | None:
        return self.report.illegal_input

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        out = self.report.to_json(lang)
        record = self.report.record
        ids: dict[str, None] = {}
        _card_ids(out.get("turns", []), record.cards, ids)
        for side in record.players:
            _card_ids([side.leader, side.gate], record.cards, ids)
        out["card_names"] = {cid: record.cards[cid].name for cid in ids}
        out["leaders"] = [record.cards[p.leader].name if p.leader in record.cards else p.leader
                          for p in record.players]  # fmt: skip
        return out

    def to_text(self, lang: str | None = None) -> str:
        return self.report.to_text(lang)


def _azuki(record: Record, cards: Cards, lang: str) -> Report:
    return AzukiJudgeReport(
        azuki_replay(record, cards=cast(dict[str, AzukiCard], cards), lang=lang)
    )


JUDGE_GAMES: Mapping[str, JudgeGame] = {
    "zutomayo": JudgeGame(
        "zutomayo",
        ZUTOMAYO_FORMAT,
        "zutomayo-replay/1",
        engine_cards,
        _zutomayo,
        True,
        also_reads=(ZUTOMAYO_FORMAT_V2, ZUTOMAYO_FORMAT_V1),
    ),
    "ztrike": JudgeGame(
        "ztrike", ZTRIKE_FORMAT, "ztrike-replay/1", ztrike_engine_cards, _ztrike, True
    ),
    "azuki": JudgeGame("azuki", AZUKI_FORMAT, "azuki-replay/1", azuki_engine_cards, _azuki, False),
}


def judge_game(slug: str) -> JudgeGame | None:
    """The judge pages' entry for an event's game, or None (no judge assist for it yet)."""
    return JUDGE_GAMES.get(slug)
