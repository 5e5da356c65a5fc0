"""URL converters: ids are whole numbers that fit the database's 64-bit keys."""

from __future__ import annotations


class IdConverter:
    """Like ``<int:…>``, but an id too large for a 64-bit key is no match (a 404), not a crash."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
