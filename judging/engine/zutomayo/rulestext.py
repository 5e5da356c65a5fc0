"""Parser for the ground-rules text: numbered clauses, their text and their Q&A pointers.

The English ground rules put each clause number alone on a line and the clause text on the
following lines, with an optional ``Q&A: Q13, Q91`` line. The parser keeps the text's own numbering
and records its anomalies instead of renumbering (ambiguity ZA-10), so a citation
matches the printed rules:

* a duplicated block number (two "10.2" blocks): every clause of each block gets a variant taken
  from the block's heading (``10.2.1#priority``, ``10.2.1#info``);
* gaps (no 3.9; 2.1.3 is followed by 2.1.3.4): recorded as ``Anomaly(kind="gap")``;
* heading-only clauses (5.2.8, 5.2.9 repeat the titles of 5.1.3 and 5.1.4 and have no body):
  recorded as ``anomaly="heading_only"`` with ``points_to`` naming the clause that has the content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judging.engine.core.jsontypes import JSON

_NUMBER_LINE = re.compile(r"^(\d+(?:\.\d+)+)\s*$")
_NUMBER_AND_TEXT = re.compile(r"^(\d+(?:\.\d+)+)\s+(\S.*)$")  # "5.2.1 Setting cards..." on one line
_SECTION_LINE = re.compile(r"^(\d+)\.\s+(\S.*)$")
_QA_LINE = re.compile(r"^Q&A:\s*(.+)$")
_VERSION = re.compile(r"version\s+(\d+(?:\.\d+)+)", re.IGNORECASE)

_VARIANT_SLUGS = {"priority player": "priority", "public and hidden information": "info"}


@dataclass(frozen=True, slots=True)
class Clause:
    """One numbered clause. ``key`` is unique in the document; ``number`` is printed."""

    key: str
    number: str
    variant: str
    display: str
    level: int
    parent_key: str | None
    text: str
    see_also: tuple[str, ...]
    anomaly: str | None
    points_to: str | None
    sort_order: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "key": self.key,
            "number": self.number,
            "variant": self.variant,
            "display": self.display,
            "level": self.level,
            "parent_key": self.parent_key,
            "text": self.text,
            "see_also": list(self.see_also),
            "anomaly": self.anomaly,
            "points_to": self.points_to,
            "sort_order": self.sort_order,
        }


@dataclass(frozen=True, slots=True)
class Anomaly:
    """A numbering irregularity of the text (ZA-10)."""

    kind: str  # "duplicate_number" | "gap" | "heading_only"
    key: str
    detail: str


@dataclass(frozen=True, slots=True)
class RulesDocument:
    """The parsed document: its clauses in printed order, and its numbering anomalies."""

    version: str | None
    preamble: str
    clauses: tuple[Clause, ...]
    anomalies: tuple[Anomaly, ...]

    def clause(self, key: str) -> Clause:
        """The clause with this key; KeyError if there is none."""
        for clause in self.clauses:
            if clause.key == key:
                return clause
        raise KeyError(key)

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(clause.key for clause in self.clauses)

    def to_json(self) -> dict[str, JSON]:
        """Plain data for storage (e.g. the lead's ``import_rules``)."""
        return {
            "version": self.version,
            "preamble": self.preamble,
            "clauses": [clause.to_json() for clause in self.clauses],
            "anomalies": [
                {"kind": a.kind, "key": a.key, "detail": a.detail} for a in self.anomalies
            ],
        }


@dataclass(slots=True)
class _Raw:
    number: str
    lines: list[str]
    see_also: list[str]


def _slug(heading: str) -> str:
    first = heading.strip().splitlines()[0].strip().lower() if heading.strip() else ""
    if first in _VARIANT_SLUGS:
        return _VARIANT_SLUGS[first]
    words = re.findall(r"[a-z0-9]+", first)
    return words[0] if words else "x"


def _split(text: str) -> tuple[list[str], list[_Raw]]:
    preamble: list[str] = []
    raws: list[_Raw] = []
    current: _Raw | None = None
    for raw_line in text.splitlines():
        line = raw_line.strip()
        number = _NUMBER_LINE.match(line)
        inline = None if number else _NUMBER_AND_TEXT.match(line)
        section = _SECTION_LINE.match(line)
        if number:
            current = _Raw(number.group(1), [], [])
            raws.append(current)
        elif inline and raws:
            current = _Raw(inline.group(1), [inline.group(2).strip()], [])
            raws.append(current)
        elif section and (current is not None or not raws) and _looks_like_section(line):
            current = _Raw(section.group(1), [section.group(2).strip()], [])
            raws.append(current)
        elif current is None:
            preamble.append(raw_line)
        else:
            qa = _QA_LINE.match(line)
            if qa:
                current.see_also.extend(q.strip() for q in qa.group(1).split(",") if q.strip())
            elif line:
                current.lines.append(line)
    return preamble, raws


def _looks_like_section(line: str) -> bool:
    # "1. Game overview": a short title, not a sentence that happens to start with a number.
    return len(line) < 60 and not line.endswith(".")


def parse_ground_rules(text: str) -> RulesDocument:
    """Parse the ground-rules text into clauses (frozen), keeping the printed numbers."""
    preamble, raws = _split(text)
    counts: dict[str, int] = {}
    for raw in raws:
        counts[raw.number] = counts.get(raw.number, 0) + 1
    duplicated = {number for number, count in counts.items() if count > 1}
    anomalies: list[Anomaly] = [
        Anomaly("duplicate_number", number, f"{number} is printed {counts[number]} times")
        for number in sorted(duplicated, key=_num_key)
    ]
    # Assign variants: a duplicated number whose children are also duplicated is a block.
    block_roots = {n for n in duplicated if not any(n.startswith(d + ".") for d in duplicated)}
    variant_of_block: dict[str, str] = {}
    clauses: list[Clause] = []
    for order, raw in enumerate(raws):
        number = raw.number
        variant = ""
        for root in block_roots:
            if number == root:
                variant_of_block[root] = _slug("\n".join(raw.lines))
                variant = variant_of_block[root]
            elif number.startswith(root + ".") and root in variant_of_block:
                variant = variant_of_block[root]
        key = f"{number}#{variant}" if variant else number
        parts = number.split(".")
        parent_number = ".".join(parts[:-1]) if len(parts) > 1 else None
        parent_key = None
        if parent_number is not None:
            in_block = variant and any(
                parent_number == r or parent_number.startswith(r + ".") for r in block_roots
            )
            parent_key = f"{parent_number}#{variant}" if in_block else parent_number
        body = "\n".join(raw.lines)
        display = number
        if variant:
            own = number in block_roots
            title = (
                body
                if own
                else next((c.text for c in clauses if c.key == f"{_root(number)}#{variant}"), "")
            )
            display = f"{number} ({title.splitlines()[0] if title else variant})"
        clauses.append(
            Clause(
                key=key,
                number=number,
                variant=variant,
                display=display,
                level=len(parts),
                parent_key=parent_key,
                text=body,
                see_also=tuple(raw.see_also),
                anomaly="duplicate_number" if number in duplicated else None,
                points_to=None,
                sort_order=order,
            )
        )
    clauses = _mark_heading_only(clauses, anomalies)
    anomalies.extend(_gaps(clauses))
    version = _VERSION.search("\n".join(preamble))
    return RulesDocument(
        version=version.group(1) if version else None,
        preamble="\n".join(preamble).strip(),
        clauses=tuple(clauses),
        anomalies=tuple(anomalies),
    )


def _root(number: str) -> str:
    return ".".join(number.split(".")[:2])


def _num_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split(".") if p.isdigit())


def _mark_heading_only(clauses: list[Clause], anomalies: list[Anomaly]) -> list[Clause]:
    parents = {c.parent_key for c in clauses if c.parent_key is not None}
    with_children = {c.text: c.key for c in clauses if c.key in parents and c.text}
    result: list[Clause] = []
    for clause in clauses:
        target = with_children.get(clause.text)
        if clause.level >= 3 and clause.key not in parents and target and target != clause.key:
            anomalies.append(
                Anomaly("heading_only", clause.key, f"heading without a body: see {target}")
            )
            clause = Clause(
                key=clause.key,
                number=clause.number,
                variant=clause.variant,
                display=clause.display,
                level=clause.level,
                parent_key=clause.parent_key,
                text=clause.text,
                see_also=clause.see_also,
                anomaly="heading_only",
                points_to=target,
                sort_order=clause.sort_order,
            )
        result.append(clause)
    return result


def _gaps(clauses: list[Clause]) -> list[Anomaly]:
    found: list[Anomaly] = []
    children: dict[str | None, list[Clause]] = {}
    for clause in clauses:
        children.setdefault(clause.parent_key, []).append(clause)
    for parent, kids in children.items():
        if parent is None:
            continue
        expected = 1
        seen: set[int] = set()
        for kid in kids:
            last = int(kid.number.split(".")[-1])
            if last in seen:
                continue
            seen.add(last)
            if last > expected:
                stem = kid.number.rsplit(".", 1)[0]
                missing = [f"{stem}.{n}" for n in range(expected, last)]
                found.append(
                    Anomaly("gap", missing[0], f"no {', '.join(missing)} ({kid.number} follows)")
                )
            expected = last + 1
    return found
