"""The choices a record needs answered at a turn, so that a judge can say which answer a player
gave.

The judge's entry form asks exactly these: ``choices_needed(record, turn_index)`` replays the record
up to and including ``turns[turn_index]`` and lists every choice the card effects of that turn ask
for: each player's order of effects (5.2.7.3 and 6.3.3, when two or more of that player's cards
take effect at the same step and the engine runs at least one of them), path
``turns[i].choices.order[p]``; and every choice a card's effect asks (cards chosen from a zone, up
to N, at least N, a may, a card name), path ``turns[i].choices.picks[p].<card id>[n]``. Each
comes with the legal options in the documented default order, what the record answered (or the
default) and whether it was defaulted. A choice asked only because of an earlier answer appears
once that answer is in the record (the form answers them in order).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.apply import ChoicePoint, run_record
from judging.engine.zutomayo.cards import CardCatalogue
from judging.engine.zutomayo.record import GameRecord, parse_record


def choices_needed(
    record: Mapping[str, JSON] | GameRecord,
    turn_index: int,
    *,
    cards: CardCatalogue | None = None,
) -> tuple[ChoicePoint, ...]:
    """The choices of ``turns[turn_index]``; RecordError if the record has no such turn."""
    if not isinstance(record, GameRecord):
        record = parse_record(dict(record), cards)
    if not 0 <= turn_index < len(record.turns):
        raise RecordError(f"turns[{turn_index}]", "the record has no such turn")
    upto = replace(record, turns=record.turns[: turn_index + 1], claims=())
    game = run_record(upto)
    return tuple(c for c in game.choices if c.turn_index == turn_index)
