"""Rules profiles: the choices the engine makes where the rules text is ambiguous (design 2.13).

Each ambiguity has an id (``ZA-01`` …), a default and alternatives. The engine records which
ambiguities a run *consulted* in a way that mattered, and where (``Consultation``), so that claims
can be re-run under each alternative (``DEPENDS_ON``). The mat layouts of ZA-01 are in ``chronos``.
"""

from __future__ import annotations

from dataclasses import dataclass

from judging.engine.errors import RecordError
from judging.engine.jsontypes import JSON


@dataclass(frozen=True, slots=True)
class Ambiguity:
    id: str
    point: str
    default: str
    alternatives: tuple[str, ...]


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
    Ambiguity("ZA-11", "attack reduced below 0 by effects", "FLOOR", ("FLOOR", "NEGATIVE")),
    Ambiguity(
        "ZA-14", "a player who must set a card has an empty hand", "ESCALATE", ("ESCALATE", "LOSE")
    ),
)
_BY_ID = {a.id: a for a in AMBIGUITIES}


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
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RecordError(path, "must be an object of ambiguity choices")
        choices: list[tuple[str, str]] = []
        for key, value in data.items():
            ambiguity = _BY_ID.get(key)
            if ambiguity is None:
                raise RecordError(
                    f"{path}.{key}", f"unknown ambiguity (known: {', '.join(_BY_ID)})"
                )
            if value not in ambiguity.alternatives:
                raise RecordError(
                    f"{path}.{key}", f"must be one of {', '.join(ambiguity.alternatives)}"
                )
            choices.append((key, str(value)))
        return cls(tuple(sorted(choices)))


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
