"""Answers to players' claims about a replayed game, the same for every game."""

from __future__ import annotations

import json
from dataclasses import dataclass

from judging.engine.core.jsontypes import JSON

#: The answers a claim can get.
STATUSES: tuple[str, ...] = (
    "CONSISTENT", "CONTRADICTED", "ILLEGAL_INPUT", "DEPENDS_ON", "UNDETERMINED",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """The answer to one claim."""

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


def replayed_verdict(
    *,
    party: str,
    at: str,
    path: str,
    claimed: JSON,
    actual: JSON,
    rules: tuple[str, ...],
    depends_on: list[str],
    alternatives: list[tuple[str, str]],
) -> ClaimVerdict:
    """The verdict on a claim answered by the replay at its own checkpoint ``at``: DEPENDS_ON when
    another legal choice of an ambiguity (``depends_on``) would change the value, else CONSISTENT
    when the replay gives the claimed value, else CONTRADICTED."""
    if depends_on:
        status = "DEPENDS_ON"
    elif actual == claimed:
        status = "CONSISTENT"
    else:
        status = "CONTRADICTED"
    return ClaimVerdict(
        party, at, path, claimed, status, actual, at, rules, tuple(depends_on),
        tuple(alternatives), f"the replay gives {json.dumps(actual)}",
    )  # fmt: skip


def unreached_verdict(
    *, party: str, at: str, path: str, claimed: JSON, illegal: bool, explanation: str
) -> ClaimVerdict:
    """The verdict on a claim about a point the replay does not reach: ILLEGAL_INPUT when the
    record broke a rule before it (``illegal``), else UNDETERMINED (the record stops earlier)."""
    status = "ILLEGAL_INPUT" if illegal else "UNDETERMINED"
    return ClaimVerdict(party, at, path, claimed, status, None, None, (), (), (), explanation)
