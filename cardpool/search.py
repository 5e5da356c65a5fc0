"""Name matching for card search: full-width/half-width, case and bracket style are ignored."""

from __future__ import annotations

from collections.abc import Iterable

from cardpool.legality.names import normalize_name


def search_text_for(*, code: str, names: Iterable[str]) -> str:
    """The text stored on a card and matched against normalised queries."""
    parts = [normalize_name(code)]
    parts.extend(normalize_name(name) for name in names if name)
    return "\n".join(dict.fromkeys(part for part in parts if part))
