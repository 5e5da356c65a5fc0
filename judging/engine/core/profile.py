"""Ambiguity registers: the choices an engine makes where a game's rules text is ambiguous.

Each game keeps its own register (ZUTOMAYO ``ZA-xx``, ZTRIKE ``TA-xx``, Azuki ``KA-xx``) as a
tuple of ``Ambiguity``; entries an official answer has settled are ``Settled``. ``Choices`` holds
one run's choices and reads them against its register.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON


@dataclass(frozen=True, slots=True)
class Ambiguity:
    id: str
    point: str
    default: str
    alternatives: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Settled:
    """An entry of the register that the official Q&A has settled: no longer a choice.

    ``answer`` is what the engine always does; a record may still name the key, with that value.
    """

    id: str
    point: str
    answer: str
    source: str


@dataclass(frozen=True, slots=True)
class Choices:
    """One run's ambiguity choices against a register; ids not given take their default."""

    register: tuple[Ambiguity, ...]
    choices: tuple[tuple[str, str], ...] = ()

    def get(self, ambiguity_id: str) -> str:
        for key, value in self.choices:
            if key == ambiguity_id:
                return value
        for ambiguity in self.register:
            if ambiguity.id == ambiguity_id:
                return ambiguity.default
        raise KeyError(ambiguity_id)

    def with_choice(self, ambiguity_id: str, value: str) -> Choices:
        rest = tuple((k, v) for k, v in self.choices if k != ambiguity_id)
        return Choices(self.register, tuple(sorted((*rest, (ambiguity_id, value)))))

    def to_json(self) -> dict[str, JSON]:
        return {a.id: self.get(a.id) for a in self.register}

    @classmethod
    def from_json(
        cls,
        register: tuple[Ambiguity, ...],
        data: JSON,
        path: str = "profile",
        settled: Sequence[Settled] = (),
    ) -> Choices:
        """Choices read from a record's ``profile`` object; RecordError names a bad entry."""
        if data is None:
            return cls(register)
        if not isinstance(data, dict):
            raise RecordError(path, "must be an object of ambiguity choices")
        by_id = {a.id: a for a in register}
        settled_by_id = {s.id: s for s in settled}
        choices: list[tuple[str, str]] = []
        for key, value in data.items():
            answered = settled_by_id.get(key)
            if answered is not None:
                if value != answered.answer:
                    raise RecordError(
                        f"{path}.{key}", f"settled by {answered.source}: always {answered.answer}"
                    )
                continue
            ambiguity = by_id.get(key)
            if ambiguity is None:
                raise RecordError(f"{path}.{key}", f"unknown ambiguity (known: {', '.join(by_id)})")
            if value not in ambiguity.alternatives:
                raise RecordError(
                    f"{path}.{key}", f"must be one of {', '.join(ambiguity.alternatives)}"
                )
            choices.append((key, str(value)))
        return cls(register, tuple(sorted(choices)))


def other_answers(choices: Choices, consulted: Iterable[str]) -> list[tuple[str, str, Choices]]:
    """For each ambiguity a run consulted (in id order), each answer other than the run's:
    ``(ambiguity id, answer, the run's choices with that answer)`` to replay the record under."""
    found: list[tuple[str, str, Choices]] = []
    for key in sorted(consulted):
        ambiguity = next(a for a in choices.register if a.id == key)
        for answer in ambiguity.alternatives:
            if answer != choices.get(key):
                found.append((key, answer, choices.with_choice(key, answer)))
    return found
