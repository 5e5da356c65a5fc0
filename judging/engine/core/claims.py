"""Answers to players' claims about a replayed game (design 4.6), the same for every game."""

from __future__ import annotations

from dataclasses import dataclass

from judging.engine.core.jsontypes import JSON

#: The answers a claim can get.
STATUSES: tuple[str, ...] = (
    "CONSISTENT", "CONTRADICTED", "ILLEGAL_INPUT", "DEPENDS_ON", "UNDETERMINED",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """The answer to one claim (design 4.6)."""

    party: str
    at: str
    path: str
    claimed: JSON
    status: str  # CONSISTENT | CONTRADICTED | ILLEGAL_INPUT | DEPENDS_ON | UNDETERMINED
    actual: JSON
    step: str | None
    rules: tuple[str, ...]
    depends_on: tuple[str, ...]
    alternatives: tuple[tuple[str, str], ...]
    explanation: str
    op: str = "=="

    def to_json(self) -> dict[str, JSON]:
        return {
            "party": self.party,
            "op": self.op,
            "at": self.at,
            "path": self.path,
            "claimed": self.claimed,
            "status": self.status,
            "actual": self.actual,
            "step": self.step,
            "rules": list(self.rules),
            "depends_on": list(self.depends_on),
            "alternatives": dict(self.alternatives),
            "explanation": self.explanation,
        }
