"""Splitting unnumbered rules documents into sections with stable keys.

The ZUTOMAYO ground rules are numbered and parsed by ``judging.engine.parse_ground_rules``.
The Japanese basic rules, the Azuki FAQ and the ZTRIKE rules have no clause numbers: each
heading starts a section keyed ``<prefix>.<heading-slug>`` and each paragraph under it
``<prefix>.<heading-slug>#p<n>``. Keys depend on the headings' words, not on line positions,
so re-importing the same text gives the same keys.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_TERMINAL = ("。", ".", "?", "？", "!", "！", ":", "：", "、", ",")
_BULLET = re.compile(r"^\s*(?:[•・\-*]|\d+[.)])\s+")
_SLUG_DROP = re.compile(r"[^\w]+", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    heading: str
    text: str
    level: int
    parent_key: str | None
    sort_order: int


def slugify(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _SLUG_DROP.sub("-", folded).strip("-")[:60] or "section"


def _is_heading(line: str) -> bool:
    stripped = line.strip().strip("「」")
    if not stripped or len(stripped) > 60 or _BULLET.match(line):
        return False
    return not stripped.endswith(_TERMINAL)


def split_sections(text: str, *, prefix: str) -> list[Section]:
    """Sections (headings) and their paragraphs, in document order, with unique keys."""
    sections: list[Section] = []
    used: set[str] = set()
    order = 0
    current_key = prefix
    paragraph = 0

    def unique(key: str) -> str:
        candidate, n = key, 2
        while candidate in used:
            candidate = f"{key}-{n}"
            n += 1
        used.add(candidate)
        return candidate

    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.strip().replace("\u00a0", " ").strip()
        if not line:
            continue
        order += 1
        if _is_heading(line):
            current_key = unique(f"{prefix}.{slugify(line)}")
            paragraph = 0
            sections.append(Section(current_key, line, line, 1, None, order))
            continue
        paragraph += 1
        key = unique(f"{current_key}#p{paragraph}")
        parent = current_key if current_key != prefix else None
        sections.append(Section(key, "", line, 2, parent, order))
    return sections
