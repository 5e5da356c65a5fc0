"""Answers to players' claims about a replayed game, the same for every game."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.profile import Choices, other_answers

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


@dataclass(frozen=True, slots=True)
class CheckpointClaim:
    """A claim about the board at the end of a numbered checkpoint (a ZTRIKE round ``R<n>``, an
    Azuki TCG turn ``T<n>``): ``path`` names the value, ``value`` is what the party says."""

    party: str
    at: int
    path: str
    value: JSON


class Checkpoint(Protocol):
    """The board a replay kept at a checkpoint: the value a claim path names (KeyError if the
    path is unknown)."""

    def value(self, path: str) -> JSON: ...


def answer_checkpoint_claims[C: Checkpoint](
    claims: Sequence[CheckpointClaim],
    *,
    label: str,
    reached: Callable[[int], C | None],
    illegal_from: int | None,
    stops_at_illegal: bool,
    unreached: str,
    alternatives: Sequence[tuple[str, str, Callable[[int], C | None]]],
    rules_at: Callable[[C], tuple[str, ...]],
) -> tuple[ClaimVerdict, ...]:
    """Each claim against the replay's checkpoint ``label + at``.

    ``reached(n)`` is the replay's checkpoint n, or None where the replay stops before it; a claim
    there is ILLEGAL_INPUT from ``illegal_from`` on (the checkpoint where the record breaks a
    rule), else UNDETERMINED. ``stops_at_illegal``: a checkpoint the replay kept from
    ``illegal_from`` on does not count either (its board is the broken one).
    ``alternatives`` are the same record replayed under each other answer to an ambiguity the run
    consulted (``(ambiguity id, answer, reached)``): a value that changes under one makes the
    verdict DEPENDS_ON it. ``rules_at`` gives the rules a verdict cites. A claim path the
    checkpoint does not know raises ``RecordError`` naming the claim.
    """
    verdicts: list[ClaimVerdict] = []
    for claim in claims:
        at = f"{label}{claim.at}"
        snap = reached(claim.at)
        illegal = illegal_from is not None and claim.at >= illegal_from
        if snap is None or (stops_at_illegal and illegal):
            verdicts.append(
                unreached_verdict(
                    party=claim.party, at=at, path=claim.path, claimed=claim.value,
                    illegal=illegal, explanation=unreached,
                )
            )  # fmt: skip
            continue
        try:
            actual = snap.value(claim.path)
        except KeyError:
            raise RecordError(f"claims.{at}", f"unknown claim path {claim.path!r}") from None
        depends: list[str] = []
        alts: list[tuple[str, str]] = []
        for key, answer, other_reached in alternatives:
            other = other_reached(claim.at)
            try:
                other_value = other.value(claim.path) if other is not None else None
            except KeyError:
                other_value = None
            if other_value != actual:
                if key not in depends:
                    depends.append(key)
                alts.append((f"{key}={answer}", json.dumps(other_value)))
        verdicts.append(
            replayed_verdict(
                party=claim.party, at=at, path=claim.path, claimed=claim.value, actual=actual,
                rules=rules_at(snap), depends_on=depends, alternatives=alts,
            )
        )  # fmt: skip
    return tuple(verdicts)


def answer_claims_by_rerun[C: Checkpoint](
    claims: Sequence[CheckpointClaim],
    *,
    checkpoints: Sequence[C],
    number: Callable[[C], int],
    choices: Choices,
    consulted: Iterable[str],
    rerun: Callable[[Choices], Sequence[C]],
    label: str,
    illegal_from: int | None,
    stops_at_illegal: bool,
    unreached: str,
    rules_at: Callable[[C], tuple[str, ...]],
) -> tuple[ClaimVerdict, ...]:
    """``answer_checkpoint_claims`` for a game whose replay keeps its ``checkpoints`` (each with
    its ``number``): the alternatives are the record replayed again (``rerun``, the checkpoints of
    that run) under each other answer to an ambiguity the run ``consulted``. No claims, no
    re-runs."""
    if not claims:
        return ()
    by_number = {number(c): c for c in checkpoints}

    def reached_in(other: Sequence[C]) -> Callable[[int], C | None]:
        return lambda n: next((c for c in other if number(c) == n), None)

    return answer_checkpoint_claims(
        claims,
        label=label,
        reached=by_number.get,
        illegal_from=illegal_from,
        stops_at_illegal=stops_at_illegal,
        unreached=unreached,
        alternatives=[
            (key, answer, reached_in(rerun(other)))
            for key, answer, other in other_answers(choices, consulted)
        ],
        rules_at=rules_at,
    )


VERDICTS: Mapping[str, tuple[str, str]] = {
    "CONSISTENT": ("consistent", "一致"),
    "CONTRADICTED": ("contradicted", "矛盾"),
    "ILLEGAL_INPUT": ("illegal input", "不正な入力"),
    "DEPENDS_ON": ("depends on a ruling", "解釈次第"),
    "UNDETERMINED": ("undetermined", "判定不能"),
}  # fmt: skip
"""A claim's verdict in words (the codes stay in the JSON)."""


def verdict_word(status: str, lang: str) -> str:
    pair = VERDICTS.get(status)
    return status if pair is None else pair[1 if lang == "ja" else 0]
