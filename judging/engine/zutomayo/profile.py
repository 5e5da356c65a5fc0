"""Rules profiles: the choices the engine makes where the rules text is ambiguous.

Each ambiguity has an id (``ZA-01`` …), a default and alternatives. The engine records which
ambiguities a run *consulted* in a way that mattered, and where (``Consultation``), so that claims
can be re-run under each alternative (``DEPENDS_ON``). The mat layouts of ZA-01 are in ``chronos``.

Entries the official Q&A has answered since are in ``SETTLED``: the engine follows the answer and
no profile changes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from judging.engine.core.jsontypes import JSON
from judging.engine.core.profile import Ambiguity, Choices, Settled

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "ZA-01",
        "which Chronos marks are NIGHT (SYM9: 14-17 and 0-4; HALF9: 0-8)",
        "SYM9",
        ("SYM9", "HALF9"),
    ),
    Ambiguity(
        "ZA-04", "both players' HP reach 0 at the same moment", "ESCALATE", ("ESCALATE", "DRAW")
    ),
    Ambiguity(
        "ZA-08",
        "end-of-turn draw with too few cards: draw what is possible, then lose",
        "DRAW_THEN_LOSE",
        ("DRAW_THEN_LOSE", "LOSE_WITHOUT_DRAWING"),
    ),
    Ambiguity(
        "ZA-09",
        "a prohibited effect draw: no loss (1.3.3) or loss (8.2.1)",
        "NO_LOSS",
        ("NO_LOSS", "LOSS"),
    ),
    Ambiguity(
        "ZA-14", "a player who must set a card has an empty hand", "ESCALATE", ("ESCALATE", "LOSE")
    ),
    Ambiguity(
        "ZA-19",
        "an effect can't place the named number of cards from a deck in the abyss: the deck's "
        "owner loses at once (LOSS: ground rules 8.2.2, v1.0.1, the later document), or as many "
        "as possible are placed and the owner loses only if they can't draw at the end of the "
        "turn (NO_LOSS: official Q&A Q70 of 2026-03-11)",
        "LOSS",
        ("LOSS", "NO_LOSS"),
    ),
)
_BY_ID = {a.id: a for a in AMBIGUITIES}


SETTLED: tuple[Settled, ...] = (
    Settled(
        "ZA-03",
        "attack of a player with no character in the battle zone after turn 1",
        "0",
        "Q43",
    ),
    Settled(
        "ZA-07",
        "effect of the second area enchant set in zone B: it never takes effect",
        "NO_EFFECT",
        "Q11",
    ),
    Settled(
        "ZA-11",
        "attack reduced below 0 by effects: it is 0 at that step, and later changes start from 0",
        "FLOOR",
        "Q54",
    ),
    Settled("ZA-13", "a single set card goes in zone A", "ZONE_A", "Q4"),
)


@dataclass(frozen=True, slots=True)
class Profile:
    """The ambiguity choices of one run; unspecified ids take their default."""

    choices: tuple[tuple[str, str], ...] = ()

    def get(self, ambiguity_id: str) -> str:
        for key, value in self.choices:
            if key == ambiguity_id:
                return value
        return _BY_ID[ambiguity_id].default

    def with_choice(self, ambiguity_id: str, value: str) -> Profile:
        rest = tuple((k, v) for k, v in self.choices if k != ambiguity_id)
        return Profile(tuple(sorted((*rest, (ambiguity_id, value)))))

    def to_json(self) -> dict[str, JSON]:
        return {a.id: self.get(a.id) for a in AMBIGUITIES}

    @classmethod
    def from_json(cls, data: JSON, path: str = "profile") -> Profile:
        """The record's ``profile`` object, read by the shared core against ZUTOMAYO's
        register and settled questions (RecordError names a bad entry)."""
        return cls(Choices.from_json(AMBIGUITIES, data, path, SETTLED).choices)


def ambiguity(ambiguity_id: str) -> Ambiguity:
    return _BY_ID[ambiguity_id]


@dataclass(frozen=True, slots=True)
class Consultation:
    """One reading of an ambiguity choice during a replay: where the game was when it was read.

    ``seq`` is the event the choice decides: the next event the engine emits after reading it.
    It is None when the choice decides only a reported state (the time of day at a checkpoint,
    which a claim may ask about).
    """

    key: str
    turn: int
    step: str
    seq: int | None
