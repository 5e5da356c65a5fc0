"""The judge pages' one table of games: what each game's records are, where its cards come from
and which engine replays them. A game plugs in with one entry (Azuki TCG, later).

The judge pages dispatch on the *event's* game: a record of another game is refused with a 400
that names both formats; the cards are always the database's pool of that game (a record's own
``cards`` section may add invented cards, as the command line allows).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judging.engine import replay_record as zutomayo_replay
from judging.engine.ztrike import replay_record as ztrike_replay
from judging.engine.ztrike.record import FORMAT as ZTRIKE_FORMAT
from judging.engine.zutomayo.record import FORMAT as ZUTOMAYO_FORMAT
from judging.engine.zutomayo.record import FORMAT_V1 as ZUTOMAYO_FORMAT_V1
from judging.selectors import engine_cards, ztrike_engine_cards


@dataclass(frozen=True)
class JudgeGame:
    """One game on the judge pages."""

    slug: str  # cardpool Game slug (the event's game)
    record_format: str  # the records its engine replays
    report_format: str  # the format of its reports (the presenter's key)
    cards: Callable[[], Any]  # the database's card pool, as the engine's catalogue
    replay: Callable[[dict[str, Any], Any, str], Any]  # (record, cards, lang) -> report
    turn_entry: bool  # whether the "enter the turn by card names" page knows this game
    also_reads: tuple[str, ...] = ()  # older record formats its engine still reads

    def reads(self, record_format: str) -> bool:
        return record_format == self.record_format or record_format in self.also_reads


def _zutomayo(record: dict[str, Any], cards: Any, lang: str) -> Any:
    return zutomayo_replay(record, cards=cards, lang=lang)


def _ztrike(record: dict[str, Any], cards: Any, lang: str) -> Any:
    return ztrike_replay(record, cards=cards, lang=lang)


JUDGE_GAMES: Mapping[str, JudgeGame] = {
    "zutomayo": JudgeGame(
        "zutomayo",
        ZUTOMAYO_FORMAT,
        "zutomayo-replay/1",
        engine_cards,
        _zutomayo,
        True,
        also_reads=(ZUTOMAYO_FORMAT_V1,),
    ),
    "ztrike": JudgeGame(
        "ztrike", ZTRIKE_FORMAT, "ztrike-replay/1", ztrike_engine_cards, _ztrike, False
    ),
}


def judge_game(slug: str) -> JudgeGame | None:
    """The judge pages' entry for an event's game, or None (no judge assist for it yet)."""
    return JUDGE_GAMES.get(slug)
